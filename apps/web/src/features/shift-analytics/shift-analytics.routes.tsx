import { IconChartBar, IconChartHistogram } from '@tabler/icons-react';
import type { AppRoute } from '../../app/app-route';

// Spec §2 Management › employeesShift analytics (the shops one works in) and analyticsFull (every shop), §6 Shifts
// analytics view/full. Each page loads the chart library with itself, never with the menu.
export const shiftAnalyticsRoutes: AppRoute[] = [
  {
    path: 'employeesShift/analytics',
    ability: 'shifts.analytics.view',
    load: () => import('./pages/shift-analytics-page').then((module) => ({ default: module.ShiftAnalyticsPage })),
    menu: { section: 'management', label: 'shift-analytics:menu.analytics', icon: IconChartBar },
  },
  {
    path: 'employeesShift/analyticsFull',
    ability: 'shifts.analytics.full',
    load: () => import('./pages/shift-analytics-page').then((module) => ({ default: module.ShiftAnalyticsFullPage })),
    menu: { section: 'management', label: 'shift-analytics:menu.analyticsFull', icon: IconChartHistogram },
  },
];
