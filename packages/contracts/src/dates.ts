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
