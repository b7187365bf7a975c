// A shop's week of shifts (spec §4 Weekly shifts): the grid of its people × days, each cell a shift or a time-off,
// with the rules' warnings beside the cells (contracts/shifts.ts shiftWarnings), never a refusal. The grid is saved
// whole while the week is assigned; every save is audited with what changed.
import { isoWeekDays, previousIsoWeek } from '@bottega/contracts/dates';
import {
  type OwnShiftWeek,
  type PlannedShift,
  type ShiftCell,
  type ShiftWeek,
  type ShiftWeekAction,
  type ShiftWeekBody,
  shiftSpan,
  shiftWarnings,
  shiftWeekTransitions,
  templateCells,
  withShopClosed,
} from '@bottega/contracts/shifts';
import { and, asc, count, desc, eq, gte, inArray, isNull, lt, sql } from 'drizzle-orm';
import { shopsInScope } from '../../platform/access';
import { writeAudit } from '../../platform/audit';
import type { Database, Executor } from '../../platform/db';
import { AppError } from '../../platform/errors';
import { notify } from '../../platform/notify';
import type { SessionContext } from '../../platform/sessions';
import { users } from '../employees/employees.schema';
import { shopClosureDays, shops, shopWorkingHours, userShops } from '../shops/shops.schema';
import { loadVisibleShop } from '../shops/shops.service';
import { userGroupMembers, userGroups } from '../user-groups/user-groups.schema';
import { availabilityOf } from './availability.service';
import { shifts, shiftTemplates, shiftWeekMembers, shiftWeeks } from './shifts.schema';

export const shiftWeekAuditEntity = 'shiftWeek';

/** Who works shifts: the time clock's starting ability (the group "Dipendente NO SHIFTS" lacks it). */
const shiftStaffAbility = 'employees.popups.startShift';

type WeekCall = { db: Database; viewer: SessionContext; shopId: number; week: string; ip?: string };

/** A person as the shifts' screens and notifications name them. */
export const personName = sql<string>`${users.name} || ' ' || ${users.surname}`;

/**
 * Whether the user of the row works shifts: not deleted, and in a group that lets them punch. Shared by `shiftStaff`
 * and the dashboard's prepared "next week to plan" (shifts.todos.ts), so both ask the same.
 */
export const worksShifts = and(
  isNull(users.deletedAt),
  sql`EXISTS (SELECT 1 FROM ${userGroupMembers} JOIN ${userGroups} ON ${userGroups.id} = ${userGroupMembers.groupId}
              WHERE ${userGroupMembers.userId} = ${users.id} AND ${shiftStaffAbility} = ANY(${userGroups.permissions}))`,
);

/** The shop's people who work shifts, by name: members of the shop, not deleted, whose groups let them punch. */
export async function shiftStaff(db: Executor, shopId: number): Promise<{ userId: number; name: string }[]> {
  return db
    .select({ userId: users.id, name: personName })
    .from(users)
    .innerJoin(userShops, and(eq(userShops.userId, users.id), eq(userShops.shopId, shopId)))
    .where(worksShifts)
    .orderBy(asc(users.surname), asc(users.name), asc(users.id));
}

async function weekRow(db: Executor, shopId: number, week: string, options: { lock?: boolean } = {}) {
  const query = db
    .select()
    .from(shiftWeeks)
    .where(and(eq(shiftWeeks.shopId, shopId), eq(shiftWeeks.week, week)));
  const [row] = options.lock ? await query.for('update') : await query;
  return row ?? null;
}

function cellOf(row: typeof shifts.$inferSelect): ShiftCell {
  return row.kind === 'shift'
    ? {
        kind: 'shift',
        start: row.startTime ?? '',
        stop: row.stopTime ?? '',
        breakMinutes: row.breakMinutes,
        notes: row.notes,
      }
    : { kind: 'timeOff', reason: row.reason as Extract<ShiftCell, { kind: 'timeOff' }>['reason'], notes: row.notes };
}

