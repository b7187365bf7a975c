// Cash to deposit (spec §2 Accountancy › shops/cashToDeposit and shops/cashToDeposit/{businessID}/{date}): per shop,
// the cash the closed daily reports took less the deposits recorded, as a running balance with how long the oldest
// cash has been waiting. The report's daily cash is already net of the till expenses paid that day
// (contracts/cash-register.ts weeklyCashDifference), so expenses are shown beside it and never taken off twice.

import type { CashReportStatus } from '@bottega/contracts/cash-register';
import { addDays, businessDate, monthDays } from '@bottega/contracts/dates';
import type {
  CashToDepositDay,
  CashToDepositDayDetail,
  CashToDepositDays,
  CashToDepositPage,
  CashToDepositShop,
} from '@bottega/contracts/deposits';
import { runCashToDeposit } from '@bottega/contracts/deposits';
import { and, asc, eq, inArray, type SQL, type SQLWrapper, sql } from 'drizzle-orm';
import { shopsInScope } from '../../platform/access';
import { type Database, type Executor, preparedPerDatabase } from '../../platform/db';
import type { SessionContext } from '../../platform/sessions';
import { cashReports } from '../cash-register/cash-register.schema';
import { expenseAuthorisations, expenses } from '../expenses/expenses.schema';
import { shops } from '../shops/shops.schema';
import { loadVisibleShop } from '../shops/shops.service';
import { depositsOfDay } from './deposits.service';

const dayMs = 86_400_000;

function daysBetween(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / dayMs);
}

type ShopFigures = {
  shopId: number;
  shopCode: string;
  shopName: string;
  balanceCents: number;
  waitingSince: string | null;
  lastDepositDate: string | null;
};

/**
 * The balance of each shop at the end of `date`, in one statement: the closed reports' cash and the deposits up to
 * that day, and the day the oldest cash still waiting came in. Deposits pay off the oldest cash first, so that day is
 * the latest one from which the cash taken up to `date` covers the balance (a running sum backwards, per shop).
 * `date` may be a placeholder, for the prepared one-shop statement.
 */
function figuresQuery(shopCondition: SQL, date: string | SQLWrapper): SQL {
  return sql`
    WITH chosen AS (
      SELECT ${shops.id} AS shop_id, ${shops.code} AS code, ${shops.name} AS name FROM ${shops} WHERE ${shopCondition}
    ),
    cash AS (
      SELECT shop_id, business_date, daily_cash_cents,
        sum(daily_cash_cents) OVER (PARTITION BY shop_id ORDER BY business_date DESC) AS since
      FROM cash_reports
      WHERE status = 'closed' AND business_date <= ${date} AND daily_cash_cents > 0
        AND shop_id IN (SELECT shop_id FROM chosen)
    ),
    cash_totals AS (
      SELECT shop_id, sum(daily_cash_cents) AS cents FROM cash_reports
      WHERE status = 'closed' AND business_date <= ${date} AND shop_id IN (SELECT shop_id FROM chosen)
      GROUP BY shop_id
    ),
    deposit_totals AS (
      SELECT shop_id, sum(amount_cents) AS cents, max(date) AS last_date FROM deposits
      WHERE date <= ${date} AND shop_id IN (SELECT shop_id FROM chosen)
      GROUP BY shop_id
    ),
    balances AS (
      SELECT chosen.shop_id, chosen.code, chosen.name,
        coalesce(cash_totals.cents, 0) - coalesce(deposit_totals.cents, 0) AS balance,
        deposit_totals.last_date
      FROM chosen
      LEFT JOIN cash_totals ON cash_totals.shop_id = chosen.shop_id
      LEFT JOIN deposit_totals ON deposit_totals.shop_id = chosen.shop_id
    )
    SELECT balances.shop_id AS "shopId", balances.code AS "shopCode", balances.name AS "shopName",
      balances.balance::bigint AS "balanceCents", balances.last_date::text AS "lastDepositDate",
      (SELECT max(cash.business_date)::text FROM cash
        WHERE cash.shop_id = balances.shop_id AND cash.since >= balances.balance) AS "waitingSince"
    FROM balances`;
}

function toFigures(row: Record<string, unknown>): ShopFigures {
  const balanceCents = Number(row.balanceCents);
  return {
    shopId: Number(row.shopId),
    shopCode: String(row.shopCode),
    shopName: String(row.shopName),
    balanceCents,
    waitingSince: balanceCents > 0 ? ((row.waitingSince as string | null) ?? null) : null,
    lastDepositDate: (row.lastDepositDate as string | null) ?? null,
  };
}

