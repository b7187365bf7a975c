// The daily cash report of a shop (issue 8; spec §3 Cash-register report, §4 Cash report, §5 Cash register, §8):
// every evening the shop's staff enter the day's figures and count the till; the figures must match the system
// register (the sales feed's day), the fiscal values the fiscal printer's close, the note and coin count the cash
// in the till (the day's cash and the fund). One person confirms partially, which freezes the figures; a different
// one closes the day as confirmed, which then allows no edits; those who may edit reports correct a closed day, with
// the reason. A confirmation saves and moves the day on together or not at all, so a refused one leaves the stored
// report (and its version) as it was. The month of a shop, the unclosed days across shops, and the day's sales and
// receipts are read here.
import {
  type CashCount,
  type CashFiscalValues,
  type CashRegisterDay,
  type CashReport,
  type CashReportBody,
  type CashReportCloseBody,
  type CashReportField,
  type CashReportStatus,
  type CashReportValues,
  type CashSystemValues,
  cashDenominations,
  cashReportAmountFields,
  cashReportFields,
  type cashReportReceiptSchema,
  type cashReportSalesDetailsSchema,
  checkCashReport,
  type FiscalCheckedField,
  type unclosedDaySchema,
} from '@bottega/contracts/cash-register';
import { businessDate, formatDate, isoWeekDays, isoWeekOf, previousIsoWeek } from '@bottega/contracts/dates';
import type { ValidationRule } from '@bottega/contracts/errors';
import { formatMoney } from '@bottega/contracts/money';
import type { Ability } from '@bottega/contracts/permissions';
import { type PaymentMethod, paymentMethods, type StoredReceipt } from '@bottega/contracts/sales';
import {
  and,
  asc,
  between,
  count,
  desc,
  eq,
  ilike,
  inArray,
  isNull,
  lt,
  min,
  ne,
  or,
  type SQL,
  type SQLWrapper,
  sql,
} from 'drizzle-orm';
import type { z } from 'zod';
import { assertShopInScope, inScopePlaceholder, shopsInScope, shopsInScopeValue } from '../../platform/access';
import { writeAudit } from '../../platform/audit';
import { containsPattern, type Database, type Executor, preparedPerDatabase } from '../../platform/db';
import { AppError } from '../../platform/errors';
import { kickJobs } from '../../platform/jobs';
import { notify } from '../../platform/notify';
import type { SessionContext } from '../../platform/sessions';
import { users } from '../employees/employees.schema';
import { expenses } from '../expenses/expenses.schema';
import { invoiceRequests } from '../invoices/invoices.schema';
import { fiscalCloses, products, receiptLines, receipts, salesDays } from '../sales/sales.schema';
import { loadStoredReceipts } from '../sales/sales.service';
import { endShiftOnCashConfirmation } from '../shifts/time-clock.service';
import { shops } from '../shops/shops.schema';
import { assertVisibleShop, loadVisibleShop, refuseUnseenShop, shopClosedColumn } from '../shops/shops.service';
import { cashReports, weeklyCash } from './cash-register.schema';
import {
  assertFiguresOpen,
  assertReportWritable,
  type CashReportRow,
  cashReportAuditEntity,
  editReportsAbility,
  loadVisibleReport,
} from './cash-report-access';

type ReportCall = { db: Database; viewer: SessionContext; reportId: number };
type ShopCall = { db: Database; viewer: SessionContext; shopId: number };

const personName = sql<string>`${users.name} || ' ' || ${users.surname}`;

function holds(viewer: SessionContext, ability: Ability): boolean {
  return viewer.isAdmin || viewer.abilities.has(ability);
}

// ---------------------------------------------------------------------------------------------
// How figures read in messages: money as `€ 1.234,56` (spec §9), counts as `1.234`, whatever the language.

const countNumber = new Intl.NumberFormat('it-IT', { maximumFractionDigits: 0, useGrouping: 'always' });

const amountFields: readonly string[] = cashReportAmountFields;

/** A figure of the report as a message shows it: money for amounts, a number for counts. */
function figureText(field: CashReportField, value: number): string {
  return amountFields.includes(field) ? formatMoney(value) : countNumber.format(value);
}

// ---------------------------------------------------------------------------------------------
// The day's figures from the sales feed and the fiscal printer

/** The system register's day under the report's names; zeros when the feed has nothing for it. */
async function systemValues(db: Executor, shopId: number, day: string, expensesCents: number) {
  const [row] = await db
    .select()
    .from(salesDays)
    .where(and(eq(salesDays.shopId, shopId), eq(salesDays.businessDate, day)));
  const system: CashSystemValues = {
    totalCents: row?.takingsCents ?? 0,
    creditCardCents: row?.creditCardCents ?? 0,
    bancomatCents: row?.bancomatCents ?? 0,
    posSubtotalCents: (row?.creditCardCents ?? 0) + (row?.bancomatCents ?? 0),
    cancelledCents: row?.cancelledCents ?? 0,
    returnsCents: row?.returnsCents ?? 0,
    vouchersCents: row?.voucherCents ?? 0,
    // The cash the till should hold: what was taken in cash less the authorised expenses paid from it.
    dailyCashCents: (row?.cashCents ?? 0) - expensesCents,
    returnedReceiptsCount: row?.returnsCount ?? 0,
    returnedPiecesCount: row?.returnedPieces ?? 0,
    receiptsCount: row?.receiptsCount ?? 0,
    piecesCount: row?.pieces ?? 0,
    loyaltyCustomersCount: row?.loyaltyCustomers ?? 0,
  };
  return system;
}

