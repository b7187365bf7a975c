// Month end (issue 22, spec §2 report/convalidate, §4 Monthly reports): each shop's month with its three checks
// (month-end.checks.ts) read from the closed reports, the fiscal closes, the POS archive, the deposits and the cash
// still to deposit — a few grouped queries for every shop at once — and its state. Convalidating needs the month over,
// the checks held and an accounting system to send to; the transmission is a job (month-end.jobs.ts). Reopening needs
// _edit reports_ and a reason. Every change is audited; holders of "reports convalidated" are told.
import { businessDate, monthDates, monthDays } from '@bottega/contracts/dates';
import type { MonthState, ShopMonth } from '@bottega/contracts/month-end';
import { and, asc, count, eq, gte, inArray, lte, sql } from 'drizzle-orm';
import type { Config } from '../../config';
import { shopsInScope } from '../../platform/access';
import { writeAudit } from '../../platform/audit';
import type { Database, Executor } from '../../platform/db';
import { AppError } from '../../platform/errors';
import { enqueueJob } from '../../platform/jobs';
import { notify } from '../../platform/notify';
import type { SessionContext } from '../../platform/sessions';
import { cashReports } from '../cash-register/cash-register.schema';
import { cashToDepositAt, shopCashWaiting } from '../deposits/cash-to-deposit.service';
import { deposits } from '../deposits/deposits.schema';
import { users } from '../employees/employees.schema';
import { posEntries } from '../pos/pos.schema';
import { settledAmount } from '../pos/pos.service';
import { fiscalCloses } from '../sales/sales.schema';
import { shops } from '../shops/shops.schema';
import { checkMonth, type MonthDayFigures } from './month-end.checks';
import { transmitMonthJob } from './month-end.jobs';
import { monthlyReports } from './month-end.schema';

export const monthAuditEntity = 'monthlyReport';

type Call = { db: Database; viewer: SessionContext; now: Date };

const key = (shopId: number, date: string) => `${shopId} ${date}`;

