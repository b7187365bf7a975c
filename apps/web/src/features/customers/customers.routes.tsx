import { IconAward, IconDiscount2, IconUserCheck, IconUserSearch, IconUsers } from '@tabler/icons-react';
import type { AppRoute } from '../../app/app-route';

// Spec §2 Marketing: customers/list, customers/{id}, users/list, users/search, users/{id}, users/edit/{id},
// discounted-sales, and the club's settings (levels, registration suspended, §8–§9). §6 Customers: list opens the
// lists and details, search the search (and the details it leads to, which the server answers to it too), create
// the member form and the settings, discounted sales its screen; non-registered and all shops widen what they show.
export const customersRoutes: AppRoute[] = [
  {
    path: 'marketing/customers/list',
    ability: 'customers.list',
    load: () => import('./pages/customers-list-page'),
    menu: { section: 'marketing', label: 'customers:menu.customers', icon: IconUsers },
  },
  {
    path: 'marketing/customers/:id',
    title: 'customers:detail.pageTitle',
    ability: 'customers.list',
    load: () => import('./pages/customer-detail-page'),
  },
  {
    path: 'marketing/users/list',
    ability: 'customers.list',
    load: () => import('./pages/members-list-page'),
    menu: { section: 'marketing', label: 'customers:menu.members', icon: IconUserCheck },
  },
  {
    path: 'marketing/users/search',
    ability: 'customers.search',
    load: () => import('./pages/member-search-page'),
    menu: { section: 'marketing', label: 'customers:menu.search', icon: IconUserSearch },
  },
  {
    path: 'marketing/users/:id',
    title: 'customers:detail.memberPageTitle',
    ability: ['customers.list', 'customers.search'],
    load: () => import('./pages/member-detail-page'),
  },
  {
    path: 'marketing/users/edit/:id',
    title: 'customers:edit.pageTitle',
    ability: 'customers.create',
    load: () => import('./pages/member-edit-page'),
  },
  {
    path: 'marketing/discounted-sales',
    ability: 'customers.discountedSales',
    load: () => import('./pages/discounted-sales-page'),
    menu: { section: 'marketing', label: 'customers:menu.discountedSales', icon: IconDiscount2 },
  },
  {
    path: 'marketing/club-settings',
    ability: 'customers.create',
    load: () => import('./pages/club-settings-page'),
    menu: { section: 'marketing', label: 'customers:menu.clubSettings', icon: IconAward },
  },
];
