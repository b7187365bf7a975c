// The overview tab: the staff ranking of the period (sorted and paged by the server), takings per employee as bars and
// the chosen employees (up to five, ticked in the table; the page's first three by default) over time as lines.
import '@mantine/charts/styles.css';
import { formatMoney } from '@bottega/contracts/money';
import { type StaffRow, type StaffSort, staffSeriesMaxEmployees } from '@bottega/contracts/staff-analytics';
import { BarChart, LineChart } from '@mantine/charts';
import {
  Card,
  Checkbox,
  EmptyState,
  Group,
  Pagination,
  SimpleGrid,
  Skeleton,
  Table,
  Text,
  Title,
  UnstyledButton,
} from '@mantine/core';
import { IconArrowDown, IconArrowsSort, IconArrowUp, IconUserStar } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDate } from '../../../lib/format-date';
import { QueryPlaceholder } from '../../../ui/query-placeholder';
import { ResponsiveTable } from '../../../ui/responsive-table';
import { useStaffFigures, useStaffSeries } from '../staff-analytics.api';
import { EmployeeName, FigureCells, figureColumns } from './staff-figures';

const perPage = 25;
const palette = ['blue.6', 'orange.7', 'teal.7', 'grape.6', 'red.7'];

function SortHeader(props: {
  sort: StaffSort;
  label: string;
  current: { sort: StaffSort; direction: 'asc' | 'desc' };
  onSort: () => void;
  end?: boolean;
}) {
  const active = props.current.sort === props.sort;
  const Icon = !active ? IconArrowsSort : props.current.direction === 'asc' ? IconArrowUp : IconArrowDown;
  return (
    <Table.Th
      ta={props.end ? 'end' : undefined}
      aria-sort={active ? (props.current.direction === 'asc' ? 'ascending' : 'descending') : undefined}
    >
      <UnstyledButton onClick={props.onSort} data-testid={`staff-sort-${props.sort}`} fw={700} fz="sm">
        <Group gap={4} wrap="nowrap" justify={props.end ? 'flex-end' : undefined}>
          {props.label}
          <Icon size={14} aria-hidden />
        </Group>
      </UnstyledButton>
    </Table.Th>
  );
}

