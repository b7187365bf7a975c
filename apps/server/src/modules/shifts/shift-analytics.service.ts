// Shift analytics (spec §2 employeesShift analytics / analyticsFull, §6 Shifts analytics, Employees analytics'
// weekly and monthly reports): planned against worked hours, lateness, overtime and absences per employee, shop,
// week or month. Each answer is one aggregate statement over shift_days (a person's day in a shop: the sent cell and
// the punches summed up, kept by triggers, migration 0013), each day turned into its figures by the rules of
// contracts/shift-analytics.ts (written again here in SQL; the API tests check both agree) and added up. Grouping a
// million punches on every question took 5–10 s for a year of 50 shops; the day table answers it in well under 1 s.
import type { Language } from '@bottega/contracts/common';
import { businessDate } from '@bottega/contracts/dates';
import {
  type Absences,
  emptyFigures,
  filterDays,
  periodKeyOf,
  type ShiftAnalyticsExportFormat,
  type ShiftAnalyticsFilter,
  type ShiftAnalyticsGrouping,
  type ShiftAnalyticsRow,
  type ShiftAnalyticsSeriesUnit,
  type ShiftAnalyticsSummary,
  type ShiftFigures,
  seriesUnitOf,
  shiftAnalyticsExportColumns,
} from '@bottega/contracts/shift-analytics';
import { timeOffReasons } from '@bottega/contracts/shifts';
import { type SQL, sql } from 'drizzle-orm';
import type { Config } from '../../config';
import { shopsInScope } from '../../platform/access';
import { currentTime } from '../../platform/clock';
import type { Database, Executor } from '../../platform/db';
import { AppError } from '../../platform/errors';
import { translate } from '../../platform/i18n';
import type { SessionContext } from '../../platform/sessions';
import { decimalComma, receiptsCsvRows, spreadsheetText } from '../sales/sales-export.csv';
import { shops } from '../shops/shops.schema';

/**
 * Whose shops a question reaches: `own` (shifts.analytics.view) the shops the caller works in, `all`
 * (shifts.analytics.full) every shop, `reports` (employees.analytics.*) the caller's shops scope as elsewhere —
 * every shop with "view all", the accounting office's.
 */
export type AnalyticsReach = 'own' | 'all' | 'reports';

type AnalyticsCall = {
  db: Database;
  config: Pick<Config, 'clockOffsetMs'>;
  viewer: SessionContext;
  reach: AnalyticsReach;
  filter: ShiftAnalyticsFilter;
};

function reachableShops(viewer: SessionContext, reach: AnalyticsReach): 'all' | number[] {
  if (reach === 'all') return 'all';
  if (reach === 'reports') return shopsInScope(viewer, 'shops');
  return viewer.isAdmin ? 'all' : viewer.shopIds;
}

/** The shops asked about: the one named (another shop, or none such, answers 404) or every one within reach. */
async function shopsAsked(db: Executor, viewer: SessionContext, reach: AnalyticsReach, shopId?: number) {
  const scope = reachableShops(viewer, reach);
  if (shopId === undefined) return scope;
  if (scope !== 'all' && !scope.includes(shopId)) throw new AppError('notFound');
  const [shop] = await db.select({ id: shops.id }).from(shops).where(sql`${shops.id} = ${shopId}`);
  if (!shop) throw new AppError('notFound');
  return [shopId];
}

function shopCondition(column: SQL, scope: 'all' | number[]): SQL {
  if (scope === 'all') return sql`true`;
  if (scope.length === 0) return sql`false`;
  return sql`${column} IN (${sql.join(
    scope.map((id) => sql`${id}`),
    sql`, `,
  )})`;
}

/**
 * `WITH figures`: one row per person, shop and day of the period with that day's figures, from shift_days (the sent
 * cell and the punches summed up, kept by the database's triggers). The rules are those of contracts' dayFigures:
 * the punches' signed instants add up to the time worked, an unfinished day adds today's now or, on a past day, its
 * last punch; the break open at the end adds nothing.
 */
