// Negozio › Cassa (shop/cashRegister): the days of a month of the shop the user works in, each with where its
// report stands, the system register's takings, what was entered and whether the fiscal close is there. A day
// opens its report, created first when there is none yet and the user may fill it.
import '@mantine/dates/styles.css';
import type { CashRegisterDay } from '@bottega/contracts/cash-register';
import { businessDate } from '@bottega/contracts/dates';
import { formatMoney } from '@bottega/contracts/money';
import {
  ActionIcon,
  Badge,
  Button,
  Card,
  EmptyState,
  Group,
  Loader,
  Select,
  Skeleton,
  Stack,
  Table,
  Text,
  Tooltip,
  useDirection,
  VisuallyHidden,
} from '@mantine/core';
import { MonthPickerInput } from '@mantine/dates';
import {
  IconCashRegister,
  IconChevronLeft,
  IconChevronRight,
  IconCircleCheck,
  IconCircleX,
  IconEye,
  IconListCheck,
  IconPencil,
} from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { calendarLocale } from '../../../lib/calendar-locale';
import { errorMessage } from '../../../lib/error-message';
import { formatDate } from '../../../lib/format-date';
import { currentLanguage } from '../../../lib/i18n';
import { PageHeader } from '../../../ui/page-header';
import { ResponsiveTable } from '../../../ui/responsive-table';
import { useAuthUser, useSelectableShops } from '../../auth/auth.api';
import { monthName, monthParam, shiftMonth, weekdayOf } from '../cash-day';
import { useCashRegisterMonth } from '../cash-register.api';
import { CashStatusBadge } from '../components/cash-status-badge';
import { useOpenCashDay } from '../use-open-cash-day';

/** dayjs locales for the calendar; Arabic with Latin digits, as every date in the app is written. */

export default function CashRegisterPage() {
  const { t } = useTranslation('cash-register');
  const user = useAuthUser().data;
  const can = new Set(user?.can ?? []);
  // The shop of the session; someone working for no shop in particular (accounting, admins) picks one here.
  const [pickedShop, setPickedShop] = useState<number | null>(null);
  const shops = useSelectableShops(!user?.shop);
  const shopId = user?.shop?.id ?? pickedShop;
  const shopName = user?.shop?.name ?? shops.data?.find((shop) => shop.id === pickedShop)?.name ?? '';

  // The arrows point the way the months run in the reading direction.
  const { dir } = useDirection();
  const [Previous, Next] = dir === 'rtl' ? [IconChevronRight, IconChevronLeft] : [IconChevronLeft, IconChevronRight];

  const today = businessDate();
  const [params, setParams] = useSearchParams();
  const month = monthParam(params.get('month'), today.slice(0, 7));
  const setMonth = (value: string) =>
    setParams(
      (current) => {
        current.set('month', value);
        return current;
      },
      { replace: true },
    );

  return (
    <>
      <PageHeader
        title={t('month.title')}
        description={shopId ? t('month.description', { shop: shopName }) : t('month.descriptionNoShop')}
        actions={
          can.has('shops.cashRegister.viewUnclosed') && (
            <Button
              variant="default"
              component={Link}
              to="/app/shop/cashRegister/unclosed"
              leftSection={<IconListCheck size={16} />}
            >
              {t('menu.unclosed')}
            </Button>
          )
        }
      />
      <Card withBorder padding={0}>
        <Group p="md" gap="sm" justify="space-between" wrap="wrap">
          <Group gap={6} wrap="nowrap">
            <Tooltip label={t('month.previous')}>
              <ActionIcon
                variant="default"
                size="lg"
                aria-label={t('month.previous')}
                onClick={() => setMonth(shiftMonth(month, -1))}
                data-testid="cash-month-previous"
              >
                <Previous size={18} />
              </ActionIcon>
            </Tooltip>
            <MonthPickerInput
              // A label for assistive technology only: an aria-label would hide the month it shows.
              label={<VisuallyHidden>{t('month.pick')}</VisuallyHidden>}
              value={`${month}-01`}
              onChange={(value) => value && setMonth(value.slice(0, 7))}
              valueFormat="MMMM YYYY"
              locale={calendarLocale()}
              maxDate={`${today.slice(0, 7)}-01`}
              allowDeselect={false}
              w={190}
              data-testid="cash-month"
            />
            <Tooltip label={t('month.next')}>
              <ActionIcon
                variant="default"
                size="lg"
                aria-label={t('month.next')}
                disabled={month >= today.slice(0, 7)}
                onClick={() => setMonth(shiftMonth(month, 1))}
                data-testid="cash-month-next"
              >
                <Next size={18} />
              </ActionIcon>
            </Tooltip>
          </Group>
          {!user?.shop && (
            <Select
              aria-label={t('month.shop')}
              placeholder={t('month.shop')}
              data={(shops.data ?? []).map((shop) => ({ value: String(shop.id), label: shop.name }))}
              value={pickedShop === null ? null : String(pickedShop)}
              onChange={(value) => setPickedShop(value ? Number(value) : null)}
              searchable
              w={{ base: '100%', sm: 260 }}
              data-testid="cash-shop"
            />
          )}
        </Group>
        {shopId === null ? (
          <EmptyState
            py="xl"
            icon={<IconCashRegister size={32} />}
            title={t('month.noShop')}
            description={t('month.noShopHint')}
            data-testid="cash-month-no-shop"
          />
        ) : (
          <MonthDays shopId={shopId} month={month} today={today} canFill={can.has('shops.cashRegister.dailyClose')} />
        )}
      </Card>
    </>
  );
}

