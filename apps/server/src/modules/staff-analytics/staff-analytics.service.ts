// Staff analytics (spec §2 Accountancy › shops/employees/analytics, §6 Employees › analytics: view, weekly and monthly
// reports): each employee's receipts, takings, average receipt, pieces per receipt, returns and discounts in a shop
// over a period, their share of the shop's takings and their rank in it. Every answer is one aggregate statement over
// sales_employee_days (a shop's day per employee, kept at ingestion with the receipts), never over the receipts; the
// figures follow the rules of contracts/staff-analytics.ts, written again here in SQL (the API tests check both agree).
import type { Language } from '@bottega/contracts/common';
import { formatDate } from '@bottega/contracts/dates';
import {
  type Period,
  reportPeriods,
  type StaffAnalyticsQuery,
  type StaffExportFormat,
  type StaffFigures,
  type StaffReportAnswer,
  type StaffReportKind,
  type StaffReportRow,
  type StaffRow,
  type StaffSeries,
  type StaffSeriesQuery,
  type StaffSort,
  seriesKeys,
  staffExportColumns,
  staffSeriesUnitOf,
} from '@bottega/contracts/staff-analytics';
import { type SQL, sql } from 'drizzle-orm';
import { assertShopInScope, shopsInScope } from '../../platform/access';
import type { Executor } from '../../platform/db';
import { AppError } from '../../platform/errors';
import { translate } from '../../platform/i18n';
import type { SessionContext } from '../../platform/sessions';
import { unassignedEmployeeId } from '../sales/sales-employee-days';
import { decimalComma, receiptsCsvRows, spreadsheetText } from '../sales/sales-export.csv';

type Rows = { rows: Record<string, unknown>[] };

const idList = (ids: number[]) =>
  sql.join(
    ids.map((id) => sql`${id}`),
    sql`, `,
  );

const closedShops = (viewer: SessionContext) =>
  viewer.abilities.has('shops.manage.viewClosed') ? sql`true` : sql`NOT closed`;

/**
 * The shops asked about, as a condition on a shop id column: those named, each of which must be within the viewer's
 * reach (another shop answers 404 at once); none named, every shop within reach — closed ones only for those who see
 * closed shops, as everywhere else. That the shops named exist (and are not closed to the viewer) is `verifyShops`'.
 */
function shopsCondition(viewer: SessionContext, shopIds: number[] | undefined, column: SQL): SQL {
  if (shopIds !== undefined) {
    for (const id of shopIds) assertShopInScope(viewer, 'shops', id);
    return sql`${column} IN (${idList(shopIds)})`;
  }
  const scope = shopsInScope(viewer, 'shops');
  if (scope !== 'all' && scope.length === 0) return sql`false`;
  const within = scope === 'all' ? sql`true` : sql`id IN (${idList(scope)})`;
  return sql`${column} IN (SELECT id FROM shops WHERE ${within} AND ${closedShops(viewer)})`;
}

/**
 * 404 unless every shop named exists and is open to the viewer: one query, run beside the figures' statement (on
 * PostgreSQL another connection of the pool), so a shop's month waits for one round trip, not two.
 */
async function verifyShops(db: Executor, viewer: SessionContext, shopIds: number[] | undefined): Promise<void> {
  if (shopIds === undefined) return;
  const found = (await db.execute(
    sql`SELECT count(*)::int AS found FROM shops WHERE id IN (${idList(shopIds)}) AND ${closedShops(viewer)}`,
  )) as unknown as Rows;
  if (Number(found.rows[0]?.found) !== shopIds.length) throw new AppError('notFound');
}

const direction = (value: 'asc' | 'desc') => sql.raw(value === 'desc' ? 'DESC' : 'ASC');

/** How the table is ordered: the chosen column, then the shop and its ranking, so pages never overlap. */
function orderOf(sort: StaffSort, dir: 'asc' | 'desc'): SQL {
  const tail = sql`s.code, s.id, f.rank NULLS LAST, f.employee_id`;
  const by: Record<Exclude<StaffSort, 'rank' | 'name'>, string> = {
    receipts: 'f.receipts',
    takings: 'f.takings',
    averageReceipt: 'average',
    piecesPerReceipt: 'per_receipt',
    returns: 'f.returns_count',
    discounts: 'f.discounts',
    share: 'share',
  };
  if (sort === 'rank') return sql`s.code ${direction(dir)}, s.id, f.rank NULLS LAST, f.employee_id`;
  if (sort === 'name') {
    return sql`(f.employee_id = 0) ${direction(dir)}, lower(u.surname) ${direction(dir)}, lower(u.name) ${direction(dir)}, ${tail}`;
  }
  return sql`${sql.raw(by[sort])} ${direction(dir)} NULLS LAST, ${tail}`;
}

