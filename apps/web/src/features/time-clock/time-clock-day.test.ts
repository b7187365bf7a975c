import type { TimeClockPerson } from '@bottega/contracts/shifts';
import { describe, expect, it } from 'vitest';
import { dayStateOf, latenessOf, nextSteps, peopleOnTheClock, romeClockTime } from './time-clock-day';

type Punch = TimeClockPerson['punches'][number];

function punch(step: Punch['step'], at: string, id = 1): Punch {
  return { id, step, at, confirmedBy: 'password', originalAt: null, rectifyReason: null };
}

function person(overrides: Partial<TimeClockPerson> = {}): TimeClockPerson {
  return {
    userId: 1,
    name: 'Anna Bianchi',
    planned: { start: '09:00', stop: '18:00', breakMinutes: 60 },
    state: 'off',
    punches: [],
    ...overrides,
  };
}

// Monday 14 December 2026 in Rome (+01:00).
const day = '2026-12-14';
const at = (time: string) => Date.parse(`${day}T${time}:00+01:00`);

describe('the time clock’s day', () => {
  it('offers the steps the state allows, in the day’s order', () => {
    expect(nextSteps('off')).toEqual(['startShift']);
    expect(nextSteps('working')).toEqual(['startBreak', 'stopShift']);
    expect(nextSteps('onBreak')).toEqual(['stopBreak']);
  });

  it('tells off before the start from stopped after the shift', () => {
    expect(dayStateOf(person())).toBe('off');
    expect(dayStateOf(person({ state: 'working', punches: [punch('startShift', '2026-12-14T08:00:00Z')] }))).toBe(
      'working',
    );
    expect(
      dayStateOf(
        person({
          state: 'off',
          punches: [punch('startShift', '2026-12-14T08:00:00Z'), punch('stopShift', '2026-12-14T17:00:00Z', 2)],
        }),
      ),
    ).toBe('stopped');
  });

  it('shows those planned today or who punched, by planned start then name', () => {
    const people = [
      person({ userId: 1, name: 'Zoe', planned: { start: '14:00', stop: '20:00', breakMinutes: 0 } }),
      person({ userId: 2, name: 'Bruno', planned: null }),
      person({ userId: 3, name: 'Carla', planned: null, punches: [punch('startShift', '2026-12-14T10:00:00Z')] }),
      person({ userId: 4, name: 'Anna' }),
      person({ userId: 5, name: 'Aldo' }),
    ];
    expect(peopleOnTheClock(people).map((entry) => entry.name)).toEqual(['Aldo', 'Anna', 'Zoe', 'Carla']);
  });

  it('measures a missing start from the planned start until the planned stop', () => {
    expect(latenessOf(person(), day, at('09:00'))).toBeNull();
    expect(latenessOf(person(), day, at('09:07'))).toEqual({ kind: 'notStarted', minutes: 7 });
    expect(latenessOf(person(), day, at('18:00'))).toBeNull();
    expect(latenessOf(person({ planned: null }), day, at('10:00'))).toBeNull();
  });

  it('measures a late start and an early stop by their punches', () => {
    const late = person({ state: 'working', punches: [punch('startShift', '2026-12-14T09:12:30+01:00')] });
    expect(latenessOf(late, day, at('12:00'))).toEqual({ kind: 'lateStart', minutes: 12 });
    const onTime = person({ state: 'working', punches: [punch('startShift', '2026-12-14T08:58:00+01:00')] });
    expect(latenessOf(onTime, day, at('12:00'))).toBeNull();
    const early = person({
      punches: [punch('startShift', '2026-12-14T08:58:00+01:00'), punch('stopShift', '2026-12-14T17:15:00+01:00', 2)],
    });
    expect(latenessOf(early, day, at('17:20'))).toEqual({ kind: 'earlyStop', minutes: 45 });
  });

  it('reads a stop at or before the start as the next day’s (a night shift)', () => {
    const night = person({ planned: { start: '22:00', stop: '06:00', breakMinutes: 30 } });
    expect(latenessOf(night, day, at('23:30'))).toEqual({ kind: 'notStarted', minutes: 90 });
  });

  it('words instants as the tablet shows them, in Rome', () => {
    expect(romeClockTime('2026-12-14T08:05:00Z')).toBe('09:05');
    expect(romeClockTime('2026-07-14T08:05:00Z')).toBe('10:05');
  });
});
