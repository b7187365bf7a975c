// Ranks › ranks/analytics: a ranked shop's place in the ranking month by month against each of its competitors — a
// chart with the 1st place on top, then the same figures in a table.
import { businessDate, shiftMonth } from '@bottega/contracts/dates';
import { Alert, Card, EmptyState, Group, Skeleton, Stack, Table, Text } from '@mantine/core';
import { MonthPickerInput } from '@mantine/dates';
import { IconAlertCircle, IconChartLine, IconInfoCircle } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { calendarLocale } from '../../../lib/calendar-locale';
import { errorMessage } from '../../../lib/error-message';
import { PageHeader } from '../../../ui/page-header';
import { ResponsiveTable } from '../../../ui/responsive-table';
import { monthLabel, RankChart } from '../components/rank-chart';
import { RankedShopSelect } from '../components/ranked-shop-select';
import { useRankAnalytics, useRankedShops } from '../rankings.api';

const monthPattern = /^\d{4}-(0[1-9]|1[0-2])$/;

export default function RankAnalyticsPage() {
  const { t } = useTranslation(['rankings', 'errors']);
  const [params, setParams] = useSearchParams();
  const shops = useRankedShops();
  const thisMonth = businessDate().slice(0, 7);
  // By default the twelve published months: the last one is the month before this.
  const to = monthPattern.test(params.get('to') ?? '') ? (params.get('to') as string) : shiftMonth(thisMonth, -1);
  const from = monthPattern.test(params.get('from') ?? '') ? (params.get('from') as string) : shiftMonth(to, -11);
  const shopParam = Number(params.get('shopId'));
  const shopId = shops.data?.find((shop) => shop.id === shopParam)?.id ?? shops.data?.[0]?.id ?? null;
  const analytics = useRankAnalytics({ shopId, from, to });
  const change = (next: Record<string, string>) =>
    setParams({ shopId: String(shopId ?? ''), from, to, ...next }, { replace: true });
  const data = analytics.data;
  const empty = data?.series.every((series) => series.positions.every((position) => position === null));

  return (
    <>
      <PageHeader title={t('analytics.title')} description={t('analytics.description')} />
      <Stack gap="lg">
        <Group gap="sm" align="flex-end">
          <RankedShopSelect
            shops={shops.data}
            value={shopId}
            onChange={(value) => change({ shopId: String(value ?? '') })}
            testId="analytics-shop"
          />
          <MonthPickerInput
            type="range"
            label={t('analytics.range')}
            value={[`${from}-01`, `${to}-01`]}
            onChange={([start, end]) => start && end && change({ from: start.slice(0, 7), to: end.slice(0, 7) })}
            valueFormat="MM/YYYY"
            locale={calendarLocale()}
            maxDate={`${thisMonth}-01`}
            w={{ base: '100%', xs: 220 }}
            data-testid="analytics-range"
          />
        </Group>
        {shops.isError || analytics.isError ? (
          <Alert color="red" icon={<IconAlertCircle size={18} />} role="alert">
            {errorMessage(shops.error ?? analytics.error, t)}
          </Alert>
        ) : shops.data?.length === 0 ? (
          <Alert color="blue" icon={<IconInfoCircle size={18} />}>
            {t('noRankedShops')}
          </Alert>
        ) : !data ? (
          <Skeleton h={340} data-testid="analytics-loading" />
        ) : empty ? (
          <Card withBorder>
            <EmptyState
              py="xl"
              icon={<IconChartLine size={32} />}
              title={t('analytics.empty')}
              description={t('analytics.emptyHint')}
              data-testid="analytics-empty"
            />
          </Card>
        ) : (
          <>
            <RankChart analytics={data} />
            <Card withBorder padding={0}>
              <ResponsiveTable verticalSpacing="xs" data-testid="analytics-table">
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>{t('analytics.month')}</Table.Th>
                    {data.series.map((series) => (
                      <Table.Th key={series.competitorId ?? 'shop'} ta="end">
                        <bdi>{series.name}</bdi>
                      </Table.Th>
                    ))}
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {data.periods.map((period, month) => (
                    <Table.Tr key={period}>
                      <Table.Td>
                        <Text size="sm" fw={500} dir="ltr" style={{ unicodeBidi: 'isolate' }}>
                          {monthLabel(period)}
                        </Text>
                      </Table.Td>
                      {data.series.map((series) => (
                        <Table.Td key={series.competitorId ?? 'shop'} ta="end" data-label={series.name}>
                          {series.positions[month] ?? '—'}
                        </Table.Td>
                      ))}
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </ResponsiveTable>
            </Card>
          </>
        )}
      </Stack>
    </>
  );
}
