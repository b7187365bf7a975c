// Tickets (issue 24): the three reaches of §6 a person may go through (general, assigned, manage), their lists and
// archives a page at a time, one ticket through the widest reach that holds it, filing, replying with attachments and
// the transitions. Every list and the open ticket are read again as soon as the server pushes a change on the
// person's own channel or their shop's.
import { shopChannel, userChannel } from '@bottega/contracts/notifications';
import {
  type Ticket,
  type TicketAttachment,
  type TicketCategory,
  type TicketCreateBody,
  type TicketListQuery,
  type TicketReach,
  type TicketSummary,
  ticketReaches,
  ticketReachOf,
  ticketsChangedEvent,
} from '@bottega/contracts/tickets';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { ApiError, api, fetchBlob } from '../../lib/api-client';
import { connectRealtime } from '../../lib/realtime';
import { uploadWithProgress } from '../../lib/upload-with-progress';
import { useAuthUser } from '../auth/auth.api';
import { dashboardKey } from '../dashboard/dashboard.api';

export const ticketsKey = ['tickets'] as const;
const prefix = (reach: TicketReach) => ticketReachOf[reach].prefix;

/** What the signed-in person may do: each reach's actions they hold, and whether they may file a ticket. */
export function useTicketAbilities() {
  const user = useAuthUser();
  const can = new Set<string>(user.data?.can ?? []);
  const holds = (reach: TicketReach, action: Exclude<keyof (typeof ticketReachOf)[TicketReach], 'prefix'>) => {
    const ability = ticketReachOf[reach][action];
    return ability !== null && can.has(ability);
  };
  return {
    userId: user.data?.id,
    shopId: user.data?.shop?.id ?? null,
    holds,
    /** The reaches whose list (or archive) the person may read, widest last. */
    reachesFor: (list: 'list' | 'archive') => ticketReaches.filter((reach) => holds(reach, list)),
    canFile: can.has('tickets.general.add'),
  };
}

/** Reads the tickets' queries again whenever a ticket the person may be looking at changes. */
export function useTicketsLive() {
  const queryClient = useQueryClient();
  const { userId, shopId } = useTicketAbilities();
  useEffect(() => {
    if (userId === undefined) return;
    return connectRealtime([userChannel(userId), ...(shopId === null ? [] : [shopChannel(shopId)])], {
      [ticketsChangedEvent]: () => {
        void queryClient.invalidateQueries({ queryKey: ticketsKey });
        void queryClient.invalidateQueries({ queryKey: dashboardKey });
      },
    });
  }, [userId, shopId, queryClient]);
}

export function useTicketList(reach: TicketReach | undefined, list: 'list' | 'archive', query: TicketListQuery) {
  return useQuery({
    queryKey: [...ticketsKey, reach, list, query],
    queryFn: () =>
      api<{ data: TicketSummary[]; meta: { page: number; perPage: number; total: number } }>(
        `${prefix(reach as TicketReach)}${list === 'archive' ? '/archive' : ''}`,
        { query },
      ),
    enabled: reach !== undefined,
    placeholderData: keepPreviousData,
  });
}

/** The category tree as the reach offers it (to file under, to move to, to filter by); none without the ability. */
export function useTicketCategories(reach: TicketReach | undefined) {
  return useQuery({
    queryKey: [...ticketsKey, 'categories', reach],
    queryFn: async () => (await api<{ data: TicketCategory[] }>(`${prefix(reach as TicketReach)}/categories`)).data,
    enabled: reach !== undefined,
    staleTime: 60_000,
  });
}

/**
 * The ticket through the widest reach the person holds that holds it (a manager sees any; an assignee the tickets of
 * their categories; anyone their own and their shops'): the reach decides which actions the page offers.
 */
