// Amounts typed in euro (`1.234,56`, `1234,5`, `€ 12.50`, `-3`) read as integer cents with no
// floating point on the way, so what is typed is exactly what is stored (spec §9).
const amount = /^(-)?(\d{1,3}(?:\.\d{3})+|\d+)?(?:[.,](\d{1,2}))?$/;

/**
 * Cents of an amount typed the Italian way (comma decimal, dots grouping thousands); a single dot
 * followed by one or two digits is taken as the decimal point too. Null for an empty text, NaN for
 * one that is not an amount or has more than two decimals.
 */
export function parseMoney(text: string): number | null {
  const compact = text.replace(/[\s€]/g, '');
  if (compact === '') return null;
  const match = amount.exec(compact);
  if (!match || (match[2] === undefined && match[3] === undefined)) return Number.NaN;
  const [, minus, whole = '0', decimals = ''] = match;
  const cents = Number(whole.replace(/\./g, '')) * 100 + Number(decimals.padEnd(2, '0'));
  return minus && cents !== 0 ? -cents : cents;
}
