import { IconBell } from '@tabler/icons-react';
import type { AppRoute } from '../../app/app-route';

// Every signed-in person has their notifications: no ability, only their own.
export const notificationsRoutes: AppRoute[] = [
  {
    path: 'notifications',
    load: () => import('./pages/notifications-page'),
    menu: { section: 'user', label: 'notifications:menu', icon: IconBell },
  },
];
