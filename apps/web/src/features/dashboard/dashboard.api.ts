import type { Dashboard } from '@bottega/contracts/dashboard';
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
