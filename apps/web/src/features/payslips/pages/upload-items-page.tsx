// Management › payslips/upload-logs/{log}/items and tax/upload-logs/{log}/items: the review of one upload. Its
// header, the outcomes with their counts as filter (§5 payslip upload errors), and every item: the employee (or
// nobody), the codice fiscale, the pages of the file, what the split made of them and the payslip's state. Those who
// convalidate tick payslips or convalidate every one waiting, after a confirmation saying how many and that the
// employees are told; payslips held for review (a codice fiscale seen once) go only when ticked on purpose.
import {
  type PayslipItem,
  type PayslipItemOutcome,
  type PayslipKind,
  type PayslipUpload,
  payslipAbilities,
  payslipItemOutcomes,
} from '@bottega/contracts/payslips';
import {
  Alert,
  Badge,
  Button,
  Card,
  Checkbox,
  Chip,
  EmptyState,
  Group,
  Pagination,
  SimpleGrid,
  Skeleton,
  Stack,
  Switch,
  Table,
  Text,
} from '@mantine/core';
import { notifications } from '@mantine/notifications';
import {
  IconAlertTriangle,
  IconArrowBack,
  IconClipboardCheck,
  IconEye,
  IconFileSearch,
  IconMailShare,
  IconSquareCheck,
} from '@tabler/icons-react';
import { type ReactNode, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams, useSearchParams } from 'react-router';
import { errorMessage } from '../../../lib/error-message';
import { formatDateTime } from '../../../lib/format-date';
import { currentLanguage } from '../../../lib/i18n';
import { ConfirmModal } from '../../../ui/confirm-modal';
import { JobProgress } from '../../../ui/job-progress';
import { PageHeader } from '../../../ui/page-header';
import { QueryPlaceholder } from '../../../ui/query-placeholder';
import { RefreshButton } from '../../../ui/refresh-button';
import { ResponsiveTable } from '../../../ui/responsive-table';
import { RowAction } from '../../../ui/row-action';
import { StatusPage } from '../../../ui/status-page';
import { listPerPage } from '../../../ui/use-list-page';
import { useAuthUser } from '../../auth/auth.api';
import { BlacklistedBadge, OutcomeBadge, PayslipStatusBadge } from '../components/payslip-badges';
import { type PayslipPreview, PayslipPreviewModal } from '../components/payslip-preview-modal';
import { DownloadUploadAction, UploadCounts } from '../components/uploads-card';
import {
  isConvalidatable,
  pageRanges,
  payslipFileName,
  payslipPaths,
  periodLabel,
  personName,
  selectionSummary,
} from '../payslip-format';
import { useConvalidate, useNotifyPayslip, useRefreshUploads, useUpload, useUploadItems } from '../payslips.api';

function outcomeParam(value: string | null): PayslipItemOutcome | null {
  return (payslipItemOutcomes as readonly string[]).includes(value ?? '') ? (value as PayslipItemOutcome) : null;
}

function ItemsPage({ kind }: { kind: PayslipKind }) {
  const { log } = useParams();
  const uploadId = Number(log);
  if (!Number.isInteger(uploadId) || uploadId <= 0) return <StatusPage status={404} />;
  return <UploadReview key={uploadId} kind={kind} uploadId={uploadId} />;
}

export function PayslipItemsPage() {
  return <ItemsPage kind="payslip" />;
}

export function TaxCertificateItemsPage() {
  return <ItemsPage kind="taxCertificate" />;
}

