// Shift analytics: a crafted week of Milano Duomo (sent, two people, punches written as the time clock would have)
// answers the figures worked out by hand, the same as contracts' dayFigures; the shops one works in against every
// shop; 403 without the ability, 404 for another shop, 422 for a bad period; the payroll files in CSV and XLSX.
import {
  addFigures,
  type DayPunch,
  dayFigures,
  emptyFigures,
  type ShiftAnalyticsRow,
} from '@bottega/contracts/shift-analytics';
import { romeInstant, shiftSpan } from '@bottega/contracts/shifts';
import { and, eq, sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  api,
  createGroup,
  createTestApp,
  createUser,
  createUserWithAbilities,
  findShopId,
  signIn,
  type TestApp,
} from '../../../test/harness';
import { shiftPunches } from './shifts.schema';

/** Wednesday 2 December 2026, 10:00 in Rome: the week of 23 November is over. */
const clockStart = '2026-12-02T10:00:00+01:00';

let test: TestApp;
let milanId: number;
let naplesId: number;
let anna: number;
let bruno: number;
let viewerToken: string;
let fullToken: string;

const shift = (userId: number, day: string, start: string, stop: string, breakMinutes: number) => ({
  userId,
  day,
  cell: { kind: 'shift', start, stop, breakMinutes, notes: '' },
});
const off = (userId: number, day: string, reason: string) => ({
  userId,
  day,
  cell: { kind: 'timeOff', reason, notes: '' },
});

/** The punches of the week, by person, day and shop: [step, HH:MM]. */
const punched: { user: () => number; shop: () => number; day: string; steps: [DayPunch['step'], string][] }[] = [
  {
    user: () => anna,
    shop: () => milanId,
    day: '2026-11-23',
    steps: [
      ['startShift', '09:12'],
      ['startBreak', '13:00'],
      ['stopBreak', '14:00'],
      ['stopShift', '18:30'],
    ],
  },
  {
    user: () => anna,
    shop: () => milanId,
    day: '2026-11-24',
    steps: [
      ['startShift', '09:04'],
      ['stopShift', '13:00'],
    ],
  },
  // Sunday, not planned: all overtime.
  {
    user: () => anna,
    shop: () => milanId,
    day: '2026-11-29',
    steps: [
      ['startShift', '10:00'],
      ['stopShift', '12:00'],
    ],
  },
  // Never stopped: flagged, counted up to the start of the break.
  {
    user: () => bruno,
    shop: () => milanId,
    day: '2026-11-23',
    steps: [
      ['startShift', '14:00'],
      ['startBreak', '17:00'],
    ],
  },
  // In Naples that week: out of Milan's figures.
  {
    user: () => bruno,
    shop: () => naplesId,
    day: '2026-11-25',
    steps: [
      ['startShift', '09:00'],
      ['stopShift', '17:00'],
    ],
  },
];

