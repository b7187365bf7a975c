import { IconArchive } from '@tabler/icons-react';
import type { AppRoute } from '../../app/app-route';

/** The shop's delivery notes come in with picking files and go out (and in, between shops) with shop-out files. */
const readers = ['logistics.pickingFile.view', 'logistics.shopOutFile.view'] as const;

// Shop › shop/bds/archive (issue 25): the session shop's archive of its bolle — every transport document addressed to
// it or sent by it — and one of them with its lines, its PDF and the shop's "received" confirmation.
export const deliveryNotesRoutes: AppRoute[] = [
  {
    path: 'shop/bds/archive',
    ability: readers,
    load: () => import('./pages/delivery-notes-page'),
    menu: { section: 'shop', label: 'delivery-notes:menu', icon: IconArchive },
  },
  {
    path: 'shop/bds/archive/:fileId',
    ability: readers,
    load: () => import('./pages/delivery-note-page'),
    title: 'delivery-notes:note.title',
  },
];
