// Management › shops/weekly-cash/list: the filled weekly cash of every shop the user may see, newest week first,
// filtered by shop and paginated on the server, with the sums, the fund, the deposits, the difference and who
// filled each. Filters live in the address, so Back restores them.
import type { WeeklyCashListItem } from '@bottega/contracts/cash-register';
import { Button, Card, EmptyState, Group, Pagination, Select, Table, Text, Tooltip } from '@mantine/core';
import { IconEye, IconReportMoney } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { formatDateTime } from '../../../lib/format-date';
import { weekRange, weekTitle } from '../../../lib/format-week';
import { Money } from '../../../ui/money';
import { PageHeader } from '../../../ui/page-header';
import { QueryPlaceholder } from '../../../ui/query-placeholder';
import { ResponsiveTable } from '../../../ui/responsive-table';
import { listPerPage } from '../../../ui/use-list-page';
import { useAuthUser, useSelectableShops } from '../../auth/auth.api';
import { useFilledWeeklyCash } from '../weekly-cash.api';

export default function WeeklyCashListPage() {
  const { t } = useTranslation(['weekly-cash', 'errors']);
  const can = new Set(useAuthUser().data?.can ?? []);
  const [params, setParams] = useSearchParams();
  const shopId = Number(params.get('shopId')) || undefined;
  const page = Math.max(1, Number(params.get('page')) || 1);
  const shops = useSelectableShops(true);
  const filled = useFilledWeeklyCash({ shopId, page, perPage: listPerPage });

  /** Sets (or, when empty, removes) one filter; changing the shop goes back to the first page. */
  const setFilter = (name: 'shopId' | 'page', value: string | null) =>
    setParams(
      (previous) => {
        const next = new URLSearchParams(previous);
        if (value && !(name === 'page' && value === '1')) next.set(name, value);
        else next.delete(name);
        if (name !== 'page') next.delete('page');
        return next;
      },
      { replace: true },
    );

  const rows = filled.data?.data ?? [];
  const total = filled.data?.meta.total ?? 0;
  const totalPages = Math.max(1, Math.ceil(total / listPerPage));
  const canOpen = can.has('shops.cashRegister.weekly');

  return (
    <>
      <PageHeader title={t('list.title')} description={t('list.description')} />
      <Card withBorder padding={0}>
        <Group p="md" gap="sm">
          <Select
            placeholder={t('list.allShops')}
            aria-label={t('fields.shop')}
            data={(shops.data ?? []).map((shop) => ({ value: String(shop.id), label: shop.name }))}
            value={shopId ? String(shopId) : null}
            onChange={(value) => setFilter('shopId', value)}
            clearable
            searchable
            w={{ base: '100%', sm: 260 }}
            data-testid="weekly-filter-shop"
          />
        </Group>
        {filled.isError || filled.isPending ? (
          <QueryPlaceholder query={filled} />
        ) : rows.length === 0 ? (
          <EmptyState
            py="xl"
            icon={<IconReportMoney size={32} />}
            title={shopId ? t('list.emptyShop') : t('list.empty')}
            description={t('list.emptyHint')}
            data-testid="weekly-list-empty"
          />
        ) : (
          <ResponsiveTable highlightOnHover verticalSpacing="sm" data-testid="weekly-list-table">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('fields.week')}</Table.Th>
                <Table.Th>{t('fields.shop')}</Table.Th>
                <Table.Th ta="end">{t('fields.totalCents')}</Table.Th>
                <Table.Th ta="end">{t('fields.posCents')}</Table.Th>
                <Table.Th ta="end">{t('fields.dailyCashCents')}</Table.Th>
                <Table.Th ta="end">{t('fields.expensesCents')}</Table.Th>
                <Table.Th ta="end">{t('fields.cashFundCents')}</Table.Th>
                <Table.Th ta="end">{t('fields.depositsCents')}</Table.Th>
                <Table.Th ta="end">{t('fields.differenceCents')}</Table.Th>
                <Table.Th>{t('fields.filledBy')}</Table.Th>
                {canOpen && <Table.Th />}
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {rows.map((week) => (
                <FilledRow key={`${week.shopId}-${week.week}`} week={week} canOpen={canOpen} />
              ))}
            </Table.Tbody>
          </ResponsiveTable>
        )}
        {total > 0 && (
          <Group justify="space-between" p="md">
            <Text size="sm" c="dimmed" data-testid="weekly-list-total">
              {t('list.count', { count: total })}
            </Text>
            {totalPages > 1 && (
              <Pagination value={page} onChange={(value) => setFilter('page', String(value))} total={totalPages} />
            )}
          </Group>
        )}
      </Card>
    </>
  );
}

function FilledRow({ week, canOpen }: { week: WeeklyCashListItem; canOpen: boolean }) {
  const { t } = useTranslation(['weekly-cash', 'errors']);
  const title = weekTitle(t, week.week);
  return (
    <Table.Tr data-testid={`filled-${week.shopId}-${week.week}`}>
      <Table.Td>
        <Text size="sm" fw={500} style={{ whiteSpace: 'nowrap' }}>
          {title}
        </Text>
        <Text size="xs" c="dimmed" style={{ whiteSpace: 'nowrap' }}>
          {weekRange(t, week.week)}
        </Text>
      </Table.Td>
      <Table.Td data-label={t('fields.shop')}>
        <bdi>{week.shopName}</bdi>
      </Table.Td>
      <Table.Td ta="end" data-label={t('fields.totalCents')}>
        <Money cents={week.totalCents} />
      </Table.Td>
      <Table.Td ta="end" data-label={t('fields.posCents')}>
        <Money cents={week.posCents} />
      </Table.Td>
      <Table.Td ta="end" data-label={t('fields.dailyCashCents')}>
        <Money cents={week.dailyCashCents} />
      </Table.Td>
      <Table.Td ta="end" data-label={t('fields.expensesCents')}>
        <Money cents={week.expensesCents} />
      </Table.Td>
      <Table.Td ta="end" data-label={t('fields.cashFundCents')}>
        <Money cents={week.cashFundCents} />
      </Table.Td>
      <Table.Td ta="end" data-label={t('fields.depositsCents')}>
        <Money cents={week.depositsCents} />
      </Table.Td>
      <Table.Td ta="end" data-label={t('fields.differenceCents')}>
        <Money cents={week.differenceCents} c={week.differenceCents === 0 ? undefined : 'orange'} />
      </Table.Td>
      <Table.Td data-label={t('fields.filledBy')}>
        <div>
          <Text size="sm">{week.filledBy?.name ?? '—'}</Text>
          <Text size="xs" c="dimmed">
            {formatDateTime(week.filledAt)}
          </Text>
          {week.comments && (
            <Tooltip label={week.comments} multiline maw={320}>
              <Text size="xs" c="dimmed" lineClamp={1} maw={200} data-testid="filled-comments">
                {week.comments}
              </Text>
            </Tooltip>
          )}
        </div>
      </Table.Td>
      {canOpen && (
        <Table.Td ta="end" data-actions>
          <Button
            size="xs"
            variant="subtle"
            component={Link}
            to={`/app/shops/weekly-cash/create/${week.week}?shopId=${week.shopId}`}
            leftSection={<IconEye size={14} />}
            aria-label={t('page.openWeekOf', { week: title, shop: week.shopName })}
          >
            {t('page.open')}
          </Button>
        </Table.Td>
      )}
    </Table.Tr>
  );
}
