// Shift planning (spec §1, §3 Shift, §4 Weekly shifts, §9): a shop's week is a grid of employees × days, each cell
// a shift or a time-off with its reason. The rules below are the warnings shown beside a cell: never a refusal and
// never a silent fix, the manager decides. They live here so the grid shows them as it is typed and the server
// answers the same ones.
import { TZDate } from '@date-fns/tz';
import { z } from 'zod';
import { dataOf, isoDateSchema, pageOf, paginationQuerySchema, requiredText, text } from './common';
import { businessTimeZone, isoWeekDays, isoWeekday, isoWeekSchema } from './dates';
import type { Ability } from './permissions';
import { presenceBodySchema } from './security';

/** §9 time-off reasons. */
export const timeOffReasons = ['shopClosed', 'holidays', 'disease', 'permission', 'notOnShift'] as const;
export type TimeOffReason = (typeof timeOffReasons)[number];

/** A wall-clock time in Rome, HH:MM. */
export const clockTimeSchema = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/);

/** The longest break a shift may carry: the spec gives it in hours and minutes. */
export const maxBreakMinutes = 8 * 60;

/** One cell of the grid: a shift (a stop at or before its start ends the next day) or a time-off. */
export const shiftCellSchema = z.discriminatedUnion('kind', [
  z.object({
    kind: z.literal('shift'),
    start: clockTimeSchema,
    stop: clockTimeSchema,
    breakMinutes: z.number().int().min(0).max(maxBreakMinutes),
    notes: text(500),
  }),
  z.object({ kind: z.literal('timeOff'), reason: z.enum(timeOffReasons), notes: text(500) }),
]);
export type ShiftCell = z.infer<typeof shiftCellSchema>;

// ——— Templates (spec §3 Shift template, §5) ———

/** A day of a template: the shift it plans, or null for a day off. */
export const templateDaySchema = z
  .object({ start: clockTimeSchema, stop: clockTimeSchema, breakMinutes: z.number().int().min(0).max(maxBreakMinutes) })
  .nullable();
export type TemplateDay = z.infer<typeof templateDaySchema>;

/** A week holds at most 7 × 16 hours of shifts. */
export const maxTemplateWeeklyMinutes = 7 * 16 * 60;

export const shiftTemplateBodySchema = z.object({
  name: requiredText(100),
  /** The weekly hours an employee on this template is held to, in minutes. */
  weeklyMinutes: z.number().int().min(0).max(maxTemplateWeeklyMinutes),
  /** Monday to Sunday. */
  days: z.array(templateDaySchema).length(7),
});

export const shiftTemplateSchema = shiftTemplateBodySchema.extend({
  id: z.number().int(),
  shopId: z.number().int(),
  /** The minutes its days plan, breaks out: below `weeklyMinutes` the template itself warns (§5). */
  plannedMinutes: z.number().int(),
  updatedAt: z.string(),
});
export type ShiftTemplate = z.infer<typeof shiftTemplateSchema>;

export const shiftTemplateAnswerSchema = dataOf(shiftTemplateSchema);
export const shiftTemplatesAnswerSchema = dataOf(z.array(shiftTemplateSchema));

/** The minutes a template's days plan, each day's span less its break (a stop at or before the start ends next day). */
export function templatePlannedMinutes(days: readonly TemplateDay[]): number {
  return days.reduce((total, day) => {
    if (!day) return total;
    const [startHours, startMinutes] = day.start.split(':').map(Number) as [number, number];
    const [stopHours, stopMinutes] = day.stop.split(':').map(Number) as [number, number];
    const span = (stopHours * 60 + stopMinutes - (startHours * 60 + startMinutes) + 24 * 60) % (24 * 60) || 24 * 60;
    return total + Math.max(0, span - day.breakMinutes);
  }, 0);
}

// ——— The rules (D.Lgs. 66/2003) ———

/** Art. 7: eleven consecutive hours of rest every twenty-four. */
export const minimumDailyRestMinutes = 11 * 60;
/** Art. 8: over six hours of work a day needs a break, of at least ten minutes where no agreement says otherwise. */
export const breakNeededAfterMinutes = 6 * 60;
export const minimumBreakMinutes = 10;
/** Art. 4: at most 48 hours a week, overtime included. */
export const maximumWeeklyMinutes = 48 * 60;