function MonthDays(props: { shopId: number; month: string; today: string; canFill: boolean }) {
  const { t } = useTranslation('cash-register');
  const lng = currentLanguage();
  const days = useCashRegisterMonth(props.shopId, props.month);
  const { open, pending } = useOpenCashDay();

  if (days.isError) {
    return (
      <Text c="red" p="md" role="alert">
        {errorMessage(days.error, t)}
      </Text>
    );
  }
  if (days.isPending) {
    return (
      <Stack p="md" gap="xs" aria-busy="true">
        {Array.from({ length: 5 }, (_, index) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: placeholder rows have nothing else to key on
          <Skeleton key={index} h={28} />
        ))}
      </Stack>
    );
  }

  const currentMonth = props.month === props.today.slice(0, 7);
  // The server lists the days up to its today with sales or a report. Newest first: the evening's day is the one
  // people come for.
  const rows = [...days.data].sort((a, b) => b.businessDate.localeCompare(a.businessDate));
  const anything = days.data.some((day) => day.receiptsCount > 0 || day.reportId !== null);

  if (!anything) {
    return (
      <EmptyState
        py="xl"
        icon={<IconCashRegister size={32} />}
        title={t('month.empty', { month: monthName(props.month, lng) })}
        description={t('month.emptyHint')}
        data-testid="cash-month-empty"
      >
        {currentMonth && props.canFill && (
          <Button
            mt="md"
            loading={pending?.businessDate === props.today}
            onClick={() => open({ shopId: props.shopId, businessDate: props.today, reportId: null })}
            data-testid="cash-open-today"
          >
            {t('month.openToday')}
          </Button>
        )}
      </EmptyState>
    );
  }

  const closed = rows.filter((day) => day.status === 'closed').length;
  const toClose = rows.filter(
    (day) => day.status !== 'closed' && (day.receiptsCount > 0 || day.reportId !== null),
  ).length;
  const takings = rows.reduce((sum, day) => sum + day.systemTotalCents, 0);

  return (
    <>
      <Group px="md" pb="sm" gap="lg" data-testid="cash-month-summary">
        <Text size="sm" c="dimmed">
          {t('month.summary.closed', { count: closed })}
        </Text>
        <Text size="sm" c={toClose > 0 ? 'orange' : 'dimmed'}>
          {t('month.summary.toClose', { count: toClose })}
        </Text>
        <Text size="sm" c="dimmed">
          {t('month.summary.takings')}{' '}
          <Text span fw={600} c="var(--mantine-color-text)" dir="ltr">
            {formatMoney(takings)}
          </Text>
        </Text>
      </Group>
      <ResponsiveTable highlightOnHover verticalSpacing="sm" data-testid="cash-month-table">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('month.columns.day')}</Table.Th>
            <Table.Th>{t('month.columns.status')}</Table.Th>
            <Table.Th ta="end">{t('month.columns.systemTotal')}</Table.Th>
            <Table.Th ta="end">{t('month.columns.receipts')}</Table.Th>
            <Table.Th ta="end">{t('month.columns.enteredTotal')}</Table.Th>
            <Table.Th>{t('month.columns.fiscalClose')}</Table.Th>
            <Table.Th />
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((day) => (
            <DayRow
              key={day.businessDate}
              day={day}
              today={day.businessDate === props.today}
              canOpen={day.reportId !== null || props.canFill}
              loading={pending?.businessDate === day.businessDate}
              onOpen={() => open({ shopId: props.shopId, businessDate: day.businessDate, reportId: day.reportId })}
            />
          ))}
        </Table.Tbody>
      </ResponsiveTable>
    </>
  );
}

