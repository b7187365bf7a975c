import { describe, expect, it } from 'vitest';
import {
  budgetPercent,
  fromLastYear,
  nextBudgetState,
  receiptAverages,
  roundingOptions,
  spreadBudget,
  weekdayShape,
  withDayEdited,
} from './budgets';

// November 2026: the 1st is a Sunday.
const november = Array.from({ length: 30 }, (_, index) => `2026-11-${String(index + 1).padStart(2, '0')}`);

describe('the weekday shape', () => {
  it('averages last year’s takings per weekday, a weekday that sold nothing weighing 0', () => {
    // Two Mondays (100 and 300), one Saturday (500), a Sunday closed.
    const shape = weekdayShape([
      { date: '2025-11-03', cents: 100 },
      { date: '2025-11-10', cents: 300 },
      { date: '2025-11-08', cents: 500 },
      { date: '2025-11-09', cents: 0 },
    ]);
    expect(shape).toEqual([200, 0, 0, 0, 0, 500, 0]);
  });

  it('weighs every weekday the same without a history', () => {
    expect(weekdayShape([])).toEqual([1, 1, 1, 1, 1, 1, 1]);
  });
});

describe('spreading a month’s budget', () => {
  it('adds up to the month to the cent, nothing on closed days, by the weekday shape', () => {
    const days = november.map((date) => ({ date, open: !['2026-11-01', '2026-11-08'].includes(date) }));
    const spread = spreadBudget({ totalCents: 1_000_001, days, shape: [1, 1, 1, 1, 1, 2, 1] });
    expect(spread.reduce((sum, day) => sum + day.cents, 0)).toBe(1_000_001);
    expect(spread.find((day) => day.date === '2026-11-01')?.cents).toBe(0);
    const saturday = spread.find((day) => day.date === '2026-11-07')?.cents ?? 0;
    const monday = spread.find((day) => day.date === '2026-11-02')?.cents ?? 0;
    expect(Math.abs(saturday - 2 * monday)).toBeLessThanOrEqual(2);
  });

  it('keeps the sum for any total and any shape (the cents left go where rounding lost most)', () => {
    for (let total = 0; total < 5_000; total += 37) {
      const days = november.slice(0, 9).map((date, index) => ({ date, open: index % 4 !== 0 }));
      const spread = spreadBudget({ totalCents: total, days, shape: [3, 1, 0, 2, 5, 7, 1] });
      expect(
        spread.reduce((sum, day) => sum + day.cents, 0),
        String(total),
      ).toBe(total);
      expect(spread.every((day) => day.cents >= 0)).toBe(true);
    }
  });

  it('shares equally when the shape gives the open days nothing', () => {
    const days = ['2026-11-03', '2026-11-04', '2026-11-05'].map((date) => ({ date, open: true }));
    expect(spreadBudget({ totalCents: 100, days, shape: [1, 0, 0, 0, 1, 1, 1] }).map((day) => day.cents)).toEqual([
      34, 33, 33,
    ]);
  });
});

describe('the rounding prompt (§5)', () => {
  it('offers the nearest whole euro, ten and hundred euro, without repeats or the amount itself', () => {
    expect(roundingOptions(1_234_567)).toEqual([1_234_600, 1_235_000, 1_230_000]);
    expect(roundingOptions(1_230_000)).toEqual([]);
    expect(roundingOptions(1_000_050)).toEqual([1_000_100, 1_000_000]);
  });
});

describe('copying from last year', () => {
  it('applies the percentage to the cent', () => {
    expect(fromLastYear(1_000_000, 5)).toBe(1_050_000);
    expect(fromLastYear(333, -10)).toBe(300);
  });
});

describe('the budget’s transition table', () => {
  it('creates, keeps a draft a draft, and makes a sent or confirmed budget edited again when saved', () => {
    expect(nextBudgetState('none', 'save')).toBe('created');
    expect(nextBudgetState('created', 'save')).toBe('created');
    expect(nextBudgetState('edited', 'save')).toBe('edited');
    expect(nextBudgetState('sent', 'save')).toBe('edited');
    expect(nextBudgetState('confirmed', 'save')).toBe('edited');
  });

  it('sends a draft only: a sent or confirmed budget unchanged since is already sent', () => {
    expect(nextBudgetState('created', 'send')).toBe('sent');
    expect(nextBudgetState('edited', 'send')).toBe('sent');
    expect(nextBudgetState('sent', 'send')).toBeNull();
    expect(nextBudgetState('confirmed', 'send')).toBeNull();
    expect(nextBudgetState('none', 'send')).toBeNull();
  });

  it('confirms a sent budget only', () => {
    expect(nextBudgetState('sent', 'confirm')).toBe('confirmed');
    for (const state of ['none', 'created', 'edited', 'confirmed'] as const)
      expect(nextBudgetState(state, 'confirm')).toBeNull();
  });
});

describe('the days and the month', () => {
  it('makes the month the sum of its days when one day is edited', () => {
    const days = [
      { date: '2026-11-02', cents: 100 },
      { date: '2026-11-03', cents: 200 },
    ];
    expect(withDayEdited(days, '2026-11-03', 350)).toEqual({
      days: [
        { date: '2026-11-02', cents: 100 },
        { date: '2026-11-03', cents: 350 },
      ],
      totalCents: 450,
    });
    // The days given are left as they were.
    expect(days[1]?.cents).toBe(200);
  });

  it('reads last year’s receipts as an average receipt and pieces per receipt in hundredths', () => {
    expect(receiptAverages({ takingsCents: 10_000, receiptsCount: 3, pieces: 7 })).toEqual({
      averageReceiptCents: 3_333,
      piecesPerReceipt: 233,
    });
    expect(receiptAverages({ takingsCents: 0, receiptsCount: 0, pieces: 0 })).toEqual({
      averageReceiptCents: 0,
      piecesPerReceipt: 0,
    });
  });

  it('gives the share of a budget reached, none without a budget', () => {
    expect(budgetPercent(750, 1_000)).toBe(75);
    expect(budgetPercent(750, 0)).toBeNull();
  });
});
