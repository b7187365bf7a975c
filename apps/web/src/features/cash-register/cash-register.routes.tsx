import { IconCalendarWeek, IconCashRegister, IconListCheck, IconReportMoney } from '@tabler/icons-react';
import type { AppRoute } from '../../app/app-route';

export const cashRegisterRoutes: AppRoute[] = [
  {
    // The session's shop, by month.
    path: 'shop/cashRegister',
    ability: 'shops.cashRegister.view',
    load: () => import('./pages/cash-register-page'),
    menu: { section: 'shop', label: 'cash-register:menu.cashRegister', icon: IconCashRegister },
  },
  {
    path: 'shop/cashRegister/unclosed',
    ability: 'shops.cashRegister.viewUnclosed',
    load: () => import('./pages/unclosed-days-page'),
    menu: { section: 'shop', label: 'cash-register:menu.unclosed', icon: IconListCheck },
  },
  {
    // Read-only without the daily close, or once the day is closed.
    path: 'shop/cashRegister/:reportId/edit',
    title: 'common:pageTitle.cashReport',
    ability: 'shops.cashRegister.view',
    load: () => import('./pages/cash-report-page'),
  },
  {
    path: 'shops/weekly-cash',
    ability: 'shops.cashRegister.weekly',
    load: () => import('./pages/weekly-cash-page'),
    menu: { section: 'management', label: 'weekly-cash:menu.weeklyCash', icon: IconCalendarWeek },
  },
  {
    path: 'shops/weekly-cash/list',
    ability: 'shops.cashRegister.viewWeeklyList',
    load: () => import('./pages/weekly-cash-list-page'),
    menu: { section: 'management', label: 'weekly-cash:menu.weeklyCashList', icon: IconReportMoney },
  },
  {
    path: 'shops/weekly-cash/create/:week',
    title: 'common:pageTitle.weeklyCashWeek',
    ability: 'shops.cashRegister.weekly',
    load: () => import('./pages/weekly-cash-create-page'),
  },
];
