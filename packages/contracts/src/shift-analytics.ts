// Shift analytics (spec §2 employeesShift analytics / analyticsFull, §6 Shifts analytics and Employees analytics'
// weekly and monthly reports): planned against worked hours, lateness, overtime and absences by reason, per employee,
// shop, week or month. The rules of one person's day are written here as plain functions; the server runs the same
// rules as one aggregate SQL statement and its tests check both agree.
//
// Rules decided where the spec is silent:
// - Planned: the shifts and time-offs of *sent* weeks only (what the employees received); an assigned or convalidated
//   week plans nothing yet. A shift's planned minutes are its span less its break (contracts/shifts.ts shiftSpan).
// - Worked: a day is a Rome calendar day in one shop, as the time clock keeps it ("one day, one clock"). Its punches
//   alternate work and breaks: start shift or stop break opens work, start break or stop shift closes it; breaks are
//   never worked. An unfinished day (no stop) is flagged `open`: today it counts up to now, a past day counts nothing
//   after its last punch (a forgotten stop must be rectified, never guessed); an open break counts nothing.
//   Minutes are whole minutes, rounded down per day.
// - Lateness: the day's first start later than the planned start by more than the shop's grace (the minutes the
//   time clock allows before calling a start late) counts whole, from the planned start; within the grace, nothing.
// - Overtime: per day, the minutes worked beyond that day's planned minutes (a day planned off or not planned is all
//   overtime); a short day never offsets another day's overtime — the payroll consultant settles both.
// - Absences: the time-off days of sent weeks, by §9 reason; and, apart, the "missed" shifts: a planned shift of a
//   past day with no start punched in its shop.
import { z } from 'zod';
import { dataOf, isoDateSchema, pageOf, paginationQuerySchema } from './common';
import { isoMonthSchema, isoWeekDays, isoWeekOf, isoWeekSchema, monthDays } from './dates';
import { daysInRange } from './sales';
import { type PunchStep, type TimeOffReason, timeOffReasons } from './shifts';

/** The longest range one question covers: a year (a leap year's included). */
export const shiftAnalyticsMaxDays = 366;

/** How the rows are grouped. */
export const shiftAnalyticsGroupings = ['employee', 'shop', 'week', 'month'] as const;
export type ShiftAnalyticsGrouping = (typeof shiftAnalyticsGroupings)[number];

/** The days a period covers: an ISO week (2026-W48) or a month (2026-11); null for anything else. */
export function periodDays(period: string): { from: string; to: string } | null {
  if (isoWeekSchema.safeParse(period).success) {
    const days = isoWeekDays(period);
    return { from: days[0] as string, to: days[6] as string };
  }
  if (isoMonthSchema.safeParse(period).success) return monthDays(period);
  return null;
}

/**
 * The question: one shop or every shop in the caller's reach, over a period (a week or a month) or a range of days
 * (at most a year). Exactly one of `period` and `from`/`to` is given.
 */
const filterFields = {
  shopId: z.coerce.number().int().positive().optional(),
  period: z.string().max(10).optional(),
  from: isoDateSchema.optional(),
  to: isoDateSchema.optional(),
};

function checkFilter(
  query: { period?: string | undefined; from?: string | undefined; to?: string | undefined },
  context: z.RefinementCtx,
) {
  const rule = (path: string, name: string, params: Record<string, unknown> = {}) =>
    context.addIssue({ code: 'custom', message: name, path: [path], params: { rule: name, ...params } });
  if (query.period !== undefined) {
    if (!periodDays(query.period)) rule('period', 'invalid');
    if (query.from !== undefined || query.to !== undefined) rule('from', 'invalid');
    return;
  }
  if (query.from === undefined || query.to === undefined) {
    rule(query.from === undefined ? 'from' : 'to', 'required');
    return;
  }
  if (query.from > query.to) rule('to', 'dateRange');
  else if (daysInRange(query.from, query.to) > shiftAnalyticsMaxDays)
    rule('to', 'dateRangeTooLong', { max: shiftAnalyticsMaxDays });
}

export const shiftAnalyticsFilterSchema = z.object(filterFields).superRefine(checkFilter);
export type ShiftAnalyticsFilter = z.infer<typeof shiftAnalyticsFilterSchema>;

/** The days a valid filter covers. */
export function filterDays(filter: ShiftAnalyticsFilter): { from: string; to: string } {
  const days = filter.period ? periodDays(filter.period) : null;
  return days ?? { from: filter.from as string, to: filter.to as string };
}

/** The rows of the table, a page at a time. */
export const shiftAnalyticsRowsQuerySchema = paginationQuerySchema
  .extend({ ...filterFields, groupBy: z.enum(shiftAnalyticsGroupings).default('employee') })
  .superRefine(checkFilter);

