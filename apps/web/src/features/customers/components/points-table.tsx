// A customer's points history: what gave or took points (a receipt, a return, the birthday gift, an invited friend);
// the lines older than the 12-month window are shown greyed with a badge, as they no longer count (§9).
import type { PointEntry } from '@bottega/contracts/customers';
import { Badge, Table, Text } from '@mantine/core';
import { IconCoins } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { formatDate } from '../../../lib/format-date';
import { Money } from '../../../ui/money';
import { QueryTable } from '../../../ui/query-table';

const kindColors = { sale: 'blue', return: 'orange', birthday: 'pink', referral: 'cyan' } as const;

export function PointsTable(props: {
  query: {
    isError: boolean;
    isPending: boolean;
    error: unknown;
    data?: { data: PointEntry[]; meta: { total: number } };
  };
  page: number;
  onPage: (page: number) => void;
}) {
  const { t } = useTranslation('customers');

  const about = (entry: PointEntry) => {
    if (entry.kind === 'referral') return entry.friendName ? t('points.friend', { name: entry.friendName }) : '';
    if (entry.receiptNumber === null) return '';
    return t('points.receipt', { number: entry.receiptNumber });
  };

  const row = (entry: PointEntry, index: number) => (
    <Table.Tr
      // A history line has no id: its day, reason and place on the page name it.
      key={`${entry.date}-${entry.kind}-${index}`}
      c={entry.counted ? undefined : 'dimmed'}
      data-counted={entry.counted}
      data-testid="points-row"
    >
      <Table.Td style={{ whiteSpace: 'nowrap' }}>
        <Text fw={500} size="sm" dir="ltr" ta="start">
          {formatDate(entry.date)}
        </Text>
      </Table.Td>
      <Table.Td data-label={t('points.kind')}>
        <Badge color={entry.counted ? kindColors[entry.kind] : 'gray'} variant="light" size="sm">
          {t(`points.kinds.${entry.kind}`)}
        </Badge>
      </Table.Td>
      <Table.Td data-label={t('points.about')}>
        <bdi>{about(entry)}</bdi>
      </Table.Td>
      <Table.Td data-label={t('fields.shop')}>{entry.shopName ? <bdi>{entry.shopName}</bdi> : ''}</Table.Td>
      <Table.Td data-label={t('points.receiptTotal')} ta="end">
        {entry.totalCents !== null && <Money cents={entry.totalCents} />}
      </Table.Td>
      <Table.Td data-label={t('points.points')} ta="end">
        <Text span fw={600} dir="ltr" inherit style={{ fontVariantNumeric: 'tabular-nums', unicodeBidi: 'isolate' }}>
          {entry.points > 0 ? `+${entry.points}` : entry.points}
        </Text>
      </Table.Td>
      <Table.Td data-label={t('points.counts')}>
        {entry.counted ? (
          <Text span size="sm">
            {t('points.countsYes')}
          </Text>
        ) : (
          <Badge color="gray" variant="outline" size="sm">
            {t('points.noLongerCounts')}
          </Badge>
        )}
      </Table.Td>
    </Table.Tr>
  );

  return (
    <QueryTable
      query={props.query}
      empty={{ icon: <IconCoins size={32} />, title: t('points.empty') }}
      columns={[
        { label: t('points.date') },
        { label: t('points.kind') },
        { label: t('points.about') },
        { label: t('fields.shop') },
        { label: t('points.receiptTotal'), alignEnd: true },
        { label: t('points.points'), alignEnd: true },
        { label: t('points.counts') },
      ]}
      row={(entry) => row(entry, (props.query.data?.data ?? []).indexOf(entry))}
      total={(count) => t('points.total', { count })}
      page={props.page}
      onPage={props.onPage}
      testIdPrefix="points"
    />
  );
}