/**
 * One statement: each (shop, employee)'s sums over the period, the shop's takings and the rank within it (employee 0,
 * the unassigned receipts, takes none), the derived figures, the names, and the count of all rows beside each page.
 */
function figuresStatement(options: {
  period: Period;
  shops: SQL;
  order: SQL;
  page?: { limit: number; offset: number };
}): SQL {
  const { period, shops, order, page } = options;
  return sql`
    WITH sums AS (
      SELECT e.shop_id, e.employee_id, sum(e.receipts_count)::bigint AS receipts, sum(e.takings_cents)::bigint AS takings,
        sum(e.pieces)::bigint AS pieces, sum(e.returns_count)::bigint AS returns_count,
        sum(e.returns_cents)::bigint AS returns_cents, sum(e.discount_cents)::bigint AS discounts
      FROM sales_employee_days e
      WHERE e.business_date BETWEEN ${period.from}::date AND ${period.to}::date AND ${shops}
      GROUP BY e.shop_id, e.employee_id
    ),
    figures AS (
      SELECT sums.*, sum(takings) OVER (PARTITION BY shop_id) AS shop_takings,
        CASE WHEN employee_id = ${unassignedEmployeeId} THEN NULL
          ELSE rank() OVER (PARTITION BY shop_id, employee_id = ${unassignedEmployeeId} ORDER BY takings DESC) END AS rank
      FROM sums
    )
    SELECT f.shop_id, f.employee_id, f.receipts, f.takings, f.pieces, f.returns_count, f.returns_cents, f.discounts,
      f.rank, s.code AS shop_code, s.name AS shop_name, u.name, u.surname, u.matricola,
      CASE WHEN f.receipts > 0 THEN sign(f.takings) * round(abs(f.takings)::numeric / f.receipts) END AS average,
      CASE WHEN f.receipts > 0 THEN round(f.pieces * 100.0 / f.receipts) / 100 END AS per_receipt,
      CASE WHEN f.shop_takings > 0 THEN round(f.takings * 10000.0 / f.shop_takings) END AS share,
      count(*) OVER () AS total
    FROM figures f
    JOIN shops s ON s.id = f.shop_id
    LEFT JOIN users u ON u.id = f.employee_id
    ORDER BY ${order}
    ${page ? sql`LIMIT ${page.limit} OFFSET ${page.offset}` : sql``}`;
}

const numberOr = (value: unknown) => (value === null || value === undefined ? null : Number(value));

function staffRowOf(row: Record<string, unknown>): StaffRow {
  const employeeId = Number(row.employee_id);
  const unassigned = employeeId === unassignedEmployeeId;
  return {
    employeeId: unassigned ? null : employeeId,
    // A deleted user's id stays on their receipts (users are soft-deleted), so the name is always there.
    name: unassigned ? '' : `${row.surname ?? ''} ${row.name ?? ''}`.trim(),
    matricola: unassigned ? null : ((row.matricola as string | null) ?? null),
    shopId: Number(row.shop_id),
    shopCode: String(row.shop_code),
    shopName: String(row.shop_name),
    receipts: Number(row.receipts),
    takingsCents: Number(row.takings),
    pieces: Number(row.pieces),
    averageReceiptCents: numberOr(row.average),
    piecesPerReceipt: numberOr(row.per_receipt),
    returnsCount: Number(row.returns_count),
    returnsCents: Number(row.returns_cents),
    discountCents: Number(row.discounts),
    shareBasisPoints: numberOr(row.share),
    rank: numberOr(row.rank),
  };
}

async function figuresOf(db: Executor, statement: SQL): Promise<{ rows: StaffRow[]; total: number }> {
  const answer = (await db.execute(statement)) as unknown as Rows;
  return { rows: answer.rows.map(staffRowOf), total: Number(answer.rows[0]?.total ?? 0) };
}

const figures = (db: Executor, options: Parameters<typeof figuresStatement>[0]) =>
  figuresOf(db, figuresStatement(options));

type ListOptions = { db: Executor; viewer: SessionContext; query: StaffAnalyticsQuery };

/** The one statement the ranking table runs (bench/staff-analytics.ts times it alone against the endpoint). */
export function staffFiguresStatement(options: Omit<ListOptions, 'db'>): SQL {
  const { viewer, query } = options;
  return figuresStatement({
    period: { from: query.from, to: query.to },
    shops: shopsCondition(viewer, query.shopIds, sql`e.shop_id`),
    order: orderOf(query.sort, query.direction),
    page: { limit: query.perPage, offset: (query.page - 1) * query.perPage },
  });
}

/** The ranking table: one row per employee and shop over the period, sorted and paged on the server. */
export async function listStaffFigures(options: ListOptions) {
  const { db, viewer, query } = options;
  const [{ rows, total }] = await Promise.all([
    figuresOf(db, staffFiguresStatement(options)),
    verifyShops(db, viewer, query.shopIds),
  ]);
  return { data: rows, meta: { page: query.page, perPage: query.perPage, total } };
}

