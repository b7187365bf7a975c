import { describe, expect, it } from 'vitest';
import { differencesCsv } from './stock-csv';

describe('differencesCsv', () => {
  const header = ['Codice', 'Descrizione', 'Atteso', 'Contato', 'Differenza'] as const;

  it('writes one semicolon row per difference after the header, with a BOM', () => {
    const csv = differencesCsv(
      [{ productCode: 'P-1', description: 'Borsa', expected: 5, counted: 3, difference: -2 }],
      header,
    );
    expect(csv).toBe('\uFEFFCodice;Descrizione;Atteso;Contato;Differenza\r\nP-1;Borsa;5;3;-2\r\n');
  });

  it('quotes separators and defuses formulas in texts, never in numbers', () => {
    const csv = differencesCsv(
      [{ productCode: '=HYPERLINK("x")', description: 'Borsa; "grande"', expected: 0, counted: 2, difference: 2 }],
      header,
    );
    expect(csv.split('\r\n')[1]).toBe(`"'=HYPERLINK(""x"")";"Borsa; ""grande""";0;2;2`);
    const negative = differencesCsv(
      [{ productCode: 'P', description: 'D', expected: 4, counted: 1, difference: -3 }],
      header,
    );
    expect(negative.split('\r\n')[1]).toBe('P;D;4;1;-3');
  });
});