/** The shop's opening slots by weekday, HH:MM, and its closures within the days. */
export async function shopCalendar(db: Executor, shopId: number, days: string[]) {
  const slots = await db
    .select()
    .from(shopWorkingHours)
    .where(eq(shopWorkingHours.shopId, shopId))
    .orderBy(asc(shopWorkingHours.weekday), asc(shopWorkingHours.slot));
  const openingHours: Record<string, { opensAt: string; closesAt: string }[]> = {};
  for (const slot of slots) {
    openingHours[slot.weekday] = [
      ...(openingHours[slot.weekday] ?? []),
      { opensAt: slot.opensAt.slice(0, 5), closesAt: slot.closesAt.slice(0, 5) },
    ];
  }
  const closures = await db
    .select({ day: shopClosureDays.day, reason: shopClosureDays.reason })
    .from(shopClosureDays)
    .where(and(eq(shopClosureDays.shopId, shopId), inArray(shopClosureDays.day, days)));
  const closedDays = days
    .map((day, index) => ({
      day,
      reason: closures.find((closure) => closure.day === day)?.reason ?? (openingHours[index + 1] ? null : ''),
    }))
    .filter((closed): closed is { day: string; reason: string } => closed.reason !== null);
  return { openingHours, closedDays };
}

/**
 * The shifts the rules look at besides the week's own cells: the same people's shifts in other shops that week, and
 * their last one before the Monday (the rest on Monday morning).
 */
async function neighbouringShifts(db: Executor, weekId: number | null, userIds: number[], days: string[]) {
  if (userIds.length === 0) return [];
  const from = new Date(Date.parse(`${days[0]}T00:00:00Z`) - 2 * 86_400_000);
  const to = new Date(Date.parse(`${days[6]}T00:00:00Z`) + 2 * 86_400_000);
  return db
    .select({
      employeeId: shifts.userId,
      shopId: shiftWeeks.shopId,
      date: shifts.day,
      start: shifts.startTime,
      stop: shifts.stopTime,
      breakMinutes: shifts.breakMinutes,
    })
    .from(shifts)
    .innerJoin(shiftWeeks, eq(shiftWeeks.id, shifts.weekId))
    .where(
      and(
        inArray(shifts.userId, userIds),
        eq(shifts.kind, 'shift'),
        gte(shifts.startsAt, from),
        lt(shifts.startsAt, to),
        weekId === null ? sql`true` : sql`${shifts.weekId} <> ${weekId}`,
      ),
    );
}

async function readWeek(db: Executor, shopId: number, week: string): Promise<ShiftWeek> {
  const days = isoWeekDays(week);
  const row = await weekRow(db, shopId, week);
  const { openingHours, closedDays } = await shopCalendar(db, shopId, days);
  const savedMembers = row
    ? await db
        .select({
          userId: shiftWeekMembers.userId,
          name: personName,
          templateId: shiftWeekMembers.templateId,
          validatedAt: shiftWeekMembers.validatedAt,
          templateDays: shiftTemplates.days,
          templateMinutes: shiftTemplates.weeklyMinutes,
        })
        .from(shiftWeekMembers)
        .innerJoin(users, eq(users.id, shiftWeekMembers.userId))
        .leftJoin(shiftTemplates, eq(shiftTemplates.id, shiftWeekMembers.templateId))
        .where(eq(shiftWeekMembers.weekId, row.id))
        .orderBy(asc(users.surname), asc(users.name), asc(users.id))
    : (await shiftStaff(db, shopId)).map((person) => ({
        ...person,
        templateId: null,
        validatedAt: null,
        templateDays: null,
        templateMinutes: null,
      }));
  const cellRows = row
    ? await db.select().from(shifts).where(eq(shifts.weekId, row.id)).orderBy(asc(shifts.userId), asc(shifts.day))
    : [];
  const userIds = savedMembers.map((member) => member.userId);
  const planned: PlannedShift[] = [
    ...cellRows
      .filter((cell) => cell.kind === 'shift')
      .map((cell) => ({
        employeeId: cell.userId,
        shopId,
        date: cell.day,
        start: cell.startTime ?? '',
        stop: cell.stopTime ?? '',
        breakMinutes: cell.breakMinutes,
      })),
    ...(await neighbouringShifts(db, row?.id ?? null, userIds, days)).map((other) => ({
      ...other,
      start: other.start ?? '',
      stop: other.stop ?? '',
    })),
  ];
  const templateMinutes = new Map(
    savedMembers.flatMap((member) =>
      member.templateMinutes === null ? [] : [[member.userId, member.templateMinutes] as const],
    ),
  );
  const numericOpening = Object.fromEntries(Object.entries(openingHours).map(([day, slots]) => [Number(day), slots]));
  return {
    shopId,
    week,
    state: (row?.state as ShiftWeek['state']) ?? null,
    days,
    closedDays,
    openingHours,
    members: savedMembers.map((member) => ({
      userId: member.userId,
      name: member.name,
      templateId: member.templateId,
      plannedMinutes: cellRows
        .filter((cell) => cell.userId === member.userId)
        .reduce((total, cell) => total + cell.plannedMinutes, 0),
      validatedAt: member.validatedAt?.toISOString() ?? null,
    })),
    cells: cellRows.map((cell) => ({ userId: cell.userId, day: cell.day, cell: cellOf(cell) })),
    warnings: shiftWarnings({ week, shopId, shifts: planned, templateMinutes, openingHours: numericOpening }),
    availability: await availabilityOf(db, userIds, days),
  };
}

