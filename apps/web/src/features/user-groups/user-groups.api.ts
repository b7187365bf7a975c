// User groups: list, one group, its notification channels and history; changes refresh what depends on them.
import { type Delegator, isAdminGroup } from '@bottega/contracts/permissions';
import type {
  GroupNotifications,
  UserGroup,
  UserGroupBody,
  UserGroupHistoryEntry,
  UserGroupSummary,
} from '@bottega/contracts/user-groups';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useMemo } from 'react';
import { api } from '../../lib/api-client';
import { authUserKey, useAuthUser } from '../auth/auth.api';

type Page<T> = { data: T[]; meta: { page: number; perPage: number; total: number } };

const key = ['user-groups'] as const;

/** The signed-in person as the server's delegation rule sees them (contracts mayDelegate). */
export function useDelegator(): Delegator {
  const user = useAuthUser().data;
  return useMemo(
    () => ({ isAdmin: isAdminGroup(user?.userGroup[0]), abilities: new Set<string>(user?.can ?? []) }),
    [user],
  );
}

export function useUserGroups(query: { page: number; perPage: number; search: string }) {
  return useQuery({
    queryKey: [...key, 'list', query],
    queryFn: () => api<Page<UserGroupSummary>>('/api/user-groups', { query }),
    placeholderData: keepPreviousData,
  });
}

export function useUserGroup(id: number | null) {
  return useQuery({
    queryKey: [...key, id],
    queryFn: async () => (await api<{ data: UserGroup }>(`/api/user-groups/${id}`)).data,
    enabled: id !== null,
  });
}

export function useUserGroupHistory(id: number | null, page: number) {
  return useQuery({
    queryKey: [...key, id, 'history', page],
    queryFn: () => api<Page<UserGroupHistoryEntry>>(`/api/user-groups/${id}/history`, { query: { page, perPage: 10 } }),
    enabled: id !== null,
    placeholderData: keepPreviousData,
  });
}

function useInvalidateGroups() {
  const queryClient = useQueryClient();
  return () => {
    void queryClient.invalidateQueries({ queryKey: key });
    // The signed-in user's own abilities may have changed with their group.
    void queryClient.invalidateQueries({ queryKey: authUserKey });
  };
}

export function useSaveUserGroup(id: number | null) {
  const invalidate = useInvalidateGroups();
  return useMutation({
    mutationFn: async (body: UserGroupBody) =>
      (
        await api<{ data: UserGroup }>(id === null ? '/api/user-groups' : `/api/user-groups/${id}`, {
          method: id === null ? 'POST' : 'PUT',
          body,
        })
      ).data,
    onSuccess: invalidate,
  });
}

export function useDeleteUserGroup() {
  const invalidate = useInvalidateGroups();
  return useMutation({
    mutationFn: (id: number) => api(`/api/user-groups/${id}`, { method: 'DELETE' }),
    onSuccess: invalidate,
  });
}

export function useGroupNotifications(id: number) {
  return useQuery({
    queryKey: [...key, id, 'notifications'],
    queryFn: async () => (await api<{ data: GroupNotifications }>(`/api/user-groups/${id}/notifications`)).data,
  });
}

export function useSaveGroupNotifications(id: number) {
  const invalidate = useInvalidateGroups();
  return useMutation({
    mutationFn: async (body: GroupNotifications) =>
      (await api<{ data: GroupNotifications }>(`/api/user-groups/${id}/notifications`, { method: 'PUT', body })).data,
    onSuccess: invalidate,
  });
}