async function shopFigures(db: Executor, shopCondition: SQL | undefined, date: string): Promise<ShopFigures[]> {
  const answer = await db.execute(figuresQuery(shopCondition ?? sql`true`, date));
  return (answer as unknown as { rows: Record<string, unknown>[] }).rows.map(toFigures);
}

/**
 * One shop's figures, prepared (the dashboard's to-do asks on every load): figuresQuery for the placeholders `shopId`
 * and `date`, read as a subquery since only a select can be prepared.
 */
const oneShopFiguresStatement = preparedPerDatabase((db) => {
  const column = (name: keyof ShopFigures) => sql<unknown>`figures.${sql.identifier(name)}`;
  return db
    .select({
      shopId: column('shopId'),
      shopCode: column('shopCode'),
      shopName: column('shopName'),
      balanceCents: column('balanceCents'),
      lastDepositDate: column('lastDepositDate'),
      waitingSince: column('waitingSince'),
    })
    .from(sql`(${figuresQuery(eq(shops.id, sql.placeholder('shopId')), sql.placeholder('date'))}) AS figures`)
    .prepare('todo_cashToDeposit');
});

function toShop(figures: ShopFigures, today: string): CashToDepositShop {
  return {
    ...figures,
    waitingDays: figures.waitingSince ? daysBetween(figures.waitingSince, today) : null,
  };
}

/** The open shops the viewer reaches (and closed ones for those who see them), as a condition. */
function shopCondition(viewer: SessionContext): SQL | undefined | 'none' {
  const scope = shopsInScope(viewer, 'shops');
  if (scope !== 'all' && scope.length === 0) return 'none';
  return and(
    scope === 'all' ? undefined : inArray(shops.id, scope),
    viewer.abilities.has('shops.manage.viewClosed') ? undefined : eq(shops.closed, false),
  );
}

/**
 * The cash still to deposit at the end of `date` of every shop the viewer reaches, by the same statement as the list:
 * the month-end balances (modules/balances) add each shop's cash fund to it.
 */
export async function cashToDepositAt(options: {
  db: Executor;
  viewer: SessionContext;
  date: string;
}): Promise<
  { shopId: number; shopCode: string; shopName: string; balanceCents: number; waitingSince: string | null }[]
> {
  const condition = shopCondition(options.viewer);
  return condition === 'none' ? [] : shopFigures(options.db, condition, options.date);
}

/** One shop's cash still to deposit at the end of `date`, with since when it waits (the dashboard's to-do). */
export async function shopCashWaiting(
  db: Executor,
  shopId: number,
  date: string,
): Promise<{ balanceCents: number; waitingSince: string | null; waitingDays: number | null }> {
  const [figures] = (await oneShopFiguresStatement(db).execute({ shopId, date })).map(toFigures);
  const waitingSince = figures?.waitingSince ?? null;
  return {
    balanceCents: figures?.balanceCents ?? 0,
    waitingSince,
    waitingDays: waitingSince ? daysBetween(waitingSince, date) : null,
  };
}

/** Every shop's cash still to deposit at the end of `date` (today by default), most to deposit first; paged. */
export async function listCashToDeposit(options: {
  db: Database;
  viewer: SessionContext;
  date?: string;
  page: number;
  perPage: number;
  now: Date;
}): Promise<CashToDepositPage> {
  const today = businessDate(options.now);
  const date = options.date && options.date < today ? options.date : today;
  const condition = shopCondition(options.viewer);
  const figures = condition === 'none' ? [] : await shopFigures(options.db, condition, date);
  figures.sort((a, b) => b.balanceCents - a.balanceCents || a.shopName.localeCompare(b.shopName, 'it'));
  const start = (options.page - 1) * options.perPage;
  return {
    data: figures.slice(start, start + options.perPage).map((shop) => toShop(shop, date)),
    meta: { page: options.page, perPage: options.perPage, total: figures.length },
    totals: {
      balanceCents: figures.reduce((total, shop) => total + shop.balanceCents, 0),
      waitingShops: figures.filter((shop) => shop.balanceCents > 0).length,
    },
    date,
  };
}