export const shiftAnalyticsExportFormats = ['csv', 'xlsx'] as const;
export type ShiftAnalyticsExportFormat = (typeof shiftAnalyticsExportFormats)[number];

/** A file of the figures per employee, headings in the caller's language. */
export const shiftAnalyticsExportQuerySchema = z
  .object({ ...filterFields, format: z.enum(shiftAnalyticsExportFormats) })
  .superRefine(checkFilter);

/** §6 Employees › analytics' reports for the payroll consultant: a week's or a month's file, per employee. */
export const shiftWeeklyReportParamsSchema = z.object({ week: isoWeekSchema });
export const shiftMonthlyReportParamsSchema = z.object({ month: isoMonthSchema });
export const shiftReportQuerySchema = z.object({
  shopId: z.coerce.number().int().positive().optional(),
  format: z.enum(shiftAnalyticsExportFormats),
});

/** Absence days by §9 reason. */
export const absencesSchema = z.object(
  Object.fromEntries(timeOffReasons.map((reason) => [reason, z.number().int()])) as Record<TimeOffReason, z.ZodNumber>,
);
export type Absences = Record<TimeOffReason, number>;

export const shiftFiguresSchema = z.object({
  plannedMinutes: z.number().int(),
  workedMinutes: z.number().int(),
  overtimeMinutes: z.number().int(),
  latenessMinutes: z.number().int(),
  /** Days started late (beyond the grace). */
  lateDays: z.number().int(),
  /** Planned shifts of past days never started. */
  missedShifts: z.number().int(),
  /** Days left unfinished (no stop punched): flagged for a rectification. */
  openDays: z.number().int(),
  absences: absencesSchema,
});
export type ShiftFigures = z.infer<typeof shiftFiguresSchema>;

export const shiftAnalyticsSeriesUnits = ['day', 'week', 'month'] as const;
export type ShiftAnalyticsSeriesUnit = (typeof shiftAnalyticsSeriesUnits)[number];

/** The series' step: days for a week, weeks up to about three months, months beyond. */
export function seriesUnitOf(days: { from: string; to: string }): ShiftAnalyticsSeriesUnit {
  const length = daysInRange(days.from, days.to);
  return length <= 7 ? 'day' : length <= 93 ? 'week' : 'month';
}

/** The KPI cards and the chart: the totals and a time series of the period. */
export const shiftAnalyticsSummarySchema = z.object({
  from: z.string(),
  to: z.string(),
  unit: z.enum(shiftAnalyticsSeriesUnits),
  totals: shiftFiguresSchema,
  /** The employees with any figure in the period. */
  employees: z.number().int(),
  series: z.array(shiftFiguresSchema.extend({ key: z.string() })),
});
export type ShiftAnalyticsSummary = z.infer<typeof shiftAnalyticsSummarySchema>;
export const shiftAnalyticsSummaryAnswerSchema = dataOf(shiftAnalyticsSummarySchema);

/** A row of the table: an employee (with their shops), a shop, a week (2026-W48) or a month (2026-11). */
export const shiftAnalyticsRowSchema = shiftFiguresSchema.extend({
  key: z.string(),
  label: z.string(),
  /** The employee's or the shop's id; null for a week or a month. */
  id: z.number().int().nullable(),
  /** The employee's payroll number (matricola), when grouped by employee. */
  matricola: z.string().nullable(),
});
export type ShiftAnalyticsRow = z.infer<typeof shiftAnalyticsRowSchema>;
export const shiftAnalyticsRowsAnswerSchema = pageOf(shiftAnalyticsRowSchema);

/** The shops a screen may ask about, for its shop filter. */
export const shiftAnalyticsShopsAnswerSchema = dataOf(
  z.array(z.object({ id: z.number().int(), code: z.string(), name: z.string() })),
);

// ——— The rules of one person's day ———

const minuteMs = 60_000;

export function emptyAbsences(): Absences {
  return Object.fromEntries(timeOffReasons.map((reason) => [reason, 0])) as Absences;
}

export function emptyFigures(): ShiftFigures {
  return {
    plannedMinutes: 0,
    workedMinutes: 0,
    overtimeMinutes: 0,
    latenessMinutes: 0,
    lateDays: 0,
    missedShifts: 0,
    openDays: 0,
    absences: emptyAbsences(),
  };
}

export type DayPunch = { step: PunchStep; at: number };

/**
 * The minutes worked in a day from its punches (instants in ms), breaks out, and whether the day is unfinished. An
 * unfinished day counts up to `now` when it is `today`, otherwise nothing after its last punch. A step the time clock
 * would not allow (out of order) is ignored.
 */
