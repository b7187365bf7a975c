// Costs incurred (spec §2 costsIncurred/convalidate and archive): the closed days' expenses accounting convalidates,
// corrects or deletes before, and the month's archive of the convalidated ones with its CSV. A change refreshes the
// cash reports' expenses too (the same rows).
import type {
  CostIncurred,
  CostIncurredBody,
  CostsArchiveExportQuery,
  CostsArchivePage,
  CostsIncurredPage,
} from '@bottega/contracts/expenses';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, fetchBlob } from '../../lib/api-client';
import { saveBlobAs } from '../../lib/object-url';
import { listPerPage } from '../../ui/use-list-page';
import { cashRegisterKeys } from '../cash-register/cash-register.keys';

export const costsKeys = {
  all: ['costs-incurred'] as const,
  toConvalidate: (filters: CostFilters & { page: number }) => ['costs-incurred', 'to-convalidate', filters] as const,
  archive: (filters: CostFilters & { page: number }) => ['costs-incurred', 'archive', filters] as const,
};

export type CostFilters = { shopId?: number; month?: string };

export function useCostsToConvalidate(filters: CostFilters, page: number, enabled = true) {
  return useQuery({
    queryKey: costsKeys.toConvalidate({ ...filters, page }),
    queryFn: () => api<CostsIncurredPage>('/api/costs-incurred', { query: { ...filters, page, perPage: listPerPage } }),
    placeholderData: keepPreviousData,
    enabled,
  });
}

export function useCostsArchive(filters: CostFilters & { month: string }, page: number, enabled = true) {
  return useQuery({
    queryKey: costsKeys.archive({ ...filters, page }),
    queryFn: () =>
      api<CostsArchivePage>('/api/costs-incurred/archive', { query: { ...filters, page, perPage: listPerPage } }),
    placeholderData: keepPreviousData,
    enabled,
  });
}

function useRefresh() {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: costsKeys.all }),
      queryClient.invalidateQueries({ queryKey: cashRegisterKeys.all }),
      queryClient.invalidateQueries({ queryKey: ['dashboard'] }),
    ]);
}

export function useConvalidateCosts() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: async (ids: number[]) =>
      (
        await api<{ data: { convalidated: number } }>('/api/costs-incurred/convalidate', {
          method: 'POST',
          body: { ids },
        })
      ).data,
    onSuccess: refresh,
  });
}

export function useUpdateCost(id: number) {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: async (body: CostIncurredBody) =>
      (await api<{ data: CostIncurred }>(`/api/costs-incurred/${id}`, { method: 'PUT', body })).data,
    onSuccess: refresh,
  });
}

export function useDeleteCost() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (id: number) => api(`/api/costs-incurred/${id}`, { method: 'DELETE' }),
    onSuccess: refresh,
  });
}

/** Saves a month of convalidated expenses as CSV. */
export async function downloadCostsArchive(filters: CostsArchiveExportQuery, fileName: string): Promise<void> {
  const query = new URLSearchParams(
    Object.entries(filters).flatMap(([key, value]) => (value === undefined ? [] : [[key, String(value)]])),
  );
  saveBlobAs(await fetchBlob(`/api/costs-incurred/archive/export?${query}`), fileName);
}