beforeAll(async () => {
  test = await createTestApp({ CLOCK_START: clockStart });
  milanId = await findShopId(test.db, 'MI01');
  naplesId = await findShopId(test.db, 'NA01');
  const staff = await createGroup(test.db, ['employees.popups.startShift', 'shifts.view']);
  anna = (await createUser(test.db, { groups: [staff.id], shops: ['MI01'], name: 'Anna', surname: 'Bianchi' })).id;
  bruno = (await createUser(test.db, { groups: [staff.id], shops: ['MI01', 'NA01'], name: 'Bruno', surname: 'Rossi' }))
    .id;
  const manager = await createUserWithAbilities(
    test.db,
    ['shifts.manage.view', 'shifts.manage.assign', 'shifts.manage.convalidate'],
    { shops: ['MI01', 'NA01'] },
  );
  const managerToken = await signIn(test.app, manager.username);
  const weeks = [
    {
      shopId: milanId,
      members: [anna, bruno],
      cells: [
        shift(anna, '2026-11-23', '09:00', '18:00', 60),
        shift(anna, '2026-11-24', '09:00', '13:00', 0),
        off(anna, '2026-11-25', 'holidays'),
        off(anna, '2026-11-26', 'disease'),
        shift(anna, '2026-11-27', '09:00', '18:00', 60),
        shift(bruno, '2026-11-23', '14:00', '20:00', 0),
        off(bruno, '2026-11-28', 'permission'),
      ],
    },
    { shopId: naplesId, members: [bruno], cells: [shift(bruno, '2026-11-25', '09:00', '17:00', 60)] },
  ];
  for (const week of weeks) {
    const url = `/api/shops/${week.shopId}/shift-weeks/2026-W48`;
    const saved = await api(test.app, {
      method: 'PUT',
      url,
      token: managerToken,
      body: { members: week.members.map((userId) => ({ userId, templateId: null })), cells: week.cells },
    });
    if (saved.statusCode !== 200) throw new Error(saved.body);
    for (const action of ['convalidate', 'send']) {
      const moved = await api(test.app, { method: 'POST', url: `${url}/${action}`, token: managerToken });
      if (moved.statusCode !== 200) throw new Error(moved.body);
    }
  }
  // A week planned but never sent plans nothing.
  await api(test.app, {
    method: 'PUT',
    url: `/api/shops/${milanId}/shift-weeks/2026-W47`,
    token: managerToken,
    body: {
      members: [{ userId: anna, templateId: null }],
      cells: [shift(anna, '2026-11-20', '09:00', '18:00', 60)],
    },
  });
  await test.db.insert(shiftPunches).values(
    punched.flatMap((day) =>
      day.steps.map(([step, time]) => ({
        userId: day.user(),
        shopId: day.shop(),
        step,
        at: new Date(romeInstant(day.day, time)),
        confirmedBy: 'password',
      })),
    ),
  );
  viewerToken = await signIn(
    test.app,
    (await createUserWithAbilities(test.db, ['shifts.analytics.view'], { shops: ['MI01'] })).username,
  );
  fullToken = await signIn(test.app, (await createUserWithAbilities(test.db, ['shifts.analytics.full'])).username);
});
afterAll(() => test?.close());

const get = (url: string, token = viewerToken, lng?: string) => api(test.app, { url, token, lng });

/** The figures the rules give for Milan's week, worked out through contracts' dayFigures. */
function expectedMilanFigures() {
  const plans = new Map<string, Parameters<typeof dayFigures>[0]['planned']>([
    [`${anna}/2026-11-23`, { kind: 'shift', startsAt: romeInstant('2026-11-23', '09:00'), plannedMinutes: 480 }],
    [`${anna}/2026-11-24`, { kind: 'shift', startsAt: romeInstant('2026-11-24', '09:00'), plannedMinutes: 240 }],
    [`${anna}/2026-11-25`, { kind: 'timeOff', reason: 'holidays' }],
    [`${anna}/2026-11-26`, { kind: 'timeOff', reason: 'disease' }],
    [`${anna}/2026-11-27`, { kind: 'shift', startsAt: romeInstant('2026-11-27', '09:00'), plannedMinutes: 480 }],
    [`${bruno}/2026-11-23`, { kind: 'shift', startsAt: romeInstant('2026-11-23', '14:00'), plannedMinutes: 360 }],
    [`${bruno}/2026-11-28`, { kind: 'timeOff', reason: 'permission' }],
  ]);
  const milanDays = punched.filter((day) => day.shop() === milanId);
  const keys = new Set([...plans.keys(), ...milanDays.map((day) => `${day.user()}/${day.day}`)]);
  let total = emptyFigures();
  for (const key of keys) {
    const [user, date] = key.split('/') as [string, string];
    const punches =
      milanDays
        .find((day) => `${day.user()}/${day.day}` === key)
        ?.steps.map(([step, time]) => ({ step, at: romeInstant(date, time) })) ?? [];
    total = addFigures(
      total,
      dayFigures({
        planned: plans.get(`${user}/${date}`) ?? null,
        punches,
        graceMinutes: 5,
        now: Date.parse(clockStart),
        today: false,
        past: true,
      }),
    );
  }
  return total;
}

