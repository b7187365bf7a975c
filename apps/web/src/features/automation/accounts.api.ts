// Automation › accounts (issue 28): the company's social accounts a page at a time, one account, saved or deleted,
// its connection checked and its figures asked of the network again, and what an account may speak for. Every change
// refreshes the account queries and the posts (which name their accounts).
import type { Account, AccountBody, AccountListQuery, AccountState } from '@bottega/contracts/automation';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../lib/api-client';
import type { AccountScopes } from './components/account-form-values';

type Page<T> = { data: T[]; meta: { page: number; perPage: number; total: number } };

export const automationAccountsKey = ['automation', 'accounts'] as const;

/** What a check of the connection found: the state and the network's own words. */
export type AccountCheck = { state: AccountState; message: string | null; checkedAt: string };

export function useAccounts(query: AccountListQuery, enabled = true) {
  return useQuery({
    queryKey: [...automationAccountsKey, 'list', query],
    queryFn: () => api<Page<Account>>('/api/automation/accounts', { query }),
    placeholderData: keepPreviousData,
    enabled,
  });
}

export function useAccount(id: number | null) {
  return useQuery({
    queryKey: [...automationAccountsKey, 'account', id],
    queryFn: async () => (await api<{ data: Account }>(`/api/automation/accounts/${id}`)).data,
    enabled: id !== null,
  });
}

/** The shops and companies an account may speak for. */
export function useAccountScopes(enabled = true) {
  return useQuery({
    queryKey: [...automationAccountsKey, 'scopes'],
    queryFn: async () => (await api<{ data: AccountScopes }>('/api/automation/scopes')).data,
    enabled,
    staleTime: 60_000,
  });
}

function useInvalidateAccounts() {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: automationAccountsKey }),
      queryClient.invalidateQueries({ queryKey: ['automation', 'posts'] }),
    ]);
}

export function useSaveAccount(id: number | null) {
  const invalidate = useInvalidateAccounts();
  return useMutation({
    mutationFn: async (body: AccountBody) =>
      (
        await api<{ data: Account }>(id === null ? '/api/automation/accounts' : `/api/automation/accounts/${id}`, {
          method: id === null ? 'POST' : 'PUT',
          body,
        })
      ).data,
    onSuccess: invalidate,
  });
}

export function useDeleteAccount() {
  const invalidate = useInvalidateAccounts();
  return useMutation({
    mutationFn: (id: number) => api(`/api/automation/accounts/${id}`, { method: 'DELETE' }),
    onSuccess: invalidate,
  });
}

/** Asks the network whether the account's token still works; what it answered is the outcome, not a failure. */
export function useCheckAccount() {
  const invalidate = useInvalidateAccounts();
  return useMutation({
    mutationFn: async (id: number) =>
      (await api<{ data: AccountCheck }>(`/api/automation/accounts/${id}/check`, { method: 'POST' })).data,
    onSuccess: invalidate,
  });
}

/** Asks the network for fresh figures of the account's published posts. */
export function useRefreshAccountFigures() {
  const queryClient = useQueryClient();
  const invalidate = useInvalidateAccounts();
  return useMutation({
    mutationFn: async (id: number) =>
      (await api<{ data: Account }>(`/api/automation/accounts/${id}/figures`, { method: 'POST' })).data,
    onSuccess: (account) => {
      queryClient.setQueryData([...automationAccountsKey, 'account', account.id], account);
      return invalidate();
    },
  });
}