/**
 * The day's fiscal close under the report's names, or null while there is none. A shop with several printers has
 * one close per device: the amounts add up, the number, serial and time are the latest close's.
 */
async function fiscalValues(db: Executor, shopId: number, day: string): Promise<CashFiscalValues | null> {
  const closes = await db
    .select()
    .from(fiscalCloses)
    .where(and(eq(fiscalCloses.shopId, shopId), eq(fiscalCloses.businessDate, day)))
    .orderBy(desc(fiscalCloses.closedAt), desc(fiscalCloses.id));
  const [latest] = closes;
  if (!latest) return null;
  const total = (value: (close: (typeof closes)[number]) => number) =>
    closes.reduce((sum, close) => sum + value(close), 0);
  return {
    totalCents: total((close) => close.totalCents),
    fiscalPosCents: total((close) => close.electronicPaymentsCents),
    cancelledCents: total((close) => close.cancellationsCents),
    returnsCents: total((close) => close.returnsCents),
    closeNumber: latest.closeNumber,
    deviceSerial: latest.deviceSerial,
    closedAt: latest.closedAt.toISOString(),
    source: latest.source,
  };
}

async function reportExpensesCents(db: Executor, reportId: number): Promise<number> {
  const [row] = await db
    .select({ value: sql<number>`coalesce(sum(${expenses.amountCents}), 0)`.mapWith(Number) })
    .from(expenses)
    .where(eq(expenses.reportId, reportId));
  return row?.value ?? 0;
}

async function dayFigures(db: Executor, report: Pick<CashReportRow, 'id' | 'shopId' | 'businessDate'>) {
  const expensesCents = await reportExpensesCents(db, report.id);
  return {
    expensesCents,
    system: await systemValues(db, report.shopId, report.businessDate, expensesCents),
    fiscal: await fiscalValues(db, report.shopId, report.businessDate),
  };
}

/**
 * The week before the report's, when the viewer must close the previous week first (§5) and that week had sales
 * in the shop but its weekly cash is not filled; else null.
 */
async function pendingPreviousWeek(
  db: Executor,
  viewer: SessionContext,
  report: Pick<CashReportRow, 'shopId' | 'businessDate'>,
): Promise<string | null> {
  if (!holds(viewer, 'shops.cashRegister.mustClosePreviousWeek')) return null;
  const week = previousIsoWeek(isoWeekOf(report.businessDate));
  const days = isoWeekDays(week);
  const [pending] = await db
    .select({ day: salesDays.businessDate })
    .from(salesDays)
    .where(
      and(
        eq(salesDays.shopId, report.shopId),
        between(salesDays.businessDate, days[0] as string, days[6] as string),
        sql`not exists (select 1 from ${weeklyCash} where ${weeklyCash.shopId} = ${report.shopId} and ${weeklyCash.week} = ${week})`,
      ),
    )
    .limit(1);
  return pending ? week : null;
}

// ---------------------------------------------------------------------------------------------
// The report as the screen reads it

function valuesOf(row: CashReportRow): CashReportValues {
  return Object.fromEntries(cashReportFields.map((field) => [field, row[field]])) as CashReportValues;
}

/** Only the denominations present: the same count always reads (and compares) the same. */
function normalizedCount(count: CashCount): CashCount {
  const result: CashCount = {};
  for (const denomination of cashDenominations) {
    const pieces = count[String(denomination)] ?? 0;
    if (pieces > 0) result[String(denomination)] = pieces;
  }
  return result;
}

async function peopleById(db: Executor, ids: (number | null)[]): Promise<Map<number, string>> {
  const wanted = [...new Set(ids.filter((id): id is number => id !== null))];
  if (wanted.length === 0) return new Map();
  const rows = await db.select({ id: users.id, name: personName }).from(users).where(inArray(users.id, wanted));
  return new Map(rows.map((row) => [row.id, row.name]));
}

async function personOf(db: Executor, id: number | null): Promise<string> {
  if (id === null) return '';
  return (await peopleById(db, [id])).get(id) ?? '';
}

