// The screens' period: an ISO week (2026-W48) or a month (2026-11), stepped back and forth, and named for people.
import { businessDate, formatDate, isoWeekDays, isoWeekOf } from '@bottega/contracts/dates';
import { periodDays } from '@bottega/contracts/shift-analytics';

export type PeriodKind = 'week' | 'month';

/** This week or this month, on Italian time. */
export function currentPeriod(kind: PeriodKind, today: string = businessDate()): string {
  return kind === 'week' ? isoWeekOf(today) : today.slice(0, 7);
}

/** The period `step` weeks or months away. */
export function stepPeriod(period: string, step: number): string {
  if (period.includes('-W')) {
    const monday = isoWeekDays(period)[0] as string;
    return isoWeekOf(new Date(Date.parse(`${monday}T00:00:00Z`) + step * 7 * 86_400_000).toISOString().slice(0, 10));
  }
  const [year, month] = period.split('-').map(Number) as [number, number];
  const moved = new Date(Date.UTC(year, month - 1 + step, 1));
  return `${moved.getUTCFullYear()}-${String(moved.getUTCMonth() + 1).padStart(2, '0')}`;
}

/** The period kept in its kind when the kind changes: the week of the month's first day, the month of the Monday. */
export function convertPeriod(period: string, kind: PeriodKind): string {
  const days = periodDays(period);
  if (!days) return currentPeriod(kind);
  return kind === 'week' ? isoWeekOf(days.from) : days.from.slice(0, 7);
}

/** "Novembre 2026" in the reader's language. */
export function monthName(period: string, lng: string): string {
  const [year, month] = period.split('-').map(Number) as [number, number];
  const name = new Intl.DateTimeFormat(lng, { month: 'long', year: 'numeric', timeZone: 'UTC' }).format(
    new Date(Date.UTC(year, month - 1, 1)),
  );
  return name.charAt(0).toLocaleUpperCase(lng) + name.slice(1);
}

/** The week's number and its first and last day, for "Settimana 48 · 23/11/2026 – 29/11/2026". */
export function weekParts(period: string): { number: number; from: string; to: string } {
  const days = isoWeekDays(period);
  return { number: Number(period.slice(-2)), from: formatDate(days[0]), to: formatDate(days[6]) };
}

/** A series point's name on the chart: a day DD/MM, a week W48, a month abbreviated. */
export function seriesLabel(key: string, unit: 'day' | 'week' | 'month', lng: string): string {
  if (unit === 'day') return formatDate(key).slice(0, 5);
  if (unit === 'week') return key.slice(5);
  const [year, month] = key.split('-').map(Number) as [number, number];
  return new Intl.DateTimeFormat(lng, { month: 'short', timeZone: 'UTC' }).format(
    new Date(Date.UTC(year, month - 1, 1)),
  );
}
