// Rankings (issue 23): the ranked shops, their competitors, a month's positions (typed or from the portal's file) and
// the positions over time. Any change refreshes everything ranking, so the chart never shows a month as it was.
import type {
  Competitor,
  CompetitorBody,
  CompetitorPage,
  CompetitorUpdateBody,
  PeriodPositions,
  PositionsBody,
  RankAnalytics,
  RankedShop,
  RankingFileImport,
} from '@bottega/contracts/rankings';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../lib/api-client';
import { uploadWithProgress } from '../../lib/upload-with-progress';

const key = ['rankings'] as const;

function useInvalidateRankings() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: key });
}

export function useRankedShops() {
  return useQuery({
    queryKey: [...key, 'shops'],
    queryFn: async () => (await api<{ data: RankedShop[] }>('/api/rankings/shops')).data,
  });
}

export function useCompetitors(query: { page: number; perPage: number; search: string; shopId: number | null }) {
  return useQuery({
    queryKey: [...key, 'competitors', query],
    queryFn: () => api<CompetitorPage>('/api/rankings/competitors', { query }),
    placeholderData: keepPreviousData,
  });
}

export function useCompetitor(id: number | null) {
  return useQuery({
    queryKey: [...key, 'competitor', id],
    queryFn: async () => (await api<{ data: Competitor }>(`/api/rankings/competitors/${id}`)).data,
    enabled: id !== null,
  });
}

export function useSaveCompetitor(id: number | null) {
  const invalidate = useInvalidateRankings();
  return useMutation({
    mutationFn: async (body: CompetitorBody | CompetitorUpdateBody) =>
      (
        await api<{ data: Competitor }>(id === null ? '/api/rankings/competitors' : `/api/rankings/competitors/${id}`, {
          method: id === null ? 'POST' : 'PUT',
          body,
        })
      ).data,
    onSuccess: invalidate,
  });
}

export function useDeleteCompetitor() {
  const invalidate = useInvalidateRankings();
  return useMutation({
    mutationFn: (id: number) => api(`/api/rankings/competitors/${id}`, { method: 'DELETE' }),
    onSuccess: invalidate,
  });
}

export function usePeriodPositions(shopId: number | null, period: string) {
  return useQuery({
    queryKey: [...key, 'positions', shopId, period],
    queryFn: async () =>
      (await api<{ data: PeriodPositions }>('/api/rankings/positions', { query: { shopId, period } })).data,
    enabled: shopId !== null,
  });
}

export function useSavePositions() {
  const invalidate = useInvalidateRankings();
  return useMutation({
    mutationFn: async (body: PositionsBody) =>
      (await api<{ data: PeriodPositions }>('/api/rankings/positions', { method: 'PUT', body })).data,
    onSuccess: invalidate,
  });
}

export function useSendRankingFile() {
  const invalidate = useInvalidateRankings();
  return useMutation({
    mutationFn: async (input: { shopId: number; file: File; onProgress: (percent: number) => void }) =>
      (
        await uploadWithProgress<{ data: RankingFileImport }>(
          'POST',
          '/api/rankings/positions/file',
          input.file,
          input.onProgress,
          { shopId: String(input.shopId) },
        )
      ).data,
    onSuccess: invalidate,
  });
}

export function useRankAnalytics(query: { shopId: number | null; from: string; to: string }) {
  return useQuery({
    queryKey: [...key, 'analytics', query],
    queryFn: async () => (await api<{ data: RankAnalytics }>('/api/rankings/analytics', { query })).data,
    enabled: query.shopId !== null,
    placeholderData: keepPreviousData,
  });
}
