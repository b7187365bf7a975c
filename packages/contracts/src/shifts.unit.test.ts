import { describe, expect, it } from 'vitest';
import { isoWeekDays } from './dates';
import { type PlannedShift, shiftCellSchema, shiftSpan, shiftWarnings, templateCells, withShopClosed } from './shifts';

const shop = 1;
const otherShop = 2;
const anna = 10;

function shift(date: string, start: string, stop: string, breakMinutes = 60, shopId = shop): PlannedShift {
  return { employeeId: anna, shopId, date, start, stop, breakMinutes };
}

// ISO week 2026-W48: Monday 23 to Sunday 29 November.
const week = '2026-W48';
const weekdays = ['2026-11-23', '2026-11-24', '2026-11-25', '2026-11-26', '2026-11-27'];

describe('shiftSpan', () => {
  it('counts the break out of the hours worked', () => {
    expect(shiftSpan(shift('2026-11-23', '09:00', '18:00'))).toMatchObject({ length: 540, worked: 480 });
  });

  it('ends a shift whose stop is at or before its start on the next day', () => {
    expect(shiftSpan(shift('2026-11-23', '20:00', '02:00', 0))).toMatchObject({ length: 360, worked: 360 });
  });

  it('counts the real hours of the nights summer time begins and ends in Rome', () => {
    // 29 March 2026: 02:00 becomes 03:00; 25 October 2026: 03:00 becomes 02:00.
    expect(shiftSpan(shift('2026-03-28', '22:00', '06:00', 0)).length).toBe(7 * 60);
    expect(shiftSpan(shift('2026-10-24', '22:00', '06:00', 0)).length).toBe(9 * 60);
  });
});

describe('shiftWarnings', () => {
  it('finds nothing in a plain week of five eight-hour days', () => {
    const shifts = weekdays.map((date) => shift(date, '09:00', '18:00'));
    expect(shiftWarnings({ week, shopId: shop, shifts, templateMinutes: new Map([[anna, 40 * 60]]) })).toEqual([]);
  });

  it('warns of less than eleven hours of rest between two days, the last shift of the week before included', () => {
    const shifts = [
      shift('2026-11-22', '14:00', '23:00'),
      shift('2026-11-23', '08:00', '14:00', 0),
      shift('2026-11-24', '08:00', '14:00', 0),
    ];
    expect(shiftWarnings({ week, shopId: shop, shifts })).toEqual([
      { employeeId: anna, date: '2026-11-23', code: 'shortRest', minutes: 9 * 60 },
    ]);
  });

  it('measures the rest in real hours on the night summer time begins', () => {
    // From 22:00 on Saturday to 09:00 on Sunday 29 March 2026 is ten hours, not eleven.
    const shifts = [shift('2026-03-28', '13:00', '22:00'), shift('2026-03-29', '09:00', '13:00', 0)];
    expect(shiftWarnings({ week: '2026-W13', shopId: shop, shifts })).toEqual([
      { employeeId: anna, date: '2026-03-29', code: 'shortRest', minutes: 600 },
    ]);
  });

  it('leaves a split day alone: two shifts of one day are not a daily rest', () => {
    const shifts = [shift('2026-11-23', '09:00', '13:00', 0), shift('2026-11-23', '16:00', '20:00', 0, otherShop)];
    expect(shiftWarnings({ week, shopId: shop, shifts })).toEqual([]);
  });

  it('warns of overlapping shifts, in another shop too', () => {
    const shifts = [shift('2026-11-23', '20:00', '02:00', 0), shift('2026-11-24', '01:00', '05:00', 0, otherShop)];
    expect(shiftWarnings({ week, shopId: shop, shifts })).toEqual([
      { employeeId: anna, date: '2026-11-24', code: 'overlap', minutes: 60 },
    ]);
  });

  it('warns of over six hours of work with a break under ten minutes', () => {
    const warnings = (breakMinutes: number, stop: string) =>
      shiftWarnings({ week, shopId: shop, shifts: [shift('2026-11-23', '09:00', stop, breakMinutes)] });
    expect(warnings(5, '16:00')).toEqual([{ employeeId: anna, date: '2026-11-23', code: 'noBreak', minutes: 5 }]);
    expect(warnings(10, '16:00')).toEqual([]);
    expect(warnings(0, '15:00')).toEqual([]);
  });

  it('warns of a week over 48 hours', () => {
    const shifts = [...weekdays, '2026-11-28'].map((date) => shift(date, '08:00', '18:00'));
    expect(shiftWarnings({ week, shopId: shop, shifts })).toEqual([
      { employeeId: anna, date: null, code: 'overWeeklyMaximum', minutes: 54 * 60 },
    ]);
  });

  it('warns of hours below the template, and of a template with no shift at all', () => {
    const shifts = weekdays.slice(0, 4).map((date) => shift(date, '09:00', '18:00'));
    const templateMinutes = new Map([
      [anna, 40 * 60],
      [11, 20 * 60],
    ]);
    expect(shiftWarnings({ week, shopId: shop, shifts, templateMinutes })).toEqual([
      { employeeId: anna, date: null, code: 'belowTemplate', minutes: 8 * 60 },
      { employeeId: 11, date: null, code: 'belowTemplate', minutes: 20 * 60 },
    ]);
  });

  it('marks this shop’s shifts outside its opening hours, and on its closed day', () => {
    const openingHours = {
      1: [{ opensAt: '10:00', closesAt: '19:30' }],
      // A lunch closure: a shift across it is inside.
      2: [
        { opensAt: '15:30', closesAt: '19:30' },
        { opensAt: '09:30', closesAt: '13:00' },
      ],
      7: [],
    };
    const shifts = [
      shift('2026-11-23', '09:00', '18:00'),
      shift('2026-11-24', '09:30', '19:30'),
      shift('2026-11-29', '10:00', '14:00', 0),
      shift('2026-11-25', '07:00', '12:00', 0, otherShop),
    ];
    expect(shiftWarnings({ week, shopId: shop, shifts, openingHours })).toEqual([
      { employeeId: anna, date: '2026-11-23', code: 'outsideOpeningHours', minutes: 480 },
      { employeeId: anna, date: '2026-11-29', code: 'outsideOpeningHours', minutes: 240 },
    ]);
  });
});

