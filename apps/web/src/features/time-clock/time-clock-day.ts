// What the shop tablet's time clock shows of each person's day, apart from drawing it: who is on the clock today,
// the state's badge, the steps the state allows (the contracts' punchMoves, the server's own table), and how late
// or early they are against the planned shift (in Rome, as the shifts are planned).
import {
  type ClockState,
  type PunchStep,
  punchMoves,
  punchSteps,
  shiftSpan,
  type TimeClockPerson,
} from '@bottega/contracts/shifts';

/** The badge: off before the day's start, working, on a break, or stopped once the shift is over. */
export type DayState = ClockState | 'stopped';

export function dayStateOf(person: Pick<TimeClockPerson, 'state' | 'punches'>): DayState {
  if (person.state === 'off' && person.punches.some((punch) => punch.step === 'stopShift')) return 'stopped';
  return person.state;
}

/** The steps the person's state allows now, in the day's order. */
export function nextSteps(state: ClockState): PunchStep[] {
  return punchSteps.filter((step) => punchMoves[state][step] !== undefined);
}

/** Who the tablet shows: the people planned today or who punched today, by planned start, then by name. */
export function peopleOnTheClock(people: readonly TimeClockPerson[]): TimeClockPerson[] {
  return people
    .filter((person) => person.planned !== null || person.punches.length > 0)
    .sort(
      (a, b) =>
        (a.planned?.start ?? '99:99').localeCompare(b.planned?.start ?? '99:99') || a.name.localeCompare(b.name, 'it'),
    );
}

export type Lateness = { kind: 'lateStart' | 'notStarted' | 'earlyStop'; minutes: number };

const minuteMs = 60_000;

/**
 * How the day departs from the plan, in whole minutes: a start punched after the planned start, no start yet once
 * the planned start has passed (until the planned stop), a stop punched before the planned stop. The shop's grace
 * decides only who is told (the server's watch); the tablet shows the minutes as they are.
 */
export function latenessOf(
  person: Pick<TimeClockPerson, 'planned' | 'punches'>,
  day: string,
  now: number,
): Lateness | null {
  if (!person.planned) return null;
  const { from, to } = shiftSpan({ date: day, ...person.planned });
  const start = person.punches.find((punch) => punch.step === 'startShift');
  if (!start) {
    const overdue = Math.floor((now - from) / minuteMs);
    return overdue >= 1 && now < to ? { kind: 'notStarted', minutes: overdue } : null;
  }
  const stop = person.punches.findLast((punch) => punch.step === 'stopShift');
  if (stop) {
    const early = Math.floor((to - Date.parse(stop.at)) / minuteMs);
    if (early >= 1) return { kind: 'earlyStop', minutes: early };
  }
  const late = Math.floor((Date.parse(start.at) - from) / minuteMs);
  return late >= 1 ? { kind: 'lateStart', minutes: late } : null;
}

const romeClock = new Intl.DateTimeFormat('it-IT', {
  timeZone: 'Europe/Rome',
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
});

/** An instant's wall-clock time in Rome, HH:MM, as the shifts are planned and the alerts tell it. */
export function romeClockTime(instant: string): string {
  const date = new Date(instant);
  return Number.isNaN(date.getTime()) ? instant : romeClock.format(date);
}
