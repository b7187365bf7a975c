// Payslips and tax certificates (issue 19): uploads and their split job, the review of each upload, the archive,
// the person's own, and the payslip blacklist. The two kinds share one flow under their own base
// (payslipApiBase); every answer is read through the contract's schema.
import {
  deletedPayslipsAnswerSchema,
  ownPayslipsAnswerSchema,
  type PayslipBlacklistBody,
  type PayslipItemOutcome,
  type PayslipKind,
  type PayslipUpload,
  payslipApiBase,
  payslipBlacklistCandidatesAnswerSchema,
  payslipBlacklistEntryAnswerSchema,
  payslipBlacklistPageSchema,
  payslipConvalidateAnswerSchema,
  payslipItemPageSchema,
  payslipNotifyAnswerSchema,
  payslipPageSchema,
  payslipUploadAnswerSchema,
  payslipUploadPageSchema,
  payslipUploadStartedSchema,
} from '@bottega/contracts/payslips';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { api, fetchBlob } from '../../lib/api-client';
import { saveBlobAs } from '../../lib/object-url';
import { uploadWithProgress } from '../../lib/upload-with-progress';

const key = (kind: PayslipKind) => ['payslips', kind] as const;
const blacklistKey = ['payslips', 'blacklist'] as const;
const ownKey = (kind: PayslipKind) => ['payslips', 'own', kind] as const;
/** The person's own of each kind. */
const ownPath: Record<PayslipKind, string> = {
  payslip: '/api/me/payslips',
  taxCertificate: '/api/me/tax-certificates',
};

/** While an upload is being split, its row is read again this often (its job's bar moves live for the uploader). */
const splitPollMs = 5000;

function isSplitting(uploads: readonly PayslipUpload[] | undefined): boolean {
  return uploads?.some((upload) => upload.state === 'processing') ?? false;
}

/** A page of a list and the filters it was asked with (empty ones are left out of the address). */
type PageQuery = { page: number; perPage: number };

export type UploadListQuery = PageQuery & { companyId?: number | null; year?: number | null };

/**
 * Which uploads: the log's (all), those with payslips waiting (the convalidate screen) or those that may be deleted
 * (the delete screen); each is its own call with its own ability.
 */
export type UploadList = 'log' | 'pending' | 'deletable';
const uploadListPath: Record<UploadList, string> = {
  log: '/uploads',
  pending: '/uploads/pending',
  deletable: '/uploads/deletable',
};

export function useUploads(kind: PayslipKind, list: UploadList, query: UploadListQuery, enabled = true) {
  return useQuery({
    queryKey: [...key(kind), 'uploads', list, query],
    queryFn: async () =>
      payslipUploadPageSchema.parse(await api(`${payslipApiBase[kind]}${uploadListPath[list]}`, { query })),
    placeholderData: keepPreviousData,
    refetchInterval: (current) => (isSplitting(current.state.data?.data) ? splitPollMs : false),
    enabled,
  });
}

export function useUpload(kind: PayslipKind, id: number) {
  return useQuery({
    queryKey: [...key(kind), 'upload', id],
    queryFn: async () => payslipUploadAnswerSchema.parse(await api(`${payslipApiBase[kind]}/uploads/${id}`)).data,
    refetchInterval: (current) =>
      isSplitting(current.state.data ? [current.state.data] : undefined) ? splitPollMs : false,
  });
}

export type ItemListQuery = PageQuery & { outcome?: PayslipItemOutcome | null; pending?: boolean };

export function useUploadItems(kind: PayslipKind, uploadId: number, query: ItemListQuery, enabled = true) {
  return useQuery({
    queryKey: [...key(kind), 'items', uploadId, query],
    queryFn: async () =>
      payslipItemPageSchema.parse(
        await api(`${payslipApiBase[kind]}/uploads/${uploadId}/items`, {
          query: { ...query, pending: query.pending ? true : undefined },
        }),
      ),
    placeholderData: keepPreviousData,
    enabled,
  });
}

/** Sends the consultant's PDF with its company and period; the answer is the upload and its split job. */
export function useSendUpload(kind: PayslipKind) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (input: { file: File; fields: Record<string, string>; onProgress: (percent: number) => void }) =>
      payslipUploadStartedSchema.parse(
        await uploadWithProgress('POST', `${payslipApiBase[kind]}/uploads`, input.file, input.onProgress, input.fields),
      ).data,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: key(kind) }),
  });
}

/**
 * What the split of an upload changed: its row, its items and the lists (called when its job ends). The dashboard's
 * to-dos are read again whenever it is opened.
 */
export function useRefreshUploads(kind: PayslipKind) {
  const queryClient = useQueryClient();
  // One function per kind, so effects that call it when a split ends run once.
  return useCallback(() => void queryClient.invalidateQueries({ queryKey: key(kind) }), [queryClient, kind]);
}

