import { IconBuildingStore } from '@tabler/icons-react';
import type { AppRoute } from '../../app/app-route';

export const shopsRoutes: AppRoute[] = [
  {
    path: 'shops/list',
    ability: 'shops.manage.list',
    load: () => import('./pages/shops-list-page'),
    menu: { section: 'management', label: 'shops:menu', icon: IconBuildingStore },
  },
  {
    path: 'shops/create',
    ability: 'shops.manage.add',
    load: () => import('./pages/shop-edit-page'),
  },
  {
    // Read-only without shops.manage.edit.
    path: 'shops/:id/edit',
    ability: 'shops.manage.view',
    load: () => import('./pages/shop-edit-page'),
  },
  {
    path: 'shops/:id/closures',
    ability: 'shops.manage.view',
    load: () => import('./pages/shop-closures-page'),
  },
  {
    path: 'shops/:id/workingHours',
    ability: 'shops.manage.workingHours',
    load: () => import('./pages/shop-working-hours-page'),
  },
];
