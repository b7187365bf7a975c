import type { Dashboard, Todo } from '@bottega/contracts/dashboard';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../lib/api-client';

/** The dashboard's query: what changes its facts or its to-dos (a notification arriving or read) invalidates it. */
export const dashboardKey = ['dashboard'] as const;

export function useDashboard(enabled: boolean) {
  return useQuery({
    queryKey: dashboardKey,
    queryFn: async () => (await api<{ data: Dashboard }>('/api/dashboard')).data,
    enabled,
  });
}

/** The person's to-dos alone (GET /api/dashboard/todos): for those without a shop or the dashboard's facts. */
export function useTodos(enabled: boolean) {
  return useQuery({
    queryKey: [...dashboardKey, 'todos'],
    queryFn: async () => (await api<{ data: Todo[] }>('/api/dashboard/todos')).data,
    enabled,
  });
}
