// The shop tablet's time clock: today's shift staff with their planned shift, and each step punched at the business
// clock's time once the person is confirmed present; a wrong password writes no punch, a step out of order is refused,
// a break tells the shop's holders of "break started", a start or a stop queues the watch at once, every punch audited
// and told live to the shop's tablets.
import { shopChannel } from '@bottega/contracts/notifications';
import { type TimeClockPerson, timeClockChangedEvent } from '@bottega/contracts/shifts';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  api,
  chooseShop,
  createTestApp,
  createUserWithAbilities,
  demoPassword,
  findShopId,
  signIn,
  type TestApp,
} from '../../../test/harness';
import { auditLog } from '../../platform/audit.schema';
import { jobs } from '../../platform/jobs.schema';
import { notifications } from '../notifications/notifications.schema';
import { shiftPunches } from './shifts.schema';
import { shiftPunchAuditEntity } from './time-clock.service';

/** Monday 14 December 2026, 08:55 in Rome: Anna's shift starts at 09:00. */
const clockStart = '2026-12-14T08:55:00+01:00';

let test: TestApp;
let tabletToken: string;
let anna: number;
let carla: number;
let milanId: number;

beforeAll(async () => {
  test = await createTestApp({ CLOCK_START: clockStart });
  milanId = await findShopId(test.db, 'MI01');
  const manager = await createUserWithAbilities(
    test.db,
    ['shifts.manage.view', 'shifts.manage.assign', 'shifts.manage.convalidate'],
    { shops: ['MI01'] },
  );
  anna = (await createUserWithAbilities(test.db, ['employees.popups.startShift', 'shifts.view'], { shops: ['MI01'] }))
    .id;
  carla = (await createUserWithAbilities(test.db, ['shifts.view'], { shops: ['MI01'] })).id;
  const tablet = await createUserWithAbilities(test.db, ['shifts.view'], { shops: ['MI01'] });
  tabletToken = await signIn(test.app, tablet.username);
  await chooseShop(test.app, tabletToken, 'MI01');
  // The week of 14 December, sent to its people: Anna works 09:00–18:00 on Monday.
  const managerToken = await signIn(test.app, manager.username);
  const week = `/api/shops/${milanId}/shift-weeks/2026-W51`;
  const saved = await api(test.app, {
    method: 'PUT',
    url: week,
    token: managerToken,
    body: {
      members: [{ userId: anna, templateId: null }],
      cells: [
        {
          userId: anna,
          day: '2026-12-14',
          cell: { kind: 'shift', start: '09:00', stop: '18:00', breakMinutes: 60, notes: '' },
        },
      ],
    },
  });
  if (saved.statusCode !== 200) throw new Error(saved.body);
  for (const action of ['convalidate', 'send']) {
    await api(test.app, { method: 'POST', url: `${week}/${action}`, token: managerToken });
  }
});
afterAll(() => test?.close());

const clock = () => api(test.app, { url: '/api/time-clock', token: tabletToken });
const step = (userId: number, name: string, password = demoPassword) =>
  api(test.app, {
    method: 'POST',
    url: '/api/time-clock/punches',
    token: tabletToken,
    body: { step: name, presence: { userId, password } },
  });

function annaOn(answer: { people: TimeClockPerson[] }): TimeClockPerson {
  return answer.people.find((person) => person.userId === anna) as TimeClockPerson;
}

