import { IconCategory2 } from '@tabler/icons-react';
import type { AppRoute } from '../../app/app-route';

// Spec §2 Management › ticket category: list, create, {ticketCategoryID}/edit, {ticketCategoryID}/assign; §6
// Tickets › manage: category list/add/edit/delete/assign.
export const ticketCategoriesRoutes: AppRoute[] = [
  {
    path: 'ticketCategory/list',
    ability: 'tickets.manage.categories.list',
    load: () => import('./pages/ticket-categories-list-page'),
    menu: { section: 'management', label: 'ticket-categories:menu', icon: IconCategory2 },
  },
  {
    path: 'ticketCategory/create',
    title: 'ticket-categories:createTitle',
    ability: 'tickets.manage.categories.add',
    load: () => import('./pages/ticket-category-edit-page'),
  },
  {
    path: 'ticketCategory/:ticketCategoryID/edit',
    title: 'ticket-categories:editPageTitle',
    ability: 'tickets.manage.categories.edit',
    load: () => import('./pages/ticket-category-edit-page'),
  },
  {
    path: 'ticketCategory/:ticketCategoryID/assign',
    title: 'ticket-categories:assignPageTitle',
    ability: 'tickets.manage.categories.assign',
    load: () => import('./pages/ticket-category-assign-page'),
  },
];
