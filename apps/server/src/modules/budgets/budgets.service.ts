// Budgets (issue 23, spec §2 shop/manage/budget and …/convalidate, §4 Budget, §8 "budget already sent"): a shop's month
// read with last year beside it (the same calendar month for the totals and the shape, the same ISO weekday 364 days
// earlier for each day, all from the kept per-day sales totals), saved (spread over the open days, or as the days were
// typed), sent to the shop's staff by notification and confirmed by them — each move through the contracts'
// transition table, audited. Progress reads the kept per-day totals too, never the receipts.
import {
  type BudgetBody,
  type BudgetMonth,
  type BudgetMonthState,
  type BudgetProgress,
  type BudgetShop,
  budgetPercent,
  nextBudgetState,
  receiptAverages,
  spreadBudget,
  weekdayShape,
} from '@bottega/contracts/budgets';
import { addDays, businessDate, isoWeekday, monthDates, monthDays, shiftMonth } from '@bottega/contracts/dates';
import { and, asc, eq, gte, inArray, lte, sql } from 'drizzle-orm';
import { shopsInScope } from '../../platform/access';
import { writeAudit } from '../../platform/audit';
import { type Database, type Executor, readTogether } from '../../platform/db';
import { AppError } from '../../platform/errors';
import { notify } from '../../platform/notify';
import type { SessionContext } from '../../platform/sessions';
import { users } from '../employees/employees.schema';
import { salesDays } from '../sales/sales.schema';
import { shopClosureDays, shops, shopWorkingHours } from '../shops/shops.schema';
import { budgetDays, budgets } from './budgets.schema';

export const budgetAuditEntity = 'budget';

type Call = { db: Database; viewer: SessionContext; now: Date };
type Shop = { id: number; code: string; name: string };
type BudgetRow = typeof budgets.$inferSelect;

/** Monday compares with Monday: the same ISO weekday 52 weeks earlier. */
const lastYearDate = (date: string) => addDays(date, -364);

/**
 * The shops asked for: one (another shop, or one that does not exist, answers 404) or every shop the viewer reaches
 * (open ones only when they see them all).
 */
async function shopsAsked(db: Executor, viewer: SessionContext, shopId?: number): Promise<Shop[]> {
  const scope = shopsInScope(viewer, 'shops');
  if (shopId !== undefined && scope !== 'all' && !scope.includes(shopId)) throw new AppError('notFound');
  const ids = shopId !== undefined ? [shopId] : scope;
  if (ids !== 'all' && ids.length === 0) return [];
  const rows = await db
    .select({ id: shops.id, code: shops.code, name: shops.name })
    .from(shops)
    .where(ids === 'all' ? eq(shops.closed, false) : inArray(shops.id, ids))
    .orderBy(asc(shops.code));
  if (shopId !== undefined && rows.length === 0) throw new AppError('notFound');
  return rows;
}

/**
 * Which days of the month the shop opens: a weekday with working hours, not a closure day, not after it closed for
 * good. A shop with no working hours at all has not been given them yet, so its weekdays count as open (like the
 * sales generator, rather than a month without one open day).
 */
export async function openDays(db: Executor, shopId: number, dates: string[]): Promise<Map<string, boolean>> {
  const from = dates[0] as string;
  const to = dates.at(-1) as string;
  const [hours, closures, [shop]] = await readTogether(db, [
    () =>
      db
        .select({ weekday: shopWorkingHours.weekday })
        .from(shopWorkingHours)
        .where(eq(shopWorkingHours.shopId, shopId)),
    () =>
      db
        .select({ day: shopClosureDays.day })
        .from(shopClosureDays)
        .where(and(eq(shopClosureDays.shopId, shopId), gte(shopClosureDays.day, from), lte(shopClosureDays.day, to))),
    () => db.select({ closedOn: shops.closedOn }).from(shops).where(eq(shops.id, shopId)),
  ]);
  const weekdays = new Set(hours.map((row) => row.weekday));
  const closed = new Set(closures.map((row) => row.day));
  const closedOn = shop?.closedOn ?? null;
  return new Map(
    dates.map((date) => {
      const open =
        (weekdays.size === 0 || weekdays.has(isoWeekday(date))) &&
        !closed.has(date) &&
        (closedOn === null || date < closedOn);
      return [date, open];
    }),
  );
}

