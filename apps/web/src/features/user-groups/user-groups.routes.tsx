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
    title: 'user-groups:createTitle',
    ability: 'employees.userGroups.add',
    load: () => import('./pages/user-group-edit-page'),
  },
  {
    path: 'usersGroup/:userGroupID/edit',
    title: 'common:pageTitle.userGroup',
    ability: 'employees.userGroups.edit',
    load: () => import('./pages/user-group-edit-page'),
  },
  {
    path: 'usersGroup/notification/:userGroupID/edit',
    title: 'common:pageTitle.userGroupNotifications',
    ability: 'employees.userGroups.notifications',
    load: () => import('./pages/user-group-notifications-page'),
  },
];
