// Bank statements (deposit/upload/bank, deposit/check): the uploads and their reading job, the matching of the open
// credits to the entered deposits, and the convalidation that links them. A convalidation changes deposits, so every
// deposit list and balance is read again.
import {
  type BankConvalidateBody,
  type BankMatching,
  type BankUpload,
  bankUploadStartedSchema,
} from '@bottega/contracts/bank';
import type { Job } from '@bottega/contracts/jobs';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, fetchBlob } from '../../lib/api-client';
import { saveBlobAs } from '../../lib/object-url';
import { uploadWithProgress } from '../../lib/upload-with-progress';
import { depositKeys } from './deposits.api';

export const bankKeys = {
  all: ['bank'] as const,
  uploads: (page: number) => ['bank', 'uploads', page] as const,
  upload: (id: number) => ['bank', 'upload', id] as const,
  matching: ['bank', 'matching'] as const,
};

export const bankUploadsPerPage = 10;

export function useBankUploads(page: number) {
  return useQuery({
    queryKey: bankKeys.uploads(page),
    queryFn: () =>
      api<{ data: BankUpload[]; meta: { total: number } }>('/api/bank/uploads', {
        query: { page, perPage: bankUploadsPerPage },
      }),
    placeholderData: keepPreviousData,
  });
}

export function useBankUpload(id: number, enabled: boolean) {
  return useQuery({
    queryKey: bankKeys.upload(id),
    queryFn: async () => (await api<{ data: BankUpload }>(`/api/bank/uploads/${id}`)).data,
    enabled,
  });
}

export function useSendBankStatement() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (input: {
      file: File;
      onProgress: (percent: number) => void;
    }): Promise<{
      upload: BankUpload;
      job: Job;
    }> => {
      const answer = bankUploadStartedSchema.parse(
        await uploadWithProgress('POST', '/api/bank/uploads', input.file, input.onProgress),
      );
      return answer.data as { upload: BankUpload; job: Job };
    },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: bankKeys.all }),
  });
}

export function useBankMatching() {
  return useQuery({
    queryKey: bankKeys.matching,
    queryFn: async () => (await api<{ data: BankMatching }>('/api/bank/matching')).data,
  });
}

export function useConvalidateWithBank() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: BankConvalidateBody) =>
      api<{ data: { depositIds: number[] } }>('/api/bank/convalidations', { method: 'POST', body }),
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: bankKeys.all }),
        queryClient.invalidateQueries({ queryKey: depositKeys.all }),
      ]),
  });
}

/** The demo bank's statement of the deposits not yet convalidated (demo data only). */
export async function downloadDemoStatement(format: 'camt053' | 'cbi', fileName: string): Promise<void> {
  saveBlobAs(await fetchBlob(`/api/bank/demo-statement?format=${format}`), fileName);
}
