import { IconUsersGroup } from '@tabler/icons-react';
import type { AppRoute } from '../../app/app-route';

export const userGroupsRoutes: AppRoute[] = [
  {
    path: 'usersGroup/list',
    ability: 'employees.userGroups.list',
    load: () => import('./pages/user-groups-list-page'),
    menu: { section: 'management', label: 'user-groups:menu', icon: IconUsersGroup },
  },
  {
    path: 'usersGroup/create',
    ability: 'employees.userGroups.add',
    load: () => import('./pages/user-group-edit-page'),
  },
  {
    path: 'usersGroup/:userGroupID/edit',
    ability: 'employees.userGroups.edit',
    load: () => import('./pages/user-group-edit-page'),
  },
  {
    path: 'usersGroup/notification/:userGroupID/edit',
    ability: 'employees.userGroups.notifications',
    load: () => import('./pages/user-group-notifications-page'),
  },
];
