import type { ReactNode } from 'react';
import { StatusPage } from '../../../ui/status-page';
import { useAuthUser } from '../../auth/auth.api';
import { isDeveloperUser } from '../developer-access';

/** The 403 page for anyone but developers and admins; the server refuses them the same way. */
export function RequireDeveloper({ children }: { children: ReactNode }) {
  const user = useAuthUser().data;
  if (!user) return null;
  if (!isDeveloperUser(user)) return <StatusPage status={403} />;
  return children;
}
