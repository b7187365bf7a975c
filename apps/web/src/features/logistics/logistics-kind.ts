import { type LogisticsFileKind, logisticsKindOfSlug } from '@bottega/contracts/logistics';
import { useLocation } from 'react-router';

/** The kind of file the page serves, from its address (`/app/in-files/list` → inFile). */
export function useLogisticsKind(): LogisticsFileKind {
  const { pathname } = useLocation();
  const slug = pathname.split('/')[2] ?? '';
  return logisticsKindOfSlug(slug) ?? 'inFile';
}
