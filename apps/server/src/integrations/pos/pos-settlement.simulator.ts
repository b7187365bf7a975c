// A local stand-in for the acquirer's portal export: writes settlement rows as the portal does today (Italian
// header, `;` between cells, decimal comma, dates DD/MM/YYYY, CRLF), so tests, development and the demo have
// settlement files with no acquirer. parsePosSettlement reads back exactly what this writes.

import { stringify } from 'csv-stringify/sync';
import type { PosSettlementRow, PosSettlementState } from './pos-settlement';

const header = ['Data', 'Codice esercente', 'Terminale', 'Tipo carta', 'Importo', 'Stato', 'Codice autorizzazione'];

const stateWords: Record<PosSettlementState, string> = {
  accepted: 'ESEGUITA',
  refused: 'RIFIUTATA',
  reversed: 'STORNATA',
};

/** Cents as the portal writes euros: `1234,56`, `-12,00` (no thousands separator). */
function italianAmount(cents: number): string {
  const sign = cents < 0 ? '-' : '';
  const absolute = Math.abs(cents);
  return `${sign}${Math.trunc(absolute / 100)},${String(absolute % 100).padStart(2, '0')}`;
}

function italianDate(date: string): string {
  const [year, month, day] = date.split('-');
  return `${day}/${month}/${year}`;
}

export function writePosSettlement(rows: Omit<PosSettlementRow, 'line'>[]): string {
  return stringify(
    [
      header,
      ...rows.map((row) => [
        italianDate(row.date),
        row.merchantCode,
        row.terminal,
        row.cardType,
        italianAmount(row.amountCents),
        stateWords[row.state],
        row.authorisationCode,
      ]),
    ],
    { delimiter: ';', record_delimiter: 'windows' },
  );
}
