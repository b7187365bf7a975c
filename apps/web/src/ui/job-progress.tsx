// The progress of a long job for the person who started it (issue 18): its state, a bar with done / total and the
// job's message, the error when it failed, and what it left (a file to download, a page) once done. It moves live
// with the `job.progress` pushes of the user's realtime channel, one connection however many bars are on screen,
// and polls GET /api/jobs/:id meanwhile in case the push channel is down; everything it shows comes from the server,
// so a reload (or a server restart) shows the same bar again.
import { type Job, type JobState, jobProgressEvent } from '@bottega/contracts/jobs';
import { userChannel } from '@bottega/contracts/notifications';
import { Alert, Badge, Button, Group, Progress, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconAlertCircle, IconDownload, IconExternalLink } from '@tabler/icons-react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { type ReactNode, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { api, fetchBlob } from '../lib/api-client';
import { errorMessage } from '../lib/error-message';
import { saveBlobAs } from '../lib/object-url';
import { connectRealtime } from '../lib/realtime';

/** While the job is not finished, how often it is read again in case a push was missed. */
const pollMs = 5000;

export const jobKey = (id: number) => ['jobs', id] as const;

export const isFinished = (job: Pick<Job, 'state'> | undefined) => job?.state === 'done' || job?.state === 'failed';

type JobListener = (job: Job) => void;

/** One realtime connection per user for every job on screen: opened with the first listener, closed after the last. */
const channels = new Map<number, { listeners: Set<JobListener>; disconnect: () => void }>();

function listenToJobs(userId: number, listener: JobListener): () => void {
  let channel = channels.get(userId);
  if (!channel) {
    const listeners = new Set<JobListener>();
    const disconnect = connectRealtime([userChannel(userId)], {
      [jobProgressEvent]: (payload) => {
        for (const each of listeners) each(payload as Job);
      },
    });
    channel = { listeners, disconnect };
    channels.set(userId, channel);
  }
  const { listeners, disconnect } = channel;
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
    if (listeners.size > 0) return;
    disconnect();
    channels.delete(userId);
  };
}

/**
 * A job of the person signed in (`userId`), as the server last told it: from `job` as listed, or read by its id,
 * then kept up to date by pushes and, until it finishes, polling.
 */
export function useJob(job: Job | number, userId: number | undefined) {
  const id = typeof job === 'number' ? job : job.id;
  const queryClient = useQueryClient();
  const query = useQuery({
    queryKey: jobKey(id),
    queryFn: async () => (await api<{ data: Job }>(`/api/jobs/${id}`)).data,
    initialData: typeof job === 'number' ? undefined : job,
    // Pushes and the polling below bring it up to date; a finished job no longer changes.
    staleTime: Number.POSITIVE_INFINITY,
    refetchInterval: (current) => (isFinished(current.state.data) ? false : pollMs),
  });
  // A finished job moves no more: only unfinished ones keep the channel open.
  const finished = isFinished(query.data);
  useEffect(() => {
    if (userId === undefined || finished) return;
    return listenToJobs(userId, (pushed) => {
      if (pushed.id === id) queryClient.setQueryData(jobKey(id), pushed);
    });
  }, [userId, id, finished, queryClient]);
  return query;
}

const stateColors: Record<JobState, string> = { queued: 'gray', running: 'blue', done: 'teal', failed: 'red' };

/** The share done, in whole percent: all of it once done, none while nothing is counted yet. */
export function jobPercent(job: Pick<Job, 'state' | 'progress'>): number {
  if (job.state === 'done') return 100;
  const { done, total } = job.progress;
  return total > 0 ? Math.min(100, Math.round((done / total) * 100)) : 0;
}

/** A string of the job's result, when it left one. */
function resultText(job: Job, name: string): string | undefined {
  const value = job.result?.[name];
  return typeof value === 'string' ? value : undefined;
}

/** What a finished job left: a file behind the API (fetched with the session, saved under its name) or a page. */
function JobResult({ job }: { job: Job }) {
  const { t } = useTranslation(['common', 'errors']);
  const [busy, setBusy] = useState(false);
  const link = resultText(job, 'link');
  if (!link) return null;
  if (!link.startsWith('/api/')) {
    return (
      <Button component={Link} to={link} variant="light" size="xs" leftSection={<IconExternalLink size={14} />}>
        {t('jobs.open')}
      </Button>
    );
  }
  const fileName = resultText(job, 'fileName') ?? 'download';
  const download = async () => {
    setBusy(true);
    try {
      saveBlobAs(await fetchBlob(link), fileName);
    } catch (error) {
      notifications.show({ color: 'red', message: errorMessage(error, t) });
    } finally {
      setBusy(false);
    }
  };
  return (
    <Button
      variant="light"
      size="xs"
      leftSection={<IconDownload size={14} />}
      loading={busy}
      onClick={download}
      aria-label={t('jobs.downloadFile', { name: fileName })}
      data-testid="job-download"
    >
      {t('jobs.download')}
    </Button>
  );
}

/**
 * The progress of one job the signed-in person started: `label` names the bar for assistive technologies (say
 * which job it is when several are on screen); `extra` is shown beside the result (e.g. how many rows a file has).
 */
export function JobProgress(props: {
  job: Job | number;
  userId: number | undefined;
  label?: string;
  extra?: (job: Job) => ReactNode;
  testId?: string;
}) {
  const { t } = useTranslation(['common', 'errors']);
  const query = useJob(props.job, props.userId);
  const job = query.data;
  if (!job) {
    return query.error ? (
      <Alert color="red" icon={<IconAlertCircle size={18} />} role="alert">
        {errorMessage(query.error, t)}
      </Alert>
    ) : null;
  }
  const { done, total, message } = job.progress;
  const running = job.state === 'running';
  return (
    <Stack gap={6} data-testid={props.testId ?? `job-${job.id}`} data-state={job.state}>
      <Group justify="space-between" gap="xs" wrap="wrap">
        <Badge color={stateColors[job.state]} variant="light" tt="none" data-testid="job-state">
          {t(`jobs.states.${job.state}`)}
        </Badge>
        {(total > 0 || message) && (
          <Text size="xs" c="dimmed" data-testid="job-count">
            {total > 0 && t('jobs.count', { done: job.state === 'done' ? total : done, total })}
            {total > 0 && message && ' · '}
            {message && <bdi>{message}</bdi>}
          </Text>
        )}
      </Group>
      <Progress
        value={jobPercent(job)}
        color={stateColors[job.state]}
        striped={running}
        animated={running}
        aria-label={props.label ?? t('jobs.progress')}
        size="md"
        radius="xl"
      />
      {job.state === 'failed' && (
        <Alert color="red" variant="light" icon={<IconAlertCircle size={18} />} role="alert" p="xs">
          <Text size="sm">{t('jobs.failed')}</Text>
          {job.lastError && (
            <Text size="xs" c="dimmed" dir="auto" style={{ overflowWrap: 'anywhere' }}>
              {job.lastError}
            </Text>
          )}
        </Alert>
      )}
      {job.state === 'done' && (
        <Group gap="sm" justify="space-between" wrap="wrap">
          {props.extra?.(job)}
          <JobResult job={job} />
        </Group>
      )}
    </Stack>
  );
}
