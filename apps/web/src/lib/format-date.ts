// Dates travel as YYYY-MM-DD and are shown DD/MM/YYYY (spec §9); anything else is shown as is.
const isoDate = /^(\d{4})-(\d{2})-(\d{2})/;

export function formatDate(value: string | null | undefined): string {
  if (!value) return '';
  const match = isoDate.exec(value);
  if (!match) return value;
  const [, year, month, day] = match;
  return `${day}/${month}/${year}`;
}
