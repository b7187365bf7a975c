import { IconPackages } from '@tabler/icons-react';
import type { AppRoute } from '../../app/app-route';

// Logistics › logistics/stock (issue 25): the expected stock of a warehouse or a shop, and its comparison with a count —
// what §6 "compare inventory" reads.
export const stockRoutes: AppRoute[] = [
  {
    path: 'logistics/stock',
    ability: 'shops.analytics.compareInventory',
    load: () => import('./pages/stock-page'),
    menu: { section: 'logistics', label: 'stock:menu', icon: IconPackages },
  },
];
