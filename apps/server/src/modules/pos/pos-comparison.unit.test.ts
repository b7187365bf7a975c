import { describe, expect, it } from 'vitest';
import { comparePosDays } from './pos-comparison';

describe('comparePosDays', () => {
  it('agrees when the three figures are the same, the settlement summed from its rows', () => {
    expect(
      comparePosDays({
        settlement: [
          { shopId: 1, date: '2026-03-02', amountCents: 10_000 },
          { shopId: 1, date: '2026-03-02', amountCents: 2_550 },
        ],
        reports: [{ shopId: 1, date: '2026-03-02', posCents: 12_550 }],
        sales: [{ shopId: 1, date: '2026-03-02', cardCents: 12_550 }],
      }),
    ).toEqual([
      {
        shopId: 1,
        date: '2026-03-02',
        settlementCents: 12_550,
        reportCents: 12_550,
        salesCents: 12_550,
        differs: false,
      },
    ]);
  });

  it('differs when the report or the sales disagree with the settlement', () => {
    const settlement = [{ shopId: 1, date: '2026-03-02', amountCents: 10_000 }];
    const agreeing = { shopId: 1, date: '2026-03-02' };
    expect(
      comparePosDays({
        settlement,
        reports: [{ ...agreeing, posCents: 9_999 }],
        sales: [{ ...agreeing, cardCents: 10_000 }],
      })[0]?.differs,
    ).toBe(true);
    expect(
      comparePosDays({
        settlement,
        reports: [{ ...agreeing, posCents: 10_000 }],
        sales: [{ ...agreeing, cardCents: 10_001 }],
      })[0]?.differs,
    ).toBe(true);
  });

  it('lists a day present on one side only, with the missing figures as null and no settlement as 0', () => {
    expect(
      comparePosDays({
        settlement: [{ shopId: 2, date: '2026-03-03', amountCents: 5_000 }],
        reports: [{ shopId: 1, date: '2026-03-02', posCents: 7_000 }],
        sales: [{ shopId: 3, date: '2026-03-02', cardCents: 0 }],
      }),
    ).toEqual([
      { shopId: 1, date: '2026-03-02', settlementCents: 0, reportCents: 7_000, salesCents: null, differs: true },
      { shopId: 3, date: '2026-03-02', settlementCents: 0, reportCents: null, salesCents: 0, differs: false },
      { shopId: 2, date: '2026-03-03', settlementCents: 5_000, reportCents: null, salesCents: null, differs: false },
    ]);
  });

  it('sorts by date, then by shop number (not as text)', () => {
    const days = comparePosDays({
      settlement: [
        { shopId: 10, date: '2026-03-02', amountCents: 1 },
        { shopId: 2, date: '2026-03-02', amountCents: 1 },
        { shopId: 1, date: '2026-02-28', amountCents: 1 },
      ],
      reports: [],
      sales: [],
    });
    expect(days.map((day) => [day.date, day.shopId])).toEqual([
      ['2026-02-28', 1],
      ['2026-03-02', 2],
      ['2026-03-02', 10],
    ]);
  });

  it('lowers the settlement by a refund (an accepted negative row); lists nothing when all is empty', () => {
    expect(
      comparePosDays({
        settlement: [
          { shopId: 1, date: '2026-03-02', amountCents: 3_000 },
          { shopId: 1, date: '2026-03-02', amountCents: -1_000 },
        ],
        reports: [{ shopId: 1, date: '2026-03-02', posCents: 2_000 }],
        sales: [],
      })[0]?.differs,
    ).toBe(false);
    expect(comparePosDays({ settlement: [], reports: [], sales: [] })).toEqual([]);
  });
});
