// A shop's sales feed: what its registers and printers last sent, the days without a fiscal close
// (read from the printer or typed in), the refused records, its client credentials and day totals.
import type {
  FiscalClose,
  FiscalCloseRecord,
  SalesClient,
  SalesDay,
  SalesExport,
  SalesExportBody,
  salesClientCreatedAnswerSchema,
  salesFeedSchema,
  salesRejectionsAnswerSchema,
} from '@bottega/contracts/sales';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { api } from '../../lib/api-client';
import { uploadWithProgress } from '../../lib/upload-with-progress';
import { cashRegisterKeys } from '../cash-register/cash-register.keys';

export type SalesFeed = z.infer<typeof salesFeedSchema>;
export type SalesRejectionsPage = z.infer<typeof salesRejectionsAnswerSchema>;
export type CreatedSalesClient = z.infer<typeof salesClientCreatedAnswerSchema>['data'];

const keyOf = (shopId: number) => ['sales', shopId] as const;

export function useSalesFeed(shopId: number) {
  return useQuery({
    queryKey: [...keyOf(shopId), 'feed'],
    queryFn: async () => (await api<{ data: SalesFeed }>(`/api/shops/${shopId}/sales-feed`)).data,
  });
}

export function useSalesRejections(shopId: number, page: number, perPage: number) {
  return useQuery({
    queryKey: [...keyOf(shopId), 'rejections', page, perPage],
    queryFn: () => api<SalesRejectionsPage>(`/api/shops/${shopId}/sales-rejections`, { query: { page, perPage } }),
    placeholderData: keepPreviousData,
  });
}

export function useSalesDays(shopId: number, range: { from: string; to: string }) {
  return useQuery({
    queryKey: [...keyOf(shopId), 'days', range],
    queryFn: async () => (await api<{ data: SalesDay[] }>(`/api/shops/${shopId}/sales-days`, { query: range })).data,
  });
}

/** The person's latest receipts exports of the shop, as far as each has got (its bar then moves live). */
export function useSalesExports(shopId: number) {
  return useQuery({
    queryKey: [...keyOf(shopId), 'exports'],
    queryFn: async () => (await api<{ data: SalesExport[] }>(`/api/shops/${shopId}/sales-exports`)).data,
  });
}

/** Queues an export of the shop's receipts: the answer is its job, listed at once. */
export function useRequestSalesExport(shopId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (body: SalesExportBody) =>
      (await api<{ data: SalesExport }>(`/api/shops/${shopId}/sales-exports`, { method: 'POST', body })).data,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: [...keyOf(shopId), 'exports'] }),
  });
}

export function useSalesClients(shopId: number) {
  return useQuery({
    queryKey: [...keyOf(shopId), 'clients'],
    queryFn: async () => (await api<{ data: SalesClient[] }>(`/api/shops/${shopId}/sales-clients`)).data,
  });
}

/** Any change may move the feed: a new source, a day closed, a credential revoked. */
/** A change of the feed also changes the cash register's days and reports, which show its figures and closes. */
function useInvalidateSales(shopId: number) {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: keyOf(shopId) }),
      queryClient.invalidateQueries({ queryKey: cashRegisterKeys.all }),
    ]);
}

/** The answer holds the secret, shown once: it is kept by the caller, never in the query cache. */
export function useCreateSalesClient(shopId: number) {
  const invalidate = useInvalidateSales(shopId);
  return useMutation({
    mutationFn: async (name: string) =>
      (
        await api<{ data: CreatedSalesClient }>(`/api/shops/${shopId}/sales-clients`, {
          method: 'POST',
          body: { name },
        })
      ).data,
    onSuccess: invalidate,
  });
}

export function useRevokeSalesClient(shopId: number) {
  const invalidate = useInvalidateSales(shopId);
  return useMutation({
    mutationFn: (clientId: number) => api(`/api/shops/${shopId}/sales-clients/${clientId}`, { method: 'DELETE' }),
    onSuccess: invalidate,
  });
}

/** A close typed in from the paper Z report: the server stores it as source manual. */
export function useEnterFiscalClose(shopId: number) {
  const invalidate = useInvalidateSales(shopId);
  return useMutation({
    mutationFn: async (record: FiscalCloseRecord) =>
      (await api<{ data: FiscalClose }>(`/api/shops/${shopId}/fiscal-closes`, { method: 'POST', body: record })).data,
    onSuccess: invalidate,
  });
}

/** Sends the printer's corrispettivi XML of a day: the server stores its close as source file. */
export function useUploadFiscalCloseFile(shopId: number) {
  const invalidate = useInvalidateSales(shopId);
  return useMutation({
    mutationFn: async (input: { businessDate: string; file: File; onProgress: (percent: number) => void }) =>
      (
        await uploadWithProgress<{ data: FiscalClose }>(
          'POST',
          `/api/shops/${shopId}/fiscal-closes/file`,
          input.file,
          input.onProgress,
          { businessDate: input.businessDate },
        )
      ).data,
    onSuccess: invalidate,
  });
}

/** Asks the server to read the day's close from the shop's fiscal printer. */
export function useReadFiscalClose(shopId: number) {
  const invalidate = useInvalidateSales(shopId);
  return useMutation({
    mutationFn: async (businessDate: string) =>
      (
        await api<{ data: FiscalClose }>(`/api/shops/${shopId}/fiscal-closes/read-printer`, {
          method: 'POST',
          body: { businessDate },
        })
      ).data,
    onSuccess: invalidate,
  });
}
