import {
  IconArchive,
  IconBuildingBank,
  IconCash,
  IconCashBanknote,
  IconFileUpload,
  IconListCheck,
} from '@tabler/icons-react';
import type { AppRoute } from '../../app/app-route';

// Spec §2: Shop › shop/deposit/add, shop/deposit/archive; Accountancy › deposit/check, deposit/upload/bank,
// deposit/archive, shops/cashToDeposit and shops/cashToDeposit/{businessID}/{date}.
export const depositsRoutes: AppRoute[] = [
  {
    path: 'shop/deposit/add',
    ability: 'shops.bank.deposits.add',
    load: () => import('./pages/deposit-add-page'),
    menu: { section: 'shop', label: 'deposits:menu.add', icon: IconCashBanknote },
  },
  {
    path: 'shop/deposit/archive',
    ability: 'shops.bank.deposits.view',
    load: () => import('./pages/shop-deposit-archive-page'),
    menu: { section: 'shop', label: 'deposits:menu.shopArchive', icon: IconArchive },
  },
  {
    path: 'deposit/check',
    ability: 'shops.bank.deposits.check',
    load: () => import('./pages/deposit-check-page'),
    menu: { section: 'accountancy', label: 'deposits:menu.check', icon: IconListCheck },
  },
  {
    path: 'deposit/upload/bank',
    ability: 'shops.bank.upload',
    load: () => import('./pages/bank-upload-page'),
    menu: { section: 'accountancy', label: 'deposits:menu.upload', icon: IconFileUpload },
  },
  {
    path: 'deposit/archive',
    ability: 'shops.bank.deposits.archive',
    load: () => import('./pages/deposit-archive-page'),
    menu: { section: 'accountancy', label: 'deposits:menu.archive', icon: IconBuildingBank },
  },
  {
    path: 'shops/cashToDeposit',
    ability: 'shops.analytics.cashToDeposit',
    load: () => import('./pages/cash-to-deposit-page'),
    menu: { section: 'accountancy', label: 'deposits:menu.cashToDeposit', icon: IconCash },
  },
  {
    path: 'shops/cashToDeposit/:businessID/:date',
    title: 'deposits:pageTitle.cashToDepositDay',
    ability: 'shops.analytics.cashToDeposit',
    load: () => import('./pages/cash-to-deposit-day-page'),
  },
];
