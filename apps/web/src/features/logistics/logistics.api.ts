// Logistics (issue 25): the files of each kind a page at a time, one file, its changes and transitions, its downloads
// and the import of its lines; the parties and sides a file goes between, the catalogue's products for the line
// editor, and the document types with their numbers. Every logistics query is read again when the server says a file
// changed on the person's own channel or their shop's.

import {
  type DocumentType,
  type DocumentTypeBody,
  type LogisticsFile,
  type LogisticsFileBody,
  type LogisticsFileKind,
  type LogisticsFileListQuery,
  type LogisticsFileSummary,
  type LogisticsImportRowError,
  type LogisticsLineBody,
  type LogisticsParty,
  type LogisticsPartyBody,
  type LogisticsProduct,
  type LogisticsSide,
  logisticsChangedEvent,
  logisticsFileSlugs,
} from '@bottega/contracts/logistics';
import { shopChannel, userChannel } from '@bottega/contracts/notifications';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { api, fetchBlob } from '../../lib/api-client';
import { saveBlobAs } from '../../lib/object-url';
import { connectRealtime } from '../../lib/realtime';
import { uploadWithProgress } from '../../lib/upload-with-progress';
import { useAuthUser } from '../auth/auth.api';

export const logisticsKey = ['logistics'] as const;
const filesPath = (kind: LogisticsFileKind) => `/api/logistics/${logisticsFileSlugs[kind]}`;

/** Reads the logistics queries again whenever a file the person may be looking at changes state. */
export function useLogisticsLive() {
  const queryClient = useQueryClient();
  const user = useAuthUser();
  const userId = user.data?.id;
  const shopId = user.data?.shop?.id ?? null;
  useEffect(() => {
    if (userId === undefined) return;
    return connectRealtime([userChannel(userId), ...(shopId === null ? [] : [shopChannel(shopId)])], {
      [logisticsChangedEvent]: () => void queryClient.invalidateQueries({ queryKey: logisticsKey }),
    });
  }, [userId, shopId, queryClient]);
}

export function useLogisticsFiles(kind: LogisticsFileKind, query: LogisticsFileListQuery) {
  return useQuery({
    queryKey: [...logisticsKey, 'files', kind, query],
    queryFn: () =>
      api<{ data: LogisticsFileSummary[]; meta: { page: number; perPage: number; total: number } }>(filesPath(kind), {
        query,
      }),
    placeholderData: keepPreviousData,
  });
}

export function useLogisticsFile(kind: LogisticsFileKind, id: number | null) {
  return useQuery({
    queryKey: [...logisticsKey, 'file', kind, id],
    queryFn: async () => (await api<{ data: LogisticsFile }>(`${filesPath(kind)}/${id}`)).data,
    enabled: id !== null,
    retry: false,
  });
}

/** Every change refreshes the logistics queries. */
function useLogisticsMutation<Variables, Answer>(mutationFn: (variables: Variables) => Promise<Answer>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: logisticsKey }),
  });
}

/** Creates the file (no id) or saves it while saved. */
export function useSaveLogisticsFile(kind: LogisticsFileKind, id: number | null) {
  return useLogisticsMutation(
    async (body: LogisticsFileBody) =>
      (
        await api<{ data: LogisticsFile }>(id === null ? filesPath(kind) : `${filesPath(kind)}/${id}`, {
          method: id === null ? 'POST' : 'PUT',
          body,
        })
      ).data,
  );
}

export function useDeleteLogisticsFile(kind: LogisticsFileKind) {
  return useLogisticsMutation((id: number) => api(`${filesPath(kind)}/${id}`, { method: 'DELETE' }));
}

export type FileAction = 'send' | 'giveBack' | 'process' | 'email';
const actionPath: Record<FileAction, string> = {
  send: 'send',
  giveBack: 'give-back',
  process: 'process',
  email: 'email',
};

