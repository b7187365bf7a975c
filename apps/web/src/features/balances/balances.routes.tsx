import { IconScale } from '@tabler/icons-react';
import type { AppRoute } from '../../app/app-route';

// Spec §2: Accountancy › balance.
export const balancesRoutes: AppRoute[] = [
  {
    path: 'balance',
    ability: 'shops.bank.balances.view',
    load: () => import('./pages/balances-page'),
    menu: { section: 'accountancy', label: 'balances:menu.balance', icon: IconScale },
  },
];
