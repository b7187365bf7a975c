// The invoice requests of a cash report (spec §3 Invoice): asked from a sale's receipt, edited or
// deleted while the day may change, blocked and unblocked by accounting. The receipts show which have one.
// Accounting's screens (issue 22): the check list, the edit, the confirmation, the archive and the XML.
import type { Invoice, InvoiceBody, InvoiceCustomer, InvoicePage } from '@bottega/contracts/invoices';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, fetchBlob } from '../../lib/api-client';
import { saveBlobAs } from '../../lib/object-url';
import { listPerPage } from '../../ui/use-list-page';
import { cashRegisterKeys } from '../cash-register/cash-register.keys';
import { receiptsKey } from '../cash-register/sales-details.api';

const invoicesKey = (reportId: number) => cashRegisterKeys.reportPart(reportId, 'invoices');
/** Accounting's lists and the single invoices they open. */
const accountingKey = ['invoices'] as const;

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
    void queryClient.invalidateQueries({ queryKey: accountingKey });
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

/** invoices/check: the requests still to confirm, a page at a time. */
export function useInvoicesToCheck(shopId: number | undefined, page: number, enabled = true) {
  return useQuery({
    queryKey: [...accountingKey, 'check', shopId ?? null, page],
    queryFn: () => api<InvoicePage>('/api/invoices/check', { query: { shopId, page, perPage: listPerPage } }),
    placeholderData: keepPreviousData,
    enabled,
  });
}

/** invoices/archive: the confirmed invoices of a shop (or all) and month. */
export function useInvoiceArchive(filters: { shopId?: number; month: string }, page: number, enabled = true) {
  return useQuery({
    queryKey: [...accountingKey, 'archive', filters, page],
    queryFn: () => api<InvoicePage>('/api/invoices/archive', { query: { ...filters, page, perPage: listPerPage } }),
    placeholderData: keepPreviousData,
    enabled,
  });
}

export function useInvoice(invoiceId: number) {
  return useQuery({
    queryKey: [...accountingKey, 'one', invoiceId],
    queryFn: async () => (await api<{ data: Invoice }>(`/api/invoices/${invoiceId}`)).data,
  });
}

/** A change by accounting moves its lists and the report the request belongs to. */
function useInvalidateAccounting() {
  const queryClient = useQueryClient();
  return (invoice: Invoice) => {
    void queryClient.invalidateQueries({ queryKey: accountingKey });
    void queryClient.invalidateQueries({ queryKey: invoicesKey(invoice.reportId) });
  };
}

export function useEditInvoice(invoiceId: number) {
  const invalidate = useInvalidateAccounting();
  return useMutation({
    mutationFn: async (body: InvoiceCustomer) =>
      (await api<{ data: Invoice }>(`/api/invoices/${invoiceId}`, { method: 'PUT', body })).data,
    onSuccess: invalidate,
  });
}

/** Confirms a request: it gets its number and its FatturaPA XML, and leaves the check list. */
export function useConfirmInvoice() {
  const invalidate = useInvalidateAccounting();
  return useMutation({
    mutationFn: async (invoiceId: number) =>
      (await api<{ data: Invoice }>(`/api/invoices/${invoiceId}/confirm`, { method: 'POST' })).data,
    onSuccess: invalidate,
  });
}

/** The SdI's name of the file, as the server names it: IT<VAT>_<progressive>.xml. */
export async function downloadInvoiceXml(invoiceId: number, fileName: string): Promise<void> {
  saveBlobAs(await fetchBlob(`/api/invoices/${invoiceId}/xml`), fileName);
}
