// How the marketing screens write an instant's day and a share (dates DD/MM/YYYY on Italian time, spec §9).
import { formatDateTime } from '../../lib/format-date';

/** The day of an instant, DD/MM/YYYY on Italian time; '' for none. */
export function instantDate(instant: string | null | undefined): string {
  return formatDateTime(instant).split(' ')[0] ?? '';
}

/** A percentage as written in Italy: the number, a space, the sign ("15 %"); left to right in Arabic text too. */
export function percentText(value: number): string {
  return `\u2066${value} %\u2069`;
}
