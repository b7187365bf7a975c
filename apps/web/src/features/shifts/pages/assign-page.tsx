// Management › employeesShift/assign: a shop's week of shifts (spec §1, §4 Weekly shifts). Filled from the templates or
// the week before, edited cell by cell (keyboard or touch), the rules' warnings beside the cells as they are typed,
// saved, then convalidated (sent to the shop) and sent to the employees; a convalidated or sent week is rectified with
// a reason by those allowed. The shop and the week live in the address (?shop=…&week=2026-W48).
import { isoWeekSchema, nextIsoWeek } from '@bottega/contracts/dates';
import {
  type ShiftCell,
  type ShiftWeek,
  type ShiftWeekAction,
  type ShiftWeekBody,
  shiftWeekTransitions,
  templateCells,
  withShopClosed,
} from '@bottega/contracts/shifts';
import {
  Alert,
  Anchor,
  Badge,
  Button,
  Card,
  EmptyState,
  Group,
  List,
  Modal,
  Select,
  Stack,
  Text,
  Textarea,
} from '@mantine/core';
import { notifications } from '@mantine/notifications';
import {
  IconAlertTriangle,
  IconCalendarRepeat,
  IconCheck,
  IconClockOff,
  IconDeviceFloppy,
  IconEdit,
  IconLockOpen,
  IconSend,
  IconTemplate,
  IconUsers,
} from '@tabler/icons-react';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { errorMessage } from '../../../lib/error-message';
import { formatDate } from '../../../lib/format-date';
import { weekTitle } from '../../../lib/format-week';
import { ConfirmModal } from '../../../ui/confirm-modal';
import { PageHeader } from '../../../ui/page-header';
import { QueryPlaceholder } from '../../../ui/query-placeholder';
import { UnsavedChangesGuard } from '../../../ui/unsaved-changes-guard';
import { useAuthUser, useSelectableShops } from '../../auth/auth.api';
import { CellEditor } from '../components/cell-editor';
import { WeekGridTable, warningText } from '../components/week-grid-table';
import { thisWeek, WeekPicker } from '../components/week-picker';
import { ShiftWeekStateBadge } from '../components/week-state-badge';
import {
  useMoveShiftWeek,
  useRectifyShiftWeek,
  useSaveShiftWeek,
  useShiftTemplates,
  useShiftWeek,
  useShiftWeekProposal,
} from '../shifts.api';
import { bodyOf, cellKey, type Grid, gridFromBody, gridOf, gridWarnings, sameBody } from '../week-grid';

export default function AssignPage() {
  const { t } = useTranslation(['shifts', 'common', 'errors']);
  const user = useAuthUser().data;
  const can = new Set(user?.can ?? []);
  const [params, setParams] = useSearchParams();
  const requestedWeek = isoWeekSchema.safeParse(params.get('week'));
  const week = requestedWeek.success ? requestedWeek.data : nextIsoWeek(thisWeek());
  const shopId = Number(params.get('shop')) || user?.shop?.id || null;
  const shops = useSelectableShops(Boolean(user));
  const shopName =
    shops.data?.find((shop) => shop.id === shopId)?.name ?? (shopId === user?.shop?.id ? user?.shop?.name : '');
  const query = useShiftWeek(shopId, week);
  const templates = useShiftTemplates(
    can.has('shifts.templates.list') || can.has('shifts.manage.assign') ? shopId : null,
  );
  const setLocation = (next: { shop?: number | null; week?: string }) =>
    setParams({ shop: String(next.shop ?? shopId ?? ''), week: next.week ?? week }, { replace: false });

  if (user && !shopId) {
    return (
      <>
        <PageHeader title={t('assign.title')} />
        <EmptyState icon={<IconUsers size={32} />} title={t('assign.noShop')} description={t('assign.noShopHint')} />
      </>
    );
  }

  return (
    <>
      <PageHeader
        title={t('assign.title')}
        description={shopName ? t('assign.description', { shop: shopName, week: weekTitle(t, week) }) : undefined}
        actions={
          <Group gap="sm">
            {(shops.data?.length ?? 0) > 1 && (
              <Select
                aria-label={t('assign.shop')}
                data={(shops.data ?? []).map((shop) => ({ value: String(shop.id), label: shop.name }))}
                value={shopId ? String(shopId) : null}
                onChange={(value) => value && setLocation({ shop: Number(value) })}
                allowDeselect={false}
                searchable
                w={220}
                data-testid="assign-shop"
              />
            )}
            <WeekPicker week={week} onChange={(next) => setLocation({ week: next })} />
          </Group>
        }
      />
      {query.isPending || query.isError || !shopId ? (
        <QueryPlaceholder query={query} loadingTestId="assign-loading" />
      ) : (
        <WeekEditor
          key={`${shopId}-${week}-${query.data.state ?? 'new'}`}
          shopId={shopId}
          week={query.data}
          templates={templates.data ?? []}
          can={can}
        />
      )}
    </>
  );
}