async function describeReport(
  db: Executor,
  viewer: SessionContext,
  report: CashReportRow & { shopName: string },
): Promise<CashReport> {
  const { system, fiscal, expensesCents } = await dayFigures(db, report);
  const people = await peopleById(db, [report.partialBy, report.closedBy, report.updatedBy]);
  const person = (id: number | null) => (id === null ? null : { id, name: people.get(id) ?? '' });
  const status = report.status;
  return {
    id: report.id,
    shopId: report.shopId,
    shopName: report.shopName,
    businessDate: report.businessDate,
    week: isoWeekOf(report.businessDate),
    status,
    values: valuesOf(report),
    cashCount: normalizedCount(report.cashCount),
    comments: report.comments,
    version: report.version,
    system,
    fiscal,
    expensesCents,
    partialBy: person(report.partialBy),
    partialAt: report.partialAt?.toISOString() ?? null,
    closedBy: person(report.closedBy),
    closedAt: report.closedAt?.toISOString() ?? null,
    updatedBy: person(report.updatedBy),
    updatedAt: report.updatedAt.toISOString(),
    previousWeekPending: await pendingPreviousWeek(db, viewer, report),
    can: {
      // The figures: a partial confirmation freezes them (withdraw it first), a closed day is only corrected.
      edit: status === 'open' && holds(viewer, 'shops.cashRegister.dailyClose'),
      confirm: status === 'open' && holds(viewer, 'shops.cashRegister.dailyClose'),
      close: status === 'partial' && holds(viewer, 'shops.cashRegister.close') && report.partialBy !== viewer.userId,
      withdraw: status === 'partial' && holds(viewer, 'shops.cashRegister.dailyClose'),
      correct: status === 'closed' && holds(viewer, editReportsAbility),
    },
  };
}

export async function getCashReport(options: ReportCall): Promise<CashReport> {
  const report = await loadVisibleReport(options.db, options.viewer, options.reportId);
  return describeReport(options.db, options.viewer, report);
}

// ---------------------------------------------------------------------------------------------
// A shop's month and the unclosed days

/** The last day of a YYYY-MM month. */
function lastDayOf(month: string): string {
  const [year, number] = month.split('-').map(Number) as [number, number];
  return `${month}-${String(new Date(Date.UTC(year, number, 0)).getUTCDate()).padStart(2, '0')}`;
}

/**
 * A shop's month in one statement, prepared (the cash screen opens on it): its sales days and reports side by side (a
 * day may have either), each with whether the printer's daily close arrived, and the shop's `closed` for the
 * visibility check (one round trip instead of two). The days come as one JSON value, in the answer's shape: the
 * driver parses it natively instead of Drizzle mapping every cell of every day.
 */
const cashMonthStatement = preparedPerDatabase((db) => {
  const shopId = sql.placeholder('shopId');
  const sales = db
    .select({
      businessDate: salesDays.businessDate,
      totalCents: salesDays.takingsCents,
      receiptsCount: salesDays.receiptsCount,
    })
    .from(salesDays)
    .where(
      and(
        eq(salesDays.shopId, shopId),
        between(salesDays.businessDate, sql.placeholder('first'), sql.placeholder('last')),
      ),
    )
    .as('month_sales');
  const reports = db
    .select({
      id: cashReports.id,
      businessDate: cashReports.businessDate,
      status: cashReports.status,
      totalCents: cashReports.totalCents,
    })
    .from(cashReports)
    .where(
      and(
        eq(cashReports.shopId, shopId),
        between(cashReports.businessDate, sql.placeholder('first'), sql.placeholder('last')),
      ),
    )
    .as('month_reports');
  const day = sql`coalesce(${sales.businessDate}, ${reports.businessDate})`;
  return db
    .select({
      days: sql<CashRegisterDay[]>`coalesce(json_agg(json_build_object(
        'businessDate', ${day}::text,
        'reportId', ${reports.id},
        'status', coalesce(${reports.status}, 'missing'),
        'systemTotalCents', coalesce(${sales.totalCents}, 0),
        'receiptsCount', coalesce(${sales.receiptsCount}, 0),
        'enteredTotalCents', ${reports.totalCents},
        'hasFiscalClose', exists (select 1 from ${fiscalCloses}
          where ${fiscalCloses.shopId} = ${shopId} and ${fiscalCloses.businessDate} = ${day})
      ) order by ${day}), '[]'::json)`,
      shopClosed: shopClosedColumn(shopId),
    })
    .from(sales)
    .fullJoin(reports, eq(reports.businessDate, sales.businessDate))
    .prepare('cash_month');
});

/**
 * Every day of the month up to today (Rome) with sales or a report, oldest first, with the report's state
 * ('missing' without one), the system register's total and receipts, the total entered and whether the fiscal
 * printer closed the day.
 */
export async function listCashRegisterMonth(
  options: ShopCall & { month: string; now: Date },
): Promise<CashRegisterDay[]> {
  const { db, viewer, shopId } = options;
  assertShopInScope(viewer, 'shops', shopId);
  const first = `${options.month}-01`;
  const today = businessDate(options.now);
  // Dates as YYYY-MM-DD sort as they follow each other.
  const last = [lastDayOf(options.month), today].sort()[0] as string;
  if (last < first) {
    await assertVisibleShop(db, viewer, shopId);
    return [];
  }
  // An aggregate: one row, whether or not the shop exists.
  const [month] = await cashMonthStatement(db).execute({ shopId, first, last });
  refuseUnseenShop(viewer, month?.shopClosed);
  return month?.days ?? [];
}

const sameDay = and(eq(cashReports.shopId, salesDays.shopId), eq(cashReports.businessDate, salesDays.businessDate));

/**
 * The days before `today` with sales whose report is not closed (or missing), in the shops `inShops` lets through
 * (undefined: every shop); sales_days ⟕ cash_reports. `today` may be a placeholder, for the prepared count.
 */
