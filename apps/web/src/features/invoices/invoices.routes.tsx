import { IconFileCheck, IconFileInvoice } from '@tabler/icons-react';
import type { AppRoute } from '../../app/app-route';

// Spec §2: Accountancy › invoices/check, invoices/{invoiceID}/edit, invoices/archive (§6 Shops › invoices).
export const invoicesRoutes: AppRoute[] = [
  {
    path: 'invoices/check',
    ability: 'shops.invoices.check',
    load: () => import('./pages/invoice-check-page'),
    menu: { section: 'accountancy', label: 'invoices:menu.check', icon: IconFileCheck },
  },
  {
    path: 'invoices/:invoiceID/edit',
    title: 'invoices:pageTitle.edit',
    ability: 'shops.invoices.view',
    load: () => import('./pages/invoice-edit-page'),
  },
  {
    path: 'invoices/archive',
    ability: 'shops.invoices.archive',
    load: () => import('./pages/invoice-archive-page'),
    menu: { section: 'accountancy', label: 'invoices:menu.archive', icon: IconFileInvoice },
  },
];
