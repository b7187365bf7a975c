import { IconBrandFacebook, IconCalendarEvent, IconMovie, IconVideoPlus } from '@tabler/icons-react';
import type { AppRoute } from '../../app/app-route';

// Spec §2 Automation: users (the social accounts Bottega publishes to), users/detail/{id}, posts (calendar and list),
// posts/create (also where a draft or a scheduled post is changed: ?edit={id}), posts/detail/{id}, videos (the
// library) and videos/capture (recording in the browser). Abilities: the automation section of the catalogue (issue 28).
export const automationRoutes: AppRoute[] = [
  {
    path: 'automation/users',
    ability: ['automation.accounts', 'automation.posts'],
    load: () => import('./pages/accounts-page'),
    menu: { section: 'automation', label: 'automation:menu.accounts', icon: IconBrandFacebook },
  },
  {
    path: 'automation/users/detail/:id',
    title: 'automation:account.pageTitle',
    ability: ['automation.accounts', 'automation.posts'],
    load: () => import('./pages/account-detail-page'),
  },
  {
    path: 'automation/posts',
    ability: 'automation.posts',
    load: () => import('./pages/posts-page'),
    menu: { section: 'automation', label: 'automation:menu.posts', icon: IconCalendarEvent },
  },
  {
    path: 'automation/posts/create',
    title: 'automation:compose.pageTitle',
    ability: 'automation.posts',
    load: () => import('./pages/post-compose-page'),
  },
  {
    path: 'automation/posts/detail/:id',
    title: 'automation:post.pageTitle',
    ability: 'automation.posts',
    load: () => import('./pages/post-detail-page'),
  },
  {
    path: 'automation/videos',
    ability: ['automation.videos', 'automation.posts'],
    load: () => import('./pages/videos-page'),
    menu: { section: 'automation', label: 'automation:menu.videos', icon: IconMovie },
  },
  {
    path: 'automation/videos/capture',
    ability: 'automation.videos',
    load: () => import('./pages/video-capture-page'),
    menu: { section: 'automation', label: 'automation:menu.capture', icon: IconVideoPlus },
  },
];
