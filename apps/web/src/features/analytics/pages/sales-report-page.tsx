// Accountancy › Report vendite (shops/analytics, spec §6 Shops › analytics › sales report): any period and any set of
// shops against the same weekdays a year before — takings, receipts, average receipt, pieces per receipt, returns,
// discounts and cancelled receipts as cards with their change; the takings day by day this year and last, the payment
// mix and the weekday × hour heat map as charts (@mantine/charts, loaded with this screen only); the shops in a
// sortable table; the budgets against the takings of their days (a card, the chart's line, the table's columns); CSV
// and XLSX. The choices live in the address.
import '@mantine/charts/styles.css';
import '@mantine/dates/styles.css';
import { budgetShare, type SalesFigures, type SalesReport, type SalesReportShop } from '@bottega/contracts/analytics';
import { businessDate } from '@bottega/contracts/dates';
import { formatMoney } from '@bottega/contracts/money';
import { changePercent } from '@bottega/contracts/reports';
import { DonutChart, LineChart } from '@mantine/charts';
import {
  Alert,
  Card,
  EmptyState,
  Group,
  MultiSelect,
  Progress,
  SegmentedControl,
  SimpleGrid,
  Skeleton,
  Stack,
  Table,
  Text,
  Title,
  UnstyledButton,
  VisuallyHidden,
} from '@mantine/core';
import {
  IconAlertCircle,
  IconArrowsSort,
  IconChartBar,
  IconSortAscending,
  IconSortDescending,
} from '@tabler/icons-react';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAddressParams } from '../../../lib/address-params';
import { errorMessage } from '../../../lib/error-message';
import { formatDate } from '../../../lib/format-date';
import { ChangePercent } from '../../../ui/change-percent';
import { DateRange } from '../../../ui/date-range';
import { DateRangeInput } from '../../../ui/date-range-input';
import { DownloadButton } from '../../../ui/download-button';
import { Money, moneyInText } from '../../../ui/money';
import { moneyChartProps } from '../../../ui/money-chart';
import { PageHeader } from '../../../ui/page-header';
import { ResponsiveTable } from '../../../ui/responsive-table';
import { useSelectableShops } from '../../auth/auth.api';
import { downloadSalesReport, useSalesReport } from '../analytics.api';
import { type SalesReportPreset, salesReportPeriod, salesReportPresets } from '../sales-report-period';

const cards = [
  'takings',
  'receipts',
  'averageReceipt',
  'piecesPerReceipt',
  'returns',
  'discounts',
  'cancelled',
] as const;
type CardMetric = (typeof cards)[number];

/** Each card's figure and whether it is money. */
const cardFigure: Record<CardMetric, { value: (figures: SalesFigures) => number | null; money: boolean }> = {
  takings: { value: (figures) => figures.takingsCents, money: true },
  receipts: { value: (figures) => figures.receipts, money: false },
  averageReceipt: { value: (figures) => figures.averageReceiptCents, money: true },
  piecesPerReceipt: { value: (figures) => figures.piecesPerReceipt, money: false },
  returns: { value: (figures) => figures.returnsCents, money: true },
  discounts: { value: (figures) => figures.discountCents, money: true },
  cancelled: { value: (figures) => figures.cancelledCents, money: true },
};

const paymentMethods = [
  ['cash', 'cashCents', 'teal.7'],
  ['creditCard', 'creditCardCents', 'blue.7'],
  ['bancomat', 'bancomatCents', 'violet.7'],
  ['voucher', 'voucherCents', 'orange.7'],
  ['other', 'otherCents', 'gray.6'],
] as const;

// The year before sits under its change, the share reached under the budget: one column each, so the table fits the
// tablet beside the menu.
const shopColumns = [
  'shop',
  'takings',
  'change',
  'receipts',
  'averageReceipt',
  'piecesPerReceipt',
  'returns',
  'discounts',
  'budget',
] as const;
type ShopColumn = (typeof shopColumns)[number];

function shopSortValue(row: SalesReportShop, column: ShopColumn): number | string {
  switch (column) {
    case 'shop':
      return row.shopCode;
    case 'takings':
      return row.current.takingsCents;
    case 'change':
      return changePercent(row.current.takingsCents, row.previous.takingsCents) ?? Number.NEGATIVE_INFINITY;
    case 'receipts':
      return row.current.receipts;
    case 'averageReceipt':
      return row.current.averageReceiptCents ?? -1;
    case 'piecesPerReceipt':
      return row.current.piecesPerReceipt ?? -1;
    case 'returns':
      return row.current.returnsCents;
    case 'discounts':
      return row.current.discountCents;
    case 'budget':
      return budgetShare(row.budget) ?? -1;
  }
}

