import { describe, expect, it } from 'vitest';
import {
  calendarDays,
  calendarRange,
  dayTitle,
  isCalendarDate,
  monthGridDays,
  monthTitle,
  moveAnchor,
  postsByDay,
  weekDaysOf,
  weekdayNames,
} from './post-calendar-grid';

describe('monthGridDays', () => {
  it('starts on the Monday on or before the first and runs six weeks', () => {
    const days = monthGridDays('2026-07');
    expect(days).toHaveLength(42);
    // 1 July 2026 is a Wednesday.
    expect(days[0]).toBe('2026-06-29');
    expect(days[2]).toBe('2026-07-01');
    expect(days.at(-1)).toBe('2026-08-09');
  });

  it('starts on the first itself when it is a Monday', () => {
    // 1 June 2026 is a Monday.
    expect(monthGridDays('2026-06')[0]).toBe('2026-06-01');
  });

  it('crosses the year and leap days', () => {
    expect(monthGridDays('2028-02')).toContain('2028-02-29');
    const january = monthGridDays('2027-01');
    expect(january[0]).toBe('2026-12-28');
  });

  it('never asks for more than the server gives (42 days)', () => {
    const { from, to } = calendarRange('month', '2026-03-17');
    expect(from).toBe('2026-02-23');
    expect(to).toBe('2026-04-05');
    expect((Date.parse(to) - Date.parse(from)) / 86_400_000 + 1).toBe(42);
  });
});

describe('weeks', () => {
  it('gives Monday to Sunday of the week holding the date', () => {
    expect(weekDaysOf('2026-07-15')).toEqual([
      '2026-07-13',
      '2026-07-14',
      '2026-07-15',
      '2026-07-16',
      '2026-07-17',
      '2026-07-18',
      '2026-07-19',
    ]);
    expect(weekDaysOf('2026-07-19')[0]).toBe('2026-07-13');
    expect(weekDaysOf('2026-07-13')[0]).toBe('2026-07-13');
    expect(calendarDays('week', '2027-01-01')[0]).toBe('2026-12-28');
  });
});

describe('moveAnchor', () => {
  it('moves a month to the first of the next or previous', () => {
    expect(moveAnchor('month', '2026-01-31', 1)).toBe('2026-02-01');
    expect(moveAnchor('month', '2026-01-15', -1)).toBe('2025-12-01');
  });

  it('moves a week by seven days', () => {
    expect(moveAnchor('week', '2026-12-30', 1)).toBe('2027-01-06');
    expect(moveAnchor('week', '2026-03-02', -1)).toBe('2026-02-23');
  });
});

describe('isCalendarDate', () => {
  it('takes real dates only', () => {
    expect(isCalendarDate('2026-02-28')).toBe(true);
    expect(isCalendarDate('2026-02-30')).toBe(false);
    expect(isCalendarDate('2026-2-3')).toBe(false);
    expect(isCalendarDate(null)).toBe(false);
  });
});

describe('postsByDay', () => {
  it('files each post under its day in Rome, earliest first', () => {
    const posts = [
      { id: 1, at: '2026-07-15T20:00:00Z' },
      { id: 2, at: '2026-07-15T22:30:00Z' },
      { id: 3, at: '2026-07-15T06:00:00Z' },
    ];
    const days = postsByDay(posts);
    expect(days.get('2026-07-15')?.map((post) => post.id)).toEqual([3, 1]);
    // 00:30 in Rome on the 16th.
    expect(days.get('2026-07-16')?.map((post) => post.id)).toEqual([2]);
  });
});

describe('names', () => {
  it('names months and weekdays in the reader’s language, Monday first, Latin digits', () => {
    expect(monthTitle('2026-07', 'it')).toBe('luglio 2026');
    expect(monthTitle('2026-07', 'en')).toBe('July 2026');
    expect(monthTitle('2026-07', 'ar')).toMatch(/2026/);
    expect(weekdayNames('it')[0]).toMatch(/^lun/);
    expect(weekdayNames('en', 'long')[6]).toBe('Sunday');
    expect(dayTitle('2026-07-15', 'it')).toBe('mercoledì 15 luglio 2026');
  });
});
