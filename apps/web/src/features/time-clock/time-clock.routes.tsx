import { IconClockPlay } from '@tabler/icons-react';
import type { AppRoute } from '../../app/app-route';

export const timeClockRoutes: AppRoute[] = [
  {
    // The shop tablet's time clock of the session's shop; each punch is confirmed by the punched person.
    path: 'shop/shift',
    ability: 'shifts.view',
    load: () => import('./pages/time-clock-page'),
    menu: { section: 'shop', label: 'time-clock:menu', icon: IconClockPlay },
  },
];
