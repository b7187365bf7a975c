// A shop's week grid: read (a week not saved yet lists the shop's shift staff), saved whole while assigned with the
// rules' warnings beside the cells, refused once convalidated, bad input a 422 that stores nothing, another shop's
// week a 404, every save audited.
import type { OwnShiftWeek, ShiftWeek, ShiftWeekBody } from '@bottega/contracts/shifts';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, createTestApp, createUserWithAbilities, findShopId, signIn, type TestApp } from '../../../test/harness';
import { auditLog } from '../../platform/audit.schema';
import { notifications } from '../notifications/notifications.schema';
import { shopClosureDays } from '../shops/shops.schema';
import { userGroupNotifications } from '../user-groups/user-groups.schema';
import { shiftWeekAuditEntity } from './shift-weeks.service';
import { shifts, shiftWeeks } from './shifts.schema';

let test: TestApp;
let managerToken: string;
let viewerToken: string;
let adminToken: string;
let milanId: number;
let naplesId: number;
let anna: number;
let bruno: number;
/** A member of the shop who works no shifts (like the group "Dipendente NO SHIFTS"). */
let carla: number;
let annaToken: string;
let brunoToken: string;
let templateId: number;
let naplesTemplateId: number;

const week = '2026-W48';
const monday = '2026-11-23';
const tuesday = '2026-11-24';

beforeAll(async () => {
  test = await createTestApp();
  milanId = await findShopId(test.db, 'MI01');
  naplesId = await findShopId(test.db, 'NA01');
  const manager = await createUserWithAbilities(
    test.db,
    [
      'shifts.manage.view',
      'shifts.manage.assign',
      'shifts.manage.convalidate',
      'shifts.manage.edit',
      'shifts.manage.rectify',
      'shifts.templates.add',
    ],
    { shops: ['MI01'] },
  );
  const viewer = await createUserWithAbilities(test.db, ['shifts.manage.view'], { shops: ['MI01'] });
  // Anna and Bruno work shifts and read their own; each group hears of its sent weeks in the app.
  const staff = ['employees.popups.startShift', 'shifts.view'] as const;
  const annaUser = await createUserWithAbilities(test.db, staff, { shops: ['MI01'] });
  const brunoUser = await createUserWithAbilities(test.db, staff, { shops: ['MI01'] });
  anna = annaUser.id;
  bruno = brunoUser.id;
  await test.db
    .insert(userGroupNotifications)
    .values(
      [annaUser.groupId, brunoUser.groupId].flatMap((groupId) =>
        ['shifts.weekSent', 'shifts.weekRectified'].map((event) => ({ groupId, event, channels: ['web'] })),
      ),
    );
  [annaToken, brunoToken] = await Promise.all([
    signIn(test.app, annaUser.username),
    signIn(test.app, brunoUser.username),
  ]);
  carla = (await createUserWithAbilities(test.db, ['employees.dashboard'], { shops: ['MI01'] })).id;
  [managerToken, viewerToken, adminToken] = await Promise.all([
    signIn(test.app, manager.username),
    signIn(test.app, viewer.username),
    signIn(test.app, 'admin'),
  ]);
  const day = { start: '09:00', stop: '18:00', breakMinutes: 60 };
  const template = await api(test.app, {
    method: 'POST',
    url: `/api/shops/${milanId}/shift-templates`,
    token: managerToken,
    body: { name: 'Full time 40', weeklyMinutes: 2400, days: [day, day, day, day, day, null, null] },
  });
  templateId = template.json().data.id;
  const naples = await api(test.app, {
    method: 'POST',
    url: `/api/shops/${naplesId}/shift-templates`,
    token: adminToken,
    body: { name: 'Napoli', weeklyMinutes: 2400, days: [day, day, day, day, day, null, null] },
  });
  naplesTemplateId = naples.json().data.id;
});
afterAll(() => test?.close());

const url = (shopId: number, which = week) => `/api/shops/${shopId}/shift-weeks/${which}`;
const shift = (start: string, stop: string, breakMinutes = 60) =>
  ({ kind: 'shift', start, stop, breakMinutes, notes: '' }) as const;

/** Anna on the 40-hour template works Monday to Thursday; Bruno closes on Monday and opens on Tuesday. */
function weekPlan(): ShiftWeekBody {
  return {
    members: [
      { userId: anna, templateId },
      { userId: bruno, templateId: null },
    ],
    cells: [
      ...['2026-11-23', '2026-11-24', '2026-11-25', '2026-11-26'].map((day) => ({
        userId: anna,
        day,
        cell: shift('09:00', '18:00'),
      })),
      { userId: anna, day: '2026-11-27', cell: { kind: 'timeOff', reason: 'holidays', notes: 'Ponte' } },
      { userId: bruno, day: monday, cell: shift('14:00', '23:00') },
      { userId: bruno, day: tuesday, cell: shift('08:00', '13:00', 0) },
    ],
  };
}

