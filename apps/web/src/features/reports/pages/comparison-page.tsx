// Accountancy › Confronto periodi (report/comparison, spec §6 Shops › analytics › compare inventory): a period against
// another — the previous month, the same month last year, or two custom ranges — for one shop or every shop the
// viewer reaches: takings, receipts, average receipt, pieces per receipt and returns from the sales feed's daily
// totals, with their change; the system register against the fiscal closes against the bank; the takings day by day
// as a chart (@mantine/charts, loaded with this screen) and per shop as a table. The choices live in the address.
import '@mantine/charts/styles.css';
import '@mantine/dates/styles.css';
import { businessDate } from '@bottega/contracts/dates';
import type { ComparisonFigures } from '@bottega/contracts/reports';
import { BarChart } from '@mantine/charts';
import {
  Alert,
  Card,
  EmptyState,
  Group,
  SegmentedControl,
  Select,
  SimpleGrid,
  Skeleton,
  Stack,
  Table,
  Text,
  Title,
} from '@mantine/core';
import { MonthPickerInput } from '@mantine/dates';
import { IconAlertCircle, IconBuildingStore, IconChartBar } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useAddressParams } from '../../../lib/address-params';
import { calendarLocale } from '../../../lib/calendar-locale';
import { errorMessage } from '../../../lib/error-message';
import { ChangePercent } from '../../../ui/change-percent';
import { DateRange } from '../../../ui/date-range';
import { DateRangeInput } from '../../../ui/date-range-input';
import { Money } from '../../../ui/money';
import { moneyChartProps } from '../../../ui/money-chart';
import { PageHeader } from '../../../ui/page-header';
import { ResponsiveTable } from '../../../ui/responsive-table';
import { useSelectableShops } from '../../auth/auth.api';
import { type ComparisonPreset, comparisonPeriods, comparisonPresets } from '../comparison-periods';
import { useComparison } from '../reports.api';

const presets = comparisonPresets;
type Preset = ComparisonPreset;
const metrics = ['takings', 'receipts', 'averageReceipt', 'piecesPerReceipt', 'returns'] as const;
type Metric = (typeof metrics)[number];

function metricValue(figures: ComparisonFigures, metric: Metric): number | null {
  switch (metric) {
    case 'takings':
      return figures.takingsCents;
    case 'receipts':
      return figures.receipts;
    case 'averageReceipt':
      return figures.averageReceiptCents;
    case 'piecesPerReceipt':
      return figures.piecesPerReceipt;
    case 'returns':
      return figures.returnsCents;
  }
}

function MetricValue(props: { metric: Metric; value: number | null; lng: string }): ReactNode {
  if (props.value === null) return '—';
  if (props.metric === 'takings' || props.metric === 'averageReceipt' || props.metric === 'returns') {
    return <Money cents={props.value} />;
  }
  return props.value.toLocaleString(props.lng === 'ar' ? 'ar-u-nu-latn' : props.lng);
}

