// The weekly cash of a shop (issue 8, spec §5 "filled only on Sunday evening, after all days are closed"): the
// sums of the week's closed daily reports, the fund left in the till and the deposits recorded for the week's days
// (issue 21: taken from the deposits, no longer typed), filled
// once per shop and ISO week from the week's Sunday at 18:00 (Rome) when every day with sales is closed. Until
// then the week shows live sums and why it cannot be filled; once filled it keeps the sums as they were.

import {
  isWeeklyCashDayOpen,
  type WeeklyCash,
  type WeeklyCashBlock,
  type WeeklyCashDay,
  type WeeklyCashListItem,
  weeklyCashDifference,
  weeklyCashNeedsNote,
  weeklyCashOpensAtHour,
} from '@bottega/contracts/cash-register';
import { businessDate, isoWeekDays, isoWeekOf } from '@bottega/contracts/dates';
import { formatMoney } from '@bottega/contracts/money';
import { and, asc, between, count, desc, eq, inArray, min, sql, sum } from 'drizzle-orm';
import { romeWallInstant } from '../../integrations/fiscal-printer/epson-fiscal-printer';
import { assertShopInScope, shopsInScope } from '../../platform/access';
import { writeAudit } from '../../platform/audit';
import type { Database, Executor } from '../../platform/db';
import { AppError } from '../../platform/errors';
import type { SessionContext } from '../../platform/sessions';
import { deposits } from '../deposits/deposits.schema';
import { users } from '../employees/employees.schema';
import { expenses } from '../expenses/expenses.schema';
import { salesDays } from '../sales/sales.schema';
import { shops } from '../shops/shops.schema';
import { loadVisibleShop } from '../shops/shops.service';
import { cashReports, weeklyCash } from './cash-register.schema';

/** The audit log's entity name of a filled weekly cash (its id is the entity id). */
export const weeklyCashAuditEntity = 'weeklyCash';

const dayMs = 86_400_000;
const personName = sql<string>`${users.name} || ' ' || ${users.surname}`;

/** The instant the week can be filled from: its Sunday at 18:00 in Rome, with the offset in force then (DST). */
export function weeklyCashOpensAt(week: string): string {
  const sunday = isoWeekDays(week)[6] as string;
  return romeWallInstant(sunday, `${String(weeklyCashOpensAtHour).padStart(2, '0')}:00`) as string;
}

/** 2026-11-22T18:00:00+01:00 → 22/11/2026 18:00, the Italian wall time the message shows. */
function wallTimeText(instant: string): string {
  const [date = '', time = ''] = instant.split('T');
  const [year, month, day] = date.split('-');
  return `${day}/${month}/${year} ${time.slice(0, 5)}`;
}

/** 2026-11-21 → 21/11. */
function dayMonthText(date: string): string {
  const [, month, day] = date.split('-');
  return `${day}/${month}`;
}

function mondayOf(week: string): number {
  return Date.parse(`${isoWeekDays(week)[0]}T00:00:00Z`);
}

/** The week `weeksBack` weeks before `week`. */
function weekBefore(week: string, weeksBack: number): string {
  return isoWeekOf(new Date(mondayOf(week) - weeksBack * 7 * dayMs).toISOString().slice(0, 10));
}

const tableColumns = {
  id: weeklyCash.id,
  shopId: weeklyCash.shopId,
  week: weeklyCash.week,
  totalCents: weeklyCash.totalCents,
  posCents: weeklyCash.posCents,
  dailyCashCents: weeklyCash.dailyCashCents,
  expensesCents: weeklyCash.expensesCents,
  cashFundCents: weeklyCash.cashFundCents,
  depositsCents: weeklyCash.depositsCents,
  differenceCents: weeklyCash.differenceCents,
  comments: weeklyCash.comments,
  filledBy: weeklyCash.filledBy,
  filledAt: weeklyCash.filledAt,
};

type StoredWeek = typeof weeklyCash.$inferSelect & { filledByName: string | null };

/** Why a week cannot be filled now, in this order: already filled, too early, days not closed; null when it can. */
function blockOf(options: {
  days: WeeklyCashDay[];
  stored: boolean;
  opensAt: string;
  now: Date;
}): WeeklyCashBlock | null {
  if (options.stored) return 'filled';
  if (options.now.getTime() < Date.parse(options.opensAt)) return 'beforeSundayEvening';
  if (options.days.some((day) => isWeeklyCashDayOpen(day.status))) return 'daysNotClosed';
  return null;
}

/**
 * Some weeks of one shop with their days, sums and filled values, from four set-based queries over the weeks'
 * span (a page of the list is at most 100 weeks): the reports, the days with sales, the closed reports'
 * expenses and the filled weeks.
 */