/** The shops' kept per-day totals between two days, by shop then day. */
async function salesBetween(db: Executor, shopIds: number[], from: string, to: string) {
  const rows =
    shopIds.length === 0 || from > to
      ? []
      : await db
          .select({
            shopId: salesDays.shopId,
            date: salesDays.businessDate,
            takingsCents: salesDays.takingsCents,
            receiptsCount: salesDays.receiptsCount,
            pieces: salesDays.pieces,
          })
          .from(salesDays)
          .where(
            and(inArray(salesDays.shopId, shopIds), gte(salesDays.businessDate, from), lte(salesDays.businessDate, to)),
          );
  const byShop = new Map<number, Map<string, (typeof rows)[number]>>();
  for (const row of rows) {
    const days = byShop.get(row.shopId) ?? new Map();
    days.set(row.date, row);
    byShop.set(row.shopId, days);
  }
  return byShop;
}

/** Last year's same calendar month, summed from the shops' per-day totals in one grouped statement. */
async function lastYearTotals(db: Executor, shopIds: number[], month: string) {
  const lastMonth = shiftMonth(month, -12);
  const { from, to } = monthDays(lastMonth);
  const rows =
    shopIds.length === 0
      ? []
      : await db
          .select({
            shopId: salesDays.shopId,
            takingsCents: sql<number>`coalesce(sum(${salesDays.takingsCents}), 0)`.mapWith(Number),
            receiptsCount: sql<number>`coalesce(sum(${salesDays.receiptsCount}), 0)`.mapWith(Number),
            pieces: sql<number>`coalesce(sum(${salesDays.pieces}), 0)`.mapWith(Number),
          })
          .from(salesDays)
          .where(
            and(inArray(salesDays.shopId, shopIds), gte(salesDays.businessDate, from), lte(salesDays.businessDate, to)),
          )
          .groupBy(salesDays.shopId);
  const empty = { takingsCents: 0, receiptsCount: 0, pieces: 0 };
  const byShop = new Map(rows.map((row) => [row.shopId, row]));
  return (shopId: number) => {
    const figures = byShop.get(shopId) ?? empty;
    return {
      month: lastMonth,
      takingsCents: figures.takingsCents,
      receiptsCount: figures.receiptsCount,
      pieces: figures.pieces,
      ...receiptAverages(figures),
    };
  };
}

/**
 * Takings against the budget for each shop's month: the day (today, or the month's last day once it is over, its
 * first before it starts) and the month up to that day, from the kept per-day totals and the budget's days.
 */
