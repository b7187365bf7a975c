import { describe, expect, it } from 'vitest';
import { bodyOf, cellKey, gridOf, gridWarnings, moveInGrid, sameBody } from './week-grid';

const days = ['2026-11-23', '2026-11-24', '2026-11-25', '2026-11-26', '2026-11-27', '2026-11-28', '2026-11-29'];
const shift = (start: string, stop: string, breakMinutes = 60) =>
  ({ kind: 'shift', start, stop, breakMinutes, notes: '' }) as const;

describe('the week grid', () => {
  const week = {
    members: [
      { userId: 1, name: 'Anna Bianchi', templateId: 5, plannedMinutes: 0, validatedAt: null },
      { userId: 2, name: 'Luca Verdi', templateId: null, plannedMinutes: 0, validatedAt: null },
    ],
    cells: [{ userId: 1, day: '2026-11-24', cell: shift('09:00', '18:00') }],
  };

  it('saves people in order and their cells day by day', () => {
    const grid = gridOf(week);
    grid.cells.set(cellKey(1, '2026-11-23'), shift('10:00', '14:00', 0));
    expect(bodyOf(grid, days)).toEqual({
      members: [
        { userId: 1, templateId: 5 },
        { userId: 2, templateId: null },
      ],
      cells: [
        { userId: 1, day: '2026-11-23', cell: shift('10:00', '14:00', 0) },
        { userId: 1, day: '2026-11-24', cell: shift('09:00', '18:00') },
      ],
    });
    expect(sameBody(bodyOf(grid, days), bodyOf(gridOf(week), days))).toBe(false);
  });

  it('warns as typed: a short rest, and the hours below the person’s template', () => {
    const grid = gridOf(week);
    grid.cells.set(cellKey(1, '2026-11-23'), shift('14:00', '23:00'));
    grid.cells.set(cellKey(1, '2026-11-24'), shift('07:00', '15:00'));
    const warnings = gridWarnings({
      week: '2026-W48',
      shopId: 3,
      days,
      grid,
      templateMinutes: new Map([[5, 40 * 60]]),
      openingHours: {},
    });
    expect(warnings.map((warning) => warning.code).sort()).toEqual([
      'belowTemplate',
      'outsideOpeningHours',
      'outsideOpeningHours',
      'shortRest',
    ]);
    expect(warnings.find((warning) => warning.code === 'shortRest')).toMatchObject({
      date: '2026-11-24',
      minutes: 480,
    });
  });

  it('moves with the arrows, stopping at the edges, and mirrors left and right in a right-to-left language', () => {
    const size = { rows: 2, columns: 7 };
    expect(moveInGrid({ row: 0, column: 0 }, 'ArrowRight', size, false)).toEqual({ row: 0, column: 1 });
    expect(moveInGrid({ row: 0, column: 0 }, 'ArrowRight', size, true)).toEqual({ row: 0, column: 0 });
    expect(moveInGrid({ row: 0, column: 3 }, 'ArrowLeft', size, true)).toEqual({ row: 0, column: 4 });
    expect(moveInGrid({ row: 1, column: 3 }, 'ArrowDown', size, false)).toEqual({ row: 1, column: 3 });
    expect(moveInGrid({ row: 1, column: 3 }, 'End', size, false)).toEqual({ row: 1, column: 6 });
    expect(moveInGrid({ row: 1, column: 3 }, 'a', size, false)).toBeNull();
  });
});