async function readWeeks(options: {
  db: Executor;
  shopId: number;
  shopName: string;
  weeks: string[];
  now: Date;
}): Promise<WeeklyCash[]> {
  const { db, shopId, weeks } = options;
  if (weeks.length === 0) return [];
  const sorted = [...weeks].sort();
  const from = isoWeekDays(sorted[0] as string)[0] as string;
  const to = isoWeekDays(sorted[sorted.length - 1] as string)[6] as string;

  const reports = await db
    .select({
      id: cashReports.id,
      businessDate: cashReports.businessDate,
      status: cashReports.status,
      totalCents: cashReports.totalCents,
      posCents: cashReports.posSubtotalCents,
      dailyCashCents: cashReports.dailyCashCents,
      cashFundCents: cashReports.cashFundCents,
    })
    .from(cashReports)
    .where(and(eq(cashReports.shopId, shopId), between(cashReports.businessDate, from, to)));
  const withSales = await db
    .select({ businessDate: salesDays.businessDate })
    .from(salesDays)
    .where(
      and(
        eq(salesDays.shopId, shopId),
        between(salesDays.businessDate, from, to),
        sql`${salesDays.receiptsCount} + ${salesDays.returnsCount} + ${salesDays.cancelledCount} > 0`,
      ),
    );
  const closedExpenses = await db
    .select({ businessDate: cashReports.businessDate, cents: sum(expenses.amountCents).mapWith(Number) })
    .from(expenses)
    .innerJoin(cashReports, eq(cashReports.id, expenses.reportId))
    .where(
      and(
        eq(cashReports.shopId, shopId),
        eq(cashReports.status, 'closed'),
        between(cashReports.businessDate, from, to),
      ),
    )
    .groupBy(cashReports.businessDate);
  const recordedDeposits = await db
    .select({ date: deposits.date, cents: sum(deposits.amountCents).mapWith(Number) })
    .from(deposits)
    .where(and(eq(deposits.shopId, shopId), between(deposits.date, from, to)))
    .groupBy(deposits.date);
  const stored: StoredWeek[] = await db
    .select({ ...tableColumns, filledByName: personName })
    .from(weeklyCash)
    .leftJoin(users, eq(users.id, weeklyCash.filledBy))
    .where(and(eq(weeklyCash.shopId, shopId), inArray(weeklyCash.week, weeks)));

  const reportOf = new Map(reports.map((report) => [report.businessDate, report]));
  const salesOn = new Set(withSales.map((row) => row.businessDate));
  const expensesOn = new Map(closedExpenses.map((row) => [row.businessDate, row.cents ?? 0]));
  const depositedOn = new Map(recordedDeposits.map((row) => [row.date, row.cents ?? 0]));
  const storedOf = new Map(stored.map((row) => [row.week, row]));

  return weeks.map((week) => {
    const days: WeeklyCashDay[] = isoWeekDays(week).map((date) => {
      const report = reportOf.get(date);
      if (!report) {
        return {
          businessDate: date,
          status: salesOn.has(date) ? 'missing' : 'noSales',
          reportId: null,
          totalCents: 0,
          posCents: 0,
          dailyCashCents: 0,
          cashFundCents: null,
        };
      }
      return {
        businessDate: date,
        status: report.status,
        reportId: report.id,
        totalCents: report.totalCents ?? 0,
        posCents: report.posCents ?? 0,
        dailyCashCents: report.dailyCashCents ?? 0,
        cashFundCents: report.cashFundCents,
      };
    });
    const closed = days.filter((day) => day.status === 'closed');
    const add = (pick: (day: WeeklyCashDay) => number) => closed.reduce((total, day) => total + pick(day), 0);
    const row = storedOf.get(week);
    const opensAt = weeklyCashOpensAt(week);
    const dailyCashCents = row ? row.dailyCashCents : add((day) => day.dailyCashCents);
    const depositsCents = row
      ? row.depositsCents
      : days.reduce((total, day) => total + (depositedOn.get(day.businessDate) ?? 0), 0);
    return {
      shopId,
      shopName: options.shopName,
      week,
      days,
      // Once filled, the week keeps the sums it was filled with: a later correction of a day does not rewrite it.
      totalCents: row ? row.totalCents : add((day) => day.totalCents),
      posCents: row ? row.posCents : add((day) => day.posCents),
      dailyCashCents,
      expensesCents: row ? row.expensesCents : add((day) => expensesOn.get(day.businessDate) ?? 0),
      cashFundCents: row?.cashFundCents ?? null,
      depositsCents,
      differenceCents: row ? row.differenceCents : weeklyCashDifference({ dailyCashCents, depositsCents }),
      comments: row?.comments ?? '',
      filledBy: row?.filledBy ? { id: row.filledBy, name: row.filledByName ?? '' } : null,
      filledAt: row?.filledAt.toISOString() ?? null,
      blockedBy: blockOf({ days, stored: row !== undefined, opensAt, now: options.now }),
      opensAt,
      today: businessDate(options.now),
    };
  });
}

