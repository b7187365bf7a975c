// The tickets' to-do on the dashboard (platform/todos.ts): for the people who handle categories, the open tickets of
// their categories (and those below them) whose last message is someone else's and unread by them — a shop waiting
// for an answer — since the day of the oldest such message. One indexed count per category set (issue 24).
import { businessDate } from '@bottega/contracts/dates';
import { and, eq, inArray, isNull, min, ne, or, sql } from 'drizzle-orm';
import type { TodoProvider } from '../../platform/todos';
import { categoriesHandledBy } from './ticket-categories.service';
import { ticketReads, tickets } from './tickets.schema';

export const ticketsToAnswerTodo: TodoProvider = {
  key: 'ticketsToAnswer',
  ability: 'tickets.assigned.list',
  shopless: true,
  async count({ db, session }) {
    const handled = await categoriesHandledBy(db, session.userId);
    if (handled.length === 0) return null;
    const [row] = await db
      .select({ count: sql<number>`count(*)`.mapWith(Number), oldest: min(tickets.lastReplyAt) })
      .from(tickets)
      .leftJoin(ticketReads, and(eq(ticketReads.ticketId, tickets.id), eq(ticketReads.userId, session.userId)))
      .where(
        and(
          eq(tickets.state, 'open'),
          inArray(tickets.categoryId, handled),
          or(isNull(tickets.lastReplyBy), ne(tickets.lastReplyBy, session.userId)),
          or(isNull(ticketReads.lastReadMessageId), sql`${tickets.lastMessageId} > ${ticketReads.lastReadMessageId}`),
        ),
      );
    if (!row || row.count === 0 || !row.oldest) return null;
    return { count: row.count, oldest: businessDate(row.oldest), link: '/app/ticket/list?reach=assigned' };
  },
};
