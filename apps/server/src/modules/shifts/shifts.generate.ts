// Next week's working hours made by themselves (issue 20, spec §6 Admin notifications "working hours generated"): on
// Thursday morning, every open shop with shift staff and nothing saved for next week gets it assigned, with this
// week's people and templates (else its shift staff), each template laid on the days and everybody off with "shop
// closed" on the shop's closures and closed weekdays. A shop without opening hours is left to a person (§8 "working
// hours not assigned") and named in the notification. The week is only a start: it is edited, convalidated and sent
// as any other.
import { businessDate, isoWeekDays, isoWeekOf, nextIsoWeek } from '@bottega/contracts/dates';
import { type ShiftWeekBody, templateCells, withShopClosed } from '@bottega/contracts/shifts';
import { and, asc, eq, inArray } from 'drizzle-orm';
import { z } from 'zod';
import { writeAudit } from '../../platform/audit';
import type { Executor } from '../../platform/db';
import { defineJob, defineSchedule } from '../../platform/jobs';
import { notify } from '../../platform/notify';
import { shops } from '../shops/shops.schema';
import { columnsOfCell, shiftStaff, shiftWeekAuditEntity, shopCalendar } from './shift-weeks.service';
import { shifts, shiftTemplates, shiftWeekMembers, shiftWeeks } from './shifts.schema';

export type GeneratedWeeks = { week: string; generated: string[]; withoutHours: string[] };

/** The people of the shop's week (with their templates), or its shift staff without templates. */
async function peopleOf(db: Executor, shopId: number, week: string): Promise<ShiftWeekBody['members']> {
  const kept = await db
    .select({ userId: shiftWeekMembers.userId, templateId: shiftWeekMembers.templateId })
    .from(shiftWeekMembers)
    .innerJoin(shiftWeeks, eq(shiftWeeks.id, shiftWeekMembers.weekId))
    .where(and(eq(shiftWeeks.shopId, shopId), eq(shiftWeeks.week, week)))
    .orderBy(asc(shiftWeekMembers.userId));
  if (kept.length > 0) return kept;
  return (await shiftStaff(db, shopId)).map((person) => ({ userId: person.userId, templateId: null }));
}

export async function generateNextWeeks(db: Executor, now: Date): Promise<GeneratedWeeks> {
  const thisWeek = isoWeekOf(businessDate(now));
  const week = nextIsoWeek(thisWeek);
  const days = isoWeekDays(week);
  const open = await db
    .select({ id: shops.id, name: shops.name })
    .from(shops)
    .where(eq(shops.closed, false))
    .orderBy(asc(shops.name));
  const planned = new Set(
    (
      await db
        .select({ shopId: shiftWeeks.shopId })
        .from(shiftWeeks)
        .where(and(eq(shiftWeeks.week, week), inArray(shiftWeeks.shopId, open.map((shop) => shop.id).concat(0))))
    ).map((row) => row.shopId),
  );
  const result: GeneratedWeeks = { week, generated: [], withoutHours: [] };
  for (const shop of open.filter((candidate) => !planned.has(candidate.id))) {
    const members = await peopleOf(db, shop.id, thisWeek);
    if (members.length === 0) continue;
    const { openingHours, closedDays } = await shopCalendar(db, shop.id, days);
    if (Object.keys(openingHours).length === 0) {
      result.withoutHours.push(shop.name);
      continue;
    }
    const templateIds = members.flatMap((member) => (member.templateId === null ? [] : [member.templateId]));
    const templates =
      templateIds.length === 0
        ? []
        : await db.select().from(shiftTemplates).where(inArray(shiftTemplates.id, templateIds));
    const cells = withShopClosed(
      members,
      templateCells(members, templates, days),
      closedDays.map((closure) => closure.day),
    );
    const [row] = await db
      .insert(shiftWeeks)
      .values({ shopId: shop.id, week, state: 'assigned' })
      .returning({ id: shiftWeeks.id });
    const weekId = row?.id as number;
    await db.insert(shiftWeekMembers).values(members.map((member) => ({ weekId, ...member })));
    if (cells.length > 0) {
      await db
        .insert(shifts)
        .values(
          cells.map((cell) => ({ weekId, userId: cell.userId, day: cell.day, ...columnsOfCell(cell.day, cell.cell) })),
        );
    }
    await writeAudit(db, {
      actorId: null,
      action: 'shiftWeek.generated',
      entity: shiftWeekAuditEntity,
      entityId: weekId,
      toState: 'assigned',
      data: { shopId: shop.id, week, members: members.length, cells: cells.length },
    });
    result.generated.push(shop.name);
  }
  if (result.generated.length > 0 || result.withoutHours.length > 0) {
    await notify(db, {
      event: 'adminNotifications.workingHoursGenerated',
      params: {
        week,
        count: result.generated.length,
        withoutHours: result.withoutHours.length > 0 ? result.withoutHours.join(', ') : '—',
      },
      link: `/app/employeesShift/overview?week=${week}`,
    });
  }
  return result;
}

export const generateNextWeeksJob = defineJob({
  kind: 'shifts.generateNextWeeks',
  payload: z.object({}),
  run: async ({ now, complete }) => {
    await complete(async (tx) => generateNextWeeks(tx, now()));
  },
});
defineSchedule({ name: 'shifts.generateNextWeeks', cron: '0 6 * * 4', kind: generateNextWeeksJob.kind });
