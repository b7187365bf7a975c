// The compensation tab of a daily cash report (spec §3 Cash-register report, §4 Cash report, §5, §8): every
// figure of the day beside the system register's and the fiscal printer's value, the note and coin count, the
// invoices and the authorised expenses; saved as a draft, confirmed partially by one person (which freezes the
// figures until the confirmation is withdrawn), closed as confirmed by another, corrected after closing only by those
// who may edit reports. A refusal keeps everything typed, and the server stays as it was.
import { type CashReport, cashReportBodySchema } from '@bottega/contracts/cash-register';
import { Alert, Badge, Button, Grid, Group, Paper, Stack, Text, Textarea } from '@mantine/core';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import {
  IconAlertTriangle,
  IconArrowBackUp,
  IconCheck,
  IconDeviceFloppy,
  IconExternalLink,
  IconInfoCircle,
  IconLock,
  IconPencil,
  IconUserCheck,
  IconX,
} from '@tabler/icons-react';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ApiError } from '../../../lib/api-client';
import { firstFieldErrors, validateWith } from '../../../lib/form-validation';
import { formatDateTime } from '../../../lib/format-date';
import { ConfirmModal } from '../../../ui/confirm-modal';
import { keepToastsAbove } from '../../../ui/toast-clearance';
import { UnsavedChangesGuard } from '../../../ui/unsaved-changes-guard';
import { useAuthUser } from '../../auth/auth.api';
import { ExpensesCard } from '../../expenses/components/expenses-card';
import { InvoicesCard } from '../../invoices/components/invoices-card';
import { FiscalCloseActions } from '../../sales/components/fiscal-close-actions';
import { ltr } from '../cash-day';
import { type CashReportActionInput, useCashReport, useCashReportAction } from '../cash-register.api';
import {
  bodyOf,
  type CashReportFormValues,
  closeBlockers,
  type FormBase,
  formErrorsOf,
  formValuesOf,
  liveCheck,
  reconcile,
  sameReport,
  unreadableFields,
} from '../cash-report-form';
import { CashCountCard } from './cash-count-card';
import { CashFiguresCard } from './cash-figures-card';
import { CashRefusalAlert, weeklyCashPath } from './cash-refusal-alert';
import { CorrectionModal } from './correction-modal';

type Action = 'save' | 'confirm' | 'close' | 'withdraw' | 'correct';

