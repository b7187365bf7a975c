// Accounting's reports: the first note of a shop and the comparison of two periods (read-only).
import type { Comparison, FirstNote } from '@bottega/contracts/reports';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api, fetchBlob } from '../../lib/api-client';
import { saveBlobAs } from '../../lib/object-url';
import type { ComparisonPeriods } from './comparison-periods';

const reportsKey = ['reports'] as const;

export function useFirstNote(shopId: number | undefined, from: string, to: string) {
  return useQuery({
    queryKey: [...reportsKey, 'first-note', shopId, from, to],
    queryFn: async () =>
      (await api<{ data: FirstNote }>(`/api/shops/${shopId}/first-note`, { query: { from, to } })).data,
    placeholderData: keepPreviousData,
    enabled: shopId !== undefined,
  });
}

/** Saves the first note as CSV or XLSX, headings in the screen's language. */
export async function downloadFirstNote(
  shopId: number,
  period: { from: string; to: string },
  format: 'csv' | 'xlsx',
  fileName: string,
): Promise<void> {
  const query = new URLSearchParams({ ...period, format });
  saveBlobAs(await fetchBlob(`/api/shops/${shopId}/first-note/export?${query}`), fileName);
}

export function useComparison(shopId: number | undefined, periods: ComparisonPeriods, enabled: boolean) {
  return useQuery({
    queryKey: [...reportsKey, 'comparison', shopId, periods],
    queryFn: async () =>
      (await api<{ data: Comparison }>('/api/reports/comparison', { query: { shopId, ...periods } })).data,
    placeholderData: keepPreviousData,
    enabled,
  });
}