function unclosedDaysWhere(today: string | SQLWrapper, inShops: SQL | undefined): SQL | undefined {
  return and(lt(salesDays.businessDate, today), or(isNull(cashReports.id), ne(cashReports.status, 'closed')), inShops);
}

const hasFiscalClose = sql<boolean>`exists (select 1 from ${fiscalCloses} where ${fiscalCloses.shopId} = ${salesDays.shopId} and ${fiscalCloses.businessDate} = ${salesDays.businessDate})`;

/**
 * The days before today with sales and no closed report, across the shops the viewer reaches (or one of them),
 * newest first, a page at a time: one indexed join of sales_days with cash_reports on (shop, day).
 */
export async function listUnclosedDays(options: {
  db: Database;
  viewer: SessionContext;
  page: number;
  perPage: number;
  shopId?: number;
  now: Date;
}): Promise<{ data: z.infer<typeof unclosedDaySchema>[]; meta: { page: number; perPage: number; total: number } }> {
  const { db, viewer, page, perPage, shopId } = options;
  const meta = { page, perPage, total: 0 };
  if (shopId !== undefined) await loadVisibleShop(db, viewer, shopId);
  const scope = shopsInScope(viewer, 'shops');
  if (scope !== 'all' && scope.length === 0) return { data: [], meta };
  const where = and(
    unclosedDaysWhere(businessDate(options.now), scope === 'all' ? undefined : inArray(salesDays.shopId, scope)),
    shopId === undefined ? undefined : eq(salesDays.shopId, shopId),
  );
  const rows = await db
    .select({
      shopId: salesDays.shopId,
      shopName: shops.name,
      businessDate: salesDays.businessDate,
      reportId: cashReports.id,
      status: cashReports.status,
      systemTotalCents: salesDays.takingsCents,
      receiptsCount: salesDays.receiptsCount,
      enteredTotalCents: cashReports.totalCents,
      hasFiscalClose,
    })
    .from(salesDays)
    .innerJoin(shops, eq(shops.id, salesDays.shopId))
    .leftJoin(cashReports, sameDay)
    .where(where)
    .orderBy(desc(salesDays.businessDate), asc(shops.name), asc(salesDays.shopId))
    .limit(perPage)
    .offset((page - 1) * perPage);
  const [total] = await db.select({ value: count() }).from(salesDays).leftJoin(cashReports, sameDay).where(where);
  return {
    data: rows.map((row) => ({ ...row, status: row.status ?? 'missing', hasFiscalClose: Boolean(row.hasFiscalClose) })),
    meta: { ...meta, total: total?.value ?? 0 },
  };
}

/**
 * The unclosed days' count and oldest, prepared (the dashboard asks on every load): the placeholders are `today` and
 * `scope`, the shops (null: every shop).
 */
const unclosedDaysCountStatement = preparedPerDatabase((db) =>
  db
    .select({ count: count(), oldest: min(salesDays.businessDate) })
    .from(salesDays)
    .leftJoin(cashReports, sameDay)
    .where(unclosedDaysWhere(sql.placeholder('today'), inScopePlaceholder(salesDays.shopId)))
    .prepare('todo_cashDaysUnclosed'),
);

/** How many days listUnclosedDays lists for the viewer, and the oldest (the dashboard's to-do): one indexed count. */
export async function countUnclosedDays(options: {
  db: Executor;
  viewer: SessionContext;
  today: string;
}): Promise<{ count: number; oldest: string | null }> {
  const scope = shopsInScopeValue(options.viewer, 'shops');
  if (scope?.length === 0) return { count: 0, oldest: null };
  const [row] = await unclosedDaysCountStatement(options.db).execute({ scope, today: options.today });
  return { count: row?.count ?? 0, oldest: row?.oldest ?? null };
}

// ---------------------------------------------------------------------------------------------
// Opening a day and saving what is typed

/**
 * The shop's report of a day: created open with no figures, or the existing one (`created` false). Two people
 * opening the same day at once get the same report: the unique (shop, day) index decides.
 */
export async function openCashReport(
  options: ShopCall & { businessDate: string; now: Date; ip?: string },
): Promise<{ report: CashReport; created: boolean }> {
  const { db, viewer, shopId, now } = options;
  await loadVisibleShop(db, viewer, shopId);
  if (options.businessDate > businessDate(now)) throw new AppError('cashReportFutureDay');
  const createdId = await db.transaction(async (tx) => {
    const [row] = await tx
      .insert(cashReports)
      .values({
        shopId,
        businessDate: options.businessDate,
        createdBy: viewer.userId,
        createdAt: now,
        updatedBy: viewer.userId,
        updatedAt: now,
      })
      .onConflictDoNothing({ target: [cashReports.shopId, cashReports.businessDate] })
      .returning({ id: cashReports.id });
    if (!row) return null;
    await writeAudit(tx, {
      actorId: viewer.userId,
      action: 'cashReport.created',
      entity: cashReportAuditEntity,
      entityId: row.id,
      toState: 'open',
      data: { shopId, businessDate: options.businessDate },
      ip: options.ip,
    });
    return row.id;
  });
  let reportId = createdId;
  if (reportId === null) {
    const [existing] = await db
      .select({ id: cashReports.id })
      .from(cashReports)
      .where(and(eq(cashReports.shopId, shopId), eq(cashReports.businessDate, options.businessDate)));
    if (!existing) throw new AppError('notFound');
    reportId = existing.id;
  }
  return { report: await getCashReport({ db, viewer, reportId }), created: createdId !== null };
}

