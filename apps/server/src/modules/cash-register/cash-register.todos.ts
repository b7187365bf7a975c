// The cash register's to-dos on the dashboard (issue 17, platform/todos.ts): a colleague's partial confirmation
// waiting for this person, the chosen shop's days to count and close, its weekly cash to fill once the week's
// Sunday evening has come, and the days left unclosed across the shops the person sees. Each is one indexed query
// answering the count and the oldest, prepared once (they run on every dashboard load); the link opens the oldest one
// (or the list that holds them).
import { isoWeekDays, isoWeekOf, previousIsoWeek } from '@bottega/contracts/dates';
import { and, asc, eq, isNull, lte, ne, or, sql } from 'drizzle-orm';
import { preparedPerDatabase } from '../../platform/db';
import type { TodoProvider } from '../../platform/todos';
import { salesDays } from '../sales/sales.schema';
import { cashReports, weeklyCash } from './cash-register.schema';
import { countUnclosedDays } from './cash-register.service';
import { weeklyCashOpensAt } from './weekly-cash.service';

const reportPath = (reportId: number) => `/app/shop/cashRegister/${reportId}/edit`;
/** The count of every row the query matched, read beside its first row. */
const matched = sql<number>`count(*) over ()`.mapWith(Number);

const secondConfirmationStatement = preparedPerDatabase((db) =>
  db
    .select({ id: cashReports.id, businessDate: cashReports.businessDate, count: matched })
    .from(cashReports)
    .where(
      and(
        eq(cashReports.status, 'partial'),
        sql`${cashReports.shopId} = any(${sql.placeholder('shopIds')}::int[])`,
        or(isNull(cashReports.partialBy), ne(cashReports.partialBy, sql.placeholder('userId'))),
      ),
    )
    .orderBy(asc(cashReports.businessDate), asc(cashReports.id))
    .limit(1)
    .prepare('todo_cashDaySecondConfirmation'),
);

/** Days of the person's shops partially confirmed by someone else: they are the second person the day waits for. */
export const cashDaySecondConfirmationTodo: TodoProvider = {
  key: 'cashDaySecondConfirmation',
  ability: 'shops.cashRegister.close',
  async count({ db, session }) {
    if (session.shopIds.length === 0) return null;
    const [oldest] = await secondConfirmationStatement(db).execute({
      shopIds: session.shopIds,
      userId: session.userId,
    });
    return oldest ? { count: oldest.count, oldest: oldest.businessDate, link: reportPath(oldest.id) } : null;
  },
};

const dayToCloseStatement = preparedPerDatabase((db) =>
  db
    .select({ businessDate: salesDays.businessDate, reportId: cashReports.id, count: matched })
    .from(salesDays)
    .leftJoin(
      cashReports,
      and(eq(cashReports.shopId, salesDays.shopId), eq(cashReports.businessDate, salesDays.businessDate)),
    )
    .where(
      and(
        eq(salesDays.shopId, sql.placeholder('shopId')),
        lte(salesDays.businessDate, sql.placeholder('today')),
        or(isNull(cashReports.id), eq(cashReports.status, 'open')),
      ),
    )
    .orderBy(asc(salesDays.businessDate))
    .limit(1)
    .prepare('todo_cashDayToClose'),
);

/**
 * The chosen shop's days up to today with sales and no report yet or one still in progress (a partially confirmed
 * day waits for a colleague instead): today's till too, which is counted every evening.
 */
export const cashDayToCloseTodo: TodoProvider = {
  key: 'cashDayToClose',
  ability: 'shops.cashRegister.dailyClose',
  async count({ db, shopId, today }) {
    const [oldest] = await dayToCloseStatement(db).execute({ shopId, today });
    if (!oldest) return null;
    const link =
      oldest.reportId === null
        ? `/app/shop/cashRegister?month=${oldest.businessDate.slice(0, 7)}`
        : reportPath(oldest.reportId);
    return { count: oldest.count, oldest: oldest.businessDate, link };
  },
};

const isoWeekSql = sql<string>`to_char(${salesDays.businessDate}, 'IYYY-"W"IW')`;

/** The oldest week with sales and no weekly cash, up to the day `lastDay` (the last fillable week's Sunday). */
const weeklyCashToFillStatement = preparedPerDatabase((db) =>
  db
    .select({ week: isoWeekSql, firstDay: sql<string>`min(${salesDays.businessDate})`, count: matched })
    .from(salesDays)
    .where(
      and(
        eq(salesDays.shopId, sql.placeholder('shopId')),
        lte(salesDays.businessDate, sql.placeholder('lastDay')),
        sql`${salesDays.receiptsCount} + ${salesDays.returnsCount} + ${salesDays.cancelledCount} > 0`,
        sql`not exists (select 1 from ${weeklyCash} where ${weeklyCash.shopId} = ${salesDays.shopId} and ${weeklyCash.week} = ${isoWeekSql})`,
      ),
    )
    .groupBy(isoWeekSql)
    .orderBy(asc(isoWeekSql))
    .limit(1)
    .prepare('todo_weeklyCashToFill'),
);

/**
 * The chosen shop's weeks with sales whose weekly cash is not filled, once each may be (§5, weeklyCashOpensAt: its
 * Sunday at 18:00 on the business clock); the link opens the oldest, which is filled first.
 */
export const weeklyCashToFillTodo: TodoProvider = {
  key: 'weeklyCashToFill',
  ability: 'shops.cashRegister.closeWeekly',
  async count({ db, shopId, now, today }) {
    const current = isoWeekOf(today);
    const lastFillable = now.getTime() >= Date.parse(weeklyCashOpensAt(current)) ? current : previousIsoWeek(current);
    const [oldest] = await weeklyCashToFillStatement(db).execute({
      shopId,
      lastDay: isoWeekDays(lastFillable)[6] as string,
    });
    if (!oldest) return null;
    return {
      count: oldest.count,
      oldest: oldest.firstDay,
      link: `/app/shops/weekly-cash/create/${oldest.week}`,
    };
  },
};

/** The days before today left unclosed in every shop the person sees (Negozio › Giorni non chiusi). */
export const cashDaysUnclosedTodo: TodoProvider = {
  key: 'cashDaysUnclosed',
  ability: 'shops.cashRegister.viewUnclosed',
  async count({ db, session, today }) {
    const { count, oldest } = await countUnclosedDays({ db, viewer: session, today });
    return count > 0 ? { count, oldest, link: '/app/shop/cashRegister/unclosed' } : null;
  },
};
