// Shops: list, options, one shop, its router password, closures and working hours. A change refreshes
// every shop screen, and the signed-in user too: closing a shop sends whoever works there back to the choice.
import type {
  ClosureDaysBody,
  Shop,
  ShopBody,
  ShopClosedBody,
  ShopClosures,
  ShopListItem,
  ShopListQuery,
  ShopOptions,
  WorkingHours,
} from '@bottega/contracts/shops';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../lib/api-client';

type Page<T> = { data: T[]; meta: { page: number; perPage: number; total: number } };

const key = ['shops'] as const;

export function useShops(query: ShopListQuery) {
  return useQuery({
    queryKey: [...key, 'list', query],
    queryFn: () => api<Page<ShopListItem>>('/api/shops', { query }),
    placeholderData: keepPreviousData,
  });
}

export function useShopOptions(enabled = true) {
  return useQuery({
    queryKey: [...key, 'options'],
    queryFn: async () => (await api<{ data: ShopOptions }>('/api/shops/options')).data,
    enabled,
    staleTime: 60_000,
  });
}

export function useShop(id: number | null) {
  return useQuery({
    queryKey: [...key, id],
    queryFn: async () => (await api<{ data: Shop }>(`/api/shops/${id}`)).data,
    enabled: id !== null,
  });
}

function useInvalidateShops() {
  const queryClient = useQueryClient();
  return () => {
    void queryClient.invalidateQueries({ queryKey: key });
    void queryClient.invalidateQueries({ queryKey: ['companies'] });
    void queryClient.invalidateQueries({ queryKey: ['auth'] });
  };
}

export function useSaveShop(id: number | null) {
  const invalidate = useInvalidateShops();
  return useMutation({
    mutationFn: async (body: ShopBody) =>
      (
        await api<{ data: Shop }>(id === null ? '/api/shops' : `/api/shops/${id}`, {
          method: id === null ? 'POST' : 'PUT',
          body,
        })
      ).data,
    onSuccess: invalidate,
  });
}

export function useDeleteShop() {
  const invalidate = useInvalidateShops();
  return useMutation({
    mutationFn: (id: number) => api(`/api/shops/${id}`, { method: 'DELETE' }),
    onSuccess: invalidate,
  });
}

/** Reading the router password is a deliberate, audited act: a mutation, never cached. */
export function useRevealRouterPassword(id: number) {
  return useMutation({
    mutationFn: async () =>
      (
        await api<{ data: { routerPassword: string | null } }>(`/api/shops/${id}/router-password/reveal`, {
          method: 'POST',
        })
      ).data.routerPassword,
  });
}

export function useShopClosures(id: number) {
  return useQuery({
    queryKey: [...key, id, 'closures'],
    queryFn: async () => (await api<{ data: ShopClosures }>(`/api/shops/${id}/closures`)).data,
  });
}

function useClosuresMutation<T>(id: number, request: (body: T) => Promise<{ data: ShopClosures }>) {
  const queryClient = useQueryClient();
  const invalidate = useInvalidateShops();
  return useMutation({
    mutationFn: async (body: T) => (await request(body)).data,
    onSuccess: (closures) => {
      queryClient.setQueryData([...key, id, 'closures'], closures);
      invalidate();
    },
  });
}

export function useSetShopClosed(id: number) {
  return useClosuresMutation(id, (body: ShopClosedBody) =>
    api<{ data: ShopClosures }>(`/api/shops/${id}/closed`, { method: 'PUT', body }),
  );
}

export function useAddClosureDays(id: number) {
  return useClosuresMutation(id, (body: ClosureDaysBody) =>
    api<{ data: ShopClosures }>(`/api/shops/${id}/closure-days`, { method: 'POST', body }),
  );
}

export function useRemoveClosureDay(id: number) {
  return useClosuresMutation(id, (day: string) =>
    api<{ data: ShopClosures }>(`/api/shops/${id}/closure-days/${day}`, { method: 'DELETE' }),
  );
}

export function useWorkingHours(id: number) {
  return useQuery({
    queryKey: [...key, id, 'working-hours'],
    queryFn: async () => (await api<{ data: WorkingHours }>(`/api/shops/${id}/working-hours`)).data,
  });
}

export function useSaveWorkingHours(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (body: WorkingHours) =>
      (await api<{ data: WorkingHours }>(`/api/shops/${id}/working-hours`, { method: 'PUT', body })).data,
    onSuccess: (week) => queryClient.setQueryData([...key, id, 'working-hours'], week),
  });
}