type Changes = Record<string, { from: unknown; to: unknown }>;

/** What the body changes in the report, field by field, before and after. */
function changesOf(report: CashReportRow, body: CashReportBody): Changes {
  const changes: Changes = {};
  for (const field of cashReportFields) {
    if (report[field] !== body.values[field]) changes[field] = { from: report[field], to: body.values[field] };
  }
  const countBefore = normalizedCount(report.cashCount);
  const countAfter = normalizedCount(body.cashCount);
  if (JSON.stringify(countBefore) !== JSON.stringify(countAfter)) {
    changes.cashCount = { from: countBefore, to: countAfter };
  }
  if (report.comments !== body.comments) changes.comments = { from: report.comments, to: body.comments };
  return changes;
}

function columnsOf(body: CashReportBody) {
  return { ...body.values, cashCount: normalizedCount(body.cashCount), comments: body.comments };
}

/**
 * Saves the figures as a draft (mismatches are allowed in a draft). Refused over a newer version (somebody saved
 * meanwhile), on a partially confirmed day (its figures are frozen until the confirmation is withdrawn) and on a
 * closed day (a correction goes through correctCashReport).
 */
export async function saveCashReport(
  options: ReportCall & { body: CashReportBody; now: Date; ip?: string },
): Promise<CashReport> {
  const { db, viewer, reportId, body, now } = options;
  await db.transaction(async (tx) => {
    const report = await loadVisibleReport(tx, viewer, reportId, { lock: true });
    if (assertReportWritable(report, viewer).correction) throw new AppError('cashReportClosed');
    await assertFiguresOpen(tx, report);
    if (body.version !== report.version) throw new AppError('cashReportChanged');
    const changes = changesOf(report, body);
    if (Object.keys(changes).length === 0) return;
    await tx
      .update(cashReports)
      .set({ ...columnsOf(body), version: report.version + 1, updatedBy: viewer.userId, updatedAt: now })
      .where(eq(cashReports.id, report.id));
    await writeAudit(tx, {
      actorId: viewer.userId,
      action: 'cashReport.saved',
      entity: cashReportAuditEntity,
      entityId: report.id,
      fromState: report.status,
      toState: report.status,
      data: { changes },
      ip: options.ip,
    });
  });
  return getCashReport(options);
}

/**
 * partial → open: the confirmation is withdrawn (by the confirmer or a colleague who fills the day's close), so
 * the figures can change again; the day then needs a new partial confirmation and a close by someone else.
 * Audited with whose confirmation it was.
 */
export async function withdrawCashReportConfirmation(
  options: ReportCall & { body: { version: number }; now: Date; ip?: string },
): Promise<CashReport> {
  const { db, viewer, reportId, body, now } = options;
  await db.transaction(async (tx) => {
    const report = await loadVisibleReport(tx, viewer, reportId, { lock: true });
    if (report.status === 'closed') throw new AppError('cashReportClosed');
    if (report.status !== 'partial') throw new AppError('cashReportNotPartial');
    if (body.version !== report.version) throw new AppError('cashReportChanged');
    await tx
      .update(cashReports)
      .set({
        status: 'open',
        partialBy: null,
        partialAt: null,
        version: report.version + 1,
        updatedBy: viewer.userId,
        updatedAt: now,
      })
      .where(eq(cashReports.id, report.id));
    await writeAudit(tx, {
      actorId: viewer.userId,
      action: 'cashReport.confirmationWithdrawn',
      entity: cashReportAuditEntity,
      entityId: report.id,
      fromState: 'partial',
      toState: 'open',
      data: {
        confirmedBy: report.partialBy,
        confirmedAt: report.partialAt?.toISOString() ?? null,
        version: report.version + 1,
      },
      ip: options.ip,
    });
  });
  return getCashReport(options);
}

// ---------------------------------------------------------------------------------------------
// Confirming, closing and correcting

type Step = 'confirm' | 'close' | 'correct';

/** The cash day's workflow (§4): one person confirms partially, another closes; a closed day is only corrected. */
const transitions = {
  confirm: { from: 'open', to: 'partial', action: 'cashReport.partiallyConfirmed' },
  close: { from: 'partial', to: 'closed', action: 'cashReport.closed' },
  correct: { from: 'closed', to: 'closed', action: 'cashReport.corrected' },
} as const satisfies Record<Step, { from: CashReportStatus; to: CashReportStatus; action: string }>;

/** Why a step cannot be taken from the report's state, or by this person. */
async function assertStepAllowed(db: Executor, step: Step, report: CashReportRow, viewer: SessionContext) {
  if (report.status !== transitions[step].from) {
    if (step === 'correct') throw new AppError('cashReportNotClosed');
    if (report.status === 'closed') throw new AppError('cashReportClosed');
    if (step === 'confirm') {
      throw new AppError('cashReportAlreadyConfirmed', { name: await personOf(db, report.partialBy) });
    }
    throw new AppError('cashReportNotPartial');
  }
  // Two different people (§4): who confirmed partially cannot close too.
  if (step === 'close' && report.partialBy === viewer.userId) throw new AppError('cashReportSamePerson');
}

