import { IconArchive, IconReceiptEuro, IconReceiptTax } from '@tabler/icons-react';
import type { AppRoute } from '../../app/app-route';

// Authorised expenses: management's authorisations of a shop; spec §2 Accountancy › costsIncurred/convalidate and
// costsIncurred/archive (the expenses the shops entered in their cash reports, convalidated by accounting).
export const expensesRoutes: AppRoute[] = [
  {
    path: 'shops/expense-authorisations',
    ability: 'shops.costsIncurred.view',
    load: () => import('./pages/expense-authorisations-page'),
    menu: { section: 'management', label: 'expenses:menu.authorisations', icon: IconReceiptTax },
  },
  {
    path: 'costsIncurred/convalidate',
    ability: 'shops.costsIncurred.check',
    load: () => import('./pages/costs-convalidate-page'),
    menu: { section: 'accountancy', label: 'expenses:menu.costsConvalidate', icon: IconReceiptEuro },
  },
  {
    path: 'costsIncurred/archive',
    ability: 'shops.costsIncurred.archive',
    load: () => import('./pages/costs-archive-page'),
    menu: { section: 'accountancy', label: 'expenses:menu.costsArchive', icon: IconArchive },
  },
];
