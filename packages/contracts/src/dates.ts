import { z } from 'zod';

/** The company works on Italian time: "today" and every business day are taken in this zone. */
export const businessTimeZone = 'Europe/Rome';

// Made once: building an Intl.DateTimeFormat costs a hundred times more than formatting with it, and "today" is
// asked on most requests.
const businessDay = new Intl.DateTimeFormat('en-CA', {
  timeZone: businessTimeZone,
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
});
// hourCycle h23: midnight is 0, never 24 as some engines print it with hour12: false.
const businessClockHour = new Intl.DateTimeFormat('en-GB', {
  timeZone: businessTimeZone,
  hour: '2-digit',
  hourCycle: 'h23',
});

/** YYYY-MM-DD of an instant in the business time zone. */
export function businessDate(instant: Date = new Date()): string {
  return businessDay.format(instant);
}

/** The hour (0–23) an instant falls in on the business time zone's clock. */
export function businessHour(instant: Date): number {
  return Number(businessClockHour.format(instant));
}

const isoDate = /^(\d{4})-(\d{2})-(\d{2})/;

/** Dates travel as YYYY-MM-DD and are shown DD/MM/YYYY (spec §9), on screens and in notifications; anything else as is. */
export function formatDate(value: string | null | undefined): string {
  if (!value) return '';
  const match = isoDate.exec(value);
  if (!match) return value;
  const [, year, month, day] = match;
  return `${day}/${month}/${year}`;
}

/** A calendar month as written everywhere: 2026-11. */
export const isoMonthSchema = z.string().regex(/^\d{4}-(0[1-9]|1[0-2])$/);

/** The first and last day of a month, YYYY-MM-DD. */
export function monthDays(month: string): { from: string; to: string } {
  const [year, number] = month.split('-').map(Number) as [number, number];
  const last = new Date(Date.UTC(year, number, 0)).getUTCDate();
  return { from: `${month}-01`, to: `${month}-${String(last).padStart(2, '0')}` };
}

/** The month `by` months after (before, when negative) a YYYY-MM month. */
export function shiftMonth(month: string, by: number): string {
  const [year, number] = month.split('-').map(Number) as [number, number];
  return new Date(Date.UTC(year, number - 1 + by, 1)).toISOString().slice(0, 7);
}

/** The day `days` after (before, when negative) a YYYY-MM-DD date, on the calendar. */
export function addDays(date: string, days: number): string {
  return new Date(Date.parse(`${date}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
}

/** Every day of a YYYY-MM month in order, YYYY-MM-DD. */
export function monthDates(month: string): string[] {
  const { from, to } = monthDays(month);
  const dates = [from];
  while ((dates.at(-1) as string) < to) dates.push(addDays(dates.at(-1) as string, 1));
  return dates;
}

// ——— ISO weeks (spec §9: weeks start on Monday and are written with their year) ———

/** An ISO week as written everywhere: 2026-W47. Week 53 only in the years that have one (2026, not 2025). */
export const isoWeekSchema = z
  .string()
  // Zod 4 runs every check by default: a text that is not a week at all must stop here, or the next one throws.
  .regex(/^\d{4}-W(0[1-9]|[1-4]\d|5[0-3])$/, { abort: true })
  .refine((week) => !/^\d{4}-W\d{2}$/.test(week) || isoWeekOf(isoWeekDays(week)[0] as string) === week);

/** The ISO week (Monday first) of a YYYY-MM-DD date. */
export function isoWeekOf(date: string): string {
  const day = new Date(`${date}T00:00:00Z`);
  const weekday = day.getUTCDay() || 7;
  const thursday = new Date(day.getTime() + (4 - weekday) * 86_400_000);
  const year = thursday.getUTCFullYear();
  const week = Math.ceil(((thursday.getTime() - Date.UTC(year, 0, 1)) / 86_400_000 + 1) / 7);
  return `${year}-W${String(week).padStart(2, '0')}`;
}

/** The ISO weekday of a YYYY-MM-DD date: 1 Monday … 7 Sunday. */
export function isoWeekday(date: string): number {
  return new Date(`${date}T00:00:00Z`).getUTCDay() || 7;
}

/** Monday to Sunday of an ISO week, YYYY-MM-DD. */
export function isoWeekDays(week: string): string[] {
  const [year, number] = week.split('-W').map(Number) as [number, number];
  const january4 = new Date(Date.UTC(year, 0, 4));
  const monday = january4.getTime() - ((january4.getUTCDay() || 7) - 1) * 86_400_000 + (number - 1) * 7 * 86_400_000;
  return Array.from({ length: 7 }, (_, index) => new Date(monday + index * 86_400_000).toISOString().slice(0, 10));
}

/** The week before. */
export function previousIsoWeek(week: string): string {
  const monday = isoWeekDays(week)[0] as string;
  return isoWeekOf(new Date(Date.parse(`${monday}T00:00:00Z`) - 86_400_000).toISOString().slice(0, 10));
}

/** The week after. */
export function nextIsoWeek(week: string): string {
  const sunday = isoWeekDays(week)[6] as string;
  return isoWeekOf(new Date(Date.parse(`${sunday}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10));
}