type FieldErrors = Record<string, { rule: ValidationRule; params?: Record<string, unknown> }[]>;

function fieldErrors<T extends string>(
  fields: readonly T[],
  rule: ValidationRule,
  params: (field: T) => Record<string, unknown> | undefined = () => undefined,
): FieldErrors {
  return Object.fromEntries(
    fields.map((field) => {
      const ruleParams = params(field);
      return [`values.${field}`, [ruleParams ? { rule, params: ruleParams } : { rule }]];
    }),
  );
}

/**
 * The rules of §5 on the figures, in the order the person fixes them: the previous week, the fiscal close, every
 * field entered, the POS subtotal, the system register, the fiscal printer, the count. Answers the fiscal fields
 * whose difference was accepted (with a reason, by those who may edit reports).
 */
async function assertRules(options: {
  db: Executor;
  viewer: SessionContext;
  step: Step;
  report: CashReportRow;
  values: CashReportValues;
  cashCount: CashCount;
  acceptFiscalDifference?: string;
}): Promise<{ acceptedFiscal: FiscalCheckedField[]; system: CashSystemValues; fiscal: CashFiscalValues | null }> {
  const { db, viewer, report, values } = options;
  if (options.step !== 'correct') {
    const week = await pendingPreviousWeek(db, viewer, report);
    if (week) throw new AppError('cashPreviousWeekPending', { week });
  }
  const { system, fiscal } = await dayFigures(db, report);
  if (!fiscal && holds(viewer, 'shops.cashRegister.mustCloseWithFiscal')) throw new AppError('cashFiscalCloseMissing');
  const check = checkCashReport({ values, cashCount: options.cashCount, system, fiscal });
  if (check.missing.length > 0) {
    throw new AppError('cashReportIncomplete', {}, fieldErrors(check.missing, 'required'));
  }
  if (!check.posSubtotalAdds) {
    const expected = formatMoney((values.creditCardCents ?? 0) + (values.bancomatCents ?? 0));
    throw new AppError(
      'cashPosSubtotalMismatch',
      {},
      fieldErrors(['posSubtotalCents'], 'posSubtotalSum', () => ({ expected })),
    );
  }
  if (check.systemMismatches.length > 0) {
    throw new AppError(
      'cashDataMismatch',
      {},
      fieldErrors(check.systemMismatches, 'systemMismatch', (field) => ({
        expected: figureText(field, system[field]),
      })),
    );
  }
  let acceptedFiscal: FiscalCheckedField[] = [];
  if (fiscal && check.fiscalMismatches.length > 0) {
    if (!options.acceptFiscalDifference) {
      throw new AppError(
        'cashFiscalMismatch',
        {},
        fieldErrors(check.fiscalMismatches, 'fiscalMismatch', (field) => ({ fiscal: formatMoney(fiscal[field]) })),
      );
    }
    if (!holds(viewer, editReportsAbility)) throw new AppError('cashFiscalDifferenceNotAllowed');
    acceptedFiscal = check.fiscalMismatches;
  }
  if (!check.cashCountMatches) {
    // The whole drawer is counted: the day's cash and the fund that stays in the till.
    throw new AppError('cashCountMismatch', {
      count: formatMoney(check.cashCountTotalCents),
      cash: formatMoney((values.dailyCashCents ?? 0) + (values.cashFundCents ?? 0)),
    });
  }
  return { acceptedFiscal, system, fiscal };
}

type StepOptions = ReportCall & {
  body: CashReportCloseBody & Partial<CashReportBody> & { reason?: string };
  now: Date;
  ip?: string;
};

/**
 * Takes a step of the workflow in one transaction: the state, the version the person read and the rules are
 * checked, then the report moves on. Confirming and correcting apply the figures sent with it; closing takes the
 * figures as they were confirmed (frozen since). A refusal changes nothing, so the screen's version stays good.
 * Each is audited with who, from and to which state, what changed and why.
 */
