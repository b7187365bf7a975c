import { IconCalendarCheck } from '@tabler/icons-react';
import type { AppRoute } from '../../app/app-route';

// Spec §2: Accountancy › report/convalidate.
export const monthEndRoutes: AppRoute[] = [
  {
    path: 'report/convalidate',
    ability: 'shops.analytics.convalidateReports',
    load: () => import('./pages/month-end-page'),
    menu: { section: 'accountancy', label: 'month-end:menu.convalidate', icon: IconCalendarCheck },
  },
];
