import { describe, expect, it } from 'vitest';
import {
  addSalesSums,
  emptySalesSums,
  previousYearPeriod,
  salesFigures,
  salesReportExportQuerySchema,
  salesReportQuerySchema,
} from './analytics';
import { isoWeekday } from './dates';

describe('previousYearPeriod', () => {
  it('goes back 52 weeks, so each day meets the same weekday', () => {
    const previous = previousYearPeriod({ from: '2026-03-01', to: '2026-03-31' });
    expect(previous).toEqual({ from: '2025-03-02', to: '2025-04-01' });
    expect(isoWeekday(previous.from)).toBe(isoWeekday('2026-03-01'));
    expect(isoWeekday(previous.to)).toBe(isoWeekday('2026-03-31'));
  });

  it('crosses a leap day', () => {
    expect(previousYearPeriod({ from: '2025-02-28', to: '2025-03-01' })).toEqual({
      from: '2024-03-01',
      to: '2024-03-02',
    });
  });
});

describe('salesFigures', () => {
  it('averages once, to the cent and to two decimals', () => {
    const sums = { ...emptySalesSums(), takingsCents: 100_00, receipts: 3, pieces: 7 };
    expect(salesFigures(sums)).toMatchObject({ averageReceiptCents: 3333, piecesPerReceipt: 2.33 });
  });

  it('has no averages without receipts', () => {
    expect(salesFigures({ ...emptySalesSums(), takingsCents: -5_00 })).toMatchObject({
      averageReceiptCents: null,
      piecesPerReceipt: null,
    });
  });

  it('adds sums column by column', () => {
    const into = { ...emptySalesSums(), cashCents: 10, receipts: 1 };
    expect(addSalesSums(into, { ...emptySalesSums(), cashCents: 5, discountCents: 2 })).toMatchObject({
      cashCents: 15,
      receipts: 1,
      discountCents: 2,
    });
  });
});

describe('salesReportQuerySchema', () => {
  it('reads the shops as a list of distinct ids', () => {
    expect(salesReportQuerySchema.parse({ from: '2026-01-01', to: '2026-01-31', shops: '3,7,3' })).toEqual({
      from: '2026-01-01',
      to: '2026-01-31',
      shops: [3, 7],
    });
  });

  it('takes one day and two years, not more', () => {
    expect(salesReportQuerySchema.safeParse({ from: '2026-01-01', to: '2026-01-01' }).success).toBe(true);
    expect(salesReportQuerySchema.safeParse({ from: '2024-01-01', to: '2025-12-31' }).success).toBe(true);
    expect(salesReportQuerySchema.safeParse({ from: '2024-01-01', to: '2026-01-01' }).success).toBe(false);
    expect(salesReportQuerySchema.safeParse({ from: '2026-01-02', to: '2026-01-01' }).success).toBe(false);
  });

  it('refuses shops that are not ids, and formats other than CSV and XLSX', () => {
    expect(salesReportQuerySchema.safeParse({ from: '2026-01-01', to: '2026-01-02', shops: '1,,2' }).success).toBe(
      false,
    );
    expect(salesReportQuerySchema.safeParse({ from: '2026-01-01', to: '2026-01-02', shops: '' }).success).toBe(false);
    expect(
      salesReportExportQuerySchema.safeParse({ from: '2026-01-01', to: '2026-01-02', format: 'pdf' }).success,
    ).toBe(false);
    expect(salesReportExportQuerySchema.parse({ from: '2026-01-01', to: '2026-01-02' }).format).toBe('csv');
  });
});
