// Employees: list, record, options, changes, history and documents. Documents are uploaded with
// XMLHttpRequest (fetch reports no upload progress) and read as blobs, both with the app's headers.

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
import { ApiError, api, apiErrorOf, baseHeaders } from '../../lib/api-client';
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

/** Sends one file as multipart with the app's headers, reporting the share sent (0–100) as it goes. */
export function uploadWithProgress<T>(
  method: 'POST' | 'PUT',
  path: string,
  file: File,
  onProgress: (percent: number) => void,
): Promise<T> {
  return new Promise((resolve, reject) => {
    const request = new XMLHttpRequest();
    request.open(method, path);
    for (const [name, value] of Object.entries(baseHeaders())) request.setRequestHeader(name, value);
    request.upload.addEventListener('progress', (event) => {
      if (event.lengthComputable) onProgress(Math.round((event.loaded / event.total) * 100));
    });
    request.addEventListener('load', () => {
      let body: unknown = null;
      try {
        body = JSON.parse(request.responseText);
      } catch {
        // A proxy's HTML error page: answered below by its status.
      }
      if (request.status >= 200 && request.status < 300) resolve(body as T);
      else reject(apiErrorOf(request.status, body, request.getResponseHeader('retry-after')));
    });
    request.addEventListener('error', () => reject(new ApiError(0, 'network', '')));
    request.addEventListener('abort', () => reject(new ApiError(0, 'network', '')));
    const form = new FormData();
    form.append('file', file);
    request.send(form);
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
export async function fetchDocumentBlob(employeeId: number, documentId: number, download = false): Promise<Blob> {
  const path = `/api/employees/${employeeId}/documents/${documentId}/file${download ? '?download=1' : ''}`;
  let response: Response;
  try {
    response = await fetch(path, { headers: baseHeaders() });
  } catch {
    throw new ApiError(0, 'network', '');
  }
  if (!response.ok) {
    throw apiErrorOf(response.status, await response.json().catch(() => null), response.headers.get('retry-after'));
  }
  return response.blob();
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
  const blob = await fetchDocumentBlob(employeeId, document.id, true);
  const url = URL.createObjectURL(blob);
  const link = window.document.createElement('a');
  link.href = url;
  link.download = document.fileName;
  window.document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
