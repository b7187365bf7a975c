// The time clock's watch: with the business clock set by the worker, a shift not started after the grace, a late
// start, a break longer than planned and an early stop are each told once to the holders of that §6 notification in
// the shop, after the shop's own grace (shops.shift_grace_minutes, 5 unless changed); a week not sent is not watched.
import { and, asc, eq, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, createTestApp, createUserWithAbilities, findShopId, signIn, type TestApp } from '../../../test/harness';
import { createJobWorker } from '../../platform/jobs';
import { jobs } from '../../platform/jobs.schema';
import { notifications } from '../notifications/notifications.schema';
import { userGroupNotifications } from '../user-groups/user-groups.schema';
import { shiftPunches } from './shifts.schema';

let test: TestApp;
let anna: number;
let milanId: number;
/** The area manager: told of every shift alert of the shop, in the app. */
let manager: number;
let adminToken: string;

beforeAll(async () => {
  test = await createTestApp();
  milanId = await findShopId(test.db, 'MI01');
  const managerUser = await createUserWithAbilities(
    test.db,
    [
      'shifts.manage.view',
      'shifts.manage.assign',
      'shifts.manage.convalidate',
      'shifts.notifications.lateStart',
      'shifts.notifications.notStarted',
      'shifts.notifications.earlyStop',
      'shifts.notifications.lateBreakEnd',
    ],
    { shops: ['MI01'] },
  );
  manager = managerUser.id;
  await test.db.insert(userGroupNotifications).values(
    ['lateStart', 'notStarted', 'earlyStop', 'lateBreakEnd'].map((kind) => ({
      groupId: managerUser.groupId,
      event: `shifts.notifications.${kind}`,
      channels: ['web'],
    })),
  );
  anna = (await createUserWithAbilities(test.db, ['employees.popups.startShift'], { shops: ['MI01'] })).id;
  const token = await signIn(test.app, managerUser.username);
  adminToken = await signIn(test.app, 'admin');
  // Anna works 09:00–18:00 with an hour's break from Monday 14 to Wednesday 16 December (sent) and on Monday 21
  // (only assigned).
  for (const [week, days, send] of [
    ['2026-W51', ['2026-12-14', '2026-12-15', '2026-12-16'], true],
    ['2026-W52', ['2026-12-21'], false],
  ] as const) {
    const url = `/api/shops/${milanId}/shift-weeks/${week}`;
    const cell = { kind: 'shift', start: '09:00', stop: '18:00', breakMinutes: 60, notes: '' };
    await api(test.app, {
      method: 'PUT',
      url,
      token,
      body: {
        members: [{ userId: anna, templateId: null }],
        cells: days.map((day) => ({ userId: anna, day, cell })),
      },
    });
    for (const action of send ? ['convalidate', 'send'] : []) {
      await api(test.app, { method: 'POST', url: `${url}/${action}`, token });
    }
  }
});
afterAll(() => test?.close());

/** Runs the watch with the business clock at `at` (Rome time, +01:00 in December). */
async function watchAt(at: string) {
  const instant = new Date(at);
  await test.db.insert(jobs).values({ kind: 'shifts.alertsCheck', runAt: instant, maxAttempts: 3 });
  await createJobWorker({ db: test.db, now: () => instant, log: test.app.log, config: test.config }).drain();
}

/** Sets Milan's grace through the shop's form (PUT /api/shops/:id with the shop as it is). */
async function setGrace(minutes: number) {
  const shop = (await api(test.app, { url: `/api/shops/${milanId}`, token: adminToken })).json().data;
  const saved = await api(test.app, {
    method: 'PUT',
    url: `/api/shops/${milanId}`,
    token: adminToken,
    body: { ...shop, shiftGraceMinutes: minutes },
  });
  expect(saved.statusCode, saved.body).toBe(200);
  expect(saved.json().data.shiftGraceMinutes).toBe(minutes);
}

async function punchAt(step: string, at: string) {
  await test.db
    .insert(shiftPunches)
    .values({ userId: anna, shopId: milanId, step, at: new Date(at), confirmedBy: 'password' });
}

async function told() {
  const rows = await test.db
    .select({ kind: notifications.kind, params: notifications.params })
    .from(notifications)
    .where(and(eq(notifications.userId, manager), like(notifications.kind, 'shifts.notifications.%')))
    .orderBy(asc(notifications.id));
  return rows.map((row) => [row.kind.replace('shifts.notifications.', ''), (row.params as { time: string }).time]);
}

describe('the time clock’s watch', () => {
  it('tells of a missing start, a late start, a long break and an early stop, each once', async () => {
    await watchAt('2026-12-14T09:04:00+01:00');
    expect(await told()).toEqual([]);
    await watchAt('2026-12-14T09:06:00+01:00');
    await watchAt('2026-12-14T09:10:00+01:00');
    expect(await told()).toEqual([['notStarted', '09:00']]);

    await punchAt('startShift', '2026-12-14T09:20:00+01:00');
    await watchAt('2026-12-14T09:21:00+01:00');
    await punchAt('startBreak', '2026-12-14T13:00:00+01:00');
    // Within the hour's break and its grace: nothing; past it, the break is long even before it ends.
    await watchAt('2026-12-14T14:04:00+01:00');
    expect((await told()).map(([kind]) => kind)).toEqual(['notStarted', 'lateStart']);
    await watchAt('2026-12-14T14:06:00+01:00');
    await punchAt('stopBreak', '2026-12-14T14:12:00+01:00');
    await punchAt('stopShift', '2026-12-14T17:00:00+01:00');
    await watchAt('2026-12-14T17:01:00+01:00');
    await watchAt('2026-12-14T17:30:00+01:00');
    expect(await told()).toEqual([
      ['notStarted', '09:00'],
      ['lateStart', '09:20'],
      ['lateBreakEnd', '14:00'],
      ['earlyStop', '17:00'],
    ]);
  });

  it('waits for the shop’s own grace: a quarter of an hour, then none at all', async () => {
    await setGrace(15);
    const before = (await told()).length;
    // Tuesday: 14 minutes after the start is within Milan's quarter of an hour, not missing, and a start then not late.
    await watchAt('2026-12-15T09:14:00+01:00');
    await punchAt('startShift', '2026-12-15T09:14:00+01:00');
    await watchAt('2026-12-15T09:16:00+01:00');
    expect(await told()).toHaveLength(before);

    // Wednesday, no grace: missing at 09:00 sharp, and a start at 09:01 is late.
    await setGrace(0);
    await watchAt('2026-12-16T08:59:00+01:00');
    expect(await told()).toHaveLength(before);
    await watchAt('2026-12-16T09:00:00+01:00');
    await punchAt('startShift', '2026-12-16T09:01:00+01:00');
    await watchAt('2026-12-16T09:02:00+01:00');
    expect((await told()).slice(before)).toEqual([
      ['notStarted', '09:00'],
      ['lateStart', '09:01'],
    ]);
    await setGrace(5);
  });

  it('leaves a week not sent alone', async () => {
    const before = (await told()).length;
    await watchAt('2026-12-21T10:00:00+01:00');
    expect(await told()).toHaveLength(before);
  });
});
