// Stock (issue 25): the places a person may look at, a place's expected stock a page at a time (moved by processed
// files less sold by the feed), and a count compared with it — the count is read on the server and stored nowhere.
import type {
  StockLocation,
  StockLocationType,
  StockQuery,
  StockRow,
  stockCountAnswerSchema,
} from '@bottega/contracts/logistics';
import { keepPreviousData, useMutation, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import { api } from '../../lib/api-client';
import { uploadWithProgress } from '../../lib/upload-with-progress';

export const stockKey = ['stock'] as const;

export type StockCountAnswer = z.infer<typeof stockCountAnswerSchema>['data'];
export type StockPlace = { type: StockLocationType; id: number };

export function useStockLocations() {
  return useQuery({
    queryKey: [...stockKey, 'locations'],
    queryFn: async () => (await api<{ data: StockLocation[] }>('/api/stock/locations')).data,
    staleTime: 60_000,
  });
}

export function useStock(query: StockQuery | null) {
  return useQuery({
    queryKey: [...stockKey, query],
    queryFn: () =>
      api<{ data: StockRow[]; meta: { page: number; perPage: number; total: number } }>('/api/stock', {
        query: query ?? {},
      }),
    enabled: query !== null,
    placeholderData: keepPreviousData,
  });
}

export function useCompareCount() {
  return useMutation({
    mutationFn: async (variables: { place: StockPlace; file: File; onProgress: (percent: number) => void }) => {
      const where = new URLSearchParams({
        locationType: variables.place.type,
        locationId: String(variables.place.id),
      });
      return (
        await uploadWithProgress<{ data: StockCountAnswer }>(
          'POST',
          `/api/stock/count?${where}`,
          variables.file,
          variables.onProgress,
        )
      ).data;
    },
  });
}
