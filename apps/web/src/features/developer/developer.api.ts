// Developer tools: the mail outbox, one page at a time, and one mail; the background jobs and their retry.
import type { MailDetail, MailOutboxPage } from '@bottega/contracts/developer';
import type { Job, JobPage, JobState } from '@bottega/contracts/jobs';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../lib/api-client';

const key = ['developer', 'mail'] as const;

export function useMailOutbox(query: { page: number; perPage: number }) {
  return useQuery({
    queryKey: [...key, 'list', query],
    queryFn: () => api<MailOutboxPage>('/api/developer/mail', { query }),
    placeholderData: keepPreviousData,
  });
}

export function useOutboxMail(id: number | null) {
  return useQuery({
    queryKey: [...key, id],
    queryFn: async () => (await api<{ data: MailDetail }>(`/api/developer/mail/${id}`)).data,
    enabled: id !== null,
    retry: false,
  });
}

const jobsKey = ['developer', 'jobs'] as const;

export function useDeveloperJobs(query: { page: number; perPage: number; state?: JobState }) {
  return useQuery({
    queryKey: [...jobsKey, query],
    queryFn: () => api<JobPage>('/api/developer/jobs', { query }),
    placeholderData: keepPreviousData,
  });
}

export function useRetryJob() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (id: number) =>
      (await api<{ data: Job }>(`/api/developer/jobs/${id}/retry`, { method: 'POST' })).data,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: jobsKey }),
  });
}
