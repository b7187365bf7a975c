import { shiftMonth } from '@bottega/contracts/dates';
// The month end's to-do on the dashboard (platform/todos.ts): the shops whose last month is over and not convalidated
// yet, for those who convalidate months. A count of open shops against the month's rows: no checks are run here.
import { and, eq, inArray, notExists, sql } from 'drizzle-orm';
import { shopsInScope } from '../../platform/access';
import type { TodoProvider } from '../../platform/todos';
import { shops } from '../shops/shops.schema';
import { monthlyReports } from './month-end.schema';

export const monthsToConvalidateTodo: TodoProvider = {
  key: 'monthsToConvalidate',
  ability: 'shops.analytics.convalidateReports',
  shopless: true,
  async count({ db, session, today }) {
    const month = shiftMonth(today.slice(0, 7), -1);
    const scope = shopsInScope(session, 'shops');
    if (scope !== 'all' && scope.length === 0) return null;
    const [row] = await db
      .select({ count: sql<number>`count(*)`.mapWith(Number) })
      .from(shops)
      .where(
        and(
          eq(shops.closed, false),
          scope === 'all' ? undefined : inArray(shops.id, scope),
          notExists(
            db
              .select({ one: sql`1` })
              .from(monthlyReports)
              .where(and(eq(monthlyReports.shopId, shops.id), eq(monthlyReports.month, month))),
          ),
        ),
      );
    if (!row || row.count === 0) return null;
    return { count: row.count, oldest: `${month}-01`, link: `/app/report/convalidate?month=${month}` };
  },
};
