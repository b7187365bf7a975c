// The daily cash reports (spec §2 shop/cashRegister, §4 Cash report): a shop's month, one report with its
// save, partial confirmation, close and correction, and the unclosed days across shops. Every change
// refreshes the report, the months and the unclosed list, which all show its status.
import type {
  CashRegisterDay,
  CashReport,
  CashReportBody,
  CashReportCloseBody,
  unclosedDaysPageSchema,
} from '@bottega/contracts/cash-register';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { api } from '../../lib/api-client';
import { cashRegisterKeys } from './cash-register.keys';

export type UnclosedDaysPage = z.infer<typeof unclosedDaysPageSchema>;
export type UnclosedDay = UnclosedDaysPage['data'][number];

/** The days of a month (YYYY-MM) of a shop, each with its report's status and what the feed and printer hold. */
export function useCashRegisterMonth(shopId: number | null, month: string) {
  return useQuery({
    queryKey: cashRegisterKeys.month(shopId ?? 0, month),
    queryFn: async () =>
      (await api<{ data: CashRegisterDay[] }>(`/api/shops/${shopId}/cash-reports`, { query: { month } })).data,
    enabled: shopId !== null,
    placeholderData: keepPreviousData,
  });
}

export function useCashReport(reportId: number) {
  return useQuery({
    queryKey: cashRegisterKeys.report(reportId),
    queryFn: async () => (await api<{ data: CashReport }>(`/api/cash-reports/${reportId}`)).data,
  });
}

export function useUnclosedDays(query: { page: number; perPage: number; shopId: number | null }) {
  return useQuery({
    queryKey: [...cashRegisterKeys.unclosed, query],
    queryFn: () =>
      api<UnclosedDaysPage>('/api/cash-reports/unclosed', {
        query: { page: query.page, perPage: query.perPage, shopId: query.shopId ?? undefined },
      }),
    placeholderData: keepPreviousData,
  });
}

/** A report changed: keep the server's answer as the report, and refresh the lists that show its status. */
function useReportChanged() {
  const queryClient = useQueryClient();
  return (report: CashReport) => {
    queryClient.setQueryData(cashRegisterKeys.report(report.id), report);
    void queryClient.invalidateQueries({ queryKey: [...cashRegisterKeys.all, 'month'] });
    void queryClient.invalidateQueries({ queryKey: cashRegisterKeys.unclosed });
    void queryClient.invalidateQueries({ queryKey: cashRegisterKeys.weekly(report.shopId) });
  };
}

/** Opens the report of a day: the server creates it when there is none yet, or answers the existing one. */
export function useOpenCashReport() {
  const changed = useReportChanged();
  return useMutation({
    mutationFn: async (input: { shopId: number; businessDate: string }) =>
      (
        await api<{ data: CashReport }>(`/api/shops/${input.shopId}/cash-reports`, {
          method: 'POST',
          body: { businessDate: input.businessDate },
        })
      ).data,
    onSuccess: changed,
  });
}

/** A step of a report's day, with what goes with it. */
export type CashReportActionInput =
  | { action: 'save'; body: CashReportBody }
  | { action: 'confirm'; body: CashReportBody & { acceptFiscalDifference?: string } }
  | { action: 'close'; body: CashReportCloseBody }
  | { action: 'withdraw'; body: { version: number } }
  | { action: 'correct'; body: CashReportBody & { reason: string } };

/**
 * A change to the report: a draft save, a partial confirmation, the close by a second person, withdrawing the
 * partial confirmation, or a correction of a closed day with its reason. A refusal changes nothing on the server;
 * it refreshes the report anyway, since what it depends on (the fiscal close, the previous week, someone else's
 * save) may have changed meanwhile.
 */
export function useCashReportAction(reportId: number) {
  const queryClient = useQueryClient();
  const changed = useReportChanged();
  return useMutation({
    mutationFn: async (input: CashReportActionInput) => {
      const path =
        input.action === 'save' ? `/api/cash-reports/${reportId}` : `/api/cash-reports/${reportId}/${input.action}`;
      return (
        await api<{ data: CashReport }>(path, { method: input.action === 'save' ? 'PUT' : 'POST', body: input.body })
      ).data;
    },
    onSuccess: changed,
    onError: () => void queryClient.invalidateQueries({ queryKey: cashRegisterKeys.report(reportId), exact: true }),
  });
}
