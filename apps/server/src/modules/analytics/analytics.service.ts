// The sales report (spec §2 Accountancy › shops/analytics; §6 Shops › analytics › sales report): any period and any set
// of shops against the same weekdays a year before, from the aggregates the ingestion keeps (sales_days per shop and
// day, sales_day_hours per shop, day and hour), never from the receipts, and the budgets' days. Three statements
// whatever the number of shops: the days (per shop and per date, both periods, in one GROUPING SETS
// pass), the heat map, and the budget against the takings of the budgeted days.

import {
  addSalesSums,
  type BudgetAgainstActual,
  emptySalesSums,
  previousYearPeriod,
  type SalesHeatCell,
  type SalesReport,
  type SalesReportQuery,
  type SalesSums,
  salesFigures,
  salesSumKeys,
  yearOverYearDays,
} from '@bottega/contracts/analytics';
import { addDays } from '@bottega/contracts/dates';
import { periodDays } from '@bottega/contracts/reports';
import { type SQL, sql } from 'drizzle-orm';
import { shopsInScope } from '../../platform/access';
import type { Executor } from '../../platform/db';
import { AppError } from '../../platform/errors';
import type { SessionContext } from '../../platform/sessions';

type ChosenShop = { id: number; code: string; name: string };

function rowsOf(answer: unknown): Record<string, unknown>[] {
  return (answer as { rows: Record<string, unknown>[] }).rows;
}

/**
 * The shops the report covers, by code: those asked for, each of which must be the viewer's (another shop, or a
 * closed one for who does not see closed shops, answers 404 as if it did not exist), or every shop they reach.
 */
export async function chosenShops(options: {
  db: Executor;
  viewer: SessionContext;
  shopIds: number[] | undefined;
}): Promise<ChosenShop[]> {
  const { db, viewer, shopIds } = options;
  const scope = shopsInScope(viewer, 'shops');
  if (shopIds && scope !== 'all' && shopIds.some((id) => !scope.includes(id))) throw new AppError('notFound');
  if (scope !== 'all' && scope.length === 0) return [];
  const conditions: SQL[] = [];
  if (!viewer.abilities.has('shops.manage.viewClosed')) conditions.push(sql`NOT closed`);
  const ids = shopIds ?? (scope === 'all' ? undefined : scope);
  if (ids)
    conditions.push(
      sql`id IN (${sql.join(
        ids.map((id) => sql`${id}`),
        sql`, `,
      )})`,
    );
  const where = conditions.length > 0 ? sql`WHERE ${sql.join(conditions, sql` AND `)}` : sql``;
  const rows = rowsOf(await db.execute(sql`SELECT id, code, name FROM shops ${where} ORDER BY code`)).map((row) => ({
    id: Number(row.id),
    code: String(row.code),
    name: String(row.name),
  }));
  if (shopIds && rows.length !== shopIds.length) throw new AppError('notFound');
  return rows;
}

/** The sales_days columns behind each sum, summed in SQL under the sum's name. */
const sumColumns: Record<keyof SalesSums, string> = {
  takingsCents: 'takings_cents',
  receipts: 'receipts_count',
  pieces: 'pieces',
  returnsCount: 'returns_count',
  returnsCents: 'returns_cents',
  discountCents: 'discount_cents',
  cancelledCount: 'cancelled_count',
  cancelledCents: 'cancelled_cents',
  cashCents: 'cash_cents',
  creditCardCents: 'credit_card_cents',
  bancomatCents: 'bancomat_cents',
  voucherCents: 'voucher_cents',
  otherCents: 'other_cents',
};

const summed = sql.join(
  salesSumKeys.map((key) => sql`sum(d.${sql.identifier(sumColumns[key])})::bigint AS ${sql.identifier(key)}`),
  sql`, `,
);

function sumsOf(row: Record<string, unknown>): SalesSums {
  const sums = emptySalesSums();
  for (const key of salesSumKeys) sums[key] = Number(row[key] ?? 0);
  return sums;
}

const idList = (ids: number[]) =>
  sql.join(
    ids.map((id) => sql`${id}`),
    sql`, `,
  );

/**
 * The statements of a report, apart from the shops' lookup: the benchmark times them raw against the endpoint.
 * The periods may overlap (a period longer than 52 weeks), so a day is joined to each period it falls in.
 */