/** Per day of the closed reports' cash, their expenses and the deposits of one shop, from `from` to `to`. */
async function dayFigures(db: Executor, shopId: number, from: string, to: string) {
  const answer = await db.execute(sql`
    SELECT day::date::text AS date, report.status, CASE WHEN report.status = 'closed' THEN report.cash END AS cash,
      (SELECT coalesce(sum(e.amount_cents), 0) FROM expenses e JOIN cash_reports r ON r.id = e.report_id
        WHERE r.shop_id = ${shopId} AND r.business_date = day::date) AS expenses,
      (SELECT coalesce(sum(d.amount_cents), 0) FROM deposits d WHERE d.shop_id = ${shopId} AND d.date = day::date)
        AS deposits
    FROM generate_series(${from}::date, ${to}::date, interval '1 day') AS day
    LEFT JOIN LATERAL (
      SELECT status, daily_cash_cents AS cash FROM cash_reports r WHERE r.shop_id = ${shopId} AND r.business_date = day::date
    ) AS report ON true
    ORDER BY day`);
  return (answer as unknown as { rows: Record<string, unknown>[] }).rows.map((row) => ({
    date: String(row.date),
    reportStatus: (row.status as CashReportStatus | null) ?? null,
    cashCents: row.cash === null ? null : Number(row.cash),
    expensesCents: Number(row.expenses),
    depositsCents: Number(row.deposits),
  }));
}

/** One shop's month, day by day, with the balance carried in and the running balance (up to today). */
export async function getShopCashToDeposit(options: {
  db: Database;
  viewer: SessionContext;
  shopId: number;
  month: string;
  now: Date;
}): Promise<CashToDepositDays> {
  const { db, viewer, shopId, month } = options;
  await loadVisibleShop(db, viewer, shopId);
  const today = businessDate(options.now);
  const { from, to: monthEnd } = monthDays(month);
  // Up to today: the days to come have no cash yet.
  const to = [monthEnd, today].sort()[0] as string;
  const [closing] = await shopFigures(db, eq(shops.id, shopId), to < from ? addDays(from, -1) : to);
  const statement = await shopCashStatement(db, shopId, from, to);
  return {
    shop: toShop(closing as ShopFigures, to < from ? addDays(from, -1) : to),
    month,
    openingCents: statement.openingCents,
    days: statement.days,
  };
}

/**
 * One shop's cash statement from `from` to `to` (no days when `to` is before `from`): the balance carried in and, day
 * by day, the closed reports' cash, the expenses, the deposits and the running balance. The cash to deposit screen
 * and the first note (modules/reports) both read it, so the two never disagree.
 */
export async function shopCashStatement(
  db: Executor,
  shopId: number,
  from: string,
  to: string,
): Promise<{ openingCents: number; days: CashToDepositDay[] }> {
  const [opening] = await shopFigures(db, eq(shops.id, shopId), addDays(from, -1));
  const figures = to < from ? [] : await dayFigures(db, shopId, from, to);
  const { balances } = runCashToDeposit({
    openingCents: opening?.balanceCents ?? 0,
    openingSince: opening?.waitingSince ?? null,
    days: figures.map((day) => ({ ...day, cashCents: day.cashCents ?? 0 })),
  });
  return {
    openingCents: opening?.balanceCents ?? 0,
    days: figures.map((day, index) => ({ ...day, balanceCents: balances[index] ?? 0 })),
  };
}

/** The figures behind one day's balance: the report, its expenses, the deposits, and the balance before and after. */
export async function getCashToDepositDay(options: {
  db: Database;
  viewer: SessionContext;
  shopId: number;
  date: string;
}): Promise<CashToDepositDayDetail> {
  const { db, viewer, shopId, date } = options;
  const shop = await loadVisibleShop(db, viewer, shopId);
  const [report] = await db
    .select({
      id: cashReports.id,
      status: cashReports.status,
      totalCents: cashReports.totalCents,
      posCents: cashReports.posSubtotalCents,
      dailyCashCents: cashReports.dailyCashCents,
      cashFundCents: cashReports.cashFundCents,
    })
    .from(cashReports)
    .where(and(eq(cashReports.shopId, shopId), eq(cashReports.businessDate, date)));
  const dayExpenses = report
    ? await db
        .select({ id: expenses.id, description: expenseAuthorisations.description, amountCents: expenses.amountCents })
        .from(expenses)
        .innerJoin(expenseAuthorisations, eq(expenseAuthorisations.id, expenses.authorisationId))
        .where(eq(expenses.reportId, report.id))
        .orderBy(asc(expenses.id))
    : [];
  const [before] = await shopFigures(db, eq(shops.id, shopId), addDays(date, -1));
  const dayDeposits = await depositsOfDay(db, shopId, date);
  const openingCents = before?.balanceCents ?? 0;
  // The day's own figures move the balance carried in: its closed cash in, its deposits out.
  const cashCents = report?.status === 'closed' ? (report.dailyCashCents ?? 0) : 0;
  const depositedCents = dayDeposits.reduce((total, deposit) => total + deposit.amountCents, 0);
  return {
    shop: { id: shop.id, code: shop.code, name: shop.name },
    date,
    report: report ?? null,
    expenses: dayExpenses,
    deposits: dayDeposits,
    openingCents,
    balanceCents: openingCents + cashCents - depositedCents,
  };
}
