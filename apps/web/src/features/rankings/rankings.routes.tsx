import { IconChartLine, IconListNumbers, IconUsersGroup } from '@tabler/icons-react';
import type { AppRoute } from '../../app/app-route';

// Spec §2 Ranks › ranks/position/add, ranks/analytics, ranks/competitors (list, create, {id}/edit); §6 Shops ›
// ranking. Every screen also reads the ranked shops, which need shops.ranking.view (the section's view).
export const rankingsRoutes: AppRoute[] = [
  {
    path: 'ranks/position/add',
    ability: 'shops.ranking.addPosition',
    load: () => import('./pages/positions-page'),
    menu: { section: 'ranks', label: 'rankings:menu.positions', icon: IconListNumbers },
  },
  {
    path: 'ranks/analytics',
    ability: 'shops.ranking.analytics',
    load: () => import('./pages/rank-analytics-page'),
    menu: { section: 'ranks', label: 'rankings:menu.analytics', icon: IconChartLine },
  },
  {
    path: 'ranks/competitors',
    ability: 'shops.ranking.competitors.list',
    load: () => import('./pages/competitors-list-page'),
    menu: { section: 'ranks', label: 'rankings:menu.competitors', icon: IconUsersGroup },
  },
  {
    path: 'ranks/competitors/create',
    title: 'rankings:createTitle',
    ability: 'shops.ranking.competitors.add',
    load: () => import('./pages/competitor-edit-page'),
  },
  {
    // Read-only without shops.ranking.competitors.edit.
    path: 'ranks/competitors/:id/edit',
    title: 'rankings:competitorTitle',
    ability: 'shops.ranking.competitors.view',
    load: () => import('./pages/competitor-edit-page'),
  },
];