export function salesReportStatements(shopIds: number[], period: { from: string; to: string }) {
  const previous = previousYearPeriod(period);
  const days = sql`
    SELECT p.name AS period, d.shop_id AS "shopId", d.business_date::text AS date, ${summed}
    FROM sales_days d
    JOIN (VALUES ('current', ${period.from}::date, ${period.to}::date),
                 ('previous', ${previous.from}::date, ${previous.to}::date)) AS p(name, first, last)
      ON d.business_date BETWEEN p.first AND p.last
    WHERE d.shop_id IN (${idList(shopIds)})
      AND (d.business_date BETWEEN ${period.from} AND ${period.to}
        OR d.business_date BETWEEN ${previous.from} AND ${previous.to})
    GROUP BY GROUPING SETS ((p.name, d.shop_id), (p.name, d.business_date))`;
  const heatMap = sql`
    SELECT extract(isodow FROM business_date)::int AS weekday, hour::int AS hour,
      sum(receipts_count)::bigint AS receipts, sum(takings_cents)::bigint AS "takingsCents"
    FROM sales_day_hours
    WHERE shop_id IN (${idList(shopIds)}) AND business_date BETWEEN ${period.from} AND ${period.to}
    GROUP BY 1, 2 ORDER BY 1, 2`;
  const budget = sql`
    SELECT b.shop_id AS "shopId", bd.date::text AS date, sum(bd.cents)::bigint AS "budgetCents",
      sum(coalesce(d.takings_cents, 0))::bigint AS "takingsCents"
    FROM budgets b
    JOIN budget_days bd ON bd.budget_id = b.id AND bd.date BETWEEN ${period.from} AND ${period.to}
    LEFT JOIN sales_days d ON d.shop_id = b.shop_id AND d.business_date = bd.date
    WHERE b.shop_id IN (${idList(shopIds)})
      AND b.month BETWEEN ${period.from.slice(0, 7)} AND ${period.to.slice(0, 7)}
    GROUP BY GROUPING SETS ((b.shop_id), (bd.date))`;
  return { days, heatMap, budget };
}

function budgetOf(row: Record<string, unknown> | undefined): BudgetAgainstActual | null {
  return row ? { budgetCents: Number(row.budgetCents), takingsCents: Number(row.takingsCents) } : null;
}

/** The sales report of a period and some shops (every shop the viewer reaches when none is named). */
export async function getSalesReport(options: {
  db: Executor;
  viewer: SessionContext;
  query: SalesReportQuery;
}): Promise<SalesReport> {
  const { db, viewer, query } = options;
  const shops = await chosenShops({ db, viewer, shopIds: query.shops });
  const period = { from: query.from, to: query.to };
  const previousPeriod = previousYearPeriod(period);
  const ids = shops.map((shop) => shop.id);
  const statements = ids.length > 0 ? salesReportStatements(ids, period) : null;
  // One after the other: the executor may be a single connection (a transaction, PGlite).
  const dayRows = statements ? rowsOf(await db.execute(statements.days)) : [];
  const heatRows = statements ? rowsOf(await db.execute(statements.heatMap)) : [];
  const budgetRows = statements ? rowsOf(await db.execute(statements.budget)) : [];
  // GROUPING SETS again: a row names its shop (the shop's budget of the period) or its date (every shop's of the day).
  const budgetOfShop = new Map(budgetRows.filter((row) => row.shopId !== null).map((row) => [Number(row.shopId), row]));
  const budgetOfDate = new Map(budgetRows.filter((row) => row.shopId === null).map((row) => [String(row.date), row]));
  const budgetTotal = [...budgetOfShop.values()].reduce<BudgetAgainstActual | null>((into, row) => {
    const one = budgetOf(row) as BudgetAgainstActual;
    return into
      ? { budgetCents: into.budgetCents + one.budgetCents, takingsCents: into.takingsCents + one.takingsCents }
      : one;
  }, null);

  const perShop = { current: new Map<number, SalesSums>(), previous: new Map<number, SalesSums>() };
  const perDate = { current: new Map<string, SalesSums>(), previous: new Map<string, SalesSums>() };
  for (const row of dayRows) {
    const side = row.period === 'current' ? 'current' : 'previous';
    // GROUPING SETS: a row names either its shop (the period's sums for that shop) or its date (for all the shops).
    if (row.shopId !== null) perShop[side].set(Number(row.shopId), sumsOf(row));
    else perDate[side].set(String(row.date), sumsOf(row));
  }
  const total = (sums: Iterable<SalesSums>) => {
    const into = emptySalesSums();
    for (const one of sums) addSalesSums(into, one);
    return into;
  };

  const heatMap: SalesHeatCell[] = heatRows.map((row) => ({
    weekday: Number(row.weekday),
    hour: Number(row.hour),
    receipts: Number(row.receipts),
    takingsCents: Number(row.takingsCents),
  }));

  return {
    period,
    previousPeriod,
    shopIds: ids,
    current: salesFigures(total(perShop.current.values())),
    previous: salesFigures(total(perShop.previous.values())),
    budget: budgetTotal,
    days: Array.from({ length: periodDays(period.from, period.to) }, (_, index) => {
      const date = addDays(period.from, index);
      const previousDate = addDays(date, -yearOverYearDays);
      return {
        date,
        previousDate,
        ...salesFigures(perDate.current.get(date) ?? emptySalesSums()),
        previousTakingsCents: perDate.previous.get(previousDate)?.takingsCents ?? 0,
        budgetCents: budgetOf(budgetOfDate.get(date))?.budgetCents ?? null,
      };
    }),
    heatMap,
    shops: shops.map((shop) => ({
      shopId: shop.id,
      shopCode: shop.code,
      shopName: shop.name,
      current: salesFigures(perShop.current.get(shop.id) ?? emptySalesSums()),
      previous: salesFigures(perShop.previous.get(shop.id) ?? emptySalesSums()),
      budget: budgetOf(budgetOfShop.get(shop.id)),
    })),
  };
}