async function progressOf(
  db: Executor,
  shopIds: number[],
  month: string,
  now: Date,
): Promise<Map<number, BudgetProgress>> {
  const { from, to } = monthDays(month);
  const today = businessDate(now);
  // Today held within the month (ISO dates sort as text: the middle one of the three).
  const day = [from, today, to].sort()[1] as string;
  // Nothing has been taken yet in a month still to come.
  const upTo = today < from ? addDays(from, -1) : day;
  const [sales, planned] = await readTogether(db, [
    () =>
      shopIds.length === 0 || upTo < from
        ? []
        : db
            .select({
              shopId: salesDays.shopId,
              dayCents:
                sql<number>`coalesce(sum(${salesDays.takingsCents}) filter (where ${salesDays.businessDate} = ${day}), 0)`.mapWith(
                  Number,
                ),
              toDateCents: sql<number>`coalesce(sum(${salesDays.takingsCents}), 0)`.mapWith(Number),
            })
            .from(salesDays)
            .where(
              and(
                inArray(salesDays.shopId, shopIds),
                gte(salesDays.businessDate, from),
                lte(salesDays.businessDate, upTo),
              ),
            )
            .groupBy(salesDays.shopId),
    () =>
      shopIds.length === 0
        ? []
        : db
            .select({
              shopId: budgets.shopId,
              monthCents: budgets.salesCents,
              dayCents:
                sql<number>`coalesce(sum(${budgetDays.cents}) filter (where ${budgetDays.date} = ${day}), 0)`.mapWith(
                  Number,
                ),
              toDateCents:
                sql<number>`coalesce(sum(${budgetDays.cents}) filter (where ${budgetDays.date} <= ${upTo}), 0)`.mapWith(
                  Number,
                ),
            })
            .from(budgets)
            .innerJoin(budgetDays, eq(budgetDays.budgetId, budgets.id))
            .where(and(inArray(budgets.shopId, shopIds), eq(budgets.month, month)))
            .groupBy(budgets.shopId, budgets.salesCents),
  ]);
  const salesOf = new Map(sales.map((row) => [row.shopId, row]));
  const plannedOf = new Map(planned.map((row) => [row.shopId, row]));
  return new Map(
    shopIds.map((shopId) => [
      shopId,
      {
        today: day,
        todayCents: day <= upTo ? (salesOf.get(shopId)?.dayCents ?? 0) : 0,
        todayBudgetCents: plannedOf.get(shopId)?.dayCents ?? 0,
        monthToDateCents: salesOf.get(shopId)?.toDateCents ?? 0,
        budgetToDateCents: plannedOf.get(shopId)?.toDateCents ?? 0,
        monthBudgetCents: plannedOf.get(shopId)?.monthCents ?? 0,
      },
    ]),
  );
}

async function budgetRow(db: Executor, shopId: number, month: string, options: { lock?: boolean } = {}) {
  const query = db
    .select()
    .from(budgets)
    .where(and(eq(budgets.shopId, shopId), eq(budgets.month, month)));
  const [row] = options.lock ? await query.for('update') : await query;
  return row;
}

/** A shop's month as the screens show it, read within `db` (a transaction's answer sees its own writes). */
async function readMonth(db: Executor, shop: Shop, month: string): Promise<BudgetMonth> {
  const dates = monthDates(month);
  const lastMonth = monthDays(shiftMonth(month, -12));
  // Last year's calendar month and the days 364 days before this month's, read at once.
  const range = [
    lastMonth.from,
    lastMonth.to,
    lastYearDate(dates[0] as string),
    lastYearDate(dates.at(-1) as string),
  ].sort();
  const [row, open, history, lastYear] = await readTogether(db, [
    () => budgetRow(db, shop.id, month),
    () => openDays(db, shop.id, dates),
    () => salesBetween(db, [shop.id], range[0] as string, range[3] as string),
    () => lastYearTotals(db, [shop.id], month),
  ]);
  const days = history.get(shop.id) ?? new Map();
  const [stored, names] = row
    ? await readTogether(db, [
        () =>
          db
            .select({ date: budgetDays.date, cents: budgetDays.cents })
            .from(budgetDays)
            .where(eq(budgetDays.budgetId, row.id)),
        () => namesOf(db, [row.createdBy, row.editedBy, row.sentBy, row.confirmedBy]),
      ])
    : [[], new Map<number, string>()];
  const centsOf = new Map(stored.map((day) => [day.date, day.cents]));
  const byWhom = (id: number | null | undefined, at: Date | null | undefined) =>
    at ? { by: id ? (names.get(id) ?? null) : null, at: at.toISOString() } : null;
  return {
    shopId: shop.id,
    shopCode: shop.code,
    shopName: shop.name,
    month,
    state: row?.state ?? 'none',
    salesCents: row?.salesCents ?? 0,
    averageReceiptCents: row?.averageReceiptCents ?? 0,
    piecesPerReceipt: row?.piecesPerReceipt ?? 0,
    notes: row?.notes ?? '',
    lastYear: lastYear(shop.id),
    shape: shapeOf(days, lastMonth),
    days: dates.map((date) => ({
      date,
      open: open.get(date) ?? true,
      lastYearDate: lastYearDate(date),
      lastYearCents: days.get(lastYearDate(date))?.takingsCents ?? 0,
      cents: centsOf.get(date) ?? 0,
    })),
    created: byWhom(row?.createdBy, row?.createdAt),
    edited: byWhom(row?.editedBy, row?.editedAt),
    sent: byWhom(row?.sentBy, row?.sentAt),
    confirmed: byWhom(row?.confirmedBy, row?.confirmedAt),
  };
}

