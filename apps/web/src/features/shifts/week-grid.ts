// The week grid's rules apart from the screen: the grid as edited (people and cells by person and day), what the
// server saves, the warnings while typing (the contract's own rules, on this shop's cells), how a cell reads and
// where the arrow keys go.
import { isoWeekday } from '@bottega/contracts/dates';
import {
  type OpeningHours,
  type PlannedShift,
  type ShiftCell,
  type ShiftWarning,
  type ShiftWeek,
  type ShiftWeekBody,
  shiftSpan,
  shiftWarnings,
} from '@bottega/contracts/shifts';

export type GridMember = { userId: number; name: string; templateId: number | null };
export type Grid = { members: GridMember[]; cells: Map<string, ShiftCell> };

export const cellKey = (userId: number, day: string) => `${userId}|${day}`;

export function gridOf(week: Pick<ShiftWeek, 'members' | 'cells'>): Grid {
  return {
    members: week.members.map(({ userId, name, templateId }) => ({ userId, name, templateId })),
    cells: new Map(week.cells.map((entry) => [cellKey(entry.userId, entry.day), entry.cell])),
  };
}

/** A proposal (or any saved body) laid over the week's people: names kept, templates and cells from the body. */
export function gridFromBody(body: ShiftWeekBody, names: ReadonlyMap<number, string>): Grid {
  return {
    members: body.members.map((member) => ({ ...member, name: names.get(member.userId) ?? `#${member.userId}` })),
    cells: new Map(body.cells.map((entry) => [cellKey(entry.userId, entry.day), entry.cell])),
  };
}

/** What the server saves: every person, and their cells in the week's days, in order. */
export function bodyOf(grid: Grid, days: readonly string[]): ShiftWeekBody {
  return {
    members: grid.members.map(({ userId, templateId }) => ({ userId, templateId })),
    cells: grid.members.flatMap((member) =>
      days.flatMap((day) => {
        const cell = grid.cells.get(cellKey(member.userId, day));
        return cell ? [{ userId: member.userId, day, cell }] : [];
      }),
    ),
  };
}

export function sameBody(first: ShiftWeekBody, second: ShiftWeekBody): boolean {
  return JSON.stringify(first) === JSON.stringify(second);
}

/** The minutes a cell plans: a shift's span less its break, a time-off none. */
export function cellMinutes(day: string, cell: ShiftCell | undefined): number {
  return cell?.kind === 'shift' ? shiftSpan({ date: day, ...cell }).worked : 0;
}

/**
 * The week's warnings from the grid as it is on screen, with this shop's cells only (the server adds the same
 * people's shifts in other shops once saved); `templateMinutes` the weekly minutes of each person's template.
 */
export function gridWarnings(options: {
  week: string;
  shopId: number;
  days: readonly string[];
  grid: Grid;
  templateMinutes: ReadonlyMap<number, number>;
  openingHours: ShiftWeek['openingHours'];
}): ShiftWarning[] {
  const shifts: PlannedShift[] = [];
  for (const member of options.grid.members) {
    for (const day of options.days) {
      const cell = options.grid.cells.get(cellKey(member.userId, day));
      if (cell?.kind === 'shift') {
        shifts.push({ employeeId: member.userId, shopId: options.shopId, date: day, ...cell });
      }
    }
  }
  const templateMinutes = new Map(
    options.grid.members.flatMap((member) => {
      const minutes = member.templateId === null ? undefined : options.templateMinutes.get(member.templateId);
      return minutes === undefined ? [] : [[member.userId, minutes] as const];
    }),
  );
  const openingHours: OpeningHours = Object.fromEntries(
    Object.entries(options.openingHours).map(([weekday, slots]) => [Number(weekday), slots]),
  );
  return shiftWarnings({ week: options.week, shopId: options.shopId, shifts, templateMinutes, openingHours });
}

/** Whether a day has opening hours in the shop's calendar (a closure aside). */
export function opensOn(openingHours: ShiftWeek['openingHours'], day: string): boolean {
  return (openingHours[String(isoWeekday(day))] ?? []).length > 0;
}

/**
 * Where focus goes from a cell on an arrow key (Home and End: the row's first and last day), or null for any other
 * key; right means the next day in reading order, so it goes left in a right-to-left language.
 */
export function moveInGrid(
  position: { row: number; column: number },
  key: string,
  size: { rows: number; columns: number },
  rightToLeft: boolean,
): { row: number; column: number } | null {
  const forward = rightToLeft ? 'ArrowLeft' : 'ArrowRight';
  const backward = rightToLeft ? 'ArrowRight' : 'ArrowLeft';
  const clamp = (value: number, max: number) => Math.min(Math.max(value, 0), max - 1);
  switch (key) {
    case forward:
      return { row: position.row, column: clamp(position.column + 1, size.columns) };
    case backward:
      return { row: position.row, column: clamp(position.column - 1, size.columns) };
    case 'ArrowDown':
      return { row: clamp(position.row + 1, size.rows), column: position.column };
    case 'ArrowUp':
      return { row: clamp(position.row - 1, size.rows), column: position.column };
    case 'Home':
      return { row: position.row, column: 0 };
    case 'End':
      return { row: position.row, column: size.columns - 1 };
    default:
      return null;
  }
}