export const shiftWarningCodes = [
  'overlap',
  'shortRest',
  'noBreak',
  'overWeeklyMaximum',
  'belowTemplate',
  'outsideOpeningHours',
] as const;
export type ShiftWarningCode = (typeof shiftWarningCodes)[number];

/** A warning about one employee: on a day of the week, or on the whole week (`date` null). */
export type ShiftWarning = {
  employeeId: number;
  date: string | null;
  code: ShiftWarningCode;
  /** The figure the warning is about, in minutes: the rest, the week's hours, the break, the missing hours. */
  minutes: number;
};

/** A planned shift of an employee, in whichever shop: rest and overlaps look across shops. */
export type PlannedShift = {
  employeeId: number;
  shopId: number;
  date: string;
  start: string;
  stop: string;
  breakMinutes: number;
};

/**
 * A shop's opening slots on each weekday (1 Monday … 7 Sunday), HH:MM; none, or no entry, is a closed day. A shift
 * within the day's first opening and last closing is inside, a lunch closure included.
 */
export type OpeningHours = Record<number, { opensAt: string; closesAt: string }[]>;

type Timed = PlannedShift & { from: number; to: number; worked: number };

const minuteMs = 60_000;

/** The instant of a wall-clock time on a date in Rome, with summer time as it falls that night. */
export function romeInstant(date: string, time: string): number {
  const [year, month, day] = date.split('-').map(Number) as [number, number, number];
  const [hours, minutes] = time.split(':').map(Number) as [number, number];
  return new TZDate(year, month - 1, day, hours, minutes, businessTimeZone).getTime();
}

