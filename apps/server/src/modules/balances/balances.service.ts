// Balances (issue 21, spec §3 Balance, §6 Shops › bank › balances view/edit/generate): a shop's cash at the end of a
// day is its cash fund plus its cash still to deposit. The cash fund is the float the till keeps from day to day: each
// closed report states it, so the fund at a date is the one of the shop's latest closed report on or before it (0
// before its first). The cash to deposit is the deposits module's own statement, never a second computation.
// Accounting generates the month-end balances (stored per shop and month's last day) and corrects one with a reason;
// generating again refreshes the computed figure of a corrected balance but keeps its amount. Every change is audited.
// Scoped to the viewer's shops: another shop's balance answers 404.

import type {
  BalanceGenerateResult,
  BalanceMonth,
  Balances,
  balanceEditBodySchema,
  LiveBalance,
  StoredBalance,
} from '@bottega/contracts/balances';
import { isMonthEnded } from '@bottega/contracts/balances';
import { businessDate, monthDays } from '@bottega/contracts/dates';
import { type AnyColumn, and, eq, inArray, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { z } from 'zod';
import { shopsInScope } from '../../platform/access';
import { writeAudit } from '../../platform/audit';
import { type Database, type Executor, readTogether } from '../../platform/db';
import { AppError } from '../../platform/errors';
import type { SessionContext } from '../../platform/sessions';
import { cashToDepositAt } from '../deposits/cash-to-deposit.service';
import { users } from '../employees/employees.schema';
import { shops } from '../shops/shops.schema';
import { regeneratedBalance } from './balances.rules';
import { balances } from './balances.schema';

export const balanceAuditEntity = 'balance';

type Call = { db: Database; viewer: SessionContext };
type BalanceEdit = z.output<typeof balanceEditBodySchema>;

const generator = alias(users, 'generator');
const editor = alias(users, 'editor');
const nameOf = (person: { name: AnyColumn; surname: AnyColumn }) =>
  sql<string | null>`${person.name} || ' ' || ${person.surname}`;

/** The shops of the viewer's scope as a condition on a shop id column (none: nothing). */
function scopeCondition(viewer: SessionContext, column: AnyColumn): SQL | undefined {
  const scope = shopsInScope(viewer, 'shops');
  if (scope === 'all') return undefined;
  return scope.length === 0 ? sql`false` : inArray(column, scope);
}

/** Each shop's cash fund at the end of `date`: the one its latest closed report on or before the date states. */
async function cashFunds(db: Executor, viewer: SessionContext, date: string): Promise<Map<number, number>> {
  const answer = await db.execute(sql`
    SELECT ${shops.id} AS "shopId", fund.cents AS "cents" FROM ${shops}
    CROSS JOIN LATERAL (
      SELECT cash_fund_cents AS cents FROM cash_reports
      WHERE cash_reports.shop_id = ${shops.id} AND status = 'closed' AND business_date <= ${date}
        AND cash_fund_cents IS NOT NULL
      ORDER BY business_date DESC LIMIT 1
    ) AS fund
    WHERE ${scopeCondition(viewer, shops.id) ?? sql`true`}`);
  const rows = (answer as unknown as { rows: Record<string, unknown>[] }).rows;
  return new Map(rows.map((row) => [Number(row.shopId), Number(row.cents)]));
}

/** Every shop the viewer reaches with its balance at the end of `date`, by shop code. */
async function liveBalances(db: Executor, viewer: SessionContext, date: string): Promise<LiveBalance[]> {
  const [toDeposit, funds] = await readTogether(db, [
    () => cashToDepositAt({ db, viewer, date }),
    () => cashFunds(db, viewer, date),
  ]);
  return toDeposit
    .map((shop) => {
      const cashFundCents = funds.get(shop.shopId) ?? 0;
      return {
        shopId: shop.shopId,
        shopCode: shop.shopCode,
        shopName: shop.shopName,
        cashFundCents,
        cashToDepositCents: shop.balanceCents,
        balanceCents: cashFundCents + shop.balanceCents,
      };
    })
    .sort((a, b) => a.shopCode.localeCompare(b.shopCode, 'it'));
}

function selectStored(db: Executor) {
  return db
    .select({
      id: balances.id,
      shopId: balances.shopId,
      date: balances.date,
      amountCents: balances.amountCents,
      computedCents: balances.computedCents,
      source: balances.source,
      reason: balances.reason,
      generatedBy: nameOf(generator),
      editedBy: nameOf(editor),
      updatedAt: balances.updatedAt,
    })
    .from(balances)
    .leftJoin(generator, eq(generator.id, balances.generatedBy))
    .leftJoin(editor, eq(editor.id, balances.editedBy));
}

type StoredRow = Awaited<ReturnType<typeof selectStored>>[number];

function toStored(row: StoredRow): StoredBalance {
  return { ...row, source: row.source === 'edited' ? 'edited' : 'generated', updatedAt: row.updatedAt.toISOString() };
}

/** The month-end balances stored for `date` of the viewer's shops, by shop. */
async function storedOf(db: Executor, viewer: SessionContext, date: string): Promise<Map<number, StoredBalance>> {
  const rows = await selectStored(db).where(and(eq(balances.date, date), scopeCondition(viewer, balances.shopId)));
  return new Map(rows.map((row) => [row.shopId, toStored(row)]));
}

/** A later day than today is read as today: the days to come have no cash yet. */
function dayUpToToday(date: string | undefined, now: Date): string {
  const today = businessDate(now);
  return date && date < today ? date : today;
}

/**
 * Every shop of the viewer at the end of a day (today by default) with its fund, cash to deposit and balance, and the
 * balance stored for that month's end where it was generated. One answer, not pages: a company has a few dozen shops
 * and the totals and the month's generation cover them all.
 */
export async function getBalances(options: Call & { date?: string; now: Date }): Promise<Balances> {
  const { db, viewer } = options;
  const date = dayUpToToday(options.date, options.now);
  const monthEnd = monthDays(date.slice(0, 7)).to;
  const [live, stored] = await Promise.all([liveBalances(db, viewer, date), storedOf(db, viewer, monthEnd)]);
  const sum = (pick: (shop: LiveBalance) => number) => live.reduce((total, shop) => total + pick(shop), 0);
  return {
    date,
    monthEnd,
    shops: live.map((shop) => ({ ...shop, stored: stored.get(shop.shopId) ?? null })),
    totals: {
      cashFundCents: sum((shop) => shop.cashFundCents),
      cashToDepositCents: sum((shop) => shop.cashToDepositCents),
      balanceCents: sum((shop) => shop.balanceCents),
    },
  };
}

/** The month-end balances stored for a month, each beside its figure computed live now. */
export async function getBalanceMonth(options: Call & { month: string; now: Date }): Promise<BalanceMonth> {
  const { db, viewer, month } = options;
  const monthEnd = monthDays(month).to;
  const [live, stored] = await Promise.all([
    liveBalances(db, viewer, dayUpToToday(monthEnd, options.now)),
    storedOf(db, viewer, monthEnd),
  ]);
  return {
    month,
    monthEnd,
    ended: isMonthEnded(month, businessDate(options.now)),
    balances: live.flatMap((shop) => {
      const row = stored.get(shop.shopId);
      return row ? [{ ...row, shopCode: shop.shopCode, shopName: shop.shopName, liveCents: shop.balanceCents }] : [];
    }),
  };
}

/**
 * Computes and stores the month-end balance of each of the viewer's shops for an ended month: a new row takes the
 * computed amount; a generated row follows the computation again; an edited row keeps its amount and reason and only
 * its computed figure is refreshed (regeneratedBalance). Each row created or changed is audited.
 */
export async function generateBalances(
  options: Call & { month: string; now: Date; ip?: string },
): Promise<BalanceGenerateResult> {
  const { db, viewer, month } = options;
  if (!isMonthEnded(month, businessDate(options.now))) throw new AppError('balanceMonthNotEnded', { month });
  const date = monthDays(month).to;
  return db.transaction(async (tx) => {
    const live = await liveBalances(tx, viewer, date);
    const shopIds = live.map((shop) => shop.shopId);
    const existing =
      shopIds.length === 0
        ? []
        : await tx
            .select()
            .from(balances)
            .where(and(eq(balances.date, date), inArray(balances.shopId, shopIds)))
            .for('update');
    const byShop = new Map(existing.map((row) => [row.shopId, row]));
    const result = { month, created: 0, updated: 0, unchanged: 0 };
    const audit = { actorId: viewer.userId, entity: balanceAuditEntity, ip: options.ip };
    const fresh = live.filter((shop) => !byShop.has(shop.shopId));
    const created =
      fresh.length === 0
        ? []
        : await tx
            .insert(balances)
            .values(
              fresh.map((shop) => ({
                shopId: shop.shopId,
                date,
                amountCents: shop.balanceCents,
                computedCents: shop.balanceCents,
                generatedBy: viewer.userId,
              })),
            )
            // Another generation of the same month got there first: its row stands.
            .onConflictDoNothing()
            .returning();
    for (const row of created) {
      await writeAudit(tx, {
        ...audit,
        action: 'balance.generated',
        entityId: row.id,
        toState: 'generated',
        data: { shopId: row.shopId, date, amountCents: row.amountCents, computedCents: row.computedCents },
      });
    }
    result.created = created.length;
    result.unchanged = fresh.length - created.length;
    for (const shop of live) {
      const row = byShop.get(shop.shopId);
      if (!row) continue;
      const source = row.source === 'edited' ? 'edited' : 'generated';
      const next = regeneratedBalance({ ...row, source }, shop.balanceCents);
      if (!next) {
        result.unchanged += 1;
        continue;
      }
      await tx
        .update(balances)
        .set({ ...next, generatedBy: viewer.userId, updatedAt: new Date() })
        .where(eq(balances.id, row.id));
      await writeAudit(tx, {
        ...audit,
        action: 'balance.regenerated',
        entityId: row.id,
        fromState: source,
        toState: source,
        data: {
          shopId: row.shopId,
          date,
          before: { amountCents: row.amountCents, computedCents: row.computedCents },
          after: next,
        },
      });
      result.updated += 1;
    }
    return result;
  });
}

/** Accounting corrects a month-end balance: the amount and why, kept beside what was computed. */
export async function editBalance(
  options: Call & { id: number; body: BalanceEdit; ip?: string },
): Promise<StoredBalance> {
  const { db, viewer, id, body } = options;
  await db.transaction(async (tx) => {
    const [row] = await tx.select().from(balances).where(eq(balances.id, id)).for('update');
    const scope = shopsInScope(viewer, 'shops');
    if (!row || (scope !== 'all' && !scope.includes(row.shopId))) throw new AppError('notFound');
    await tx
      .update(balances)
      .set({
        amountCents: body.amountCents,
        source: 'edited',
        reason: body.reason,
        editedBy: viewer.userId,
        updatedAt: new Date(),
      })
      .where(eq(balances.id, id));
    await writeAudit(tx, {
      actorId: viewer.userId,
      action: 'balance.edited',
      entity: balanceAuditEntity,
      entityId: id,
      fromState: row.source,
      toState: 'edited',
      reason: body.reason,
      data: {
        shopId: row.shopId,
        date: row.date,
        before: { amountCents: row.amountCents, reason: row.reason },
        after: { amountCents: body.amountCents, reason: body.reason },
      },
      ip: options.ip,
    });
  });
  const [row] = await selectStored(db).where(eq(balances.id, id));
  return toStored(row as StoredRow);
}