/** The months of the shops asked for (the viewer's, or one of them: another shop answers 404). */
async function shopMonths(options: Call & { month: string; shopId?: number }): Promise<ShopMonth[]> {
  const { db, viewer, month } = options;
  const scope = shopsInScope(viewer, 'shops');
  if (options.shopId !== undefined && scope !== 'all' && !scope.includes(options.shopId))
    throw new AppError('notFound');
  const ids = options.shopId !== undefined ? [options.shopId] : scope;
  if (ids !== 'all' && ids.length === 0) return [];
  const shopCondition = ids === 'all' ? eq(shops.closed, false) : inArray(shops.id, ids);
  const shopRows = await db
    .select({ id: shops.id, code: shops.code, name: shops.name })
    .from(shops)
    .where(shopCondition)
    .orderBy(asc(shops.code));
  if (options.shopId !== undefined && shopRows.length === 0) throw new AppError('notFound');
  const shopIds = shopRows.map((shop) => shop.id);
  if (shopIds.length === 0) return [];
  const { from, to } = monthDays(month);
  const today = businessDate(options.now);
  const [reports, closes, settled, entered, waiting, states] = await Promise.all([
    db
      .select({
        shopId: cashReports.shopId,
        date: cashReports.businessDate,
        status: cashReports.status,
        totalCents: cashReports.totalCents,
        posCents: cashReports.posSubtotalCents,
        cashCents: cashReports.dailyCashCents,
        accepted: cashReports.fiscalDifferenceAccepted,
      })
      .from(cashReports)
      .where(
        and(
          inArray(cashReports.shopId, shopIds),
          gte(cashReports.businessDate, from),
          lte(cashReports.businessDate, to),
        ),
      ),
    db
      .select({
        shopId: fiscalCloses.shopId,
        date: fiscalCloses.businessDate,
        cents: sql<number>`sum(${fiscalCloses.totalCents})`.mapWith(Number),
      })
      .from(fiscalCloses)
      .where(
        and(
          inArray(fiscalCloses.shopId, shopIds),
          gte(fiscalCloses.businessDate, from),
          lte(fiscalCloses.businessDate, to),
        ),
      )
      .groupBy(fiscalCloses.shopId, fiscalCloses.businessDate),
    db
      .select({
        shopId: posEntries.shopId,
        date: posEntries.date,
        cents: sql<number>`sum(${settledAmount})`.mapWith(Number),
      })
      .from(posEntries)
      .where(and(inArray(posEntries.shopId, shopIds), gte(posEntries.date, from), lte(posEntries.date, to)))
      .groupBy(posEntries.shopId, posEntries.date),
    db
      .select({ shopId: deposits.shopId, date: deposits.date, count: count() })
      .from(deposits)
      .where(
        and(
          inArray(deposits.shopId, shopIds),
          eq(deposits.state, 'entered'),
          gte(deposits.date, from),
          lte(deposits.date, to),
        ),
      )
      .groupBy(deposits.shopId, deposits.date),
    // One shop's own figure when one is asked for; otherwise every shop's at once.
    options.shopId !== undefined
      ? shopCashWaiting(db, options.shopId, today).then((figure) => [{ shopId: options.shopId as number, ...figure }])
      : cashToDepositAt({ db, viewer, date: today }),
    db
      .select({
        shopId: monthlyReports.shopId,
        state: monthlyReports.state,
        convalidatedBy: sql<string | null>`${users.name} || ' ' || ${users.surname}`,
        convalidatedAt: monthlyReports.convalidatedAt,
        transmittedAt: monthlyReports.transmittedAt,
        refusals: monthlyReports.refusals,
      })
      .from(monthlyReports)
      .leftJoin(users, eq(users.id, monthlyReports.convalidatedBy))
      .where(and(eq(monthlyReports.month, month), inArray(monthlyReports.shopId, shopIds))),
  ]);
  const reportOf = new Map(reports.map((row) => [key(row.shopId, row.date), row]));
  const fiscalOf = new Map(closes.map((row) => [key(row.shopId, row.date), row.cents]));
  const settledOf = new Map(settled.map((row) => [key(row.shopId, row.date), row.cents]));
  const enteredOf = new Map(entered.map((row) => [key(row.shopId, row.date), row.count]));
  const waitingOf = new Map(waiting.map((row) => [row.shopId, row.waitingSince]));
  const stateOf = new Map(states.map((row) => [row.shopId, row]));
  const dates = monthDates(month);
  return shopRows.map((shop) => {
    const days: MonthDayFigures[] = dates.map((date) => {
      const report = reportOf.get(key(shop.id, date));
      return {
        date,
        report: report
          ? {
              status: report.status,
              totalCents: report.totalCents,
              posCents: report.posCents,
              cashCents: report.cashCents,
              differenceAccepted: report.accepted !== null,
            }
          : null,
        fiscalCents: fiscalOf.get(key(shop.id, date)) ?? null,
        settledCents: settledOf.get(key(shop.id, date)) ?? null,
        unconfirmedDeposits: enteredOf.get(key(shop.id, date)) ?? 0,
      };
    });
    const stored = stateOf.get(shop.id);
    return {
      shopId: shop.id,
      shopCode: shop.code,
      shopName: shop.name,
      month,
      ended: to < today,
      checks: checkMonth(days, { cashWaitingSince: waitingOf.get(shop.id) ?? null }),
      state: (stored?.state ?? 'open') as MonthState,
      convalidatedBy: stored?.convalidatedBy ?? null,
      convalidatedAt: stored?.convalidatedAt.toISOString() ?? null,
      transmittedAt: stored?.transmittedAt?.toISOString() ?? null,
      refusals: stored?.refusals ?? [],
    };
  });
}

export function listShopMonths(options: Call & { month: string }): Promise<ShopMonth[]> {
  return shopMonths(options);
}

export async function getShopMonth(options: Call & { month: string; shopId: number }): Promise<ShopMonth> {
  const [month] = await shopMonths(options);
  if (!month) throw new AppError('notFound');
  return month;
}

/** MM/YYYY, as the notification names the month. */
const monthLabel = (month: string) => `${month.slice(5, 7)}/${month.slice(0, 4)}`;