function withoutDays({ days: _days, today: _today, ...item }: WeeklyCash): WeeklyCashListItem {
  return item;
}

type ShopCall = { db: Database; viewer: SessionContext; shopId: number; now: Date };

/**
 * The shop's weeks, newest first: from the current week (business clock) back to the first week the shop had
 * sales or a report; none when it has neither. A page of them with their sums and whether each can be filled.
 */
export async function listShopWeeklyCash(options: ShopCall & { page: number; perPage: number }) {
  const { db, viewer, shopId, page, perPage, now } = options;
  const shop = await loadVisibleShop(db, viewer, shopId);
  const [firstSale] = await db
    .select({ date: min(salesDays.businessDate) })
    .from(salesDays)
    .where(
      and(
        eq(salesDays.shopId, shopId),
        sql`${salesDays.receiptsCount} + ${salesDays.returnsCount} + ${salesDays.cancelledCount} > 0`,
      ),
    );
  const [firstReport] = await db
    .select({ date: min(cashReports.businessDate) })
    .from(cashReports)
    .where(eq(cashReports.shopId, shopId));
  const firsts = [firstSale?.date, firstReport?.date].filter((date): date is string => Boolean(date)).sort();
  const current = isoWeekOf(businessDate(now));
  const meta = { page, perPage, total: 0 };
  if (firsts.length === 0) return { data: [], meta };
  const firstWeek = isoWeekOf(firsts[0] as string);
  // A first day after today (data sent ahead of the clock) still shows the current week.
  const total = Math.max(1, Math.round((mondayOf(current) - mondayOf(firstWeek)) / (7 * dayMs)) + 1);
  const start = (page - 1) * perPage;
  const weeks = Array.from({ length: Math.max(0, Math.min(perPage, total - start)) }, (_, index) =>
    weekBefore(current, start + index),
  );
  const data = await readWeeks({ db, shopId, shopName: shop.name, weeks, now });
  return { data: data.map(withoutDays), meta: { ...meta, total } };
}

/** One week of the shop with its seven days, its sums and why it cannot be filled (null when it can). */
export async function getShopWeeklyCash(options: ShopCall & { week: string }): Promise<WeeklyCash> {
  const { db, viewer, shopId, week, now } = options;
  const shop = await loadVisibleShop(db, viewer, shopId);
  const [result] = await readWeeks({ db, shopId, shopName: shop.name, weeks: [week], now });
  return result as WeeklyCash;
}

/**
 * Fills the week: refused while it is too early (before its Sunday at 18:00, Rome), while a day with sales or a
 * report is not closed, and once it is filled. Stores the closed days' sums as they are now with the fund, the
 * recorded deposits of the week and the difference (weeklyCashDifference). The week's reports are locked meanwhile, so a correction
 * cannot change a day between the check and the snapshot; two people filling at once meet on the unique index.
 */
