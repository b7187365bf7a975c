// Budgets: a shop's month read beside last year (the same weekday 364 days earlier), saved by its total (spread over
// the open days by last year's weekday shape, to the cent) or by its days (the total follows), sent to the shop's
// staff (notified; the to-do counts it; sending again unchanged is §8 "budget already sent"), confirmed by them, and
// edited again after confirmation (sent and confirmed again). Progress from the kept per-day totals. Scoped to the
// viewer's shops, behind each ability, bad input 422, every move audited.
import { roundingOptions } from '@bottega/contracts/budgets';
import { addDays, isoWeekday } from '@bottega/contracts/dates';
import { and, asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  api,
  chooseShop,
  createTestApp,
  createUserWithAbilities,
  findShopId,
  findUserId,
  signIn,
  type TestApp,
} from '../../../test/harness';
import { auditLog } from '../../platform/audit.schema';
import { notifications } from '../notifications/notifications.schema';
import { salesDays } from '../sales/sales.schema';
import { budgetDays, budgets } from './budgets.schema';
import { seedDemoBudgets } from './budgets.seed';

let test: TestApp;
let manager: string;
let employee: string;
const shopIds: Record<string, number> = {};
const month = '2026-03';

/** Last year's takings by ISO weekday, Monday first: Sunday closed, Saturday the best day. */
const lastYearByWeekday = [100_00, 120_00, 110_00, 130_00, 200_00, 300_00, 0];

async function seedLastYear(shopId: number) {
  // From 1 March 2025 to 1 April 2025: last year's March and every day 364 days before one of this March.
  const rows = [];
  for (let date = '2025-03-01'; date <= '2025-04-01'; date = addDays(date, 1)) {
    const cents = lastYearByWeekday[isoWeekday(date) - 1] as number;
    if (cents > 0)
      rows.push({ shopId, businessDate: date, takingsCents: cents, receiptsCount: cents / 500, pieces: cents / 250 });
  }
  await test.db.insert(salesDays).values(rows);
}

const put = (shop: string, body: unknown, token = manager) =>
  api(test.app, { method: 'PUT', url: `/api/budgets/${shopIds[shop]}/${month}`, token, body });
const post = (path: string, token = manager) => api(test.app, { method: 'POST', url: path, token, body: {} });
const get = (url: string, token = manager) => api(test.app, { url, token });
const targets = { averageReceiptCents: 52_00, piecesPerReceipt: 210 };

beforeAll(async () => {
  // Thursday 12 March 2026.
  test = await createTestApp({ CLOCK_START: '2026-03-12T15:00:00+01:00' });
  for (const code of ['MI01', 'MI02', 'TO01', 'NA01']) shopIds[code] = await findShopId(test.db, code);
  await seedLastYear(shopIds.MI01 as number);
  // This month's takings so far in Milan: 400 € a day from the 2nd (Monday), 250 € today so far.
  await test.db.insert(salesDays).values([
    ...['2026-03-02', '2026-03-03', '2026-03-04', '2026-03-05', '2026-03-06', '2026-03-07'].map((businessDate) => ({
      shopId: shopIds.MI01 as number,
      businessDate,
      takingsCents: 400_00,
    })),
    { shopId: shopIds.MI01 as number, businessDate: '2026-03-12', takingsCents: 250_00 },
  ]);
  // Area Controllo: Milano Duomo, Milano Navigli, Torino Centro. Dipendente: Milano Duomo and Navigli.
  manager = await signIn(test.app, 'areacontrollo');
  employee = await signIn(test.app, 'dipendente');
  await chooseShop(test.app, employee, 'MI01');
});
afterAll(() => test?.close());

describe('a shop’s month beside last year', () => {
  it('shows every day with last year’s same weekday, the closed Sundays, last year’s month and targets', async () => {
    const response = await get(`/api/budgets/${shopIds.MI01}/${month}`);
    expect(response.statusCode).toBe(200);
    const { data } = response.json();
    expect(data.state).toBe('none');
    expect(data.days).toHaveLength(31);
    // Monday 2 March 2026 compares with Monday 3 March 2025.
    const monday = data.days.find((day: { date: string }) => day.date === '2026-03-02');
    expect(monday).toMatchObject({ open: true, lastYearDate: '2025-03-03', lastYearCents: 100_00, cents: 0 });
    expect(data.days.find((day: { date: string }) => day.date === '2026-03-01')).toMatchObject({ open: false });
    // March 2025: 5 Mondays (3…31) and 5 Saturdays (1…29), 4 of every other open weekday.
    expect(data.lastYear).toMatchObject({
      month: '2025-03',
      takingsCents: 5 * (100_00 + 300_00) + 4 * (120_00 + 110_00 + 130_00 + 200_00),
    });
    expect(data.lastYear.averageReceiptCents).toBe(500);
    expect(data.lastYear.piecesPerReceipt).toBe(200);
    expect(data.shape).toEqual(lastYearByWeekday);
  });
});

