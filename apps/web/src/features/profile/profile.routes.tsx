import { IconUserCircle } from '@tabler/icons-react';
import type { AppRoute } from '../../app/app-route';

// Every signed-in person has these pages: no ability, only their own data.
export const profileRoutes: AppRoute[] = [
  {
    path: 'user',
    load: () => import('./pages/profile-page'),
    menu: { section: 'user', label: 'profile:menu', icon: IconUserCircle },
  },
  {
    path: 'registration',
    title: 'common:pageTitle.registration',
    load: () => import('./pages/registration-page'),
  },
];