describe('shift analytics', () => {
  it('answers a crafted week’s figures, the same as the rules worked out day by day', async () => {
    const response = await get(`/api/shift-analytics/summary?period=2026-W48&shopId=${milanId}`);
    expect(response.statusCode, response.body).toBe(200);
    const summary = response.json().data;
    const byHand = {
      plannedMinutes: 480 + 240 + 480 + 360,
      // Anna: 09:12–13:00 and 14:00–18:30 (498), 09:04–13:00 (236), Sunday 120; Bruno up to his break (180).
      workedMinutes: 498 + 236 + 120 + 180,
      overtimeMinutes: 18 + 120,
      latenessMinutes: 12,
      lateDays: 1,
      missedShifts: 1,
      openDays: 1,
      absences: { shopClosed: 0, holidays: 1, disease: 1, permission: 1, notOnShift: 0 },
    };
    expect(summary.totals).toEqual(byHand);
    expect(expectedMilanFigures()).toEqual(byHand);
    expect(shiftSpan({ date: '2026-11-23', start: '09:00', stop: '18:00', breakMinutes: 60 }).worked).toBe(480);
    expect(summary).toMatchObject({ from: '2026-11-23', to: '2026-11-29', unit: 'day', employees: 2 });
    expect(summary.series.map((point: { key: string }) => point.key)).toEqual([
      '2026-11-23',
      '2026-11-24',
      '2026-11-25',
      '2026-11-26',
      '2026-11-27',
      '2026-11-28',
      '2026-11-29',
    ]);
    expect(summary.series[0]).toMatchObject({ plannedMinutes: 840, workedMinutes: 678, latenessMinutes: 12 });
  });

  it('groups by employee, shop, week and month, a page at a time', async () => {
    const rows = async (query: string, token = viewerToken) => {
      const prefix = token === fullToken ? '/api/shift-analytics/all-shops' : '/api/shift-analytics';
      const response = await get(`${prefix}/rows?${query}`, token);
      expect(response.statusCode, response.body).toBe(200);
      return response.json() as { data: ShiftAnalyticsRow[]; meta: { total: number } };
    };
    const employees = await rows('period=2026-W48');
    expect(employees.data.map((row) => row.label)).toEqual(['Anna Bianchi', 'Bruno Rossi']);
    expect(employees.data[0]).toMatchObject({
      id: anna,
      plannedMinutes: 1200,
      workedMinutes: 854,
      overtimeMinutes: 138,
    });
    // The shops one works in: Bruno's day in Naples is not Milan's viewer's.
    expect(employees.data[1]).toMatchObject({ id: bruno, workedMinutes: 180, openDays: 1 });
    expect((await rows('period=2026-W48&perPage=1&page=2')).data.map((row) => row.id)).toEqual([bruno]);
    expect((await rows('period=2026-W48&perPage=1&page=2')).meta.total).toBe(2);
    expect((await rows('period=2026-W48&perPage=1&page=5')).meta.total).toBe(2);

    const everyShop = await rows('period=2026-11&groupBy=shop', fullToken);
    expect(everyShop.data.map((row) => [row.id, row.workedMinutes])).toEqual([
      [milanId, 1034],
      [naplesId, 480],
    ]);
    // The shops one works in: Milan only.
    expect((await rows('period=2026-11&groupBy=shop')).data.map((row) => row.id)).toEqual([milanId]);
    const weeks = await rows('from=2026-11-01&to=2026-12-06&groupBy=week');
    // Week 47 was planned but never sent: it plans nothing and has no row.
    expect(weeks.data.map((row) => [row.key, row.plannedMinutes])).toEqual([['2026-W48', 1560]]);
    // The chart's series has every month of the range, the empty ones too.
    const year = (await get('/api/shift-analytics/summary?from=2026-01-01&to=2026-12-31')).json().data;
    expect(year.unit).toBe('month');
    expect(year.series).toHaveLength(12);
    expect(year.series[0]).toMatchObject({ key: '2026-01', plannedMinutes: 0 });
    expect(year.series[10]).toMatchObject({ key: '2026-11', plannedMinutes: 1560 });
    const months = await rows('from=2026-01-01&to=2026-12-31&groupBy=month');
    expect(months.data.map((row) => [row.key, row.plannedMinutes])).toEqual([['2026-11', 1560]]);
  });

  it('counts today’s unfinished shift up to the business clock’s now', async () => {
    await test.db.insert(shiftPunches).values({
      userId: anna,
      shopId: milanId,
      step: 'startShift',
      at: new Date('2026-12-02T09:00:00+01:00'),
      confirmedBy: 'password',
    });
    const totals = (await get(`/api/shift-analytics/summary?period=2026-W49&shopId=${milanId}`)).json().data.totals;
    expect(totals.workedMinutes).toBeGreaterThanOrEqual(60);
    expect(totals.workedMinutes).toBeLessThan(75);
    expect(totals).toMatchObject({ openDays: 1, overtimeMinutes: totals.workedMinutes, missedShifts: 0 });
  });

  it('refuses without the ability (403), another shop (404) and a bad period (422)', async () => {
    const stranger = await signIn(
      test.app,
      (await createUserWithAbilities(test.db, ['shifts.manage.view'], { shops: ['MI01'] })).username,
    );
    expect((await get('/api/shift-analytics/summary?period=2026-W48', stranger)).statusCode).toBe(403);
    expect((await get('/api/shift-analytics/all-shops/summary?period=2026-W48')).statusCode).toBe(403);
    expect((await get('/api/shift-reports/monthly/2026-11?format=csv')).statusCode).toBe(403);
    expect((await get(`/api/shift-analytics/summary?period=2026-W48&shopId=${naplesId}`)).statusCode).toBe(404);
    expect((await get(`/api/shift-analytics/rows?period=2026-W48&shopId=${naplesId}`)).statusCode).toBe(404);
    expect(
      (await get('/api/shift-analytics/all-shops/summary?period=2026-W48&shopId=99999', fullToken)).statusCode,
    ).toBe(404);
    expect(
      (await get(`/api/shift-analytics/all-shops/summary?period=2026-W48&shopId=${naplesId}`, fullToken)).statusCode,
    ).toBe(200);
    for (const query of [
      'period=2026-W54',
      'period=novembre',
      'from=2026-03-01&to=2026-02-01',
      'from=2025-01-01&to=2026-06-30',
      'from=2026-01-01',
      '',
      'period=2026-11&groupBy=day',
      'period=2026-11&perPage=1000',
    ]) {
      const response = await get(`/api/shift-analytics/rows?${query}`);
      expect(response.statusCode, query).toBe(422);
      expect(response.json().code).toBe('validation');
    }
    const tooLong = await get('/api/shift-analytics/summary?from=2025-01-01&to=2026-06-30', viewerToken, 'en');
    expect(tooLong.json().errors.to).toEqual(['At most 366 days at a time.']);
    expect((await get('/api/shift-analytics/export?period=2026-11&format=pdf')).statusCode).toBe(422);
  });

  it('exports the figures per employee as CSV, headings in the caller’s language', async () => {
    const response = await get(`/api/shift-analytics/export?period=2026-W48&shopId=${milanId}&format=csv`, viewerToken);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(response.headers['content-disposition']).toContain('2026-W48');
    expect(response.body.startsWith('\uFEFF')).toBe(true);
    const lines = response.body.slice(1).trim().split('\r\n');
    expect(lines[0]?.split(';').slice(0, 5)).toEqual([
      'Matricola',
      'Dipendente',
      'Negozi',
      'Ore pianificate',
      'Ore lavorate',
    ]);
    // Anna: planned 20 h, worked 854 min = 14,23 h, overtime 2,30 h, 12 minutes late once, one shift missed.
    expect(lines[1]?.split(';')).toEqual([
      '',
      'Anna Bianchi',
      'Milano Duomo',
      '20,00',
      '14,23',
      '2,30',
      '12',
      '1',
      '1',
      '0',
      '0',
      '1',
      '1',
      '0',
      '0',
    ]);
    const english = await get(`/api/shift-analytics/export?period=2026-W48&format=csv`, viewerToken, 'en');
    expect(english.body.split('\r\n')[0]).toContain('Worked hours');
  });

  it('exports an XLSX workbook that reads back with the same figures', async () => {
    const response = await get(`/api/shift-analytics/all-shops/export?period=2026-11&format=xlsx`, fullToken, 'de');
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['content-type']).toBe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(response.rawPayload as unknown as ArrayBuffer);
    const sheet = workbook.worksheets[0];
    if (!sheet) throw new Error('no sheet');
    expect(sheet.getRow(1).getCell(5).value).toBe('Gearbeitete Stunden');
    expect(sheet.rowCount).toBe(3);
    const bruno = sheet.getRow(3).values as unknown[];
    // Bruno: Milan up to his break (3 h, open) and Naples 8 h; 6 h planned in Milan, 7 in Naples.
    expect(bruno.slice(2, 8)).toEqual(['Bruno Rossi', 'Milano Duomo, Napoli Toledo', 13, 11, 1, 0]);
  });

  it('gives the payroll consultant the week’s and the month’s reports', async () => {
    const accounting = await signIn(
      test.app,
      (
        await createUserWithAbilities(test.db, [
          'employees.analytics.weeklyReports',
          'employees.analytics.monthlyReports',
          'shops.manage.viewAllList',
        ])
      ).username,
    );
    const monthly = await get('/api/shift-reports/monthly/2026-11?format=csv', accounting);
    expect(monthly.statusCode, monthly.body).toBe(200);
    expect(monthly.body).toContain('Bruno Rossi;Milano Duomo, Napoli Toledo;13,00;11,00;1,00');
    const weekly = await get(`/api/shift-reports/weekly/2026-W48?format=xlsx&shopId=${milanId}`, accounting);
    expect(weekly.statusCode).toBe(200);
    expect((await get('/api/shift-reports/monthly/2026-13?format=csv', accounting)).statusCode).toBe(422);
    expect((await get('/api/shift-reports/weekly/2026-W48?format=csv', viewerToken)).statusCode).toBe(403);
  });

  it('keeps its day table in step as punches and sent weeks are set right', async () => {
    const summary = async () =>
      (await get(`/api/shift-analytics/summary?period=2026-W48&shopId=${milanId}`)).json().data.totals;
    const before = await summary();
    const rectifier = await signIn(
      test.app,
      (await createUserWithAbilities(test.db, ['shifts.manage.rectify', 'shifts.manage.view'], { shops: ['MI01'] }))
        .username,
    );
    // Anna was in at 09:02 on Monday, not 09:12: within the grace, ten minutes more worked.
    const [start] = await test.db
      .select({ id: shiftPunches.id })
      .from(shiftPunches)
      .where(and(eq(shiftPunches.userId, anna), eq(shiftPunches.at, new Date(romeInstant('2026-11-23', '09:12')))));
    const rectified = await api(test.app, {
      method: 'POST',
      url: `/api/shift-punches/${start?.id}/rectification`,
      token: rectifier,
      body: { at: '2026-11-23T09:02:00+01:00', reason: 'Timbratura dimenticata' },
    });
    expect(rectified.statusCode, rectified.body).toBe(200);
    const afterPunch = await summary();
    expect(afterPunch).toMatchObject({
      latenessMinutes: 0,
      lateDays: 0,
      workedMinutes: before.workedMinutes + 10,
      overtimeMinutes: before.overtimeMinutes + 10,
    });
    // Friday taken out of Anna's sent week: nothing planned, nothing missed.
    const week = (await get(`/api/shops/${milanId}/shift-weeks/2026-W48`, rectifier)).json().data;
    const changed = await api(test.app, {
      method: 'PUT',
      url: `/api/shops/${milanId}/shift-weeks/2026-W48/rectification`,
      token: rectifier,
      body: {
        members: week.members.map((member: { userId: number }) => ({ userId: member.userId, templateId: null })),
        cells: week.cells.filter(
          (cell: { userId: number; day: string }) => !(cell.userId === anna && cell.day === '2026-11-27'),
        ),
        reason: 'Venerdì a casa',
      },
    });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(await summary()).toMatchObject({
      plannedMinutes: afterPunch.plannedMinutes - 480,
      missedShifts: 0,
      workedMinutes: afterPunch.workedMinutes,
    });
    // What the triggers kept is what a rebuild from scratch gives.
    const snapshot = async () =>
      (
        (await test.db.execute(sql`SELECT * FROM shift_days ORDER BY user_id, shop_id, day`)) as unknown as {
          rows: unknown[];
        }
      ).rows;
    const kept = await snapshot();
    await test.db.execute(sql`SELECT shift_days_rebuild()`);
    expect(await snapshot()).toEqual(kept);
    expect(kept.length).toBeGreaterThan(5);
  });
});