/** Last year's calendar month's weekday shape. */
function shapeOf(days: Map<string, { takingsCents: number }>, lastMonth: { from: string; to: string }): number[] {
  return weekdayShape(
    [...days.entries()]
      .filter(([date]) => date >= lastMonth.from && date <= lastMonth.to)
      .map(([date, figures]) => ({ date, cents: figures.takingsCents })),
  );
}

async function namesOf(db: Executor, ids: (number | null)[]): Promise<Map<number, string>> {
  const wanted = [...new Set(ids.filter((id): id is number => id !== null))];
  if (wanted.length === 0) return new Map();
  const rows = await db
    .select({ id: users.id, name: sql<string>`${users.name} || ' ' || ${users.surname}` })
    .from(users)
    .where(inArray(users.id, wanted));
  return new Map(rows.map((row) => [row.id, row.name]));
}

export async function getBudgetMonth(options: Call & { shopId: number; month: string }): Promise<BudgetMonth> {
  const [shop] = await shopsAsked(options.db, options.viewer, options.shopId);
  return readMonth(options.db, shop as Shop, options.month);
}

/**
 * Every shop the viewer reaches with its month: state, sales budget, last year's month and progress. At most a few
 * hundred shops, each a handful of kept figures, so they are sorted and paged here once read in three statements.
 */
export async function listBudgets(
  options: Call & { month: string; page: number; perPage: number; sort: 'shop' | 'progress' },
): Promise<{ data: BudgetShop[]; meta: { page: number; perPage: number; total: number } }> {
  const { db, month } = options;
  const shopRows = await shopsAsked(db, options.viewer);
  const ids = shopRows.map((shop) => shop.id);
  const [rows, lastYear, progress] = await readTogether(db, [
    () =>
      ids.length === 0
        ? []
        : db
            .select({ shopId: budgets.shopId, state: budgets.state, salesCents: budgets.salesCents })
            .from(budgets)
            .where(and(eq(budgets.month, month), inArray(budgets.shopId, ids))),
    () => lastYearTotals(db, ids, month),
    () => progressOf(db, ids, month, options.now),
  ]);
  const budgetOf = new Map(rows.map((row) => [row.shopId, row]));
  const all: BudgetShop[] = shopRows.map((shop) => ({
    shopId: shop.id,
    shopCode: shop.code,
    shopName: shop.name,
    state: budgetOf.get(shop.id)?.state ?? 'none',
    salesCents: budgetOf.get(shop.id)?.salesCents ?? 0,
    lastYearCents: lastYear(shop.id).takingsCents,
    progress: progress.get(shop.id) as BudgetProgress,
  }));
  if (options.sort === 'progress') {
    const percent = (row: BudgetShop) =>
      budgetPercent(row.progress.monthToDateCents, row.progress.budgetToDateCents) ?? Number.NEGATIVE_INFINITY;
    all.sort((left, right) => percent(right) - percent(left) || left.shopCode.localeCompare(right.shopCode));
  }
  const start = (options.page - 1) * options.perPage;
  return {
    data: all.slice(start, start + options.perPage),
    meta: { page: options.page, perPage: options.perPage, total: all.length },
  };
}

/** A shop's progress this month (one of the viewer's: another answers 404). */
export async function getBudgetProgress(options: Call & { shopId: number }) {
  await shopsAsked(options.db, options.viewer, options.shopId);
  const month = businessDate(options.now).slice(0, 7);
  const progress = await progressOf(options.db, [options.shopId], month, options.now);
  return { shopId: options.shopId, ...(progress.get(options.shopId) as BudgetProgress) };
}

