// Next week's availability (spec §6 Employees › popups "next week choice", Shifts "choose"): each person says, for a
// coming week, which days they are free mornings only, afternoons only, or not at all; the week's grid shows it beside
// their cells. A week already begun is no longer chosen for (409 shiftWeekNotEditable).
import { businessDate, isoWeekDays, isoWeekOf } from '@bottega/contracts/dates';
import type { OwnAvailability, ownAvailabilityBodySchema } from '@bottega/contracts/shifts';
import { and, asc, eq, inArray } from 'drizzle-orm';
import type { z } from 'zod';
import { writeAudit } from '../../platform/audit';
import type { Database, Executor } from '../../platform/db';
import { AppError } from '../../platform/errors';
import { shiftAvailability, shiftAvailabilityWeeks } from './shifts.schema';

export const shiftAvailabilityAuditEntity = 'shiftAvailability';

export async function readOwnAvailability(db: Executor, userId: number, week: string): Promise<OwnAvailability> {
  const days = isoWeekDays(week);
  const rows = await db
    .select()
    .from(shiftAvailability)
    .where(and(eq(shiftAvailability.userId, userId), inArray(shiftAvailability.day, days)));
  const [saved] = await db
    .select({ savedAt: shiftAvailabilityWeeks.savedAt })
    .from(shiftAvailabilityWeeks)
    .where(and(eq(shiftAvailabilityWeeks.userId, userId), eq(shiftAvailabilityWeeks.week, week)));
  return {
    week,
    days: days.map((day) => {
      const row = rows.find((candidate) => candidate.day === day);
      return row
        ? { day, choice: row.choice as OwnAvailability['days'][number]['choice'], notes: row.notes }
        : { day, choice: 'any' as const, notes: '' };
    }),
    savedAt: saved?.savedAt.toISOString() ?? null,
  };
}

/** Saves the person's whole week, Monday to Sunday, for a week after the current one. */
export async function saveOwnAvailability(options: {
  db: Database;
  userId: number;
  week: string;
  body: z.output<typeof ownAvailabilityBodySchema>;
  now: Date;
  ip?: string;
}): Promise<OwnAvailability> {
  const { db, userId, week, body } = options;
  if (week <= isoWeekOf(businessDate(options.now))) throw new AppError('shiftWeekNotEditable');
  const days = isoWeekDays(week);
  const errors: Record<string, { rule: 'outsideWeek' }[]> = {};
  body.days.forEach((entry, index) => {
    if (entry.day !== days[index]) errors[`days.${index}.day`] = [{ rule: 'outsideWeek' }];
  });
  if (Object.keys(errors).length > 0) throw new AppError('validation', {}, errors);
  return db.transaction(async (tx) => {
    const before = await readOwnAvailability(tx, userId, week);
    await tx
      .delete(shiftAvailability)
      .where(and(eq(shiftAvailability.userId, userId), inArray(shiftAvailability.day, days)));
    const said = body.days.filter((entry) => entry.choice !== 'any');
    if (said.length > 0) {
      await tx
        .insert(shiftAvailability)
        .values(said.map((entry) => ({ userId, day: entry.day, choice: entry.choice, notes: entry.notes })));
    }
    await tx
      .insert(shiftAvailabilityWeeks)
      .values({ userId, week, savedAt: new Date() })
      .onConflictDoUpdate({
        target: [shiftAvailabilityWeeks.userId, shiftAvailabilityWeeks.week],
        set: { savedAt: new Date() },
      });
    await writeAudit(tx, {
      actorId: userId,
      action: 'shiftAvailability.saved',
      entity: shiftAvailabilityAuditEntity,
      entityId: userId,
      data: { week, before: before.savedAt ? before.days : null, after: body.days },
      ip: options.ip,
    });
    return readOwnAvailability(tx, userId, week);
  });
}

/** What the week's people said of its days, "any" left out: for the grid. */
export async function availabilityOf(db: Executor, userIds: number[], days: string[]) {
  if (userIds.length === 0) return [];
  const rows = await db
    .select()
    .from(shiftAvailability)
    .where(and(inArray(shiftAvailability.userId, userIds), inArray(shiftAvailability.day, days)))
    .orderBy(asc(shiftAvailability.userId), asc(shiftAvailability.day));
  return rows.map((row) => ({
    userId: row.userId,
    day: row.day,
    choice: row.choice as 'morning' | 'afternoon' | 'off',
    notes: row.notes,
  }));
}
