// The posts calendar's days: a month as six weeks Monday first (the days of the months around it fill the grid), or
// one week; the range the server is asked for, the way to the period before and after, and the posts of each day on
// Rome's clock.
import { addDays, isoWeekday, shiftMonth } from '@bottega/contracts/dates';
import { romeDateOf } from './post-time';

export const calendarViews = ['month', 'week'] as const;
export type CalendarView = (typeof calendarViews)[number];

/** Monday to Sunday of the week holding a YYYY-MM-DD date. */
export function weekDaysOf(date: string): string[] {
  const monday = addDays(date, 1 - isoWeekday(date));
  return Array.from({ length: 7 }, (_, index) => addDays(monday, index));
}

/** The 42 days (six weeks, Monday first) a month's grid shows, starting on the Monday on or before its first day. */
export function monthGridDays(month: string): string[] {
  const first = `${month}-01`;
  const monday = addDays(first, 1 - isoWeekday(first));
  return Array.from({ length: 42 }, (_, index) => addDays(monday, index));
}

/** The days a view shows around its anchor date. */
export function calendarDays(view: CalendarView, anchor: string): string[] {
  return view === 'month' ? monthGridDays(anchor.slice(0, 7)) : weekDaysOf(anchor);
}

/** The first and last day the view shows: what the calendar asks the server for (at most 42 days). */
export function calendarRange(view: CalendarView, anchor: string): { from: string; to: string } {
  const days = calendarDays(view, anchor);
  return { from: days[0] as string, to: days.at(-1) as string };
}

/** The anchor of the period `by` months or weeks away: a month's first day, a week's same weekday. */
export function moveAnchor(view: CalendarView, anchor: string, by: number): string {
  return view === 'month' ? `${shiftMonth(anchor.slice(0, 7), by)}-01` : addDays(anchor, 7 * by);
}

/** Whether the address gave a real YYYY-MM-DD date. */
export function isCalendarDate(value: string | null): value is string {
  if (!value || !/^\d{4}-\d{2}-\d{2}$/.test(value)) return false;
  const date = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === value;
}

/** The posts of each day they fall on in Rome, earliest first. */
export function postsByDay<Post extends { at: string; id: number }>(posts: readonly Post[]): Map<string, Post[]> {
  const days = new Map<string, Post[]>();
  const sorted = [...posts].sort((a, b) => Date.parse(a.at) - Date.parse(b.at) || a.id - b.id);
  for (const post of sorted) {
    const day = romeDateOf(post.at);
    const list = days.get(day);
    if (list) list.push(post);
    else days.set(day, [post]);
  }
  return days;
}

/** The reader's language for the calendar's names, with the Latin digits every date in the app has. */
function calendarLanguage(lng: string): string {
  return `${lng}-u-nu-latn`;
}

/** The month the grid shows, named in the reader's language ("luglio 2026"). */
export function monthTitle(month: string, lng: string): string {
  return new Intl.DateTimeFormat(calendarLanguage(lng), { month: 'long', year: 'numeric', timeZone: 'UTC' }).format(
    new Date(`${month}-01T00:00:00Z`),
  );
}

/** Monday to Sunday, short, in the reader's language. */
export function weekdayNames(lng: string, width: 'short' | 'long' = 'short'): string[] {
  const format = new Intl.DateTimeFormat(calendarLanguage(lng), { weekday: width, timeZone: 'UTC' });
  // 2024-01-01 was a Monday.
  return weekDaysOf('2024-01-01').map((day) => format.format(new Date(`${day}T00:00:00Z`)));
}

/** A day named in full for a screen reader or a phone's day heading ("mercoledì 15 luglio 2026"). */
export function dayTitle(date: string, lng: string): string {
  return new Intl.DateTimeFormat(calendarLanguage(lng), {
    weekday: 'long',
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    timeZone: 'UTC',
  }).format(new Date(`${date}T00:00:00Z`));
}
