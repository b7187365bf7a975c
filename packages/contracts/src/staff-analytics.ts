// Staff analytics (spec §2 Accountancy › shops/employees/analytics; §6 Employees › analytics: view, weekly and
// monthly reports; issue 23): per employee of a shop, from the receipts' employee, over a period — receipts, takings,
// average receipt, pieces per receipt, returns handled, discounts, share of the shop's takings and rank in the shop.
// Money in cents. The server reads the per-employee day totals kept at ingestion (sales_employee_days), never the
// receipts; the rules of the figures are written here as plain functions and the API tests check the SQL agrees.
//
// Rules decided where the spec is silent:
// - A receipt without an employee counts as "unassigned" (employeeId null): shown, part of the shop's takings (the
//   share's denominator), but never ranked — it is nobody's work.
// - Takings are net of returns, like the shop's daily totals; the average receipt is takings over sale receipts,
//   rounded to the cent, and pieces per receipt net pieces over sale receipts to two decimals; both are null without
//   a sale receipt (not zero: nothing was sold, which is not a zero-euro receipt).
// - Rank: by takings, highest first, within the shop; equal takings share a rank and the next one skips
//   (1, 2, 2, 4: "standard competition ranking", what people expect of a league table).
// - Share: the employee's takings over the shop's (all its employees and unassigned), in basis points; null when the
//   shop's takings are not above zero.
import { z } from 'zod';
import { dataOf, isoDateSchema, pageOf, paginationQuerySchema } from './common';
import {
  addDays,
  isoMonthSchema,
  isoWeekDays,
  isoWeekOf,
  isoWeekSchema,
  monthDays,
  previousIsoWeek,
  shiftMonth,
} from './dates';
import { daysInRange } from './sales';

/** The longest period one question covers: a year (a leap year's included). */
export const staffAnalyticsMaxDays = 366;

/** The most shops one question names (beyond that, ask for every shop by naming none). */
export const staffAnalyticsMaxShops = 100;

/** The most employees one chart follows. */
export const staffSeriesMaxEmployees = 5;

/** A list of ids in a query string: 3,7,12 (also one id alone). */
function idList(max: number) {
  return z
    .string()
    .max(max * 11)
    .regex(/^\d{1,10}(,\d{1,10})*$/)
    .transform((value) => [...new Set(value.split(',').map(Number))])
    .refine((ids) => ids.every((id) => id >= 1 && id <= 2_147_483_647), { params: { rule: 'invalid' } })
    .refine((ids) => ids.length <= max, { params: { rule: 'max', max } });
}

const periodFields = {
  from: isoDateSchema,
  to: isoDateSchema,
  /** The shops asked about; none: every shop within the caller's reach. */
  shopIds: idList(staffAnalyticsMaxShops).optional(),
};

function checkPeriod(query: { from: string; to: string }, context: z.RefinementCtx) {
  const rule = (name: string, params: Record<string, unknown> = {}) =>
    context.addIssue({ code: 'custom', message: name, path: ['to'], params: { rule: name, ...params } });
  if (query.from > query.to) rule('dateRange');
  else if (daysInRange(query.from, query.to) > staffAnalyticsMaxDays)
    rule('dateRangeTooLong', { max: staffAnalyticsMaxDays });
}

/** What the ranking table sorts by. */
export const staffSorts = [
  'rank',
  'name',
  'receipts',
  'takings',
  'averageReceipt',
  'piecesPerReceipt',
  'returns',
  'discounts',
  'share',
] as const;
export type StaffSort = (typeof staffSorts)[number];

export const staffAnalyticsQuerySchema = paginationQuerySchema
  .extend({
    ...periodFields,
    sort: z.enum(staffSorts).default('rank'),
    direction: z.enum(['asc', 'desc']).default('asc'),
  })
  .superRefine(checkPeriod);
export type StaffAnalyticsQuery = z.infer<typeof staffAnalyticsQuerySchema>;

export const staffSeriesQuerySchema = z
  .object({ ...periodFields, employeeIds: idList(staffSeriesMaxEmployees) })
  .superRefine(checkPeriod);