async function takeStep(step: Step, options: StepOptions): Promise<CashReport> {
  const { db, viewer, reportId, body, now } = options;
  const { from, to, action } = transitions[step];
  await db.transaction(async (tx) => {
    const report = await loadVisibleReport(tx, viewer, reportId, { lock: true });
    await assertStepAllowed(tx, step, report, viewer);
    if (report.version !== body.version) throw new AppError('cashReportChanged');
    const sent = step === 'close' ? null : (body as CashReportBody);
    const values = sent ? sent.values : valuesOf(report);
    const cashCount = sent ? sent.cashCount : report.cashCount;
    const { acceptedFiscal, system, fiscal } = await assertRules({
      db: tx,
      viewer,
      step,
      report,
      values,
      cashCount,
      acceptFiscalDifference: body.acceptFiscalDifference,
    });
    const correction = step === 'correct';
    const changes = sent ? changesOf(report, sent) : {};
    // A correction that changes nothing and accepts nothing leaves the closed day as it is.
    if (correction && Object.keys(changes).length === 0 && acceptedFiscal.length === 0) return;
    await tx
      .update(cashReports)
      .set({
        ...(sent ? columnsOf(sent) : {}),
        status: to,
        version: report.version + 1,
        updatedBy: viewer.userId,
        updatedAt: now,
        ...(step === 'confirm' ? { partialBy: viewer.userId, partialAt: now } : {}),
        ...(step === 'close' ? { closedBy: viewer.userId, closedAt: now } : {}),
        // What each step accepts is its own figures' difference: figures corrected to agree leave nothing accepted.
        fiscalDifferenceAccepted: acceptedFiscal.length > 0 ? (body.acceptFiscalDifference ?? null) : null,
      })
      .where(eq(cashReports.id, report.id));
    if (acceptedFiscal.length > 0 && fiscal) {
      await writeAudit(tx, {
        actorId: viewer.userId,
        action: 'cashReport.fiscalDifferenceAccepted',
        entity: cashReportAuditEntity,
        entityId: report.id,
        fromState: from,
        toState: to,
        reason: body.acceptFiscalDifference,
        data: {
          fields: Object.fromEntries(
            acceptedFiscal.map((field) => [
              field,
              {
                fiscal: fiscal[field],
                system: field === 'fiscalPosCents' ? system.posSubtotalCents : system[field],
                entered: values[field],
              },
            ]),
          ),
        },
        ip: options.ip,
      });
    }
    await writeAudit(tx, {
      actorId: viewer.userId,
      action,
      entity: cashReportAuditEntity,
      entityId: report.id,
      fromState: from,
      toState: to,
      reason: correction ? body.reason : null,
      data: correction ? { changes } : { version: report.version + 1, changes },
      ip: options.ip,
    });
    if (step !== 'correct') await announceStep(tx, step, report, viewer);
    if (step === 'confirm') {
      await endShiftOnCashConfirmation(tx, {
        userId: viewer.userId,
        shopId: report.shopId,
        reportId: report.id,
        at: now,
        ip: options.ip,
      });
    }
  });
  kickJobs();
  return getCashReport(options);
}

/**
 * Who must know, written with the step: a partial confirmation waits for a colleague of the shop who may close it;
 * a closed day is a report convalidated (§6 Admin notifications).
 */
async function announceStep(tx: Executor, step: 'confirm' | 'close', report: CashReportRow, viewer: SessionContext) {
  const [shop] = await tx.select({ name: shops.name }).from(shops).where(eq(shops.id, report.shopId));
  await notify(tx, {
    event: step === 'confirm' ? 'cashRegister.awaitingConfirmation' : 'adminNotifications.reportsConvalidated',
    shopId: report.shopId,
    params: { shop: shop?.name ?? '', date: formatDate(report.businessDate), by: await personOf(tx, viewer.userId) },
    link: `/app/shop/cashRegister/${report.id}/edit`,
    actorId: viewer.userId,
  });
}

/** open → partial: the first person's confirmation (shops.cashRegister.dailyClose). */
export function confirmCashReport(options: StepOptions): Promise<CashReport> {
  return takeStep('confirm', options);
}

/** partial → closed by a second person (shops.cashRegister.close): the day is locked. */
export function closeCashReport(options: StepOptions): Promise<CashReport> {
  return takeStep('close', options);
}

/** closed → closed with new figures and the reason (shops.analytics.editReports). */
export function correctCashReport(options: StepOptions & { body: { reason: string } }): Promise<CashReport> {
  return takeStep('correct', options);
}

// ---------------------------------------------------------------------------------------------
// The day's sales details and receipts

const paymentColumns = {
  cash: salesDays.cashCents,
  creditCard: salesDays.creditCardCents,
  bancomat: salesDays.bancomatCents,
  voucher: salesDays.voucherCents,
  other: salesDays.otherCents,
} as const satisfies Record<PaymentMethod, unknown>;

/**
 * The report's day by department (the lines of sales and returns; cancelled receipts moved nothing), by payment
 * method (the day's totals) and by register.
 */
