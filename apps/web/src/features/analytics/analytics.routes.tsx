import { IconChartHistogram } from '@tabler/icons-react';
import type { AppRoute } from '../../app/app-route';

// Spec §2: Accountancy › shops/analytics (§6 Shops › analytics › sales report).
export const analyticsRoutes: AppRoute[] = [
  {
    path: 'shops/analytics',
    ability: 'shops.analytics.salesReport',
    load: () => import('./pages/sales-report-page'),
    menu: { section: 'accountancy', label: 'analytics:menu.salesReport', icon: IconChartHistogram },
  },
];
