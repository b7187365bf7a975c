import { describe, expect, it } from 'vitest';
import {
  businessDate,
  businessHour,
  isoWeekDays,
  isoWeekOf,
  isoWeekSchema,
  monthDates,
  nextIsoWeek,
  previousIsoWeek,
  shiftMonth,
} from './dates';

describe('businessHour', () => {
  it('reads the hour on the Italian clock, midnight as 0', () => {
    expect(businessHour(new Date('2026-01-15T23:30:00Z'))).toBe(0);
    expect(businessHour(new Date('2026-01-15T08:59:00Z'))).toBe(9);
    // Summer time: UTC+2.
    expect(businessHour(new Date('2026-07-15T16:00:00Z'))).toBe(18);
  });
});

describe('businessDate', () => {
  it('takes the day in Europe/Rome, not in UTC', () => {
    // 23:30 UTC on 28 March 2026 is 00:30 CET on the 29th (summer time starts later that night).
    expect(businessDate(new Date('2026-03-28T23:30:00Z'))).toBe('2026-03-29');
    expect(businessDate(new Date('2026-03-28T22:59:59Z'))).toBe('2026-03-28');
  });

  it('follows summer time', () => {
    // CEST is UTC+2: 22:30 UTC is already the next day, 21:59 UTC is not.
    expect(businessDate(new Date('2026-07-15T22:30:00Z'))).toBe('2026-07-16');
    expect(businessDate(new Date('2026-07-15T21:59:00Z'))).toBe('2026-07-15');
    // Back to CET (UTC+1) after 25 October 2026.
    expect(businessDate(new Date('2026-10-25T22:30:00Z'))).toBe('2026-10-25');
  });

  it('is today as YYYY-MM-DD by default', () => {
    const before = businessDate(new Date());
    const today = businessDate();
    expect(today).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect([before, businessDate(new Date())]).toContain(today);
  });
});

describe('ISO weeks', () => {
  it('names the week of a date, Monday first', () => {
    expect(isoWeekOf('2026-11-23')).toBe('2026-W48'); // a Monday
    expect(isoWeekOf('2026-11-29')).toBe('2026-W48'); // its Sunday
    expect(isoWeekOf('2026-11-30')).toBe('2026-W49');
  });

  it('counts the last days of a year in week 53 of a year that has one, and the first days in the old year', () => {
    // 2026 starts on a Thursday: it has 53 weeks, the last ending on Sunday 3 January 2027.
    expect(isoWeekOf('2026-12-28')).toBe('2026-W53');
    expect(isoWeekOf('2026-12-31')).toBe('2026-W53');
    expect(isoWeekOf('2027-01-01')).toBe('2026-W53');
    expect(isoWeekOf('2027-01-03')).toBe('2026-W53');
    expect(isoWeekOf('2027-01-04')).toBe('2027-W01');
  });

  it('puts the first days of January in week 1 when its Thursday falls there, even from December', () => {
    // 1 January 2026 is a Thursday: Monday 29 December 2025 already belongs to 2026-W01.
    expect(isoWeekOf('2025-12-29')).toBe('2026-W01');
    expect(isoWeekOf('2026-01-01')).toBe('2026-W01');
    expect(isoWeekOf('2025-12-28')).toBe('2025-W52');
    // 1 January 2021 is a Friday: it belongs to 2020-W53.
    expect(isoWeekOf('2021-01-01')).toBe('2020-W53');
  });

  it('lists Monday to Sunday of a week, across months and years', () => {
    expect(isoWeekDays('2026-W48')).toEqual([
      '2026-11-23',
      '2026-11-24',
      '2026-11-25',
      '2026-11-26',
      '2026-11-27',
      '2026-11-28',
      '2026-11-29',
    ]);
    expect(isoWeekDays('2026-W53')).toEqual([
      '2026-12-28',
      '2026-12-29',
      '2026-12-30',
      '2026-12-31',
      '2027-01-01',
      '2027-01-02',
      '2027-01-03',
    ]);
    expect(isoWeekDays('2026-W01')[0]).toBe('2025-12-29');
    expect(isoWeekDays('2027-W01')[0]).toBe('2027-01-04');
  });

  it('is its own inverse: every day of a week is in that week', () => {
    for (const week of ['2026-W01', '2026-W13', '2026-W44', '2026-W53', '2027-W01', '2020-W53']) {
      for (const day of isoWeekDays(week)) expect(isoWeekOf(day)).toBe(week);
    }
  });

  it('gives the week before, across years', () => {
    expect(previousIsoWeek('2026-W48')).toBe('2026-W47');
    expect(previousIsoWeek('2027-W01')).toBe('2026-W53');
    expect(previousIsoWeek('2026-W01')).toBe('2025-W52');
    expect(previousIsoWeek('2021-W01')).toBe('2020-W53');
  });

  it('gives the week after, across years', () => {
    expect(nextIsoWeek('2026-W48')).toBe('2026-W49');
    expect(nextIsoWeek('2026-W53')).toBe('2027-W01');
    expect(nextIsoWeek('2025-W52')).toBe('2026-W01');
  });

  it('accepts week 53 only in years that have one', () => {
    expect(isoWeekSchema.safeParse('2026-W53').success).toBe(true);
    expect(isoWeekSchema.safeParse('2020-W53').success).toBe(true);
    expect(isoWeekSchema.safeParse('2025-W53').success).toBe(false);
    expect(isoWeekSchema.safeParse('2027-W53').success).toBe(false);
    expect(isoWeekSchema.safeParse('2026-W00').success).toBe(false);
    expect(isoWeekSchema.safeParse('2026-W54').success).toBe(false);
    expect(isoWeekSchema.safeParse('2026-48').success).toBe(false);
  });
});

describe('shiftMonth', () => {
  it('crosses the years both ways', () => {
    expect(shiftMonth('2026-01', -1)).toBe('2025-12');
    expect(shiftMonth('2025-12', 1)).toBe('2026-01');
    expect(shiftMonth('2026-03', 0)).toBe('2026-03');
    expect(shiftMonth('2026-03', -14)).toBe('2025-01');
  });
});

describe('monthDates', () => {
  it('lists every day of the month, a leap February’s 29th too', () => {
    expect(monthDates('2026-03')).toHaveLength(31);
    expect(monthDates('2026-03')[0]).toBe('2026-03-01');
    expect(monthDates('2026-03').at(-1)).toBe('2026-03-31');
    expect(monthDates('2028-02').at(-1)).toBe('2028-02-29');
    expect(monthDates('2026-02')).toHaveLength(28);
  });
});
