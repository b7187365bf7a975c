// A post's times on Italian time, whatever the browser's zone: the date-time picker holds a wall-clock text
// (`YYYY-MM-DD HH:mm:ss`), read as Rome's clock and sent as an instant; an instant from the server is put back on
// Rome's clock for the picker, the calendar and the lists.
import { businessTimeZone } from '@bottega/contracts/dates';
import { formatDateTime } from '../../../lib/format-date';

const wallClock = new Intl.DateTimeFormat('en-GB', {
  timeZone: businessTimeZone,
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
  hourCycle: 'h23',
});

type WallParts = { year: string; month: string; day: string; hour: string; minute: string; second: string };

function wallPartsOf(milliseconds: number): WallParts {
  return Object.fromEntries(
    wallClock.formatToParts(milliseconds).map((part) => [part.type, part.value]),
  ) as unknown as WallParts;
}

/** Minutes Italy is ahead of UTC at an instant (60 in winter, 120 in summer). */
function romeOffsetMinutes(milliseconds: number): number {
  const parts = wallPartsOf(milliseconds);
  const asUtc = Date.UTC(
    Number(parts.year),
    Number(parts.month) - 1,
    Number(parts.day),
    Number(parts.hour),
    Number(parts.minute),
    Number(parts.second),
  );
  return Math.round((asUtc - Math.floor(milliseconds / 1000) * 1000) / 60_000);
}

const wallPattern = /^(\d{4})-(\d{2})-(\d{2})[ T]([01]\d|2[0-3]):([0-5]\d)(?::([0-5]\d))?$/;

/**
 * The instant (ISO 8601, UTC) of a wall-clock date and time in Rome, `YYYY-MM-DD HH:mm[:ss]` as the picker gives it;
 * null when there is none or it is malformed. A time the spring change of summer time skips (02:30 on its night) is
 * taken an hour later, a time the autumn change repeats as its second passing.
 */
export function romeDateTimeToInstant(value: string | null | undefined): string | null {
  const match = value ? wallPattern.exec(value.trim()) : null;
  if (!match) return null;
  const [, year, month, day, hour, minute, second] = match;
  const wall = Date.UTC(
    Number(year),
    Number(month) - 1,
    Number(day),
    Number(hour),
    Number(minute),
    Number(second ?? 0),
  );
  if (new Date(wall).getUTCDate() !== Number(day)) return null;
  // The offset of the instant itself, not of the wall clock read as UTC: they differ around the change of summer time.
  const offset = romeOffsetMinutes(wall - romeOffsetMinutes(wall) * 60_000);
  return new Date(wall - offset * 60_000).toISOString();
}

/** An instant on Rome's clock as the picker holds it, `YYYY-MM-DD HH:mm:ss`; null when there is none. */
export function instantToRomeDateTime(instant: string | null | undefined): string | null {
  if (!instant) return null;
  const milliseconds = Date.parse(instant);
  if (Number.isNaN(milliseconds)) return null;
  const parts = wallPartsOf(milliseconds);
  return `${parts.year}-${parts.month}-${parts.day} ${parts.hour}:${parts.minute}:${parts.second}`;
}

/** The day an instant falls on in Rome, YYYY-MM-DD ('' when it is no instant). */
export function romeDateOf(instant: string): string {
  return instantToRomeDateTime(instant)?.slice(0, 10) ?? '';
}

/** An instant's time on Rome's clock, HH:mm ('' when it is no instant). */
export function romeClockOf(instant: string): string {
  return instantToRomeDateTime(instant)?.slice(11, 16) ?? '';
}

/**
 * An instant as every screen writes it (DD/MM/YYYY HH:mm, Italian time), isolated left to right (U+2066 … U+2069) so
 * the date stays before the time in Arabic, on its own or inside a sentence; '' when there is none.
 */
export function dateTimeText(instant: string | null | undefined): string {
  const text = formatDateTime(instant);
  return text ? `\u2066${text}\u2069` : '';
}

/** The picker's wall-clock value as its field shows it, DD/MM/YYYY HH:mm, isolated left to right for Arabic. */
export function pickerText(value: string): string {
  const match = wallPattern.exec(value.trim());
  if (!match) return value;
  const [, year, month, day, hour, minute] = match;
  return `\u2066${day}/${month}/${year} ${hour}:${minute}\u2069`;
}
