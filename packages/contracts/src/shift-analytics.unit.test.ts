import { describe, expect, it } from 'vitest';
import {
  addFigures,
  type DayPunch,
  dayFigures,
  emptyFigures,
  filterDays,
  formatMinutes,
  latenessMinutes,
  overtimeMinutes,
  periodDays,
  seriesUnitOf,
  shiftAnalyticsFilterSchema,
  shiftAnalyticsRowsQuerySchema,
  workedMinutes,
} from './shift-analytics';
import { romeInstant } from './shifts';

const day = '2026-11-23';
const at = (time: string) => romeInstant(day, time);
const punch = (step: DayPunch['step'], time: string): DayPunch => ({ step, at: at(time) });
const past = { now: at('23:59') + 86_400_000, today: false };

describe('workedMinutes', () => {
  it('counts from start to stop, breaks out', () => {
    const punches = [
      punch('startShift', '09:03'),
      punch('startBreak', '13:00'),
      punch('stopBreak', '13:45'),
      punch('stopShift', '18:10'),
    ];
    // 09:03–13:00 (237) + 13:45–18:10 (265)
    expect(workedMinutes(punches, past)).toEqual({ minutes: 502, open: false });
  });

  it('counts two shifts of a day and takes the punches in time order', () => {
    const punches = [
      punch('stopShift', '18:00'),
      punch('startShift', '15:00'),
      punch('stopShift', '12:00'),
      punch('startShift', '08:00'),
    ];
    expect(workedMinutes(punches, past).minutes).toBe(7 * 60);
  });

  it('rounds down to whole minutes', () => {
    const punches = [
      { step: 'startShift' as const, at: at('09:00') + 20_000 },
      { step: 'stopShift' as const, at: at('09:10') },
    ];
    expect(workedMinutes(punches, past).minutes).toBe(9);
  });

  it('counts today’s unfinished shift up to now, and flags it', () => {
    const punches = [punch('startShift', '09:00')];
    expect(workedMinutes(punches, { now: at('11:30'), today: true })).toEqual({ minutes: 150, open: true });
  });

  it('counts nothing after the last punch of a past unfinished day, and flags it', () => {
    const punches = [punch('startShift', '09:00'), punch('startBreak', '12:00'), punch('stopBreak', '12:30')];
    expect(workedMinutes(punches, past)).toEqual({ minutes: 180, open: true });
  });

  it('counts nothing of an open break, even today', () => {
    const punches = [punch('startShift', '09:00'), punch('startBreak', '12:00')];
    expect(workedMinutes(punches, { now: at('12:40'), today: true })).toEqual({ minutes: 180, open: true });
  });

  it('ignores steps out of order', () => {
    const punches = [punch('stopBreak', '08:00'), punch('startShift', '09:00'), punch('stopShift', '10:00')];
    expect(workedMinutes(punches, past).minutes).toBe(60);
    expect(workedMinutes([], past)).toEqual({ minutes: 0, open: false });
  });
});

describe('lateness and overtime', () => {
  it('counts a start later than the grace whole, and nothing within it', () => {
    expect(latenessMinutes(at('09:00'), at('09:05'), 5)).toBe(0);
    expect(latenessMinutes(at('09:00'), at('09:06'), 5)).toBe(6);
    expect(latenessMinutes(at('09:00'), at('08:40'), 5)).toBe(0);
    expect(latenessMinutes(at('09:00'), null, 5)).toBe(0);
    expect(latenessMinutes(at('09:00'), at('09:01'), 0)).toBe(1);
  });

  it('counts overtime beyond the day’s plan only', () => {
    expect(overtimeMinutes(500, 480)).toBe(20);
    expect(overtimeMinutes(400, 480)).toBe(0);
    expect(overtimeMinutes(120, 0)).toBe(120);
  });
});