export type StaffSeriesQuery = z.infer<typeof staffSeriesQuerySchema>;

/** One employee's (or the unassigned receipts') figures in one shop over a period. */
export const staffFiguresSchema = z.object({
  receipts: z.number().int(),
  takingsCents: z.number().int(),
  pieces: z.number().int(),
  averageReceiptCents: z.number().int().nullable(),
  piecesPerReceipt: z.number().nullable(),
  returnsCount: z.number().int(),
  returnsCents: z.number().int(),
  discountCents: z.number().int(),
  /** Basis points of the shop's takings: 2500 is 25 %. */
  shareBasisPoints: z.number().int().nullable(),
  /** Within the shop; null for the unassigned receipts. */
  rank: z.number().int().nullable(),
});
export type StaffFigures = z.infer<typeof staffFiguresSchema>;

export const staffRowSchema = staffFiguresSchema.extend({
  /** null: the receipts without an employee. */
  employeeId: z.number().int().nullable(),
  name: z.string(),
  matricola: z.string().nullable(),
  shopId: z.number().int(),
  shopCode: z.string(),
  shopName: z.string(),
});
export type StaffRow = z.infer<typeof staffRowSchema>;
export const staffAnalyticsAnswerSchema = pageOf(staffRowSchema);

export const staffSeriesUnits = ['day', 'week'] as const;
export type StaffSeriesUnit = (typeof staffSeriesUnits)[number];

/** A chart's step: days up to two months, ISO weeks beyond. */
export function staffSeriesUnitOf(from: string, to: string): StaffSeriesUnit {
  return daysInRange(from, to) <= 62 ? 'day' : 'week';
}

export const staffSeriesSchema = z.object({
  unit: z.enum(staffSeriesUnits),
  employees: z.array(z.object({ employeeId: z.number().int(), name: z.string() })),
  /** Every day (2026-11-23) or ISO week (2026-W48) of the period, with each employee's takings and receipts. */
  points: z.array(
    z.object({
      key: z.string(),
      values: z.array(
        z.object({ employeeId: z.number().int(), takingsCents: z.number().int(), receipts: z.number().int() }),
      ),
    }),
  ),
});
export type StaffSeries = z.infer<typeof staffSeriesSchema>;
export const staffSeriesAnswerSchema = dataOf(staffSeriesSchema);

// ——— The weekly and monthly reports ———

export const staffReportKinds = ['weekly', 'monthly'] as const;
export type StaffReportKind = (typeof staffReportKinds)[number];

export const staffWeeklyParamsSchema = z.object({ week: isoWeekSchema });
export const staffMonthlyParamsSchema = z.object({ month: isoMonthSchema });

export const staffReportQuerySchema = paginationQuerySchema.extend({ shopIds: periodFields.shopIds });
export const staffExportFormats = ['csv', 'xlsx'] as const;
export type StaffExportFormat = (typeof staffExportFormats)[number];
export const staffReportExportQuerySchema = z.object({
  shopIds: periodFields.shopIds,
  format: z.enum(staffExportFormats),
});

export type Period = { from: string; to: string };

/**
 * The periods a report sets side by side: a week and the week before; a month, the month before and the same month
 * a year earlier (whose days may be one fewer: February).
 */
export function reportPeriods(
  kind: StaffReportKind,
  period: string,
): { current: Period; previous: Period; lastYear: Period | null } {
  if (kind === 'weekly') {
    const days = isoWeekDays(period);
    const before = isoWeekDays(previousIsoWeek(period));
    return {
      current: { from: days[0] as string, to: days[6] as string },
      previous: { from: before[0] as string, to: before[6] as string },
      lastYear: null,
    };
  }
  return {
    current: monthDays(period),
    previous: monthDays(shiftMonth(period, -1)),
    lastYear: monthDays(shiftMonth(period, -12)),
  };
}

/** The figures a report compares: those of the other period, or null when the employee sold nothing then. */
const comparedSchema = staffFiguresSchema.nullable();

export const staffReportRowSchema = staffRowSchema.extend({ previous: comparedSchema, lastYear: comparedSchema });
export type StaffReportRow = z.infer<typeof staffReportRowSchema>;

