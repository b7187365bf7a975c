import { IconBuildingSkyscraper } from '@tabler/icons-react';
import type { AppRoute } from '../../app/app-route';

export const companiesRoutes: AppRoute[] = [
  {
    path: 'company/list',
    ability: 'shops.companies.list',
    load: () => import('./pages/companies-list-page'),
    menu: { section: 'management', label: 'companies:menu', icon: IconBuildingSkyscraper },
  },
  {
    path: 'company/create',
    title: 'companies:createTitle',
    ability: 'shops.companies.add',
    load: () => import('./pages/company-edit-page'),
  },
  {
    // Read-only without shops.companies.edit.
    path: 'company/:id/edit',
    title: 'common:pageTitle.company',
    ability: 'shops.companies.view',
    load: () => import('./pages/company-edit-page'),
  },
];