describe('the time clock', () => {
  it('shows today’s shift staff with their planned shift, off before they start', async () => {
    const response = await clock();
    expect(response.statusCode).toBe(200);
    expect(response.json().data.day).toBe('2026-12-14');
    // The business clock's now, for the tablet to measure lateness by.
    expect(Date.parse(response.json().data.now) - Date.parse(clockStart)).toBeLessThan(10 * 60_000);
    expect(annaOn(response.json().data)).toMatchObject({
      planned: { start: '09:00', stop: '18:00', breakMinutes: 60 },
      state: 'off',
      punches: [],
    });
    expect(response.json().data.people.map((person: TimeClockPerson) => person.userId)).not.toContain(carla);
  });

  it('writes no punch for a wrong password', async () => {
    const refused = await step(anna, 'startShift', 'not-her-password');
    expect(refused.statusCode).toBe(422);
    expect(refused.json().code).toBe('wrongPassword');
    expect(await test.db.select().from(shiftPunches).where(eq(shiftPunches.userId, anna))).toEqual([]);
  });

  it('punches start, break, end of break and stop in order, at the server’s time, refusing a step out of order', async () => {
    const publish = vi.spyOn(test.app.realtime, 'publish');
    const started = await step(anna, 'startShift');
    expect(started.statusCode).toBe(201);
    const person = started.json().data as TimeClockPerson;
    expect(person.state).toBe('working');
    expect(person.punches[0]).toMatchObject({ step: 'startShift', confirmedBy: 'password' });
    // The business clock's time (08:55 plus the seconds this test took), not the machine's.
    const at = Date.parse(person.punches[0]?.at ?? '');
    expect(at - Date.parse(clockStart)).toBeGreaterThanOrEqual(0);
    expect(at - Date.parse(clockStart)).toBeLessThan(10 * 60_000);

    expect((await step(anna, 'startShift')).json().code).toBe('punchOutOfOrder');
    expect((await step(anna, 'stopBreak')).statusCode).toBe(409);
    expect((await step(anna, 'startBreak')).json().data.state).toBe('onBreak');
    expect((await step(anna, 'stopShift')).json().code).toBe('punchOutOfOrder');
    expect((await step(anna, 'stopBreak')).json().data.state).toBe('working');
    const stopped = (await step(anna, 'stopShift')).json().data as TimeClockPerson;
    expect(stopped.state).toBe('off');
    expect(stopped.punches.map((punch) => punch.step)).toEqual(['startShift', 'startBreak', 'stopBreak', 'stopShift']);
    expect(annaOn((await clock()).json().data).state).toBe('off');
    // Each punch told the shop's tablets once it was written; the refused ones told nothing.
    const pushes = publish.mock.calls.filter(([, event]) => event === timeClockChangedEvent);
    publish.mockRestore();
    expect(pushes).toHaveLength(4);
    expect(pushes.every(([channel]) => channel === shopChannel(milanId))).toBe(true);
    // The start and the stop each queued the watch, to tell a late start or an early stop as it is punched.
    const watches = await test.db.select().from(jobs).where(eq(jobs.kind, 'shifts.alertsCheck'));
    expect(watches).toHaveLength(2);

    // The shop's holders of "break started" were told (the administrators among them).
    const told = await test.db
      .select({ params: notifications.params })
      .from(notifications)
      .where(eq(notifications.kind, 'shifts.notifications.breakStarted'));
    expect(told.length).toBeGreaterThan(0);
    expect(told[0]?.params).toMatchObject({ shop: 'Milano Duomo', time: expect.stringMatching(/^0[89]:\d\d$/) });
    const audited = await test.db
      .select({ action: auditLog.action })
      .from(auditLog)
      .where(eq(auditLog.entity, shiftPunchAuditEntity));
    expect(audited).toHaveLength(4);
  });

  it('refuses someone who works no shifts in the shop as a field error', async () => {
    const refused = await step(carla, 'startShift');
    expect(refused.statusCode).toBe(422);
    expect(Object.keys(refused.json().errors)).toEqual(['presence.userId']);
  });

  it('answers bad input with a 422', async () => {
    for (const body of [
      { step: 'lunch', presence: { userId: anna, password: demoPassword } },
      { step: 'startShift', presence: { userId: anna, password: '' } },
      { step: 'startShift', presence: { userId: anna, password: 'a\u0000b' } },
      { step: 'startShift' },
    ]) {
      const response = await api(test.app, {
        method: 'POST',
        url: '/api/time-clock/punches',
        token: tabletToken,
        body,
      });
      expect(response.statusCode, JSON.stringify(body)).toBe(422);
    }
  });

  it('is refused (403) to someone without the ability', async () => {
    const stranger = await createUserWithAbilities(test.db, ['employees.dashboard'], { shops: ['MI01'] });
    const token = await signIn(test.app, stranger.username);
    await chooseShop(test.app, token, 'MI01');
    expect((await api(test.app, { url: '/api/time-clock', token })).statusCode).toBe(403);
  });

  it('has a punch’s time set right with a reason by those allowed, keeping the first time and the day’s order', async () => {
    const [started] = await test.db.select().from(shiftPunches).where(eq(shiftPunches.step, 'startShift'));
    if (!started) throw new Error('no start punched');
    const rectify = (body: unknown, token: string) =>
      api(test.app, { method: 'POST', url: `/api/shift-punches/${started.id}/rectification`, token, body });
    const rectifier = await createUserWithAbilities(test.db, ['shifts.manage.rectify'], { shops: ['MI01'] });
    const token = await signIn(test.app, rectifier.username);
    const reason = 'Ha timbrato in ritardo: era in negozio dalle 8:30';

    expect((await rectify({ at: '2026-12-14T08:30:00+01:00', reason }, tabletToken)).statusCode).toBe(403);
    // After the start of her break: the day's steps would be out of order.
    const [onBreak] = await test.db.select().from(shiftPunches).where(eq(shiftPunches.step, 'startBreak'));
    const afterBreak = new Date((onBreak?.at.getTime() ?? 0) + 1).toISOString();
    expect((await rectify({ at: afterBreak, reason }, token)).json().code).toBe('punchOutOfOrder');
    expect((await rectify({ at: '2026-12-14T23:00:00+01:00', reason }, token)).json().errors.at).toBeDefined();
    expect((await rectify({ at: '2026-12-13T20:00:00+01:00', reason }, token)).json().errors.at).toBeDefined();
    expect((await rectify({ at: '2026-12-14T08:30:00+01:00', reason: '' }, token)).statusCode).toBe(422);
    expect((await rectify({ at: '2026-12-14T08:30:00+01:00', reason: 'a\u0000' }, token)).statusCode).toBe(422);
    expect((await rectify({ at: 'stamattina', reason }, token)).statusCode).toBe(422);

    const first = await rectify({ at: '2026-12-14T08:30:00+01:00', reason }, token);
    expect(first.statusCode).toBe(200);
    expect(first.json().data).toMatchObject({
      at: '2026-12-14T07:30:00.000Z',
      originalAt: started.at.toISOString(),
      rectifyReason: reason,
    });
    const publish = vi.spyOn(test.app.realtime, 'publish');
    const second = await rectify({ at: '2026-12-14T08:40:00+01:00', reason: 'Corretto di nuovo' }, token);
    expect(second.json().data.originalAt).toBe(started.at.toISOString());
    expect(publish).toHaveBeenCalledWith(shopChannel(milanId), timeClockChangedEvent, {
      shopId: milanId,
      userId: anna,
    });
    publish.mockRestore();
    // The tablet shows both times and why.
    expect(annaOn((await clock()).json().data).punches[0]).toMatchObject({
      at: '2026-12-14T07:40:00.000Z',
      originalAt: started.at.toISOString(),
      rectifyReason: 'Corretto di nuovo',
    });
    const audited = await test.db
      .select({ reason: auditLog.reason })
      .from(auditLog)
      .where(eq(auditLog.action, 'shiftPunch.rectified'));
    expect(audited.map((row) => row.reason)).toEqual([reason, 'Corretto di nuovo']);

    // Someone allowed in another shop only does not find it.
    const naples = await createUserWithAbilities(test.db, ['shifts.manage.rectify'], { shops: ['NA01'] });
    expect(
      (await rectify({ at: '2026-12-14T08:35:00+01:00', reason }, await signIn(test.app, naples.username))).statusCode,
    ).toBe(404);
  });
});
