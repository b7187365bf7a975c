import { describe, expect, it } from 'vitest';
import {
  changePercent,
  comparisonFigures,
  comparisonQuerySchema,
  firstNoteQuerySchema,
  periodDays,
  takingsByPayment,
} from './reports';

describe('takingsByPayment', () => {
  it('adds the till expenses back to the daily cash and leaves the rest as others', () => {
    expect(
      takingsByPayment({
        totalCents: 600_00,
        dailyCashCents: 280_00,
        creditCardCents: 150_00,
        bancomatCents: 50_00,
        vouchersCents: 30_00,
        expensesCents: 20_00,
      }),
    ).toEqual({
      totalCents: 600_00,
      cashCents: 300_00,
      creditCardCents: 150_00,
      bancomatCents: 50_00,
      vouchersCents: 30_00,
      otherCents: 70_00,
    });
  });

  it('reads figures not entered as zero', () => {
    const empty = { totalCents: null, dailyCashCents: null, creditCardCents: null, bancomatCents: null };
    expect(takingsByPayment({ ...empty, vouchersCents: null, expensesCents: 0 }).otherCents).toBe(0);
  });
});

describe('comparison figures', () => {
  it('averages per receipt, and has no average without receipts', () => {
    const sums = {
      takingsCents: 1000_01,
      receipts: 3,
      pieces: 7,
      returnsCount: 0,
      returnsCents: 0,
      fiscalCents: 0,
      posSettledCents: 10,
      depositsCents: 5,
    };
    expect(comparisonFigures(sums)).toMatchObject({
      averageReceiptCents: 333_34,
      piecesPerReceipt: 2.33,
      bankCents: 15,
    });
    expect(comparisonFigures({ ...sums, receipts: 0 })).toMatchObject({
      averageReceiptCents: null,
      piecesPerReceipt: null,
    });
  });

  it('gives the change in percent, none from zero', () => {
    expect(changePercent(110, 100)).toBe(10);
    expect(changePercent(50, -100)).toBe(150);
    expect(changePercent(5, 0)).toBeNull();
    expect(changePercent(null, 5)).toBeNull();
  });
});

describe('periods', () => {
  it('counts both ends and refuses backwards or over a year', () => {
    expect(periodDays('2024-01-01', '2024-12-31')).toBe(366);
    expect(firstNoteQuerySchema.safeParse({ from: '2024-01-01', to: '2024-12-31' }).success).toBe(true);
    expect(firstNoteQuerySchema.safeParse({ from: '2024-01-01', to: '2025-01-01' }).success).toBe(false);
    expect(firstNoteQuerySchema.safeParse({ from: '2024-02-02', to: '2024-02-01' }).success).toBe(false);
    const against = comparisonQuerySchema.safeParse({
      from: '2025-06-01',
      to: '2025-06-30',
      againstFrom: '2025-05-31',
      againstTo: '2025-05-01',
    });
    expect(against.success).toBe(false);
    expect(against.error?.issues[0]?.path).toEqual(['againstTo']);
  });
});
