// Stock per location (issue 25 "Stock"): what processed files moved into and out of a warehouse or a shop
// (stock_levels, kept as files are processed) less, in a shop, what its receipts sold (shop_product_sales, kept by the
// database as receipts arrive): the expected stock. A product sold but never moved in shows too, expected below zero.
// A count of the shelves (CSV or XLSX of code and pieces) is compared with it: "compare inventory".
import {
  type LogisticsImportRowError,
  type StockLocation,
  type StockLocationType,
  type StockRow,
  stockCountColumns,
  type stockCountQuerySchema,
  type stockQuerySchema,
} from '@bottega/contracts/logistics';
import { and, asc, eq, inArray, type SQL, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { shopsInScope } from '../../platform/access';
import { containsPattern, type Executor } from '../../platform/db';
import { AppError } from '../../platform/errors';
import type { SessionContext } from '../../platform/sessions';
import { findColumn, readSheetFile, SheetFileUnreadable } from '../../platform/sheet-file';
import { companies } from '../companies/companies.schema';
import { products } from '../sales/sales.schema';
import { shops } from '../shops/shops.schema';
import { logisticsParties } from './logistics.schema';

/** A count covers a shop's whole range with room; a longer sheet is refused whole. */
export const stockCountMaximumRows = 50_000;

/** The warehouses, and the shops the person may reach (every shop with "view all shops"). */
export async function listStockLocations(options: { db: Executor; session: SessionContext }): Promise<StockLocation[]> {
  const { db, session } = options;
  const scope = shopsInScope(session, 'shops');
  const warehouses = await db
    .select({ id: logisticsParties.id, name: logisticsParties.name, companyName: companies.name })
    .from(logisticsParties)
    .leftJoin(companies, eq(companies.id, logisticsParties.companyId))
    .where(eq(logisticsParties.type, 'warehouse'))
    .orderBy(asc(logisticsParties.name), asc(logisticsParties.id));
  const shopRows =
    scope !== 'all' && scope.length === 0
      ? []
      : await db
          .select({ id: shops.id, name: shops.name, code: shops.code, companyName: companies.name })
          .from(shops)
          .innerJoin(companies, eq(companies.id, shops.companyId))
          .where(and(eq(shops.closed, false), scope === 'all' ? undefined : inArray(shops.id, scope)))
          .orderBy(asc(shops.code));
  return [
    ...warehouses.map((row) => ({ type: 'warehouse' as const, code: null, ...row })),
    ...shopRows.map((row) => ({ type: 'shop' as const, ...row })),
  ];
}

/** A warehouse, or a shop in the person's scope; anything else answers 404 as if it did not exist. */
async function assertLocation(
  db: Executor,
  session: SessionContext,
  locationType: StockLocationType,
  locationId: number,
): Promise<void> {
  if (locationType === 'shop') {
    const scope = shopsInScope(session, 'shops');
    if (scope !== 'all' && !scope.includes(locationId)) throw new AppError('notFound');
    const [shop] = await db.select({ id: shops.id }).from(shops).where(eq(shops.id, locationId));
    if (!shop) throw new AppError('notFound');
    return;
  }
  const [warehouse] = await db
    .select({ id: logisticsParties.id })
    .from(logisticsParties)
    .where(and(eq(logisticsParties.id, locationId), eq(logisticsParties.type, 'warehouse')));
  if (!warehouse) throw new AppError('notFound');
}

type StockQuery = z.output<typeof stockQuerySchema>;
type StockCountQuery = z.output<typeof stockCountQuerySchema>;

type StockSqlRow = {
  product_id: number;
  product_code: string;
  description: string;
  moved: string | number;
  sold: string | number;
  last_movement_on: string | null;
  total: string | number;
};

/**
 * The location's rows in one statement: its stock levels, in a shop full-joined with its sales per product code (a
 * code outside the catalogue has no product to show and is left out). Ordered by code, a page at a time, the total
 * counted alongside.
 */
function stockStatement(options: {
  locationType: StockLocationType;
  locationId: number;
  search?: string;
  nonZero: boolean;
  limit?: number;
  offset?: number;
}): SQL {
  const { locationType, locationId } = options;
  const sold =
    locationType === 'shop'
      ? sql`SELECT p.id AS product_id, s.pieces FROM shop_product_sales s JOIN products p ON p.code = s.product_code
            WHERE s.shop_id = ${locationId}`
      : sql`SELECT NULL::integer AS product_id, 0::bigint AS pieces WHERE false`;
  const conditions: SQL[] = [];
  for (const term of (options.search ?? '').split(/\s+/).filter(Boolean)) {
    const pattern = containsPattern(term);
    conditions.push(sql`(p.code ILIKE ${pattern} OR p.description ILIKE ${pattern})`);
  }
  if (options.nonZero) conditions.push(sql`coalesce(m.moved, 0) - coalesce(s.pieces, 0) <> 0`);
  const where = conditions.length > 0 ? sql`WHERE ${sql.join(conditions, sql` AND `)}` : sql``;
  const page = options.limit === undefined ? sql`` : sql`LIMIT ${options.limit} OFFSET ${options.offset ?? 0}`;
  return sql`
    WITH moved AS (
      SELECT product_id, moved, last_movement_on FROM stock_levels
      WHERE location_type = ${locationType} AND location_id = ${locationId}
    ),
    sold AS (${sold})
    SELECT p.id AS product_id, p.code AS product_code, p.description,
      coalesce(m.moved, 0) AS moved, coalesce(s.pieces, 0) AS sold, m.last_movement_on::text AS last_movement_on,
      count(*) OVER () AS total
    FROM moved m
    FULL JOIN sold s ON s.product_id = m.product_id
    JOIN products p ON p.id = coalesce(m.product_id, s.product_id)
    ${where}
    ORDER BY p.code
    ${page}`;
}

function toStockRow(row: StockSqlRow): StockRow {
  const moved = Number(row.moved);
  const sold = Number(row.sold);
  return {
    productId: row.product_id,
    productCode: row.product_code,
    description: row.description,
    moved,
    sold,
    expected: moved - sold,
    lastMovementOn: row.last_movement_on,
  };
}

export async function listStock(options: { db: Executor; session: SessionContext; query: StockQuery }) {
  const { db, session } = options;
  const { query } = options;
  await assertLocation(db, session, query.locationType, query.locationId);
  const answer = await db.execute(
    stockStatement({
      locationType: query.locationType,
      locationId: query.locationId,
      search: query.search,
      nonZero: query.nonZero,
      limit: query.perPage,
      offset: (query.page - 1) * query.perPage,
    }),
  );
  const rows = (answer as unknown as { rows: StockSqlRow[] }).rows;
  let total = Number(rows[0]?.total ?? 0);
  if (rows.length === 0 && query.page > 1) {
    // Past the last page the window has no row to carry the total: count apart.
    const all = await db.execute(
      sql`SELECT count(*)::int AS total FROM (${stockStatement({
        locationType: query.locationType,
        locationId: query.locationId,
        search: query.search,
        nonZero: query.nonZero,
      })}) AS every_row`,
    );
    total = Number((all as unknown as { rows: { total: number }[] }).rows[0]?.total ?? 0);
  }
  return { data: rows.map(toStockRow), meta: { page: query.page, perPage: query.perPage, total } };
}

/** Every row of the location (the count compares against all of them). */
async function allStock(db: Executor, locationType: StockLocationType, locationId: number): Promise<StockRow[]> {
  const answer = await db.execute(stockStatement({ locationType, locationId, nonZero: false }));
  return (answer as unknown as { rows: StockSqlRow[] }).rows.map(toStockRow);
}

const wholeNumber = /^\d{1,9}$/;

/**
 * Compares a count of the location with its expected stock. Every row is checked (a code, a whole number of pieces
 * from 0); a code counted on several rows adds up (a product counted on two shelves); codes outside the catalogue are
 * listed, never dropped. With any bad row nothing is compared — the person fixes the sheet, not half a count. Every
 * product counted or expected whose count differs is listed; one expected and not counted counts 0.
 */
export async function compareStockCount(options: {
  db: Executor;
  session: SessionContext;
  query: StockCountQuery;
  bytes: Uint8Array;
}) {
  const { db, session, bytes } = options;
  const locationType = options.query.locationType;
  const { locationId } = options.query;
  await assertLocation(db, session, locationType, locationId);

  let records: Awaited<ReturnType<typeof readSheetFile>>;
  try {
    records = await readSheetFile(bytes, { maximumRecords: stockCountMaximumRows });
  } catch (error) {
    if (error instanceof SheetFileUnreadable) throw new AppError('validation', {}, { file: [{ rule: 'invalid' }] });
    throw error;
  }
  const [header, ...body] = records;
  if (!header) throw new AppError('validation', {}, { file: [{ rule: 'required' }] });
  if (body.length > stockCountMaximumRows)
    throw new AppError('validation', {}, { file: [{ rule: 'max', params: { max: stockCountMaximumRows } }] });

  const errors: LogisticsImportRowError[] = [];
  const codeColumn = findColumn(header.record, stockCountColumns.productCode);
  const countedColumn = findColumn(header.record, stockCountColumns.counted);
  if (codeColumn === undefined) errors.push({ row: header.line, column: 'productCode', rule: 'required', value: '' });
  if (countedColumn === undefined) errors.push({ row: header.line, column: 'counted', rule: 'required', value: '' });
  if (codeColumn === undefined || countedColumn === undefined)
    return { differences: [], counted: 0, errors, unknownProducts: [] };

  const countedByCode = new Map<string, number>();
  for (const { record, line } of body) {
    const code = (record[codeColumn] ?? '').trim();
    const value = (record[countedColumn] ?? '').trim();
    if (code === '') errors.push({ row: line, column: 'productCode', rule: 'required', value: '' });
    else if (code.length > 40) errors.push({ row: line, column: 'productCode', rule: 'maxLength', value: code });
    if (value === '') errors.push({ row: line, column: 'counted', rule: 'required', value: '' });
    else if (!wholeNumber.test(value)) errors.push({ row: line, column: 'counted', rule: 'integer', value });
    if (code !== '' && code.length <= 40 && wholeNumber.test(value))
      countedByCode.set(code, (countedByCode.get(code) ?? 0) + Number(value));
  }

  const codes = [...countedByCode.keys()];
  const known = new Map<string, string>();
  for (let start = 0; start < codes.length; start += 5_000) {
    const chunk = codes.slice(start, start + 5_000);
    const rows = await db
      .select({ code: products.code, description: products.description })
      .from(products)
      .where(inArray(products.code, chunk));
    for (const row of rows) known.set(row.code, row.description);
  }
  const unknownProducts = codes.filter((code) => !known.has(code));
  if (errors.length > 0) return { differences: [], counted: 0, errors, unknownProducts };

  const expected = await allStock(db, locationType, locationId);
  const byCode = new Map(expected.map((row) => [row.productCode, row]));
  const differences = [];
  for (const code of new Set([...byCode.keys(), ...codes.filter((candidate) => known.has(candidate))])) {
    const row = byCode.get(code);
    const counted = countedByCode.get(code) ?? 0;
    const expectedPieces = row?.expected ?? 0;
    if (counted === expectedPieces) continue;
    differences.push({
      productCode: code,
      description: row?.description ?? known.get(code) ?? '',
      expected: expectedPieces,
      counted,
      difference: counted - expectedPieces,
    });
  }
  differences.sort((first, second) => (first.productCode < second.productCode ? -1 : 1));
  return { differences, counted: codes.length - unknownProducts.length, errors, unknownProducts };
}
