// The person's notifications (the bell's drawer and /app/notifications), marking them read, and what their groups
// chose to tell them. Reading one changes the dashboard's unread count too, so both queries are refreshed.
import type {
  NotificationKind,
  NotificationListQuery,
  NotificationPage,
  NotificationPreferences,
} from '@bottega/contracts/notifications';
import { keepPreviousData, type QueryClient, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../lib/api-client';
import { dashboardKey } from '../dashboard/dashboard.api';

export const notificationsKey = ['notifications'] as const;

/** What a new or newly read notification changes: every list of them, their kinds, and the dashboard. */
export function refreshAfterNotificationChange(queryClient: QueryClient): Promise<unknown> {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: notificationsKey }),
    queryClient.invalidateQueries({ queryKey: dashboardKey }),
  ]);
}

export function useNotifications(query: NotificationListQuery) {
  return useQuery({
    queryKey: [...notificationsKey, 'list', query],
    queryFn: () => api<NotificationPage>('/api/notifications', { query }),
    placeholderData: keepPreviousData,
  });
}

export function useNotificationKinds() {
  return useQuery({
    queryKey: [...notificationsKey, 'kinds'],
    queryFn: async () => (await api<{ data: NotificationKind[] }>('/api/notifications/kinds')).data,
  });
}

export function useNotificationPreferences() {
  return useQuery({
    // Not under notificationsKey: a notification arriving changes nothing of it.
    queryKey: ['notificationPreferences'],
    queryFn: async () => (await api<{ data: NotificationPreferences }>('/api/notifications/preferences')).data,
  });
}

export function useMarkNotificationRead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api(`/api/notifications/${id}/read`, { method: 'POST' }),
    onSuccess: () => refreshAfterNotificationChange(queryClient),
  });
}

export function useMarkNotificationsRead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api('/api/notifications/read', { method: 'POST' }),
    onSuccess: () => refreshAfterNotificationChange(queryClient),
  });
}
