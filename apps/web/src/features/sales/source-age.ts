// How long ago a register or printer last sent data, in words, and when that is long enough to worry.
const minute = 60_000;
const hour = 60 * minute;
const day = 24 * hour;

/** A source silent for more than a day has missed a whole business day. */
export function isStale(instant: string, now: number): boolean {
  return now - new Date(instant).getTime() > day;
}

/** "5 minuti fa", "3 ore fa", "ieri", "12 giorni fa" in the person's language. */
export function timeAgo(instant: string, now: number, lng: string): string {
  const format = new Intl.RelativeTimeFormat(lng, { numeric: 'auto' });
  const elapsed = Math.max(0, now - new Date(instant).getTime());
  if (elapsed < minute) return format.format(0, 'second');
  if (elapsed < hour) return format.format(-Math.floor(elapsed / minute), 'minute');
  if (elapsed < day) return format.format(-Math.floor(elapsed / hour), 'hour');
  return format.format(-Math.floor(elapsed / day), 'day');
}