function useNumber() {
  const { i18n } = useTranslation();
  // Western digits in Arabic too, as the money is shown.
  const locale = i18n.language === 'ar' ? 'ar-u-nu-latn' : i18n.language;
  // Pieces per receipt always with their two decimals (2,40 beside 2,47), counts without.
  return (value: number, decimals = 0) =>
    value.toLocaleString(locale, { minimumFractionDigits: decimals, maximumFractionDigits: decimals });
}

function FigureCard(props: { metric: CardMetric; report: SalesReport }) {
  const { t } = useTranslation('analytics');
  const number = useNumber();
  const { value, money } = cardFigure[props.metric];
  const now = value(props.report.current);
  const before = value(props.report.previous);
  const show = (figure: number | null): ReactNode =>
    figure === null ? (
      '—'
    ) : money ? (
      <Money cents={figure} />
    ) : (
      number(figure, props.metric === 'piecesPerReceipt' ? 2 : 0)
    );
  const count =
    props.metric === 'returns'
      ? props.report.current.returnsCount
      : props.metric === 'cancelled'
        ? props.report.current.cancelledCount
        : null;
  return (
    <Card withBorder padding="sm" data-testid={`sales-card-${props.metric}`}>
      <Text size="sm" c="dimmed">
        {t(`sales.metrics.${props.metric}`)}
      </Text>
      <Text fz="lg" fw={700} data-testid={`sales-card-${props.metric}-value`}>
        {show(now)}
      </Text>
      {count !== null && (
        <Text size="xs" c="dimmed">
          {t('sales.count', { value: number(count) })}
        </Text>
      )}
      <Group gap={6} wrap="wrap">
        <Text size="xs">
          <ChangePercent now={now} before={before} arrows />
        </Text>
        <Text size="xs" c="dimmed">
          {t('sales.vsPreviousYear')} ({show(before)})
        </Text>
      </Group>
    </Card>
  );
}

/** Budget against actual: the takings of the budgeted shop-days against their budgets, as a bar and a share. */
function BudgetCard({ report }: { report: SalesReport }) {
  const { t } = useTranslation('analytics');
  const share = budgetShare(report.budget);
  return (
    <Card withBorder padding="sm" data-testid="sales-card-budget">
      <Text size="sm" c="dimmed">
        {t('sales.budget.card')}
      </Text>
      {report.budget === null || share === null ? (
        <Text size="sm" mt={4}>
          {t('sales.budget.none')}
        </Text>
      ) : (
        <>
          <Text fz="lg" fw={700} data-testid="sales-card-budget-value">
            {share} %
          </Text>
          <Progress
            value={Math.min(share, 100)}
            color={share >= 100 ? 'teal' : 'blue'}
            aria-label={t('sales.budget.card')}
            my={4}
          />
          <Text size="xs" c="dimmed">
            {t('sales.budget.detail', {
              takings: moneyInText(report.budget.takingsCents),
              budget: moneyInText(report.budget.budgetCents),
            })}
          </Text>
        </>
      )}
    </Card>
  );
}

function TakingsChart({ report }: { report: SalesReport }) {
  const { t } = useTranslation('analytics');
  // The line stands beside every shop's takings, so it is drawn only when every shop of the report has a budget.
  const budgetComparable = report.shops.length > 0 && report.shops.every((shop) => shop.budget !== null);
  return (
    <Card withBorder>
      <Title order={2} size="h4" mb="sm">
        {t('sales.takingsChart')}
      </Title>
      <div role="img" aria-label={t('sales.takingsChart')} dir="ltr" data-testid="sales-takings-chart">
        <LineChart
          h={260}
          data={report.days.map((day) => ({
            day: formatDate(day.date).slice(0, 5),
            current: day.takingsCents / 100,
            previous: day.previousTakingsCents / 100,
            budget: day.budgetCents === null ? null : day.budgetCents / 100,
          }))}
          dataKey="day"
          series={[
            { name: 'previous', label: t('sales.previous'), color: 'gray.5' },
            { name: 'current', label: t('sales.current'), color: 'blue.6' },
            ...(budgetComparable
              ? [{ name: 'budget', label: t('sales.budget.series'), color: 'orange.7', strokeDasharray: '5 5' }]
              : []),
          ]}
          curveType="monotone"
          withDots={report.days.length <= 62}
          {...moneyChartProps}
          withLegend
          tickLine="y"
        />
      </div>
    </Card>
  );
}