export function useTicket(id: number, reaches: readonly TicketReach[]) {
  return useQuery({
    queryKey: [...ticketsKey, 'one', id, reaches],
    queryFn: async (): Promise<{ ticket: Ticket; reach: TicketReach }> => {
      const widestFirst = [...reaches].reverse();
      for (const [index, reach] of widestFirst.entries()) {
        try {
          return { ticket: (await api<{ data: Ticket }>(`${prefix(reach)}/${id}`)).data, reach };
        } catch (error) {
          const last = index === widestFirst.length - 1;
          if (last || !(error instanceof ApiError) || error.status !== 404) throw error;
        }
      }
      throw new ApiError(404, 'notFound', '');
    },
    enabled: reaches.length > 0,
    retry: false,
  });
}

/** Every change refreshes the tickets' queries and the dashboard's to-do. */
function useTicketMutation<Variables, Answer>(mutationFn: (variables: Variables) => Promise<Answer>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: async () => {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: ticketsKey }),
        queryClient.invalidateQueries({ queryKey: dashboardKey }),
      ]);
    },
  });
}

/**
 * Sends a message's files one after the other, reporting the share of all of them sent (0–100). A file refused once
 * the message exists does not undo it (sending again would send it twice): the refusal is answered, not thrown, so
 * the screen can say the message went without its files.
 */
async function attach(path: string, files: readonly File[], onProgress: (percent: number) => void): Promise<unknown> {
  try {
    for (const [index, file] of files.entries()) {
      await uploadWithProgress<{ data: TicketAttachment }>('POST', path, file, (percent) =>
        onProgress(Math.round(((index + percent / 100) / files.length) * 100)),
      );
    }
    return null;
  } catch (error) {
    return error;
  }
}

/** Files a ticket in the session's shop, then its files on the opening message. */
export function useFileTicket() {
  return useTicketMutation(
    async (variables: {
      body: TicketCreateBody;
      files: File[];
      onProgress: (percent: number) => void;
    }): Promise<{ ticket: Ticket; attachError: unknown }> => {
      const ticket = (await api<{ data: Ticket }>('/api/tickets', { method: 'POST', body: variables.body })).data;
      const opening = ticket.messages[0];
      const path = `/api/tickets/${ticket.id}/messages/${opening?.id}/attachments`;
      const attachError =
        opening && variables.files.length > 0 ? await attach(path, variables.files, variables.onProgress) : null;
      return { ticket, attachError };
    },
  );
}

export function useReplyToTicket(reach: TicketReach, id: number) {
  return useTicketMutation(
    async (variables: {
      message: string;
      files: File[];
      onProgress: (percent: number) => void;
    }): Promise<{ ticket: Ticket; attachError: unknown }> => {
      const ticket = (
        await api<{ data: Ticket }>(`${prefix(reach)}/${id}/replies`, {
          method: 'POST',
          body: { message: variables.message },
        })
      ).data;
      const reply = ticket.messages.at(-1);
      const path = `${prefix(reach)}/${id}/messages/${reply?.id}/attachments`;
      const attachError =
        reply && variables.files.length > 0 ? await attach(path, variables.files, variables.onProgress) : null;
      return { ticket, attachError };
    },
  );
}

export function useTicketTransition(reach: TicketReach, id: number) {
  return useTicketMutation(
    async (variables: { action: 'close' | 'reopen' | 'remind' } | { action: 'move'; categoryId: number }) =>
      (
        await api<{ data: Ticket }>(`${prefix(reach)}/${id}/${variables.action}`, {
          method: 'POST',
          body: variables.action === 'move' ? { categoryId: variables.categoryId } : {},
        })
      ).data,
  );
}

/** An attachment's bytes, fetched with the session (an <img> cannot send it), cached while the ticket is open. */
export function useTicketAttachmentBlob(reach: TicketReach, ticketId: number, attachmentId: number) {
  return useQuery({
    // Apart from the tickets' queries: a change of the ticket never changes a stored file.
    queryKey: ['ticket-attachment', attachmentId],
    queryFn: () => fetchBlob(`${prefix(reach)}/${ticketId}/attachments/${attachmentId}/file`),
    staleTime: Number.POSITIVE_INFINITY,
  });
}

export function downloadAttachment(reach: TicketReach, ticketId: number, attachmentId: number): Promise<Blob> {
  return fetchBlob(`${prefix(reach)}/${ticketId}/attachments/${attachmentId}/file?download=1`);
}