describe('saving, sending and confirming', () => {
  it('spreads a month’s total over the open days by last year’s shape, to the cent, and audits it', async () => {
    const response = await put('MI01', { salesCents: 12_345_67, ...targets, notes: 'Saldi dal 7' });
    expect(response.statusCode).toBe(200);
    const { data } = response.json();
    expect(data.state).toBe('created');
    expect(data.salesCents).toBe(12_345_67);
    const days = data.days as { date: string; open: boolean; cents: number }[];
    expect(days.reduce((sum, day) => sum + day.cents, 0)).toBe(12_345_67);
    expect(days.filter((day) => !day.open).every((day) => day.cents === 0)).toBe(true);
    // A Saturday weighs three Mondays.
    const saturday = days.find((day) => day.date === '2026-03-07')?.cents as number;
    const monday = days.find((day) => day.date === '2026-03-09')?.cents as number;
    expect(Math.abs(saturday - 3 * monday)).toBeLessThanOrEqual(3);
    const [audit] = await test.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity, 'budget'), eq(auditLog.action, 'budget.created')));
    expect(audit).toMatchObject({ fromState: 'none', toState: 'created' });
  });

  it('keeps a whole amount the rounding prompt offers, spread to the cent', async () => {
    const [toTheEuro] = roundingOptions(12_345_67);
    expect(toTheEuro).toBe(12_346_00);
    const { data } = (await put('MI01', { salesCents: toTheEuro, ...targets, notes: 'Saldi dal 7' })).json();
    expect(data.salesCents).toBe(12_346_00);
    expect(data.days.reduce((sum: number, day: { cents: number }) => sum + day.cents, 0)).toBe(12_346_00);
  });

  it('makes the total follow when a day is edited', async () => {
    const current = (await get(`/api/budgets/${shopIds.MI01}/${month}`)).json().data;
    const days = current.days.map((day: { date: string; cents: number }) =>
      day.date === '2026-03-14'
        ? { date: day.date, cents: day.cents + 1_000_00 }
        : { date: day.date, cents: day.cents },
    );
    const { data } = (await put('MI01', { days, ...targets, notes: 'Saldi dal 7' })).json();
    expect(data.salesCents).toBe(12_346_00 + 1_000_00);
    expect(data.state).toBe('created');
  });

  it('sends to the shop’s staff, who are notified and find it waiting; unchanged, it is already sent', async () => {
    const sent = await post(`/api/budgets/${shopIds.MI01}/${month}/send`);
    expect(sent.statusCode).toBe(200);
    expect(sent.json().data.state).toBe('sent');
    const [notification] = await test.db
      .select()
      .from(notifications)
      .where(
        and(eq(notifications.userId, await findUserId(test.db, 'dipendente')), eq(notifications.kind, 'budgets.sent')),
      );
    expect(notification?.link).toBe(`/app/shop/manage/budget/convalidate?month=${month}`);
    const dashboard = (await get('/api/dashboard', employee)).json().data;
    expect(dashboard.todos).toContainEqual({
      key: 'budgetToConfirm',
      count: 1,
      oldest: '2026-03-01',
      link: `/app/shop/manage/budget/convalidate?month=${month}`,
    });
    const again = await post(`/api/budgets/${shopIds.MI01}/${month}/send`);
    expect(again.statusCode).toBe(409);
    expect(again.json().code).toBe('budgetAlreadySent');
    // Nothing else of the month waits to be sent.
    expect((await post(`/api/budgets/send?month=${month}`)).json().data.sent).toBe(0);
  });

  it('is confirmed by the shop’s staff, once', async () => {
    const seen = (await get(`/api/budgets/sent?month=${month}`, employee)).json().data;
    expect(seen).toMatchObject({ state: 'sent', salesCents: 13_346_00, shopCode: 'MI01' });
    const confirmed = await post(`/api/budgets/${shopIds.MI01}/${month}/confirm`, employee);
    expect(confirmed.statusCode).toBe(200);
    expect(confirmed.json().data.state).toBe('confirmed');
    expect(confirmed.json().data.confirmed.by).toBe('Marco Rossi');
    const twice = await post(`/api/budgets/${shopIds.MI01}/${month}/confirm`, employee);
    expect(twice.statusCode).toBe(409);
    expect(twice.json().code).toBe('budgetNotSent');
    const dashboard = (await get('/api/dashboard', employee)).json().data;
    expect(dashboard.todos.map((todo: { key: string }) => todo.key)).not.toContain('budgetToConfirm');
    expect((await post(`/api/budgets/${shopIds.MI01}/${month}/send`)).json().code).toBe('budgetAlreadySent');
  });

  it('needs sending and confirming again once edited after confirmation; a save changing nothing moves nothing', async () => {
    const same = (await get(`/api/budgets/${shopIds.MI01}/${month}`)).json().data;
    const unchanged = await put('MI01', {
      days: same.days.map((day: { date: string; cents: number }) => ({ date: day.date, cents: day.cents })),
      ...targets,
      notes: 'Saldi dal 7',
    });
    expect(unchanged.json().data.state).toBe('confirmed');
    const edited = await put('MI01', { salesCents: 14_000_00, ...targets, notes: 'Saldi dal 7' });
    expect(edited.json().data.state).toBe('edited');
    expect((await get(`/api/budgets/sent?month=${month}`, employee)).json().data).toBeNull();
    expect((await post(`/api/budgets/${shopIds.MI01}/${month}/confirm`, employee)).json().code).toBe('budgetNotSent');
    expect((await post(`/api/budgets/send?month=${month}`)).json().data.sent).toBe(1);
    expect((await post(`/api/budgets/${shopIds.MI01}/${month}/confirm`, employee)).json().data.state).toBe('confirmed');
    const moves = await test.db
      .select({ action: auditLog.action, from: auditLog.fromState, to: auditLog.toState })
      .from(auditLog)
      .where(eq(auditLog.entity, 'budget'))
      .orderBy(asc(auditLog.id));
    expect(moves.map((move) => `${move.action} ${move.from}→${move.to}`)).toEqual([
      'budget.created none→created',
      'budget.edited created→created',
      'budget.edited created→created',
      'budget.sent created→sent',
      'budget.confirmed sent→confirmed',
      'budget.edited confirmed→edited',
      'budget.sent edited→sent',
      'budget.confirmed sent→confirmed',
    ]);
  });

  it('sends every unsent budget of the month at once', async () => {
    for (const shop of ['MI02', 'TO01'])
      expect((await put(shop, { salesCents: 5_000_00, ...targets })).statusCode).toBe(200);
    expect((await post(`/api/budgets/send?month=${month}`)).json().data.sent).toBe(2);
  });
});

