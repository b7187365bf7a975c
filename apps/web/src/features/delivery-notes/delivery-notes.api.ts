// The shop's delivery notes (issue 25): the processed or emailed files whose sender or recipient is the session's
// shop, a page at a time; one of them with its lines; its DDT as PDF; and the recipient shop's confirmation of what
// arrived. Lists are read again when the server says a file the shop is part of changed.

import {
  type DeliveryNoteListQuery,
  type LogisticsFile,
  type LogisticsFileSummary,
  type LogisticsReceiveBody,
  logisticsChangedEvent,
  logisticsFileSlugs,
} from '@bottega/contracts/logistics';
import { shopChannel } from '@bottega/contracts/notifications';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { api, fetchBlob } from '../../lib/api-client';
import { saveBlobAs } from '../../lib/object-url';
import { connectRealtime } from '../../lib/realtime';

export const deliveryNotesKey = ['delivery-notes'] as const;

export function useDeliveryNotesLive(shopId: number | null) {
  const queryClient = useQueryClient();
  useEffect(() => {
    if (shopId === null) return;
    return connectRealtime([shopChannel(shopId)], {
      [logisticsChangedEvent]: () => void queryClient.invalidateQueries({ queryKey: deliveryNotesKey }),
    });
  }, [shopId, queryClient]);
}

export function useDeliveryNotes(query: DeliveryNoteListQuery) {
  return useQuery({
    queryKey: [...deliveryNotesKey, query],
    queryFn: () =>
      api<{ data: LogisticsFileSummary[]; meta: { page: number; perPage: number; total: number } }>(
        '/api/delivery-notes',
        { query },
      ),
    placeholderData: keepPreviousData,
  });
}

export function useDeliveryNote(id: number) {
  return useQuery({
    queryKey: [...deliveryNotesKey, 'one', id],
    queryFn: async () => (await api<{ data: LogisticsFile }>(`/api/delivery-notes/${id}`)).data,
    retry: false,
  });
}

export function useReceiveDeliveryNote(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (body: LogisticsReceiveBody) =>
      (await api<{ data: LogisticsFile }>(`/api/delivery-notes/${id}/receive`, { method: 'POST', body })).data,
    onSuccess: (file) => {
      queryClient.setQueryData([...deliveryNotesKey, 'one', id], file);
      return queryClient.invalidateQueries({ queryKey: deliveryNotesKey });
    },
  });
}

/** The file name of a DDT: its number, readable in a folder ("DDT-123-DDT.pdf"). */
export function ddtFileName(file: Pick<LogisticsFileSummary, 'documentNumber' | 'id'>): string {
  return `DDT-${(file.documentNumber ?? String(file.id)).replaceAll(/[^A-Za-z0-9-]+/g, '-')}.pdf`;
}

export async function downloadDdt(file: Pick<LogisticsFileSummary, 'kind' | 'id' | 'documentNumber'>): Promise<void> {
  saveBlobAs(await fetchBlob(`/api/logistics/${logisticsFileSlugs[file.kind]}/${file.id}/ddt.pdf`), ddtFileName(file));
}