function nextDay(date: string): string {
  return new Date(Date.parse(`${date}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);
}

/** The instants a calendar day in Rome starts and ends (23 or 25 hours on the nights summer time changes). */
export function romeDayBounds(date: string): { from: Date; to: Date } {
  return { from: new Date(romeInstant(date, '00:00')), to: new Date(romeInstant(nextDay(date), '00:00')) };
}

/** Start and stop as instants (a stop at or before the start is the next day's) and the minutes worked. */
export function shiftSpan(shift: Pick<PlannedShift, 'date' | 'start' | 'stop' | 'breakMinutes'>) {
  const from = romeInstant(shift.date, shift.start);
  const to = romeInstant(shift.stop > shift.start ? shift.date : nextDay(shift.date), shift.stop);
  const length = Math.round((to - from) / minuteMs);
  return { from, to, length, worked: Math.max(0, length - shift.breakMinutes) };
}

/**
 * The warnings of one ISO week. `shifts` are every planned shift of the week's employees (and the last of the week
 * before, for the rest on Monday); `templateMinutes` the weekly hours of the template each employee's week follows;
 * `openingHours` the shop's, for its own shifts.
 */
export function shiftWarnings(options: {
  week: string;
  shopId: number;
  shifts: PlannedShift[];
  templateMinutes?: ReadonlyMap<number, number>;
  openingHours?: OpeningHours;
}): ShiftWarning[] {
  const days = new Set(isoWeekDays(options.week));
  const warnings: ShiftWarning[] = [];
  const byEmployee = new Map<number, Timed[]>();
  for (const shift of options.shifts) {
    const span = shiftSpan(shift);
    const list = byEmployee.get(shift.employeeId) ?? [];
    list.push({ ...shift, from: span.from, to: span.to, worked: span.worked });
    byEmployee.set(shift.employeeId, list);
  }
  for (const [employeeId, shifts] of byEmployee) {
    shifts.sort((a, b) => a.from - b.from);
    let weekMinutes = 0;
    shifts.forEach((shift, index) => {
      const inWeek = days.has(shift.date);
      if (inWeek) weekMinutes += shift.worked;
      const previous = shifts[index - 1];
      if (inWeek && previous) {
        if (shift.from < previous.to) {
          warnings.push({
            employeeId,
            date: shift.date,
            code: 'overlap',
            minutes: (previous.to - shift.from) / minuteMs,
          });
        } else if (previous.date !== shift.date && shift.from - previous.to < minimumDailyRestMinutes * minuteMs) {
          warnings.push({
            employeeId,
            date: shift.date,
            code: 'shortRest',
            minutes: (shift.from - previous.to) / minuteMs,
          });
        }
      }
      if (inWeek && shift.worked > breakNeededAfterMinutes && shift.breakMinutes < minimumBreakMinutes) {
        warnings.push({ employeeId, date: shift.date, code: 'noBreak', minutes: shift.breakMinutes });
      }
      if (inWeek && options.openingHours && shift.shopId === options.shopId) {
        const slots = options.openingHours[isoWeekday(shift.date)] ?? [];
        const opens = slots.map((slot) => slot.opensAt).sort()[0];
        const closes = slots
          .map((slot) => slot.closesAt)
          .sort()
          .at(-1);
        const outside =
          !opens ||
          !closes ||
          shift.from < romeInstant(shift.date, opens) ||
          shift.to > romeInstant(shift.date, closes);
        if (outside)
          warnings.push({ employeeId, date: shift.date, code: 'outsideOpeningHours', minutes: shift.worked });
      }
    });
    if (weekMinutes > maximumWeeklyMinutes) {
      warnings.push({ employeeId, date: null, code: 'overWeeklyMaximum', minutes: weekMinutes });
    }
    const template = options.templateMinutes?.get(employeeId);
    if (template !== undefined && weekMinutes < template) {
      warnings.push({ employeeId, date: null, code: 'belowTemplate', minutes: template - weekMinutes });
    }
  }
  for (const [employeeId, template] of options.templateMinutes ?? []) {
    if (!byEmployee.has(employeeId) && template > 0) {
      warnings.push({ employeeId, date: null, code: 'belowTemplate', minutes: template });
    }
  }
  return warnings;
}

// ——— A shop's week (spec §4 Weekly shifts) ———

/** assigned → convalidated (sent to the shop) → sent (to the employees). */
export const shiftWeekStates = ['assigned', 'convalidated', 'sent'] as const;
export type ShiftWeekState = (typeof shiftWeekStates)[number];

/**
 * The week's moves (spec §4), one table: convalidated and sent to the shop, back to editing before it is sent, sent to
 * the employees. Each needs its ability; a move from another state is refused (409 shiftWeekWrongState).
 */
export const shiftWeekTransitions = {
  convalidate: { from: 'assigned', to: 'convalidated', ability: 'shifts.manage.convalidate' },
  reopen: { from: 'convalidated', to: 'assigned', ability: 'shifts.manage.edit' },
  send: { from: 'convalidated', to: 'sent', ability: 'shifts.manage.convalidate' },
} as const satisfies Record<string, { from: ShiftWeekState; to: ShiftWeekState; ability: Ability }>;
export type ShiftWeekAction = keyof typeof shiftWeekTransitions;
export const shiftWeekActions = Object.keys(shiftWeekTransitions) as ShiftWeekAction[];

export const shiftWeekParamsSchema = z.object({ id: z.coerce.number().int().positive(), week: isoWeekSchema });

/** The most people a shop's week plans, and so the most cells it holds (one per person and day). */
export const maxShiftWeekMembers = 200;

/** A week as the grid saves it: who works it, held to which template, and every cell; a cell left out is empty. */
export const shiftWeekBodySchema = z.object({
  members: z
    .array(z.object({ userId: z.number().int().positive(), templateId: z.number().int().positive().nullable() }))
    .max(maxShiftWeekMembers),
  cells: z
    .array(z.object({ userId: z.number().int().positive(), day: isoDateSchema, cell: shiftCellSchema }))
    .max(maxShiftWeekMembers * 7),
});
export type ShiftWeekBody = z.infer<typeof shiftWeekBodySchema>;

/** Where a week's proposal comes from: the week before (moved seven days on), or each person's template. */
export const shiftWeekProposalQuerySchema = z.object({ from: z.enum(['previousWeek', 'templates']) });
export const shiftWeekProposalAnswerSchema = dataOf(shiftWeekBodySchema);

/** Each person's template laid on the week's days (Monday first): a shift on each day the template works. */
export function templateCells(
  members: ShiftWeekBody['members'],
  templates: readonly { id: number; days: readonly TemplateDay[] }[],
  days: readonly string[],
): ShiftWeekBody['cells'] {
  return members.flatMap((member) => {
    const template = templates.find((candidate) => candidate.id === member.templateId);
    return (template?.days ?? []).flatMap((planned, index) =>
      planned
        ? [
            {
              userId: member.userId,
              day: days[index] as string,
              cell: { kind: 'shift' as const, ...planned, notes: '' },
            },
          ]
        : [],
    );
  });
}

/** A proposal's cells with everybody off ("shop closed") on the shop's closed days, by person and day. */
export function withShopClosed(
  members: ShiftWeekBody['members'],
  cells: ShiftWeekBody['cells'],
  closedDays: readonly string[],
): ShiftWeekBody['cells'] {
  const closed = new Set(closedDays);
  const offs = members.flatMap((member) =>
    [...closed].map((day) => ({
      userId: member.userId,
      day,
      cell: { kind: 'timeOff' as const, reason: 'shopClosed' as const, notes: '' },
    })),
  );
  return [...cells.filter((cell) => !closed.has(cell.day)), ...offs].sort(
    (a, b) => a.userId - b.userId || a.day.localeCompare(b.day),
  );
}

/** A convalidated or sent week changed by those allowed (spec §4 "rectification is allowed"), with the reason. */
export const shiftWeekRectificationBodySchema = shiftWeekBodySchema.extend({ reason: requiredText(500) });

const shiftWarningSchema = z.object({
  employeeId: z.number().int(),
  date: z.string().nullable(),
  code: z.enum(shiftWarningCodes),
  minutes: z.number(),
});

export const shiftWeekSchema = z.object({
  shopId: z.number().int(),
  week: z.string(),
  /** null while nothing of the week is saved. */
  state: z.enum(shiftWeekStates).nullable(),
  days: z.array(z.string()),
  /** The shop's closures that week, and the weekdays it has no opening hours. */
  closedDays: z.array(z.object({ day: z.string(), reason: z.string() })),
  openingHours: z.record(z.string(), z.array(z.object({ opensAt: z.string(), closesAt: z.string() }))),
  /** The week's people: those saved with it, or the shop's shift staff for a week not saved yet. */
  members: z.array(
    z.object({
      userId: z.number().int(),
      name: z.string(),
      templateId: z.number().int().nullable(),
      plannedMinutes: z.number().int(),
      validatedAt: z.string().nullable(),
    }),
  ),
  cells: z.array(z.object({ userId: z.number().int(), day: z.string(), cell: shiftCellSchema })),
  warnings: z.array(shiftWarningSchema),
  /** What the week's people said of their days (next week choice), where they said anything but "any". */
  availability: z.array(
    z.object({
      userId: z.number().int(),
      day: z.string(),
      choice: z.enum(['morning', 'afternoon', 'off']),
      notes: z.string(),
    }),
  ),
});
export type ShiftWeek = z.infer<typeof shiftWeekSchema>;
export const shiftWeekAnswerSchema = dataOf(shiftWeekSchema);

/** A person's own week as they validate it (spec §2 user/convalidate/shift): a sent week they work in. */
export const ownShiftWeekSchema = z.object({
  weekId: z.number().int(),
  shop: z.object({ id: z.number().int(), name: z.string() }),
  week: z.string(),
  days: z.array(z.string()),
  cells: z.array(z.object({ day: z.string(), cell: shiftCellSchema })),
  plannedMinutes: z.number().int(),
  sentAt: z.string().nullable(),
  validatedAt: z.string().nullable(),
});
export type OwnShiftWeek = z.infer<typeof ownShiftWeekSchema>;
export const ownShiftWeeksAnswerSchema = dataOf(z.array(ownShiftWeekSchema));
export const ownShiftWeekAnswerSchema = dataOf(ownShiftWeekSchema);

// ——— The time clock (spec §4 Shift, the shop tablet's shop/shift) ———

/** The four steps of a shift, each confirmed by the person's passkey or password. */
export const punchSteps = ['startShift', 'startBreak', 'stopBreak', 'stopShift'] as const;
export type PunchStep = (typeof punchSteps)[number];

/** The time clock's alerts, each the §6 Shifts notification of that name, sent once per shift (a break: per break). */
export const shiftAlertKinds = ['lateStart', 'notStarted', 'earlyStop', 'lateBreakEnd', 'breakStarted'] as const;
export type ShiftAlertKind = (typeof shiftAlertKinds)[number];

/** Where a person is in their day: off (not started or stopped), working, on a break. */
export const clockStates = ['off', 'working', 'onBreak'] as const;
export type ClockState = (typeof clockStates)[number];

/** The steps each state allows, and where each leads: one table for the server and the tablet. */
export const punchMoves: Record<ClockState, Partial<Record<PunchStep, ClockState>>> = {
  off: { startShift: 'working' },
  working: { startBreak: 'onBreak', stopShift: 'off' },
  onBreak: { stopBreak: 'working' },
};

/** The state after a day's punches, in order. */
export function clockStateAfter(steps: readonly PunchStep[]): ClockState {
  return steps.reduce<ClockState>((state, step) => punchMoves[state][step] ?? state, 'off');
}

export const shiftPunchBodySchema = z.object({ step: z.enum(punchSteps), presence: presenceBodySchema });

const punchSchema = z.object({
  id: z.number().int(),
  step: z.enum(punchSteps),
  at: z.string(),
  confirmedBy: z.string(),
  /** Set once the punch was rectified: the time first punched, and why it was set right. */
  originalAt: z.string().nullable(),
  rectifyReason: z.string().nullable(),
});
export type TimeClockPunch = z.infer<typeof punchSchema>;

/** A person on the shop's time clock today: their planned shift, where they are, and today's punches. */
export const timeClockPersonSchema = z.object({
  userId: z.number().int(),
  name: z.string(),
  planned: z.object({ start: z.string(), stop: z.string(), breakMinutes: z.number().int() }).nullable(),
  state: z.enum(clockStates),
  punches: z.array(punchSchema),
});
export type TimeClockPerson = z.infer<typeof timeClockPersonSchema>;
export const timeClockAnswerSchema = dataOf(
  z.object({
    shopId: z.number().int(),
    day: z.string(),
    /** The business clock's instant of the answer: the tablet measures lateness against it, not its own clock. */
    now: z.iso.datetime(),
    people: z.array(timeClockPersonSchema),
  }),
);
export type TimeClock = z.infer<typeof timeClockAnswerSchema>['data'];

/** Pushed on the shop's channel (notifications' shopChannel) when a punch of the shop is written or rectified. */
export const timeClockChangedEvent = 'timeClock.changed';
export const timeClockPersonAnswerSchema = dataOf(timeClockPersonSchema);

/** A punch's time set right by those allowed (spec §4 "rectification is allowed"), with the reason; the first time is kept. */
export const punchRectifyReasonMaxLength = 500;
export const punchRectificationBodySchema = z.object({
  at: z.iso.datetime({ offset: true }),
  reason: requiredText(punchRectifyReasonMaxLength),
});

export const rectifiedPunchAnswerSchema = dataOf(
  z.object({
    id: z.number().int(),
    userId: z.number().int(),
    step: z.enum(punchSteps),
    at: z.string(),
    originalAt: z.string(),
    rectifyReason: z.string(),
  }),
);

/** Every shop's week in one view (spec §2 employeesShift overview): its state and how many validated. */
export const shiftWeeksOverviewQuerySchema = paginationQuerySchema.extend({ week: isoWeekSchema });
export const shiftWeekOverviewSchema = z.object({
  shop: z.object({ id: z.number().int(), code: z.string(), name: z.string() }),
  /** null: nothing of the week saved yet. */
  state: z.enum(shiftWeekStates).nullable(),
  members: z.number().int(),
  validated: z.number().int(),
  plannedMinutes: z.number().int(),
});
export type ShiftWeekOverview = z.infer<typeof shiftWeekOverviewSchema>;
export const shiftWeeksOverviewAnswerSchema = pageOf(shiftWeekOverviewSchema);

// ——— Next week's availability (spec §6 Employees › popups "next week choice", Shifts "choose") ———

/** What a person says of a day of a coming week: free all day, mornings only, afternoons only, or not free. */
export const availabilityChoices = ['any', 'morning', 'afternoon', 'off'] as const;
export type AvailabilityChoice = (typeof availabilityChoices)[number];

export const availabilityDaySchema = z.object({
  day: isoDateSchema,
  choice: z.enum(availabilityChoices),
  notes: text(200),
});
export type AvailabilityDay = z.infer<typeof availabilityDaySchema>;

/** The whole week at once, Monday to Sunday. */
export const ownAvailabilityBodySchema = z.object({ days: z.array(availabilityDaySchema).length(7) });
export const ownAvailabilityParamsSchema = z.object({ week: isoWeekSchema });

export const ownAvailabilitySchema = z.object({
  week: z.string(),
  days: z.array(availabilityDaySchema),
  /** null while nothing is said for the week (every day then reads "any"). */
  savedAt: z.string().nullable(),
});
export type OwnAvailability = z.infer<typeof ownAvailabilitySchema>;
export const ownAvailabilityAnswerSchema = dataOf(ownAvailabilitySchema);
