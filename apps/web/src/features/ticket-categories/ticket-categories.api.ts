// Ticket categories: the whole tree, a category saved, reordered among its parent's, assigned and deleted.
import type {
  TicketCategory,
  TicketCategoryAssigneesBody,
  TicketCategoryBody,
  TicketCategoryOrderBody,
  TicketPerson,
} from '@bottega/contracts/tickets';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../lib/api-client';
import { withSiblingOrder } from './category-tree';

const key = ['ticket-categories'] as const;
const treeKey = [...key, 'tree'] as const;

/** The whole tree, depth first (GET /api/ticket-categories). */
export function useTicketCategories() {
  return useQuery({
    queryKey: treeKey,
    queryFn: async () => (await api<{ data: TicketCategory[] }>('/api/ticket-categories')).data,
  });
}

/** Who may handle a category's tickets. */
export function useAssignableUsers() {
  return useQuery({
    queryKey: [...key, 'assignable-users'],
    queryFn: async () => (await api<{ data: TicketPerson[] }>('/api/ticket-categories/assignable-users')).data,
  });
}

function useInvalidateCategories() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: key });
}

export function useSaveTicketCategory(id: number | null) {
  const invalidate = useInvalidateCategories();
  return useMutation({
    mutationFn: async (body: TicketCategoryBody) =>
      (
        await api<{ data: TicketCategory }>(id === null ? '/api/ticket-categories' : `/api/ticket-categories/${id}`, {
          method: id === null ? 'POST' : 'PUT',
          body,
        })
      ).data,
    onSuccess: invalidate,
  });
}

/**
 * One parent's categories in a new order: shown at once, then the server's tree. A refusal puts the tree back as it
 * was and reloads it (someone else may have changed it: 409 ticketCategoryOrderStale).
 */
export function useReorderTicketCategories() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (body: TicketCategoryOrderBody) =>
      (await api<{ data: TicketCategory[] }>('/api/ticket-categories/order', { method: 'POST', body })).data,
    onMutate: async (body) => {
      await queryClient.cancelQueries({ queryKey: treeKey });
      const before = queryClient.getQueryData<TicketCategory[]>(treeKey);
      if (before) queryClient.setQueryData(treeKey, withSiblingOrder(before, body.parentId, body.ids));
      return { before };
    },
    onSuccess: (tree) => queryClient.setQueryData(treeKey, tree),
    onError: (_error, _body, context) => {
      if (context?.before) queryClient.setQueryData(treeKey, context.before);
      void queryClient.invalidateQueries({ queryKey: treeKey });
    },
  });
}

export function useAssignTicketCategory(id: number) {
  const invalidate = useInvalidateCategories();
  return useMutation({
    mutationFn: async (body: TicketCategoryAssigneesBody) =>
      (
        await api<{ data: TicketCategory }>(`/api/ticket-categories/${id}/assignees`, {
          method: 'PUT',
          body,
        })
      ).data,
    onSuccess: invalidate,
  });
}

export function useDeleteTicketCategory() {
  const invalidate = useInvalidateCategories();
  return useMutation({
    mutationFn: (id: number) => api(`/api/ticket-categories/${id}`, { method: 'DELETE' }),
    onSuccess: invalidate,
  });
}
