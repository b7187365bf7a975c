// Next week's working hours made by themselves on Thursday: this week's people and templates laid on next week, "shop
// closed" on the closures and closed weekdays, a shop without opening hours named and left alone, a week already
// there untouched; audited, and the holders of "working hours generated" told once.
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  api,
  createTestApp,
  createUserWithAbilities,
  findShopId,
  findUserId,
  signIn,
  type TestApp,
} from '../../../test/harness';
import { auditLog } from '../../platform/audit.schema';
import { notifications } from '../notifications/notifications.schema';
import { shopWorkingHours } from '../shops/shops.schema';
import { generateNextWeeks } from './shifts.generate';
import { shiftWeeks } from './shifts.schema';

/** Thursday 17 December 2026, 06:00 in Rome: next week is 2026-W52, with Christmas and Santo Stefano closed. */
const now = new Date('2026-12-17T05:00:00Z');

let test: TestApp;
let managerToken: string;
let milanId: number;
let anna: number;

beforeAll(async () => {
  test = await createTestApp();
  milanId = await findShopId(test.db, 'MI01');
  const manager = await createUserWithAbilities(
    test.db,
    ['shifts.manage.view', 'shifts.manage.assign', 'shifts.manage.convalidate', 'shifts.templates.add'],
    { shops: ['MI01', 'MI02'] },
  );
  anna = (await createUserWithAbilities(test.db, ['employees.popups.startShift', 'shifts.view'], { shops: ['MI01'] }))
    .id;
  // Somebody to plan in Turin, whose opening hours are gone.
  await createUserWithAbilities(test.db, ['employees.popups.startShift'], { shops: ['TO01'] });
  await test.db.delete(shopWorkingHours).where(eq(shopWorkingHours.shopId, await findShopId(test.db, 'TO01')));
  managerToken = await signIn(test.app, manager.username);
  const template = await api(test.app, {
    method: 'POST',
    url: `/api/shops/${milanId}/shift-templates`,
    token: managerToken,
    body: {
      name: 'Mattina 20 h',
      weeklyMinutes: 20 * 60,
      days: Array.from({ length: 7 }, (_, day) =>
        day < 5 ? { start: '10:00', stop: '14:00', breakMinutes: 0 } : null,
      ),
    },
  });
  expect(template.statusCode).toBe(201);
  // This week in Milan: Anna on the template.
  const saved = await api(test.app, {
    method: 'PUT',
    url: `/api/shops/${milanId}/shift-weeks/2026-W51`,
    token: managerToken,
    body: { members: [{ userId: anna, templateId: template.json().data.id }], cells: [] },
  });
  expect(saved.statusCode).toBe(200);
  // Navigli plans next week itself.
  const navigli = await api(test.app, {
    method: 'PUT',
    url: `/api/shops/${await findShopId(test.db, 'MI02')}/shift-weeks/2026-W52`,
    token: managerToken,
    body: { members: [], cells: [] },
  });
  expect(navigli.statusCode).toBe(200);
});
afterAll(() => test?.close());

describe('generated working hours', () => {
  it('lays this week’s templates on next week with the shop closed on its closed days, and tells the admins', async () => {
    const result = await generateNextWeeks(test.db, now);
    expect(result.week).toBe('2026-W52');
    expect(result.generated).toContain('Milano Duomo');
    expect(result.generated).not.toContain('Milano Navigli');
    expect(result.withoutHours).toEqual(['Torino Centro']);

    const week = (
      await api(test.app, { url: `/api/shops/${milanId}/shift-weeks/2026-W52`, token: managerToken })
    ).json().data;
    expect(week.state).toBe('assigned');
    const annaCells = week.cells.filter((cell: { userId: number }) => cell.userId === anna);
    expect(
      annaCells.map((cell: { day: string; cell: { kind: string; start?: string; reason?: string } }) => [
        cell.day,
        cell.cell.kind === 'shift' ? cell.cell.start : cell.cell.reason,
      ]),
    ).toEqual([
      ['2026-12-21', '10:00'],
      ['2026-12-22', '10:00'],
      ['2026-12-23', '10:00'],
      ['2026-12-24', '10:00'],
      ['2026-12-25', 'shopClosed'],
      ['2026-12-26', 'shopClosed'],
      ['2026-12-27', 'shopClosed'],
    ]);
    const audited = await test.db.select().from(auditLog).where(eq(auditLog.action, 'shiftWeek.generated'));
    expect(audited.map((entry) => (entry.data as { shopId: number }).shopId)).toContain(milanId);
    expect(audited.every((entry) => entry.actorId === null && entry.toState === 'assigned')).toBe(true);

    const told = await test.db
      .select()
      .from(notifications)
      .where(
        and(
          eq(notifications.userId, await findUserId(test.db, 'admin')),
          eq(notifications.kind, 'adminNotifications.workingHoursGenerated'),
        ),
      );
    expect(told).toHaveLength(1);
    expect(told[0]?.params).toMatchObject({ week: '2026-W52', withoutHours: 'Torino Centro' });
    expect(told[0]?.link).toBe('/app/employeesShift/overview?week=2026-W52');
  });

  it('does nothing twice: a week already there is left as it is', async () => {
    const again = await generateNextWeeks(test.db, now);
    expect(again.generated).toEqual([]);
    const weeks = await test.db
      .select()
      .from(shiftWeeks)
      .where(and(eq(shiftWeeks.shopId, milanId), eq(shiftWeeks.week, '2026-W52')));
    expect(weeks).toHaveLength(1);
  });
});
