/** The company works on Italian time: "today" and every business day are taken in this zone. */
export const businessTimeZone = 'Europe/Rome';

/** YYYY-MM-DD of an instant in the business time zone. */
export function businessDate(instant: Date = new Date()): string {
  return new Intl.DateTimeFormat('en-CA', {
    timeZone: businessTimeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).format(instant);
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