export const staffReportAnswerSchema = pageOf(staffReportRowSchema).extend({
  periods: z.object({
    current: z.object({ from: isoDateSchema, to: isoDateSchema }),
    previous: z.object({ from: isoDateSchema, to: isoDateSchema }),
    lastYear: z.object({ from: isoDateSchema, to: isoDateSchema }).nullable(),
  }),
});
export type StaffReportAnswer = z.infer<typeof staffReportAnswerSchema>;

// ——— The rules of the figures ———

/** A (shop, employee)'s sums over a period, as kept per day. */
export type StaffSums = {
  receipts: number;
  takingsCents: number;
  pieces: number;
  returnsCount: number;
  returnsCents: number;
  discountCents: number;
};

/**
 * Rounded half away from zero, as PostgreSQL rounds a numeric: Math.round takes -2.5 to -2, and a week of more
 * returns than sales (negative takings or pieces) would read differently on the screen and in the database.
 */
function roundHalfAway(value: number): number {
  // `|| 0`: no negative zero (JSON sends it as 0).
  return Math.sign(value) * Math.round(Math.abs(value)) || 0;
}

/** Takings over sale receipts to the cent (half away from zero); null without a sale receipt. */
export function averageReceiptCents(takingsCents: number, receipts: number): number | null {
  if (receipts <= 0) return null;
  return roundHalfAway(takingsCents / receipts);
}

/** Net pieces over sale receipts, two decimals; null without a sale receipt. */
export function piecesPerReceipt(pieces: number, receipts: number): number | null {
  if (receipts <= 0) return null;
  return roundHalfAway((pieces * 100) / receipts) / 100;
}

/** The employee's takings over the shop's, in basis points; null when the shop took nothing (or less). */
export function shareBasisPoints(takingsCents: number, shopTakingsCents: number): number | null {
  if (shopTakingsCents <= 0) return null;
  return roundHalfAway((takingsCents * 10_000) / shopTakingsCents);
}

/** Standard competition ranks of values, highest first: [500, 300, 300, 100] → [1, 2, 2, 4]. */
export function competitionRanks(values: readonly number[]): number[] {
  return values.map((value) => 1 + values.filter((other) => other > value).length);
}

/**
 * The figures of every employee of one shop from their sums: the unassigned receipts (employeeId null) count in the
 * shop's takings but take no rank.
 */
export function shopStaffFigures<Row extends StaffSums & { employeeId: number | null }>(
  rows: readonly Row[],
): (Row & StaffFigures)[] {
  const shopTakings = rows.reduce((total, row) => total + row.takingsCents, 0);
  const ranked = rows.filter((row) => row.employeeId !== null);
  const ranks = competitionRanks(ranked.map((row) => row.takingsCents));
  return rows.map((row) => ({
    ...row,
    averageReceiptCents: averageReceiptCents(row.takingsCents, row.receipts),
    piecesPerReceipt: piecesPerReceipt(row.pieces, row.receipts),
    shareBasisPoints: shareBasisPoints(row.takingsCents, shopTakings),
    rank: row.employeeId === null ? null : (ranks[ranked.indexOf(row)] as number),
  }));
}

/** The keys of a chart's points: every day or every ISO week (2026-W48) of the period, in order. */
export function seriesKeys(from: string, to: string, unit: StaffSeriesUnit): string[] {
  const keys: string[] = [];
  for (let day = from; day <= to; day = addDays(day, 1)) {
    const key = unit === 'day' ? day : isoWeekOf(day);
    if (keys.at(-1) !== key) keys.push(key);
  }
  return keys;
}

/** The export's columns, in order; headings are staff-analytics:export.columns.<name>. */
export const staffExportColumns = [
  'shop',
  'rank',
  'matricola',
  'employee',
  'receipts',
  'takings',
  'averageReceipt',
  'piecesPerReceipt',
  'returns',
  'returnsAmount',
  'discounts',
  'share',
  'previousRank',
  'previousTakings',
  'takingsChange',
  'lastYearTakings',
  'lastYearChange',
] as const;
