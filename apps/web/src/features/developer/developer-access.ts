import type { AuthUser } from '@bottega/contracts/auth';
import { isAdminGroup, isDeveloperGroup } from '@bottega/contracts/permissions';

/** Spec §6: a developer's first group is Developer; admins may do what developers do. The server decides the same way. */
export function isDeveloperUser(user: AuthUser | undefined): boolean {
  const first = user?.userGroup[0];
  return isAdminGroup(first) || isDeveloperGroup(first);
}