export default function ComparisonPage() {
  const { t, i18n } = useTranslation(['reports', 'errors']);
  const shops = useSelectableShops(true);
  const [params, change] = useAddressParams();
  const today = businessDate();
  const choices = shops.data ?? [];
  const shop = choices.find((choice) => choice.id === Number(params.get('shop')));
  const presetParam = params.get('against') as Preset;
  const preset: Preset = presets.includes(presetParam) ? presetParam : 'previousMonth';
  const monthParam = params.get('month') ?? '';
  const month = /^\d{4}-\d{2}$/.test(monthParam) ? monthParam : today.slice(0, 7);
  const periods = comparisonPeriods(preset, month, params, today);
  const choosePreset = (value: Preset) => {
    if (value !== 'custom') return change({ against: value === 'previousMonth' ? null : value });
    // Custom starts from the periods shown, so the two ranges are there to adjust.
    const shown =
      comparisonPeriods(preset, month, params, today) ?? comparisonPeriods('previousMonth', month, params, today);
    change({ against: 'custom', ...shown });
  };
  const answer = useComparison(
    shop?.id,
    periods ?? { from: '', to: '', againstFrom: '', againstTo: '' },
    periods !== null && !shops.isPending,
  );
  const data = answer.data;
  const empty = data && data.current.receipts === 0 && data.previous.receipts === 0 && data.current.takingsCents === 0;

  return (
    <>
      <PageHeader title={t('comparison.title')} description={t('comparison.description')} />
      <Stack gap="lg">
        <Group gap="sm" align="flex-end">
          <Select
            label={t('comparison.shop')}
            leftSection={<IconBuildingStore size={16} />}
            data={[
              { value: '', label: t('comparison.allShops') },
              ...choices.map((choice) => ({ value: String(choice.id), label: `${choice.code} · ${choice.name}` })),
            ]}
            value={shop ? String(shop.id) : ''}
            allowDeselect={false}
            searchable
            onChange={(value) => change({ shop: value })}
            w={{ base: '100%', xs: 260 }}
            data-testid="comparison-shop"
          />
          <Stack gap={4}>
            <Text size="sm" fw={500} id="comparison-against-label">
              {t('comparison.against')}
            </Text>
            <SegmentedControl
              aria-labelledby="comparison-against-label"
              data={presets.map((value) => ({ value, label: t(`comparison.presets.${value}`) }))}
              value={preset}
              onChange={(value) => choosePreset(value as Preset)}
              data-testid="comparison-preset"
              style={{ flexWrap: 'wrap' }}
            />
          </Stack>
          {preset === 'custom' ? (
            <>
              <DateRangeInput
                label={t('comparison.period')}
                value={[params.get('from'), params.get('to')]}
                onChange={([from, to]) => change({ from, to })}
                w={{ base: '100%', xs: 240 }}
                data-testid="comparison-period"
              />
              <DateRangeInput
                label={t('comparison.againstPeriod')}
                value={[params.get('againstFrom'), params.get('againstTo')]}
                onChange={([from, to]) => change({ againstFrom: from, againstTo: to })}
                w={{ base: '100%', xs: 240 }}
                data-testid="comparison-against-period"
              />
            </>
          ) : (
            <MonthPickerInput
              label={t('comparison.month')}
              value={`${month}-01`}
              onChange={(value) => value && change({ month: value.slice(0, 7) })}
              valueFormat="MMMM YYYY"
              locale={calendarLocale()}
              maxDate={`${today.slice(0, 7)}-01`}
              allowDeselect={false}
              w={{ base: '100%', xs: 190 }}
              data-testid="comparison-month"
            />
          )}
        </Group>
        {periods === null ? (
          <Alert color="yellow" icon={<IconAlertCircle size={18} />}>
            {t('comparison.invalidPeriod')}
          </Alert>
        ) : answer.isError ? (
          <Alert color="red" icon={<IconAlertCircle size={18} />} role="alert">
            {errorMessage(answer.error, t)}
          </Alert>
        ) : !data ? (
          <Skeleton h={320} />
        ) : (
          <>
            <Text size="sm" c="dimmed" data-testid="comparison-periods">
              {t('comparison.current')}: <DateRange from={data.period.from} to={data.period.to} /> ·{' '}
              {t('comparison.previous')}: <DateRange from={data.against.from} to={data.against.to} />
            </Text>
            {empty ? (
              <Card withBorder>
                <EmptyState py="xl" icon={<IconChartBar size={32} />} title={t('comparison.empty')} />
              </Card>
            ) : (
              <>
                <SimpleGrid cols={{ base: 1, xs: 2, md: 5 }} data-testid="comparison-metrics">
                  {metrics.map((metric) => (
                    <Card withBorder key={metric} padding="sm" data-testid={`comparison-${metric}`}>
                      <Text size="sm" c="dimmed">
                        {t(`comparison.metrics.${metric}`)}
                      </Text>
                      <Text fz="lg" fw={700}>
                        <MetricValue metric={metric} value={metricValue(data.current, metric)} lng={i18n.language} />
                      </Text>
                      <Group gap={6} wrap="wrap">
                        <Text size="xs" c="dimmed">
                          <MetricValue metric={metric} value={metricValue(data.previous, metric)} lng={i18n.language} />
                        </Text>
                        <Text size="xs">
                          <ChangePercent
                            now={metricValue(data.current, metric)}
                            before={metricValue(data.previous, metric)}
                          />
                        </Text>
                      </Group>
                    </Card>
                  ))}
                </SimpleGrid>
                <Card withBorder>
                  <Title order={2} size="h4" mb="sm">
                    {t('comparison.chart')}
                  </Title>
                  <div role="img" aria-label={t('comparison.chart')} dir="ltr">
                    <BarChart
                      h={240}
                      data={data.days.map((day) => ({
                        day: String(day.index),
                        current: (day.takingsCents ?? 0) / 100,
                        previous: (day.againstTakingsCents ?? 0) / 100,
                      }))}
                      dataKey="day"
                      series={[
                        { name: 'previous', label: t('comparison.previous'), color: 'gray.5' },
                        { name: 'current', label: t('comparison.current'), color: 'blue.6' },
                      ]}
                      {...moneyChartProps}
                      withLegend
                      tickLine="y"
                    />
                  </div>
                </Card>
                <Card withBorder padding={0}>
                  <Title order={2} size="h4" px="md" pt="md">
                    {t('comparison.sources.title')}
                  </Title>
                  <ResponsiveTable verticalSpacing="xs" data-testid="comparison-sources">
                    <Table.Thead>
                      <Table.Tr>
                        <Table.Th>{t('comparison.period')}</Table.Th>
                        <Table.Th ta="end">{t('comparison.sources.system')}</Table.Th>
                        <Table.Th ta="end">{t('comparison.sources.fiscal')}</Table.Th>
                        <Table.Th ta="end">{t('comparison.sources.pos')}</Table.Th>
                        <Table.Th ta="end">{t('comparison.sources.deposits')}</Table.Th>
                        <Table.Th ta="end">{t('comparison.sources.bank')}</Table.Th>
                      </Table.Tr>
                    </Table.Thead>
                    <Table.Tbody>
                      {(
                        [
                          ['current', data.current, data.period],
                          ['previous', data.previous, data.against],
                        ] as const
                      ).map(([key, figures, period]) => (
                        <Table.Tr key={key}>
                          <Table.Td>
                            <Text size="sm" fw={600}>
                              {t(`comparison.${key}`)}
                            </Text>
                            <Text size="xs" c="dimmed">
                              <DateRange from={period.from} to={period.to} />
                            </Text>
                          </Table.Td>
                          <Table.Td ta="end" data-label={t('comparison.sources.system')}>
                            <Money cents={figures.takingsCents} />
                          </Table.Td>
                          <Table.Td ta="end" data-label={t('comparison.sources.fiscal')}>
                            <Money cents={figures.fiscalCents} />
                          </Table.Td>
                          <Table.Td ta="end" data-label={t('comparison.sources.pos')}>
                            <Money cents={figures.posSettledCents} />
                          </Table.Td>
                          <Table.Td ta="end" data-label={t('comparison.sources.deposits')}>
                            <Money cents={figures.depositsCents} />
                          </Table.Td>
                          <Table.Td ta="end" fw={600} data-label={t('comparison.sources.bank')}>
                            <Money cents={figures.bankCents} />
                          </Table.Td>
                        </Table.Tr>
                      ))}
                    </Table.Tbody>
                  </ResponsiveTable>
                  <Text size="xs" c="dimmed" p="md">
                    {t('comparison.sources.hint')}
                  </Text>
                </Card>
                {data.shops.length > 1 && (
                  <Card withBorder padding={0}>
                    <Title order={2} size="h4" px="md" pt="md">
                      {t('comparison.byShop')}
                    </Title>
                    <ResponsiveTable verticalSpacing="xs" data-testid="comparison-shops">
                      <Table.Thead>
                        <Table.Tr>
                          <Table.Th>{t('comparison.shop')}</Table.Th>
                          <Table.Th ta="end">{t('comparison.metrics.takings')}</Table.Th>
                          <Table.Th ta="end">{t('comparison.previous')}</Table.Th>
                          <Table.Th ta="end">{t('comparison.change')}</Table.Th>
                          <Table.Th ta="end">{t('comparison.metrics.receipts')}</Table.Th>
                          <Table.Th ta="end">{t('comparison.metrics.averageReceipt')}</Table.Th>
                        </Table.Tr>
                      </Table.Thead>
                      <Table.Tbody>
                        {data.shops.map((row) => (
                          <Table.Tr key={row.shopId} data-testid={`comparison-shop-${row.shopCode}`}>
                            <Table.Td>
                              <bdi>{`${row.shopCode} · ${row.shopName}`}</bdi>
                            </Table.Td>
                            <Table.Td ta="end" data-label={t('comparison.metrics.takings')}>
                              <Money cents={row.current.takingsCents} />
                            </Table.Td>
                            <Table.Td ta="end" data-label={t('comparison.previous')}>
                              <Money cents={row.against.takingsCents} />
                            </Table.Td>
                            <Table.Td ta="end" data-label={t('comparison.change')}>
                              <ChangePercent now={row.current.takingsCents} before={row.against.takingsCents} />
                            </Table.Td>
                            <Table.Td ta="end" data-label={t('comparison.metrics.receipts')}>
                              {row.current.receipts}
                            </Table.Td>
                            <Table.Td ta="end" data-label={t('comparison.metrics.averageReceipt')}>
                              {row.current.averageReceiptCents === null ? (
                                '—'
                              ) : (
                                <Money cents={row.current.averageReceiptCents} />
                              )}
                            </Table.Td>
                          </Table.Tr>
                        ))}
                      </Table.Tbody>
                    </ResponsiveTable>
                  </Card>
                )}
              </>
            )}
          </>
        )}
      </Stack>
    </>
  );
}
