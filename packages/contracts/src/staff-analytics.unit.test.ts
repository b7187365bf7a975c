import { describe, expect, it } from 'vitest';
import {
  averageReceiptCents,
  competitionRanks,
  piecesPerReceipt,
  reportPeriods,
  seriesKeys,
  shareBasisPoints,
  shopStaffFigures,
  staffAnalyticsQuerySchema,
  staffSeriesUnitOf,
} from './staff-analytics';

const sums = { receipts: 0, takingsCents: 0, pieces: 0, returnsCount: 0, returnsCents: 0, discountCents: 0 };

describe('staff figures', () => {
  it('rank by takings, equal takings sharing a rank and the next one skipping', () => {
    expect(competitionRanks([500, 300, 300, 100])).toEqual([1, 2, 2, 4]);
    expect(competitionRanks([0, -10, 0])).toEqual([1, 3, 1]);
    expect(competitionRanks([])).toEqual([]);
  });

  it('have no average nor pieces per receipt without a sale receipt, not zero', () => {
    expect(averageReceiptCents(0, 0)).toBeNull();
    expect(averageReceiptCents(-2000, 0)).toBeNull();
    expect(piecesPerReceipt(3, 0)).toBeNull();
    expect(averageReceiptCents(1000, 3)).toBe(333);
    expect(averageReceiptCents(1001, 2)).toBe(501);
    // Half away from zero, as PostgreSQL rounds: a shop's net takings may be negative in a week of returns.
    expect(averageReceiptCents(-1001, 2)).toBe(-501);
    expect(piecesPerReceipt(5, 3)).toBe(1.67);
    // More pieces returned than sold: -1 over 8 receipts is -0,125, away from zero to -0,13 (not -0,12).
    expect(piecesPerReceipt(-1, 8)).toBe(-0.13);
  });

  it('share the shop takings only when the shop took something', () => {
    expect(shareBasisPoints(100, 310)).toBe(3226);
    expect(shareBasisPoints(100, 0)).toBeNull();
    expect(shareBasisPoints(100, -50)).toBeNull();
    expect(shareBasisPoints(-1, 20_000)).toBe(-1);
  });

  it('leave the unassigned receipts out of the ranking but in the shop takings', () => {
    const rows = shopStaffFigures([
      { ...sums, employeeId: null, takingsCents: 900, receipts: 1 },
      { ...sums, employeeId: 1, takingsCents: 100, receipts: 1 },
      { ...sums, employeeId: 2, takingsCents: 0 },
    ]);
    expect(rows.map((row) => row.rank)).toEqual([null, 1, 2]);
    expect(rows.map((row) => row.shareBasisPoints)).toEqual([9000, 1000, 0]);
    expect(rows[2]?.averageReceiptCents).toBeNull();
  });
});

describe('report periods', () => {
  it('set a week beside the week before, across the new year', () => {
    expect(reportPeriods('weekly', '2026-W01')).toEqual({
      current: { from: '2025-12-29', to: '2026-01-04' },
      previous: { from: '2025-12-22', to: '2025-12-28' },
      lastYear: null,
    });
  });

  it('set a month beside the month before and the same month last year', () => {
    expect(reportPeriods('monthly', '2026-03')).toEqual({
      current: { from: '2026-03-01', to: '2026-03-31' },
      previous: { from: '2026-02-01', to: '2026-02-28' },
      lastYear: { from: '2025-03-01', to: '2025-03-31' },
    });
    expect(reportPeriods('monthly', '2026-01').previous).toEqual({ from: '2025-12-01', to: '2025-12-31' });
  });

  it('draw days up to two months, ISO weeks beyond, every one of the period', () => {
    expect(staffSeriesUnitOf('2026-11-01', '2027-01-02')).toBe('week');
    expect(staffSeriesUnitOf('2026-11-01', '2027-01-01')).toBe('day');
    expect(seriesKeys('2026-11-28', '2026-12-01', 'day')).toEqual([
      '2026-11-28',
      '2026-11-29',
      '2026-11-30',
      '2026-12-01',
    ]);
    expect(seriesKeys('2026-12-27', '2027-01-05', 'week')).toEqual(['2026-W52', '2026-W53', '2027-W01']);
  });

  it('refuse a period past a year or backwards, and ids that are not ids', () => {
    const parse = (query: Record<string, string>) => staffAnalyticsQuerySchema.safeParse(query).success;
    expect(parse({ from: '2026-01-01', to: '2026-12-31' })).toBe(true);
    expect(parse({ from: '2025-01-01', to: '2026-01-02' })).toBe(false);
    expect(parse({ from: '2026-02-01', to: '2026-01-31' })).toBe(false);
    expect(parse({ from: '2026-01-01', to: '2026-01-31', shopIds: '1,2' })).toBe(true);
    expect(parse({ from: '2026-01-01', to: '2026-01-31', shopIds: '0' })).toBe(false);
    expect(parse({ from: '2026-01-01', to: '2026-01-31', shopIds: '1,,2' })).toBe(false);
  });
});
