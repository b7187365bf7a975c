// The sales feed's to-do on the dashboard (issue 17, platform/todos.ts): the chosen shop's days before today with
// receipts and no fiscal close, over the window the sales feed page shows. The link opens that page for those who
// may see it (it reads, uploads or types the close), else the cash month of the oldest day, whose report does too.
import { businessDate } from '@bottega/contracts/dates';
import { salesFeedQuerySchema } from '@bottega/contracts/sales';
import { and, count, eq, gte, lt, min } from 'drizzle-orm';
import type { TodoProvider } from '../../platform/todos';
import { salesDays } from './sales.schema';
import { withoutFiscalClose } from './sales.service';

const dayMs = 86_400_000;
/** The sales feed page's window (its query's default). */
const feedDays = salesFeedQuerySchema.parse({}).days;

export const fiscalClosesMissingTodo: TodoProvider = {
  key: 'fiscalClosesMissing',
  ability: 'shops.cashRegister.dailyClose',
  async count({ db, session, shopId, now, today }) {
    const [row] = await db
      .select({ count: count(), oldest: min(salesDays.businessDate) })
      .from(salesDays)
      .where(
        and(
          eq(salesDays.shopId, shopId),
          gte(salesDays.businessDate, businessDate(new Date(now.getTime() - feedDays * dayMs))),
          lt(salesDays.businessDate, today),
          withoutFiscalClose,
        ),
      );
    if (!row?.count || !row.oldest) return null;
    const seesFeed = session.isAdmin || session.abilities.has('shops.manage.view');
    const link = seesFeed
      ? `/app/shops/${shopId}/sales-feed`
      : `/app/shop/cashRegister?month=${row.oldest.slice(0, 7)}`;
    return { count: row.count, oldest: row.oldest, link };
  },
};
