// Employees: list, record, options, changes, history and documents. Documents are uploaded with
// their progress and read as blobs, both with the app's headers.

import type {
  Employee,
  EmployeeCreateBody,
  EmployeeDocument,
  EmployeeHistoryEntry,
  EmployeeOptions,
  EmployeeSummary,
  EmployeeTypeBody,
  EmployeeUpdateBody,
  SingleDocumentKind,
} from '@bottega/contracts/employees';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, fetchBlob } from '../../lib/api-client';
import { saveBlobAs } from '../../lib/object-url';
import { uploadWithProgress } from '../../lib/upload-with-progress';
import { authUserKey } from '../auth/auth.api';

type Page<T> = { data: T[]; meta: { page: number; perPage: number; total: number } };

const key = ['employees'] as const;

export type EmployeeListFilters = {
  page: number;
  perPage: number;
  search: string;
  shopId: string | null;
  groupId: string | null;
  type: string | null;
};

export function useEmployees(filters: EmployeeListFilters) {
  return useQuery({
    queryKey: [...key, 'list', filters],
    queryFn: () => api<Page<EmployeeSummary>>('/api/employees', { query: filters }),
    placeholderData: keepPreviousData,
  });
}

export function useEmployeeOptions() {
  return useQuery({
    queryKey: [...key, 'options'],
    queryFn: async () => (await api<{ data: EmployeeOptions }>('/api/employees/options')).data,
    staleTime: 60_000,
  });
}

export function useEmployee(id: number | null) {
  return useQuery({
    queryKey: [...key, id],
    queryFn: async () => (await api<{ data: Employee }>(`/api/employees/${id}`)).data,
    enabled: id !== null,
  });
}

export function useEmployeeHistory(id: number, page: number) {
  return useQuery({
    queryKey: [...key, id, 'history', page],
    queryFn: () => api<Page<EmployeeHistoryEntry>>(`/api/employees/${id}/history`, { query: { page, perPage: 10 } }),
    placeholderData: keepPreviousData,
  });
}

function useInvalidateEmployees() {
  const queryClient = useQueryClient();
  return () => {
    void queryClient.invalidateQueries({ queryKey: key });
    // Editing oneself may change one's own groups and abilities.
    void queryClient.invalidateQueries({ queryKey: authUserKey });
  };
}

export function useSaveEmployee(id: number | null) {
  const invalidate = useInvalidateEmployees();
  return useMutation({
    mutationFn: async (body: EmployeeCreateBody | EmployeeUpdateBody) =>
      (
        await api<{ data: Employee }>(id === null ? '/api/employees' : `/api/employees/${id}`, {
          method: id === null ? 'POST' : 'PUT',
          body,
        })
      ).data,
    onSuccess: invalidate,
  });
}

export function useChangeEmployeeType(id: number) {
  const invalidate = useInvalidateEmployees();
  return useMutation({
    mutationFn: async (body: EmployeeTypeBody) =>
      (await api<{ data: Employee }>(`/api/employees/${id}/type`, { method: 'PUT', body })).data,
    onSuccess: invalidate,
  });
}

export function useDeleteEmployee() {
  const invalidate = useInvalidateEmployees();
  return useMutation({
    mutationFn: (id: number) => api(`/api/employees/${id}`, { method: 'DELETE' }),
    onSuccess: invalidate,
  });
}

/** Spec §8 MFA reset: the employee signs in with the password alone until they set two-factor up again. */
export function useResetEmployeeMfa(id: number) {
  const invalidate = useInvalidateEmployees();
  return useMutation({
    mutationFn: () => api(`/api/employees/${id}/mfa/reset`, { method: 'POST' }),
    onSuccess: invalidate,
  });
}

/** Mails the employee a link to choose a new password (nobody sets a colleague's password). */
export function useSendPasswordLink(id: number) {
  const invalidate = useInvalidateEmployees();
  return useMutation({
    mutationFn: () => api(`/api/employees/${id}/password-link`, { method: 'POST' }),
    onSuccess: invalidate,
  });
}

// ---------------------------------------------------------------------------------------------
// Documents

const documentsKey = (employeeId: number) => [...key, employeeId, 'documents'] as const;

export function useEmployeeDocuments(employeeId: number) {
  return useQuery({
    queryKey: documentsKey(employeeId),
    queryFn: async () =>
      (
        await api<{ data: { documents: EmployeeDocument[]; maxBytes: number } }>(
          `/api/employees/${employeeId}/documents`,
        )
      ).data,
  });
}

export function useUploadDocument(employeeId: number, kind: SingleDocumentKind | 'management') {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ file, onProgress }: { file: File; onProgress: (percent: number) => void }) =>
      (
        await uploadWithProgress<{ data: EmployeeDocument }>(
          kind === 'management' ? 'POST' : 'PUT',
          `/api/employees/${employeeId}/documents/${kind}`,
          file,
          onProgress,
        )
      ).data,
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: documentsKey(employeeId) });
      void queryClient.invalidateQueries({ queryKey: [...key, employeeId, 'history'] });
    },
  });
}

export function useDeleteDocument(employeeId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (documentId: number) =>
      api(`/api/employees/${employeeId}/documents/${documentId}`, { method: 'DELETE' }),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: documentsKey(employeeId) });
      void queryClient.invalidateQueries({ queryKey: [...key, employeeId, 'history'] });
    },
  });
}

/** A document's bytes, fetched with the bearer token (an <img> or <iframe> cannot send it). */
export function fetchDocumentBlob(employeeId: number, documentId: number, download = false): Promise<Blob> {
  return fetchBlob(`/api/employees/${employeeId}/documents/${documentId}/file${download ? '?download=1' : ''}`);
}

/** The preview's blob, cached per document (a document's id changes with every new file). */
export function useDocumentBlob(employeeId: number, documentId: number) {
  return useQuery({
    queryKey: [...documentsKey(employeeId), documentId, 'blob'],
    queryFn: () => fetchDocumentBlob(employeeId, documentId),
    staleTime: Number.POSITIVE_INFINITY,
    gcTime: 60_000,
  });
}

/** Saves a document under its own name (the download is audited on the server). */
export async function downloadDocument(employeeId: number, document: EmployeeDocument): Promise<void> {
  saveBlobAs(await fetchDocumentBlob(employeeId, document.id, true), document.fileName);
}
