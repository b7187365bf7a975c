// Management › employeesShift/analytics (the shops one works in) and employeesShift/analyticsFull (every shop): a
// shop or all, a week or a month; the totals as cards, planned against worked hours as a chart, the figures grouped
// by employee, shop, week or month a page at a time from the server, and the per-employee files for the payroll.
import {
  formatMinutes,
  type ShiftAnalyticsGrouping,
  type ShiftAnalyticsRow,
  type ShiftFigures,
  shiftAnalyticsGroupings,
} from '@bottega/contracts/shift-analytics';
import { timeOffReasons } from '@bottega/contracts/shifts';
import {
  ActionIcon,
  Card,
  EmptyState,
  Group,
  Pagination,
  SegmentedControl,
  Select,
  SimpleGrid,
  Skeleton,
  Stack,
  Table,
  Text,
  Title,
  Tooltip,
} from '@mantine/core';
import { IconCalendarStats, IconChevronLeft, IconChevronRight } from '@tabler/icons-react';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { currentLanguage } from '../../../lib/i18n';
import { DownloadButton } from '../../../ui/download-button';
import { PageHeader } from '../../../ui/page-header';
import { QueryPlaceholder } from '../../../ui/query-placeholder';
import { RefreshButton } from '../../../ui/refresh-button';
import { ResponsiveTable } from '../../../ui/responsive-table';
import { convertPeriod, currentPeriod, monthName, type PeriodKind, stepPeriod, weekParts } from '../analytics-period';
import { AnalyticsChart } from '../components/analytics-chart';
import {
  type AnalyticsBase,
  type AnalyticsFilter,
  downloadAnalytics,
  useAnalyticsRows,
  useAnalyticsShops,
  useAnalyticsSummary,
} from '../shift-analytics.api';

const perPage = 20;
const allShops = 'all';

function absenceDays(figures: ShiftFigures): number {
  return timeOffReasons.reduce((total, reason) => total + figures.absences[reason], 0);
}

function Kpi(props: { label: string; value: ReactNode; detail?: ReactNode; testId: string; loading: boolean }) {
  return (
    <Card withBorder padding="md" data-testid={props.testId}>
      <Text size="sm" c="dimmed">
        {props.label}
      </Text>
      {props.loading ? (
        <Skeleton h={28} mt={4} w="60%" />
      ) : (
        <Text fz={26} fw={700}>
          <span dir="ltr" data-testid={`${props.testId}-value`}>
            {props.value}
          </span>
        </Text>
      )}
      {props.detail && !props.loading && (
        <Text size="xs" c="dimmed">
          {props.detail}
        </Text>
      )}
    </Card>
  );
}