export async function fillWeeklyCash(
  options: ShopCall & {
    week: string;
    body: { cashFundCents: number; comments: string };
    ip?: string;
  },
): Promise<WeeklyCash> {
  const { db, viewer, shopId, week, body, now } = options;
  return db.transaction(async (tx) => {
    const shop = await loadVisibleShop(tx, viewer, shopId);
    const days = isoWeekDays(week);
    await tx
      .select({ id: cashReports.id })
      .from(cashReports)
      .where(
        and(eq(cashReports.shopId, shopId), between(cashReports.businessDate, days[0] as string, days[6] as string)),
      )
      .for('update');
    const [current] = await readWeeks({ db: tx, shopId, shopName: shop.name, weeks: [week], now });
    const state = current as WeeklyCash;
    if (state.blockedBy === 'filled') throw new AppError('weeklyCashFilled');
    if (state.blockedBy === 'beforeSundayEvening') {
      throw new AppError('weeklyCashTooEarly', { opensAt: wallTimeText(state.opensAt) });
    }
    if (state.blockedBy === 'daysNotClosed') {
      const open = state.days.filter((day) => isWeeklyCashDayOpen(day.status));
      throw new AppError('weeklyCashDaysOpen', { days: open.map((day) => dayMonthText(day.businessDate)).join(', ') });
    }
    // The deposits are those recorded for the week's days (shop/deposit/add), read while the reports are locked.
    const { depositsCents, differenceCents } = state;
    // Deposits that do not match the week's cash are explained, or the week is not filled (it never changes after).
    if (weeklyCashNeedsNote({ differenceCents, comments: body.comments })) {
      throw new AppError(
        'weeklyCashNoteRequired',
        { difference: formatMoney(differenceCents) },
        { comments: [{ rule: 'required' }] },
      );
    }
    const [created] = await tx
      .insert(weeklyCash)
      .values({
        shopId,
        week,
        totalCents: state.totalCents,
        posCents: state.posCents,
        dailyCashCents: state.dailyCashCents,
        expensesCents: state.expensesCents,
        cashFundCents: body.cashFundCents,
        depositsCents,
        differenceCents,
        comments: body.comments,
        filledBy: viewer.userId,
        filledAt: now,
      })
      .onConflictDoNothing({ target: [weeklyCash.shopId, weeklyCash.week] })
      .returning({ id: weeklyCash.id });
    if (!created) throw new AppError('weeklyCashFilled');
    await writeAudit(tx, {
      actorId: viewer.userId,
      action: 'weeklyCash.filled',
      entity: weeklyCashAuditEntity,
      entityId: created.id,
      fromState: null,
      toState: 'filled',
      data: {
        shopId,
        week,
        totalCents: state.totalCents,
        posCents: state.posCents,
        dailyCashCents: state.dailyCashCents,
        expensesCents: state.expensesCents,
        cashFundCents: body.cashFundCents,
        depositsCents,
        differenceCents,
        comments: body.comments,
      },
      ip: options.ip,
    });
    const [filled] = await readWeeks({ db: tx, shopId, shopName: shop.name, weeks: [week], now });
    return filled as WeeklyCash;
  });
}

/** Whether the shop's weekly cash of `week` is filled (for the daily report's "previous week pending", §5). */
export async function isWeeklyCashFilled(options: { db: Executor; shopId: number; week: string }): Promise<boolean> {
  const [row] = await options.db
    .select({ id: weeklyCash.id })
    .from(weeklyCash)
    .where(and(eq(weeklyCash.shopId, options.shopId), eq(weeklyCash.week, options.week)));
  return row !== undefined;
}

/**
 * The filled weekly cash of every shop the viewer may see (all of them for admins and "view all" holders, their
 * own otherwise), or of one of them; newest week first, then by shop name. Another shop answers 404.
 */
export async function listFilledWeeklyCash(options: {
  db: Database;
  viewer: SessionContext;
  shopId?: number;
  page: number;
  perPage: number;
}): Promise<{ data: WeeklyCashListItem[]; meta: { page: number; perPage: number; total: number } }> {
  const { db, viewer, page, perPage } = options;
  if (options.shopId !== undefined) assertShopInScope(viewer, 'shops', options.shopId);
  const scope = shopsInScope(viewer, 'shops');
  const meta = { page, perPage, total: 0 };
  if (scope !== 'all' && scope.length === 0) return { data: [], meta };
  const where = and(
    scope === 'all' ? undefined : inArray(weeklyCash.shopId, scope),
    options.shopId === undefined ? undefined : eq(weeklyCash.shopId, options.shopId),
  );
  const rows = await db
    .select({ ...tableColumns, filledByName: personName, shopName: shops.name })
    .from(weeklyCash)
    .innerJoin(shops, eq(shops.id, weeklyCash.shopId))
    .leftJoin(users, eq(users.id, weeklyCash.filledBy))
    .where(where)
    .orderBy(desc(weeklyCash.week), asc(shops.name), asc(weeklyCash.id))
    .limit(perPage)
    .offset((page - 1) * perPage);
  const [counted] = await db.select({ value: count() }).from(weeklyCash).where(where);
  const data = rows.map(
    (row): WeeklyCashListItem => ({
      shopId: row.shopId,
      shopName: row.shopName,
      week: row.week,
      totalCents: row.totalCents,
      posCents: row.posCents,
      dailyCashCents: row.dailyCashCents,
      expensesCents: row.expensesCents,
      cashFundCents: row.cashFundCents,
      depositsCents: row.depositsCents,
      differenceCents: row.differenceCents,
      comments: row.comments,
      filledBy: row.filledBy ? { id: row.filledBy, name: row.filledByName } : null,
      filledAt: row.filledAt.toISOString(),
      blockedBy: 'filled',
      opensAt: weeklyCashOpensAt(row.week),
    }),
  );
  return { data, meta: { ...meta, total: counted?.value ?? 0 } };
}
