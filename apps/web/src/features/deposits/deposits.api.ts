// Deposits (spec §3 Deposit, §4 Deposits): the cash each shop takes to the bank, the people who may carry it, and the
// cash still to deposit per shop and day. A change of a deposit refreshes every list and balance that reads it.
import type {
  CashToDepositDayDetail,
  CashToDepositDays,
  CashToDepositPage,
  Deposit,
  DepositBody,
  DepositCarrier,
  DepositExportQuery,
  DepositPage,
  DepositState,
} from '@bottega/contracts/deposits';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, fetchBlob } from '../../lib/api-client';
import { saveBlobAs } from '../../lib/object-url';
import { listPerPage } from '../../ui/use-list-page';

export const depositKeys = {
  all: ['deposits'] as const,
  list: (filters: DepositFilters & { page: number }) => ['deposits', 'list', filters] as const,
  carriers: (shopId: number) => ['deposits', 'carriers', shopId] as const,
  cashToDeposit: ['deposits', 'cash-to-deposit'] as const,
};

export type DepositFilters = { shopId?: number; month?: string; state?: DepositState };

export function useDeposits(filters: DepositFilters, page: number, enabled = true) {
  return useQuery({
    queryKey: depositKeys.list({ ...filters, page }),
    queryFn: () => api<DepositPage>('/api/deposits', { query: { ...filters, page, perPage: listPerPage } }),
    placeholderData: keepPreviousData,
    enabled,
  });
}

/** The shop's active people with their deposit card; none asked while no shop is chosen. */
export function useDepositCarriers(shopId: number | null) {
  return useQuery({
    queryKey: depositKeys.carriers(shopId ?? 0),
    queryFn: async () => (await api<{ data: DepositCarrier[] }>(`/api/shops/${shopId}/deposit-carriers`)).data,
    enabled: shopId !== null,
  });
}

/** Records a deposit (no id) or corrects one. */
export function useSaveDeposit(depositId: number | null) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (body: DepositBody) =>
      (
        await api<{ data: Deposit }>(depositId === null ? '/api/deposits' : `/api/deposits/${depositId}`, {
          method: depositId === null ? 'POST' : 'PUT',
          body,
        })
      ).data,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: depositKeys.all }),
  });
}

export function useDeleteDeposit() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (depositId: number) => api(`/api/deposits/${depositId}`, { method: 'DELETE' }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: depositKeys.all }),
  });
}

/** A month of the deposits the filters select, as the CSV the server writes. */
export async function downloadDeposits(filters: DepositExportQuery, fileName: string): Promise<void> {
  const query = new URLSearchParams(
    Object.entries(filters).flatMap(([key, value]) => (value === undefined ? [] : [[key, String(value)]])),
  );
  saveBlobAs(await fetchBlob(`/api/deposits/export?${query}`), fileName);
}

export function useCashToDeposit(date: string | undefined, page: number) {
  return useQuery({
    queryKey: [...depositKeys.cashToDeposit, 'shops', date ?? 'today', page],
    queryFn: () => api<CashToDepositPage>('/api/cash-to-deposit', { query: { date, page, perPage: listPerPage } }),
    placeholderData: keepPreviousData,
  });
}

export function useShopCashToDeposit(shopId: number | null, month: string) {
  return useQuery({
    queryKey: [...depositKeys.cashToDeposit, 'shop', shopId, month],
    queryFn: async () =>
      (await api<{ data: CashToDepositDays }>(`/api/shops/${shopId}/cash-to-deposit`, { query: { month } })).data,
    enabled: shopId !== null,
  });
}

export function useCashToDepositDay(shopId: number, date: string) {
  return useQuery({
    queryKey: [...depositKeys.cashToDeposit, 'day', shopId, date],
    queryFn: async () =>
      (await api<{ data: CashToDepositDayDetail }>(`/api/shops/${shopId}/cash-to-deposit/${date}`)).data,
  });
}