const sameDays = (left: readonly { date: string; cents: number }[], right: Map<string, number>) =>
  left.length === right.size && left.every((day) => right.get(day.date) === day.cents);

/**
 * Saves a shop's month (created, or edited: a sent or confirmed budget must then be sent and confirmed again). The
 * month total drives unless days are sent (contracts' budgetBodySchema); a save that changes nothing moves nothing.
 */
export async function saveBudget(
  options: Call & { shopId: number; month: string; body: BudgetBody & { notes: string }; ip?: string },
): Promise<BudgetMonth> {
  const { db, viewer, month, body } = options;
  const [shop] = await shopsAsked(db, viewer, options.shopId);
  const dates = monthDates(month);
  if (body.days && (body.days.length !== dates.length || body.days.some((day, index) => day.date !== dates[index])))
    throw new AppError('validation', {}, { days: [{ rule: 'invalid' }] });
  return db.transaction(async (tx) => {
    const row = await budgetRow(tx, options.shopId, month, { lock: true });
    let days = body.days;
    if (!days) {
      const current = await readMonth(tx, shop as Shop, month);
      days = spreadBudget({
        totalCents: body.salesCents ?? 0,
        days: current.days.map((day) => ({ date: day.date, open: day.open })),
        shape: current.shape,
      });
    }
    const salesCents = days.reduce((sum, day) => sum + day.cents, 0);
    const from: BudgetMonthState = row?.state ?? 'none';
    const to = nextBudgetState(from, 'save') as NonNullable<ReturnType<typeof nextBudgetState>>;
    const values = {
      salesCents,
      averageReceiptCents: body.averageReceiptCents,
      piecesPerReceipt: body.piecesPerReceipt,
      notes: body.notes,
    };
    if (row) {
      const storedDays = await tx
        .select({ date: budgetDays.date, cents: budgetDays.cents })
        .from(budgetDays)
        .where(eq(budgetDays.budgetId, row.id));
      const unchanged =
        row.salesCents === values.salesCents &&
        row.averageReceiptCents === values.averageReceiptCents &&
        row.piecesPerReceipt === values.piecesPerReceipt &&
        row.notes === values.notes &&
        sameDays(days, new Map(storedDays.map((day) => [day.date, day.cents])));
      if (unchanged) return readMonth(tx, shop as Shop, month);
    }
    const saved: BudgetRow | undefined = row
      ? (
          await tx
            .update(budgets)
            .set({ ...values, state: to, editedBy: viewer.userId, editedAt: options.now })
            .where(eq(budgets.id, row.id))
            .returning()
        )[0]
      : (
          await tx
            .insert(budgets)
            .values({
              shopId: options.shopId,
              month,
              ...values,
              state: to,
              createdBy: viewer.userId,
              createdAt: options.now,
            })
            .returning()
        )[0];
    const budgetId = (saved as BudgetRow).id;
    await tx.delete(budgetDays).where(eq(budgetDays.budgetId, budgetId));
    await tx.insert(budgetDays).values(days.map((day) => ({ budgetId, date: day.date, cents: day.cents })));
    await writeAudit(tx, {
      actorId: viewer.userId,
      action: row ? 'budget.edited' : 'budget.created',
      entity: budgetAuditEntity,
      entityId: budgetId,
      fromState: from,
      toState: to,
      data: {
        shopId: options.shopId,
        month,
        ...values,
        ...(row ? { before: { salesCents: row.salesCents, averageReceiptCents: row.averageReceiptCents } } : {}),
        daysTyped: body.days !== undefined,
      },
      ip: options.ip,
    });
    return readMonth(tx, shop as Shop, month);
  });
}

/** What the shop's staff are told when a month's budget is sent to them (the month as MM/YYYY). */
export function budgetSentNotice(shop: Shop, month: string) {
  return {
    event: 'budgets.sent',
    shopId: shop.id,
    params: { shop: `${shop.code} · ${shop.name}`, month: `${month.slice(5, 7)}/${month.slice(0, 4)}` },
    link: `/app/shop/manage/budget/convalidate?month=${month}`,
  } as const;
}

