// Every feature's screens, assembled once: the router and the side menu both read this list.
import { companiesRoutes } from '../features/companies/companies.routes';
import { dashboardRoutes } from '../features/dashboard/dashboard.routes';
import { shopsRoutes } from '../features/shops/shops.routes';
import { userGroupsRoutes } from '../features/user-groups/user-groups.routes';
import type { AppRoute } from './app-route';

export const appRoutes: AppRoute[] = [...dashboardRoutes, ...userGroupsRoutes, ...shopsRoutes, ...companiesRoutes];
