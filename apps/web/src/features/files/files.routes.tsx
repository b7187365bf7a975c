import { IconFolders } from '@tabler/icons-react';
import type { AppRoute } from '../../app/app-route';

export const filesRoutes: AppRoute[] = [
  {
    // Reading needs only the dashboard ability; each root's listing says whether the user may change it.
    path: 'files',
    ability: 'employees.dashboard',
    load: () => import('./pages/files-page'),
    menu: { section: 'documents', label: 'files:menu', icon: IconFolders },
  },
];
