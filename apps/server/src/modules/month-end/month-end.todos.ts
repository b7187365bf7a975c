// The month end's to-do on the dashboard (platform/todos.ts): the shops whose last month is over and not convalidated
// yet, for those who convalidate months. A count of open shops against the month's rows: no checks are run here. One
// statement, prepared once: it runs on every dashboard load.
import { shiftMonth } from '@bottega/contracts/dates';
import { and, eq, notExists, sql } from 'drizzle-orm';
import { inScopePlaceholder, shopsInScopeValue } from '../../platform/access';
import { preparedPerDatabase } from '../../platform/db';
import type { TodoProvider } from '../../platform/todos';
import { shops } from '../shops/shops.schema';
import { monthlyReports } from './month-end.schema';

/** The open shops of `scope` (null: every shop) with no row for `month`. */
const monthsToConvalidateStatement = preparedPerDatabase((db) =>
  db
    .select({ count: sql<number>`count(*)`.mapWith(Number) })
    .from(shops)
    .where(
      and(
        eq(shops.closed, false),
        inScopePlaceholder(shops.id),
        notExists(
          db
            .select({ one: sql`1` })
            .from(monthlyReports)
            .where(and(eq(monthlyReports.shopId, shops.id), eq(monthlyReports.month, sql.placeholder('month')))),
        ),
      ),
    )
    .prepare('todo_monthsToConvalidate'),
);

export const monthsToConvalidateTodo: TodoProvider = {
  key: 'monthsToConvalidate',
  ability: 'shops.analytics.convalidateReports',
  shopless: true,
  async count({ db, session, today }) {
    const month = shiftMonth(today.slice(0, 7), -1);
    const scope = shopsInScopeValue(session, 'shops');
    if (scope?.length === 0) return null;
    const [row] = await monthsToConvalidateStatement(db).execute({ scope, month });
    if (!row || row.count === 0) return null;
    return { count: row.count, oldest: `${month}-01`, link: `/app/report/convalidate?month=${month}` };
  },
};
