// The time clock's watch (issue 20, platform/jobs.ts + platform/notify.ts): every minute, today's shifts of sent
// weeks against their punches. A start later than the shop's grace, a shift not started by then, a stop before its
// end less the grace, a break longer than planned plus the grace: each told once (shift_alerts) to the holders of
// that §6 Shifts notification in the shop. "Break started" is told by the punch itself; a start or a stop punched
// queues one more watch at once (time-clock.service.ts), so a late start is told as it is punched.
import { businessDate, businessTimeZone } from '@bottega/contracts/dates';
import { romeDayBounds, type ShiftAlertKind } from '@bottega/contracts/shifts';
import { and, asc, eq, gte, inArray, lt, lte, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Executor } from '../../platform/db';
import { defineJob, defineSchedule } from '../../platform/jobs';
import { notify } from '../../platform/notify';
import { users } from '../employees/employees.schema';
import { shops } from '../shops/shops.schema';
import { personName } from './shift-weeks.service';
import { shiftAlerts, shiftPunches, shifts, shiftWeeks } from './shifts.schema';

const minuteMs = 60_000;

type WatchedShift = {
  shiftId: number;
  userId: number;
  shopId: number;
  shopName: string;
  employee: string;
  startsAt: Date;
  endsAt: Date;
  breakMinutes: number;
  /** The shop's grace (shops.shift_grace_minutes). */
  graceMinutes: number;
};
type Punch = { id: number; userId: number; step: string; at: Date };
export type ShiftAlert = { kind: ShiftAlertKind; shift: WatchedShift; at: Date; punchId: number | null };

/** Wall-clock HH:MM in Rome, as the time clock's notifications show it. */
export const alertTime = new Intl.DateTimeFormat('it-IT', {
  timeZone: businessTimeZone,
  hour: '2-digit',
  minute: '2-digit',
});

/**
 * The alerts due at `now` for one shift, from the person's punches around it (from three hours before its start to
 * three after its end): the rules, apart from reading and telling.
 */
export function alertsOf(shift: WatchedShift, punches: Punch[], now: Date): ShiftAlert[] {
  const window = punches.filter(
    (punch) =>
      punch.userId === shift.userId &&
      punch.at.getTime() >= shift.startsAt.getTime() - 3 * 60 * minuteMs &&
      punch.at.getTime() <= shift.endsAt.getTime() + 3 * 60 * minuteMs,
  );
  const alerts: ShiftAlert[] = [];
  const graceMs = shift.graceMinutes * minuteMs;
  const start = window.find((punch) => punch.step === 'startShift');
  const lateFrom = shift.startsAt.getTime() + graceMs;
  if (!start && now.getTime() >= lateFrom && now.getTime() < shift.endsAt.getTime()) {
    alerts.push({ kind: 'notStarted', shift, at: shift.startsAt, punchId: null });
  }
  if (start && start.at.getTime() > lateFrom) alerts.push({ kind: 'lateStart', shift, at: start.at, punchId: null });
  const stop = window.findLast((punch) => punch.step === 'stopShift');
  if (start && stop && stop.at.getTime() < shift.endsAt.getTime() - graceMs) {
    alerts.push({ kind: 'earlyStop', shift, at: stop.at, punchId: null });
  }
  window.forEach((punch, index) => {
    if (punch.step !== 'startBreak') return;
    const end = window.slice(index + 1).find((next) => next.step === 'stopBreak');
    const allowed = punch.at.getTime() + shift.breakMinutes * minuteMs + graceMs;
    if ((end?.at ?? now).getTime() > allowed) {
      alerts.push({ kind: 'lateBreakEnd', shift, at: end?.at ?? new Date(allowed - graceMs), punchId: punch.id });
    }
  });
  return alerts;
}

/** Today's shifts of sent weeks that have begun (the night's shift of yesterday too), with whom and where. */
async function watchedShifts(db: Executor, now: Date): Promise<WatchedShift[]> {
  const { from } = romeDayBounds(businessDate(now));
  return db
    .select({
      shiftId: shifts.id,
      userId: shifts.userId,
      shopId: shiftWeeks.shopId,
      shopName: shops.name,
      employee: personName,
      startsAt: sql<Date>`${shifts.startsAt}`.mapWith(shifts.startsAt),
      endsAt: sql<Date>`${shifts.endsAt}`.mapWith(shifts.endsAt),
      breakMinutes: shifts.breakMinutes,
      graceMinutes: shops.shiftGraceMinutes,
    })
    .from(shifts)
    .innerJoin(shiftWeeks, eq(shiftWeeks.id, shifts.weekId))
    .innerJoin(shops, eq(shops.id, shiftWeeks.shopId))
    .innerJoin(users, eq(users.id, shifts.userId))
    .where(
      and(
        eq(shifts.kind, 'shift'),
        eq(shiftWeeks.state, 'sent'),
        gte(shifts.endsAt, new Date(from.getTime() - 3 * 60 * minuteMs)),
        lte(shifts.startsAt, now),
      ),
    )
    .orderBy(asc(shifts.startsAt), asc(shifts.id));
}

export const shiftAlertsCheckJob = defineJob({
  kind: 'shifts.alertsCheck',
  payload: z.object({}),
  run: async ({ db, now, complete }) => {
    const at = now();
    const watched = await watchedShifts(db, at);
    const userIds = [...new Set(watched.map((shift) => shift.userId))];
    const earliest = Math.min(...watched.map((shift) => shift.startsAt.getTime()), at.getTime());
    const punches =
      userIds.length === 0
        ? []
        : await db
            .select({ id: shiftPunches.id, userId: shiftPunches.userId, step: shiftPunches.step, at: shiftPunches.at })
            .from(shiftPunches)
            .where(
              and(
                inArray(shiftPunches.userId, userIds),
                gte(shiftPunches.at, new Date(earliest - 3 * 60 * minuteMs)),
                lt(shiftPunches.at, new Date(at.getTime() + minuteMs)),
              ),
            )
            .orderBy(asc(shiftPunches.at), asc(shiftPunches.id));
    const due = watched.flatMap((shift) => alertsOf(shift, punches, at));
    await complete(async (tx) => {
      let told = 0;
      for (const alert of due) {
        const [fresh] = await tx
          .insert(shiftAlerts)
          .values({ shiftId: alert.shift.shiftId, kind: alert.kind, punchId: alert.punchId })
          .onConflictDoNothing()
          .returning({ id: shiftAlerts.id });
        if (!fresh) continue;
        told += 1;
        await notify(tx, {
          event: `shifts.notifications.${alert.kind}`,
          shopId: alert.shift.shopId,
          params: { shop: alert.shift.shopName, employee: alert.shift.employee, time: alertTime.format(alert.at) },
          link: '/app/shop/shift',
        });
      }
      return { shifts: watched.length, alerts: told };
    });
  },
});
defineSchedule({
  name: 'shifts.alertsCheck',
  cron: '* * * * *',
  kind: shiftAlertsCheckJob.kind,
  // Only while some shift of a sent week is on (or just ended): no job row a minute for nothing.
  when: async ({ db, now }) => {
    const [on] = await db
      .select({ id: shifts.id })
      .from(shifts)
      .innerJoin(shiftWeeks, eq(shiftWeeks.id, shifts.weekId))
      .where(
        and(
          eq(shiftWeeks.state, 'sent'),
          lte(shifts.startsAt, now),
          gte(shifts.endsAt, new Date(now.getTime() - 3 * 60 * minuteMs)),
        ),
      )
      .limit(1);
    return on !== undefined;
  },
});
