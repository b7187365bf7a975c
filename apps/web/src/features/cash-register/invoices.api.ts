// The invoice requests of a cash report (spec §3 Invoice): asked from a sale's receipt, edited or
// deleted while the day may change, blocked and unblocked by accounting. The receipts show which have one.
import type { Invoice, InvoiceBody } from '@bottega/contracts/invoices';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../lib/api-client';
import { cashRegisterKeys } from './cash-register.keys';
import { receiptsKey } from './sales-details.api';

const invoicesKey = (reportId: number) => cashRegisterKeys.reportPart(reportId, 'invoices');

/** `enabled` false for those who may not see invoices (shops.invoices.view): the server would refuse. */
export function useReportInvoices(reportId: number, enabled = true) {
  return useQuery({
    queryKey: invoicesKey(reportId),
    queryFn: async () => (await api<{ data: Invoice[] }>(`/api/cash-reports/${reportId}/invoices`)).data,
    enabled,
  });
}

/** A change moves the invoices and the receipts' "has an invoice" mark. */
function useInvalidateInvoices(reportId: number) {
  const queryClient = useQueryClient();
  return () => {
    void queryClient.invalidateQueries({ queryKey: invoicesKey(reportId) });
    void queryClient.invalidateQueries({ queryKey: receiptsKey(reportId) });
  };
}

/** Requests an invoice (no id) or changes one. */
export function useSaveInvoice(reportId: number, invoiceId: number | null) {
  const invalidate = useInvalidateInvoices(reportId);
  return useMutation({
    mutationFn: async (body: InvoiceBody) =>
      (
        await api<{ data: Invoice }>(
          invoiceId === null
            ? `/api/cash-reports/${reportId}/invoices`
            : `/api/cash-reports/${reportId}/invoices/${invoiceId}`,
          { method: invoiceId === null ? 'POST' : 'PUT', body },
        )
      ).data,
    onSuccess: invalidate,
  });
}

export function useDeleteInvoice(reportId: number) {
  const invalidate = useInvalidateInvoices(reportId);
  return useMutation({
    mutationFn: (invoiceId: number) => api(`/api/cash-reports/${reportId}/invoices/${invoiceId}`, { method: 'DELETE' }),
    onSuccess: invalidate,
  });
}

/** Blocks (accounting holds it) or unblocks an invoice request (shops.invoices.check). */
export function useSetInvoiceBlocked(reportId: number) {
  const invalidate = useInvalidateInvoices(reportId);
  return useMutation({
    mutationFn: async (input: { invoiceId: number; blocked: boolean }) =>
      (
        await api<{ data: Invoice }>(
          `/api/cash-reports/${reportId}/invoices/${input.invoiceId}/${input.blocked ? 'block' : 'unblock'}`,
          { method: 'POST' },
        )
      ).data,
    onSuccess: invalidate,
  });
}
