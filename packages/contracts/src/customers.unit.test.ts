import { describe, expect, it } from 'vitest';
import {
  birthdayIn,
  defaultLoyaltyLevels,
  levelProgress,
  levelProgressPercent,
  loyaltyLevelsSchema,
  pointsWindowStart,
  receiptPoints,
} from './customers';

describe('the loyalty rules', () => {
  it('gives a receipt its whole euros, takes them back on a return, nothing for a cancelled one', () => {
    expect(receiptPoints('sale', 12_399)).toBe(123);
    expect(receiptPoints('sale', 99)).toBe(0);
    expect(receiptPoints('return', -5_099)).toBe(-50);
    expect(receiptPoints('cancelled', 10_000)).toBe(0);
  });

  it('counts the last 12 months: from the day after the same day a year ago', () => {
    expect(pointsWindowStart('2026-06-15')).toBe('2025-06-16');
    expect(pointsWindowStart('2026-01-01')).toBe('2025-01-02');
    expect(pointsWindowStart('2026-12-31')).toBe('2026-01-01');
    // From a leap day: the year before has no 29 February.
    expect(pointsWindowStart('2028-02-29')).toBe('2027-03-01');
    expect(pointsWindowStart('2027-02-28')).toBe('2026-03-01');
  });

  it('celebrates 29 February on the 28th in the other years', () => {
    expect(birthdayIn('1996-02-29', 2027)).toBe('2027-02-28');
    expect(birthdayIn('1996-02-29', 2028)).toBe('2028-02-29');
    expect(birthdayIn('1990-12-31', 2026)).toBe('2026-12-31');
  });

  it('reaches the highest level whose threshold the points meet, and says what the next one needs', () => {
    expect(levelProgress(defaultLoyaltyLevels, 0)).toMatchObject({
      level: { name: 'Bronzo', index: 0 },
      next: { name: 'Argento', missingPoints: 300 },
    });
    expect(levelProgress(defaultLoyaltyLevels, 299).level?.name).toBe('Bronzo');
    expect(levelProgress(defaultLoyaltyLevels, 300)).toMatchObject({
      level: { name: 'Argento' },
      next: { name: 'Oro', missingPoints: 500 },
    });
    expect(levelProgress(defaultLoyaltyLevels, 5_000)).toMatchObject({ level: { name: 'Oro', index: 2 }, next: null });
    const fromTen = [{ name: 'Uno', minPoints: 10, discountPercent: 1 }];
    expect(levelProgress(fromTen, 4)).toEqual({ level: null, next: { ...fromTen[0], index: 0, missingPoints: 6 } });
  });

  it('accepts levels starting at 0 with rising thresholds and unique names, discounts up to 15 %', () => {
    expect(loyaltyLevelsSchema.safeParse(defaultLoyaltyLevels).success).toBe(true);
    const issues = (levels: unknown) =>
      (loyaltyLevelsSchema.safeParse(levels).error?.issues ?? []).map((issue) => issue.path.join('.'));
    expect(issues([{ name: 'A', minPoints: 5, discountPercent: 1 }])).toEqual(['0.minPoints']);
    expect(
      issues([
        { name: 'A', minPoints: 0, discountPercent: 1 },
        { name: 'B', minPoints: 0, discountPercent: 1 },
      ]),
    ).toEqual(['1.minPoints']);
    expect(
      issues([
        { name: 'Oro', minPoints: 0, discountPercent: 1 },
        { name: 'oro', minPoints: 9, discountPercent: 1 },
      ]),
    ).toEqual(['1.name']);
    expect(issues([{ name: 'A', minPoints: 0, discountPercent: 16 }])).toEqual(['0.discountPercent']);
    expect(issues([])).toEqual(['']);
  });

  it('measures the way from this level to the next, full at the last level, empty below the first', () => {
    const bronze = { minPoints: 0 };
    const silver = { minPoints: 300 };
    expect(levelProgressPercent({ points: 150, level: bronze, next: silver })).toBe(50);
    expect(levelProgressPercent({ points: 100, level: bronze, next: silver })).toBe(33);
    expect(levelProgressPercent({ points: 550, level: silver, next: { minPoints: 800 } })).toBe(50);
    expect(levelProgressPercent({ points: 900, level: silver, next: null })).toBe(100);
    expect(levelProgressPercent({ points: 30, level: null, next: { minPoints: 100 } })).toBe(30);
    expect(levelProgressPercent({ points: -20, level: null, next: bronze })).toBe(0);
    expect(levelProgressPercent({ points: 0, level: null, next: null })).toBe(0);
  });
});
