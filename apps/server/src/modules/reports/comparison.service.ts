// The comparison (spec §2 Accountancy › report/comparison, §6 Shops › analytics › compare inventory): a period
// against another, per shop and for every shop the viewer reaches — the sales feed's takings, receipts, average
// receipt, pieces per receipt and returns (its daily totals, sales_days, never the receipts), and the same money as
// the system register, the fiscal printers and the bank (cards settled plus cash deposited) saw it.

import { addDays } from '@bottega/contracts/dates';
import {
  type Comparison,
  type ComparisonFigures,
  type ComparisonQuery,
  comparisonFigures,
  periodDays,
} from '@bottega/contracts/reports';
import { type SQL, sql } from 'drizzle-orm';
import { shopsInScope } from '../../platform/access';
import type { Executor } from '../../platform/db';
import type { SessionContext } from '../../platform/sessions';
import { loadVisibleShop } from '../shops/shops.service';

type Sums = Parameters<typeof comparisonFigures>[0];
type ShopSums = Sums & { shopId: number; shopCode: string; shopName: string };

const empty: Sums = {
  takingsCents: 0,
  receipts: 0,
  pieces: 0,
  returnsCount: 0,
  returnsCents: 0,
  fiscalCents: 0,
  posSettledCents: 0,
  depositsCents: 0,
};

/** The shops asked for as a condition on `shops.id`: the one shop (404 outside the viewer's), else all they reach. */
async function shopCondition(db: Executor, viewer: SessionContext, shopId: number | undefined): Promise<SQL | 'none'> {
  const scope = shopsInScope(viewer, 'shops');
  if (shopId !== undefined) {
    // Another shop, or a closed one for who does not see closed shops, answers 404.
    await loadVisibleShop(db, viewer, shopId);
    return sql`s.id = ${shopId}`;
  }
  // A closed shop is there only for those who see closed shops (as everywhere else).
  const closed = viewer.abilities.has('shops.manage.viewClosed') ? sql`true` : sql`NOT s.closed`;
  if (scope === 'all') return closed;
  if (scope.length === 0) return 'none';
  return sql`s.id IN (${sql.join(
    scope.map((id) => sql`${id}`),
    sql`, `,
  )}) AND ${closed}`;
}

function rowsOf(answer: unknown): Record<string, unknown>[] {
  return (answer as { rows: Record<string, unknown>[] }).rows;
}

/** Every chosen shop's sums over one period, in one statement (each feed summed apart, then joined per shop). */
async function periodSums(db: Executor, shops: SQL, from: string, to: string): Promise<ShopSums[]> {
  const answer = await db.execute(sql`
    WITH chosen AS (SELECT s.id, s.code, s.name FROM shops s WHERE ${shops}),
    sales AS (
      SELECT shop_id, sum(takings_cents) AS takings, sum(receipts_count) AS receipts, sum(pieces) AS pieces,
        sum(returns_count) AS returns_count, sum(returns_cents) AS returns_cents
      FROM sales_days WHERE business_date BETWEEN ${from} AND ${to} AND shop_id IN (SELECT id FROM chosen)
      GROUP BY shop_id
    ),
    fiscal AS (
      SELECT shop_id, sum(total_cents) AS cents FROM fiscal_closes
      WHERE business_date BETWEEN ${from} AND ${to} AND shop_id IN (SELECT id FROM chosen) GROUP BY shop_id
    ),
    pos AS (
      SELECT shop_id, sum(CASE state WHEN 'accepted' THEN amount_cents WHEN 'reversed' THEN -abs(amount_cents) ELSE 0 END)
        AS cents
      FROM pos_entries WHERE date BETWEEN ${from} AND ${to} AND shop_id IN (SELECT id FROM chosen) GROUP BY shop_id
    ),
    cash AS (
      SELECT shop_id, sum(amount_cents) AS cents FROM deposits
      WHERE date BETWEEN ${from} AND ${to} AND shop_id IN (SELECT id FROM chosen) GROUP BY shop_id
    )
    SELECT chosen.id AS "shopId", chosen.code AS "shopCode", chosen.name AS "shopName",
      coalesce(sales.takings, 0)::bigint AS "takingsCents", coalesce(sales.receipts, 0)::bigint AS receipts,
      coalesce(sales.pieces, 0)::bigint AS pieces, coalesce(sales.returns_count, 0)::bigint AS "returnsCount",
      coalesce(sales.returns_cents, 0)::bigint AS "returnsCents", coalesce(fiscal.cents, 0)::bigint AS "fiscalCents",
      coalesce(pos.cents, 0)::bigint AS "posSettledCents", coalesce(cash.cents, 0)::bigint AS "depositsCents"
    FROM chosen
    LEFT JOIN sales ON sales.shop_id = chosen.id
    LEFT JOIN fiscal ON fiscal.shop_id = chosen.id
    LEFT JOIN pos ON pos.shop_id = chosen.id
    LEFT JOIN cash ON cash.shop_id = chosen.id
    ORDER BY chosen.code`);
  return rowsOf(answer).map((row) => ({
    shopId: Number(row.shopId),
    shopCode: String(row.shopCode),
    shopName: String(row.shopName),
    takingsCents: Number(row.takingsCents),
    receipts: Number(row.receipts),
    pieces: Number(row.pieces),
    returnsCount: Number(row.returnsCount),
    returnsCents: Number(row.returnsCents),
    fiscalCents: Number(row.fiscalCents),
    posSettledCents: Number(row.posSettledCents),
    depositsCents: Number(row.depositsCents),
  }));
}

