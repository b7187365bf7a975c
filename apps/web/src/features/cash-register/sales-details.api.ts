// What the sales feed has for a report's day: the totals by department, payment and register, and the
// receipts (searched and paged on the server) with each one's lines and payments when opened.
import type { cashReportReceiptSchema, cashReportSalesDetailsSchema } from '@bottega/contracts/cash-register';
import type { StoredReceipt } from '@bottega/contracts/sales';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import { api } from '../../lib/api-client';
import { cashRegisterKeys } from './cash-register.keys';

export type CashReportSalesDetails = z.infer<typeof cashReportSalesDetailsSchema>;
export type CashReportReceipt = z.infer<typeof cashReportReceiptSchema>;
export type CashReportReceiptsPage = {
  data: CashReportReceipt[];
  meta: { page: number; perPage: number; total: number };
};

export function useSalesDetails(reportId: number) {
  return useQuery({
    queryKey: cashRegisterKeys.reportPart(reportId, 'sales-details'),
    queryFn: async () =>
      (await api<{ data: CashReportSalesDetails }>(`/api/cash-reports/${reportId}/sales-details`)).data,
  });
}

export const receiptsKey = (reportId: number) => cashRegisterKeys.reportPart(reportId, 'receipts');

export function useReportReceipts(reportId: number, query: { search: string; page: number; perPage: number }) {
  return useQuery({
    queryKey: [...receiptsKey(reportId), query],
    queryFn: () => api<CashReportReceiptsPage>(`/api/cash-reports/${reportId}/receipts`, { query }),
    placeholderData: keepPreviousData,
  });
}

/** One receipt with its lines and payments; a receipt never changes once stored, so it is kept. */
export function useReportReceipt(reportId: number, receiptId: number | null) {
  return useQuery({
    queryKey: [...receiptsKey(reportId), 'one', receiptId],
    queryFn: async () =>
      (await api<{ data: StoredReceipt }>(`/api/cash-reports/${reportId}/receipts/${receiptId}`)).data,
    enabled: receiptId !== null,
    staleTime: Number.POSITIVE_INFINITY,
  });
}
