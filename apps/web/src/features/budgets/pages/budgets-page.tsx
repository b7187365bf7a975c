// Negozio › Budget (shop/manage/budget): every shop of the area manager in a month — the budget's state, the sales
// budget beside last year's month, and how today and the month to date are going against it — by shop or by the
// share of the budget reached. A shop's month opens to be set; the month's unsent budgets go to the shops at once.
import { type BudgetMonthState, type BudgetShop, budgetPercent } from '@bottega/contracts/budgets';
import { businessDate } from '@bottega/contracts/dates';
import {
  Badge,
  Button,
  Card,
  EmptyState,
  Group,
  Pagination,
  SegmentedControl,
  Table,
  Text,
  VisuallyHidden,
} from '@mantine/core';
import { MonthPickerInput } from '@mantine/dates';
import { notifications } from '@mantine/notifications';
import { IconPencil, IconSend, IconTargetArrow } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { calendarLocale } from '../../../lib/calendar-locale';
import { errorMessage } from '../../../lib/error-message';
import { ConfirmModal } from '../../../ui/confirm-modal';
import { Money } from '../../../ui/money';
import { PageHeader } from '../../../ui/page-header';
import { QueryPlaceholder } from '../../../ui/query-placeholder';
import { ResponsiveTable } from '../../../ui/responsive-table';
import { useBudgetList, useSendAllBudgets } from '../budgets.api';
import { BudgetProgressBar } from '../components/budget-progress';

export const budgetStateColor: Record<BudgetMonthState, string> = {
  none: 'gray',
  created: 'yellow',
  edited: 'orange',
  sent: 'blue',
  confirmed: 'teal',
};

/** The month asked for in the address (?month=YYYY-MM), else the current one. */
export function useChosenMonth(): [string, (month: string) => void] {
  const [params, setParams] = useSearchParams();
  const asked = params.get('month') ?? '';
  const month = /^\d{4}-(0[1-9]|1[0-2])$/.test(asked) ? asked : businessDate().slice(0, 7);
  return [month, (next) => setParams({ month: next }, { replace: true })];
}

function ShopRow({ row, month }: { row: BudgetShop; month: string }) {
  const { t } = useTranslation('budgets');
  const shop = `${row.shopCode} · ${row.shopName}`;
  const share = budgetPercent(row.salesCents, row.lastYearCents);
  return (
    <Table.Tr data-testid={`budget-row-${row.shopCode}`}>
      <Table.Td>
        <Text fw={600} size="sm">
          <bdi>{shop}</bdi>
        </Text>
        <Badge color={budgetStateColor[row.state]} variant="light" data-testid="budget-row-state">
          {t(`states.${row.state}`)}
        </Badge>
      </Table.Td>
      <Table.Td data-label={t('columns.budget')} ta="end">
        <Money cents={row.salesCents} />
      </Table.Td>
      <Table.Td data-label={t('columns.lastYear')} ta="end">
        <Money cents={row.lastYearCents} />
        {share !== null && row.salesCents > 0 && (
          <Text size="xs" c="dimmed" dir="ltr">
            {`${share - 100 >= 0 ? '+' : ''}${share - 100} %`}
          </Text>
        )}
      </Table.Td>
      <Table.Td data-label={t('progress.today')} miw={140}>
        <BudgetProgressBar
          label={t('progress.today')}
          cents={row.progress.todayCents}
          budgetCents={row.progress.todayBudgetCents}
          hideLabel
        />
      </Table.Td>
      <Table.Td data-label={t('progress.toDate')} miw={140}>
        <BudgetProgressBar
          label={t('progress.toDate')}
          cents={row.progress.monthToDateCents}
          budgetCents={row.progress.budgetToDateCents}
          hideLabel
          testId="budget-row-to-date"
        />
      </Table.Td>
      <Table.Td data-actions>
        <Button
          component={Link}
          to={`/app/shop/manage/budget/${row.shopId}?month=${month}`}
          variant="light"
          size="xs"
          leftSection={<IconPencil size={14} />}
          aria-label={t('open', { shop })}
          data-testid="budget-open"
        >
          {t('set')}
        </Button>
      </Table.Td>
    </Table.Tr>
  );
}

export default function BudgetsPage() {
  const { t } = useTranslation(['budgets', 'errors']);
  const [month, setMonth] = useChosenMonth();
  const [sort, setSort] = useState<'shop' | 'progress'>('shop');
  const [page, setPage] = useState(1);
  const list = useBudgetList({ month, sort, page });
  const sendAll = useSendAllBudgets();
  const [asking, setAsking] = useState(false);
  const rows = list.data?.data ?? [];
  const pages = list.data ? Math.ceil(list.data.meta.total / list.data.meta.perPage) : 0;

  const send = () =>
    sendAll.mutate(month, {
      onSuccess: ({ sent }) => {
        notifications.show({ color: 'teal', message: t('sendAll.done', { count: sent }) });
        setAsking(false);
      },
    });

  return (
    <>
      <PageHeader
        title={t('title')}
        description={t('description')}
        actions={
          <Button
            leftSection={<IconSend size={16} />}
            onClick={() => {
              sendAll.reset();
              setAsking(true);
            }}
            data-testid="budget-send-all"
          >
            {t('sendAll.action')}
          </Button>
        }
      />
      <Group mb="md" gap="sm" justify="space-between">
        <MonthPickerInput
          label={<VisuallyHidden>{t('month')}</VisuallyHidden>}
          value={`${month}-01`}
          onChange={(value) => {
            if (!value) return;
            setPage(1);
            setMonth(value.slice(0, 7));
          }}
          valueFormat="MMMM YYYY"
          locale={calendarLocale()}
          allowDeselect={false}
          w={200}
          data-testid="budget-month"
        />
        <SegmentedControl
          aria-label={t('sort.label')}
          value={sort}
          onChange={(value) => {
            setPage(1);
            setSort(value as 'shop' | 'progress');
          }}
          data={[
            { value: 'shop', label: t('sort.shop') },
            { value: 'progress', label: t('sort.progress') },
          ]}
          data-testid="budget-sort"
        />
      </Group>
      <Card withBorder radius="md" p={0}>
        {!list.data ? (
          <QueryPlaceholder query={list} />
        ) : rows.length === 0 ? (
          <EmptyState
            py="xl"
            icon={<IconTargetArrow />}
            title={t('empty.title')}
            description={t('empty.description')}
            data-testid="budget-empty"
          />
        ) : (
          <ResponsiveTable verticalSpacing="sm" data-testid="budget-list">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('columns.shop')}</Table.Th>
                <Table.Th ta="end">{t('columns.budget')}</Table.Th>
                <Table.Th ta="end">{t('columns.lastYear')}</Table.Th>
                <Table.Th>{t('progress.today')}</Table.Th>
                <Table.Th>{t('progress.toDate')}</Table.Th>
                <Table.Th>
                  <VisuallyHidden>{t('columns.actions')}</VisuallyHidden>
                </Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {rows.map((row) => (
                <ShopRow key={row.shopId} row={row} month={month} />
              ))}
            </Table.Tbody>
          </ResponsiveTable>
        )}
      </Card>
      {pages > 1 && (
        <Group justify="center" mt="md">
          <Pagination value={page} onChange={setPage} total={pages} />
        </Group>
      )}
      <ConfirmModal
        opened={asking}
        title={t('sendAll.title')}
        message={t('sendAll.message')}
        confirmLabel={t('sendAll.action')}
        loading={sendAll.isPending}
        error={sendAll.error ? errorMessage(sendAll.error, t) : null}
        onConfirm={send}
        onClose={() => setAsking(false)}
      />
    </>
  );
}
