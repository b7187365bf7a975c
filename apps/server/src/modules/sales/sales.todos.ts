// The sales feed's to-do on the dashboard (issue 17, platform/todos.ts): the chosen shop's days before today with
// receipts and no fiscal close, over the window the sales feed page shows. The link opens that page for those who
// may see it (it reads, uploads or types the close), else the cash month of the oldest day, whose report does too.
// One statement, prepared once: it runs on every dashboard load.
import { businessDate } from '@bottega/contracts/dates';
import { salesFeedQuerySchema } from '@bottega/contracts/sales';
import { and, count, eq, gte, lt, min, sql } from 'drizzle-orm';
import { preparedPerDatabase } from '../../platform/db';
import type { TodoProvider } from '../../platform/todos';
import { salesDays } from './sales.schema';
import { withoutFiscalClose } from './sales.service';

const dayMs = 86_400_000;
/** The sales feed page's window (its query's default). */
const feedDays = salesFeedQuerySchema.parse({}).days;

/** The shop's days from `from` to before `today` without their fiscal close: how many and the oldest. */
const fiscalClosesMissingStatement = preparedPerDatabase((db) =>
  db
    .select({ count: count(), oldest: min(salesDays.businessDate) })
    .from(salesDays)
    .where(
      and(
        eq(salesDays.shopId, sql.placeholder('shopId')),
        gte(salesDays.businessDate, sql.placeholder('from')),
        lt(salesDays.businessDate, sql.placeholder('today')),
        withoutFiscalClose,
      ),
    )
    .prepare('todo_fiscalClosesMissing'),
);

export const fiscalClosesMissingTodo: TodoProvider = {
  key: 'fiscalClosesMissing',
  ability: 'shops.cashRegister.dailyClose',
  async count({ db, session, shopId, now, today }) {
    const [row] = await fiscalClosesMissingStatement(db).execute({
      shopId,
      from: businessDate(new Date(now.getTime() - feedDays * dayMs)),
      today,
    });
    if (!row?.count || !row.oldest) return null;
    const seesFeed = session.isAdmin || session.abilities.has('shops.manage.view');
    const link = seesFeed
      ? `/app/shops/${shopId}/sales-feed`
      : `/app/shop/cashRegister?month=${row.oldest.slice(0, 7)}`;
    return { count: row.count, oldest: row.oldest, link };
  },
};
