// Accountancy › Convalida mesi (report/convalidate): every shop's month with its three checks — total compensation
// (reports against the fiscal closes), total POS (reports against the acquirer), total cash (reports against the
// deposits the bank confirmed) — green, or red with the days that fail them and why. A month over whose checks hold is
// convalidated (after a confirmation) and transmitted to the accounting system; it shows confirmed once every entry
// is accepted, or the entries refused, each with its §8 message, and can be sent again. Reopening takes a reason.
import { businessDate, shiftMonth } from '@bottega/contracts/dates';
import type { MonthCheckResult, MonthState, ShopMonth } from '@bottega/contracts/month-end';
import {
  Alert,
  Badge,
  Button,
  Card,
  Group,
  Loader,
  Modal,
  SimpleGrid,
  Stack,
  Text,
  Textarea,
  ThemeIcon,
  Title,
  VisuallyHidden,
} from '@mantine/core';
import { MonthPickerInput } from '@mantine/dates';
import { notifications } from '@mantine/notifications';
import { IconAlertTriangle, IconCheck, IconLockOpen, IconSend, IconX } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { calendarLocale } from '../../../lib/calendar-locale';
import { errorMessage } from '../../../lib/error-message';
import { formatDate, formatDateTime } from '../../../lib/format-date';
import { ConfirmModal } from '../../../ui/confirm-modal';
import { Money } from '../../../ui/money';
import { PageHeader } from '../../../ui/page-header';
import { QueryPlaceholder } from '../../../ui/query-placeholder';
import { useAuthUser } from '../../auth/auth.api';
import { type MonthMove, useMonthMove, useShopMonths } from '../month-end.api';

const stateColor: Record<MonthState, string> = {
  open: 'gray',
  transmitting: 'blue',
  confirmed: 'teal',
  refused: 'red',
};

function CheckCard({ check }: { check: MonthCheckResult }) {
  const { t } = useTranslation('month-end');
  return (
    <Card withBorder radius="md" padding="sm" data-testid={`month-check-${check.check}`} data-ok={check.ok}>
      <Group gap="xs" wrap="nowrap" mb={check.ok ? 0 : 'xs'}>
        <ThemeIcon color={check.ok ? 'teal' : 'red'} variant="light" size="sm" radius="xl" aria-hidden>
          {check.ok ? <IconCheck size={14} /> : <IconX size={14} />}
        </ThemeIcon>
        <Text size="sm" fw={600}>
          {t(`checks.${check.check}`)}
        </Text>
        <VisuallyHidden>{check.ok ? t('checkOk') : t('checkFails', { count: check.days.length })}</VisuallyHidden>
      </Group>
      {!check.ok && (
        <Stack gap={4}>
          {check.days.map((day) => (
            <div key={`${day.date}-${day.problem}`} data-testid="month-check-day">
              <Text size="xs">
                <Text span fw={600} inherit>
                  {formatDate(day.date)}
                </Text>{' '}
                {t(`problems.${day.problem}`)}
              </Text>
              {day.reportCents !== null && day.otherCents !== null && (
                <Text size="xs" c="dimmed">
                  {t('figures')} <Money cents={day.reportCents} /> · <Money cents={day.otherCents} />
                </Text>
              )}
            </div>
          ))}
        </Stack>
      )}
    </Card>
  );
}

function ShopMonthCard(props: {
  shop: ShopMonth;
  canConvalidate: boolean;
  canReopen: boolean;
  onMove: (move: MonthMove, subject: ShopMonth) => void;
}) {
  const { t } = useTranslation('month-end');
  const { shop } = props;
  const holds = shop.checks.every((check) => check.ok);
  const base = { shopId: shop.shopId, month: shop.month };
  return (
    <Card withBorder radius="md" data-testid={`month-shop-${shop.shopCode}`}>
      <Stack gap="sm">
        <Group justify="space-between" gap="xs">
          <Title order={2} size="h4">
            <bdi>{`${shop.shopCode} · ${shop.shopName}`}</bdi>
          </Title>
          <Badge
            color={stateColor[shop.state]}
            variant="light"
            leftSection={shop.state === 'transmitting' ? <Loader size={10} color="blue" /> : undefined}
            data-testid="month-state"
          >
            {t(`states.${shop.state}`)}
          </Badge>
        </Group>
        <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="sm">
          {shop.checks.map((check) => (
            <CheckCard key={check.check} check={check} />
          ))}
        </SimpleGrid>
        {shop.convalidatedBy && (
          <Text size="xs" c="dimmed">
            {t('convalidatedBy', { name: shop.convalidatedBy, at: formatDateTime(shop.convalidatedAt) })}
            {shop.transmittedAt && ` · ${t('transmittedAt', { at: formatDateTime(shop.transmittedAt) })}`}
          </Text>
        )}
        {shop.state === 'refused' && (
          <Alert
            color="red"
            icon={<IconAlertTriangle size={18} />}
            title={t('refusedTitle')}
            data-testid="month-refusals"
          >
            <Stack gap={4}>
              {shop.refusals.length === 0 && <Text size="sm">{t('unreachable')}</Text>}
              {shop.refusals.map((refusal) => (
                <Text key={refusal.line} size="sm">
                  {t(`refusals.${refusal.kind}`)} — {t('line', { line: refusal.line })}
                  {refusal.message && (
                    <Text span c="dimmed" size="xs" display="block">
                      {refusal.message}
                    </Text>
                  )}
                </Text>
              ))}
            </Stack>
          </Alert>
        )}
        <Group justify="flex-end" gap="xs">
          {props.canReopen && shop.state !== 'open' && shop.state !== 'transmitting' && (
            <Button
              variant="default"
              leftSection={<IconLockOpen size={16} />}
              onClick={() => props.onMove({ ...base, action: 'reopen', reason: '' }, shop)}
            >
              {t('reopen')}
            </Button>
          )}
          {props.canConvalidate && shop.state === 'refused' && (
            <Button
              leftSection={<IconSend size={16} />}
              onClick={() => props.onMove({ ...base, action: 'transmit' }, shop)}
            >
              {t('transmit')}
            </Button>
          )}
          {props.canConvalidate && shop.state === 'open' && (
            <Button
              leftSection={<IconCheck size={16} />}
              disabled={!shop.ended || !holds}
              onClick={() => props.onMove({ ...base, action: 'convalidate' }, shop)}
              data-testid="month-convalidate"
            >
              {t('convalidate')}
            </Button>
          )}
        </Group>
        {shop.state === 'open' && !shop.ended && (
          <Text size="xs" c="dimmed" ta="end">
            {t('notEnded')}
          </Text>
        )}
      </Stack>
    </Card>
  );
}

