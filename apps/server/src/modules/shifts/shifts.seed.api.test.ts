import { and, eq, gte } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, createTestApp, findShopId, signIn, type TestApp } from '../../../test/harness';
import { shiftPunches, shifts, shiftWeekMembers, shiftWeeks } from './shifts.schema';
import { seedDemoShifts } from './shifts.seed';

let test: TestApp;
/** Thursday 2026-11-26, 10:00 in Rome: week 2026-W48 under way. */
const now = new Date('2026-11-26T09:00:00Z');

beforeAll(async () => {
  test = await createTestApp();
  await seedDemoShifts(test.db, { now });
}, 60_000);
afterAll(async () => {
  await test?.close();
});

describe('demo shifts', () => {
  it('sends the last four weeks and this one, leaves next week to plan, and punches only the days before today', async () => {
    const shopId = await findShopId(test.db, 'MI01');
    const weeks = await test.db.select().from(shiftWeeks).where(eq(shiftWeeks.shopId, shopId));
    expect(weeks.map((week) => week.week).sort()).toEqual(['2026-W44', '2026-W45', '2026-W46', '2026-W47', '2026-W48']);
    expect(new Set(weeks.map((week) => week.state))).toEqual(new Set(['sent']));
    const current = weeks.find((week) => week.week === '2026-W48');
    const members = await test.db
      .select()
      .from(shiftWeekMembers)
      .where(eq(shiftWeekMembers.weekId, current?.id ?? 0));
    expect(members.length).toBeGreaterThan(0);
    expect(members.some((member) => member.validatedAt === null)).toBe(true);
    const fromToday = await test.db
      .select()
      .from(shiftPunches)
      .where(and(eq(shiftPunches.shopId, shopId), gte(shiftPunches.at, new Date('2026-11-25T23:00:00Z'))));
    expect(fromToday).toEqual([]);
    const planned = await test.db
      .select()
      .from(shifts)
      .where(and(eq(shifts.weekId, current?.id ?? 0), eq(shifts.kind, 'shift')));
    expect(planned.length).toBeGreaterThan(0);
  });

  it('reads as a sent, validated week through the API', async () => {
    const shopId = await findShopId(test.db, 'MI01');
    const token = await signIn(test.app, 'admin');
    const response = await api(test.app, { url: `/api/shops/${shopId}/shift-weeks/2026-W47`, token });
    expect(response.statusCode).toBe(200);
    const week = response.json().data;
    expect(week.state).toBe('sent');
    // Within the shop's opening hours, each person planned in one shop only: nothing to warn of.
    expect(week.warnings.map((warning: { code: string; date: string }) => `${warning.code} ${warning.date}`)).toEqual(
      [],
    );
    expect(week.cells.length).toBeGreaterThan(0);
    expect(week.members.every((member: { validatedAt: string | null }) => member.validatedAt !== null)).toBe(true);
  });
});
