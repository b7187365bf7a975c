// The FatturaPA writer's pure rules: cents as euros, the five-character progressive, net amounts and VAT per rate.
import { describe, expect, it } from 'vitest';
import { euros, fatturaFileName, progressivoInvio, vatSummary } from './invoices.fatturapa';

describe('FatturaPA figures', () => {
  it('writes cents as euros with two decimals', () => {
    expect(euros(0)).toBe('0.00');
    expect(euros(5)).toBe('0.05');
    expect(euros(123456)).toBe('1234.56');
    expect(euros(-250)).toBe('-2.50');
  });

  it('numbers the file with the year and the number in base 36, five characters', () => {
    expect(progressivoInvio(2026, 1)).toBe('26001');
    expect(progressivoInvio(2026, 36)).toBe('26010');
    expect(progressivoInvio(2030, 46_655)).toBe('30ZZZ');
    expect(fatturaFileName('08712340150', 2026, 12)).toBe('IT08712340150_2600C.xml');
  });

  it('splits gross lines into taxable and tax per rate, the taxable being the lines’ sum', () => {
    const { detail, summary } = vatSummary([
      { description: 'A', quantity: 2, subtotalCents: 3000, vatRate: 2200 },
      { description: 'B', quantity: 1, subtotalCents: 1000, vatRate: 400 },
      { description: 'C', quantity: 1, subtotalCents: 999, vatRate: 2200 },
    ]);
    expect(detail.map((line) => line.netCents)).toEqual([2459, 962, 819]);
    expect(summary).toEqual([
      { vatRate: 2200, taxableCents: 3278, taxCents: 721 },
      { vatRate: 400, taxableCents: 962, taxCents: 38 },
    ]);
  });
});
