import { businessDate } from '@bottega/contracts/dates';
import { formatMoney } from '@bottega/contracts/money';
import { EmptyState, Table } from '@mantine/core';
import { IconChartBar } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { formatDate } from '../../../lib/format-date';
import { useSalesDays } from '../sales.api';
import { FeedCard } from './feed-card';

/** The days shown, today included. */
const shownDays = 7;

/** The last days' totals as the feed keeps them: takings, receipts and pieces. */
export function SalesDaysCard({ shopId }: { shopId: number }) {
  const { t } = useTranslation('sales');
  const to = businessDate();
  const from = new Date(Date.parse(`${to}T00:00:00Z`) - (shownDays - 1) * 86_400_000).toISOString().slice(0, 10);
  const days = useSalesDays(shopId, { from, to });
  const rows = [...(days.data ?? [])].sort((a, b) => b.businessDate.localeCompare(a.businessDate));
  return (
    <FeedCard
      title={t('feed.days.title')}
      description={t('feed.days.description', { count: shownDays })}
      icon={<IconChartBar size={22} />}
      query={days}
      t={t}
      testId="sales-days"
    >
      {rows.length === 0 ? (
        <EmptyState py="md" icon={<IconChartBar size={28} />} title={t('feed.days.empty')} />
      ) : (
        <Table.ScrollContainer minWidth={420}>
          <Table verticalSpacing="xs">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('feed.days.businessDate')}</Table.Th>
                <Table.Th ta="end">{t('feed.days.receipts')}</Table.Th>
                <Table.Th ta="end">{t('feed.days.pieces')}</Table.Th>
                <Table.Th ta="end">{t('feed.days.takings')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {rows.map((day) => (
                <Table.Tr key={day.businessDate} data-testid={`sales-day-${day.businessDate}`}>
                  <Table.Td>{formatDate(day.businessDate)}</Table.Td>
                  <Table.Td ta="end">{day.receiptsCount}</Table.Td>
                  <Table.Td ta="end">{day.pieces}</Table.Td>
                  <Table.Td ta="end" dir="ltr" style={{ whiteSpace: 'nowrap' }}>
                    {formatMoney(day.takingsCents)}
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
    </FeedCard>
  );
}
