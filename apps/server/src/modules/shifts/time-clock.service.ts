// The shop tablet's time clock (spec §4 Shift): today's shift staff of the session's shop with their planned shift,
// and each step (start shift, start break, stop break, stop shift) punched at the server's business clock once the
// person is confirmed present by their passkey or password (auth/presence.service.ts). A wrong password writes no
// punch; a step the day does not allow is refused. Punches are never edited here. Once a punch or a rectification has
// committed, the shop's channel is told (timeClockChangedEvent), so every tablet of the shop shows it at once.
import { businessDate } from '@bottega/contracts/dates';
import { shopChannel } from '@bottega/contracts/notifications';
import {
  clockStateAfter,
  type PunchStep,
  punchMoves,
  type punchRectificationBodySchema,
  romeDayBounds,
  type shiftPunchBodySchema,
  type TimeClockPerson,
  timeClockChangedEvent,
} from '@bottega/contracts/shifts';
import { and, asc, eq, gte, inArray, lt } from 'drizzle-orm';
import type { z } from 'zod';
import type { Config } from '../../config';
import { assertShopInScope } from '../../platform/access';
import { writeAudit } from '../../platform/audit';
import { currentTime } from '../../platform/clock';
import type { Database, Executor } from '../../platform/db';
import { AppError } from '../../platform/errors';
import { enqueueJob, kickJobs } from '../../platform/jobs';
import type { LoginThrottle } from '../../platform/login-throttle';
import { notify } from '../../platform/notify';
import type { Realtime } from '../../platform/realtime';
import type { SessionContext } from '../../platform/sessions';
import { confirmPresence } from '../auth/presence.service';
import { users } from '../employees/employees.schema';
import { shops } from '../shops/shops.schema';
import { shiftStaff } from './shift-weeks.service';
import { alertTime, shiftAlertsCheckJob } from './shifts.jobs';
import { shiftPunches, shifts, shiftWeeks } from './shifts.schema';

export const shiftPunchAuditEntity = 'shiftPunch';

type ClockCall = {
  db: Database;
  config: Pick<Config, 'clockOffsetMs' | 'publicUrl'>;
  viewer: SessionContext;
  shopId: number;
};

/** Tells the shop's tablets that its time clock changed (after the commit: they read it again at once). */
function tellShop(realtime: Pick<Realtime, 'publish'> | undefined, shopId: number, userId: number) {
  realtime?.publish(shopChannel(shopId), timeClockChangedEvent, { shopId, userId });
}

/** Today's planned shifts in the shop's sent weeks, and everybody's punches today (in any shop: one day, one clock). */
async function today(db: Executor, shopId: number, userIds: number[], now: Date) {
  const day = businessDate(now);
  if (userIds.length === 0) return { day, planned: [], punches: [] };
  const planned = await db
    .select({
      id: shifts.id,
      userId: shifts.userId,
      start: shifts.startTime,
      stop: shifts.stopTime,
      breakMinutes: shifts.breakMinutes,
    })
    .from(shifts)
    .innerJoin(shiftWeeks, eq(shiftWeeks.id, shifts.weekId))
    .where(
      and(
        eq(shiftWeeks.shopId, shopId),
        eq(shiftWeeks.state, 'sent'),
        eq(shifts.day, day),
        eq(shifts.kind, 'shift'),
        inArray(shifts.userId, userIds),
      ),
    );
  const { from, to } = romeDayBounds(day);
  const punches = await db
    .select()
    .from(shiftPunches)
    .where(and(inArray(shiftPunches.userId, userIds), gte(shiftPunches.at, from), lt(shiftPunches.at, to)))
    .orderBy(asc(shiftPunches.at), asc(shiftPunches.id));
  return { day, planned, punches };
}

