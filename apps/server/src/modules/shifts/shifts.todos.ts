// The shifts' to-dos on the dashboard (platform/todos.ts), each one indexed query prepared once per database (they run
// on every dashboard load): the person's shift in this shop begun (or about to) without a start punch, the "start
// shift" of spec §6 Employees › popups; their sent weeks not validated yet ("convalidate shift"); and, for those who
// plan, next week of the shop not yet sent to its people.
import { businessDate, isoWeekDays, isoWeekOf, nextIsoWeek } from '@bottega/contracts/dates';
import { and, eq, gte, isNull, lte, min, notExists, sql } from 'drizzle-orm';
import { preparedPerDatabase } from '../../platform/db';
import type { TodoProvider } from '../../platform/todos';
import { users } from '../employees/employees.schema';
import { userShops } from '../shops/shops.schema';
import { worksShifts } from './shift-weeks.service';
import { shiftAvailabilityWeeks, shiftPunches, shifts, shiftWeekMembers, shiftWeeks } from './shifts.schema';

/** How early before a shift the dashboard asks to start it. */
const startShiftAheadMs = 15 * 60_000;

/**
 * One shift of the person's in the shop, sent, begun or about to (by `until`) and not over at `now`: any one, the
 * first the database finds. It is a subquery so the punch is looked for against that very shift.
 */
const shiftToStartStatement = preparedPerDatabase((db) => {
  const shift = db
    .select({ startsAt: shifts.startsAt })
    .from(shifts)
    .innerJoin(shiftWeeks, eq(shiftWeeks.id, shifts.weekId))
    .where(
      and(
        eq(shifts.userId, sql.placeholder('userId')),
        eq(shiftWeeks.shopId, sql.placeholder('shopId')),
        eq(shiftWeeks.state, 'sent'),
        eq(shifts.kind, 'shift'),
        lte(shifts.startsAt, sql`${sql.placeholder('until')}::timestamptz`),
        gte(shifts.endsAt, sql`${sql.placeholder('now')}::timestamptz`),
      ),
    )
    .limit(1)
    .as('shift');
  // A start punch from three hours before the shift on is its start: the window the time clock's alerts read too
  // (shifts.jobs.ts alertsOf).
  return db
    .select({ startsAt: shift.startsAt })
    .from(shift)
    .where(
      notExists(
        db
          .select({ one: sql`1` })
          .from(shiftPunches)
          .where(
            and(
              eq(shiftPunches.userId, sql.placeholder('userId')),
              eq(shiftPunches.step, 'startShift'),
              gte(shiftPunches.at, sql`${shift.startsAt} - interval '3 hours'`),
            ),
          ),
      ),
    )
    .prepare('todo_shiftToStart');
});

export const shiftToStartTodo: TodoProvider = {
  key: 'shiftToStart',
  ability: 'employees.popups.startShift',
  async count({ db, session, shopId, now, today }) {
    const [notStarted] = await shiftToStartStatement(db).execute({
      userId: session.userId,
      shopId,
      until: new Date(now.getTime() + startShiftAheadMs),
      now,
    });
    return notStarted ? { count: 1, oldest: today, link: '/app/shop/shift' } : null;
  },
};

const shiftWeeksToValidateStatement = preparedPerDatabase((db) =>
  db
    .select({ count: sql<number>`count(*)`.mapWith(Number), oldest: min(shiftWeeks.week) })
    .from(shiftWeekMembers)
    .innerJoin(shiftWeeks, eq(shiftWeeks.id, shiftWeekMembers.weekId))
    .where(
      and(
        eq(shiftWeekMembers.userId, sql.placeholder('userId')),
        eq(shiftWeeks.state, 'sent'),
        isNull(shiftWeekMembers.validatedAt),
      ),
    )
    .prepare('todo_shiftWeeksToValidate'),
);

export const shiftWeeksToValidateTodo: TodoProvider = {
  key: 'shiftWeeksToValidate',
  ability: 'shifts.view',
  shopless: true,
  async count({ db, session }) {
    const [row] = await shiftWeeksToValidateStatement(db).execute({ userId: session.userId });
    if (!row || row.count === 0) return null;
    return {
      count: row.count,
      oldest: row.oldest ? (isoWeekDays(row.oldest)[0] as string) : null,
      link: '/app/user/convalidate/shift',
    };
  },
};

/**
 * One of the shop's shift staff (as `shiftStaff` has them), while the week is not sent: one row is enough to know
 * there is somebody to plan.
 */
const shiftNextWeekToPlanStatement = preparedPerDatabase((db) =>
  db
    .select({ userId: users.id })
    .from(users)
    .innerJoin(userShops, and(eq(userShops.userId, users.id), eq(userShops.shopId, sql.placeholder('shopId'))))
    .where(
      and(
        worksShifts,
        notExists(
          db
            .select({ one: sql`1` })
            .from(shiftWeeks)
            .where(
              and(
                eq(shiftWeeks.shopId, sql.placeholder('shopId')),
                eq(shiftWeeks.week, sql.placeholder('week')),
                eq(shiftWeeks.state, 'sent'),
              ),
            ),
        ),
      ),
    )
    .limit(1)
    .prepare('todo_shiftNextWeekToPlan'),
);

export const shiftNextWeekToPlanTodo: TodoProvider = {
  key: 'shiftNextWeekToPlan',
  ability: 'shifts.manage.assign',
  async count({ db, shopId, now }) {
    const week = nextIsoWeek(isoWeekOf(businessDate(now)));
    const [somebody] = await shiftNextWeekToPlanStatement(db).execute({ shopId, week });
    if (!somebody) return null;
    return {
      count: 1,
      oldest: null,
      link: `/app/employeesShift/assign?shop=${shopId}&week=${week}`,
    };
  },
};

/** The person is of a shop and has not said the week's availability. */
const shiftAvailabilityToChooseStatement = preparedPerDatabase((db) =>
  db
    .select({ userId: userShops.userId })
    .from(userShops)
    .where(
      and(
        eq(userShops.userId, sql.placeholder('userId')),
        notExists(
          db
            .select({ one: sql`1` })
            .from(shiftAvailabilityWeeks)
            .where(
              and(
                eq(shiftAvailabilityWeeks.userId, sql.placeholder('userId')),
                eq(shiftAvailabilityWeeks.week, sql.placeholder('week')),
              ),
            ),
        ),
      ),
    )
    .limit(1)
    .prepare('todo_shiftAvailabilityToChoose'),
);

/**
 * Next week's availability not said yet (the "next week choice" popup), for the people of a shop who choose. Only
 * people of a shop are planned: an administrator or the boss, holding every ability, is not asked.
 */
export const shiftAvailabilityToChooseTodo: TodoProvider = {
  key: 'shiftAvailabilityToChoose',
  ability: 'shifts.choose',
  shopless: true,
  async count({ db, session, today }) {
    const [notSaid] = await shiftAvailabilityToChooseStatement(db).execute({
      userId: session.userId,
      week: nextIsoWeek(isoWeekOf(today)),
    });
    return notSaid ? { count: 1, oldest: null, link: '/app/user/convalidate/shift#availability' } : null;
  },
};