export function useLogisticsFileAction(kind: LogisticsFileKind, id: number) {
  return useLogisticsMutation(
    async (variables: { action: FileAction; reason?: string }) =>
      (
        await api<{ data: LogisticsFile }>(`${filesPath(kind)}/${id}/${actionPath[variables.action]}`, {
          method: 'POST',
          body: variables.action === 'giveBack' ? { reason: variables.reason ?? '' } : {},
        })
      ).data,
  );
}

export type LogisticsDownload = 'lines.csv' | 'lines.xlsx' | 'ddt.pdf';

/** The file's name on disk: the kind's path, its number or id, and what it holds. */
export function downloadName(
  file: Pick<LogisticsFileSummary, 'kind' | 'id' | 'documentNumber'>,
  what: LogisticsDownload,
) {
  const number = (file.documentNumber ?? String(file.id)).replace(/[^A-Za-z0-9-]+/g, '-');
  return `${logisticsFileSlugs[file.kind]}-${number}-${what}`;
}

export async function downloadLogisticsFile(
  file: Pick<LogisticsFileSummary, 'kind' | 'id' | 'documentNumber'>,
  what: LogisticsDownload,
): Promise<void> {
  saveBlobAs(await fetchBlob(`${filesPath(file.kind)}/${file.id}/${what}`), downloadName(file, what));
}

export type ImportAnswer = {
  lines: LogisticsLineBody[];
  errors: LogisticsImportRowError[];
  unknownProducts: string[];
};

/** Reads a CSV or XLSX of lines on the server; nothing is stored. */
export function useImportLines(kind: LogisticsFileKind) {
  return useMutation({
    mutationFn: async (variables: { file: File; onProgress: (percent: number) => void }) =>
      (
        await uploadWithProgress<{ data: ImportAnswer }>(
          'POST',
          `${filesPath(kind)}/import`,
          variables.file,
          variables.onProgress,
        )
      ).data,
  });
}

export function useLogisticsProducts(search: string) {
  return useQuery({
    queryKey: [...logisticsKey, 'products', search],
    queryFn: async () =>
      (await api<{ data: LogisticsProduct[] }>('/api/logistics/products', { query: { search } })).data,
    enabled: search.trim() !== '',
    staleTime: 60_000,
    placeholderData: keepPreviousData,
  });
}

export type LogisticsSides = { suppliers: LogisticsSide[]; warehouses: LogisticsSide[]; shops: LogisticsSide[] };

export function useLogisticsSides() {
  return useQuery({
    queryKey: [...logisticsKey, 'sides'],
    queryFn: async () => (await api<{ data: LogisticsSides }>('/api/logistics/sides')).data,
    staleTime: 60_000,
  });
}

// ——— Registry: parties and document types ———

export function useLogisticsParties() {
  return useQuery({
    queryKey: [...logisticsKey, 'parties'],
    queryFn: async () => (await api<{ data: LogisticsParty[] }>('/api/logistics/parties')).data,
  });
}

export function useSaveLogisticsParty(id: number | null) {
  return useLogisticsMutation(
    async (body: LogisticsPartyBody) =>
      (
        await api<{ data: LogisticsParty }>(id === null ? '/api/logistics/parties' : `/api/logistics/parties/${id}`, {
          method: id === null ? 'POST' : 'PUT',
          body,
        })
      ).data,
  );
}

export function useDeleteLogisticsParty() {
  return useLogisticsMutation((id: number) => api(`/api/logistics/parties/${id}`, { method: 'DELETE' }));
}

export function useDocumentTypes() {
  return useQuery({
    queryKey: [...logisticsKey, 'document-types'],
    queryFn: async () => (await api<{ data: DocumentType[] }>('/api/logistics/document-types')).data,
  });
}

export function useSaveDocumentType(id: number | null) {
  return useLogisticsMutation(
    async (body: DocumentTypeBody) =>
      (
        await api<{ data: DocumentType }>(
          id === null ? '/api/logistics/document-types' : `/api/logistics/document-types/${id}`,
          { method: id === null ? 'POST' : 'PUT', body },
        )
      ).data,
  );
}
