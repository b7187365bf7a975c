import { fiscalCloseRecordSchema } from '@bottega/contracts/sales';
import { describe, expect, it } from 'vitest';
import { emptyFiscalClose, fiscalCloseRecordOf, romeInstant, taxOf } from './fiscal-close-form';

describe('romeInstant', () => {
  it('puts the Italian offset of the day on the time', () => {
    expect(romeInstant('2026-01-15', '19:45')).toBe('2026-01-15T19:45:00+01:00');
    expect(romeInstant('2026-07-15', '19:45')).toBe('2026-07-15T19:45:00+02:00');
  });

  it('follows the change of daylight saving time', () => {
    // Summer time starts on 29 March 2026 at 02:00 and ends on 25 October 2026 at 03:00.
    expect(romeInstant('2026-03-29', '01:30')).toBe('2026-03-29T01:30:00+01:00');
    expect(romeInstant('2026-03-29', '12:00')).toBe('2026-03-29T12:00:00+02:00');
    expect(romeInstant('2026-10-25', '12:00')).toBe('2026-10-25T12:00:00+01:00');
  });

  it('is empty without a valid date and time', () => {
    expect(romeInstant('', '19:45')).toBe('');
    expect(romeInstant('2026-01-15', '')).toBe('');
    expect(romeInstant('2026-01-15', '25:00')).toBe('');
  });
});

describe('fiscalCloseRecordOf', () => {
  const filled = {
    ...emptyFiscalClose('2026-03-14', ' 80E12345678 '),
    closedAt: '20:05',
    closeNumber: '412',
    totalCents: '1.234,56',
    documentsCount: '37',
    returnsCents: '19,90',
    cancellationsCents: '0',
    electronicPaymentsCents: '800,10',
    vatBreakdown: [{ vatRate: '2200', taxableCents: '1.011,93', taxCents: '222,63' }],
  };

  it('turns euro amounts into exact cents and passes the contract', () => {
    const record = fiscalCloseRecordOf(filled);
    expect(record).toEqual({
      deviceSerial: '80E12345678',
      businessDate: '2026-03-14',
      closedAt: '2026-03-14T20:05:00+01:00',
      closeNumber: 412,
      totalCents: 123456,
      documentsCount: 37,
      returnsCents: 1990,
      cancellationsCents: 0,
      electronicPaymentsCents: 80010,
      vatBreakdown: [{ vatRate: 2200, taxableCents: 101193, taxCents: 22263 }],
    });
    expect(fiscalCloseRecordSchema.safeParse(record).success).toBe(true);
  });

  it('leaves empty fields empty and malformed ones invalid, for the schema to word', () => {
    const result = fiscalCloseRecordSchema.safeParse(
      fiscalCloseRecordOf({
        ...filled,
        totalCents: '',
        closeNumber: '4,5',
        vatBreakdown: [{ vatRate: '2200', taxableCents: '1.011,93', taxCents: '2,345' }],
      }),
    );
    expect(result.success).toBe(false);
    const fields = result.error?.issues.map((issue) => issue.path.join('.'));
    expect(fields).toEqual(['closeNumber', 'totalCents', 'vatBreakdown.0.taxCents']);
  });
});

describe('taxOf', () => {
  it('rounds to the cent', () => {
    expect(taxOf(101193, 2200)).toBe(22262);
    expect(taxOf(1000, 1000)).toBe(100);
    expect(taxOf(999, 0)).toBe(0);
  });
});
