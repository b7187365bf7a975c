// The shifts' to-dos on the dashboard (platform/todos.ts), each one indexed query: the person's shift in this shop
// begun (or about to) without a start punch, the "start shift" of spec §6 Employees › popups; their sent weeks not
// validated yet ("convalidate shift"); and, for those who plan, next week of the shop not yet sent to its people.
import { businessDate, isoWeekDays, isoWeekOf, nextIsoWeek } from '@bottega/contracts/dates';
import { and, eq, gte, isNull, lte, min, sql } from 'drizzle-orm';
import type { TodoProvider } from '../../platform/todos';
import { userShops } from '../shops/shops.schema';
import { shiftStaff } from './shift-weeks.service';
import { shiftAvailabilityWeeks, shiftPunches, shifts, shiftWeekMembers, shiftWeeks } from './shifts.schema';

/** How early before a shift the dashboard asks to start it. */
const startShiftAheadMs = 15 * 60_000;

export const shiftToStartTodo: TodoProvider = {
  key: 'shiftToStart',
  ability: 'employees.popups.startShift',
  async count({ db, session, shopId, now, today }) {
    const [shift] = await db
      .select({ startsAt: shifts.startsAt })
      .from(shifts)
      .innerJoin(shiftWeeks, eq(shiftWeeks.id, shifts.weekId))
      .where(
        and(
          eq(shifts.userId, session.userId),
          eq(shiftWeeks.shopId, shopId),
          eq(shiftWeeks.state, 'sent'),
          eq(shifts.kind, 'shift'),
          lte(shifts.startsAt, new Date(now.getTime() + startShiftAheadMs)),
          gte(shifts.endsAt, now),
        ),
      )
      .limit(1);
    if (!shift?.startsAt) return null;
    const [started] = await db
      .select({ id: shiftPunches.id })
      .from(shiftPunches)
      .where(
        and(
          eq(shiftPunches.userId, session.userId),
          eq(shiftPunches.step, 'startShift'),
          gte(shiftPunches.at, new Date(shift.startsAt.getTime() - 3 * 3_600_000)),
        ),
      )
      .limit(1);
    return started ? null : { count: 1, oldest: today, link: '/app/shop/shift' };
  },
};

export const shiftWeeksToValidateTodo: TodoProvider = {
  key: 'shiftWeeksToValidate',
  ability: 'shifts.view',
  shopless: true,
  async count({ db, session }) {
    const [row] = await db
      .select({ count: sql<number>`count(*)`.mapWith(Number), oldest: min(shiftWeeks.week) })
      .from(shiftWeekMembers)
      .innerJoin(shiftWeeks, eq(shiftWeeks.id, shiftWeekMembers.weekId))
      .where(
        and(
          eq(shiftWeekMembers.userId, session.userId),
          eq(shiftWeeks.state, 'sent'),
          isNull(shiftWeekMembers.validatedAt),
        ),
      );
    if (!row || row.count === 0) return null;
    return {
      count: row.count,
      oldest: row.oldest ? (isoWeekDays(row.oldest)[0] as string) : null,
      link: '/app/user/convalidate/shift',
    };
  },
};

export const shiftNextWeekToPlanTodo: TodoProvider = {
  key: 'shiftNextWeekToPlan',
  ability: 'shifts.manage.assign',
  async count({ db, shopId, now }) {
    const week = nextIsoWeek(isoWeekOf(businessDate(now)));
    const [row] = await db
      .select({ state: shiftWeeks.state })
      .from(shiftWeeks)
      .where(and(eq(shiftWeeks.shopId, shopId), eq(shiftWeeks.week, week)));
    if (row?.state === 'sent') return null;
    // Somebody to plan: one row is enough to know.
    if ((await shiftStaff(db, shopId, { limit: 1 })).length === 0) return null;
    return {
      count: 1,
      oldest: null,
      link: `/app/employeesShift/assign?shop=${shopId}&week=${week}`,
    };
  },
};

/** Next week's availability not said yet (the "next week choice" popup), for the people of a shop who choose. */
export const shiftAvailabilityToChooseTodo: TodoProvider = {
  key: 'shiftAvailabilityToChoose',
  ability: 'shifts.choose',
  shopless: true,
  async count({ db, session, today }) {
    // Only people of a shop are planned: an administrator or the boss, holding every ability, is not asked.
    const [member] = await db
      .select({ userId: userShops.userId })
      .from(userShops)
      .where(eq(userShops.userId, session.userId))
      .limit(1);
    if (!member) return null;
    const week = nextIsoWeek(isoWeekOf(today));
    const [said] = await db
      .select({ week: shiftAvailabilityWeeks.week })
      .from(shiftAvailabilityWeeks)
      .where(and(eq(shiftAvailabilityWeeks.userId, session.userId), eq(shiftAvailabilityWeeks.week, week)));
    return said ? null : { count: 1, oldest: null, link: '/app/user/convalidate/shift#availability' };
  },
};
