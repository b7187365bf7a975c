import { IconCalendarCheck, IconCalendarEvent, IconCalendarStats, IconTemplate } from '@tabler/icons-react';
import type { AppRoute } from '../../app/app-route';

// Spec §2: Management › employeesShift (overview, template list, create, {id}/edit, assign) and
// User › user/convalidate/shift.
export const shiftsRoutes: AppRoute[] = [
  {
    path: 'employeesShift/assign',
    ability: 'shifts.manage.view',
    load: () => import('./pages/assign-page'),
    menu: { section: 'management', label: 'shifts:menu.assign', icon: IconCalendarEvent },
  },
  {
    path: 'employeesShift/overview',
    ability: 'shifts.manage.overview',
    load: () => import('./pages/overview-page'),
    menu: { section: 'management', label: 'shifts:menu.overview', icon: IconCalendarStats },
  },
  {
    path: 'employeesShift/template/list',
    ability: 'shifts.templates.list',
    load: () => import('./pages/templates-page'),
    menu: { section: 'management', label: 'shifts:menu.templates', icon: IconTemplate },
  },
  {
    path: 'employeesShift/template/create',
    title: 'shifts:pageTitle.templateCreate',
    ability: 'shifts.templates.add',
    load: () => import('./pages/template-edit-page'),
  },
  {
    path: 'employeesShift/template/:id/edit',
    title: 'shifts:pageTitle.templateEdit',
    ability: 'shifts.templates.view',
    load: () => import('./pages/template-edit-page'),
  },
];

/** The person's own weeks, in the User section. */
export const ownShiftsRoutes: AppRoute[] = [
  {
    path: 'user/convalidate/shift',
    ability: 'shifts.view',
    load: () => import('./pages/own-shifts-page'),
    menu: { section: 'user', label: 'shifts:menu.own', icon: IconCalendarCheck },
  },
];