function PaymentsChart({ figures }: { figures: SalesFigures }) {
  const { t } = useTranslation('analytics');
  const data = paymentMethods.map(([method, key, color]) => ({
    name: t(`sales.payments.${method}`),
    value: Math.max(0, figures[key]) / 100,
    color,
  }));
  return (
    <Card withBorder h="100%">
      <Title order={2} size="h4" mb="sm">
        {t('sales.paymentsChart')}
      </Title>
      <Group align="center" gap="lg" wrap="wrap">
        <div role="img" aria-label={t('sales.paymentsChart')}>
          <DonutChart
            data={data.some((slice) => slice.value > 0) ? data : [{ name: '—', value: 1, color: 'gray.3' }]}
            size={160}
            thickness={26}
            valueFormatter={moneyChartProps.valueFormatter}
            withTooltip={false}
          />
        </div>
        <Stack gap={4} data-testid="sales-payments">
          {paymentMethods.map(([method, key, color]) => (
            <Group key={method} gap="xs" wrap="nowrap">
              <span
                aria-hidden
                style={{
                  width: 12,
                  height: 12,
                  borderRadius: 3,
                  background: `var(--mantine-color-${color.replace('.', '-')})`,
                }}
              />
              <Text size="sm">{t(`sales.payments.${method}`)}</Text>
              <Text size="sm" fw={600}>
                <Money cents={figures[key]} />
              </Text>
            </Group>
          ))}
        </Stack>
      </Group>
    </Card>
  );
}

/** The weekday × hour grid: each cell's colour grows with its receipts; its words say them to screen readers. */
function HeatMap({ report }: { report: SalesReport }) {
  const { t } = useTranslation('analytics');
  const cells = new Map(report.heatMap.map((cell) => [`${cell.weekday}-${cell.hour}`, cell]));
  const hours = report.heatMap.map((cell) => cell.hour);
  const first = Math.min(...hours);
  const last = Math.max(...hours);
  const shown = hours.length === 0 ? [] : Array.from({ length: last - first + 1 }, (_, index) => first + index);
  const most = Math.max(1, ...report.heatMap.map((cell) => cell.receipts));
  return (
    <Card withBorder>
      <Title order={2} size="h4" mb="sm" id="sales-heat-map-title">
        {t('sales.heatMap')}
      </Title>
      {/* Fixed layout at the card's width: the hours share it, so the grid fits a phone without scrolling sideways. */}
      <table
        aria-labelledby="sales-heat-map-title"
        style={{
          width: '100%',
          tableLayout: 'fixed',
          borderCollapse: 'separate',
          borderSpacing: 2,
          fontSize: 'var(--mantine-font-size-xs)',
        }}
        data-testid="sales-heat-map"
      >
        <thead>
          <tr>
            <th scope="col" style={{ width: '4.5em' }}>
              <VisuallyHidden>{t('sales.hour')}</VisuallyHidden>
            </th>
            {shown.map((hour) => {
              const label = String(hour).padStart(2, '0');
              // Every third hour named on narrow grids; the others still named to screen readers.
              const named = shown.length <= 12 || hour % 3 === 0;
              return (
                <th key={hour} scope="col" style={{ fontWeight: 500, overflow: 'visible', whiteSpace: 'nowrap' }}>
                  {named ? label : <VisuallyHidden>{label}</VisuallyHidden>}
                </th>
              );
            })}
          </tr>
        </thead>
        <tbody>
          {[1, 2, 3, 4, 5, 6, 7].map((weekday) => (
            <tr key={weekday}>
              <th
                scope="row"
                style={{
                  fontWeight: 500,
                  textAlign: 'start',
                  overflow: 'hidden',
                  textOverflow: 'ellipsis',
                  whiteSpace: 'nowrap',
                }}
              >
                {t(`sales.weekdays.${weekday}`)}
              </th>
              {shown.map((hour) => {
                const cell = cells.get(`${weekday}-${hour}`);
                const share = cell ? Math.max(0.08, cell.receipts / most) : 0;
                const words = cell
                  ? t('sales.heatMapCell', {
                      weekday: t(`sales.weekdays.${weekday}`),
                      hour: String(hour).padStart(2, '0'),
                      receipts: cell.receipts,
                      takings: formatMoney(cell.takingsCents),
                    })
                  : undefined;
                return (
                  <td
                    key={hour}
                    title={words}
                    style={{
                      height: 24,
                      borderRadius: 4,
                      background:
                        share > 0
                          ? `color-mix(in srgb, var(--mantine-color-blue-filled) ${Math.round(share * 100)}%, transparent)`
                          : 'var(--mantine-color-default-border)',
                    }}
                  >
                    {words && <VisuallyHidden>{words}</VisuallyHidden>}
                  </td>
                );
              })}
            </tr>
          ))}
        </tbody>
      </table>
    </Card>
  );
}

