// Developer tools › developer/jobs: background jobs by state, newest first (paginated on the server), with their
// errors, attempts and durations; a failed one can be tried once more after a confirmation.
import { type JobState, jobStates } from '@bottega/contracts/jobs';
import { Badge, Button, Card, Chip, Code, EmptyState, Group, Pagination, Skeleton, Table, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconClockPause, IconRepeat } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../../lib/error-message';
import { formatDateTime } from '../../../lib/format-date';
import { ConfirmModal } from '../../../ui/confirm-modal';
import { PageHeader } from '../../../ui/page-header';
import { RefreshButton } from '../../../ui/refresh-button';
import { ResponsiveTable } from '../../../ui/responsive-table';
import { RequireDeveloper } from '../components/require-developer';
import { useDeveloperJobs, useRetryJob } from '../developer.api';

const perPage = 25;
const stateColors: Record<JobState, string> = { queued: 'gray', running: 'blue', done: 'green', failed: 'red' };

/** 850 ms, 12.4 s, 3 min 5 s: how long its last attempt took. */
function formatDuration(milliseconds: number | null): string {
  if (milliseconds === null) return '—';
  if (milliseconds < 1000) return `${milliseconds} ms`;
  if (milliseconds < 60_000) return `${(milliseconds / 1000).toFixed(1)} s`;
  return `${Math.floor(milliseconds / 60_000)} min ${Math.round((milliseconds % 60_000) / 1000)} s`;
}

function Jobs() {
  const { t } = useTranslation(['developer', 'common', 'errors']);
  const [state, setState] = useState<JobState | 'all'>('all');
  const [page, setPage] = useState(1);
  const [retrying, setRetrying] = useState<number | null>(null);
  const jobs = useDeveloperJobs({ page, perPage, state: state === 'all' ? undefined : state });
  const retry = useRetryJob();
  const rows = jobs.data?.data ?? [];
  const counts = jobs.data?.meta.counts;
  const totalPages = Math.max(1, Math.ceil((jobs.data?.meta.total ?? 0) / perPage));
  const label = (value: JobState | 'all') =>
    `${t(`jobs.states.${value}`)}${counts ? ` (${value === 'all' ? Object.values(counts).reduce((sum, count) => sum + count, 0) : counts[value]})` : ''}`;

  return (
    <>
      <PageHeader
        title={t('jobs.title')}
        description={t('jobs.description')}
        actions={<RefreshButton label={t('jobs.refresh')} query={jobs} />}
      />
      {/* Chips wrap on a phone or the shop tablet, where five segments would not fit side by side. */}
      <Chip.Group
        value={state}
        onChange={(value) => {
          setState(value as JobState | 'all');
          setPage(1);
        }}
      >
        <Group gap="xs" mb="md" role="radiogroup" aria-label={t('jobs.filter')} data-testid="job-state-filter">
          {(['all', ...jobStates] as const).map((value) => (
            <Chip key={value} value={value} variant="outline">
              {label(value)}
            </Chip>
          ))}
        </Group>
      </Chip.Group>
      <Card withBorder padding={0}>
        {jobs.isError ? (
          <Text c="red" p="md" role="alert">
            {errorMessage(jobs.error, t)}
          </Text>
        ) : jobs.isPending ? (
          <Skeleton h={240} />
        ) : rows.length === 0 ? (
          <EmptyState py="xl" icon={<IconClockPause size={32} />} title={t('jobs.empty')} />
        ) : (
          <ResponsiveTable verticalSpacing="sm" data-testid="job-list">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('jobs.kind')}</Table.Th>
                <Table.Th>{t('jobs.state')}</Table.Th>
                <Table.Th>{t('jobs.createdAt')}</Table.Th>
                <Table.Th>{t('jobs.attempts')}</Table.Th>
                <Table.Th>{t('jobs.duration')}</Table.Th>
                <Table.Th>{t('jobs.lastError')}</Table.Th>
                <Table.Th />
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {rows.map((job) => (
                <Table.Tr key={job.id} data-testid={`job-row-${job.id}`}>
                  <Table.Td>
                    <Code>{job.kind}</Code>
                    <Text size="xs" c="dimmed">
                      #{job.id}
                    </Text>
                  </Table.Td>
                  <Table.Td data-label={t('jobs.state')}>
                    <Badge color={stateColors[job.state]} variant="light" tt="none" data-testid="job-state">
                      {t(`common:jobs.states.${job.state}`)}
                    </Badge>
                    {job.state === 'queued' && job.attempts > 0 && (
                      <Text size="xs" c="dimmed">
                        {t('jobs.nextAttempt', { at: formatDateTime(job.runAt) })}
                      </Text>
                    )}
                  </Table.Td>
                  <Table.Td data-label={t('jobs.createdAt')} style={{ whiteSpace: 'nowrap' }}>
                    <bdi>{formatDateTime(job.createdAt)}</bdi>
                  </Table.Td>
                  <Table.Td data-label={t('jobs.attempts')}>
                    {t('jobs.attemptsOf', { attempts: job.attempts, max: job.maxAttempts })}
                  </Table.Td>
                  <Table.Td data-label={t('jobs.duration')}>
                    <bdi>{formatDuration(job.durationMs)}</bdi>
                  </Table.Td>
                  <Table.Td data-label={t('jobs.lastError')}>
                    {job.lastError ? (
                      <Text size="sm" c="red" lineClamp={3} style={{ wordBreak: 'break-word' }}>
                        <bdi>{job.lastError}</bdi>
                      </Text>
                    ) : (
                      '—'
                    )}
                  </Table.Td>
                  <Table.Td data-actions>
                    {job.state === 'failed' && (
                      <Button
                        size="compact-sm"
                        variant="light"
                        leftSection={<IconRepeat size={14} />}
                        onClick={() => setRetrying(job.id)}
                      >
                        {t('jobs.retry')}
                      </Button>
                    )}
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </ResponsiveTable>
        )}
        {totalPages > 1 && (
          <Group justify="center" p="md">
            <Pagination value={page} onChange={setPage} total={totalPages} />
          </Group>
        )}
      </Card>
      <ConfirmModal
        opened={retrying !== null}
        title={t('jobs.retryTitle')}
        message={t('jobs.retryMessage', { id: retrying })}
        confirmLabel={t('jobs.retry')}
        loading={retry.isPending}
        error={retry.error ? errorMessage(retry.error, t) : null}
        onClose={() => {
          setRetrying(null);
          retry.reset();
        }}
        onConfirm={() =>
          retrying !== null &&
          retry.mutate(retrying, {
            onSuccess: () => {
              notifications.show({ color: 'green', message: t('jobs.retried', { id: retrying }) });
              setRetrying(null);
            },
          })
        }
      />
    </>
  );
}

export default function JobsPage() {
  return (
    <RequireDeveloper>
      <Jobs />
    </RequireDeveloper>
  );
}