/** Sends one budget in the caller's transaction: §8 "budget already sent" when nothing changed since it was. */
async function sendRow(tx: Executor, options: Call & { row: BudgetRow; shop: Shop; ip?: string }) {
  const { row, shop, viewer } = options;
  const to = nextBudgetState(row.state, 'send');
  if (!to) throw new AppError('budgetAlreadySent');
  await tx
    .update(budgets)
    .set({ state: to, sentBy: viewer.userId, sentAt: options.now, confirmedBy: null, confirmedAt: null })
    .where(eq(budgets.id, row.id));
  await writeAudit(tx, {
    actorId: viewer.userId,
    action: 'budget.sent',
    entity: budgetAuditEntity,
    entityId: row.id,
    fromState: row.state,
    toState: to,
    data: { shopId: shop.id, month: row.month, salesCents: row.salesCents },
    ip: options.ip,
  });
  await notify(tx, { ...budgetSentNotice(shop, row.month), actorId: viewer.userId });
}

export async function sendBudget(options: Call & { shopId: number; month: string; ip?: string }): Promise<BudgetMonth> {
  const [shop] = (await shopsAsked(options.db, options.viewer, options.shopId)) as [Shop];
  return options.db.transaction(async (tx) => {
    const row = await budgetRow(tx, shop.id, options.month, { lock: true });
    if (!row) throw new AppError('notFound');
    await sendRow(tx, { ...options, row, shop });
    return readMonth(tx, shop, options.month);
  });
}

/** Sends every budget of the month not sent since its last change, of every shop the viewer reaches. */
export async function sendAllBudgets(options: Call & { month: string; ip?: string }): Promise<number> {
  const shopRows = await shopsAsked(options.db, options.viewer);
  if (shopRows.length === 0) return 0;
  const shopOf = new Map(shopRows.map((shop) => [shop.id, shop]));
  return options.db.transaction(async (tx) => {
    const rows = await tx
      .select()
      .from(budgets)
      .where(
        and(
          eq(budgets.month, options.month),
          inArray(budgets.shopId, [...shopOf.keys()]),
          inArray(budgets.state, ['created', 'edited']),
        ),
      )
      .orderBy(asc(budgets.shopId))
      .for('update');
    for (const row of rows) await sendRow(tx, { ...options, row, shop: shopOf.get(row.shopId) as Shop });
    return rows.length;
  });
}

/** The shop's staff confirm the budget they were sent. */
export async function confirmBudget(
  options: Call & { shopId: number; month: string; ip?: string },
): Promise<BudgetMonth> {
  const [shop] = (await shopsAsked(options.db, options.viewer, options.shopId)) as [Shop];
  return options.db.transaction(async (tx) => {
    const row = await budgetRow(tx, shop.id, options.month, { lock: true });
    if (!row) throw new AppError('notFound');
    const to = nextBudgetState(row.state, 'confirm');
    if (!to) throw new AppError('budgetNotSent');
    await tx
      .update(budgets)
      .set({ state: to, confirmedBy: options.viewer.userId, confirmedAt: options.now })
      .where(eq(budgets.id, row.id));
    await writeAudit(tx, {
      actorId: options.viewer.userId,
      action: 'budget.confirmed',
      entity: budgetAuditEntity,
      entityId: row.id,
      fromState: row.state,
      toState: to,
      data: { shopId: shop.id, month: row.month },
      ip: options.ip,
    });
    return readMonth(tx, shop, options.month);
  });
}

/** What the chosen shop's staff were sent for a month (sent or confirmed), or null: a draft is not theirs to see. */
export async function getSentBudget(options: Call & { shopId: number; month: string }): Promise<BudgetMonth | null> {
  const [shop] = (await shopsAsked(options.db, options.viewer, options.shopId)) as [Shop];
  const month = await readMonth(options.db, shop, options.month);
  return month.state === 'sent' || month.state === 'confirmed' ? month : null;
}