function ShopsTable({ report }: { report: SalesReport }) {
  const { t } = useTranslation('analytics');
  const number = useNumber();
  const [sort, setSort] = useState<{ column: ShopColumn; descending: boolean }>({
    column: 'takings',
    descending: true,
  });
  const rows = [...report.shops].sort((a, b) => {
    const x = shopSortValue(a, sort.column);
    const y = shopSortValue(b, sort.column);
    const order = x < y ? -1 : x > y ? 1 : 0;
    return sort.descending ? -order : order;
  });
  const label = (column: ShopColumn) =>
    column === 'shop'
      ? t('sales.shop')
      : column === 'change'
        ? t('sales.change')
        : column === 'budget'
          ? t('sales.budget.column')
          : t(`sales.metrics.${column}`);
  return (
    <Card withBorder padding={0}>
      <Title order={2} size="h4" px="md" pt="md">
        {t('sales.byShop')}
      </Title>
      <ResponsiveTable verticalSpacing="xs" data-testid="sales-shops">
        <Table.Thead>
          <Table.Tr>
            {shopColumns.map((column) => {
              const active = sort.column === column;
              const Icon = active ? (sort.descending ? IconSortDescending : IconSortAscending) : IconArrowsSort;
              return (
                <Table.Th
                  key={column}
                  ta={column === 'shop' ? 'start' : 'end'}
                  aria-sort={active ? (sort.descending ? 'descending' : 'ascending') : undefined}
                >
                  <UnstyledButton
                    onClick={() => setSort({ column, descending: active ? !sort.descending : column !== 'shop' })}
                    aria-label={t('sales.sortBy', { column: label(column) })}
                    data-testid={`sales-sort-${column}`}
                  >
                    <Group gap={4} wrap="nowrap" justify={column === 'shop' ? 'flex-start' : 'flex-end'}>
                      <Text size="sm" fw={700}>
                        {label(column)}
                      </Text>
                      <Icon size={14} aria-hidden />
                    </Group>
                  </UnstyledButton>
                </Table.Th>
              );
            })}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((row) => (
            <Table.Tr key={row.shopId} data-testid={`sales-shop-${row.shopCode}`}>
              <Table.Td>
                <bdi>{`${row.shopCode} · ${row.shopName}`}</bdi>
              </Table.Td>
              <Table.Td ta="end" data-label={label('takings')}>
                <Money cents={row.current.takingsCents} />
              </Table.Td>
              <Table.Td ta="end" data-label={label('change')}>
                <ChangePercent now={row.current.takingsCents} before={row.previous.takingsCents} arrows />
                <Text size="xs" c="dimmed">
                  {t('sales.previous')}: <Money cents={row.previous.takingsCents} />
                </Text>
              </Table.Td>
              <Table.Td ta="end" data-label={label('receipts')}>
                {number(row.current.receipts)}
              </Table.Td>
              <Table.Td ta="end" data-label={label('averageReceipt')}>
                {row.current.averageReceiptCents === null ? '—' : <Money cents={row.current.averageReceiptCents} />}
              </Table.Td>
              <Table.Td ta="end" data-label={label('piecesPerReceipt')}>
                {row.current.piecesPerReceipt === null ? '—' : number(row.current.piecesPerReceipt, 2)}
              </Table.Td>
              <Table.Td ta="end" data-label={label('returns')}>
                <Money cents={row.current.returnsCents} />
              </Table.Td>
              <Table.Td ta="end" data-label={label('discounts')}>
                <Money cents={row.current.discountCents} />
              </Table.Td>
              <Table.Td ta="end" data-label={label('budget')}>
                {row.budget === null ? (
                  '—'
                ) : (
                  <>
                    <Money cents={row.budget.budgetCents} />
                    <Text size="xs" c="dimmed">
                      {t('sales.budget.reached', { share: budgetShare(row.budget) })}
                    </Text>
                  </>
                )}
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </ResponsiveTable>
    </Card>
  );
}

export default function SalesReportPage() {
  const { t } = useTranslation(['analytics', 'errors']);
  const shops = useSelectableShops(true);
  const [params, change] = useAddressParams();
  const today = businessDate();
  const presetParam = params.get('period') as SalesReportPreset;
  const preset: SalesReportPreset = salesReportPresets.includes(presetParam) ? presetParam : 'thisMonth';
  const period = salesReportPeriod(preset, today, { from: params.get('from'), to: params.get('to') });
  const shopIds = (params.get('shops') ?? '')
    .split(',')
    .filter((value) => /^\d+$/.test(value))
    .map(Number);
  const choosePreset = (value: SalesReportPreset) => {
    // Custom starts from the period shown, so it is there to adjust.
    if (value === 'custom') change({ period: value, from: period?.from ?? null, to: period?.to ?? null });
    else change({ period: value === 'thisMonth' ? null : value, from: null, to: null });
  };
  const answer = useSalesReport(period, shopIds);
  const data = answer.data;
  const empty =
    data && data.current.receipts === 0 && data.current.takingsCents === 0 && data.current.returnsCount === 0;
  const fileName = (format: 'csv' | 'xlsx') =>
    period ? `${t('export.fileName')}-${period.from}_${period.to}.${format}` : '';

  return (
    <>
      <PageHeader
        title={t('menu.salesReport')}
        description={t('sales.description')}
        actions={
          period && (
            <Group gap="xs">
              {(['csv', 'xlsx'] as const).map((format) => (
                <DownloadButton
                  key={format}
                  label={t('sales.download')}
                  fileName={fileName(format)}
                  download={() => downloadSalesReport(period, shopIds, format, fileName(format))}
                >
                  {t(format === 'csv' ? 'sales.downloadCsv' : 'sales.downloadXlsx')}
                </DownloadButton>
              ))}
            </Group>
          )
        }
      />
      <Stack gap="lg">
        <Group gap="sm" align="flex-end">
          <MultiSelect
            label={t('sales.shops')}
            placeholder={shopIds.length === 0 ? t('sales.allShops') : undefined}
            data={(shops.data ?? []).map((shop) => ({ value: String(shop.id), label: `${shop.code} · ${shop.name}` }))}
            value={shopIds.map(String)}
            onChange={(values) => change({ shops: values.join(',') })}
            searchable
            clearable
            w={{ base: '100%', sm: 320 }}
            data-testid="sales-shops-select"
          />
          <Stack gap={4} maw="100%">
            <Text size="sm" fw={500} id="sales-period-label">
              {t('sales.period')}
            </Text>
            <SegmentedControl
              aria-labelledby="sales-period-label"
              data={salesReportPresets.map((value) => ({ value, label: t(`sales.presets.${value}`) }))}
              value={preset}
              onChange={(value) => choosePreset(value as SalesReportPreset)}
              data-testid="sales-period"
              style={{ flexWrap: 'wrap' }}
            />
          </Stack>
          {preset === 'custom' && (
            <DateRangeInput
              label={t('sales.period')}
              value={[params.get('from'), params.get('to')]}
              onChange={([from, to]) => change({ from, to })}
              maxDate={today}
              w={{ base: '100%', xs: 240 }}
              data-testid="sales-custom-period"
            />
          )}
        </Group>
        {period === null ? (
          <Alert color="yellow" icon={<IconAlertCircle size={18} />}>
            {t('sales.invalidPeriod')}
          </Alert>
        ) : answer.isError ? (
          <Alert color="red" icon={<IconAlertCircle size={18} />} role="alert">
            {errorMessage(answer.error, t)}
          </Alert>
        ) : !data ? (
          <Stack gap="lg" data-testid="sales-loading">
            <SimpleGrid cols={{ base: 1, xs: 2, md: 4 }}>
              {cards.map((metric) => (
                <Skeleton key={metric} h={92} />
              ))}
            </SimpleGrid>
            <Skeleton h={300} />
          </Stack>
        ) : (
          <>
            <Text size="sm" c="dimmed" data-testid="sales-periods">
              {t('sales.current')}: <DateRange from={data.period.from} to={data.period.to} /> · {t('sales.previous')}:{' '}
              <DateRange from={data.previousPeriod.from} to={data.previousPeriod.to} />
            </Text>
            {empty ? (
              <Card withBorder>
                <EmptyState py="xl" icon={<IconChartBar size={32} />} title={t('sales.empty')} />
              </Card>
            ) : (
              <>
                <SimpleGrid cols={{ base: 1, xs: 2, md: 4 }} data-testid="sales-cards">
                  {cards.map((metric) => (
                    <FigureCard key={metric} metric={metric} report={data} />
                  ))}
                  <BudgetCard report={data} />
                </SimpleGrid>
                <TakingsChart report={data} />
                <SimpleGrid cols={{ base: 1, md: 2 }}>
                  <PaymentsChart figures={data.current} />
                  <HeatMap report={data} />
                </SimpleGrid>
                {data.shops.length > 0 && <ShopsTable report={data} />}
              </>
            )}
          </>
        )}
      </Stack>
    </>
  );
}