export function workedMinutes(
  punches: readonly DayPunch[],
  options: { now: number; today: boolean },
): { minutes: number; open: boolean } {
  const sorted = [...punches].sort((a, b) => a.at - b.at);
  let state: 'off' | 'working' | 'onBreak' = 'off';
  let since = 0;
  let worked = 0;
  for (const punch of sorted) {
    if ((state === 'off' && punch.step === 'startShift') || (state === 'onBreak' && punch.step === 'stopBreak')) {
      state = 'working';
      since = punch.at;
    } else if (state === 'working' && (punch.step === 'startBreak' || punch.step === 'stopShift')) {
      worked += punch.at - since;
      state = punch.step === 'startBreak' ? 'onBreak' : 'off';
    }
  }
  if (state === 'working' && options.today) worked += Math.max(0, options.now - since);
  return { minutes: Math.floor(worked / minuteMs), open: state !== 'off' };
}

/** Minutes late: the first start after the planned start by more than the grace counts whole; else nothing. */
export function latenessMinutes(plannedStart: number, firstStart: number | null, graceMinutes: number): number {
  if (firstStart === null) return 0;
  const late = Math.floor((firstStart - plannedStart) / minuteMs);
  return late > graceMinutes ? late : 0;
}

/** A day's minutes worked beyond its planned minutes. */
export function overtimeMinutes(worked: number, planned: number): number {
  return Math.max(0, worked - planned);
}

/** What a day plans: a shift (its start instant and minutes to work) or a time-off with its reason; or nothing. */
export type PlannedDay =
  | { kind: 'shift'; startsAt: number; plannedMinutes: number }
  | { kind: 'timeOff'; reason: TimeOffReason }
  | null;

/** The figures of one person's day in one shop. `today` / `past`: where the day stands against the business clock. */
export function dayFigures(options: {
  planned: PlannedDay;
  punches: readonly DayPunch[];
  graceMinutes: number;
  now: number;
  today: boolean;
  past: boolean;
}): ShiftFigures {
  const { planned, punches } = options;
  const figures = emptyFigures();
  const work = workedMinutes(punches, options);
  const starts = punches.filter((punch) => punch.step === 'startShift').map((punch) => punch.at);
  const firstStart = starts.length > 0 ? Math.min(...starts) : null;
  const plannedMinutes = planned?.kind === 'shift' ? planned.plannedMinutes : 0;
  figures.plannedMinutes = plannedMinutes;
  figures.workedMinutes = work.minutes;
  figures.overtimeMinutes = overtimeMinutes(work.minutes, plannedMinutes);
  figures.openDays = work.open ? 1 : 0;
  if (planned?.kind === 'shift') {
    figures.latenessMinutes = latenessMinutes(planned.startsAt, firstStart, options.graceMinutes);
    figures.lateDays = figures.latenessMinutes > 0 ? 1 : 0;
    figures.missedShifts = options.past && firstStart === null ? 1 : 0;
  }
  if (planned?.kind === 'timeOff') figures.absences[planned.reason] = 1;
  return figures;
}

/** Figures added up (a week of days, the employees of a shop). */
export function addFigures(total: ShiftFigures, more: ShiftFigures): ShiftFigures {
  const absences = { ...total.absences };
  for (const reason of timeOffReasons) absences[reason] += more.absences[reason];
  return {
    plannedMinutes: total.plannedMinutes + more.plannedMinutes,
    workedMinutes: total.workedMinutes + more.workedMinutes,
    overtimeMinutes: total.overtimeMinutes + more.overtimeMinutes,
    latenessMinutes: total.latenessMinutes + more.latenessMinutes,
    lateDays: total.lateDays + more.lateDays,
    missedShifts: total.missedShifts + more.missedShifts,
    openDays: total.openDays + more.openDays,
    absences,
  };
}

/** The key of a day in a series or a grouping: itself, its ISO week or its month. */
export function periodKeyOf(day: string, unit: ShiftAnalyticsSeriesUnit | 'week' | 'month'): string {
  return unit === 'day' ? day : unit === 'week' ? isoWeekOf(day) : day.slice(0, 7);
}

/** Minutes as hours and minutes, 7:05 (a negative figure keeps its sign). */
export function formatMinutes(minutes: number): string {
  const sign = minutes < 0 ? '-' : '';
  const whole = Math.abs(minutes);
  return `${sign}${Math.floor(whole / 60)}:${String(whole % 60).padStart(2, '0')}`;
}

/** The export's columns, in order; headings are shift-analytics:export.columns.<name>. */
export const shiftAnalyticsExportColumns = [
  'matricola',
  'employee',
  'shops',
  'plannedHours',
  'workedHours',
  'overtimeHours',
  'latenessMinutes',
  'lateDays',
  'missedShifts',
  'openDays',
  ...timeOffReasons.map((reason) => `absence.${reason}` as const),
] as const;