/** The chosen shops' takings per day of a period (days without sales are absent). */
async function dailyTakings(db: Executor, shops: SQL, from: string, to: string): Promise<Map<string, number>> {
  const answer = await db.execute(sql`
    SELECT business_date::text AS date, sum(takings_cents)::bigint AS cents FROM sales_days
    WHERE business_date BETWEEN ${from} AND ${to} AND shop_id IN (SELECT s.id FROM shops s WHERE ${shops})
    GROUP BY business_date`);
  return new Map(rowsOf(answer).map((row) => [String(row.date), Number(row.cents)]));
}

function total(rows: Sums[]): Sums {
  const sums = { ...empty };
  for (const row of rows) for (const key of Object.keys(sums) as (keyof Sums)[]) sums[key] += row[key];
  return sums;
}

/** A period against another, per shop and in all. */
export async function compare(options: {
  db: Executor;
  viewer: SessionContext;
  query: ComparisonQuery;
}): Promise<Comparison> {
  const { db, viewer, query } = options;
  const condition = await shopCondition(db, viewer, query.shopId);
  const none = condition === 'none';
  const [current, against, currentDays, againstDays] = none
    ? [[], [], new Map<string, number>(), new Map<string, number>()]
    : await Promise.all([
        periodSums(db, condition, query.from, query.to),
        periodSums(db, condition, query.againstFrom, query.againstTo),
        dailyTakings(db, condition, query.from, query.to),
        dailyTakings(db, condition, query.againstFrom, query.againstTo),
      ]);
  const againstOf = new Map(against.map((row) => [row.shopId, row]));
  const length = Math.max(periodDays(query.from, query.to), periodDays(query.againstFrom, query.againstTo));
  const currentLength = periodDays(query.from, query.to);
  const againstLength = periodDays(query.againstFrom, query.againstTo);
  const figures = (sums: Sums): ComparisonFigures => comparisonFigures(sums);
  return {
    period: { from: query.from, to: query.to },
    against: { from: query.againstFrom, to: query.againstTo },
    current: figures(total(current)),
    previous: figures(total(against)),
    days: Array.from({ length }, (_, index) => {
      const date = index < currentLength ? addDays(query.from, index) : null;
      const againstDate = index < againstLength ? addDays(query.againstFrom, index) : null;
      return {
        index: index + 1,
        date,
        againstDate,
        takingsCents: date === null ? null : (currentDays.get(date) ?? 0),
        againstTakingsCents: againstDate === null ? null : (againstDays.get(againstDate) ?? 0),
      };
    }),
    shops: current.map((row) => ({
      shopId: row.shopId,
      shopCode: row.shopCode,
      shopName: row.shopName,
      current: figures(row),
      against: figures(againstOf.get(row.shopId) ?? empty),
    })),
  };
}