describe('shiftCellSchema', () => {
  it('takes a shift or a time-off with one of the §9 reasons', () => {
    expect(
      shiftCellSchema.safeParse({ kind: 'shift', start: '09:00', stop: '18:00', breakMinutes: 60, notes: '' }).success,
    ).toBe(true);
    expect(shiftCellSchema.safeParse({ kind: 'timeOff', reason: 'holidays', notes: 'Mare' }).success).toBe(true);
  });

  it('refuses a time that is not HH:MM, a reason outside §9 and a hostile note', () => {
    const cell = { kind: 'shift', start: '09:00', stop: '18:00', breakMinutes: 60, notes: '' };
    expect(shiftCellSchema.safeParse({ ...cell, start: '24:00' }).success).toBe(false);
    expect(shiftCellSchema.safeParse({ ...cell, breakMinutes: -5 }).success).toBe(false);
    expect(shiftCellSchema.safeParse({ ...cell, notes: 'a\u0000b' }).success).toBe(false);
    expect(shiftCellSchema.safeParse({ kind: 'timeOff', reason: 'strike', notes: '' }).success).toBe(false);
  });
});

describe('a proposal from templates', () => {
  const days = isoWeekDays(week);
  const partTime = {
    id: 7,
    days: [{ start: '09:00', stop: '13:00', breakMinutes: 0 }, null, null, null, null, null, null],
  };
  const members = [
    { userId: anna, templateId: 7 },
    { userId: 11, templateId: null },
  ];

  it('lays each person’s template on the week and leaves people without one empty', () => {
    expect(templateCells(members, [partTime], days)).toEqual([
      {
        userId: anna,
        day: '2026-11-23',
        cell: { kind: 'shift', start: '09:00', stop: '13:00', breakMinutes: 0, notes: '' },
      },
    ]);
  });

  it('puts everybody off as "shop closed" on closed days, over any planned shift', () => {
    const cells = withShopClosed(members, templateCells(members, [partTime], days), ['2026-11-23']);
    expect(cells).toEqual([
      { userId: anna, day: '2026-11-23', cell: { kind: 'timeOff', reason: 'shopClosed', notes: '' } },
      { userId: 11, day: '2026-11-23', cell: { kind: 'timeOff', reason: 'shopClosed', notes: '' } },
    ]);
  });
});
