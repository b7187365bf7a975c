// A cash report's attachments: photos or PDFs of the fiscal close and the POS slips. Uploads report
// their progress; previews and downloads fetch the bytes with the bearer token.
import type { cashReportAttachmentSchema } from '@bottega/contracts/cash-register';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { api, fetchBlob } from '../../lib/api-client';
import { saveBlobAs } from '../../lib/object-url';
import { uploadWithProgress } from '../../lib/upload-with-progress';
import { cashRegisterKeys } from './cash-register.keys';

export type CashReportAttachment = z.infer<typeof cashReportAttachmentSchema>;

const attachmentsKey = (reportId: number) => cashRegisterKeys.reportPart(reportId, 'attachments');

export function useReportAttachments(reportId: number) {
  return useQuery({
    queryKey: attachmentsKey(reportId),
    queryFn: async () =>
      (await api<{ data: CashReportAttachment[] }>(`/api/cash-reports/${reportId}/attachments`)).data,
  });
}

export function useUploadAttachment(reportId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (input: { file: File; onProgress: (percent: number) => void }) =>
      (
        await uploadWithProgress<{ data: CashReportAttachment }>(
          'POST',
          `/api/cash-reports/${reportId}/attachments`,
          input.file,
          input.onProgress,
        )
      ).data,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: attachmentsKey(reportId) }),
  });
}

export function useDeleteAttachment(reportId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (attachmentId: number) =>
      api(`/api/cash-reports/${reportId}/attachments/${attachmentId}`, { method: 'DELETE' }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: attachmentsKey(reportId) }),
  });
}

function attachmentFileUrl(reportId: number, attachmentId: number, download = false): string {
  return `/api/cash-reports/${reportId}/attachments/${attachmentId}/file${download ? '?download=1' : ''}`;
}

/** The bytes shown in a thumbnail or a preview, cached per attachment (an attachment never changes). */
export function useAttachmentBlob(reportId: number, attachmentId: number) {
  return useQuery({
    queryKey: [...attachmentsKey(reportId), attachmentId, 'blob'],
    queryFn: () => fetchBlob(attachmentFileUrl(reportId, attachmentId)),
    staleTime: Number.POSITIVE_INFINITY,
  });
}

/** Saves an attachment under its own name. */
export async function downloadAttachment(reportId: number, attachment: CashReportAttachment): Promise<void> {
  saveBlobAs(await fetchBlob(attachmentFileUrl(reportId, attachment.id, true)), attachment.fileName);
}