function figuresOf(options: { from: string; to: string; scope: 'all' | number[]; now: Date }): SQL {
  const { from, to, scope, now } = options;
  const today = businessDate(now);
  const nowMs = now.getTime();
  const reasonColumns = sql.join(
    timeOffReasons.map((reason) => sql`(d.plan_reason = ${reason})::int AS ${sql.identifier(`absence_${reason}`)}`),
    sql`, `,
  );
  return sql`
    WITH figures AS (
      SELECT d.user_id, d.shop_id, d.day, d.planned_minutes AS planned, w.worked,
        greatest(w.worked - d.planned_minutes, 0) AS overtime,
        CASE WHEN d.plan_kind = 'shift' AND w.late > sh.shift_grace_minutes THEN w.late ELSE 0 END AS lateness,
        (d.plan_kind = 'shift' AND d.first_start IS NULL AND d.day < ${today}::date)::int AS missed,
        (d.open_shifts > 0)::int AS open,
        ${reasonColumns}
      FROM shift_days d
      JOIN shops sh ON sh.id = d.shop_id
      CROSS JOIN LATERAL (
        SELECT ((d.punch_signed_ms + CASE
            WHEN d.open_shifts > 0 AND d.open_breaks = 0
              THEN CASE WHEN d.day = ${today}::date THEN greatest(${nowMs}::bigint, d.last_at_ms) ELSE d.last_at_ms END
            ELSE 0 END) / 60000)::int AS worked,
          floor(extract(epoch FROM d.first_start - d.plan_starts_at) / 60)::int AS late
      ) AS w
      WHERE d.day BETWEEN ${from}::date AND ${to}::date AND ${shopCondition(sql`d.shop_id`, scope)}
    )`;
}

/** The sums of the figures, as columns of a grouped SELECT over `figures`. */
const sums = sql.raw(
  [
    'sum(planned)::int AS planned',
    'sum(worked)::int AS worked',
    'sum(overtime)::int AS overtime',
    'sum(lateness)::int AS lateness',
    'count(*) FILTER (WHERE lateness > 0)::int AS late_days',
    'sum(missed)::int AS missed',
    'sum(open)::int AS open_days',
    ...timeOffReasons.map((reason) => `sum("absence_${reason}")::int AS "absence_${reason}"`),
  ].join(', '),
);

/** The same sums again, over rows already summed (buckets of a person's days). */
const resums = sql.raw(
  [
    'planned',
    'worked',
    'overtime',
    'lateness',
    'late_days',
    'missed',
    'open_days',
    ...timeOffReasons.map((reason) => `"absence_${reason}"`),
  ]
    .map((column) => `sum(${column})::int AS ${column}`)
    .join(', '),
);

type FigureColumns = {
  planned: number | null;
  worked: number | null;
  overtime: number | null;
  lateness: number | null;
  late_days: number | null;
  missed: number | null;
  open_days: number | null;
} & Record<`absence_${string}`, number | null>;

function figuresFromRow(row: FigureColumns): ShiftFigures {
  return {
    plannedMinutes: Number(row.planned ?? 0),
    workedMinutes: Number(row.worked ?? 0),
    overtimeMinutes: Number(row.overtime ?? 0),
    latenessMinutes: Number(row.lateness ?? 0),
    lateDays: Number(row.late_days ?? 0),
    missedShifts: Number(row.missed ?? 0),
    openDays: Number(row.open_days ?? 0),
    absences: Object.fromEntries(
      timeOffReasons.map((reason) => [reason, Number(row[`absence_${reason}`] ?? 0)]),
    ) as Absences,
  };
}

/**
 * Runs one analytics statement with room to hash its groups in memory: with PostgreSQL's default 4 MB the planner
 * sorts a year of days on disk instead (measured: 0.7 s against 0.3 s for 50 shops, bench/shifts.ts).
 */
async function rowsOf<Row>(db: Database, query: SQL): Promise<Row[]> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`SET LOCAL work_mem = '32MB'`);
    return ((await tx.execute(query)) as unknown as { rows: Row[] }).rows;
  });
}

/** A day's bucket (a date: the day, its Monday, the month's first) and how its key is written (2026-W48, 2026-11). */
const bucketOf = {
  day: { bucket: sql.raw('day'), key: sql.raw(`to_char(bucket, 'YYYY-MM-DD')`) },
  week: { bucket: sql.raw(`date_trunc('week', day::timestamp)::date`), key: sql.raw(`to_char(bucket, 'IYYY-"W"IW')`) },
  month: { bucket: sql.raw(`date_trunc('month', day::timestamp)::date`), key: sql.raw(`to_char(bucket, 'YYYY-MM')`) },
};

/** The shops within reach, by name, for the screens' shop filter (closed ones too: their past still counts). */
export async function shiftAnalyticsShops(options: { db: Executor; viewer: SessionContext; reach: AnalyticsReach }) {
  const scope = reachableShops(options.viewer, options.reach);
  return options.db
    .select({ id: shops.id, code: shops.code, name: shops.name })
    .from(shops)
    .where(shopCondition(sql`${shops.id}`, scope))
    .orderBy(sql`lower(${shops.name})`, shops.id);
}

/** Every day, week or month of the period, in order: the chart shows the empty ones too (a closed Sunday). */
function seriesKeys(days: { from: string; to: string }, unit: ShiftAnalyticsSeriesUnit): string[] {
  const keys: string[] = [];
  for (let day = days.from; day <= days.to; day = nextDate(day)) {
    const key = periodKeyOf(day, unit);
    if (keys.at(-1) !== key) keys.push(key);
  }
  return keys;
}

