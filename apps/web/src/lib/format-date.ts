// Dates travel as YYYY-MM-DD and are shown DD/MM/YYYY (spec §9): the rule is shared with the server's notifications.
export { formatDate } from '@bottega/contracts/dates';

const dateTime = new Intl.DateTimeFormat('it-IT', {
  timeZone: 'Europe/Rome',
  day: '2-digit',
  month: '2-digit',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
  hour12: false,
});

/** An instant shown as DD/MM/YYYY HH:mm on Italian time, where the company works. */
export function formatDateTime(instant: string | null | undefined): string {
  if (!instant) return '';
  const date = new Date(instant);
  return Number.isNaN(date.getTime()) ? instant : dateTime.format(date).replace(',', '');
}

/**
 * How long ago an instant was, in the reader's language ("5 minuti fa", "ieri"); past a week its date instead
 * (DD/MM/YYYY on Italian time), which a list reads better than "3 settimane fa". An instant a clock ahead of this
 * one put in the future reads as now.
 */
export function formatRelativeTime(instant: string, now: Date, lng: string): string {
  const date = new Date(instant);
  if (Number.isNaN(date.getTime())) return instant;
  const ago = Math.max(0, Math.round((now.getTime() - date.getTime()) / 1000));
  const relative = new Intl.RelativeTimeFormat(lng, { numeric: 'auto' });
  if (ago < 45) return relative.format(0, 'second');
  if (ago < 45 * 60) return relative.format(-Math.round(ago / 60), 'minute');
  if (ago < 22 * 3600) return relative.format(-Math.round(ago / 3600), 'hour');
  if (ago < 7 * 86_400) return relative.format(-Math.round(ago / 86_400), 'day');
  return formatDateTime(instant).split(' ')[0] ?? instant;
}
