import { IconCategory, IconDeviceCctv, IconHistory, IconList, IconPlus } from '@tabler/icons-react';
import type { AppRoute } from '../../app/app-route';

// Spec §2 Security video: add, list, {cameraID}/edit, viewer (with camera search); §6 Security › video: view, manage
// categories, list/add/edit/delete, view all (the viewing log).
export const camerasRoutes: AppRoute[] = [
  {
    path: 'security/video/list',
    ability: 'security.video.list',
    load: () => import('./pages/cameras-list-page'),
    menu: { section: 'video', label: 'cameras:menu.list', icon: IconList },
  },
  {
    path: 'security/video/add',
    ability: 'security.video.add',
    load: () => import('./pages/camera-edit-page'),
    menu: { section: 'video', label: 'cameras:menu.add', icon: IconPlus },
  },
  {
    path: 'security/video/:cameraId/edit',
    title: 'cameras:form.pageTitle',
    ability: 'security.video.edit',
    load: () => import('./pages/camera-edit-page'),
  },
  {
    path: 'security/video/viewer',
    ability: 'security.video.view',
    load: () => import('./pages/camera-viewer-page'),
    menu: { section: 'video', label: 'cameras:menu.viewer', icon: IconDeviceCctv },
  },
  {
    path: 'security/video/categories',
    ability: 'security.video.manageCategories',
    load: () => import('./pages/camera-categories-page'),
    menu: { section: 'video', label: 'cameras:menu.categories', icon: IconCategory },
  },
  {
    path: 'security/video/log',
    ability: 'security.video.viewAll',
    load: () => import('./pages/camera-viewings-page'),
    menu: { section: 'video', label: 'cameras:menu.log', icon: IconHistory },
  },
];