function AnalyticsPage({ base, titleKey }: { base: AnalyticsBase; titleKey: string }) {
  const { t } = useTranslation('shift-analytics');
  const lng = currentLanguage();
  const [shop, setShop] = useState<string>(allShops);
  const [kind, setKind] = useState<PeriodKind>('week');
  const [period, setPeriod] = useState(() => currentPeriod('week'));
  const [groupBy, setGroupBy] = useState<ShiftAnalyticsGrouping>('employee');
  const [page, setPage] = useState(1);
  const filter: AnalyticsFilter = { shopId: shop === allShops ? null : Number(shop), period };
  const shops = useAnalyticsShops(base);
  const summary = useAnalyticsSummary(base, filter);
  const rows = useAnalyticsRows(base, filter, groupBy, page, perPage);
  const change =
    <Value,>(set: (value: Value) => void) =>
    (value: Value) => {
      set(value);
      setPage(1);
    };
  const totals = summary.data?.totals;
  const loading = summary.isPending;
  const total = rows.data?.meta.total ?? 0;
  const pages = Math.max(1, Math.ceil(total / perPage));
  const periodLabel =
    kind === 'week' ? t('weekLabel', weekParts(period)) : monthName(period, lng === 'ar' ? 'ar-u-nu-latn' : lng);
  const fileName = (format: 'csv' | 'xlsx') =>
    `${t('export.fileName')}-${period}${filter.shopId ? `-${filter.shopId}` : ''}.${format}`;
  const empty = summary.data && summary.data.employees === 0;
  const columns = {
    planned: t('table.planned'),
    worked: t('table.worked'),
    difference: t('table.difference'),
    overtime: t('table.overtime'),
    lateness: t('table.lateness'),
    absences: t('table.absences'),
    missed: t('table.missed'),
    open: t('table.open'),
  };

  return (
    <>
      <PageHeader
        title={t(titleKey)}
        description={t('description')}
        actions={
          <>
            <RefreshButton label={t('refresh')} query={summary} />
            {(['csv', 'xlsx'] as const).map((format) => (
              <DownloadButton
                key={format}
                download={() => downloadAnalytics(base, filter, format, fileName(format))}
                label={t(`export.${format}`)}
                fileName={fileName(format)}
                testId={`analytics-export-${format}`}
              >
                {t(`export.${format}`)}
              </DownloadButton>
            ))}
          </>
        }
      />
      <Stack gap="md">
        <Card withBorder padding="md" component="section" aria-label={t('filters.label')}>
          <Group gap="sm" align="flex-end">
            <Select
              label={t('filters.shop')}
              data={[
                { value: allShops, label: t('filters.allShops') },
                ...(shops.data ?? []).map((option) => ({ value: String(option.id), label: option.name })),
              ]}
              value={shop}
              onChange={change((value: string | null) => setShop(value ?? allShops))}
              allowDeselect={false}
              searchable
              w={{ base: '100%', sm: 240 }}
              data-testid="analytics-shop"
            />
            <Stack gap={4}>
              <Text size="sm" fw={500} id="analytics-period-kind">
                {t('filters.periodKind')}
              </Text>
              <SegmentedControl
                aria-labelledby="analytics-period-kind"
                value={kind}
                onChange={(value) => {
                  const next = value as PeriodKind;
                  setKind(next);
                  setPeriod(convertPeriod(period, next));
                  setPage(1);
                }}
                data={[
                  { value: 'week', label: t('filters.week') },
                  { value: 'month', label: t('filters.month') },
                ]}
                data-testid="analytics-period-kind"
              />
            </Stack>
            <Group gap={4} wrap="nowrap" align="center" mih={36}>
              <Tooltip label={t('filters.previous')}>
                <ActionIcon
                  variant="default"
                  size="lg"
                  aria-label={t('filters.previous')}
                  onClick={() => change(setPeriod)(stepPeriod(period, -1))}
                  data-testid="analytics-previous"
                >
                  <IconChevronLeft size={18} style={{ transform: lng === 'ar' ? 'scaleX(-1)' : undefined }} />
                </ActionIcon>
              </Tooltip>
              <Text fw={600} miw={150} ta="center" aria-live="polite" data-testid="analytics-period">
                {periodLabel}
              </Text>
              <Tooltip label={t('filters.next')}>
                <ActionIcon
                  variant="default"
                  size="lg"
                  aria-label={t('filters.next')}
                  onClick={() => change(setPeriod)(stepPeriod(period, 1))}
                  data-testid="analytics-next"
                >
                  <IconChevronRight size={18} style={{ transform: lng === 'ar' ? 'scaleX(-1)' : undefined }} />
                </ActionIcon>
              </Tooltip>
            </Group>
            <Select
              label={t('filters.groupBy')}
              data={shiftAnalyticsGroupings.map((grouping) => ({ value: grouping, label: t(`groupings.${grouping}`) }))}
              value={groupBy}
              onChange={change((value: string | null) => setGroupBy((value ?? 'employee') as ShiftAnalyticsGrouping))}
              allowDeselect={false}
              w={{ base: '100%', sm: 180 }}
              data-testid="analytics-group-by"
            />
          </Group>
        </Card>

        {summary.isError ? (
          <Card withBorder padding={0}>
            <QueryPlaceholder query={summary} />
          </Card>
        ) : empty ? (
          <Card withBorder padding={0}>
            <EmptyState
              py="xl"
              icon={<IconCalendarStats size={32} />}
              title={t('empty.title')}
              description={t('empty.description')}
              data-testid="analytics-empty"
            />
          </Card>
        ) : (
          <>
            <SimpleGrid cols={{ base: 2, sm: 3, lg: 6 }} spacing="sm">
              <Kpi
                label={t('kpi.planned')}
                value={formatMinutes(totals?.plannedMinutes ?? 0)}
                detail={t('kpi.employees', { count: summary.data?.employees ?? 0 })}
                testId="kpi-planned"
                loading={loading}
              />
              <Kpi
                label={t('kpi.worked')}
                value={formatMinutes(totals?.workedMinutes ?? 0)}
                detail={
                  totals && totals.plannedMinutes > 0
                    ? t('kpi.workedOfPlanned', {
                        percent: Math.round((totals.workedMinutes * 100) / totals.plannedMinutes),
                      })
                    : undefined
                }
                testId="kpi-worked"
                loading={loading}
              />
              <Kpi
                label={t('kpi.overtime')}
                value={formatMinutes(totals?.overtimeMinutes ?? 0)}
                testId="kpi-overtime"
                loading={loading}
              />
              <Kpi
                label={t('kpi.lateness')}
                value={formatMinutes(totals?.latenessMinutes ?? 0)}
                detail={t('kpi.lateDays', { count: totals?.lateDays ?? 0 })}
                testId="kpi-lateness"
                loading={loading}
              />
              <Kpi
                label={t('kpi.absences')}
                value={totals ? absenceDays(totals) : 0}
                detail={
                  totals &&
                  timeOffReasons
                    .filter((reason) => totals.absences[reason] > 0)
                    .map((reason) => `${t(`reasons.${reason}`)} ${totals.absences[reason]}`)
                    .join(' · ')
                }
                testId="kpi-absences"
                loading={loading}
              />
              <Kpi
                label={t('kpi.missed')}
                value={totals?.missedShifts ?? 0}
                detail={`${t('kpi.open')}: ${totals?.openDays ?? 0}`}
                testId="kpi-missed"
                loading={loading}
              />
            </SimpleGrid>

            {summary.data ? (
              <AnalyticsChart summary={summary.data} />
            ) : (
              <Skeleton h={340} radius="md" data-testid="analytics-chart-loading" />
            )}

            <Card withBorder padding={0} data-testid="analytics-rows">
              <Title order={2} size="h4" p="md" pb={0}>
                {t('table.title')}
              </Title>
              {rows.isError || (rows.isPending && !rows.data) ? (
                <QueryPlaceholder query={rows} loadingTestId="analytics-rows-loading" />
              ) : (
                <ResponsiveTable verticalSpacing="sm" highlightOnHover data-testid="analytics-table">
                  <Table.Thead>
                    <Table.Tr>
                      <Table.Th>{t(`groupings.${groupBy}`)}</Table.Th>
                      {Object.entries(columns).map(([name, label]) => (
                        <Table.Th key={name} ta="end">
                          {label}
                        </Table.Th>
                      ))}
                    </Table.Tr>
                  </Table.Thead>
                  <Table.Tbody>
                    {(rows.data?.data ?? []).map((row) => (
                      <AnalyticsRow key={row.key} row={row} groupBy={groupBy} columns={columns} />
                    ))}
                  </Table.Tbody>
                </ResponsiveTable>
              )}
              {total > 0 && (
                <Group justify="space-between" p="md" gap="sm">
                  <Text size="sm" c="dimmed" data-testid="analytics-total">
                    {t('table.total', { count: total })}
                  </Text>
                  {pages > 1 && <Pagination value={page} onChange={setPage} total={pages} />}
                </Group>
              )}
            </Card>
            <Text size="xs" c="dimmed">
              {t('export.hint')}
            </Text>
          </>
        )}
      </Stack>
    </>
  );
}

