// The tickets' to-do on the dashboard (platform/todos.ts): for the people who handle categories, the open tickets of
// their categories (and those below them) whose last message is someone else's and unread by them — a shop waiting
// for an answer — since the day of the oldest such message. One indexed count per category set (issue 24), a
// prepared statement built once: the person and their categories are its placeholders.
import { businessDate } from '@bottega/contracts/dates';
import { and, eq, isNull, min, ne, or, sql } from 'drizzle-orm';
import { preparedPerDatabase } from '../../platform/db';
import type { TodoProvider } from '../../platform/todos';
import { categoriesHandledBy } from './ticket-categories.service';
import { ticketReads, tickets } from './tickets.schema';

const toAnswerStatement = preparedPerDatabase((db) =>
  db
    .select({ count: sql<number>`count(*)`.mapWith(Number), oldest: min(tickets.lastReplyAt) })
    .from(tickets)
    .leftJoin(ticketReads, and(eq(ticketReads.ticketId, tickets.id), eq(ticketReads.userId, sql.placeholder('userId'))))
    .where(
      and(
        eq(tickets.state, 'open'),
        sql`${tickets.categoryId} = any(${sql.placeholder('handled')}::int[])`,
        or(isNull(tickets.lastReplyBy), ne(tickets.lastReplyBy, sql.placeholder('userId'))),
        or(isNull(ticketReads.lastReadMessageId), sql`${tickets.lastMessageId} > ${ticketReads.lastReadMessageId}`),
      ),
    )
    .prepare('todo_ticketsToAnswer'),
);

export const ticketsToAnswerTodo: TodoProvider = {
  key: 'ticketsToAnswer',
  ability: 'tickets.assigned.list',
  shopless: true,
  async count({ db, session }) {
    const handled = await categoriesHandledBy(db, session.userId);
    if (handled.length === 0) return null;
    const [row] = await toAnswerStatement(db).execute({ userId: session.userId, handled });
    if (!row || row.count === 0 || !row.oldest) return null;
    return { count: row.count, oldest: businessDate(row.oldest), link: '/app/ticket/list?reach=assigned' };
  },
};