export async function getShiftWeek(options: WeekCall): Promise<ShiftWeek> {
  await loadVisibleShop(options.db, options.viewer, options.shopId);
  return readWeek(options.db, options.shopId, options.week);
}

/** Field errors of a body that names people outside the shop's shift staff, days outside the week or twice a cell. */
async function assertWeekBody(db: Executor, shopId: number, days: string[], body: ShiftWeekBody) {
  const staff = new Set((await shiftStaff(db, shopId)).map((person) => person.userId));
  const members = new Set(body.members.map((member) => member.userId));
  const templateIds = body.members.flatMap((member) => (member.templateId === null ? [] : [member.templateId]));
  const shopTemplates = new Set(
    templateIds.length === 0
      ? []
      : (
          await db
            .select({ id: shiftTemplates.id })
            .from(shiftTemplates)
            .where(and(eq(shiftTemplates.shopId, shopId), inArray(shiftTemplates.id, templateIds)))
        ).map((template) => template.id),
  );
  const errors: Record<string, { rule: 'notShiftStaff' | 'outsideWeek' | 'unique' | 'invalid' }[]> = {};
  body.members.forEach((member, index) => {
    if (!staff.has(member.userId)) errors[`members.${index}.userId`] = [{ rule: 'notShiftStaff' }];
    if (member.templateId !== null && !shopTemplates.has(member.templateId)) {
      errors[`members.${index}.templateId`] = [{ rule: 'invalid' }];
    }
  });
  if (members.size !== body.members.length) errors.members = [{ rule: 'unique' }];
  const seen = new Set<string>();
  body.cells.forEach((cell, index) => {
    if (!members.has(cell.userId)) errors[`cells.${index}.userId`] = [{ rule: 'notShiftStaff' }];
    if (!days.includes(cell.day)) errors[`cells.${index}.day`] = [{ rule: 'outsideWeek' }];
    const key = `${cell.userId}/${cell.day}`;
    if (seen.has(key)) errors[`cells.${index}.day`] = [{ rule: 'unique' }];
    seen.add(key);
  });
  if (Object.keys(errors).length > 0) throw new AppError('validation', {}, errors);
}

async function createWeek(db: Executor, shopId: number, week: string, createdBy: number): Promise<number> {
  const [row] = await db.insert(shiftWeeks).values({ shopId, week, createdBy }).returning({ id: shiftWeeks.id });
  if (!row) throw new Error('the week was not stored');
  return row.id;
}

/** The stored columns of a cell: a shift's instants and the minutes it plans, or a time-off's reason. */
export function columnsOfCell(day: string, cell: ShiftCell) {
  if (cell.kind === 'timeOff') {
    return {
      kind: 'timeOff',
      startTime: null,
      stopTime: null,
      breakMinutes: 0,
      startsAt: null,
      endsAt: null,
      plannedMinutes: 0,
      reason: cell.reason,
      notes: cell.notes,
    };
  }
  const span = shiftSpan({ date: day, ...cell });
  return {
    kind: 'shift',
    startTime: cell.start,
    stopTime: cell.stop,
    breakMinutes: cell.breakMinutes,
    startsAt: new Date(span.from),
    endsAt: new Date(span.to),
    plannedMinutes: span.worked,
    reason: null,
    notes: cell.notes,
  };
}