function personOf(
  person: { userId: number; name: string },
  planned: Awaited<ReturnType<typeof today>>['planned'],
  punches: Awaited<ReturnType<typeof today>>['punches'],
): TimeClockPerson {
  const shift = planned.find((row) => row.userId === person.userId);
  const own = punches.filter((punch) => punch.userId === person.userId);
  return {
    userId: person.userId,
    name: person.name,
    planned: shift ? { start: shift.start ?? '', stop: shift.stop ?? '', breakMinutes: shift.breakMinutes } : null,
    state: clockStateAfter(own.map((punch) => punch.step as PunchStep)),
    punches: own.map((punch) => ({
      id: punch.id,
      step: punch.step as PunchStep,
      at: punch.at.toISOString(),
      confirmedBy: punch.confirmedBy,
      originalAt: punch.originalAt?.toISOString() ?? null,
      rectifyReason: punch.rectifyReason,
    })),
  };
}

/** The shop's shift staff today: planned shift, where each is in their day, and today's punches. */
export async function readTimeClock(options: ClockCall) {
  const { db, shopId } = options;
  const staff = await shiftStaff(db, shopId);
  const now = currentTime(options.config);
  const { day, planned, punches } = await today(
    db,
    shopId,
    staff.map((person) => person.userId),
    now,
  );
  return {
    shopId,
    day,
    now: now.toISOString(),
    people: staff.map((person) => personOf(person, planned, punches)),
  };
}

/**
 * Punches a step for a person of the shop's shift staff once they are confirmed present, at the business clock's
 * time; the step must follow from their day so far (contracts' punchMoves). A break tells the shop's holders of
 * "break started".
 */
export async function punch(
  options: ClockCall & {
    throttle: LoginThrottle;
    realtime?: Pick<Realtime, 'publish'>;
    body: z.output<typeof shiftPunchBodySchema>;
    ip: string;
  },
): Promise<TimeClockPerson> {
  const { db, viewer, shopId, body } = options;
  const { userId, ...proof } = body.presence;
  const person = (await shiftStaff(db, shopId)).find((member) => member.userId === userId);
  if (!person) throw new AppError('validation', {}, { 'presence.userId': [{ rule: 'notShiftStaff' }] });
  // A wrong password stops here, counted towards the person's lockout: no punch is written.
  const presence = await confirmPresence({
    db,
    config: options.config,
    throttle: options.throttle,
    session: viewer,
    userId,
    proof,
    ip: options.ip,
  });
  const punched = await db.transaction(async (tx) => {
    // One step at a time per person: two taps on two tablets cannot both start the shift.
    await tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).for('update');
    const now = currentTime(options.config);
    const before = await today(tx, shopId, [userId], now);
    const state = clockStateAfter(before.punches.map((row) => row.step as PunchStep));
    if (!punchMoves[state][body.step]) throw new AppError('punchOutOfOrder');
    const shiftId = before.planned[0]?.id ?? null;
    const [created] = await tx
      .insert(shiftPunches)
      .values({ userId, shopId, shiftId, step: body.step, at: now, confirmedBy: presence.method })
      .returning({ id: shiftPunches.id });
    await writeAudit(tx, {
      actorId: viewer.userId,
      action: `shiftPunch.${body.step}`,
      entity: shiftPunchAuditEntity,
      entityId: created?.id,
      data: { userId, shopId, shiftId, at: now.toISOString(), confirmedBy: presence.method },
      ip: options.ip,
    });
    if (body.step === 'startBreak') {
      const [shop] = await tx.select({ name: shops.name }).from(shops).where(eq(shops.id, shopId));
      await notify(tx, {
        event: 'shifts.notifications.breakStarted',
        shopId,
        params: { shop: shop?.name ?? '', employee: person.name, time: alertTime.format(now) },
        link: '/app/shop/shift',
        actorId: viewer.userId,
      });
    }
    // A start or a stop may be late or early: the watch looks at once rather than at the next minute.
    if (body.step === 'startShift' || body.step === 'stopShift') await enqueueJob(tx, shiftAlertsCheckJob, {});
    const after = await today(tx, shopId, [userId], now);
    return personOf(person, after.planned, after.punches);
  });
  kickJobs();
  tellShop(options.realtime, shopId, userId);
  return punched;
}

/**
 * Sets a punch's time right, with a reason (shifts.manage.rectify): within its own day in Rome, not in the future, and
 * keeping the day's steps in an order the time clock allows. The first time stays beside the new one; audited.
 */