describe('progress', () => {
  it('shows today and the month to date against the budget on the shop’s dashboard card', async () => {
    const response = await get('/api/budgets/progress', employee);
    expect(response.statusCode).toBe(200);
    const { data } = response.json();
    const budget = (await get(`/api/budgets/${shopIds.MI01}/${month}`)).json().data;
    const upToToday = budget.days
      .filter((day: { date: string }) => day.date <= '2026-03-12')
      .reduce((sum: number, day: { cents: number }) => sum + day.cents, 0);
    expect(data).toEqual({
      shopId: shopIds.MI01,
      today: '2026-03-12',
      todayCents: 250_00,
      todayBudgetCents: budget.days.find((day: { date: string }) => day.date === '2026-03-12').cents,
      monthToDateCents: 6 * 400_00 + 250_00,
      budgetToDateCents: upToToday,
      monthBudgetCents: 14_000_00,
    });
    // The area manager's card reads the same figures for the shop they chose.
    const managers = await get(`/api/budgets/progress/${shopIds.MI01}`);
    expect(managers.json().data).toEqual(data);
  });

  it('lists the manager’s shops only, sorted by the share of the budget reached, paged', async () => {
    const response = await get(`/api/budgets?month=${month}&sort=progress&perPage=2`);
    expect(response.statusCode).toBe(200);
    const { data, meta } = response.json();
    expect(meta).toEqual({ page: 1, perPage: 2, total: 3 });
    // Milan has takings; Navigli and Turin none yet.
    expect(data.map((row: { shopCode: string }) => row.shopCode)).toEqual(['MI01', 'MI02']);
    expect(data[0]).toMatchObject({ state: 'confirmed', salesCents: 14_000_00, lastYearCents: expect.any(Number) });
    const all = (await get(`/api/budgets?month=${month}`)).json().data;
    expect(all.map((row: { shopCode: string }) => row.shopCode)).toEqual(['MI01', 'MI02', 'TO01']);
  });
});