export async function convalidateMonth(
  options: Call & { month: string; shopId: number; config: Pick<Config, 'accounting'>; ip?: string },
): Promise<ShopMonth> {
  const { db, viewer } = options;
  const current = await getShopMonth(options);
  if (!current.ended) throw new AppError('monthNotEnded');
  if (current.state !== 'open') throw new AppError('monthAlreadyConvalidated');
  if (!current.checks.every((check) => check.ok)) throw new AppError('monthChecksFailed');
  if (!options.config.accounting.url) throw new AppError('accountingNotConfigured');
  await db.transaction(async (tx) => {
    const [row] = await tx
      .insert(monthlyReports)
      .values({
        shopId: options.shopId,
        month: options.month,
        state: 'transmitting',
        convalidatedBy: viewer.userId,
        convalidatedAt: options.now,
      })
      .onConflictDoNothing()
      .returning({ id: monthlyReports.id });
    // Convalidated meanwhile by someone else.
    if (!row) throw new AppError('monthAlreadyConvalidated');
    const jobId = await enqueueJob(tx, transmitMonthJob, { monthlyReportId: row.id }, { startedBy: viewer.userId });
    await tx.update(monthlyReports).set({ jobId }).where(eq(monthlyReports.id, row.id));
    await writeAudit(tx, {
      actorId: viewer.userId,
      action: 'monthlyReport.convalidated',
      entity: monthAuditEntity,
      entityId: row.id,
      fromState: 'open',
      toState: 'transmitting',
      data: { shopId: options.shopId, month: options.month },
      ip: options.ip,
    });
    const [by] = await tx
      .select({ name: sql<string>`${users.name} || ' ' || ${users.surname}` })
      .from(users)
      .where(eq(users.id, viewer.userId));
    await notify(tx, {
      event: 'adminNotifications.reportsConvalidated',
      params: {
        shop: `${current.shopCode} · ${current.shopName}`,
        date: monthLabel(options.month),
        by: by?.name ?? '',
      },
      link: `/app/report/convalidate?month=${options.month}`,
      actorId: viewer.userId,
    });
  });
  return getShopMonth(options);
}

async function storedMonth(db: Executor, shopId: number, month: string) {
  const [row] = await db
    .select()
    .from(monthlyReports)
    .where(and(eq(monthlyReports.shopId, shopId), eq(monthlyReports.month, month)))
    .for('update');
  return row;
}

/** Sends a month the accounting system refused again, once what it refused has been put right there. */
export async function transmitAgain(
  options: Call & { month: string; shopId: number; ip?: string },
): Promise<ShopMonth> {
  const { db, viewer } = options;
  await getShopMonth(options);
  await db.transaction(async (tx) => {
    const row = await storedMonth(tx, options.shopId, options.month);
    if (row?.state !== 'refused') throw new AppError('monthNotRefused');
    const jobId = await enqueueJob(tx, transmitMonthJob, { monthlyReportId: row.id }, { startedBy: viewer.userId });
    await tx.update(monthlyReports).set({ state: 'transmitting', jobId }).where(eq(monthlyReports.id, row.id));
    await writeAudit(tx, {
      actorId: viewer.userId,
      action: 'monthlyReport.transmittedAgain',
      entity: monthAuditEntity,
      entityId: row.id,
      fromState: 'refused',
      toState: 'transmitting',
      ip: options.ip,
    });
  });
  return getShopMonth(options);
}

/** Reopens a convalidated month (edit reports), with the reason; the audit keeps what it was. */
export async function reopenMonth(
  options: Call & { month: string; shopId: number; reason: string; ip?: string },
): Promise<ShopMonth> {
  const { db, viewer } = options;
  await getShopMonth(options);
  await db.transaction(async (tx) => {
    const row = await storedMonth(tx, options.shopId, options.month);
    if (!row) throw new AppError('monthNotConvalidated');
    await tx.delete(monthlyReports).where(eq(monthlyReports.id, row.id));
    await writeAudit(tx, {
      actorId: viewer.userId,
      action: 'monthlyReport.reopened',
      entity: monthAuditEntity,
      entityId: row.id,
      fromState: row.state,
      toState: 'open',
      reason: options.reason,
      data: { shopId: row.shopId, month: row.month, transmittedAt: row.transmittedAt?.toISOString() ?? null },
      ip: options.ip,
    });
  });
  return getShopMonth(options);
}
