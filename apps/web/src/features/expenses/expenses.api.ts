// Authorised expenses (spec §3 Authorised expense, §5): management authorises a shop to spend up to an
// amount between two dates; the shop enters in the day's cash report what it paid from the till. An
// expense changes the day's expected cash, so every change of one refreshes the report as well.
import type { Expense, ExpenseAuthorisation, ExpenseAuthorisationBody, ExpenseBody } from '@bottega/contracts/expenses';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../lib/api-client';
import { cashRegisterKeys } from '../cash-register/cash-register.keys';

/** A shop's authorisations; with `date`, only those usable that day (valid, not revoked, something left). */
export function useExpenseAuthorisations(shopId: number | null, date?: string) {
  return useQuery({
    queryKey: [...cashRegisterKeys.expenseAuthorisations(shopId ?? 0), date ?? 'all'],
    queryFn: async () =>
      (
        await api<{ data: ExpenseAuthorisation[] }>(`/api/shops/${shopId}/expense-authorisations`, {
          query: { date },
        })
      ).data,
    enabled: shopId !== null,
  });
}

export function useCreateExpenseAuthorisation(shopId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (body: ExpenseAuthorisationBody) =>
      (
        await api<{ data: ExpenseAuthorisation }>(`/api/shops/${shopId}/expense-authorisations`, {
          method: 'POST',
          body,
        })
      ).data,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: cashRegisterKeys.expenseAuthorisations(shopId) }),
  });
}

export function useRevokeExpenseAuthorisation(shopId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (authorisationId: number) =>
      api(`/api/shops/${shopId}/expense-authorisations/${authorisationId}/revoke`, { method: 'POST' }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: cashRegisterKeys.expenseAuthorisations(shopId) }),
  });
}

/** Deletes an authorisation given by mistake; one already used can only be revoked (409 expenseAuthorisationUsed). */
export function useDeleteExpenseAuthorisation(shopId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (authorisationId: number) =>
      api(`/api/shops/${shopId}/expense-authorisations/${authorisationId}`, { method: 'DELETE' }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: cashRegisterKeys.expenseAuthorisations(shopId) }),
  });
}

const expensesKey = (reportId: number) => cashRegisterKeys.reportPart(reportId, 'expenses');

/** `enabled` false for those who may not see costs (shops.costsIncurred.view): the server would refuse. */
export function useReportExpenses(reportId: number, enabled = true) {
  return useQuery({
    queryKey: expensesKey(reportId),
    queryFn: async () => (await api<{ data: Expense[] }>(`/api/cash-reports/${reportId}/expenses`)).data,
    enabled,
  });
}

/** The expenses, the report (its expected daily cash less the expenses) and what is left of the authorisations. */
function useInvalidateExpenses(reportId: number, shopId: number) {
  const queryClient = useQueryClient();
  return () => {
    void queryClient.invalidateQueries({ queryKey: expensesKey(reportId) });
    void queryClient.invalidateQueries({ queryKey: cashRegisterKeys.report(reportId), exact: true });
    void queryClient.invalidateQueries({ queryKey: cashRegisterKeys.expenseAuthorisations(shopId) });
  };
}

/** Enters an expense (no id) or changes one. */
export function useSaveExpense(reportId: number, shopId: number, expenseId: number | null) {
  const invalidate = useInvalidateExpenses(reportId, shopId);
  return useMutation({
    mutationFn: async (body: ExpenseBody) =>
      (
        await api<{ data: Expense }>(
          expenseId === null
            ? `/api/cash-reports/${reportId}/expenses`
            : `/api/cash-reports/${reportId}/expenses/${expenseId}`,
          { method: expenseId === null ? 'POST' : 'PUT', body },
        )
      ).data,
    onSuccess: invalidate,
  });
}

export function useDeleteExpense(reportId: number, shopId: number) {
  const invalidate = useInvalidateExpenses(reportId, shopId);
  return useMutation({
    mutationFn: (expenseId: number) => api(`/api/cash-reports/${reportId}/expenses/${expenseId}`, { method: 'DELETE' }),
    onSuccess: invalidate,
  });
}

/** Blocks or unblocks an expense (shops.costsIncurred.check). */
export function useSetExpenseBlocked(reportId: number, shopId: number) {
  const invalidate = useInvalidateExpenses(reportId, shopId);
  return useMutation({
    mutationFn: async (input: { expenseId: number; blocked: boolean }) =>
      (
        await api<{ data: Expense }>(
          `/api/cash-reports/${reportId}/expenses/${input.expenseId}/${input.blocked ? 'block' : 'unblock'}`,
          { method: 'POST' },
        )
      ).data,
    onSuccess: invalidate,
  });
}
