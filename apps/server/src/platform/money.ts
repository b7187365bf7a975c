// Money in messages the server words (an expense over its authorisation, a cash count that does not match):
// integer euro cents shown as the web shows them, `€ 1.234,56`, sign first (spec §9).
const grouped = new Intl.NumberFormat('it-IT', {
  minimumFractionDigits: 2,
  maximumFractionDigits: 2,
  useGrouping: 'always',
});

export function formatMoney(cents: number): string {
  const value = Math.round(cents);
  return `${value < 0 ? '-' : ''}€ ${grouped.format(Math.abs(value) / 100)}`;
}
