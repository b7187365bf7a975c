// Every feature's screens, assembled once: the router and the side menu both read this list.
import { dashboardRoutes } from '../features/dashboard/dashboard.routes';
import { userGroupsRoutes } from '../features/user-groups/user-groups.routes';
import type { AppRoute } from './app-route';

export const appRoutes: AppRoute[] = [...dashboardRoutes, ...userGroupsRoutes];
