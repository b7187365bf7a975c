// Companies: list, one company, save and delete; a change refreshes the shop screens that name companies.
import type { Company, CompanyBody, CompanyOption } from '@bottega/contracts/companies';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../lib/api-client';

type Page<T> = { data: T[]; meta: { page: number; perPage: number; total: number } };

const key = ['companies'] as const;

export function useCompanies(query: { page: number; perPage: number; search: string }) {
  return useQuery({
    queryKey: [...key, 'list', query],
    queryFn: () => api<Page<Company>>('/api/companies', { query }),
    placeholderData: keepPreviousData,
  });
}

/** Every company by name (GET /api/companies/options): for pickers outside the companies screens, to anyone. */
export function useCompanyOptions() {
  return useQuery({
    queryKey: [...key, 'options'],
    queryFn: async () => (await api<{ data: CompanyOption[] }>('/api/companies/options')).data,
  });
}

export function useCompany(id: number | null) {
  return useQuery({
    queryKey: [...key, id],
    queryFn: async () => (await api<{ data: Company }>(`/api/companies/${id}`)).data,
    enabled: id !== null,
  });
}

function useInvalidateCompanies() {
  const queryClient = useQueryClient();
  return () => {
    void queryClient.invalidateQueries({ queryKey: key });
    void queryClient.invalidateQueries({ queryKey: ['shops'] });
  };
}

export function useSaveCompany(id: number | null) {
  const invalidate = useInvalidateCompanies();
  return useMutation({
    mutationFn: async (body: CompanyBody) =>
      (
        await api<{ data: Company }>(id === null ? '/api/companies' : `/api/companies/${id}`, {
          method: id === null ? 'POST' : 'PUT',
          body,
        })
      ).data,
    onSuccess: invalidate,
  });
}

export function useDeleteCompany() {
  const invalidate = useInvalidateCompanies();
  return useMutation({
    mutationFn: (id: number) => api(`/api/companies/${id}`, { method: 'DELETE' }),
    onSuccess: invalidate,
  });
}
