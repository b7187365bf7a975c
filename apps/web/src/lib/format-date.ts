// Dates travel as YYYY-MM-DD and are shown DD/MM/YYYY (spec §9); anything else is shown as is.
const isoDate = /^(\d{4})-(\d{2})-(\d{2})/;

export function formatDate(value: string | null | undefined): string {
  if (!value) return '';
  const match = isoDate.exec(value);
  if (!match) return value;
  const [, year, month, day] = match;
  return `${day}/${month}/${year}`;
}

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
