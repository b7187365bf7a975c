// Management › employeesShift/overview: every shop's week and where it stands (spec §2, §4 Weekly shifts): not
// planned, assigned, convalidated, sent, and how many of its people validated their summary. A row opens the grid.
import { isoWeekSchema, nextIsoWeek } from '@bottega/contracts/dates';
import { Button, Card, EmptyState, Group, Pagination, Progress, Table, Text } from '@mantine/core';
import { IconBuildingStore, IconCalendarEvent } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { formatMinutes } from '../../../lib/format-duration';
import { PageHeader } from '../../../ui/page-header';
import { QueryPlaceholder } from '../../../ui/query-placeholder';
import { listPerPage } from '../../../ui/use-list-page';
import { thisWeek, WeekPicker } from '../components/week-picker';
import { ShiftWeekStateBadge } from '../components/week-state-badge';
import { useShiftWeeksOverview } from '../shifts.api';

export default function OverviewPage() {
  const { t } = useTranslation(['shifts', 'errors']);
  const [params, setParams] = useSearchParams();
  const parsed = isoWeekSchema.safeParse(params.get('week'));
  const week = parsed.success ? parsed.data : nextIsoWeek(thisWeek());
  const page = Math.max(1, Number(params.get('page')) || 1);
  const overview = useShiftWeeksOverview(week, page, listPerPage);
  const rows = overview.data?.data ?? [];
  const total = overview.data?.meta.total ?? 0;
  const totalPages = Math.max(1, Math.ceil(total / listPerPage));
  const go = (next: { week?: string; page?: number }) =>
    setParams({ week: next.week ?? week, ...(next.page && next.page > 1 ? { page: String(next.page) } : {}) });

  return (
    <>
      <PageHeader
        title={t('overview.title')}
        description={t('overview.description')}
        actions={<WeekPicker week={week} onChange={(next) => go({ week: next })} />}
      />
      <Card withBorder padding={0}>
        {overview.isPending || overview.isError ? (
          <QueryPlaceholder query={overview} loadingTestId="overview-loading" />
        ) : rows.length === 0 ? (
          <EmptyState
            py="xl"
            icon={<IconBuildingStore size={32} />}
            title={t('overview.empty')}
            data-testid="overview-empty"
          />
        ) : (
          <Table.ScrollContainer minWidth={640}>
            <Table highlightOnHover verticalSpacing="sm" data-testid="overview-table">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t('overview.shop')}</Table.Th>
                  <Table.Th>{t('overview.state')}</Table.Th>
                  <Table.Th ta="end">{t('overview.planned')}</Table.Th>
                  <Table.Th>{t('overview.validated')}</Table.Th>
                  <Table.Th />
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {rows.map((row) => (
                  <Table.Tr key={row.shop.id} data-testid={`overview-${row.shop.code}`}>
                    <Table.Td>
                      <Text size="sm" fw={600}>
                        {row.shop.name}
                      </Text>
                      <Text size="xs" c="dimmed">
                        {row.shop.code}
                      </Text>
                    </Table.Td>
                    <Table.Td>
                      <ShiftWeekStateBadge state={row.state} />
                    </Table.Td>
                    <Table.Td ta="end">{row.state ? formatMinutes(row.plannedMinutes) : '—'}</Table.Td>
                    <Table.Td miw={160}>
                      {row.state === 'sent' ? (
                        <>
                          <Text size="xs">
                            {t('overview.validatedOf', { count: row.validated, total: row.members })}
                          </Text>
                          <Progress
                            value={row.members ? (row.validated / row.members) * 100 : 0}
                            color={row.validated === row.members ? 'green' : 'blue'}
                            size="sm"
                            aria-label={t('overview.validatedOf', { count: row.validated, total: row.members })}
                          />
                        </>
                      ) : (
                        <Text size="xs" c="dimmed">
                          {t('overview.people', { count: row.members })}
                        </Text>
                      )}
                    </Table.Td>
                    <Table.Td ta="end">
                      <Button
                        size="xs"
                        variant="subtle"
                        component={Link}
                        to={`/app/employeesShift/assign?shop=${row.shop.id}&week=${week}`}
                        leftSection={<IconCalendarEvent size={14} />}
                        aria-label={t('overview.openOf', { shop: row.shop.name })}
                      >
                        {t('overview.open')}
                      </Button>
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
        {total > 0 && (
          <Group justify="space-between" p="md">
            <Text size="sm" c="dimmed">
              {t('overview.count', { count: total })}
            </Text>
            {totalPages > 1 && <Pagination value={page} onChange={(value) => go({ page: value })} total={totalPages} />}
          </Group>
        )}
      </Card>
    </>
  );
}