export function CompensationTab({ report }: { report: CashReport }) {
  const { t } = useTranslation(['cash-register', 'validation']);
  const user = useAuthUser().data;
  const can = new Set(user?.can ?? []);
  const latest = useCashReport(report.id);
  const action = useCashReportAction(report.id);

  const form = useForm<CashReportFormValues>({
    initialValues: formValuesOf(report),
    validate: (values) => {
      const errors = validateWith(cashReportBodySchema, bodyOf(values, 0), t);
      for (const path of unreadableFields(values)) errors[path] = t('validation:invalid');
      return errors;
    },
  });
  const [base, setBase] = useState<FormBase>(() => ({ version: report.version, values: formValuesOf(report) }));
  const [correcting, setCorrecting] = useState(false);
  const [asking, setAsking] = useState<Exclude<Action, 'save'> | null>(null);
  const [refusal, setRefusal] = useState<unknown>(null);
  const [acceptDifference, setAcceptDifference] = useState('');
  const alertRef = useRef<HTMLDivElement>(null);

  const dirty = !sameReport(form.values, base.values);
  const editable = correcting ? report.can.correct : report.can.edit;

  const resetTo = (next: CashReport) => {
    const values = formValuesOf(next);
    form.setValues(values);
    form.clearErrors();
    setBase({ version: next.version, values });
  };

  // A newer report from the server replaces the form only when nothing typed would be lost, and becomes the base
  // of what is typed when its figures are not somebody else's (reconcile); otherwise the next save is refused as
  // stale and offers the reload.
  // biome-ignore lint/correctness/useExhaustiveDependencies: only a new version of the report matters here
  useEffect(() => {
    const next = reconcile(base, form.values, report);
    if (next.kind === 'reset') resetTo(report);
    else if (next.kind === 'adopt') setBase({ version: report.version, values: next.values });
  }, [report.version]);

  useEffect(() => {
    if (refusal) alertRef.current?.scrollIntoView({ block: 'nearest', behavior: 'smooth' });
  }, [refusal]);

  const { values, check } = liveCheck(form.values, report);
  const expectedCount =
    values.dailyCashCents !== null && values.cashFundCents !== null
      ? values.dailyCashCents + values.cashFundCents
      : null;
  const canAcceptDifference =
    can.has('shops.analytics.editReports') &&
    report.fiscal !== null &&
    check.fiscalMismatches.length > 0 &&
    (report.can.confirm || report.can.close) &&
    !correcting;
  // The second person closes the figures as confirmed: not while a difference remains (the server refuses it too).
  const blockers = report.can.close ? closeBlockers(check, { mayAcceptFiscal: canAcceptDifference }) : 0;

  /** Checks the inputs as the server would; nothing is sent, or asked, while one is unreadable. */
  const inputsValid = () => !form.validate().hasErrors;

  /** Sends the form; `version` overrides the base's when the person chose to save over a newer report. */
  const send = (kind: Action, options: { reason?: string; version?: number } = {}) => {
    setRefusal(null);
    const version = options.version ?? base.version;
    const body = bodyOf(form.values, version);
    const accept =
      canAcceptDifference && acceptDifference.trim() ? { acceptFiscalDifference: acceptDifference.trim() } : {};
    const input: CashReportActionInput =
      kind === 'correct'
        ? { action: kind, body: { ...body, reason: options.reason ?? '' } }
        : kind === 'save'
          ? { action: kind, body }
          : kind === 'confirm'
            ? { action: kind, body: { ...body, ...accept } }
            : kind === 'close'
              ? { action: kind, body: { version, ...accept } }
              : { action: kind, body: { version } };
    action.mutate(input, {
      onSuccess: (saved) => {
        resetTo(saved);
        setAsking(null);
        setCorrecting(false);
        setAcceptDifference('');
        notifications.show({ color: 'green', message: t(`done.${kind}`) });
      },
      onError: (error) => {
        setAsking(null);
        setRefusal(error);
        if (!(error instanceof ApiError)) return;
        const errors = formErrorsOf(firstFieldErrors(error.fieldErrors));
        if (error.code === 'cashReportIncomplete') {
          for (const field of check.missing) errors[`values.${field}`] ??= t('validation:required');
        }
        form.setErrors(errors);
      },
    });
  };

  const pendingAction = action.isPending ? action.variables?.action : undefined;
  const mismatches = check.systemMismatches.length + check.fiscalMismatches.length;

  return (
    <Stack gap="md" pt="md">
      <UnsavedChangesGuard dirty={dirty && editable} message={t('cash-register:unsaved.message')} />
      <Notices report={report} correcting={correcting} userId={user?.id ?? null} can={can} />
      <Grid gap="md">
        <Grid.Col span={{ base: 12, xl: 8 }}>
          <CashFiguresCard report={report} form={form} values={values} check={check} readOnly={!editable} />
        </Grid.Col>
        <Grid.Col span={{ base: 12, xl: 4 }}>
          <CashCountCard
            form={form}
            totalCents={check.cashCountTotalCents}
            expectedCents={expectedCount}
            matches={check.cashCountMatches}
            readOnly={!editable}
          />
        </Grid.Col>
      </Grid>
      <Textarea
        label={t('fields.comments')}
        autosize
        minRows={2}
        maxLength={2000}
        readOnly={!editable}
        variant={editable ? 'default' : 'filled'}
        {...form.getInputProps('comments')}
        data-testid="cash-field-comments"
      />
      <InvoicesCard report={report} />
      <ExpensesCard report={report} />
      {canAcceptDifference && (
        <Textarea
          label={t('acceptDifference.label')}
          description={t('acceptDifference.description')}
          autosize
          minRows={2}
          maxLength={500}
          value={acceptDifference}
          onChange={(event) => setAcceptDifference(event.currentTarget.value)}
          error={refusal instanceof ApiError ? refusal.fieldErrors.acceptFiscalDifference?.[0] : undefined}
          data-testid="cash-accept-fiscal-difference"
        />
      )}
      {(editable ||
        report.can.confirm ||
        report.can.close ||
        report.can.withdraw ||
        report.can.correct ||
        refusal !== null) && (
        <Paper
          withBorder
          shadow="sm"
          p="sm"
          style={{ position: 'sticky', bottom: 'var(--app-shell-footer-offset, 0px)', zIndex: 3 }}
          ref={keepToastsAbove}
        >
          {refusal !== null && (
            <CashRefusalAlert
              ref={alertRef}
              error={refusal}
              report={latest.data ?? report}
              canOpenSalesFeed={can.has('shops.manage.view')}
              canFillWeekly={can.has('shops.cashRegister.weekly')}
              onClose={() => setRefusal(null)}
              onReload={async () => {
                const fresh = await latest.refetch();
                if (fresh.data) resetTo(fresh.data);
                setRefusal(null);
              }}
              onKeepMine={async () => {
                const fresh = await latest.refetch();
                send('save', { version: fresh.data?.version ?? report.version });
              }}
            />
          )}
          <Group justify="space-between" gap="sm">
            <Group gap="xs" data-testid="cash-summary">
              {check.missing.length > 0 && (
                <Badge color="gray" variant="light" tt="none">
                  {t('summary.missing', { count: check.missing.length })}
                </Badge>
              )}
              {mismatches > 0 && (
                <Badge color="red" variant="light" tt="none">
                  {t('summary.mismatches', { count: mismatches })}
                </Badge>
              )}
              {expectedCount !== null && !check.cashCountMatches && (
                <Badge color="red" variant="light" tt="none">
                  {t('summary.countDiffers')}
                </Badge>
              )}
              {check.missing.length === 0 && mismatches === 0 && check.cashCountMatches && (
                <Badge color="teal" variant="light" tt="none" leftSection={<IconCheck size={12} />}>
                  {t('summary.allMatch')}
                </Badge>
              )}
              {dirty && editable && (
                <Text size="xs" c="dimmed">
                  {t('summary.unsaved')}
                </Text>
              )}
            </Group>
            <Group gap="xs">
              {correcting ? (
                <>
                  <Button
                    variant="default"
                    leftSection={<IconX size={16} />}
                    onClick={() => {
                      resetTo(report);
                      setCorrecting(false);
                      setRefusal(null);
                    }}
                  >
                    {t('actions.cancelCorrection')}
                  </Button>
                  <Button
                    color="orange"
                    leftSection={<IconDeviceFloppy size={16} />}
                    disabled={!dirty}
                    onClick={() => inputsValid() && setAsking('correct')}
                    data-testid="cash-correct-save"
                  >
                    {t('actions.saveCorrection')}
                  </Button>
                </>
              ) : (
                <>
                  {report.can.edit && (
                    <Button
                      variant="default"
                      leftSection={<IconDeviceFloppy size={16} />}
                      loading={pendingAction === 'save'}
                      disabled={action.isPending && pendingAction !== 'save'}
                      onClick={() => inputsValid() && send('save')}
                      data-testid="cash-save"
                    >
                      {t('actions.save')}
                    </Button>
                  )}
                  {report.can.confirm && (
                    <Button
                      leftSection={<IconUserCheck size={16} />}
                      disabled={action.isPending}
                      onClick={() => inputsValid() && setAsking('confirm')}
                      data-testid="cash-confirm"
                    >
                      {t('actions.confirm')}
                    </Button>
                  )}
                  {report.can.withdraw && (
                    <Button
                      variant="default"
                      leftSection={<IconArrowBackUp size={16} />}
                      disabled={action.isPending}
                      onClick={() => setAsking('withdraw')}
                      data-testid="cash-withdraw"
                    >
                      {t('actions.withdraw')}
                    </Button>
                  )}
                  {report.can.close && blockers > 0 && (
                    <Text size="sm" c="red.8" fw={500} data-testid="cash-close-blocked">
                      {t('summary.closeBlocked', { count: blockers })}
                    </Text>
                  )}
                  {report.can.close && (
                    <Button
                      color="green"
                      leftSection={<IconLock size={16} />}
                      disabled={action.isPending || blockers > 0}
                      onClick={() => setAsking('close')}
                      data-testid="cash-close"
                    >
                      {t('actions.close')}
                    </Button>
                  )}
                  {report.can.correct && (
                    <Button
                      variant="default"
                      color="orange"
                      leftSection={<IconPencil size={16} />}
                      onClick={() => {
                        setRefusal(null);
                        setCorrecting(true);
                      }}
                      data-testid="cash-correct"
                    >
                      {t('actions.correct')}
                    </Button>
                  )}
                </>
              )}
            </Group>
          </Group>
        </Paper>
      )}
      <ConfirmModal
        opened={asking === 'confirm'}
        title={t('confirmModal.title')}
        message={t('confirmModal.message')}
        confirmLabel={t('actions.confirm')}
        loading={pendingAction === 'confirm'}
        onConfirm={() => send('confirm')}
        onClose={() => setAsking(null)}
      />
      <ConfirmModal
        opened={asking === 'close'}
        title={t('closeModal.title')}
        message={t('closeModal.message')}
        confirmLabel={t('actions.close')}
        loading={pendingAction === 'close'}
        onConfirm={() => send('close')}
        onClose={() => setAsking(null)}
      />
      <ConfirmModal
        opened={asking === 'withdraw'}
        title={t('withdrawModal.title')}
        message={t('withdrawModal.message')}
        confirmLabel={t('actions.withdraw')}
        loading={pendingAction === 'withdraw'}
        onConfirm={() => send('withdraw')}
        onClose={() => setAsking(null)}
      />
      <CorrectionModal
        key={asking === 'correct' ? 'open' : 'closed'}
        opened={asking === 'correct'}
        loading={pendingAction === 'correct'}
        onConfirm={(reason) => send('correct', { reason })}
        onClose={() => setAsking(null)}
      />
    </Stack>
  );
}