export async function getCashReportSalesDetails(
  options: ReportCall,
): Promise<z.infer<typeof cashReportSalesDetailsSchema>> {
  const { db } = options;
  const report = await loadVisibleReport(db, options.viewer, options.reportId);
  const ofTheDay = and(eq(receipts.shopId, report.shopId), eq(receipts.businessDate, report.businessDate));
  // Lines are summed per product first (a few hundred codes), so the catalogue is joined once per product.
  const perProduct = db
    .select({
      productCode: receiptLines.productCode,
      pieces: sql<number>`sum(${receiptLines.quantity})`.as('pieces'),
      amountCents: sql<number>`sum(${receiptLines.subtotalCents})`.as('amount_cents'),
    })
    .from(receipts)
    .innerJoin(receiptLines, eq(receiptLines.receiptId, receipts.id))
    .where(and(ofTheDay, ne(receipts.type, 'cancelled')))
    .groupBy(receiptLines.productCode)
    .as('per_product');
  const department = sql<string>`coalesce(${products.department}, '')`;
  const amount = sql<number>`coalesce(sum(${perProduct.amountCents}), 0)`.mapWith(Number);
  const [byDepartment, [day], byRegister] = await Promise.all([
    db
      .select({
        department,
        pieces: sql<number>`coalesce(sum(${perProduct.pieces}), 0)`.mapWith(Number),
        amountCents: amount,
      })
      .from(perProduct)
      .leftJoin(products, eq(products.code, perProduct.productCode))
      .groupBy(department)
      .orderBy(desc(amount), asc(department)),
    db
      .select(paymentColumns)
      .from(salesDays)
      .where(and(eq(salesDays.shopId, report.shopId), eq(salesDays.businessDate, report.businessDate))),
    db
      .select({
        registerCode: receipts.registerCode,
        receiptsCount: sql<number>`count(*) filter (where ${receipts.type} = 'sale')`.mapWith(Number),
        amountCents:
          sql<number>`coalesce(sum(${receipts.totalCents}) filter (where ${receipts.type} <> 'cancelled'), 0)`.mapWith(
            Number,
          ),
      })
      .from(receipts)
      .where(ofTheDay)
      .groupBy(receipts.registerCode)
      .orderBy(asc(receipts.registerCode)),
  ]);
  return {
    byDepartment,
    byPayment: paymentMethods.map((method) => ({ method, amountCents: day?.[method] ?? 0 })),
    byRegister,
  };
}

/** "12,50", "12.50", "€ 1.234,50" or "12" as cents; null when the text is no amount. */
function searchedCents(search: string): number | null {
  let text = search.replace(/€/g, '').replace(/\s/g, '');
  if (/^\d{1,3}(\.\d{3})+(,\d{1,2})?$/.test(text)) text = text.replace(/\./g, '');
  const match = /^(\d{1,9})(?:[.,](\d{1,2}))?$/.exec(text);
  if (!match) return null;
  return Number(match[1]) * 100 + Number((match[2] ?? '0').padEnd(2, '0'));
}

const maxReceiptNumber = 2_147_483_647;

/**
 * The day's receipts in the order they were issued, a page at a time, with the invoice requested for each. The
 * search matches the receipt number, the register, the employee (username or name), the loyalty card, or an
 * amount typed as people write it (12,50 finds sales and returns of € 12,50).
 */
export async function listCashReportReceipts(
  options: ReportCall & { search: string; page: number; perPage: number },
): Promise<{
  data: z.infer<typeof cashReportReceiptSchema>[];
  meta: { page: number; perPage: number; total: number };
}> {
  const { db, page, perPage } = options;
  const report = await loadVisibleReport(db, options.viewer, options.reportId);
  const search = options.search.trim();
  let matches: SQL | undefined;
  if (search) {
    const pattern = containsPattern(search);
    const number = /^\d+$/.test(search) ? Number(search) : null;
    const cents = searchedCents(search);
    matches = or(
      number !== null && number <= maxReceiptNumber ? eq(receipts.receiptNumber, number) : undefined,
      ilike(receipts.registerCode, pattern),
      ilike(users.username, pattern),
      ilike(personName, pattern),
      ilike(receipts.loyaltyCard, pattern),
      cents !== null ? sql`abs(${receipts.totalCents}) = ${cents}` : undefined,
    );
  }
  const where = and(eq(receipts.shopId, report.shopId), eq(receipts.businessDate, report.businessDate), matches);
  const rows = await db
    .select({
      id: receipts.id,
      registerCode: receipts.registerCode,
      receiptNumber: receipts.receiptNumber,
      issuedAt: receipts.issuedAt,
      type: receipts.type,
      employee: sql<string | null>`${personName}`,
      loyaltyCard: receipts.loyaltyCard,
      totalCents: receipts.totalCents,
      pieces: receipts.pieces,
      invoiceId: invoiceRequests.id,
    })
    .from(receipts)
    .leftJoin(users, eq(users.id, receipts.employeeId))
    .leftJoin(invoiceRequests, eq(invoiceRequests.receiptId, receipts.id))
    .where(where)
    .orderBy(asc(receipts.issuedAt), asc(receipts.registerCode), asc(receipts.receiptNumber))
    .limit(perPage)
    .offset((page - 1) * perPage);
  const [total] = await db
    .select({ value: count() })
    .from(receipts)
    .leftJoin(users, eq(users.id, receipts.employeeId))
    .where(where);
  return {
    data: rows.map((row) => ({ ...row, issuedAt: row.issuedAt.toISOString() })),
    meta: { page, perPage, total: total?.value ?? 0 },
  };
}

/** One receipt of the report's day with its lines and payments; a receipt of another day or shop answers 404. */
export async function getCashReportReceipt(options: ReportCall & { receiptId: number }): Promise<StoredReceipt> {
  const report = await loadVisibleReport(options.db, options.viewer, options.reportId);
  const [receipt] = await loadStoredReceipts(
    options.db,
    and(
      eq(receipts.id, options.receiptId),
      eq(receipts.shopId, report.shopId),
      eq(receipts.businessDate, report.businessDate),
    ),
  );
  if (!receipt) throw new AppError('notFound');
  return receipt;
}