/** The chart: the chosen employees' takings and receipts per day (or ISO week) of the period, in the shops asked. */
export async function staffSeries(options: {
  db: Executor;
  viewer: SessionContext;
  query: StaffSeriesQuery;
}): Promise<StaffSeries> {
  const { db, viewer, query } = options;
  const shops = shopsCondition(viewer, query.shopIds, sql`e.shop_id`);
  await verifyShops(db, viewer, query.shopIds);
  const unit = staffSeriesUnitOf(query.from, query.to);
  const key =
    unit === 'day'
      ? sql.raw(`to_char(e.business_date, 'YYYY-MM-DD')`)
      : sql.raw(`to_char(e.business_date, 'IYYY-"W"IW')`);
  const answer = (await db.execute(sql`
    SELECT e.employee_id, ${key} AS key, sum(e.takings_cents)::bigint AS takings, sum(e.receipts_count)::bigint AS receipts,
      min(u.surname) AS surname, min(u.name) AS name
    FROM sales_employee_days e
    JOIN users u ON u.id = e.employee_id
    WHERE e.business_date BETWEEN ${query.from}::date AND ${query.to}::date AND ${shops}
      AND e.employee_id IN (${sql.join(
        query.employeeIds.map((id) => sql`${id}`),
        sql`, `,
      )})
    GROUP BY e.employee_id, key`)) as unknown as Rows;
  // Only employees with figures in the shops asked are named: an id of another shop's employee tells nothing.
  const employees = new Map<number, string>();
  const values = new Map<string, { takingsCents: number; receipts: number }>();
  for (const row of answer.rows) {
    const employeeId = Number(row.employee_id);
    employees.set(employeeId, `${row.surname} ${row.name}`);
    values.set(`${row.key}\n${employeeId}`, { takingsCents: Number(row.takings), receipts: Number(row.receipts) });
  }
  const chosen = query.employeeIds.filter((id) => employees.has(id));
  return {
    unit,
    employees: chosen.map((employeeId) => ({ employeeId, name: employees.get(employeeId) as string })),
    points: seriesKeys(query.from, query.to, unit).map((point) => ({
      key: point,
      values: chosen.map((employeeId) => ({
        employeeId,
        ...(values.get(`${point}\n${employeeId}`) ?? { takingsCents: 0, receipts: 0 }),
      })),
    })),
  };
}

function figuresOnly(row: StaffRow): StaffFigures {
  const { employeeId, name, matricola, shopId, shopCode, shopName, ...rest } = row;
  return rest;
}

const rowKey = (row: { shopId: number; employeeId: number | null }) => `${row.shopId}\n${row.employeeId ?? 0}`;

/**
 * A weekly or monthly report: each shop's staff ranking over the period, a page at a time (by shop, then rank), with
 * the same employee's figures of the period before (and, monthly, of the same month a year earlier) beside them.
 * The earlier periods are asked only for the page's shops, whose rankings they need whole.
 */
export async function staffReport(options: {
  db: Executor;
  viewer: SessionContext;
  kind: StaffReportKind;
  period: string;
  shopIds: number[] | undefined;
  page?: { page: number; perPage: number };
}): Promise<StaffReportAnswer> {
  const { db, viewer, kind } = options;
  const periods = reportPeriods(kind, options.period);
  const shops = shopsCondition(viewer, options.shopIds, sql`e.shop_id`);
  await verifyShops(db, viewer, options.shopIds);
  const paging = options.page;
  const current = await figures(db, {
    period: periods.current,
    shops,
    order: orderOf('rank', 'asc'),
    page: paging && { limit: paging.perPage, offset: (paging.page - 1) * paging.perPage },
  });
  const pageShops = [...new Set(current.rows.map((row) => row.shopId))];
  const earlier = async (period: Period | null) => {
    if (period === null || pageShops.length === 0) return new Map<string, StaffFigures>();
    const answer = await figures(db, {
      period,
      shops: sql`e.shop_id IN (${sql.join(
        pageShops.map((id) => sql`${id}`),
        sql`, `,
      )})`,
      order: orderOf('rank', 'asc'),
    });
    return new Map(answer.rows.map((row) => [rowKey(row), figuresOnly(row)]));
  };
  const [previous, lastYear] = await Promise.all([earlier(periods.previous), earlier(periods.lastYear)]);
  return {
    data: current.rows.map(
      (row): StaffReportRow => ({
        ...row,
        previous: previous.get(rowKey(row)) ?? null,
        lastYear: periods.lastYear === null ? null : (lastYear.get(rowKey(row)) ?? null),
      }),
    ),
    meta: {
      page: paging?.page ?? 1,
      perPage: paging?.perPage ?? current.rows.length,
      total: current.total,
    },
    periods,
  };
}