export default function MonthEndPage() {
  const { t } = useTranslation(['month-end', 'errors']);
  const can = new Set(useAuthUser().data?.can ?? []);
  const [params, setParams] = useSearchParams();
  const asked = params.get('month') ?? '';
  const month = /^\d{4}-\d{2}$/.test(asked) ? asked : shiftMonth(businessDate().slice(0, 7), -1);
  const shops = useShopMonths(month);
  const move = useMonthMove();
  const [asking, setAsking] = useState<{ move: MonthMove; shop: ShopMonth } | null>(null);
  const [reason, setReason] = useState('');
  const rows = shops.data ?? [];
  const confirmed = rows.filter((shop) => shop.state === 'confirmed').length;

  const ask = (next: MonthMove, shop: ShopMonth) => {
    move.reset();
    setReason('');
    setAsking({ move: next, shop });
  };
  const run = () => {
    if (!asking) return;
    const chosen = asking.move.action === 'reopen' ? { ...asking.move, reason } : asking.move;
    move.mutate(chosen, {
      onSuccess: () => {
        notifications.show({
          color: 'teal',
          message: t(`done.${chosen.action}`, { shop: `${asking.shop.shopCode} · ${asking.shop.shopName}` }),
        });
        setAsking(null);
      },
    });
  };
  const subject = asking ? `${asking.shop.shopCode} · ${asking.shop.shopName}` : '';

  return (
    <>
      <PageHeader title={t('title')} description={t('description')} />
      <Group mb="md" gap="sm" justify="space-between">
        <MonthPickerInput
          label={<VisuallyHidden>{t('month')}</VisuallyHidden>}
          value={`${month}-01`}
          onChange={(value) => value && setParams({ month: value.slice(0, 7) }, { replace: true })}
          valueFormat="MMMM YYYY"
          locale={calendarLocale()}
          maxDate={`${businessDate().slice(0, 7)}-01`}
          allowDeselect={false}
          w={200}
          data-testid="month-picker"
        />
        {shops.data && (
          <Text size="sm" data-testid="month-summary">
            {t('summary', { confirmed, count: rows.length })}
          </Text>
        )}
      </Group>
      {!shops.data ? (
        <QueryPlaceholder query={shops} />
      ) : rows.length === 0 ? (
        <Text c="dimmed">{t('empty')}</Text>
      ) : (
        <Stack gap="md">
          {rows.map((shop) => (
            <ShopMonthCard
              key={shop.shopId}
              shop={shop}
              canConvalidate={can.has('shops.analytics.convalidateReports')}
              canReopen={can.has('shops.analytics.editReports')}
              onMove={ask}
            />
          ))}
        </Stack>
      )}
      <ConfirmModal
        opened={asking !== null && asking.move.action !== 'reopen'}
        title={asking ? t(`confirm.${asking.move.action}.title`) : ''}
        message={asking ? t(`confirm.${asking.move.action}.message`, { shop: subject }) : ''}
        confirmLabel={asking ? t(asking.move.action === 'transmit' ? 'transmit' : 'convalidate') : ''}
        loading={move.isPending}
        error={move.error ? errorMessage(move.error, t) : null}
        onConfirm={run}
        onClose={() => setAsking(null)}
      />
      <Modal
        opened={asking?.move.action === 'reopen'}
        onClose={() => setAsking(null)}
        title={t('confirm.reopen.title')}
        centered
      >
        <Stack gap="sm">
          <Text size="sm">{t('confirm.reopen.message', { shop: subject })}</Text>
          <Textarea
            label={t('reason')}
            value={reason}
            onChange={(event) => setReason(event.currentTarget.value)}
            required
            autosize
            minRows={2}
            maxLength={500}
            data-testid="month-reopen-reason"
          />
          {move.error && (
            <Alert color="red" role="alert">
              {errorMessage(move.error, t)}
            </Alert>
          )}
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setAsking(null)}>
              {t('cancel')}
            </Button>
            <Button color="red" loading={move.isPending} disabled={reason.trim() === ''} onClick={run}>
              {t('reopen')}
            </Button>
          </Group>
        </Stack>
      </Modal>
    </>
  );
}
