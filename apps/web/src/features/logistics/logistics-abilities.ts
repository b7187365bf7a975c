import {
  type LogisticsFileAction,
  type LogisticsFileKind,
  logisticsAbility,
  logisticsFileSlugs,
} from '@bottega/contracts/logistics';
import { useAuthUser } from '../auth/auth.api';

/** What the signed-in person may do with files of a kind (the server decides; the screens hide what it refuses). */
export function useLogisticsAbilities(kind: LogisticsFileKind) {
  const user = useAuthUser();
  const can = new Set<string>(user.data?.can ?? []);
  return {
    holds: (action: LogisticsFileAction) => can.has(logisticsAbility(kind, action)),
    registry: can.has('logistics.documentTypesAndNumbers'),
    shopId: user.data?.shop?.id ?? null,
  };
}

/** A file's page: a shop-out file's is read-only (§2 gives it no edit screen), the others' is their edit screen. */
export function fileAddress(kind: LogisticsFileKind, id: number): string {
  const slug = logisticsFileSlugs[kind];
  return kind === 'shopOutFile' ? `/app/${slug}/${id}` : `/app/${slug}/${id}/edit`;
}
