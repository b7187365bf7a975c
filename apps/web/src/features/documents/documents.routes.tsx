import { documentCheckAbility } from '@bottega/contracts/logistics';
import { IconFileCheck, IconTruckReturn } from '@tabler/icons-react';
import type { AppRoute } from '../../app/app-route';

// Spec §2 Documents › documents/manage/rm and /mf (issue 25): one screen, the register from the path.
export const documentsRoutes: AppRoute[] = [
  {
    path: 'documents/manage/rm',
    ability: documentCheckAbility.rm,
    load: () => import('./pages/document-checks-page'),
    menu: { section: 'documents', label: 'documents:menu.rm', icon: IconTruckReturn },
  },
  {
    path: 'documents/manage/mf',
    ability: documentCheckAbility.mf,
    load: () => import('./pages/document-checks-page'),
    menu: { section: 'documents', label: 'documents:menu.mf', icon: IconFileCheck },
  },
];