describe('dayFigures', () => {
  const shift = { kind: 'shift' as const, startsAt: at('09:00'), plannedMinutes: 480 };

  it('puts a day’s figures together', () => {
    const figures = dayFigures({
      planned: shift,
      punches: [punch('startShift', '09:20'), punch('startBreak', '13:00'), punch('stopBreak', '14:00')],
      graceMinutes: 5,
      ...past,
      past: true,
    });
    expect(figures).toMatchObject({
      plannedMinutes: 480,
      workedMinutes: 220,
      overtimeMinutes: 0,
      latenessMinutes: 20,
      lateDays: 1,
      missedShifts: 0,
      openDays: 1,
    });
  });

  it('counts a past planned shift never started as missed, but not today’s', () => {
    const base = { planned: shift, punches: [], graceMinutes: 5 };
    expect(dayFigures({ ...base, ...past, past: true }).missedShifts).toBe(1);
    expect(dayFigures({ ...base, now: at('10:00'), today: true, past: false }).missedShifts).toBe(0);
  });

  it('counts a time-off as an absence of its reason and work on it as overtime', () => {
    const figures = dayFigures({
      planned: { kind: 'timeOff', reason: 'disease' },
      punches: [punch('startShift', '10:00'), punch('stopShift', '11:00')],
      graceMinutes: 5,
      ...past,
      past: true,
    });
    expect(figures.absences).toEqual({ shopClosed: 0, holidays: 0, disease: 1, permission: 0, notOnShift: 0 });
    expect(figures).toMatchObject({ plannedMinutes: 0, workedMinutes: 60, overtimeMinutes: 60, latenessMinutes: 0 });
  });

  it('adds figures up', () => {
    const one = dayFigures({
      planned: { kind: 'timeOff', reason: 'holidays' },
      punches: [],
      graceMinutes: 5,
      ...past,
      past: true,
    });
    const total = addFigures(addFigures(emptyFigures(), one), one);
    expect(total.absences.holidays).toBe(2);
    expect(formatMinutes(502)).toBe('8:22');
    expect(formatMinutes(-65)).toBe('-1:05');
  });
});

describe('the question', () => {
  it('reads a week, a month or a range of days', () => {
    expect(periodDays('2026-W48')).toEqual({ from: '2026-11-23', to: '2026-11-29' });
    expect(periodDays('2026-02')).toEqual({ from: '2026-02-01', to: '2026-02-28' });
    expect(periodDays('2028-02')).toEqual({ from: '2028-02-01', to: '2028-02-29' });
    expect(periodDays('2025-W53')).toBeNull();
    expect(periodDays('2026-13')).toBeNull();
    expect(filterDays({ from: '2026-01-01', to: '2026-12-31' })).toEqual({ from: '2026-01-01', to: '2026-12-31' });
  });

  it('refuses a bad period, a reversed or too long range, or both kinds at once', () => {
    const fails = (query: Record<string, string>) => !shiftAnalyticsFilterSchema.safeParse(query).success;
    expect(fails({ period: '2026-W54' })).toBe(true);
    expect(fails({ period: 'novembre' })).toBe(true);
    expect(fails({ from: '2026-02-01', to: '2026-01-01' })).toBe(true);
    expect(fails({ from: '2025-01-01', to: '2026-01-02' })).toBe(true);
    expect(fails({ from: '2026-01-01' })).toBe(true);
    expect(fails({ period: '2026-11', from: '2026-01-01', to: '2026-01-02' })).toBe(true);
    expect(fails({ from: '2025-01-01', to: '2025-12-31' })).toBe(false);
    expect(shiftAnalyticsRowsQuerySchema.parse({ period: '2026-11' })).toMatchObject({ groupBy: 'employee', page: 1 });
  });

  it('draws days for a week, weeks up to a quarter, months beyond', () => {
    expect(seriesUnitOf({ from: '2026-11-23', to: '2026-11-29' })).toBe('day');
    expect(seriesUnitOf({ from: '2026-11-01', to: '2026-11-30' })).toBe('week');
    expect(seriesUnitOf({ from: '2026-01-01', to: '2026-12-31' })).toBe('month');
  });
});
