// Developer tools: the mail outbox, one page at a time, and one mail.
import type { MailDetail, MailOutboxPage } from '@bottega/contracts/developer';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
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
