// The sales report: the figures of a period and some shops, and the report as CSV or XLSX.
import type { SalesReport } from '@bottega/contracts/analytics';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api, fetchBlob } from '../../lib/api-client';
import { saveBlobAs } from '../../lib/object-url';

const analyticsKey = ['analytics'] as const;

/** The query the report and its exports take: every shop the viewer reaches when none is chosen. */
function reportQuery(period: { from: string; to: string }, shopIds: number[]) {
  return { ...period, ...(shopIds.length > 0 ? { shops: shopIds.join(',') } : {}) };
}

export function useSalesReport(period: { from: string; to: string } | null, shopIds: number[]) {
  return useQuery({
    queryKey: [...analyticsKey, 'sales', period, shopIds],
    queryFn: async () =>
      (
        await api<{ data: SalesReport }>('/api/analytics/sales', {
          query: reportQuery(period as { from: string; to: string }, shopIds),
        })
      ).data,
    placeholderData: keepPreviousData,
    enabled: period !== null,
  });
}

/** Saves the report as CSV or XLSX, headings in the screen's language. */
export async function downloadSalesReport(
  period: { from: string; to: string },
  shopIds: number[],
  format: 'csv' | 'xlsx',
  fileName: string,
): Promise<void> {
  const query = new URLSearchParams({ ...reportQuery(period, shopIds), format });
  saveBlobAs(await fetchBlob(`/api/analytics/sales/export?${query}`), fileName);
}