function DayRow(props: {
  day: CashRegisterDay;
  today: boolean;
  canOpen: boolean;
  loading: boolean;
  onOpen: () => void;
}) {
  const { t } = useTranslation('cash-register');
  const { day } = props;
  const lng = currentLanguage();
  const quiet = day.receiptsCount === 0 && day.reportId === null;
  const editable = day.status !== 'closed' && props.canOpen;
  const label = day.reportId === null ? t('month.fill') : editable ? t('month.edit') : t('month.open');
  return (
    <Table.Tr
      data-testid={`cash-day-${day.businessDate}`}
      data-today={props.today || undefined}
      onClick={props.canOpen ? props.onOpen : undefined}
      style={{
        cursor: props.canOpen ? 'pointer' : undefined,
        background: props.today ? 'var(--mantine-primary-color-light)' : undefined,
        opacity: quiet && !props.today ? 0.65 : undefined,
      }}
    >
      <Table.Td>
        <Group gap="xs" wrap="nowrap">
          <div>
            <Text size="sm" fw={props.today ? 700 : 500}>
              <bdi>{formatDate(day.businessDate)}</bdi>
            </Text>
            <Text size="xs" c="dimmed">
              {weekdayOf(day.businessDate, lng)}
            </Text>
          </div>
          {props.today && (
            <Badge size="sm" variant="filled" tt="none">
              {t('month.today')}
            </Badge>
          )}
        </Group>
      </Table.Td>
      <Table.Td data-label={t('month.columns.status')}>
        <CashStatusBadge status={day.status} />
      </Table.Td>
      <Table.Td ta="end" data-label={t('month.columns.systemTotal')}>
        <Text span size="sm" dir="ltr" style={{ whiteSpace: 'nowrap' }}>
          {formatMoney(day.systemTotalCents)}
        </Text>
      </Table.Td>
      <Table.Td ta="end" data-label={t('month.columns.receipts')}>
        {day.receiptsCount}
      </Table.Td>
      <Table.Td ta="end" data-label={t('month.columns.enteredTotal')}>
        {day.enteredTotalCents === null ? (
          <Text span c="dimmed" size="sm">
            —
          </Text>
        ) : (
          <Text
            span
            size="sm"
            dir="ltr"
            style={{ whiteSpace: 'nowrap' }}
            c={day.enteredTotalCents === day.systemTotalCents ? undefined : 'red'}
            fw={day.enteredTotalCents === day.systemTotalCents ? undefined : 600}
          >
            {formatMoney(day.enteredTotalCents)}
          </Text>
        )}
      </Table.Td>
      <Table.Td data-label={t('month.columns.fiscalClose')}>
        {day.hasFiscalClose ? (
          <Group gap={4} wrap="nowrap" c="teal">
            <IconCircleCheck size={16} aria-hidden />
            <Text size="sm">{t('month.fiscalPresent')}</Text>
          </Group>
        ) : (
          <Group gap={4} wrap="nowrap" c={quiet ? 'dimmed' : 'orange'}>
            <IconCircleX size={16} aria-hidden />
            <Text size="sm">{t('month.fiscalMissing')}</Text>
          </Group>
        )}
      </Table.Td>
      <Table.Td ta="end" data-actions>
        {props.canOpen &&
          (props.loading ? (
            <Loader size="xs" />
          ) : (
            <Tooltip label={label}>
              <ActionIcon
                variant="subtle"
                aria-label={`${label}: ${formatDate(day.businessDate)}`}
                onClick={(event) => {
                  event.stopPropagation();
                  props.onOpen();
                }}
              >
                {editable ? <IconPencil size={18} /> : <IconEye size={18} />}
              </ActionIcon>
            </Tooltip>
          ))}
      </Table.Td>
    </Table.Tr>
  );
}