/** The upload's facts: company, period, pages, who and when, the state and, while it is split, its progress. */
function UploadHeader({ kind, upload, userId }: { kind: PayslipKind; upload: PayslipUpload; userId?: number }) {
  const { t } = useTranslation('payslips');
  const lng = currentLanguage();
  const facts: [string, ReactNode][] = [
    [t('columns.company'), <bdi key="company">{upload.company.name}</bdi>],
    [t('columns.period'), periodLabel(upload, lng)],
    [t('columns.pages'), upload.pages ?? '—'],
    [
      t('columns.uploaded'),
      <span key="uploaded">
        {upload.uploadedBy && (
          <>
            <bdi>{personName(upload.uploadedBy)}</bdi>
            {' · '}
          </>
        )}
        {formatDateTime(upload.createdAt)}
      </span>,
    ],
  ];
  return (
    <Card withBorder padding="lg" mb="md" data-testid="upload-header">
      <SimpleGrid cols={{ base: 1, xs: 2, md: 4 }} spacing="sm" mb="sm">
        {facts.map(([label, value]) => (
          <div key={label}>
            <Text size="xs" c="dimmed">
              {label}
            </Text>
            <Text size="sm" fw={500}>
              {value}
            </Text>
          </div>
        ))}
      </SimpleGrid>
      <UploadCounts kind={kind} upload={upload} />
      {upload.state === 'processing' &&
        (upload.uploadedBy?.id === userId ? (
          <JobProgress
            job={upload.jobId}
            userId={userId}
            label={t('upload.splitProgress', { name: upload.fileName })}
          />
        ) : (
          <Alert color="blue" variant="light" mt="sm" data-testid="upload-processing">
            {t('items.processing')}
          </Alert>
        ))}
      {upload.state === 'failed' && (
        <Alert color="red" variant="light" mt="sm" icon={<IconAlertTriangle size={18} />} role="alert">
          {t('items.failed')} {upload.failure && t(`failures.${upload.failure}`)}
        </Alert>
      )}
    </Card>
  );
}

/** What an outcome adds: the VAT numbers printed for another company, or why pages were not uploaded. */
function OutcomeDetail({ item }: { item: PayslipItem }) {
  const { t } = useTranslation('payslips');
  if (item.outcome === 'companyNotFound' && item.vatNumbers.length > 0) {
    return (
      <Text size="xs" c="dimmed">
        {t('items.vatNumbers')}{' '}
        <span dir="ltr" style={{ fontFamily: 'var(--mantine-font-family-monospace)' }}>
          {item.vatNumbers.join(', ')}
        </span>
      </Text>
    );
  }
  if (item.outcome === 'notUploaded' && item.reason) {
    return (
      <Text size="xs" c="dimmed">
        {t(`reasons.${item.reason}`)}
      </Text>
    );
  }
  if (item.outcome === 'fiscalCodeOnce') {
    return (
      <Text size="xs" c="dimmed">
        {t('items.heldHint')}
      </Text>
    );
  }
  return null;
}

/** What the confirmation asks before convalidating: the ticked payslips, or every one waiting. */
type Asking = { mode: 'selected'; payslipIds: number[]; held: number } | { mode: 'all'; count: number; held: number };