type Mode = 'view' | 'edit' | 'rectify';

function WeekEditor(props: {
  shopId: number;
  week: ShiftWeek;
  templates: NonNullable<ReturnType<typeof useShiftTemplates>['data']>;
  can: Set<string>;
}) {
  const { t } = useTranslation(['shifts', 'common', 'errors']);
  const { week, shopId, can } = props;
  const saved = useMemo(() => gridOf(week), [week]);
  const [grid, setGrid] = useState<Grid>(saved);
  useEffect(() => setGrid(saved), [saved]);
  const assignable = (week.state === null || week.state === 'assigned') && can.has('shifts.manage.assign');
  const rectifiable = (week.state === 'convalidated' || week.state === 'sent') && can.has('shifts.manage.rectify');
  const [rectifying, setRectifying] = useState(false);
  const mode: Mode = assignable ? 'edit' : rectifying ? 'rectify' : 'view';
  const editable = mode !== 'view';
  const [open, setOpen] = useState<{ userId: number; day: string } | null>(null);
  const [copied, setCopied] = useState<ShiftCell | null>(null);
  const [confirm, setConfirm] = useState<ShiftWeekAction | 'templates' | 'previousWeek' | null>(null);
  const [reasonOpen, setReasonOpen] = useState(false);
  const [reason, setReason] = useState('');

  const save = useSaveShiftWeek(shopId, week.week);
  const rectify = useRectifyShiftWeek(shopId, week.week);
  const move = useMoveShiftWeek(shopId, week.week);
  const proposal = useShiftWeekProposal(shopId, week.week);

  const body = bodyOf(grid, week.days);
  const dirty = !sameBody(body, bodyOf(saved, week.days));
  const templateMinutes = new Map(props.templates.map((template) => [template.id, template.weeklyMinutes]));
  const warnings = dirty
    ? gridWarnings({
        week: week.week,
        shopId,
        days: week.days,
        grid,
        templateMinutes,
        openingHours: week.openingHours,
      })
    : week.warnings;
  const names = new Map(grid.members.map((member) => [member.userId, member.name]));
  const openMember = open ? grid.members.find((member) => member.userId === open.userId) : undefined;

  const setCell = (userId: number, day: string, cell: ShiftCell | undefined) =>
    setGrid((current) => {
      const cells = new Map(current.cells);
      if (cell) cells.set(cellKey(userId, day), cell);
      else cells.delete(cellKey(userId, day));
      return { ...current, cells };
    });

  const onSaved = (message: string) => notifications.show({ color: 'green', message });
  const saveGrid = () =>
    save.mutate(body, { onSuccess: () => onSaved(t('assign.saved', { week: weekTitle(t, week.week) })) });
  const fill = (from: 'templates' | 'previousWeek') => {
    const done = (proposed: ShiftWeekBody) => {
      setGrid(gridFromBody(proposed, names));
      setConfirm(null);
      onSaved(t(from === 'templates' ? 'assign.filledFromTemplates' : 'assign.filledFromPrevious'));
    };
    // The templates chosen on screen, saved or not; the week before is the server's.
    if (from === 'previousWeek') proposal.mutate(from, { onSuccess: done });
    else {
      const closedDays = week.closedDays.map((closure) => closure.day);
      done({
        members: body.members,
        cells: withShopClosed(body.members, templateCells(body.members, props.templates, week.days), closedDays),
      });
    }
  };
  const runMove = (action: ShiftWeekAction) =>
    move.mutate(action, {
      onSuccess: () => {
        setConfirm(null);
        onSaved(t(`assign.moved.${action}`, { week: weekTitle(t, week.week) }));
      },
    });
  const hasCells = grid.cells.size > 0;
  const allowed = (action: ShiftWeekAction) =>
    week.state === shiftWeekTransitions[action].from && can.has(shiftWeekTransitions[action].ability);
  const error = errorMessage(save.error ?? proposal.error ?? move.error, t);

  return (
    <Stack gap="md">
      <UnsavedChangesGuard dirty={dirty} />
      <Card withBorder padding="sm">
        <Group justify="space-between" gap="sm">
          <Group gap="xs">
            <ShiftWeekStateBadge state={week.state} />
            <Text size="sm" c="dimmed" data-testid="week-summary">
              {t('assign.summary', {
                count: grid.members.length,
                validated: week.members.filter((member) => member.validatedAt).length,
              })}
            </Text>
            {dirty && (
              <Badge color="yellow" variant="dot" data-testid="week-dirty">
                {t('assign.unsaved')}
              </Badge>
            )}
          </Group>
          <Group gap="xs">
            {mode === 'edit' && (
              <>
                <Button
                  variant="default"
                  leftSection={<IconTemplate size={16} />}
                  onClick={() => (hasCells ? setConfirm('templates') : fill('templates'))}
                  data-testid="fill-templates"
                >
                  {t('assign.fromTemplates')}
                </Button>
                <Button
                  variant="default"
                  leftSection={<IconCalendarRepeat size={16} />}
                  onClick={() => (hasCells ? setConfirm('previousWeek') : fill('previousWeek'))}
                  loading={proposal.isPending}
                  data-testid="fill-previous"
                >
                  {t('assign.fromPrevious')}
                </Button>
                <Button
                  leftSection={<IconDeviceFloppy size={16} />}
                  onClick={saveGrid}
                  disabled={!dirty && week.state !== null}
                  loading={save.isPending}
                  data-testid="week-save"
                >
                  {t('actions.save')}
                </Button>
              </>
            )}
            {mode !== 'edit' && rectifiable && !rectifying && (
              <Button
                variant="default"
                leftSection={<IconEdit size={16} />}
                onClick={() => setRectifying(true)}
                data-testid="week-rectify"
              >
                {t('assign.rectify')}
              </Button>
            )}
            {mode === 'rectify' && (
              <>
                <Button
                  variant="default"
                  onClick={() => {
                    setGrid(saved);
                    setRectifying(false);
                  }}
                >
                  {t('common:actions.cancel')}
                </Button>
                <Button
                  leftSection={<IconDeviceFloppy size={16} />}
                  disabled={!dirty}
                  onClick={() => setReasonOpen(true)}
                  data-testid="week-rectify-save"
                >
                  {t('assign.rectifySave')}
                </Button>
              </>
            )}
            {allowed('reopen') && (
              <Button
                variant="default"
                leftSection={<IconLockOpen size={16} />}
                onClick={() => setConfirm('reopen')}
                data-testid="week-reopen"
              >
                {t('assign.actions.reopen')}
              </Button>
            )}
            {allowed('convalidate') && (
              <Button
                color="orange"
                leftSection={<IconCheck size={16} />}
                onClick={() => setConfirm('convalidate')}
                disabled={dirty}
                data-testid="week-convalidate"
              >
                {t('assign.actions.convalidate')}
              </Button>
            )}
            {allowed('send') && (
              <Button
                color="green"
                leftSection={<IconSend size={16} />}
                onClick={() => setConfirm('send')}
                data-testid="week-send"
              >
                {t('assign.actions.send')}
              </Button>
            )}
          </Group>
        </Group>
        {mode === 'edit' && (
          <Text size="xs" c="dimmed" mt="xs">
            {t('assign.keyboardHint')}
          </Text>
        )}
      </Card>

      {Object.keys(week.openingHours).length === 0 && (
        <Alert
          color="orange"
          icon={<IconClockOff size={18} />}
          title={t('assign.noHours')}
          data-testid="assign-no-hours"
        >
          {t('assign.noHoursHint')}{' '}
          {can.has('shops.manage.workingHours') && (
            <Anchor component={Link} to={`/app/shops/${shopId}/workingHours`} size="sm">
              {t('assign.setHours')}
            </Anchor>
          )}
        </Alert>
      )}
      {error && (
        <Alert
          color="red"
          role="alert"
          data-testid="assign-error"
          title={save.error ? t('assign.assignFailed') : undefined}
        >
          {error}
        </Alert>
      )}
      {warnings.length > 0 && (
        <Alert
          color="orange"
          icon={<IconAlertTriangle size={18} />}
          title={t('assign.warnings', { count: warnings.length })}
          data-testid="week-warnings"
        >
          <List size="sm" spacing={2}>
            {warnings.slice(0, 12).map((warning) => (
              <List.Item key={`${warning.employeeId}-${warning.date}-${warning.code}`}>
                {names.get(warning.employeeId) ?? `#${warning.employeeId}`}
                {warning.date ? ` · ${formatDate(warning.date)}` : ''}: {warningText(t, warning)}
              </List.Item>
            ))}
          </List>
          {warnings.length > 12 && (
            <Text size="xs" mt={4}>
              {t('assign.moreWarnings', { count: warnings.length - 12 })}
            </Text>
          )}
        </Alert>
      )}

      {grid.members.length === 0 ? (
        <Card withBorder>
          <EmptyState
            icon={<IconUsers size={32} />}
            title={t('assign.noStaff')}
            description={t('assign.noStaffHint')}
            data-testid="assign-no-staff"
          />
        </Card>
      ) : (
        <Card withBorder padding={0}>
          <WeekGridTable
            week={week}
            grid={grid}
            templates={props.templates}
            warnings={warnings}
            editable={editable}
            onOpenCell={(userId, day) => setOpen({ userId, day })}
            onClearCell={(userId, day) => setCell(userId, day, undefined)}
            onCopyCell={(userId, day) => setCopied(grid.cells.get(cellKey(userId, day)) ?? null)}
            onPasteCell={(userId, day) => copied && setCell(userId, day, copied)}
            onTemplate={(userId, templateId) =>
              setGrid((current) => ({
                ...current,
                members: current.members.map((member) =>
                  member.userId === userId ? { ...member, templateId } : member,
                ),
              }))
            }
          />
        </Card>
      )}

      <CellEditor
        opened={open !== null}
        title={open && openMember ? t('cell.title', { name: openMember.name, date: formatDate(open.day) }) : ''}
        day={open?.day ?? week.days[0] ?? ''}
        cell={open ? grid.cells.get(cellKey(open.userId, open.day)) : undefined}
        onSave={(cell) => {
          if (open) setCell(open.userId, open.day, cell);
          setOpen(null);
        }}
        onClear={() => {
          if (open) setCell(open.userId, open.day, undefined);
          setOpen(null);
        }}
        onClose={() => setOpen(null)}
      />

      <ConfirmModal
        opened={confirm === 'templates' || confirm === 'previousWeek'}
        title={t('assign.replaceTitle')}
        message={t('assign.replaceMessage')}
        confirmLabel={t('assign.replace')}
        loading={proposal.isPending}
        error={errorMessage(proposal.error, t)}
        onConfirm={() => fill(confirm as 'templates' | 'previousWeek')}
        onClose={() => setConfirm(null)}
      />
      {(['convalidate', 'reopen', 'send'] as const).map((action) => (
        <ConfirmModal
          key={action}
          opened={confirm === action}
          title={t(`assign.confirm.${action}.title`)}
          message={t(`assign.confirm.${action}.message`, { week: weekTitle(t, week.week) })}
          confirmLabel={t(`assign.actions.${action}`)}
          loading={move.isPending}
          error={errorMessage(move.error, t)}
          onConfirm={() => runMove(action)}
          onClose={() => setConfirm(null)}
        />
      ))}
      <Modal opened={reasonOpen} onClose={() => setReasonOpen(false)} title={t('assign.rectifyTitle')} centered>
        <form
          onSubmit={(event) => {
            event.preventDefault();
            rectify.mutate(
              { ...body, reason },
              {
                onSuccess: () => {
                  setReasonOpen(false);
                  setRectifying(false);
                  setReason('');
                  onSaved(t('assign.rectified', { week: weekTitle(t, week.week) }));
                },
              },
            );
          }}
        >
          <Text size="sm" mb="sm">
            {t(week.state === 'sent' ? 'assign.rectifySentHint' : 'assign.rectifyHint')}
          </Text>
          <Textarea
            label={t('assign.reason')}
            required
            maxLength={500}
            autosize
            minRows={2}
            value={reason}
            onChange={(event) => setReason(event.currentTarget.value)}
            data-testid="rectify-reason"
            data-autofocus
          />
          {rectify.error && (
            <Alert color="red" mt="sm" role="alert">
              {errorMessage(rectify.error, t)}
            </Alert>
          )}
          <Group justify="flex-end" mt="md">
            <Button variant="default" onClick={() => setReasonOpen(false)}>
              {t('common:actions.cancel')}
            </Button>
            <Button type="submit" disabled={!reason.trim()} loading={rectify.isPending} data-testid="rectify-confirm">
              {t('assign.rectifySave')}
            </Button>
          </Group>
        </form>
      </Modal>
    </Stack>
  );
}