/**
 * Saves the whole grid of an assigned week (creating the week on its first save): its people, their templates and
 * every cell. A convalidated or sent week is changed only by a rectification.
 */
export async function saveShiftWeek(options: WeekCall & { body: ShiftWeekBody }): Promise<ShiftWeek> {
  const { db, viewer, shopId, week, body } = options;
  const days = isoWeekDays(week);
  return db.transaction(async (tx) => {
    await loadVisibleShop(tx, viewer, shopId, { lock: true });
    await assertWeekBody(tx, shopId, days, body);
    const existing = await weekRow(tx, shopId, week, { lock: true });
    if (existing && existing.state !== 'assigned') throw new AppError('shiftWeekNotEditable');
    const before = existing ? await readWeek(tx, shopId, week) : null;
    const weekId = existing ? existing.id : await createWeek(tx, shopId, week, viewer.userId);
    if (existing) await tx.update(shiftWeeks).set({ updatedAt: new Date() }).where(eq(shiftWeeks.id, weekId));
    await tx.delete(shiftWeekMembers).where(eq(shiftWeekMembers.weekId, weekId));
    if (body.members.length > 0) {
      await tx.insert(shiftWeekMembers).values(body.members.map((member) => ({ weekId, ...member })));
    }
    // Replaced whole: an assigned week has no punches yet to point at its shifts.
    await tx.delete(shifts).where(eq(shifts.weekId, weekId));
    if (body.cells.length > 0) {
      await tx.insert(shifts).values(
        body.cells.map((cell) => ({
          weekId,
          userId: cell.userId,
          day: cell.day,
          ...columnsOfCell(cell.day, cell.cell),
        })),
      );
    }
    const after = await readWeek(tx, shopId, week);
    await writeAudit(tx, {
      actorId: viewer.userId,
      action: before ? 'shiftWeek.updated' : 'shiftWeek.created',
      entity: shiftWeekAuditEntity,
      entityId: weekId,
      toState: 'assigned',
      data: {
        shopId,
        week,
        before: before && { members: before.members.map((member) => member.userId), cells: before.cells },
        after: { members: body.members.map((member) => member.userId), cells: body.cells },
      },
      ip: options.ip,
    });
    return after;
  });
}

/**
 * A move of the week's workflow (contracts' shiftWeekTransitions), from the state it starts from only: convalidating
 * tells the holders of "week created", sending tells those of "next-week shifts activated" and each person of the
 * week that their summary waits for them. Audited with both states.
 */
export async function moveShiftWeek(options: WeekCall & { action: ShiftWeekAction }): Promise<ShiftWeek> {
  const { db, viewer, shopId, week, action } = options;
  const move = shiftWeekTransitions[action];
  return db.transaction(async (tx) => {
    const shop = await loadVisibleShop(tx, viewer, shopId);
    const row = await weekRow(tx, shopId, week, { lock: true });
    if (!row) throw new AppError('notFound');
    if (row.state !== move.from) throw new AppError('shiftWeekWrongState');
    const now = new Date();
    await tx
      .update(shiftWeeks)
      .set({
        state: move.to,
        updatedAt: now,
        ...(action === 'convalidate' ? { convalidatedBy: viewer.userId, convalidatedAt: now } : {}),
        ...(action === 'reopen' ? { convalidatedBy: null, convalidatedAt: null } : {}),
        ...(action === 'send' ? { sentBy: viewer.userId, sentAt: now } : {}),
      })
      .where(eq(shiftWeeks.id, row.id));
    await writeAudit(tx, {
      actorId: viewer.userId,
      action: `shiftWeek.${action}`,
      entity: shiftWeekAuditEntity,
      entityId: row.id,
      fromState: move.from,
      toState: move.to,
      data: { shopId, week },
      ip: options.ip,
    });
    const params = { shop: shop.name, week };
    const link = `/app/employeesShift/assign?shop=${shopId}&week=${week}`;
    if (action === 'convalidate') {
      await notify(tx, { event: 'adminNotifications.weekCreated', params, link, actorId: viewer.userId });
    }
    if (action === 'send') {
      await notify(tx, { event: 'adminNotifications.nextWeekShiftsActivated', params, link, actorId: viewer.userId });
      const members = await tx
        .select({ userId: shiftWeekMembers.userId })
        .from(shiftWeekMembers)
        .where(eq(shiftWeekMembers.weekId, row.id));
      await notify(tx, {
        event: 'shifts.weekSent',
        userIds: members.map((member) => member.userId),
        params,
        link: '/app/user/convalidate/shift',
        actorId: viewer.userId,
      });
    }
    return readWeek(tx, shopId, week);
  });
}

