// Marketing (issue 27): the customers (every loyalty card the registers scanned) and the club members a page at a
// time, one customer with their sale lines and points history, a member's details saved, the discounted sales with
// their totals and CSV, and the club's settings (levels, registration suspended). Saving refreshes every query here.
import type { ShopSummary } from '@bottega/contracts/auth';
import type {
  ClubSettings,
  Customer,
  CustomerEdit,
  CustomerListQuery,
  CustomerRow,
  CustomerSale,
  DiscountedSalesQuery,
  discountedSalesTotalsSchema,
  PointEntry,
} from '@bottega/contracts/customers';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { api, fetchBlob } from '../../lib/api-client';
import { saveBlobAs } from '../../lib/object-url';
import { queryStringOf } from './customer-query';

type Page<T> = { data: T[]; meta: { page: number; perPage: number; total: number } };
export type DiscountedSalesTotals = z.infer<typeof discountedSalesTotalsSchema>;
export type DiscountedSalesPage = Page<CustomerSale> & { totals: DiscountedSalesTotals };
export type DiscountedSalesFilters = Omit<DiscountedSalesQuery, 'page' | 'perPage'>;

export const customersKey = ['customers'] as const;

/** The shops whose customers the person reaches: the filters' and the member form's choices. */
export function useCustomerShopChoices() {
  return useQuery({
    queryKey: [...customersKey, 'shops'],
    queryFn: async () => (await api<{ data: ShopSummary[] }>('/api/customers/shops')).data,
    staleTime: 5 * 60_000,
  });
}

/** Customers or club members, a page at a time; `enabled` false until the person has searched (users/search). */
export function useCustomers(query: CustomerListQuery, enabled = true) {
  return useQuery({
    queryKey: [...customersKey, 'list', query],
    queryFn: () => api<Page<CustomerRow>>('/api/customers', { query }),
    placeholderData: keepPreviousData,
    enabled,
  });
}

export function useCustomer(id: number | null) {
  return useQuery({
    queryKey: [...customersKey, 'customer', id],
    queryFn: async () => (await api<{ data: Customer }>(`/api/customers/${id}`)).data,
    enabled: id !== null,
    // A 404 (another shop's customer) or a 403 is the answer, not a hiccup to try again.
    retry: false,
  });
}

/** §3 Customer sale: the lines of the receipts that carried the card, newest first. */
export function useCustomerSales(id: number, page: number, perPage: number) {
  return useQuery({
    queryKey: [...customersKey, 'customer', id, 'sales', page, perPage],
    queryFn: () => api<Page<CustomerSale>>(`/api/customers/${id}/sales`, { query: { page, perPage } }),
    placeholderData: keepPreviousData,
  });
}

/** The points history: receipts, returns and gifts, those out of the 12-month window flagged `counted: false`. */
export function useCustomerPoints(id: number, page: number, perPage: number) {
  return useQuery({
    queryKey: [...customersKey, 'customer', id, 'points', page, perPage],
    queryFn: () => api<Page<PointEntry>>(`/api/customers/${id}/points`, { query: { page, perPage } }),
    placeholderData: keepPreviousData,
  });
}

export function useSaveCustomer(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (body: CustomerEdit) =>
      (await api<{ data: Customer }>(`/api/customers/${id}`, { method: 'PUT', body })).data,
    onSuccess: (saved) => {
      queryClient.setQueryData([...customersKey, 'customer', id], saved);
      return queryClient.invalidateQueries({ queryKey: customersKey });
    },
  });
}

// ——— Discounted sales ———

export function useDiscountedSales(query: DiscountedSalesQuery) {
  return useQuery({
    queryKey: [...customersKey, 'discounted-sales', query],
    queryFn: () => api<DiscountedSalesPage>('/api/customers/discounted-sales', { query }),
    placeholderData: keepPreviousData,
  });
}

/** The discounted sales the filters select, as the CSV the server writes. */
export async function downloadDiscountedSales(filters: DiscountedSalesFilters, fileName: string): Promise<void> {
  saveBlobAs(await fetchBlob(`/api/customers/discounted-sales/export?${queryStringOf(filters)}`), fileName);
}

// ——— The club's settings ———

const settingsKey = [...customersKey, 'settings'] as const;

export function useClubSettings() {
  return useQuery({
    queryKey: settingsKey,
    queryFn: async () => (await api<{ data: ClubSettings }>('/api/customers/settings')).data,
  });
}

export function useSaveClubSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (body: ClubSettings) =>
      (await api<{ data: ClubSettings }>('/api/customers/settings', { method: 'PUT', body })).data,
    onSuccess: (saved) => {
      queryClient.setQueryData(settingsKey, saved);
      // Levels name every customer's level: the lists and details are read again.
      return queryClient.invalidateQueries({ queryKey: customersKey });
    },
  });
}