/** What the person should know before typing: why the day is read-only, a missing close, a pending week. */
function Notices(props: { report: CashReport; correcting: boolean; userId: number | null; can: Set<string> }) {
  const { t } = useTranslation('cash-register');
  const { report, can } = props;
  const closed = report.status === 'closed';
  const notices = [];

  if (props.correcting) {
    notices.push(
      <Alert
        key="correcting"
        color="orange"
        variant="light"
        icon={<IconPencil size={18} />}
        data-testid="cash-correcting"
      >
        {t('notices.correcting')}
      </Alert>,
    );
  } else if (closed) {
    // What a closed day allows, and to whom: read-only, or a correction with its reason for the direction.
    const by = { name: report.closedBy?.name ?? '—', time: ltr(formatDateTime(report.closedAt)) };
    notices.push(
      <Alert key="closed" color="green" variant="light" icon={<IconLock size={18} />} data-testid="cash-read-only">
        {report.can.correct ? t('notices.closedCorrectable', by) : t('notices.closed', by)}
      </Alert>,
    );
  } else if (!can.has('shops.cashRegister.dailyClose')) {
    notices.push(
      <Alert key="view" color="gray" variant="light" icon={<IconInfoCircle size={18} />} data-testid="cash-read-only">
        {t('notices.viewOnly')}
      </Alert>,
    );
  } else if (report.status === 'partial' && report.partialBy?.id === props.userId) {
    notices.push(
      <Alert
        key="mine"
        color="yellow"
        variant="light"
        icon={<IconUserCheck size={18} />}
        data-testid="cash-partial-notice"
      >
        {t('notices.partialByYou')}
      </Alert>,
    );
  } else if (report.status === 'partial') {
    notices.push(
      <Alert
        key="partial"
        color="yellow"
        variant="light"
        icon={<IconUserCheck size={18} />}
        data-testid="cash-partial-notice"
      >
        {t('notices.partialByColleague', { name: report.partialBy?.name ?? '—' })}
      </Alert>,
    );
  } else if (!report.can.edit) {
    notices.push(
      <Alert
        key="readOnly"
        color="gray"
        variant="light"
        icon={<IconInfoCircle size={18} />}
        data-testid="cash-read-only"
      >
        {t('notices.readOnly')}
      </Alert>,
    );
  }

  if (!report.fiscal && !closed) {
    notices.push(
      <Alert
        key="fiscal"
        color="orange"
        variant="light"
        title={t('alert.attention')}
        icon={<IconAlertTriangle size={18} />}
        data-testid="cash-fiscal-missing"
      >
        <Text size="sm">{t('fiscalMissing.message')}</Text>
        {can.has('shops.cashRegister.dailyClose') ? (
          // Read from the printer, uploaded as its file or typed in, here: the day waits for nothing else.
          <Group mt="xs" gap="xs">
            <FiscalCloseActions shopId={report.shopId} day={report.businessDate} deviceSerials={[]} />
          </Group>
        ) : (
          <Text size="xs" c="dimmed" mt={4}>
            {t('fiscalMissing.askOffice')}
          </Text>
        )}
        {can.has('shops.manage.view') && (
          <Button
            mt="xs"
            size="xs"
            variant="subtle"
            component={Link}
            to={`/app/shops/${report.shopId}/sales-feed`}
            rightSection={<IconExternalLink size={14} />}
            data-testid="cash-fiscal-missing-feed"
          >
            {t('fiscalMissing.openFeed')}
          </Button>
        )}
      </Alert>,
    );
  }

  if (report.previousWeekPending && !closed) {
    notices.push(
      <Alert
        key="week"
        color="orange"
        variant="light"
        title={t('alert.attention')}
        icon={<IconAlertTriangle size={18} />}
        data-testid="cash-previous-week"
      >
        <Text size="sm">{t('previousWeek.message', { week: ltr(report.previousWeekPending) })}</Text>
        {can.has('shops.cashRegister.weekly') && (
          <Button
            mt="xs"
            size="xs"
            variant="default"
            component={Link}
            to={weeklyCashPath(report.previousWeekPending)}
            rightSection={<IconExternalLink size={14} />}
          >
            {t('alert.fillWeekly', { week: ltr(report.previousWeekPending) })}
          </Button>
        )}
      </Alert>,
    );
  }

  return notices.length > 0 ? <Stack gap="xs">{notices}</Stack> : null;
}
