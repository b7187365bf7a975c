import { ticketReaches, ticketReachOf } from '@bottega/contracts/tickets';
import { IconArchive, IconMessagePlus, IconTicket } from '@tabler/icons-react';
import type { AppRoute } from '../../app/app-route';

/** Any of the three reaches (§6) opens a list: the screen offers those the person holds. */
const anyReach = (action: 'list' | 'archive' | 'view') => ticketReaches.map((reach) => ticketReachOf[reach][action]);

// Spec §2 Tickets › ticket/create, ticket/list, ticket/archive, ticket/{ticketID} (issue 24). The open list leads the
// menu: a ticket's page (ticket/{id}) belongs to the first entry it shares the area with.
export const ticketsRoutes: AppRoute[] = [
  {
    path: 'ticket/list',
    ability: anyReach('list'),
    load: () => import('./pages/ticket-list-page'),
    menu: { section: 'tickets', label: 'tickets:menu.list', icon: IconTicket },
  },
  {
    path: 'ticket/create',
    ability: 'tickets.general.add',
    load: () => import('./pages/ticket-create-page'),
    menu: { section: 'tickets', label: 'tickets:menu.create', icon: IconMessagePlus },
  },
  {
    path: 'ticket/archive',
    ability: anyReach('archive'),
    load: () => import('./pages/ticket-archive-page'),
    menu: { section: 'tickets', label: 'tickets:menu.archive', icon: IconArchive },
  },
  {
    path: 'ticket/:ticketId',
    ability: anyReach('view'),
    load: () => import('./pages/ticket-page'),
    title: 'tickets:ticket.title',
  },
];
