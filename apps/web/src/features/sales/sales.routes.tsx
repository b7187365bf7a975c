import type { AppRoute } from '../../app/app-route';

export const salesRoutes: AppRoute[] = [
  {
    // Reached from the shops list and the shop's page, not from the menu; credentials need shops.manage.edit.
    path: 'shops/:id/sales-feed',
    title: 'common:pageTitle.salesFeed',
    ability: 'shops.manage.view',
    load: () => import('./pages/sales-feed-page'),
  },
];
