// Money is integer euro cents everywhere; shown as `€ 1.234,56`, sign first, zero for an empty value (spec §9),
// the same on screen and in the messages the server words.
const grouped = new Intl.NumberFormat('it-IT', {
  minimumFractionDigits: 2,
  maximumFractionDigits: 2,
  useGrouping: 'always',
});

export function formatMoney(cents: number | null | undefined): string {
  const value = cents === null || cents === undefined || Number.isNaN(cents) ? 0 : Math.round(cents);
  const sign = value < 0 ? '-' : '';
  return `${sign}€ ${grouped.format(Math.abs(value) / 100)}`;
}
