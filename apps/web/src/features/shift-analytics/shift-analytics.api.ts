// Shift analytics: the shops of the filter, the totals and series, the grouped rows a page at a time, and the files.
// `base` is the screen's: the shops one works in (/api/shift-analytics) or every shop (…/all-shops).
import type {
  ShiftAnalyticsExportFormat,
  ShiftAnalyticsGrouping,
  ShiftAnalyticsRow,
  ShiftAnalyticsSummary,
} from '@bottega/contracts/shift-analytics';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api, fetchBlob } from '../../lib/api-client';
import { saveBlobAs } from '../../lib/object-url';

export type AnalyticsBase = '/api/shift-analytics' | '/api/shift-analytics/all-shops';
export type AnalyticsFilter = { shopId: number | null; period: string };

const key = ['shift-analytics'] as const;
const queryOf = (filter: AnalyticsFilter) => ({ period: filter.period, shopId: filter.shopId ?? undefined });

export function useAnalyticsShops(base: AnalyticsBase) {
  return useQuery({
    queryKey: [...key, base, 'shops'],
    queryFn: async () => (await api<{ data: { id: number; code: string; name: string }[] }>(`${base}/shops`)).data,
    staleTime: 60_000,
  });
}

export function useAnalyticsSummary(base: AnalyticsBase, filter: AnalyticsFilter) {
  return useQuery({
    queryKey: [...key, base, 'summary', filter],
    queryFn: async () =>
      (await api<{ data: ShiftAnalyticsSummary }>(`${base}/summary`, { query: queryOf(filter) })).data,
    placeholderData: keepPreviousData,
  });
}

export function useAnalyticsRows(
  base: AnalyticsBase,
  filter: AnalyticsFilter,
  groupBy: ShiftAnalyticsGrouping,
  page: number,
  perPage: number,
) {
  return useQuery({
    queryKey: [...key, base, 'rows', filter, groupBy, page, perPage],
    queryFn: () =>
      api<{ data: ShiftAnalyticsRow[]; meta: { page: number; perPage: number; total: number } }>(`${base}/rows`, {
        query: { ...queryOf(filter), groupBy, page, perPage },
      }),
    placeholderData: keepPreviousData,
  });
}

/** Saves the figures per employee as CSV or XLSX, headings in the screen's language. */
export async function downloadAnalytics(
  base: AnalyticsBase,
  filter: AnalyticsFilter,
  format: ShiftAnalyticsExportFormat,
  fileName: string,
): Promise<void> {
  const query = new URLSearchParams({ period: filter.period, format });
  if (filter.shopId !== null) query.set('shopId', String(filter.shopId));
  saveBlobAs(await fetchBlob(`${base}/export?${query}`), fileName);
}
