// The differences of a count, saved as a file the office opens in a spreadsheet.
import type { StockCountAnswer } from './stock.api';

/** The differences as a CSV the office opens in a spreadsheet: semicolons, as an Italian Excel expects, and a BOM. */
export function differencesCsv(
  differences: StockCountAnswer['differences'],
  header: readonly [string, string, string, string, string],
): string {
  const cell = (value: string | number) => {
    const text = String(value);
    // A leading =, +, - or @ would be read as a formula (CSV injection); quotes escape the separators.
    const safe = /^[=+\-@\t\r]/.test(text) && typeof value === 'string' ? `'${text}` : text;
    return /[";\n\r]/.test(safe) ? `"${safe.replaceAll('"', '""')}"` : safe;
  };
  const rows = differences.map((row) =>
    [row.productCode, row.description, row.expected, row.counted, row.difference].map(cell).join(';'),
  );
  return `\uFEFF${[header.map(cell).join(';'), ...rows].join('\r\n')}\r\n`;
}
