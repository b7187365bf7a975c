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
    title: 'shops:createTitle',
    ability: 'shops.manage.add',
    load: () => import('./pages/shop-edit-page'),
  },
  {
    // Read-only without shops.manage.edit.
    path: 'shops/:id/edit',
    title: 'common:pageTitle.shop',
    ability: 'shops.manage.view',
    load: () => import('./pages/shop-edit-page'),
  },
  {
    path: 'shops/:id/closures',
    title: 'common:pageTitle.shopClosures',
    ability: 'shops.manage.view',
    load: () => import('./pages/shop-closures-page'),
  },
  {
    path: 'shops/:id/workingHours',
    title: 'common:pageTitle.shopWorkingHours',
    ability: 'shops.manage.workingHours',
    load: () => import('./pages/shop-working-hours-page'),
  },
];