function UploadReview({ kind, uploadId }: { kind: PayslipKind; uploadId: number }) {
  const { t } = useTranslation(['payslips', 'errors']);
  const lng = currentLanguage();
  const user = useAuthUser().data;
  const can = new Set(user?.can ?? []);
  const abilities = payslipAbilities[kind];
  const canConvalidate = can.has(abilities.convalidate);
  // Anyone's with the download ability; a payslip still to convalidate also for those who review it.
  const canPreview = (item: PayslipItem) =>
    item.payslipId !== null &&
    (can.has(abilities.download) || (item.status === 'uploaded' && (canConvalidate || can.has(abilities.logsDetail))));
  const canNotify = can.has(abilities.sendEmail);

  const upload = useUpload(kind, uploadId);
  const [params, setParams] = useSearchParams();
  const outcome = outcomeParam(params.get('outcome'));
  const pending = params.get('pending') === 'true';
  const [page, setPage] = useState(1);
  const items = useUploadItems(kind, uploadId, { page, perPage: listPerPage, outcome, pending });
  const done = upload.data?.state === 'done';
  // What "convalidate all" would convalidate, and what it would leave for ticking.
  const waiting = useUploadItems(
    kind,
    uploadId,
    { page: 1, perPage: 1, outcome: 'payslip', pending: true },
    canConvalidate && done,
  );
  const held = useUploadItems(
    kind,
    uploadId,
    { page: 1, perPage: 1, outcome: 'fiscalCodeOnce', pending: true },
    canConvalidate && done,
  );
  const waitingCount = waiting.data?.meta.total ?? 0;
  const heldCount = held.data?.meta.total ?? 0;

  const [selected, setSelected] = useState<ReadonlyMap<number, PayslipItem>>(new Map());
  const [asking, setAsking] = useState<Asking | null>(null);
  const [preview, setPreview] = useState<PayslipPreview | null>(null);
  const convalidate = useConvalidate(kind);
  const notify = useNotifyPayslip(kind);
  const refresh = useRefreshUploads(kind);

  // Once the split ends (read again while it runs), its items are there to read.
  const previousState = useRef(upload.data?.state);
  useEffect(() => {
    const state = upload.data?.state;
    if (previousState.current === 'processing' && state !== 'processing') refresh();
    previousState.current = state;
  }, [upload.data?.state, refresh]);

  const setFilter = (name: 'outcome' | 'pending', value: string | null) => {
    setParams(
      (current) => {
        if (value) current.set(name, value);
        else current.delete(name);
        return current;
      },
      { replace: true },
    );
    setPage(1);
  };

  const rows = items.data?.data ?? [];
  const total = items.data?.meta.total ?? 0;
  const pages = Math.max(1, Math.ceil(total / listPerPage));
  const outcomes = items.data?.meta.outcomes;
  const allItems = outcomes ? Object.values(outcomes).reduce((sum, count) => sum + count, 0) : 0;
  const selectable = canConvalidate ? rows.filter(isConvalidatable) : [];
  const selectedOnPage = selectable.filter((item) => selected.has(item.id)).length;
  const toggle = (item: PayslipItem, on: boolean) =>
    setSelected((current) => {
      const next = new Map(current);
      if (on) next.set(item.id, item);
      else next.delete(item.id);
      return next;
    });
  const togglePage = (on: boolean) =>
    setSelected((current) => {
      const next = new Map(current);
      for (const item of selectable) {
        if (on) next.set(item.id, item);
        else next.delete(item.id);
      }
      return next;
    });
  const selection = selectionSummary(selected.values());
  const columns = {
    fiscalCode: t('columns.fiscalCode'),
    pages: t('columns.pages'),
    outcome: t('columns.outcome'),
    status: t('columns.status'),
  };

  const confirmMessage = (): string => {
    if (!asking) return '';
    if (asking.mode === 'selected') {
      const parts = [t(`kinds.${kind}.convalidate.selectedMessage`, { count: asking.payslipIds.length })];
      if (asking.held > 0) parts.push(t('convalidate.heldSelected', { count: asking.held }));
      return parts.join(' ');
    }
    const parts = [t(`kinds.${kind}.convalidate.allMessage`, { count: asking.count })];
    if (asking.held > 0) parts.push(t('convalidate.heldLeft', { count: asking.held }));
    return parts.join(' ');
  };
  const runConvalidation = () => {
    if (!asking) return;
    const body =
      asking.mode === 'selected' ? { uploadId, payslipIds: asking.payslipIds } : { uploadId, payslipIds: undefined };
    convalidate.mutate(body, {
      onSuccess: (answer) => {
        notifications.show({
          color: 'green',
          message: t(`kinds.${kind}.convalidate.done`, { count: answer.convalidated, notified: answer.notified }),
        });
        setSelected(new Map());
        setAsking(null);
      },
    });
  };
  const resend = (item: PayslipItem) => {
    if (item.payslipId === null) return;
    const name = personName(item.employee);
    notify.mutate(item.payslipId, {
      onSuccess: (answer) =>
        notifications.show(
          answer.notified
            ? { color: 'green', message: t('notify.sent', { name }) }
            : { color: 'orange', message: t('notify.notSent', { name }) },
        ),
      onError: (error) => notifications.show({ color: 'red', message: errorMessage(error, t) }),
    });
  };
  const openPreview = (item: PayslipItem) => {
    if (item.payslipId === null || !upload.data) return;
    const employee = item.employee ?? { name: '', surname: item.fiscalCode ?? '' };
    setPreview({
      payslipId: item.payslipId,
      title: `${personName(employee)} · ${periodLabel(upload.data, lng)}`,
      fileName: payslipFileName(t(`kinds.${kind}.filePrefix`), { ...upload.data, employee }),
    });
  };

  return (
    <>
      <PageHeader
        title={t(`kinds.${kind}.items.title`)}
        description={upload.data?.fileName}
        actions={
          <>
            <Button
              variant="default"
              component={Link}
              to={payslipPaths[kind].logs}
              leftSection={<IconArrowBack size={16} />}
            >
              {t(`kinds.${kind}.items.back`)}
            </Button>
            {upload.data && <DownloadUploadAction kind={kind} upload={upload.data} />}
            <RefreshButton label={t('actions.refresh')} query={items} />
          </>
        }
      />
      {upload.data ? (
        <UploadHeader kind={kind} upload={upload.data} userId={user?.id} />
      ) : upload.isError ? (
        <Card withBorder padding={0} mb="md">
          <QueryPlaceholder query={upload} />
        </Card>
      ) : (
        <Skeleton h={120} mb="md" />
      )}
      <Card withBorder padding={0}>
        <Stack p="md" gap="sm">
          <Group justify="space-between" gap="sm" align="center">
            <Chip.Group
              value={outcome ?? 'all'}
              onChange={(value) => setFilter('outcome', value === 'all' ? null : (value as string))}
            >
              <Group gap={6} role="group" aria-label={t('items.filterLabel')} data-testid="outcome-filter">
                <Chip value="all" size="sm" wrapperProps={{ 'data-testid': 'outcome-count-all' }}>
                  {t('items.allOutcomes', { count: allItems })}
                </Chip>
                {payslipItemOutcomes
                  .filter((each) => (outcomes?.[each] ?? 0) > 0 || each === outcome)
                  .map((each) => (
                    <Chip key={each} value={each} size="sm" wrapperProps={{ 'data-testid': `outcome-count-${each}` }}>
                      {t(`outcomeCounts.${each}`, { count: outcomes?.[each] ?? 0 })}
                    </Chip>
                  ))}
              </Group>
            </Chip.Group>
            <Switch
              label={t('items.pendingOnly')}
              checked={pending}
              onChange={(event) => setFilter('pending', event.currentTarget.checked ? 'true' : null)}
              data-testid="pending-filter"
            />
          </Group>
          {canConvalidate && done && (
            <Stack gap="xs" data-testid="convalidate-bar">
              <Group gap="sm" justify="space-between">
                <Text size="sm" c="dimmed" data-testid="selected-count">
                  {t('convalidate.selected', { count: selection.payslipIds.length })}
                </Text>
                <Group gap="xs">
                  <Button
                    variant="light"
                    leftSection={<IconSquareCheck size={16} />}
                    disabled={selection.payslipIds.length === 0}
                    onClick={() => {
                      convalidate.reset();
                      setAsking({ mode: 'selected', ...selection });
                    }}
                    data-testid="convalidate-selected"
                  >
                    {t('convalidate.selectedButton')}
                  </Button>
                  <Button
                    leftSection={<IconClipboardCheck size={16} />}
                    disabled={waitingCount === 0}
                    onClick={() => {
                      convalidate.reset();
                      setAsking({ mode: 'all', count: waitingCount, held: heldCount });
                    }}
                    data-testid="convalidate-all"
                  >
                    {t('convalidate.allButton', { count: waitingCount })}
                  </Button>
                </Group>
              </Group>
              {heldCount > 0 && (
                <Alert color="orange" variant="light" icon={<IconAlertTriangle size={18} />} p="xs">
                  {t('convalidate.heldNote', { count: heldCount })}
                </Alert>
              )}
            </Stack>
          )}
        </Stack>
        {items.isError || (items.isPending && !items.data) ? (
          <QueryPlaceholder query={items} loadingTestId="items-loading" />
        ) : rows.length === 0 ? (
          <EmptyState
            py="xl"
            icon={<IconFileSearch size={32} />}
            title={outcome || pending ? t('items.noMatch') : t('items.empty')}
            description={upload.data?.state === 'processing' ? t('items.processing') : undefined}
            data-testid="items-empty"
          />
        ) : (
          <ResponsiveTable verticalSpacing="sm" highlightOnHover data-testid="items-table">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>
                  {selectable.length > 0 ? (
                    <Checkbox
                      label={t('columns.employee')}
                      checked={selectedOnPage === selectable.length}
                      indeterminate={selectedOnPage > 0 && selectedOnPage < selectable.length}
                      onChange={(event) => togglePage(event.currentTarget.checked)}
                      aria-label={t('convalidate.selectPage')}
                      data-testid="select-page"
                    />
                  ) : (
                    t('columns.employee')
                  )}
                </Table.Th>
                {Object.values(columns).map((label) => (
                  <Table.Th key={label}>{label}</Table.Th>
                ))}
                <Table.Th />
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {rows.map((item) => {
                const name = item.employee ? personName(item.employee) : '—';
                const subject = item.employee ? name : (item.fiscalCode ?? pageRanges(item.pages));
                return (
                  <Table.Tr key={item.id} data-testid={`item-${item.id}`}>
                    <Table.Td>
                      <Group gap="xs" wrap="nowrap" align="flex-start">
                        {canConvalidate && isConvalidatable(item) && (
                          <Checkbox
                            checked={selected.has(item.id)}
                            onChange={(event) => toggle(item, event.currentTarget.checked)}
                            aria-label={t('convalidate.select', { name: subject })}
                            mt={2}
                            data-testid={`select-${item.id}`}
                          />
                        )}
                        <Stack gap={2}>
                          <Text size="sm" fw={500}>
                            <bdi>{name}</bdi>
                          </Text>
                          {item.employee?.former && (
                            <Badge color="gray" variant="light" tt="none" size="sm">
                              {t('items.former')}
                            </Badge>
                          )}
                        </Stack>
                      </Group>
                    </Table.Td>
                    <Table.Td data-label={columns.fiscalCode}>
                      <Text size="sm" ff="monospace" dir="ltr" ta="start">
                        {item.fiscalCode ?? '—'}
                      </Text>
                    </Table.Td>
                    <Table.Td data-label={columns.pages}>
                      <span dir="ltr">{pageRanges(item.pages)}</span>
                    </Table.Td>
                    <Table.Td data-label={columns.outcome}>
                      <Stack gap={2} align="flex-start">
                        <OutcomeBadge outcome={item.outcome} />
                        <OutcomeDetail item={item} />
                      </Stack>
                    </Table.Td>
                    <Table.Td data-label={columns.status}>
                      {(item.status || item.blacklisted) && (
                        <Group gap={4}>
                          {item.status && <PayslipStatusBadge status={item.status} />}
                          {item.blacklisted && <BlacklistedBadge />}
                        </Group>
                      )}
                    </Table.Td>
                    <Table.Td data-actions>
                      <Group gap={4} justify="flex-end" wrap="nowrap">
                        {canPreview(item) && (
                          <RowAction
                            label={t('actions.preview')}
                            subject={subject}
                            icon={<IconEye size={18} />}
                            onClick={() => openPreview(item)}
                            testId={`preview-${item.id}`}
                          />
                        )}
                        {canNotify && item.status === 'convalidated' && (
                          <RowAction
                            label={t('actions.notifyAgain')}
                            subject={subject}
                            icon={<IconMailShare size={18} />}
                            loading={notify.isPending && notify.variables === item.payslipId}
                            onClick={() => resend(item)}
                            testId={`notify-${item.id}`}
                          />
                        )}
                      </Group>
                    </Table.Td>
                  </Table.Tr>
                );
              })}
            </Table.Tbody>
          </ResponsiveTable>
        )}
        {total > 0 && (
          <Group justify="space-between" p="md" gap="sm">
            <Text size="sm" c="dimmed" data-testid="items-total">
              {t('items.total', { count: total })}
            </Text>
            {pages > 1 && <Pagination value={page} onChange={setPage} total={pages} />}
          </Group>
        )}
      </Card>
      <ConfirmModal
        opened={asking !== null}
        title={t(`kinds.${kind}.convalidate.title`)}
        message={confirmMessage()}
        confirmLabel={t('convalidate.confirm')}
        loading={convalidate.isPending}
        error={errorMessage(convalidate.error, t)}
        onConfirm={runConvalidation}
        onClose={() => setAsking(null)}
      />
      <PayslipPreviewModal kind={kind} preview={preview} onClose={() => setPreview(null)} />
    </>
  );
}
