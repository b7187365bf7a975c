// The example of the ranking portal's file the upload offers: the chosen shop and its competitors in the chosen
// month, in the Italian export's form (`;`, header first), so it can be filled in and sent back as it is.
import type { PeriodPositions } from '@bottega/contracts/rankings';

/** A value as a CSV cell: quoted when it holds the separator, a quote or a line break. */
function cell(value: string): string {
  return /[;"\n\r]/.test(value) ? `"${value.replaceAll('"', '""')}"` : value;
}

/** The CSV text: the header, then a line per subject with its position (or its place in the list when it has none). */
export function rankingFileExample(positions: PeriodPositions): string {
  const lines = positions.rows.map((row, index) =>
    [
      positions.period,
      cell(row.name),
      String(row.position ?? index + 1),
      row.score === null ? '' : String(row.score),
    ].join(';'),
  );
  return `${['period;name;position;score', ...lines].join('\r\n')}\r\n`;
}