export function StaffOverview(props: { from: string; to: string; shopIds: number[] }) {
  const { t } = useTranslation('staff-analytics');
  const [order, setOrder] = useState<{ sort: StaffSort; direction: 'asc' | 'desc' }>({
    sort: 'rank',
    direction: 'asc',
  });
  const [page, setPage] = useState(1);
  const [chosen, setChosen] = useState<number[] | null>(null);
  const list = useStaffFigures({ ...props, ...order, page, perPage });
  const rows = list.data?.data ?? [];
  const total = list.data?.meta.total ?? 0;
  // Until someone ticks employees, the chart follows the page's first three.
  const followed =
    chosen ??
    rows
      .flatMap((row) => (row.employeeId === null ? [] : [row.employeeId]))
      .filter((id, index, all) => all.indexOf(id) === index)
      .slice(0, 3);
  const series = useStaffSeries({ from: props.from, to: props.to, shopIds: props.shopIds, employeeIds: followed });
  const sortBy = (sort: StaffSort, first: 'asc' | 'desc') => {
    setOrder((current) =>
      current.sort === sort
        ? { sort, direction: current.direction === 'asc' ? 'desc' : 'asc' }
        : { sort, direction: first },
    );
    setPage(1);
  };
  const toggle = (employeeId: number) => {
    const next = followed.includes(employeeId)
      ? followed.filter((id) => id !== employeeId)
      : [...followed, employeeId].slice(-staffSeriesMaxEmployees);
    setChosen(next);
  };
  const label = (row: StaffRow) => `${row.employeeId === null ? t('unassigned') : row.name} · ${row.shopCode}`;
  const labels = {
    rank: t('table.rank'),
    employee: t('table.employee'),
    shop: t('table.shop'),
    follow: t('table.follow'),
  };

  if (list.isError) {
    return (
      <Card withBorder padding={0}>
        <QueryPlaceholder query={list} />
      </Card>
    );
  }
  if (list.data && total === 0) {
    return (
      <Card withBorder padding={0}>
        <EmptyState
          py="xl"
          icon={<IconUserStar size={32} />}
          title={t('empty.title')}
          description={t('empty.description')}
          data-testid="staff-empty"
        />
      </Card>
    );
  }
  const euros = (cents: number) => cents / 100;
  const valueFormatter = (value: number) => formatMoney(Math.round(value * 100));
  const names = new Map((series.data?.employees ?? []).map((employee) => [employee.employeeId, employee.name]));

  return (
    <>
      <SimpleGrid cols={{ base: 1, lg: 2 }} spacing="md" mb="md">
        <Card withBorder padding="md" data-testid="staff-bar-chart">
          <Title order={2} size="h4">
            {t('chart.takingsTitle')}
          </Title>
          <Text size="sm" c="dimmed" mb="sm">
            {t('chart.takingsDescription')}
          </Text>
          {list.data ? (
            <div role="img" aria-label={`${t('chart.takingsTitle')}: ${t('chart.takingsDescription')}`} dir="ltr">
              <BarChart
                h={Math.max(160, rows.length * 36)}
                data={rows.map((row) => ({ label: label(row), takings: euros(row.takingsCents) }))}
                dataKey="label"
                orientation="vertical"
                yAxisProps={{ width: 170 }}
                valueFormatter={valueFormatter}
                series={[{ name: 'takings', label: t('table.takings'), color: 'blue.6' }]}
              />
            </div>
          ) : (
            <Skeleton h={260} data-testid="staff-chart-loading" />
          )}
        </Card>
        <Card withBorder padding="md" data-testid="staff-line-chart">
          <Title order={2} size="h4">
            {t('chart.seriesTitle')}
          </Title>
          <Text size="sm" c="dimmed" mb="sm">
            {t('chart.seriesDescription', { unit: t(`chart.units.${series.data?.unit ?? 'day'}`) })}
          </Text>
          {followed.length === 0 ? (
            <Text size="sm" c="dimmed">
              {t('chart.chooseEmployees')}
            </Text>
          ) : series.data ? (
            <div role="img" aria-label={`${t('chart.seriesTitle')}: ${[...names.values()].join(', ')}`} dir="ltr">
              <LineChart
                h={260}
                data={series.data.points.map((point) => ({
                  label: series.data.unit === 'day' ? formatDate(point.key).slice(0, 5) : point.key.slice(5),
                  ...Object.fromEntries(
                    point.values.map((value) => [`e${value.employeeId}`, euros(value.takingsCents)]),
                  ),
                }))}
                dataKey="label"
                yAxisProps={{ width: 90 }}
                withLegend
                legendProps={{ verticalAlign: 'bottom' }}
                valueFormatter={valueFormatter}
                series={series.data.employees.map((employee, index) => ({
                  name: `e${employee.employeeId}`,
                  label: employee.name,
                  color: palette[index % palette.length] as string,
                }))}
                curveType="linear"
              />
            </div>
          ) : (
            <Skeleton h={260} />
          )}
        </Card>
      </SimpleGrid>

      <Card withBorder padding={0} data-testid="staff-ranking">
        <Title order={2} size="h4" p="md" pb={0}>
          {t('table.title')}
        </Title>
        {list.isPending && !list.data ? (
          <QueryPlaceholder query={list} loadingTestId="staff-ranking-loading" />
        ) : (
          <ResponsiveTable verticalSpacing="sm" highlightOnHover data-testid="staff-table">
            <Table.Thead>
              <Table.Tr>
                <SortHeader sort="rank" label={labels.rank} current={order} onSort={() => sortBy('rank', 'asc')} />
                <SortHeader sort="name" label={labels.employee} current={order} onSort={() => sortBy('name', 'asc')} />
                <Table.Th>{labels.shop}</Table.Th>
                {/* Figures sort high to low first, the rank and names from the top. */}
                {figureColumns.map((column) => (
                  <SortHeader
                    key={column}
                    sort={column}
                    label={t(`table.${column}`)}
                    current={order}
                    onSort={() => sortBy(column, 'desc')}
                    end
                  />
                ))}
                <Table.Th>{labels.follow}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {rows.map((row) => (
                <Table.Tr key={`${row.shopId}-${row.employeeId}`} data-testid={`staff-row-${row.employeeId ?? 'none'}`}>
                  <Table.Td data-label={labels.rank}>{row.rank ?? '—'}</Table.Td>
                  <Table.Td>
                    <EmployeeName row={row} />
                  </Table.Td>
                  <Table.Td data-label={labels.shop}>
                    <bdi>{row.shopName}</bdi>
                  </Table.Td>
                  <FigureCells row={row} />
                  <Table.Td data-label={labels.follow}>
                    {row.employeeId !== null && (
                      <Checkbox
                        aria-label={t('table.followEmployee', { name: row.name })}
                        checked={followed.includes(row.employeeId)}
                        onChange={() => toggle(row.employeeId as number)}
                      />
                    )}
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </ResponsiveTable>
        )}
        {total > 0 && (
          <Group justify="space-between" p="md" gap="sm">
            <Text size="sm" c="dimmed" data-testid="staff-total">
              {t('table.total', { count: total })}
            </Text>
            {total > perPage && <Pagination value={page} onChange={setPage} total={Math.ceil(total / perPage)} />}
          </Group>
        )}
      </Card>
    </>
  );
}
