// The invoice requests' to-do on the dashboard (issue 17, platform/todos.ts): requests accounting has neither
// confirmed nor blocked yet, in the shops the person sees, oldest day first; the link opens invoices/check
// (issue 22), where they are confirmed.
import { and, asc, eq, inArray, isNull, sql } from 'drizzle-orm';
import { shopsInScope } from '../../platform/access';
import type { TodoProvider } from '../../platform/todos';
import { cashReports } from '../cash-register/cash-register.schema';
import { invoiceRequests } from './invoices.schema';

export const invoiceRequestsTodo: TodoProvider = {
  key: 'invoiceRequests',
  ability: 'shops.invoices.check',
  async count({ db, session }) {
    const scope = shopsInScope(session, 'shops');
    if (scope !== 'all' && scope.length === 0) return null;
    const [oldest] = await db
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
          scope === 'all' ? undefined : inArray(invoiceRequests.shopId, scope),
        ),
      )
      .orderBy(asc(cashReports.businessDate), asc(invoiceRequests.id))
      .limit(1);
    if (!oldest) return null;
    return {
      count: oldest.count,
      oldest: oldest.businessDate,
      link: '/app/invoices/check',
    };
  },
};
