// The invoice requests' to-do on the dashboard (issue 17, platform/todos.ts): requests accounting has neither
// confirmed nor blocked yet, in the shops the person sees, oldest day first; the link opens invoices/check
// (issue 22), where they are confirmed. One statement, prepared once: it runs on every dashboard load.
import { and, asc, eq, isNull, sql } from 'drizzle-orm';
import { inScopePlaceholder, shopsInScopeValue } from '../../platform/access';
import { preparedPerDatabase } from '../../platform/db';
import type { TodoProvider } from '../../platform/todos';
import { cashReports } from '../cash-register/cash-register.schema';
import { invoiceRequests } from './invoices.schema';

/** The oldest waiting request and how many wait, in the shops `scope` (null: every shop). */
const invoiceRequestsStatement = preparedPerDatabase((db) =>
  db
    .select({
      businessDate: cashReports.businessDate,
      count: sql<number>`count(*) over ()`.mapWith(Number),
    })
    .from(invoiceRequests)
    .innerJoin(cashReports, eq(cashReports.id, invoiceRequests.reportId))
    .where(
      and(
        eq(invoiceRequests.blocked, false),
        isNull(invoiceRequests.confirmedAt),
        inScopePlaceholder(invoiceRequests.shopId),
      ),
    )
    .orderBy(asc(cashReports.businessDate), asc(invoiceRequests.id))
    .limit(1)
    .prepare('todo_invoiceRequests'),
);

export const invoiceRequestsTodo: TodoProvider = {
  key: 'invoiceRequests',
  ability: 'shops.invoices.check',
  async count({ db, session }) {
    const scope = shopsInScopeValue(session, 'shops');
    if (scope?.length === 0) return null;
    const [oldest] = await invoiceRequestsStatement(db).execute({ scope });
    if (!oldest) return null;
    return {
      count: oldest.count,
      oldest: oldest.businessDate,
      link: '/app/invoices/check',
    };
  },
};
