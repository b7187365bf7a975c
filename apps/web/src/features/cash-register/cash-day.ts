// Days and months of the cash register as people read them: the weekday in their language, a month's name,
// the month before or after, a week's day still to come; dates stay YYYY-MM-DD (the business day in Italy)
// everywhere else.
import type { WeeklyCashDay, WeeklyCashDayStatus } from '@bottega/contracts/cash-register';

/** The weekday of a business day (YYYY-MM-DD) in the given language: "sabato", "Saturday". */
export function weekdayOf(date: string, lng: string): string {
  return new Intl.DateTimeFormat(lng, { weekday: 'long', timeZone: 'UTC' }).format(new Date(`${date}T00:00:00Z`));
}

/** A month (YYYY-MM) by name: "marzo 2026", "March 2026". */
export function monthName(month: string, lng: string): string {
  return new Intl.DateTimeFormat(lng, { month: 'long', year: 'numeric', timeZone: 'UTC' }).format(
    new Date(`${month}-01T00:00:00Z`),
  );
}

/** The month `by` months after (or before, when negative) a YYYY-MM month. */
export function shiftMonth(month: string, by: number): string {
  const [year, number] = month.split('-').map(Number) as [number, number];
  const shifted = new Date(Date.UTC(year, number - 1 + by, 1));
  return shifted.toISOString().slice(0, 7);
}

const monthPattern = /^\d{4}-(0[1-9]|1[0-2])$/;

/**
 * A month from the address (`?month=2026-03`) when it is one, else the current month. A month after the browser's
 * is kept: the server's business clock decides which days exist (it may run ahead in a demo).
 */
export function monthParam(value: string | null, current: string): string {
  return value && monthPattern.test(value) ? value : current;
}

/**
 * A value that reads left to right (a week `2026-W47`, an amount, a date and time, a serial) kept in its order
 * inside a right-to-left sentence: Unicode's left-to-right isolate around it. Left-to-right pages get it as is.
 */
export function ltr(value: string | number): string {
  const rightToLeft = typeof document !== 'undefined' && document.documentElement.dir === 'rtl';
  return rightToLeft ? `\u2066${value}\u2069` : String(value);
}

/** How a day of a week reads: its report's state, or still to come (after today), or in progress (today). */
export type ShownDayStatus = WeeklyCashDayStatus | 'upcoming' | 'today';

/**
 * The state a week's day shows, `today` being the server's business day: a day after it is still to come
 * whatever it holds; today without a report is in progress (not "no sales" nor "report missing": the day is
 * not over); any other day shows its report's state.
 */
export function shownDayStatus(day: Pick<WeeklyCashDay, 'businessDate' | 'status'>, today: string): ShownDayStatus {
  if (day.businessDate > today) return 'upcoming';
  if (day.businessDate === today && (day.status === 'missing' || day.status === 'noSales')) return 'today';
  return day.status;
}
