import { IconUsers } from '@tabler/icons-react';
import type { AppRoute } from '../../app/app-route';

export const employeesRoutes: AppRoute[] = [
  {
    path: 'employees/list',
    ability: 'employees.manage.list',
    load: () => import('./pages/employees-list-page'),
    menu: { section: 'management', label: 'employees:menu', icon: IconUsers },
  },
  {
    path: 'employees/create',
    title: 'employees:createTitle',
    ability: 'employees.manage.add',
    load: () => import('./pages/employee-edit-page'),
  },
  {
    // Read-only without employees.manage.edit.
    path: 'employees/:id/edit',
    title: 'common:pageTitle.employee',
    ability: 'employees.view',
    load: () => import('./pages/employee-edit-page'),
  },
];
