// The POS archive (issue 21): the settlement uploads and their import, the archive's entries and the per-day
// comparison. An import that ends refreshes everything read from the archive.
import type { Job } from '@bottega/contracts/jobs';
import {
  type PosComparison,
  type PosEntryExportQuery,
  type PosEntryFilters,
  type PosEntryPage,
  type PosUpload,
  posUploadStartedSchema,
} from '@bottega/contracts/pos';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { api, fetchBlob } from '../../lib/api-client';
import { saveBlobAs } from '../../lib/object-url';
import { uploadWithProgress } from '../../lib/upload-with-progress';
import { listPerPage } from '../../ui/use-list-page';

const posKey = ['pos'] as const;

export function usePosEntries(filters: PosEntryFilters, page: number, enabled = true) {
  return useQuery({
    queryKey: [...posKey, 'entries', filters, page],
    queryFn: () => api<PosEntryPage>('/api/pos/entries', { query: { ...filters, page, perPage: listPerPage } }),
    placeholderData: keepPreviousData,
    enabled,
  });
}

/** Saves every entry of the month the filters select as CSV, headings in the screen's language. */
export async function downloadPosEntries(filters: PosEntryExportQuery, fileName: string): Promise<void> {
  const query = new URLSearchParams();
  for (const [name, value] of Object.entries(filters)) if (value !== undefined) query.set(name, String(value));
  saveBlobAs(await fetchBlob(`/api/pos/entries/export?${query}`), fileName);
}

export function usePosComparison(month: string, shopId: number | undefined, enabled = true) {
  return useQuery({
    queryKey: [...posKey, 'comparison', month, shopId],
    queryFn: async () => (await api<{ data: PosComparison }>('/api/pos/comparison', { query: { month, shopId } })).data,
    placeholderData: keepPreviousData,
    enabled,
  });
}

export function usePosUploads(page: number) {
  return useQuery({
    queryKey: [...posKey, 'uploads', page],
    queryFn: () =>
      api<{ data: PosUpload[]; meta: { page: number; perPage: number; total: number } }>('/api/pos/uploads', {
        query: { page, perPage: listPerPage },
      }),
    placeholderData: keepPreviousData,
  });
}

/** One upload, read once its import job has ended (`enabled`). */
export function usePosUpload(id: number, enabled: boolean) {
  return useQuery({
    queryKey: [...posKey, 'upload', id],
    queryFn: async () => (await api<{ data: PosUpload }>(`/api/pos/uploads/${id}`)).data,
    enabled,
  });
}

export async function downloadPosUpload(upload: PosUpload): Promise<void> {
  saveBlobAs(await fetchBlob(`/api/pos/uploads/${upload.id}/file`), upload.fileName);
}

export function useSendPosUpload() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (input: {
      file: File;
      onProgress: (percent: number) => void;
    }): Promise<{
      upload: PosUpload;
      job: Job;
    }> =>
      posUploadStartedSchema.parse(await uploadWithProgress('POST', '/api/pos/uploads', input.file, input.onProgress))
        .data,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: [...posKey, 'uploads'] }),
  });
}

/** What an import changed: the uploads, the entries and the comparison (called once its job ends). */
export function useRefreshPos() {
  const queryClient = useQueryClient();
  return useCallback(() => void queryClient.invalidateQueries({ queryKey: posKey }), [queryClient]);
}
