// The demo's shifts (issue 20): in every shop with shift staff, two templates (full and part time) and the last four
// weeks and this one planned from them and sent, the past weeks validated and half of this one; every shift before
// today punched, most on time, some late, some breaks long, so the time clock's history and the analytics have
// something to show. Next week is left to plan. Times vary by a fixed pattern, never at random, so a demo reads the
// same on every start.
import { businessDate, isoWeekDays, isoWeekOf, previousIsoWeek } from '@bottega/contracts/dates';
import { type ShiftWeekBody, templateCells, withShopClosed } from '@bottega/contracts/shifts';
import { asc, eq } from 'drizzle-orm';
import type { Executor } from '../../platform/db';
import { users } from '../employees/employees.schema';
import { shops } from '../shops/shops.schema';
import { columnsOfCell, shiftStaff, shopCalendar } from './shift-weeks.service';
import { shiftPunches, shifts, shiftTemplates, shiftWeekMembers, shiftWeeks } from './shifts.schema';

// Within every demo shop's opening (10:00 at the latest to 19:30 at the earliest), so the demo's grids warn of nothing.
const fullTime = { start: '10:00', stop: '19:00', breakMinutes: 60 };
const afternoon = { start: '13:30', stop: '19:30', breakMinutes: 0 };
const demoTemplates = [
  {
    name: 'Tempo pieno 40 h',
    weeklyMinutes: 40 * 60,
    days: [fullTime, fullTime, fullTime, fullTime, fullTime, null, null],
  },
  {
    name: 'Part-time 24 h',
    weeklyMinutes: 24 * 60,
    days: [null, null, afternoon, afternoon, afternoon, afternoon, null],
  },
];

const minuteMs = 60_000;

/** A fixed spread of minutes, early to late, picked by a shift's position. */
function drift(index: number, spread: readonly number[]): number {
  return spread[index % spread.length] as number;
}

export async function seedDemoShifts(db: Executor, options: { now: Date }): Promise<void> {
  const today = businessDate(options.now);
  const thisWeek = isoWeekOf(today);
  const weeks = [thisWeek];
  while (weeks.length < 5) weeks.unshift(previousIsoWeek(weeks[0] as string));
  const [admin] = await db.select({ id: users.id }).from(users).where(eq(users.username, 'admin'));
  const openShops = await db.select({ id: shops.id }).from(shops).where(eq(shops.closed, false)).orderBy(asc(shops.id));
  let position = 0;
  // Someone in two shops works in the first (their main one, the demo's order): planned once, not twice at once.
  const planned = new Set<number>();
  for (const shop of openShops) {
    const staff = (await shiftStaff(db, shop.id)).filter((person) => !planned.has(person.userId));
    for (const person of staff) planned.add(person.userId);
    if (staff.length === 0) continue;
    const templates = await db
      .insert(shiftTemplates)
      .values(demoTemplates.map((template) => ({ shopId: shop.id, ...template })))
      .returning({ id: shiftTemplates.id, days: shiftTemplates.days });
    const members: ShiftWeekBody['members'] = staff.map((person, index) => ({
      userId: person.userId,
      templateId: templates[index % templates.length]?.id ?? null,
    }));
    for (const week of weeks) {
      const days = isoWeekDays(week);
      const { closedDays } = await shopCalendar(db, shop.id, days);
      const cells = withShopClosed(
        members,
        templateCells(members, templates, days),
        closedDays.map((closure) => closure.day),
      );
      const monday = Date.parse(`${days[0]}T08:00:00Z`);
      const sentAt = new Date(monday - 3 * 86_400_000);
      const [row] = await db
        .insert(shiftWeeks)
        .values({
          shopId: shop.id,
          week,
          state: 'sent',
          createdBy: admin?.id,
          createdAt: new Date(monday - 5 * 86_400_000),
          convalidatedBy: admin?.id,
          convalidatedAt: new Date(monday - 4 * 86_400_000),
          sentBy: admin?.id,
          sentAt,
        })
        .returning({ id: shiftWeeks.id });
      const weekId = row?.id as number;
      await db.insert(shiftWeekMembers).values(
        members.map((member, index) => ({
          weekId,
          ...member,
          // The past weeks validated by everybody, this one by every other person.
          validatedAt: week !== thisWeek || index % 2 === 0 ? new Date(sentAt.getTime() + 86_400_000) : null,
        })),
      );
      const saved = await db
        .insert(shifts)
        .values(
          cells.map((cell) => ({ weekId, userId: cell.userId, day: cell.day, ...columnsOfCell(cell.day, cell.cell) })),
        )
        .returning();
      const punches: (typeof shiftPunches.$inferInsert)[] = [];
      for (const shift of saved) {
        if (shift.kind !== 'shift' || !shift.startsAt || !shift.endsAt || shift.day >= today) continue;
        position += 1;
        const confirmedBy = position % 3 === 0 ? 'passkey' : 'password';
        const punch = (step: string, at: number) =>
          punches.push({
            userId: shift.userId,
            shopId: shop.id,
            shiftId: shift.id,
            step,
            at: new Date(at),
            confirmedBy,
          });
        // Mostly a few minutes either side; one start in eleven 20 minutes late, one stop in nine 40 minutes early.
        const start = shift.startsAt.getTime() + drift(position, [-6, -2, 0, 3, 1, -4, 2, -1, 5, -3, 20]) * minuteMs;
        const stop = shift.endsAt.getTime() + drift(position, [4, 0, 9, -2, 12, 1, 6, -40, 3]) * minuteMs;
        punch('startShift', start);
        if (shift.breakMinutes > 0) {
          const breakStart = start + Math.round((stop - start) / 2 / minuteMs) * minuteMs;
          const breakLength = shift.breakMinutes + drift(position, [0, 2, -1, 0, 14, 1, 0]);
          punch('startBreak', breakStart);
          punch('stopBreak', breakStart + breakLength * minuteMs);
        }
        punch('stopShift', stop);
      }
      if (punches.length > 0) await db.insert(shiftPunches).values(punches);
    }
  }
}
