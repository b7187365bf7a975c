// Staff analytics: the ranking a page at a time, the chosen employees' series, the weekly and monthly reports and
// their files. Shops travel as a comma-separated list; none asks for every shop the viewer sees.
import type {
  StaffExportFormat,
  StaffReportAnswer,
  StaffReportKind,
  StaffRow,
  StaffSeries,
  StaffSort,
} from '@bottega/contracts/staff-analytics';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api, fetchBlob } from '../../lib/api-client';
import { saveBlobAs } from '../../lib/object-url';

const key = ['staff-analytics'] as const;
const shopList = (shopIds: number[]) => (shopIds.length > 0 ? shopIds.join(',') : undefined);

export type StaffListOptions = {
  from: string;
  to: string;
  shopIds: number[];
  sort: StaffSort;
  direction: 'asc' | 'desc';
  page: number;
  perPage: number;
};

export function useStaffFigures(options: StaffListOptions) {
  return useQuery({
    queryKey: [...key, 'list', options],
    queryFn: () =>
      api<{ data: StaffRow[]; meta: { page: number; perPage: number; total: number } }>('/api/staff-analytics', {
        query: { ...options, shopIds: shopList(options.shopIds) },
      }),
    placeholderData: keepPreviousData,
  });
}

export function useStaffSeries(options: { from: string; to: string; shopIds: number[]; employeeIds: number[] }) {
  return useQuery({
    queryKey: [...key, 'series', options],
    queryFn: async () =>
      (
        await api<{ data: StaffSeries }>('/api/staff-analytics/series', {
          query: {
            from: options.from,
            to: options.to,
            shopIds: shopList(options.shopIds),
            employeeIds: options.employeeIds.join(','),
          },
        })
      ).data,
    enabled: options.employeeIds.length > 0,
    placeholderData: keepPreviousData,
  });
}

const reportPath = (kind: StaffReportKind, period: string) => `/api/staff-analytics/${kind}/${period}`;

export function useStaffReport(options: {
  kind: StaffReportKind;
  period: string;
  shopIds: number[];
  page: number;
  perPage: number;
  enabled: boolean;
}) {
  return useQuery({
    queryKey: [...key, 'report', options],
    queryFn: () =>
      api<StaffReportAnswer>(reportPath(options.kind, options.period), {
        query: { shopIds: shopList(options.shopIds), page: options.page, perPage: options.perPage },
      }),
    enabled: options.enabled,
    placeholderData: keepPreviousData,
  });
}

/** Saves a report as CSV or XLSX, headings in the screen's language. */
export async function downloadStaffReport(
  kind: StaffReportKind,
  period: string,
  shopIds: number[],
  format: StaffExportFormat,
  fileName: string,
): Promise<void> {
  const query = new URLSearchParams({ format });
  const shops = shopList(shopIds);
  if (shops) query.set('shopIds', shops);
  saveBlobAs(await fetchBlob(`${reportPath(kind, period)}/export?${query}`), fileName);
}