function nextDate(day: string): string {
  return new Date(Date.parse(`${day}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);
}

/** The KPI cards and the chart: the period's totals, how many people, and a series by day, week or month. */
export async function shiftAnalyticsSummary(options: AnalyticsCall): Promise<ShiftAnalyticsSummary> {
  const { db, viewer, reach, filter } = options;
  const scope = await shopsAsked(db, viewer, reach, filter.shopId);
  const days = filterDays(filter);
  const unit = seriesUnitOf(days);
  const rows = await rowsOf<FigureColumns & { key: string | null; employees: number }>(
    db,
    sql`${figuresOf({ ...days, scope, now: currentTime(options.config) })}
      , buckets AS (SELECT user_id, ${bucketOf[unit].bucket} AS bucket, ${sums} FROM figures GROUP BY 1, 2)
      SELECT ${bucketOf[unit].key} AS key, count(DISTINCT user_id)::int AS employees, ${resums}
      FROM buckets GROUP BY GROUPING SETS ((), (bucket)) ORDER BY bucket NULLS FIRST`,
  );
  const total = rows.find((row) => row.key === null);
  return {
    ...days,
    unit,
    totals: figuresFromRow(total ?? ({} as FigureColumns)),
    employees: Number(total?.employees ?? 0),
    series: seriesKeys(days, unit).map((key) => {
      const row = rows.find((candidate) => candidate.key === key);
      return { key, ...(row ? figuresFromRow(row) : emptyFigures()) };
    }),
  };
}

/** What the rows group on, and how a group's key is written. */
const groupKey: Record<ShiftAnalyticsGrouping, { group: SQL; key: SQL }> = {
  employee: { group: sql.raw('user_id'), key: sql.raw('g.g::text') },
  shop: { group: sql.raw('shop_id'), key: sql.raw('g.g::text') },
  week: { group: bucketOf.week.bucket, key: sql.raw(`to_char(g.g, 'IYYY-"W"IW')`) },
  month: { group: bucketOf.month.bucket, key: sql.raw(`to_char(g.g, 'YYYY-MM')`) },
};

/** The labelled, ordered groups: a person by surname and name, a shop by name, a week or a month in time order. */
function labelledGroups(groupBy: ShiftAnalyticsGrouping): { select: SQL; from: SQL; order: SQL } {
  if (groupBy === 'employee') {
    return {
      select: sql.raw(`u.id AS id, u.name || ' ' || u.surname AS label, u.matricola AS matricola`),
      from: sql.raw('JOIN users u ON u.id = g.g'),
      order: sql.raw('lower(u.surname), lower(u.name), u.id'),
    };
  }
  if (groupBy === 'shop') {
    return {
      select: sql.raw('sh.id AS id, sh.name AS label, NULL AS matricola'),
      from: sql.raw('JOIN shops sh ON sh.id = g.g'),
      order: sql.raw('lower(sh.name), sh.id'),
    };
  }
  return {
    select: sql.raw('NULL::int AS id, NULL AS label, NULL AS matricola'),
    from: sql``,
    order: sql.raw('g.g'),
  };
}

/** The table: the period's figures grouped by employee, shop, week or month, a page at a time. */
export async function shiftAnalyticsRows(
  options: AnalyticsCall & { groupBy: ShiftAnalyticsGrouping; page: number; perPage: number },
) {
  const { db, viewer, reach, filter, groupBy, page, perPage } = options;
  const scope = await shopsAsked(db, viewer, reach, filter.shopId);
  const labels = labelledGroups(groupBy);
  const rows = await rowsOf<
    FigureColumns & { key: string; id: number | null; label: string | null; matricola: string | null; total: number }
  >(
    db,
    sql`${figuresOf({ ...filterDays(filter), scope, now: currentTime(options.config) })},
      grouped AS (SELECT ${groupKey[groupBy].group} AS g, ${sums} FROM figures GROUP BY 1)
      SELECT g.*, ${groupKey[groupBy].key} AS key, ${labels.select}, count(*) OVER ()::int AS total
      FROM grouped g ${labels.from}
      ORDER BY ${labels.order}
      LIMIT ${perPage} OFFSET ${(page - 1) * perPage}`,
  );
  const data: ShiftAnalyticsRow[] = rows.map((row) => ({
    key: row.key,
    id: row.id === null ? null : Number(row.id),
    label: row.label ?? row.key,
    matricola: row.matricola,
    ...figuresFromRow(row),
  }));
  const total = rows[0]?.total ?? (page > 1 ? await countGroups(options, scope) : 0);
  return { data, meta: { page, perPage, total: Number(total) } };
}

/** How many groups there are, for a page past the last (its rows carry no count). */
async function countGroups(
  options: AnalyticsCall & { groupBy: ShiftAnalyticsGrouping },
  scope: 'all' | number[],
): Promise<number> {
  const [row] = await rowsOf<{ total: number }>(
    options.db,
    sql`${figuresOf({ ...filterDays(options.filter), scope, now: currentTime(options.config) })}
      SELECT count(DISTINCT ${groupKey[options.groupBy].group})::int AS total FROM figures`,
  );
  return Number(row?.total ?? 0);
}

// ——— The file for the payroll consultant (one row per employee) ———

type ExportRow = ShiftFigures & { label: string; matricola: string | null; shops: string };

async function employeeFigures(options: AnalyticsCall): Promise<ExportRow[]> {
  const { db, viewer, reach, filter } = options;
  const scope = await shopsAsked(db, viewer, reach, filter.shopId);
  const rows = await rowsOf<FigureColumns & { label: string; matricola: string | null; shops: string }>(
    db,
    sql`${figuresOf({ ...filterDays(filter), scope, now: currentTime(options.config) })},
      grouped AS (
        SELECT user_id, ${sums}, array_agg(DISTINCT shop_id) AS shop_ids FROM figures GROUP BY user_id
      )
      SELECT g.*, u.name || ' ' || u.surname AS label, u.matricola,
        (SELECT string_agg(sh.name, ', ' ORDER BY sh.name) FROM shops sh WHERE sh.id = ANY(g.shop_ids)) AS shops
      FROM grouped g JOIN users u ON u.id = g.user_id
      ORDER BY lower(u.surname), lower(u.name), u.id`,
  );
  return rows.map((row) => ({ label: row.label, matricola: row.matricola, shops: row.shops, ...figuresFromRow(row) }));
}

/** Hours as Italian Excel reads a number: 7,50 for seven and a half hours (two decimals, no thousands separator). */
function decimalHours(minutes: number): string {
  return decimalComma(Math.round((minutes * 100) / 60));
}

function exportCells(row: ExportRow): (string | number)[] {
  return [
    row.matricola ?? '',
    row.label,
    row.shops,
    row.plannedMinutes,
    row.workedMinutes,
    row.overtimeMinutes,
    row.latenessMinutes,
    row.lateDays,
    row.missedShifts,
    row.openDays,
    ...timeOffReasons.map((reason) => row.absences[reason]),
  ];
}

/**
 * The figures per employee as a file: CSV the way Italian Excel opens it (the receipts export's format: semicolons,
 * decimal comma, BOM) or XLSX, headings in the caller's language. Hours are decimal hours (7,50), lateness minutes,
 * absences days. The file name says the period and the shop (or "all").
 */
export async function exportShiftAnalytics(
  options: AnalyticsCall & { format: ShiftAnalyticsExportFormat; lng: Language },
): Promise<{ bytes: Uint8Array; fileName: string; type: string }> {
  const { format, lng, filter } = options;
  const rows = await employeeFigures(options);
  const headings = shiftAnalyticsExportColumns.map((column) =>
    translate(lng, `shift-analytics:export.columns.${column}`),
  );
  const days = filterDays(filter);
  const base = `${translate(lng, 'shift-analytics:export.fileName')}-${filter.period ?? `${days.from}_${days.to}`}${
    filter.shopId ? `-${filter.shopId}` : ''
  }`;
  const hourColumns = new Set([3, 4, 5]);
  if (format === 'csv') {
    const body = rows.map((row) =>
      exportCells(row).map((cell, index) =>
        typeof cell === 'number' ? (hourColumns.has(index) ? decimalHours(cell) : String(cell)) : spreadsheetText(cell),
      ),
    );
    const bytes = Buffer.concat([Buffer.from('\uFEFF', 'utf8'), receiptsCsvRows([headings, ...body])]);
    return { bytes, fileName: `${base}.csv`, type: 'text/csv; charset=utf-8' };
  }
  // Loaded on the first workbook asked for: exceljs is a large tree, and every start (and every test app) would
  // otherwise pay for it.
  const { default: ExcelJS } = await import('exceljs');
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet(translate(lng, 'shift-analytics:export.sheet'), {
    views: [{ state: 'frozen', ySplit: 1, rightToLeft: lng === 'ar' }],
  });
  sheet.addRow(headings).font = { bold: true };
  for (const row of rows) {
    sheet.addRow(
      exportCells(row).map((cell, index) =>
        typeof cell === 'number' ? (hourColumns.has(index) ? Math.round((cell * 100) / 60) / 100 : cell) : cell,
      ),
    );
  }
  for (const index of hourColumns) sheet.getColumn(index + 1).numFmt = '0.00';
  sheet.columns.forEach((column, index) => {
    column.width = Math.max(10, (headings[index] ?? '').length + 2, index === 1 || index === 2 ? 28 : 0);
  });
  const bytes = new Uint8Array(await workbook.xlsx.writeBuffer());
  return {
    bytes,
    fileName: `${base}.xlsx`,
    type: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  };
}