type Cell = string | number | null;

/** A report's rows as cells (money in cents, the share in basis points) in staffExportColumns' order. */
function exportRows(rows: StaffReportRow[], lng: Language): Cell[][] {
  return rows.map((row) => [
    `${row.shopCode} · ${row.shopName}`,
    row.rank,
    row.matricola ?? '',
    row.employeeId === null ? translate(lng, 'staff-analytics:unassigned') : row.name,
    row.receipts,
    row.takingsCents,
    row.averageReceiptCents,
    row.piecesPerReceipt,
    row.returnsCount,
    row.returnsCents,
    row.discountCents,
    row.shareBasisPoints,
    row.previous?.rank ?? null,
    row.previous?.takingsCents ?? null,
    row.previous ? row.takingsCents - row.previous.takingsCents : null,
    row.lastYear?.takingsCents ?? null,
    row.lastYear ? row.takingsCents - row.lastYear.takingsCents : null,
  ]);
}

const moneyColumns = new Set<number>(
  (
    [
      'takings',
      'averageReceipt',
      'returnsAmount',
      'discounts',
      'previousTakings',
      'takingsChange',
      'lastYearTakings',
      'lastYearChange',
    ] as const
  ).map((column) => staffExportColumns.indexOf(column)),
);
const shareColumn = staffExportColumns.indexOf('share');
const piecesColumn = staffExportColumns.indexOf('piecesPerReceipt');

/** The weekly or monthly report as a file: CSV in Italian Excel's format, or an XLSX workbook with euro numbers. */
export async function staffReportFile(options: {
  db: Executor;
  viewer: SessionContext;
  kind: StaffReportKind;
  period: string;
  shopIds: number[] | undefined;
  format: StaffExportFormat;
  lng: Language;
}): Promise<{ bytes: Uint8Array; fileName: string; type: string }> {
  const { kind, format, lng } = options;
  const report = await staffReport(options);
  // The monthly report alone has last year beside it.
  const columns = staffExportColumns.filter((column) => kind === 'monthly' || !column.startsWith('lastYear'));
  const keep = columns.map((column) => staffExportColumns.indexOf(column));
  const headings = columns.map((column) => translate(lng, `staff-analytics:export.columns.${column}`));
  const rows = exportRows(report.data, lng).map((row) => keep.map((index) => row[index] ?? null));
  const title = `${translate(lng, `staff-analytics:export.${kind}`)} ${formatDate(report.periods.current.from)} – ${formatDate(report.periods.current.to)}`;
  const base = `${translate(lng, 'staff-analytics:export.fileName')}-${options.period}`;
  if (format === 'csv') {
    const body = rows.map((row) =>
      row.map((cell, position) => {
        const index = keep[position] as number;
        if (cell === null) return '';
        if (typeof cell === 'string') return spreadsheetText(cell);
        if (moneyColumns.has(index)) return decimalComma(cell);
        // The share as a percentage with two decimals (basis points are hundredths of a per cent).
        if (index === shareColumn) return decimalComma(cell);
        if (index === piecesColumn) return String(cell).replace('.', ',');
        return String(cell);
      }),
    );
    const bytes = Buffer.concat([Buffer.from('\uFEFF', 'utf8'), receiptsCsvRows([[title], headings, ...body])]);
    return { bytes, fileName: `${base}.csv`, type: 'text/csv; charset=utf-8' };
  }
  // Loaded on the first workbook asked for (as the first note's export): exceljs is a large tree.
  const { default: ExcelJS } = await import('exceljs');
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet(translate(lng, `staff-analytics:export.${kind}`), {
    views: [{ state: 'frozen', ySplit: 2, rightToLeft: lng === 'ar' }],
  });
  sheet.addRow([title]).font = { bold: true };
  sheet.addRow(headings).font = { bold: true };
  for (const row of rows) {
    sheet.addRow(
      row.map((cell, position) => {
        const index = keep[position] as number;
        if (typeof cell !== 'number') return cell;
        return moneyColumns.has(index) ? cell / 100 : index === shareColumn ? cell / 10_000 : cell;
      }),
    );
  }
  keep.forEach((index, position) => {
    const column = sheet.getColumn(position + 1);
    if (moneyColumns.has(index)) column.numFmt = '#,##0.00';
    if (index === shareColumn) column.numFmt = '0.00%';
    column.width = Math.max(10, (headings[position] ?? '').length + 2, index === 0 || index === 3 ? 28 : 0);
  });
  return {
    bytes: new Uint8Array(await workbook.xlsx.writeBuffer()),
    fileName: `${base}.xlsx`,
    type: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  };
}
