// Balances (spec §3 Balance, §6 Shops › bank › balances): each shop's cash at a day, and the month-end balances
// accounting generates and corrects. Generating or correcting refreshes every balance shown.
import type {
  BalanceEditBody,
  BalanceGenerateResult,
  BalanceMonth,
  Balances,
  StoredBalance,
} from '@bottega/contracts/balances';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../lib/api-client';

const balanceKeys = {
  all: ['balances'] as const,
  day: (date: string | undefined) => ['balances', 'day', date ?? 'today'] as const,
  month: (month: string) => ['balances', 'month', month] as const,
};

/** Every shop's balance at the end of a day (today when none). */
export function useBalances(date: string | undefined) {
  return useQuery({
    queryKey: balanceKeys.day(date),
    queryFn: async () => (await api<{ data: Balances }>('/api/balances', { query: { date } })).data,
    placeholderData: keepPreviousData,
  });
}

export function useBalanceMonth(month: string) {
  return useQuery({
    queryKey: balanceKeys.month(month),
    queryFn: async () => (await api<{ data: BalanceMonth }>('/api/balances/month', { query: { month } })).data,
    placeholderData: keepPreviousData,
  });
}

export function useGenerateBalances() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (month: string) =>
      (await api<{ data: BalanceGenerateResult }>('/api/balances/generate', { method: 'POST', body: { month } })).data,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: balanceKeys.all }),
  });
}

export function useEditBalance(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (body: BalanceEditBody) =>
      (await api<{ data: StoredBalance }>(`/api/balances/${id}`, { method: 'PUT', body })).data,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: balanceKeys.all }),
  });
}
