import { IconUserStar } from '@tabler/icons-react';
import type { AppRoute } from '../../app/app-route';

// Spec §2 Accountancy › shops/employees/analytics, §6 Employees › analytics (view; the weekly and monthly reports are
// tabs of the page, each shown with its own ability). The page loads the chart library with itself, never the menu.
export const staffAnalyticsRoutes: AppRoute[] = [
  {
    path: 'shops/employees/analytics',
    ability: 'employees.analytics.view',
    load: () => import('./pages/staff-analytics-page'),
    menu: { section: 'accountancy', label: 'staff-analytics:menu.analytics', icon: IconUserStar },
  },
];