// ---------------------------------------------------------------------------------------------
// The person's own weeks (spec §2 user/convalidate/shift)

const ownWeekColumns = {
  weekId: shiftWeeks.id,
  shopId: shiftWeeks.shopId,
  shopName: shops.name,
  week: shiftWeeks.week,
  sentAt: shiftWeeks.sentAt,
  validatedAt: shiftWeekMembers.validatedAt,
};

async function ownWeeks(db: Executor, userId: number, weekId?: number): Promise<OwnShiftWeek[]> {
  const rows = await db
    .select(ownWeekColumns)
    .from(shiftWeekMembers)
    .innerJoin(shiftWeeks, eq(shiftWeeks.id, shiftWeekMembers.weekId))
    .innerJoin(shops, eq(shops.id, shiftWeeks.shopId))
    .where(
      and(
        eq(shiftWeekMembers.userId, userId),
        eq(shiftWeeks.state, 'sent'),
        weekId === undefined ? sql`true` : eq(shiftWeeks.id, weekId),
      ),
    )
    .orderBy(desc(shiftWeeks.week), asc(shops.name))
    .limit(weekId === undefined ? ownWeeksShown : 1);
  if (rows.length === 0) return [];
  const cellRows = await db
    .select()
    .from(shifts)
    .where(
      and(
        eq(shifts.userId, userId),
        inArray(
          shifts.weekId,
          rows.map((row) => row.weekId),
        ),
      ),
    )
    .orderBy(asc(shifts.day));
  return rows.map((row) => {
    const own = cellRows.filter((cell) => cell.weekId === row.weekId);
    return {
      weekId: row.weekId,
      shop: { id: row.shopId, name: row.shopName },
      week: row.week,
      days: isoWeekDays(row.week),
      cells: own.map((cell) => ({ day: cell.day, cell: cellOf(cell) })),
      plannedMinutes: own.reduce((total, cell) => total + cell.plannedMinutes, 0),
      sentAt: row.sentAt?.toISOString() ?? null,
      validatedAt: row.validatedAt?.toISOString() ?? null,
    };
  });
}

/** How many of their latest sent weeks a person sees. */
const ownWeeksShown = 12;

/** The person's latest sent weeks, newest first, in every shop they work. */
export async function listOwnShiftWeeks(options: { db: Database; viewer: SessionContext }): Promise<OwnShiftWeek[]> {
  return ownWeeks(options.db, options.viewer.userId);
}

/** The person validates their own summary of a sent week they work in; once (a second time answers it unchanged). */
export async function validateOwnShiftWeek(options: {
  db: Database;
  viewer: SessionContext;
  weekId: number;
  ip?: string;
}): Promise<OwnShiftWeek> {
  const { db, viewer, weekId } = options;
  return db.transaction(async (tx) => {
    const [own] = await ownWeeks(tx, viewer.userId, weekId);
    if (!own) throw new AppError('notFound');
    if (!own.validatedAt) {
      await tx
        .update(shiftWeekMembers)
        .set({ validatedAt: new Date() })
        .where(and(eq(shiftWeekMembers.weekId, weekId), eq(shiftWeekMembers.userId, viewer.userId)));
      await writeAudit(tx, {
        actorId: viewer.userId,
        action: 'shiftWeek.validatedByEmployee',
        entity: shiftWeekAuditEntity,
        entityId: weekId,
        data: { shopId: own.shop.id, week: own.week, plannedMinutes: own.plannedMinutes },
        ip: options.ip,
      });
    }
    const [after] = await ownWeeks(tx, viewer.userId, weekId);
    if (!after) throw new AppError('notFound');
    return after;
  });
}

