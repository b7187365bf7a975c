import { IconMailForward, IconStack2 } from '@tabler/icons-react';
import type { AppRoute } from '../../app/app-route';

// Developer tools: only developers (first group Developer) and admins see them; "developer" is no
// ability, so the routes say `developer: true` and the pages check it too (components/require-developer).
// The outbox and the jobs sit in the menu's own Developer section (Sviluppo), shown to them alone, apart from the daily entries.
export const developerRoutes: AppRoute[] = [
  {
    path: 'developer/mail',
    developer: true,
    load: () => import('./pages/mail-outbox-page'),
    menu: { section: 'developer', label: 'developer:mail.menu', icon: IconMailForward },
  },
  {
    path: 'developer/jobs',
    developer: true,
    load: () => import('./pages/jobs-page'),
    menu: { section: 'developer', label: 'developer:jobs.menu', icon: IconStack2 },
  },
  {
    path: 'developer/mail/:mailID',
    developer: true,
    title: 'common:pageTitle.mail',
    load: () => import('./pages/mail-page'),
  },
];
