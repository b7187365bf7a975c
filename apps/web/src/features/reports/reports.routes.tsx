import { IconNotebook, IconScale } from '@tabler/icons-react';
import type { AppRoute } from '../../app/app-route';

// Spec §2: Accountancy › report/firstNote, report/comparison (§6 Shops › analytics › first note, compare inventory).
export const reportsRoutes: AppRoute[] = [
  {
    path: 'report/firstNote',
    ability: 'shops.analytics.firstNote',
    load: () => import('./pages/first-note-page'),
    menu: { section: 'accountancy', label: 'reports:menu.firstNote', icon: IconNotebook },
  },
  {
    path: 'report/comparison',
    ability: 'shops.analytics.compareInventory',
    load: () => import('./pages/comparison-page'),
    menu: { section: 'accountancy', label: 'reports:menu.comparison', icon: IconScale },
  },
];