/**
 * Changes a convalidated or sent week with a reason (shifts.manage.rectify). A cell that stays keeps its row (its
 * punches still point at it); a removed cell goes (its punches keep their times, no longer tied to a shift). In a sent
 * week the people whose cells changed must validate again and are told why. Audited with both grids and the reason.
 */
export async function rectifyShiftWeek(
  options: WeekCall & { body: ShiftWeekBody & { reason: string } },
): Promise<ShiftWeek> {
  const { db, viewer, shopId, week, body } = options;
  const days = isoWeekDays(week);
  return db.transaction(async (tx) => {
    const shop = await loadVisibleShop(tx, viewer, shopId, { lock: true });
    await assertWeekBody(tx, shopId, days, body);
    const row = await weekRow(tx, shopId, week, { lock: true });
    if (!row) throw new AppError('notFound');
    if (row.state === 'assigned') throw new AppError('shiftWeekWrongState');
    const before = await readWeek(tx, shopId, week);
    const key = (userId: number, day: string) => `${userId}/${day}`;
    const beforeCells = new Map(before.cells.map((cell) => [key(cell.userId, cell.day), JSON.stringify(cell.cell)]));
    const afterCells = new Map(body.cells.map((cell) => [key(cell.userId, cell.day), JSON.stringify(cell.cell)]));
    const changed = new Set<number>();
    for (const cell of [...before.cells, ...body.cells]) {
      const at = key(cell.userId, cell.day);
      if (beforeCells.get(at) !== afterCells.get(at)) changed.add(cell.userId);
    }
    const beforeMembers = new Set(before.members.map((member) => member.userId));
    for (const member of body.members) if (!beforeMembers.has(member.userId)) changed.add(member.userId);

    const stored = await tx
      .select({ id: shifts.id, userId: shifts.userId, day: shifts.day })
      .from(shifts)
      .where(eq(shifts.weekId, row.id));
    const gone = stored.filter((cell) => !afterCells.has(key(cell.userId, cell.day))).map((cell) => cell.id);
    if (gone.length > 0) await tx.delete(shifts).where(inArray(shifts.id, gone));
    for (const cell of body.cells) {
      if (beforeCells.get(key(cell.userId, cell.day)) === afterCells.get(key(cell.userId, cell.day))) continue;
      const columns = { ...columnsOfCell(cell.day, cell.cell), updatedAt: new Date() };
      await tx
        .insert(shifts)
        .values({ weekId: row.id, userId: cell.userId, day: cell.day, ...columns })
        .onConflictDoUpdate({ target: [shifts.weekId, shifts.userId, shifts.day], set: columns });
    }
    const validated = new Map(before.members.map((member) => [member.userId, member.validatedAt]));
    await tx.delete(shiftWeekMembers).where(eq(shiftWeekMembers.weekId, row.id));
    if (body.members.length > 0) {
      await tx.insert(shiftWeekMembers).values(
        body.members.map((member) => {
          const kept = changed.has(member.userId) ? null : validated.get(member.userId);
          return { weekId: row.id, ...member, validatedAt: kept ? new Date(kept) : null };
        }),
      );
    }
    await tx.update(shiftWeeks).set({ updatedAt: new Date() }).where(eq(shiftWeeks.id, row.id));
    await writeAudit(tx, {
      actorId: viewer.userId,
      action: 'shiftWeek.rectified',
      entity: shiftWeekAuditEntity,
      entityId: row.id,
      fromState: row.state,
      toState: row.state,
      reason: body.reason,
      data: {
        shopId,
        week,
        before: { members: before.members.map((member) => member.userId), cells: before.cells },
        after: { members: body.members.map((member) => member.userId), cells: body.cells },
      },
      ip: options.ip,
    });
    if (row.state === 'sent') {
      const told = body.members.map((member) => member.userId).filter((userId) => changed.has(userId));
      await notify(tx, {
        event: 'shifts.weekRectified',
        userIds: told,
        params: { shop: shop.name, week, reason: body.reason },
        link: '/app/user/convalidate/shift',
        actorId: viewer.userId,
      });
    }
    return readWeek(tx, shopId, week);
  });
}

