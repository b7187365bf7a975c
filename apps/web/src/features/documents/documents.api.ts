// Document checks (issue 25, §3 Document check): the RM and MF registers a page at a time, a document added, and a
// document validated against what logistics processed — irreversibly, so a refusal is answered, never retried.
import type {
  DocumentCheck,
  DocumentCheckBody,
  DocumentCheckListQuery,
  DocumentCheckType,
} from '@bottega/contracts/logistics';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../lib/api-client';

export const documentChecksKey = ['document-checks'] as const;

export function useDocumentChecks(type: DocumentCheckType, query: DocumentCheckListQuery) {
  return useQuery({
    queryKey: [...documentChecksKey, type, query],
    queryFn: () =>
      api<{ data: DocumentCheck[]; meta: { page: number; perPage: number; total: number } }>(`/api/documents/${type}`, {
        query,
      }),
    placeholderData: keepPreviousData,
  });
}

function useDocumentCheckMutation<Variables>(mutationFn: (variables: Variables) => Promise<DocumentCheck>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSettled: () => queryClient.invalidateQueries({ queryKey: documentChecksKey }),
  });
}

export function useAddDocumentCheck(type: DocumentCheckType) {
  return useDocumentCheckMutation(
    async (body: DocumentCheckBody) =>
      (await api<{ data: DocumentCheck }>(`/api/documents/${type}`, { method: 'POST', body })).data,
  );
}

export function useValidateDocumentCheck(type: DocumentCheckType) {
  return useDocumentCheckMutation(
    async (id: number) =>
      (await api<{ data: DocumentCheck }>(`/api/documents/${type}/${id}/validate`, { method: 'POST', body: {} })).data,
  );
}
