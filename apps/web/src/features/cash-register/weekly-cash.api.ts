// The weekly cash: a shop's weeks, one week with its days, filling it, and the filled weeks of every shop.
import type {
  WeeklyCash,
  WeeklyCashBody,
  WeeklyCashListItem,
  weeklyCashListQuerySchema,
} from '@bottega/contracts/cash-register';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { api } from '../../lib/api-client';
import { cashRegisterKeys } from './cash-register.keys';

type Page<T> = { data: T[]; meta: { page: number; perPage: number; total: number } };
export type WeeklyCashListQuery = z.input<typeof weeklyCashListQuerySchema>;

/** The filled weeks of every shop sit beside the shops' own keys, so filling a week refreshes both. */
const filledListKey = [...cashRegisterKeys.all, 'weekly-filled'] as const;

/** The shop's weeks, newest first, a page at a time. */
export function useShopWeeklyCashList(shopId: number | null, page: number, perPage: number) {
  return useQuery({
    queryKey: [...cashRegisterKeys.weekly(shopId ?? 0), 'list', page, perPage],
    queryFn: () => api<Page<WeeklyCashListItem>>(`/api/shops/${shopId}/weekly-cash`, { query: { page, perPage } }),
    enabled: shopId !== null,
    placeholderData: keepPreviousData,
  });
}

/** One week of the shop with its seven days. */
export function useWeeklyCash(shopId: number | null, week: string, options: { enabled?: boolean } = {}) {
  return useQuery({
    queryKey: [...cashRegisterKeys.weekly(shopId ?? 0), 'week', week],
    queryFn: async () => (await api<{ data: WeeklyCash }>(`/api/shops/${shopId}/weekly-cash/${week}`)).data,
    enabled: shopId !== null && (options.enabled ?? true),
  });
}

/** The filled weeks of the shops the user may see (or of one), newest week first. */
export function useFilledWeeklyCash(query: WeeklyCashListQuery) {
  return useQuery({
    queryKey: [...filledListKey, query],
    queryFn: () => api<Page<WeeklyCashListItem>>('/api/weekly-cash', { query }),
    placeholderData: keepPreviousData,
  });
}

/**
 * Fills the week once. Everything of the cash register is refreshed: the shop's weeks, the filled list and the
 * daily reports, whose "previous week pending" notice goes once the week is filled.
 */
export function useFillWeeklyCash(shopId: number, week: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (body: WeeklyCashBody) =>
      (await api<{ data: WeeklyCash }>(`/api/shops/${shopId}/weekly-cash/${week}`, { method: 'POST', body })).data,
    onSuccess: (filled) => {
      queryClient.setQueryData([...cashRegisterKeys.weekly(shopId), 'week', week], filled);
      void queryClient.invalidateQueries({ queryKey: cashRegisterKeys.all });
    },
    // A refusal (too early, days still open, filled meanwhile) means the week changed: show it as it is now.
    onError: () => queryClient.invalidateQueries({ queryKey: [...cashRegisterKeys.weekly(shopId), 'week', week] }),
  });
}
