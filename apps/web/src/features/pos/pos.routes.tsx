import { IconCreditCard } from '@tabler/icons-react';
import type { AppRoute } from '../../app/app-route';

// Spec §2: Accountancy › shops/pos/archive.
export const posRoutes: AppRoute[] = [
  {
    path: 'shops/pos/archive',
    ability: 'shops.bank.posArchive',
    load: () => import('./pages/pos-archive-page'),
    menu: { section: 'accountancy', label: 'pos:menu.archive', icon: IconCreditCard },
  },
];
