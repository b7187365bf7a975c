import { IconMailForward } from '@tabler/icons-react';
import type { AppRoute } from '../../app/app-route';

// Developer tools: only developers (first group Developer) and admins see them; "developer" is no
// ability, so the routes say `developer: true` and the pages check it too (components/require-developer).
// The outbox is a top-level menu entry, under the dashboard, shown to them alone.
export const developerRoutes: AppRoute[] = [
  {
    path: 'developer/mail',
    developer: true,
    load: () => import('./pages/mail-outbox-page'),
    menu: { section: null, label: 'developer:mail.menu', icon: IconMailForward },
  },
  {
    path: 'developer/mail/:mailID',
    developer: true,
    load: () => import('./pages/mail-page'),
  },
];