async function save(body: unknown, token = managerToken, shopId = milanId, which = week) {
  return api(test.app, { method: 'PUT', url: url(shopId, which), token, body });
}

describe('a shop’s week of shifts', () => {
  it('not saved yet lists the shop’s shift staff, not those who work no shifts, with no cells', async () => {
    const response = await api(test.app, { url: url(milanId, '2026-W50'), token: viewerToken });
    expect(response.statusCode).toBe(200);
    const grid = response.json().data as ShiftWeek;
    expect(grid.state).toBeNull();
    expect(grid.days).toEqual([
      '2026-12-07',
      '2026-12-08',
      '2026-12-09',
      '2026-12-10',
      '2026-12-11',
      '2026-12-12',
      '2026-12-13',
    ]);
    const people = grid.members.map((member) => member.userId);
    expect(people).toEqual(expect.arrayContaining([anna, bruno]));
    expect(people).not.toContain(carla);
    expect(grid.cells).toEqual([]);
  });

  it('is saved whole with its warnings, read back the same, and each save audited', async () => {
    const saved = await save(weekPlan());
    expect(saved.statusCode).toBe(200);
    const grid = saved.json().data as ShiftWeek;
    expect(grid.state).toBe('assigned');
    expect(grid.members).toHaveLength(2);
    expect(grid.members).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ userId: anna, templateId, plannedMinutes: 4 * 480, validatedAt: null }),
        expect.objectContaining({ userId: bruno, templateId: null, plannedMinutes: 480 + 300 }),
      ]),
    );
    expect(grid.cells).toHaveLength(7);
    expect(grid.cells.find((cell) => cell.userId === anna && cell.day === '2026-11-27')?.cell).toEqual({
      kind: 'timeOff',
      reason: 'holidays',
      notes: 'Ponte',
    });
    // Anna plans 32 of her template's 40 hours; Bruno rests 9 hours between Monday and Tuesday.
    expect(grid.warnings).toEqual(
      expect.arrayContaining([
        { employeeId: anna, date: null, code: 'belowTemplate', minutes: 480 },
        { employeeId: bruno, date: tuesday, code: 'shortRest', minutes: 540 },
      ]),
    );
    const read = await api(test.app, { url: url(milanId), token: viewerToken });
    expect(read.json().data).toEqual(grid);

    // Anna's Friday becomes a shift: her template's hours are met.
    const changed = weekPlan();
    changed.cells[4] = { userId: anna, day: '2026-11-27', cell: shift('09:00', '18:00') };
    const again = (await save(changed)).json().data as ShiftWeek;
    expect(again.warnings.filter((warning) => warning.employeeId === anna && warning.code === 'belowTemplate')).toEqual(
      [],
    );
    const audits = await test.db
      .select({ action: auditLog.action })
      .from(auditLog)
      .where(eq(auditLog.entity, shiftWeekAuditEntity));
    expect(audits.map((row) => row.action).sort()).toEqual(['shiftWeek.created', 'shiftWeek.updated']);
  });

  it('answers bad input with a 422 naming the field, and stores nothing', async () => {
    const before = (await api(test.app, { url: url(milanId), token: managerToken })).json().data;
    const cases: [unknown, string][] = [
      [{ ...weekPlan(), members: [{ userId: carla, templateId: null }], cells: [] }, 'members.0.userId'],
      [{ ...weekPlan(), cells: [{ userId: anna, day: '2026-11-30', cell: shift('09:00', '13:00') }] }, 'cells.0.day'],
      [
        {
          ...weekPlan(),
          cells: [
            { userId: anna, day: monday, cell: shift('09:00', '13:00') },
            { userId: anna, day: monday, cell: shift('14:00', '18:00') },
          ],
        },
        'cells.1.day',
      ],
      [{ ...weekPlan(), members: [{ userId: anna, templateId: naplesTemplateId }] }, 'members.0.templateId'],
      [
        { ...weekPlan(), cells: [{ userId: bruno, day: monday, cell: shift('09:00', '13:00') }], members: [] },
        'cells.0.userId',
      ],
    ];
    for (const [body, field] of cases) {
      const refused = await save(body);
      expect(refused.statusCode, field).toBe(422);
      expect(Object.keys(refused.json().errors), field).toContain(field);
    }
    for (const body of [
      { ...weekPlan(), cells: [{ userId: anna, day: monday, cell: { ...shift('09:00', '13:00'), notes: 'a\u0000' } }] },
      { ...weekPlan(), cells: [{ userId: anna, day: monday, cell: { kind: 'timeOff', reason: 'strike', notes: '' } }] },
      { ...weekPlan(), cells: [{ userId: anna, day: monday, cell: shift('9:00', '13:00') }] },
    ]) {
      expect((await save(body)).statusCode).toBe(422);
    }
    expect((await save(weekPlan(), managerToken, milanId, '2025-W53')).statusCode).toBe(422);
    expect((await api(test.app, { url: url(milanId), token: managerToken })).json().data).toEqual(before);
  });

  it('once convalidated is no longer saved through the grid (409)', async () => {
    const members = weekPlan().members;
    expect((await save({ members, cells: [] }, managerToken, milanId, '2026-W49')).statusCode).toBe(200);
    await test.db
      .update(shiftWeeks)
      .set({ state: 'convalidated' })
      .where(and(eq(shiftWeeks.shopId, milanId), eq(shiftWeeks.week, '2026-W49')));
    const refused = await save({ members, cells: [] }, managerToken, milanId, '2026-W49');
    expect(refused.statusCode).toBe(409);
    expect(refused.json().code).toBe('shiftWeekNotEditable');
  });

  it('is refused (403) to someone without the ability', async () => {
    expect((await save(weekPlan(), viewerToken)).statusCode).toBe(403);
    const stranger = await createUserWithAbilities(test.db, ['employees.dashboard'], { shops: ['MI01'] });
    const token = await signIn(test.app, stranger.username);
    expect((await api(test.app, { url: url(milanId), token })).statusCode).toBe(403);
  });

  it('of another shop answers 404', async () => {
    expect((await api(test.app, { url: url(naplesId), token: managerToken })).statusCode).toBe(404);
    expect((await save({ members: [], cells: [] }, managerToken, naplesId)).statusCode).toBe(404);
    expect((await api(test.app, { url: url(naplesId), token: adminToken })).statusCode).toBe(200);
  });

  it('moves assigned → convalidated → sent, each from its own state only, telling people; each validates their own', async () => {
    const which = '2026-W51';
    const move = (action: string, token = managerToken) =>
      api(test.app, { method: 'POST', url: `${url(milanId, which)}/${action}`, token });
    const cells = [
      { userId: anna, day: '2026-12-14', cell: shift('09:00', '18:00') },
      { userId: bruno, day: '2026-12-15', cell: shift('14:00', '20:00', 0) },
    ];
    expect((await save({ members: weekPlan().members, cells }, managerToken, milanId, which)).statusCode).toBe(200);
    expect((await move('send')).json().code).toBe('shiftWeekWrongState');
    expect((await move('convalidate', viewerToken)).statusCode).toBe(403);

    expect((await move('convalidate')).json().data.state).toBe('convalidated');
    expect((await move('convalidate')).statusCode).toBe(409);
    expect((await save({ members: weekPlan().members, cells }, managerToken, milanId, which)).statusCode).toBe(409);
    // Back to editing before it is sent, changed, convalidated again and sent.
    expect((await move('reopen')).json().data.state).toBe('assigned');
    expect(
      (await save({ members: weekPlan().members, cells: cells.slice(0, 1) }, managerToken, milanId, which)).statusCode,
    ).toBe(200);
    await move('convalidate');
    const sent = await move('send');
    expect(sent.json().data.state).toBe('sent');
    const told = await test.db
      .select({ userId: notifications.userId, params: notifications.params })
      .from(notifications)
      .where(eq(notifications.kind, 'shifts.weekSent'));
    expect(told.map((row) => row.userId).sort()).toEqual([anna, bruno].sort());
    expect(told[0]?.params).toEqual({ shop: 'Milano Duomo', week: which });

    // Anna sees her week with her own cells and validates it once; Bruno's stays to validate.
    const own = (await api(test.app, { url: '/api/me/shift-weeks', token: annaToken })).json().data as OwnShiftWeek[];
    const mine = own.find((entry) => entry.week === which) as OwnShiftWeek;
    expect(mine).toMatchObject({ shop: { id: milanId }, plannedMinutes: 480, validatedAt: null });
    expect(mine.cells).toEqual([{ day: '2026-12-14', cell: shift('09:00', '18:00') }]);
    const validated = await api(test.app, {
      method: 'POST',
      url: `/api/me/shift-weeks/${mine.weekId}/validate`,
      token: annaToken,
    });
    expect(validated.json().data.validatedAt).not.toBeNull();
    const again = await api(test.app, {
      method: 'POST',
      url: `/api/me/shift-weeks/${mine.weekId}/validate`,
      token: annaToken,
    });
    expect(again.json().data.validatedAt).toBe(validated.json().data.validatedAt);
    const grid = (await api(test.app, { url: url(milanId, which), token: managerToken })).json().data as ShiftWeek;
    expect(grid.members.find((member) => member.userId === bruno)?.validatedAt).toBeNull();
    expect(grid.members.find((member) => member.userId === anna)?.validatedAt).not.toBeNull();

    // Someone not in the week, and a week not sent, answer 404.
    const outsider = await createUserWithAbilities(test.db, ['shifts.view'], { shops: ['MI01'] });
    const outsiderToken = await signIn(test.app, outsider.username);
    const url404 = `/api/me/shift-weeks/${mine.weekId}/validate`;
    expect((await api(test.app, { method: 'POST', url: url404, token: outsiderToken })).statusCode).toBe(404);
    const assigned = (await api(test.app, { url: url(milanId), token: managerToken })).json();
    expect(assigned.data.state).toBe('assigned');
    const ownBruno = (await api(test.app, { url: '/api/me/shift-weeks', token: brunoToken })).json()
      .data as OwnShiftWeek[];
    expect(ownBruno.map((entry) => entry.week)).toEqual([which]);

    const moves = await test.db
      .select({ action: auditLog.action, fromState: auditLog.fromState, toState: auditLog.toState })
      .from(auditLog)
      .where(and(eq(auditLog.entity, shiftWeekAuditEntity), eq(auditLog.entityId, String(mine.weekId))));
    expect(moves.map((row) => row.action).sort()).toEqual(
      [
        'shiftWeek.convalidate',
        'shiftWeek.convalidate',
        'shiftWeek.created',
        'shiftWeek.reopen',
        'shiftWeek.send',
        'shiftWeek.updated',
        'shiftWeek.validatedByEmployee',
      ].sort(),
    );
  });

  it('once sent is rectified with a reason: unchanged cells keep their rows, the people changed validate again', async () => {
    const which = '2026-W51';
    const rectify = (body: unknown, token = managerToken, shopId = milanId, target = which) =>
      api(test.app, { method: 'PUT', url: `${url(shopId, target)}/rectification`, token, body });
    const [annaShift] = await test.db.select().from(shifts).where(eq(shifts.day, '2026-12-14'));
    const annaCell = { userId: anna, day: '2026-12-14', cell: shift('09:00', '18:00') };
    const members = weekPlan().members;
    const reason = 'Bruno copre il mercoledì';

    // The assigned week of W48 is saved through its grid, not rectified.
    expect((await rectify({ ...weekPlan(), reason }, managerToken, milanId, week)).json().code).toBe(
      'shiftWeekWrongState',
    );
    expect((await rectify({ members, cells: [annaCell] })).statusCode).toBe(422);
    expect((await rectify({ members, cells: [annaCell], reason }, viewerToken)).statusCode).toBe(403);
    expect((await rectify({ members: [], cells: [], reason }, managerToken, naplesId)).statusCode).toBe(404);

    const brunoCell = { userId: bruno, day: '2026-12-16', cell: shift('10:00', '16:00', 30) };
    const rectified = await rectify({ members, cells: [annaCell, brunoCell], reason });
    expect(rectified.statusCode).toBe(200);
    const grid = rectified.json().data as ShiftWeek;
    expect(grid.state).toBe('sent');
    expect(grid.cells).toHaveLength(2);
    // Anna's day is the same row, and her validation stands; Bruno is told why his week changed.
    const [sameShift] = await test.db.select().from(shifts).where(eq(shifts.day, '2026-12-14'));
    expect(sameShift?.id).toBe(annaShift?.id);
    expect(grid.members.find((member) => member.userId === anna)?.validatedAt).not.toBeNull();
    const toldOf = async (userId: number) =>
      test.db
        .select({ params: notifications.params })
        .from(notifications)
        .where(and(eq(notifications.userId, userId), eq(notifications.kind, 'shifts.weekRectified')));
    expect(await toldOf(bruno)).toEqual([{ params: { shop: 'Milano Duomo', week: which, reason } }]);
    expect(await toldOf(anna)).toEqual([]);

    // Anna's day changes: she validates again.
    const later = await rectify({
      members,
      cells: [{ ...annaCell, cell: shift('10:00', '19:00') }, brunoCell],
      reason: 'Apertura posticipata',
    });
    expect(
      later.json().data.members.find((member: { userId: number }) => member.userId === anna).validatedAt,
    ).toBeNull();
    expect(await toldOf(anna)).toHaveLength(1);
    const audited = await test.db
      .select({ reason: auditLog.reason })
      .from(auditLog)
      .where(eq(auditLog.action, 'shiftWeek.rectified'));
    expect(audited.map((row) => row.reason)).toEqual([reason, 'Apertura posticipata']);
  });

  it('is listed with every shop the viewer sees in the overview, a page at a time', async () => {
    const overview = (query: string, token: string) =>
      api(test.app, { url: `/api/shift-weeks/overview?${query}`, token });
    expect((await overview(`week=${week}`, managerToken)).statusCode).toBe(403);
    const overseer = await createUserWithAbilities(test.db, ['shifts.manage.overview'], { shops: ['MI01'] });
    const token = await signIn(test.app, overseer.username);
    const own = (await overview(`week=${week}`, token)).json();
    expect(own.meta.total).toBe(1);
    expect(own.data).toEqual([
      expect.objectContaining({ shop: expect.objectContaining({ id: milanId }), state: 'assigned', members: 2 }),
    ]);
    expect((await overview('week=2026-W50', token)).json().data[0]).toMatchObject({ state: null, members: 0 });
    const all = (await overview(`week=${week}&perPage=2`, adminToken)).json();
    expect(all.data).toHaveLength(2);
    expect(all.meta.total).toBeGreaterThan(2);
    expect((await overview('week=2026-W60', token)).statusCode).toBe(422);
  });

  it('proposes a grid from the week before or the templates, everybody off on the shop’s closed days', async () => {
    const previous = '2026-W47';
    const cells = [
      { userId: anna, day: '2026-11-16', cell: shift('08:00', '14:00', 0) },
      { userId: bruno, day: '2026-11-18', cell: shift('13:00', '20:00', 30) },
    ];
    expect((await save({ members: weekPlan().members, cells }, managerToken, milanId, previous)).statusCode).toBe(200);
    const propose = (from: string, token = managerToken, shopId = milanId) =>
      api(test.app, { url: `${url(shopId)}/proposal?from=${from}`, token });
    // Closed for inventory on Wednesday 25: Bruno's Wednesday of the week before does not carry over.
    await test.db.insert(shopClosureDays).values({ shopId: milanId, day: '2026-11-25', reason: 'Inventario' });
    const grid = (await api(test.app, { url: url(milanId), token: managerToken })).json().data as ShiftWeek;
    expect(grid.closedDays).toContainEqual({ day: '2026-11-25', reason: 'Inventario' });
    const closed = grid.closedDays.map((closure) => closure.day);
    const offs = (members: number[]) =>
      members.flatMap((userId) =>
        closed.map((day) => ({ userId, day, cell: { kind: 'timeOff', reason: 'shopClosed', notes: '' } as const })),
      );
    const sorted = (list: ShiftWeekBody['cells']) =>
      [...list].sort((a, b) => a.userId - b.userId || a.day.localeCompare(b.day));

    const fromPrevious = (await propose('previousWeek')).json().data as ShiftWeekBody;
    expect(fromPrevious.members).toEqual(expect.arrayContaining(weekPlan().members));
    expect(fromPrevious.cells).toEqual(
      sorted([
        ...[
          { userId: anna, day: '2026-11-23', cell: shift('08:00', '14:00', 0) },
          { userId: bruno, day: '2026-11-25', cell: shift('13:00', '20:00', 30) },
        ].filter((cell) => !closed.includes(cell.day)),
        ...offs([anna, bruno]),
      ]),
    );
    const fromTemplates = (await propose('templates')).json().data as ShiftWeekBody;
    expect(fromTemplates.cells).toEqual(
      sorted([
        ...grid.days
          .slice(0, 5)
          .filter((day) => !closed.includes(day))
          .map((day) => ({ userId: anna, day, cell: shift('09:00', '18:00') })),
        ...offs([anna, bruno]),
      ]),
    );
    expect((await propose('nowhere')).statusCode).toBe(422);
    expect((await propose('templates', viewerToken)).statusCode).toBe(403);
    expect((await propose('templates', managerToken, naplesId)).statusCode).toBe(404);
  });

  it('of another shop is not moved (404)', async () => {
    const response = await api(test.app, { method: 'POST', url: `${url(naplesId)}/convalidate`, token: managerToken });
    expect(response.statusCode).toBe(404);
  });
});
