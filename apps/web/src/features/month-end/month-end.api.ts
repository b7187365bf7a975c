// Month end (report/convalidate): every shop's month with its checks and state, and the moves on it. A month being
// transmitted is read again every few seconds until the accounting system has answered.
import type { ShopMonth } from '@bottega/contracts/month-end';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../lib/api-client';

const key = (month: string) => ['month-end', month] as const;

export function useShopMonths(month: string) {
  return useQuery({
    queryKey: key(month),
    queryFn: async () => (await api<{ data: ShopMonth[] }>('/api/month-end', { query: { month } })).data,
    placeholderData: keepPreviousData,
    refetchInterval: (query) => (query.state.data?.some((shop) => shop.state === 'transmitting') ? 2000 : false),
  });
}

export type MonthMove = { shopId: number; month: string } & (
  | { action: 'convalidate' | 'transmit' }
  | { action: 'reopen'; reason: string }
);

export function useMonthMove() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (move: MonthMove) =>
      (
        await api<{ data: ShopMonth }>(`/api/month-end/${move.shopId}/${move.month}/${move.action}`, {
          method: 'POST',
          body: move.action === 'reopen' ? { reason: move.reason } : undefined,
        })
      ).data,
    onSuccess: (_data, move) => queryClient.invalidateQueries({ queryKey: key(move.month) }),
  });
}
