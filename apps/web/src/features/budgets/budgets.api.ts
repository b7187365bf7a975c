// Budgets: every shop's month for the area managers, a shop's month read and saved, sent (one or all), and for the
// shop's staff what they were sent and its confirmation. The chosen shop's progress is read again as its receipts
// arrive (the sales feed's push on the shop's channel) and once a minute should a push be missed; every shop's list
// once a minute.
import type { BudgetBody, BudgetMonth, BudgetProgress, BudgetShop } from '@bottega/contracts/budgets';
import { salesChangedEvent, shopChannel } from '@bottega/contracts/notifications';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { api } from '../../lib/api-client';
import { connectRealtime } from '../../lib/realtime';
import { dashboardKey } from '../dashboard/dashboard.api';

const progressInterval = 60_000;

export function useBudgetList(options: { month: string; sort: 'shop' | 'progress'; page: number }) {
  return useQuery({
    queryKey: ['budgets', 'list', options],
    queryFn: () =>
      api<{ data: BudgetShop[]; meta: { page: number; perPage: number; total: number } }>('/api/budgets', {
        query: { month: options.month, sort: options.sort, page: options.page, perPage: 25 },
      }),
    placeholderData: keepPreviousData,
    refetchInterval: progressInterval,
  });
}

export function useBudgetMonth(shopId: number, month: string) {
  return useQuery({
    queryKey: ['budgets', 'month', shopId, month],
    queryFn: async () => (await api<{ data: BudgetMonth }>(`/api/budgets/${shopId}/${month}`)).data,
  });
}

export function useSentBudget(month: string) {
  return useQuery({
    queryKey: ['budgets', 'sent', month],
    queryFn: async () => (await api<{ data: BudgetMonth | null }>('/api/budgets/sent', { query: { month } })).data,
  });
}

/** The chosen shop's progress: its staff read their own shop's, an area manager the shop they chose. */
export function useBudgetProgress(options: { shopId: number; asStaff: boolean }) {
  const queryClient = useQueryClient();
  useEffect(
    () =>
      connectRealtime([shopChannel(options.shopId)], {
        [salesChangedEvent]: () => void queryClient.invalidateQueries({ queryKey: ['budgets', 'progress'] }),
      }),
    [options.shopId, queryClient],
  );
  return useQuery({
    queryKey: ['budgets', 'progress', options],
    queryFn: async () =>
      (
        await api<{ data: BudgetProgress & { shopId: number } }>(
          options.asStaff ? '/api/budgets/progress' : `/api/budgets/progress/${options.shopId}`,
        )
      ).data,
    refetchInterval: progressInterval,
  });
}

/** Every move refreshes the budgets' queries and the dashboard (its to-do and popup). */
function useBudgetMutation<Variables, Answer>(mutationFn: (variables: Variables) => Promise<Answer>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: async () => {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: ['budgets'] }),
        queryClient.invalidateQueries({ queryKey: dashboardKey }),
      ]);
    },
  });
}

export function useSaveBudget(shopId: number, month: string) {
  return useBudgetMutation(
    async (body: BudgetBody) =>
      (await api<{ data: BudgetMonth }>(`/api/budgets/${shopId}/${month}`, { method: 'PUT', body })).data,
  );
}

export function useSendBudget() {
  return useBudgetMutation(
    async (target: { shopId: number; month: string }) =>
      (await api<{ data: BudgetMonth }>(`/api/budgets/${target.shopId}/${target.month}/send`, { method: 'POST' })).data,
  );
}

export function useSendAllBudgets() {
  return useBudgetMutation(
    async (month: string) =>
      (await api<{ data: { sent: number } }>('/api/budgets/send', { method: 'POST', query: { month } })).data,
  );
}

export function useConfirmBudget() {
  return useBudgetMutation(
    async (target: { shopId: number; month: string }) =>
      (await api<{ data: BudgetMonth }>(`/api/budgets/${target.shopId}/${target.month}/confirm`, { method: 'POST' }))
        .data,
  );
}