/** Removes an upload with every payslip of its file, convalidated ones included; answers how many went. */
export function useDeleteUpload(kind: PayslipKind) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (id: number) =>
      deletedPayslipsAnswerSchema.parse(await api(`${payslipApiBase[kind]}/uploads/${id}`, { method: 'DELETE' })).data,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: key(kind) }),
  });
}

/** Saves the consultant's original file under its own name. */
export async function downloadUploadFile(kind: PayslipKind, upload: { id: number; fileName: string }): Promise<void> {
  saveBlobAs(await fetchBlob(`${payslipApiBase[kind]}/uploads/${upload.id}/file`), upload.fileName);
}

/**
 * Convalidates payslips of one upload: those named, or (no ids) every one still uploaded but those held for review.
 * The employees are told they can download them.
 */
export function useConvalidate(kind: PayslipKind) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (body: { uploadId: number; payslipIds?: number[] }) =>
      payslipConvalidateAnswerSchema.parse(await api(`${payslipApiBase[kind]}/convalidate`, { method: 'POST', body }))
        .data,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: key(kind) }),
  });
}

/** Tells the employee again that a convalidated payslip is there to download. */
export function useNotifyPayslip(kind: PayslipKind) {
  return useMutation({
    mutationFn: async (payslipId: number) =>
      payslipNotifyAnswerSchema.parse(await api(`${payslipApiBase[kind]}/${payslipId}/notify`, { method: 'POST' }))
        .data,
  });
}

export type ArchiveQuery = PageQuery & {
  companyId?: number | null;
  year?: number | null;
  month?: number | null;
  search?: string;
};

/** The archive: convalidated payslips, by company, period and employee. */
export function useArchive(kind: PayslipKind, query: ArchiveQuery) {
  return useQuery({
    queryKey: [...key(kind), 'archive', query],
    queryFn: async () => payslipPageSchema.parse(await api(payslipApiBase[kind], { query })),
    placeholderData: keepPreviousData,
  });
}

/** One payslip's PDF: `inline` to look at it, `attachment` to save it (which marks the person's own as read). */
export function fetchPayslipFile(
  kind: PayslipKind,
  payslipId: number,
  disposition: 'inline' | 'attachment',
): Promise<Blob> {
  return fetchBlob(`${payslipApiBase[kind]}/${payslipId}/file?disposition=${disposition}`);
}

/** The preview's bytes, cached while the dialog may open again. */
export function usePayslipPreview(kind: PayslipKind, payslipId: number | null) {
  return useQuery({
    queryKey: [...key(kind), 'preview', payslipId],
    queryFn: () => fetchPayslipFile(kind, payslipId as number, 'inline'),
    enabled: payslipId !== null,
    staleTime: Number.POSITIVE_INFINITY,
    gcTime: 60_000,
  });
}

export async function downloadPayslip(kind: PayslipKind, payslipId: number, fileName: string): Promise<void> {
  saveBlobAs(await fetchPayslipFile(kind, payslipId, 'attachment'), fileName);
}

/** The person's own of one year (the latest they have when `year` is null) and the years they have any. */
export function useOwnPayslips(kind: PayslipKind, year: number | null) {
  return useQuery({
    queryKey: [...ownKey(kind), year],
    queryFn: async () => ownPayslipsAnswerSchema.parse(await api(ownPath[kind], { query: { year } })),
    placeholderData: keepPreviousData,
  });
}

/** Saves one's own payslip; the first download takes its "new" mark and its dashboard to-do away. */
export function useDownloadOwnPayslip(kind: PayslipKind) {
  const queryClient = useQueryClient();
  return async (payslipId: number, fileName: string) => {
    await downloadPayslip(kind, payslipId, fileName);
    await queryClient.invalidateQueries({ queryKey: ownKey(kind) });
  };
}

// ---------------------------------------------------------------------------------------------
// The payslip blacklist (spec §3): payslips of a listed employee are neither delivered nor announced.

export function useBlacklist(query: PageQuery) {
  return useQuery({
    queryKey: [...blacklistKey, query],
    queryFn: async () => payslipBlacklistPageSchema.parse(await api('/api/payslips/blacklist', { query })),
    placeholderData: keepPreviousData,
  });
}

export function useAddToBlacklist() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (body: PayslipBlacklistBody) =>
      payslipBlacklistEntryAnswerSchema.parse(await api('/api/payslips/blacklist', { method: 'POST', body })).data,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['payslips'] }),
  });
}

export function useRemoveFromBlacklist() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api(`/api/payslips/blacklist/${id}`, { method: 'DELETE' }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['payslips'] }),
  });
}

/** Current and former employees who may be listed, by name, surname or codice fiscale (at most 20). */
export function useBlacklistCandidates(search: string) {
  return useQuery({
    queryKey: [...blacklistKey, 'candidates', search],
    queryFn: async () =>
      payslipBlacklistCandidatesAnswerSchema.parse(
        await api('/api/payslips/blacklist/candidates', { query: { search } }),
      ).data,
    placeholderData: keepPreviousData,
  });
}