/**
 * Every open shop the viewer sees with its week: state, people, how many validated, minutes planned; by shop name,
 * a page at a time. Shops with nothing saved for the week are listed too (state null): they are the ones to plan.
 */
export async function shiftWeeksOverview(options: {
  db: Database;
  viewer: SessionContext;
  week: string;
  page: number;
  perPage: number;
}) {
  const { db, viewer, week, page, perPage } = options;
  const scope = shopsInScope(viewer, 'shops');
  const visible = and(
    isNull(shops.closedOn),
    scope === 'all' ? sql`true` : scope.length === 0 ? sql`false` : inArray(shops.id, scope),
  );
  const [total] = await db.select({ value: count() }).from(shops).where(visible);
  const members = sql<number>`(select count(*) from ${shiftWeekMembers} where ${shiftWeekMembers.weekId} = ${shiftWeeks.id})`;
  const validated = sql<number>`(select count(*) from ${shiftWeekMembers}
    where ${shiftWeekMembers.weekId} = ${shiftWeeks.id} and ${shiftWeekMembers.validatedAt} is not null)`;
  const planned = sql<number>`coalesce((select sum(${shifts.plannedMinutes}) from ${shifts}
    where ${shifts.weekId} = ${shiftWeeks.id}), 0)`;
  const rows = await db
    .select({
      id: shops.id,
      code: shops.code,
      name: shops.name,
      state: shiftWeeks.state,
      members: members.mapWith(Number),
      validated: validated.mapWith(Number),
      plannedMinutes: planned.mapWith(Number),
    })
    .from(shops)
    .leftJoin(shiftWeeks, and(eq(shiftWeeks.shopId, shops.id), eq(shiftWeeks.week, week)))
    .where(visible)
    .orderBy(asc(shops.name), asc(shops.id))
    .limit(perPage)
    .offset((page - 1) * perPage);
  return {
    data: rows.map((row) => ({
      shop: { id: row.id, code: row.code, name: row.name },
      state: (row.state as ShiftWeek['state']) ?? null,
      members: row.state ? row.members : 0,
      validated: row.state ? row.validated : 0,
      plannedMinutes: row.state ? row.plannedMinutes : 0,
    })),
    meta: { page, perPage, total: total?.value ?? 0 },
  };
}

/**
 * A filled grid to start from, not saved (the grid shows it and saves it): the week before moved seven days on, or
 * each person's template; on the shop's closed days (closures, weekdays without opening hours) everybody is off with
 * "shop closed". The people are the week's own, else the week before's, else the shop's shift staff.
 */
export async function proposeShiftWeek(
  options: WeekCall & { from: 'previousWeek' | 'templates' },
): Promise<ShiftWeekBody> {
  const { db, viewer, shopId, week } = options;
  await loadVisibleShop(db, viewer, shopId);
  const days = isoWeekDays(week);
  const previous = previousIsoWeek(week);
  const current = await readWeek(db, shopId, week);
  const before = await readWeek(db, shopId, previous);
  const people = current.state !== null ? current : before.state !== null ? before : current;
  const members = people.members.map((member) => ({ userId: member.userId, templateId: member.templateId }));
  const working = new Set(members.map((member) => member.userId));
  const cells: ShiftWeekBody['cells'] = [];
  if (options.from === 'previousWeek') {
    const previousDays = isoWeekDays(previous);
    for (const cell of before.cells) {
      if (working.has(cell.userId)) cells.push({ ...cell, day: days[previousDays.indexOf(cell.day)] as string });
    }
  } else {
    const templateIds = members.flatMap((member) => (member.templateId === null ? [] : [member.templateId]));
    const templates =
      templateIds.length === 0
        ? []
        : await db.select().from(shiftTemplates).where(inArray(shiftTemplates.id, templateIds));
    cells.push(...templateCells(members, templates, days));
  }
  const closedDays = current.closedDays.map((closure) => closure.day);
  return { members, cells: withShopClosed(members, cells, closedDays) };
}
