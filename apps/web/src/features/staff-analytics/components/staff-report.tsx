// The weekly and monthly report tabs: each shop's staff ranking with the period before (and, monthly, the same month a
// year earlier) beside it and the change in takings, a page at a time, and the whole report as CSV or XLSX.
import type { StaffReportKind, StaffReportRow } from '@bottega/contracts/staff-analytics';
import { Card, EmptyState, Group, Pagination, Stack, Table, Text, Title } from '@mantine/core';
import { IconUserStar } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDate } from '../../../lib/format-date';
import { DownloadButton } from '../../../ui/download-button';
import { Money } from '../../../ui/money';
import { QueryPlaceholder } from '../../../ui/query-placeholder';
import { ResponsiveTable } from '../../../ui/responsive-table';
import { downloadStaffReport, useStaffReport } from '../staff-analytics.api';
import { EmployeeName, FigureCells, figureColumns, TakingsChange } from './staff-figures';

const perPage = 50;

/** The page's rows by shop, in the server's order (shop, then rank). */
function byShop(rows: StaffReportRow[]): { shopId: number; title: string; rows: StaffReportRow[] }[] {
  const groups: { shopId: number; title: string; rows: StaffReportRow[] }[] = [];
  for (const row of rows) {
    const last = groups.at(-1);
    if (last?.shopId === row.shopId) last.rows.push(row);
    else groups.push({ shopId: row.shopId, title: `${row.shopCode} · ${row.shopName}`, rows: [row] });
  }
  return groups;
}

export function StaffReport(props: { kind: StaffReportKind; period: string; shopIds: number[] }) {
  const { t } = useTranslation('staff-analytics');
  const { kind, period, shopIds } = props;
  const [page, setPage] = useState(1);
  const report = useStaffReport({ kind, period, shopIds, page, perPage, enabled: true });
  const data = report.data;
  const total = data?.meta.total ?? 0;
  const fileName = (format: 'csv' | 'xlsx') => `${t('export.fileName')}-${period}.${format}`;
  const range = (days: { from: string; to: string }) => (
    <span dir="ltr" style={{ unicodeBidi: 'isolate' }}>{`${formatDate(days.from)} – ${formatDate(days.to)}`}</span>
  );
  const labels = {
    rank: t('table.rank'),
    previous: t(`report.previous.${kind}`),
    change: t('report.change'),
    lastYear: t('report.lastYear'),
  };

  return (
    <Stack gap="md">
      <Group justify="space-between" gap="sm">
        <Text size="sm" c="dimmed" data-testid="staff-report-periods">
          {data && (
            <>
              {t(`report.${kind}`)} {range(data.periods.current)} · {labels.previous} {range(data.periods.previous)}
              {data.periods.lastYear && (
                <>
                  {' · '}
                  {labels.lastYear} {range(data.periods.lastYear)}
                </>
              )}
            </>
          )}
        </Text>
        <Group gap="xs">
          {(['csv', 'xlsx'] as const).map((format) => (
            <DownloadButton
              key={format}
              download={() => downloadStaffReport(kind, period, shopIds, format, fileName(format))}
              label={t(`export.${format}`)}
              fileName={fileName(format)}
              testId={`staff-export-${format}`}
            >
              {t(`export.${format}`)}
            </DownloadButton>
          ))}
        </Group>
      </Group>

      {report.isError || (report.isPending && !data) ? (
        <Card withBorder padding={0}>
          <QueryPlaceholder query={report} loadingTestId="staff-report-loading" />
        </Card>
      ) : total === 0 ? (
        <Card withBorder padding={0}>
          <EmptyState
            py="xl"
            icon={<IconUserStar size={32} />}
            title={t('empty.title')}
            description={t('empty.description')}
            data-testid="staff-report-empty"
          />
        </Card>
      ) : (
        byShop(data?.data ?? []).map((group) => (
          <Card withBorder padding={0} key={group.shopId} data-testid={`staff-report-shop-${group.shopId}`}>
            <Title order={2} size="h4" p="md" pb={0}>
              <bdi>{group.title}</bdi>
            </Title>
            <ResponsiveTable verticalSpacing="sm" highlightOnHover>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{labels.rank}</Table.Th>
                  <Table.Th>{t('table.employee')}</Table.Th>
                  {figureColumns.map((column) => (
                    <Table.Th key={column} ta="end">
                      {t(`table.${column}`)}
                    </Table.Th>
                  ))}
                  <Table.Th ta="end">{labels.previous}</Table.Th>
                  {kind === 'monthly' && <Table.Th ta="end">{labels.lastYear}</Table.Th>}
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {group.rows.map((row) => (
                  <Table.Tr key={row.employeeId ?? 'none'} data-testid={`staff-report-row-${row.employeeId ?? 'none'}`}>
                    <Table.Td data-label={labels.rank}>
                      <div>
                        {row.rank ?? '—'}
                        {row.previous?.rank != null && (
                          <Text size="xs" c="dimmed">
                            {t('report.previousRank', { rank: row.previous.rank })}
                          </Text>
                        )}
                      </div>
                    </Table.Td>
                    <Table.Td>
                      <EmployeeName row={row} />
                    </Table.Td>
                    <FigureCells row={row} />
                    <Table.Td data-label={labels.previous} ta="end">
                      <div>
                        {row.previous ? <Money cents={row.previous.takingsCents} /> : '—'}
                        <Text size="xs">
                          <TakingsChange now={row.takingsCents} before={row.previous?.takingsCents ?? null} />
                        </Text>
                      </div>
                    </Table.Td>
                    {kind === 'monthly' && (
                      <Table.Td data-label={labels.lastYear} ta="end">
                        <div>
                          {row.lastYear ? <Money cents={row.lastYear.takingsCents} /> : '—'}
                          <Text size="xs">
                            <TakingsChange now={row.takingsCents} before={row.lastYear?.takingsCents ?? null} />
                          </Text>
                        </div>
                      </Table.Td>
                    )}
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </ResponsiveTable>
          </Card>
        ))
      )}
      {total > perPage && (
        <Group justify="flex-end">
          <Pagination value={page} onChange={setPage} total={Math.ceil(total / perPage)} />
        </Group>
      )}
    </Stack>
  );
}
