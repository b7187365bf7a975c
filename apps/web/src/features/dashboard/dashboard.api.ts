import type { Dashboard } from '@bottega/contracts/dashboard';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../lib/api-client';

export function useDashboard(enabled: boolean) {
  return useQuery({
    queryKey: ['dashboard'],
    queryFn: async () => (await api<{ data: Dashboard }>('/api/dashboard')).data,
    enabled,
  });
}