function AnalyticsRow(props: {
  row: ShiftAnalyticsRow;
  groupBy: ShiftAnalyticsGrouping;
  columns: Record<
    'planned' | 'worked' | 'difference' | 'overtime' | 'lateness' | 'absences' | 'missed' | 'open',
    string
  >;
}) {
  const { t } = useTranslation('shift-analytics');
  const { row, columns } = props;
  const difference = row.workedMinutes - row.plannedMinutes;
  const reasons = timeOffReasons
    .filter((reason) => row.absences[reason] > 0)
    .map((reason) => `${t(`reasons.${reason}`)} ${row.absences[reason]}`)
    .join(' · ');
  // While the next grouping loads, the rows of the last one are still shown: only a week's key names a week.
  const label = /^\d{4}-W\d{2}$/.test(row.key) ? `${row.label} · ${weekParts(row.key).from}` : row.label;
  const number = (value: ReactNode, name: keyof typeof columns, extra?: ReactNode) => (
    <Table.Td data-label={columns[name]} ta="end" style={{ whiteSpace: 'nowrap' }} data-column={name}>
      <div>
        <span dir="ltr">{value}</span>
        {extra}
      </div>
    </Table.Td>
  );
  return (
    <Table.Tr data-testid={`analytics-row-${row.key}`}>
      <Table.Td>
        <Text size="sm" fw={500}>
          <bdi>{label}</bdi>
        </Text>
        {row.matricola && (
          <Text size="xs" c="dimmed">
            {row.matricola}
          </Text>
        )}
      </Table.Td>
      {number(formatMinutes(row.plannedMinutes), 'planned')}
      {number(formatMinutes(row.workedMinutes), 'worked')}
      {number(
        <Text span size="sm" c={difference < 0 ? 'red' : undefined}>
          {difference > 0 ? '+' : ''}
          {formatMinutes(difference)}
        </Text>,
        'difference',
      )}
      {number(formatMinutes(row.overtimeMinutes), 'overtime')}
      {number(row.latenessMinutes, 'lateness')}
      {number(
        absenceDays(row),
        'absences',
        reasons && (
          <Text size="xs" c="dimmed" aria-label={t('table.absencesDetail')}>
            {reasons}
          </Text>
        ),
      )}
      {number(row.missedShifts, 'missed')}
      {number(row.openDays, 'open')}
    </Table.Tr>
  );
}

export function ShiftAnalyticsPage() {
  return <AnalyticsPage base="/api/shift-analytics" titleKey="menu.analytics" />;
}

export function ShiftAnalyticsFullPage() {
  return <AnalyticsPage base="/api/shift-analytics/all-shops" titleKey="menu.analyticsFull" />;
}
