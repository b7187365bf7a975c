// Management › shops/weekly-cash: the weeks of the shop the user is working in, newest first, with the sums of
// their closed days, whether each is filled and, if not, why it cannot be yet, or the button that fills it.
import type { WeeklyCashListItem } from '@bottega/contracts/cash-register';
import { Button, Card, EmptyState, Group, Pagination, Table, Text } from '@mantine/core';
import { IconBuildingStore, IconCalendarWeek, IconEye, IconListDetails, IconPencil } from '@tabler/icons-react';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { weekRange, weekTitle } from '../../../lib/format-week';
import { Money } from '../../../ui/money';
import { PageHeader } from '../../../ui/page-header';
import { QueryPlaceholder } from '../../../ui/query-placeholder';
import { listPerPage } from '../../../ui/use-list-page';
import { useAuthUser } from '../../auth/auth.api';
import { WeekStatusBadge, weekReason } from '../components/weekly-cash-status';
import { useShopWeeklyCashList } from '../weekly-cash.api';

export default function WeeklyCashPage() {
  const { t } = useTranslation(['weekly-cash', 'errors']);
  const user = useAuthUser().data;
  const shop = user?.shop ?? null;
  const can = new Set(user?.can ?? []);
  const [params, setParams] = useSearchParams();
  const page = Math.max(1, Number(params.get('page')) || 1);
  const weeks = useShopWeeklyCashList(shop?.id ?? null, page, listPerPage);
  const setPage = (value: number) => setParams(value === 1 ? {} : { page: String(value) }, { replace: true });

  if (user && !shop) {
    return (
      <>
        <PageHeader title={t('page.title')} />
        <EmptyState
          icon={<IconBuildingStore size={32} />}
          title={t('page.noShop')}
          description={t('page.noShopHint')}
          data-testid="weekly-no-shop"
        />
      </>
    );
  }

  const rows = weeks.data?.data ?? [];
  const total = weeks.data?.meta.total ?? 0;
  const totalPages = Math.max(1, Math.ceil(total / listPerPage));
  const canClose = can.has('shops.cashRegister.closeWeekly');

  return (
    <>
      <PageHeader
        title={t('page.title')}
        description={shop ? t('page.description', { shop: shop.name }) : undefined}
        actions={
          can.has('shops.cashRegister.viewWeeklyList') && (
            <Button
              variant="default"
              component={Link}
              to="/app/shops/weekly-cash/list"
              leftSection={<IconListDetails size={16} />}
            >
              {t('page.allShops')}
            </Button>
          )
        }
      />
      <Card withBorder padding={0}>
        {weeks.isError || weeks.isPending ? (
          <QueryPlaceholder query={weeks} loadingTestId="weekly-loading" />
        ) : rows.length === 0 ? (
          <EmptyState
            py="xl"
            icon={<IconCalendarWeek size={32} />}
            title={t('page.empty')}
            description={t('page.emptyHint')}
            data-testid="weekly-empty"
          />
        ) : (
          <Table.ScrollContainer minWidth={980}>
            <Table highlightOnHover verticalSpacing="sm" data-testid="weekly-table">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t('fields.week')}</Table.Th>
                  <Table.Th>{t('fields.status')}</Table.Th>
                  <Table.Th ta="end">{t('fields.totalCents')}</Table.Th>
                  <Table.Th ta="end">{t('fields.posCents')}</Table.Th>
                  <Table.Th ta="end">{t('fields.dailyCashCents')}</Table.Th>
                  <Table.Th ta="end">{t('fields.expensesCents')}</Table.Th>
                  <Table.Th ta="end">{t('fields.depositsCents')}</Table.Th>
                  <Table.Th ta="end">{t('fields.differenceCents')}</Table.Th>
                  <Table.Th />
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {rows.map((week) => (
                  <WeekRow key={week.week} week={week} t={t} canClose={canClose} />
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
        {total > 0 && (
          <Group justify="space-between" p="md">
            <Text size="sm" c="dimmed" data-testid="weekly-total-count">
              {t('page.count', { count: total })}
            </Text>
            {totalPages > 1 && <Pagination value={page} onChange={setPage} total={totalPages} />}
          </Group>
        )}
      </Card>
    </>
  );
}

function WeekRow({ week, t, canClose }: { week: WeeklyCashListItem; t: TFunction; canClose: boolean }) {
  const fillable = week.blockedBy === null && canClose;
  const filled = week.blockedBy === 'filled';
  const to = `/app/shops/weekly-cash/create/${week.week}`;
  return (
    <Table.Tr data-testid={`week-${week.week}`}>
      <Table.Td>
        <Text size="sm" fw={500} style={{ whiteSpace: 'nowrap' }}>
          {weekTitle(t, week.week)}
        </Text>
        <Text size="xs" c="dimmed" style={{ whiteSpace: 'nowrap' }}>
          {weekRange(t, week.week)}
        </Text>
      </Table.Td>
      <Table.Td maw={300}>
        <WeekStatusBadge week={week} t={t} />
        <Text size="xs" c="dimmed" mt={4} data-testid="week-reason">
          {weekReason(t, week)}
        </Text>
      </Table.Td>
      <Table.Td ta="end">
        <Money cents={week.totalCents} />
      </Table.Td>
      <Table.Td ta="end">
        <Money cents={week.posCents} />
      </Table.Td>
      <Table.Td ta="end">
        <Money cents={week.dailyCashCents} />
      </Table.Td>
      <Table.Td ta="end">
        <Money cents={week.expensesCents} />
      </Table.Td>
      <Table.Td ta="end">{filled ? <Money cents={week.depositsCents} /> : '—'}</Table.Td>
      <Table.Td ta="end">
        {filled ? <Money cents={week.differenceCents} c={week.differenceCents === 0 ? undefined : 'orange'} /> : '—'}
      </Table.Td>
      <Table.Td ta="end">
        {fillable ? (
          <Button
            size="xs"
            component={Link}
            to={to}
            leftSection={<IconPencil size={14} />}
            aria-label={t('page.fillWeek', { week: weekTitle(t, week.week) })}
            data-testid="week-fill"
          >
            {t('page.fill')}
          </Button>
        ) : (
          <Button
            size="xs"
            variant="subtle"
            component={Link}
            to={to}
            leftSection={<IconEye size={14} />}
            aria-label={t('page.openWeek', { week: weekTitle(t, week.week) })}
          >
            {t('page.open')}
          </Button>
        )}
      </Table.Td>
    </Table.Tr>
  );
}