export async function rectifyPunch(options: {
  db: Database;
  config: Pick<Config, 'clockOffsetMs'>;
  viewer: SessionContext;
  realtime?: Pick<Realtime, 'publish'>;
  punchId: number;
  body: z.output<typeof punchRectificationBodySchema>;
  ip?: string;
}) {
  const { db, viewer, punchId, body } = options;
  const at = new Date(body.at);
  const rectified = await db.transaction(async (tx) => {
    const [row] = await tx.select().from(shiftPunches).where(eq(shiftPunches.id, punchId)).for('update');
    if (!row) throw new AppError('notFound');
    assertShopInScope(viewer, 'shops', row.shopId);
    await tx.select({ id: users.id }).from(users).where(eq(users.id, row.userId)).for('update');
    const day = businessDate(row.at);
    if (businessDate(at) !== day) throw new AppError('validation', {}, { at: [{ rule: 'otherDay' }] });
    if (at > currentTime(options.config)) throw new AppError('validation', {}, { at: [{ rule: 'futureDate' }] });
    const { from, to } = romeDayBounds(day);
    const others = await tx
      .select({ id: shiftPunches.id, step: shiftPunches.step, at: shiftPunches.at })
      .from(shiftPunches)
      .where(and(eq(shiftPunches.userId, row.userId), gte(shiftPunches.at, from), lt(shiftPunches.at, to)));
    const steps = others
      .map((punch) => (punch.id === row.id ? { ...punch, at } : punch))
      .sort((a, b) => a.at.getTime() - b.at.getTime() || a.id - b.id)
      .map((punch) => punch.step as PunchStep);
    const orderly = steps.every(
      (step, index) => punchMoves[clockStateAfter(steps.slice(0, index))][step] !== undefined,
    );
    if (!orderly) throw new AppError('punchOutOfOrder');
    const originalAt = row.originalAt ?? row.at;
    await tx
      .update(shiftPunches)
      .set({ at, originalAt, rectifiedBy: viewer.userId, rectifiedAt: new Date(), rectifyReason: body.reason })
      .where(eq(shiftPunches.id, row.id));
    await writeAudit(tx, {
      actorId: viewer.userId,
      action: 'shiftPunch.rectified',
      entity: shiftPunchAuditEntity,
      entityId: row.id,
      reason: body.reason,
      data: { userId: row.userId, step: row.step, before: row.at.toISOString(), after: at.toISOString() },
      ip: options.ip,
    });
    return {
      id: row.id,
      userId: row.userId,
      shopId: row.shopId,
      step: row.step as PunchStep,
      at: at.toISOString(),
      originalAt: originalAt.toISOString(),
      rectifyReason: body.reason,
    };
  });
  const { shopId, ...answer } = rectified;
  tellShop(options.realtime, shopId, answer.userId);
  return answer;
}

/**
 * A partial confirmation of the cash report ends the confirmer's shift (spec §4): if they are on shift today (on a
 * break: the break ends first), their stop is punched at the confirmation's time, confirmed by the report. In the
 * confirmation's transaction, so both happen or neither.
 */
export async function endShiftOnCashConfirmation(
  tx: Executor,
  options: { userId: number; shopId: number; reportId: number; at: Date; ip?: string },
): Promise<void> {
  const { userId, shopId, at } = options;
  await tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).for('update');
  const { planned, punches } = await today(tx, shopId, [userId], at);
  const state = clockStateAfter(punches.map((row) => row.step as PunchStep));
  if (state === 'off') return;
  const steps: PunchStep[] = state === 'onBreak' ? ['stopBreak', 'stopShift'] : ['stopShift'];
  for (const step of steps) {
    const [created] = await tx
      .insert(shiftPunches)
      .values({ userId, shopId, shiftId: planned[0]?.id ?? null, step, at, confirmedBy: 'cashReport' })
      .returning({ id: shiftPunches.id });
    await writeAudit(tx, {
      actorId: userId,
      action: `shiftPunch.${step}`,
      entity: shiftPunchAuditEntity,
      entityId: created?.id,
      data: { userId, shopId, at: at.toISOString(), confirmedBy: 'cashReport', cashReportId: options.reportId },
      ip: options.ip,
    });
  }
}
