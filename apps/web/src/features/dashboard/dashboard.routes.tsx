import { IconLayoutDashboard } from '@tabler/icons-react';
import type { AppRoute } from '../../app/app-route';

export const dashboardRoutes: AppRoute[] = [
  {
    path: '',
    load: () => import('./pages/dashboard-page'),
    menu: { section: null, label: 'dashboard:title', icon: IconLayoutDashboard },
  },
];