describe('access', () => {
  it('answers 404 for another shop’s month, to the manager and the staff', async () => {
    expect((await get(`/api/budgets/${shopIds.NA01}/${month}`)).statusCode).toBe(404);
    expect((await put('NA01', { salesCents: 1_00, ...targets })).statusCode).toBe(404);
    expect((await post(`/api/budgets/${shopIds.NA01}/${month}/send`)).statusCode).toBe(404);
    expect((await post(`/api/budgets/${shopIds.NA01}/${month}/confirm`, employee)).statusCode).toBe(404);
    expect((await get(`/api/budgets/progress/${shopIds.NA01}`)).statusCode).toBe(404);
    // Someone seeing every shop sends Naples' month (still none: nothing to send).
    const admin = await signIn(test.app, 'admin');
    expect((await post(`/api/budgets/${shopIds.NA01}/${month}/send`, admin)).statusCode).toBe(404);
  });

  it('refuses each route without its ability', async () => {
    const nobody = await createUserWithAbilities(test.db, ['employees.dashboard'], { shops: ['MI01'] });
    const token = await signIn(test.app, nobody.username);
    await chooseShop(test.app, token, 'MI01');
    for (const response of [
      await get(`/api/budgets?month=${month}`, token),
      await get(`/api/budgets/${shopIds.MI01}/${month}`, token),
      await put('MI01', { salesCents: 1_00, ...targets }, token),
      await post(`/api/budgets/${shopIds.MI01}/${month}/send`, token),
      await post(`/api/budgets/send?month=${month}`, token),
      await post(`/api/budgets/${shopIds.MI01}/${month}/confirm`, token),
      await get(`/api/budgets/sent?month=${month}`, token),
      await get('/api/budgets/progress', token),
      await get(`/api/budgets/progress/${shopIds.MI01}`, token),
      // The staff confirm, they do not set budgets.
      await get(`/api/budgets?month=${month}`, employee),
      await put('MI01', { salesCents: 1_00, ...targets }, employee),
    ]) {
      expect(response.statusCode).toBe(403);
    }
  });

  it('refuses bad input with 422', async () => {
    for (const body of [
      { salesCents: -1, ...targets },
      { salesCents: 10_000_000_01, ...targets },
      { salesCents: 1.5, ...targets },
      { salesCents: 1_00, ...targets, notes: 'a\u0000b' },
      { salesCents: 1_00, ...targets, notes: 'x'.repeat(501) },
      { ...targets },
      { salesCents: 1_00, days: [], ...targets },
      { days: [{ date: '2026-03-01', cents: 1_00 }], ...targets },
      { salesCents: 1_00, averageReceiptCents: -5, piecesPerReceipt: 100 },
    ]) {
      const response = await put('MI02', body);
      expect(response.statusCode, JSON.stringify(body)).toBe(422);
    }
    expect((await get(`/api/budgets/${shopIds.MI01}/2026-13`)).statusCode).toBe(422);
  });
});

describe('the demo', () => {
  it('sets the month of three shops, one in each state, to the hundred euro, the days adding up', async () => {
    await seedDemoBudgets(test.db, { now: new Date('2026-06-10T10:00:00+02:00') });
    const rows = await test.db
      .select({ id: budgets.id, shopId: budgets.shopId, state: budgets.state, salesCents: budgets.salesCents })
      .from(budgets)
      .where(eq(budgets.month, '2026-06'));
    const stateOf = new Map(rows.map((row) => [row.shopId, row.state]));
    expect(stateOf.get(shopIds.MI01 as number)).toBe('sent');
    expect(stateOf.get(shopIds.MI02 as number)).toBe('confirmed');
    expect(stateOf.get(shopIds.TO01 as number)).toBe('created');
    for (const row of rows) {
      expect(row.salesCents % 100_00).toBe(0);
      const days = await test.db.select().from(budgetDays).where(eq(budgetDays.budgetId, row.id));
      expect(days).toHaveLength(30);
      expect(days.reduce((sum, day) => sum + day.cents, 0)).toBe(row.salesCents);
    }
  });
});
