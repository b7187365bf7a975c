// The weekly cash at the API (issue 8, spec §5 "filled only on Sunday evening, after all days are closed"): the
// week's days and sums, the Sunday 18:00 (Rome) opening, days not closed, filled once, the snapshot, the shop's
// weeks and every shop's filled weeks, abilities and shop scope. The days' reports are inserted directly (the
// daily report's routes are tested on their own); the days' sales come through the sales feed's ingestion.
import type { WeeklyCash } from '@bottega/contracts/cash-register';
import { formatMoney } from '@bottega/contracts/money';
import type { ReceiptRecordInput } from '@bottega/contracts/sales';
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
import { deposits } from '../deposits/deposits.schema';
import { expenseAuthorisations, expenses } from '../expenses/expenses.schema';
import { ingestReceipts } from '../sales/sales-ingest.service';
import { cashReports, weeklyCash } from './cash-register.schema';
import { weeklyCashOpensAt } from './weekly-cash.service';

let test: TestApp;
let adminToken: string;
let adminId: number;
let milanId: number;
let turinId: number;
let naplesId: number;
let romeId: number;

/** The week of the tests: Monday 16 to Sunday 22 November 2026 (Rome on winter time, +01:00). */
const week = '2026-W47';
const weekDays = ['2026-11-16', '2026-11-17', '2026-11-18', '2026-11-19', '2026-11-20', '2026-11-21', '2026-11-22'];

/** Runs the business clock as if it were `instant` now (the routes read currentTime(app.config)). */
function setClock(instant: string) {
  test.config.clockOffsetMs = Date.parse(instant) - Date.now();
}

let receiptNumber = 0;
/** One cash sale of `cents` on the day, through the sales feed's ingestion (so the day has sales). */
async function sellOn(shopId: number, date: string, cents = 1000) {
  receiptNumber += 1;
  const receipt: ReceiptRecordInput = {
    registerCode: 'R1',
    businessDate: date,
    issuedAt: `${date}T11:00:00+01:00`,
    receiptNumber,
    sequenceNumber: receiptNumber,
    type: 'sale',
    totalCents: cents,
    pieces: 1,
    lines: [{ productCode: 'P1', quantity: 1, unitPriceCents: cents, subtotalCents: cents, vatRate: 2200 }],
    payments: [{ method: 'cash', amountCents: cents }],
  };
  const result = await ingestReceipts({ db: test.db, shopId, clientId: null, records: [receipt], lng: 'it' });
  expect(result.accepted).toBe(1);
}

type Figures = { total: number; pos: number; cash: number; fund?: number };

/** The day's report as the shop's staff left it. */
async function report(shopId: number, date: string, status: 'open' | 'partial' | 'closed', figures: Figures) {
  const [row] = await test.db
    .insert(cashReports)
    .values({
      shopId,
      businessDate: date,
      status,
      totalCents: figures.total,
      posSubtotalCents: figures.pos,
      dailyCashCents: figures.cash,
      cashFundCents: figures.fund ?? 20000,
      closedBy: status === 'closed' ? adminId : null,
      closedAt: status === 'closed' ? new Date(`${date}T20:00:00+01:00`) : null,
    })
    .returning({ id: cashReports.id });
  return (row as { id: number }).id;
}

async function expense(shopId: number, reportId: number, date: string, cents: number) {
  const [authorisation] = await test.db
    .insert(expenseAuthorisations)
    .values({ shopId, description: 'Pulizie', maxAmountCents: 100000, validFrom: date, validTo: date })
    .returning({ id: expenseAuthorisations.id });
  await test.db.insert(expenses).values({
    reportId,
    shopId,
    authorisationId: (authorisation as { id: number }).id,
    amountCents: cents,
    date,
  });
}

const getWeek = (token: string, shopId: number, which = week) =>
  api(test.app, { url: `/api/shops/${shopId}/weekly-cash/${which}`, token });
const fill = (token: string, shopId: number, body: unknown, which = week, lng?: string) =>
  api(test.app, { method: 'POST', url: `/api/shops/${shopId}/weekly-cash/${which}`, token, body, lng });

/** Milan's week: Monday to Thursday closed, Friday sold without a report, Saturday partial, Sunday shut. */
const closedFigures: Figures[] = [
  { total: 150000, pos: 90000, cash: 58000 },
  { total: 120000, pos: 70000, cash: 49500 },
  { total: 99000, pos: 50000, cash: 47000 },
  { total: 180050, pos: 100050, cash: 79000, fund: 25000 },
];
const reportIds: number[] = [];

beforeAll(async () => {
  test = await createTestApp();
  adminToken = await signIn(test.app, 'admin');
  adminId = await findUserId(test.db, 'admin');
  milanId = await findShopId(test.db, 'MI01');
  turinId = await findShopId(test.db, 'TO01');
  naplesId = await findShopId(test.db, 'NA01');
  romeId = await findShopId(test.db, 'RM01');

  // Milan sold from 1 September (week 36) on, every day of week 47 but Sunday.
  await sellOn(milanId, '2026-09-01');
  for (const date of weekDays.slice(0, 6)) await sellOn(milanId, date);
  for (const [index, figures] of closedFigures.entries()) {
    reportIds.push(await report(milanId, weekDays[index] as string, 'closed', figures));
  }
  await expense(milanId, reportIds[1] as number, weekDays[1] as string, 1500);
  await expense(milanId, reportIds[3] as number, weekDays[3] as string, 2500);
  reportIds.push(await report(milanId, weekDays[5] as string, 'partial', { total: 160000, pos: 80000, cash: 60000 }));
});
afterAll(() => test?.close());

describe('the week and when it opens', () => {
  it('opens on its Sunday at 18:00 Rome time, with the offset in force that evening', () => {
    expect(weeklyCashOpensAt('2026-W47')).toBe('2026-11-22T18:00:00+01:00');
    // The clocks go forward in the night of Sunday 29 March 2026 and back in that of Sunday 25 October 2026.
    expect(weeklyCashOpensAt('2026-W13')).toBe('2026-03-29T18:00:00+02:00');
    expect(weeklyCashOpensAt('2026-W43')).toBe('2026-10-25T18:00:00+01:00');
    expect(weeklyCashOpensAt('2026-W30')).toBe('2026-07-26T18:00:00+02:00');
    // A week across the new year: its Sunday is in January.
    expect(weeklyCashOpensAt('2026-W53')).toBe('2027-01-03T18:00:00+01:00');
  });

  it('shows the seven days with their status and sums only the closed ones', async () => {
    setClock('2026-11-22T12:00:00+01:00');
    const response = await getWeek(adminToken, milanId);
    expect(response.statusCode, response.body).toBe(200);
    const data: WeeklyCash = response.json().data;
    expect(data.shopName).toBe('Milano Duomo');
    expect(data.days.map((day) => [day.businessDate, day.status])).toEqual([
      ['2026-11-16', 'closed'],
      ['2026-11-17', 'closed'],
      ['2026-11-18', 'closed'],
      ['2026-11-19', 'closed'],
      ['2026-11-20', 'missing'],
      ['2026-11-21', 'partial'],
      ['2026-11-22', 'noSales'],
    ]);
    expect(data.days[0]).toMatchObject({ reportId: reportIds[0], totalCents: 150000, posCents: 90000 });
    expect(data.days[5]).toMatchObject({ reportId: reportIds[4], totalCents: 160000, dailyCashCents: 60000 });
    expect(data.days[4]).toMatchObject({ reportId: null, totalCents: 0, cashFundCents: null });
    // Only the four closed days count, and the expenses of their reports.
    expect(data).toMatchObject({
      totalCents: 150000 + 120000 + 99000 + 180050,
      posCents: 90000 + 70000 + 50000 + 100050,
      dailyCashCents: 58000 + 49500 + 47000 + 79000,
      expensesCents: 4000,
      cashFundCents: null,
      // Live until filled: the deposits recorded for the week's days (none yet) and the cash less them.
      depositsCents: 0,
      differenceCents: 58000 + 49500 + 47000 + 79000,
      filledBy: null,
      filledAt: null,
      blockedBy: 'beforeSundayEvening',
      opensAt: '2026-11-22T18:00:00+01:00',
      // The business clock's day: the screen shows the days after it as still to come, and it as in progress.
      today: '2026-11-22',
    });
  });

  it('refuses to be filled before Sunday 18:00 — still at 17:59 — saying from when', async () => {
    setClock('2026-11-22T17:59:00+01:00');
    const response = await fill(adminToken, milanId, { cashFundCents: 20000 });
    expect(response.statusCode, response.body).toBe(409);
    expect(response.json()).toMatchObject({
      code: 'weeklyCashTooEarly',
      message: 'La cassa settimanale si compila da domenica sera (22/11/2026 18:00), a settimana conclusa.',
    });
    const english = await fill(adminToken, milanId, { cashFundCents: 20000 }, week, 'en');
    expect(english.json().message).toBe(
      'The weekly cash is filled from Sunday evening (22/11/2026 18:00), once the week is over.',
    );
    // Earlier in the week too: days still open do not hide that it is too early.
    setClock('2026-11-18T10:00:00+01:00');
    expect((await fill(adminToken, milanId, { cashFundCents: 0 })).json().code).toBe('weeklyCashTooEarly');
  });

  it('from 18:00 refuses while days with sales are not closed, naming them', async () => {
    setClock('2026-11-22T18:00:00+01:00');
    expect((await getWeek(adminToken, milanId)).json().data.blockedBy).toBe('daysNotClosed');
    const response = await fill(adminToken, milanId, { cashFundCents: 20000 });
    expect(response.statusCode, response.body).toBe(409);
    expect(response.json()).toMatchObject({
      code: 'weeklyCashDaysOpen',
      message: 'Prima vanno chiuse tutte le giornate della settimana: mancano 20/11, 21/11.',
    });
    expect(await test.db.select().from(weeklyCash).where(eq(weeklyCash.shopId, milanId))).toHaveLength(0);
  });

  it('validates the figures', async () => {
    const negative = await fill(adminToken, milanId, { cashFundCents: -1 });
    expect(negative.statusCode).toBe(422);
    expect(Object.keys(negative.json().errors)).toEqual(['cashFundCents']);
    const missing = await fill(adminToken, milanId, {});
    expect(missing.statusCode).toBe(422);
    expect((await fill(adminToken, milanId, { cashFundCents: 0, comments: 'x'.repeat(2001) })).statusCode).toBe(422);
    for (const notAWeek of ['2026-W54', '2026-47', '2025-W53', 'x']) {
      const response = await getWeek(adminToken, milanId, notAWeek);
      expect(response.statusCode, notAWeek).toBe(422);
      expect(response.json().errors, notAWeek).toEqual({ week: ['Valore non valido.'] });
    }
  });
});

describe('filling the week', () => {
  const fridayFigures: Figures = { total: 200000, pos: 120000, cash: 80000 };
  const saturday: Figures = { total: 160000, pos: 80000, cash: 60000, fund: 30000 };
  const sums = {
    total: 150000 + 120000 + 99000 + 180050 + fridayFigures.total + saturday.total,
    pos: 90000 + 70000 + 50000 + 100050 + fridayFigures.pos + saturday.pos,
    cash: 58000 + 49500 + 47000 + 79000 + fridayFigures.cash + saturday.cash,
  };
  let filled: WeeklyCash;

  it('stores the closed days’ sums, the fund, the deposits and the difference once every day is closed', async () => {
    reportIds.push(await report(milanId, weekDays[4] as string, 'closed', fridayFigures));
    await test.db
      .update(cashReports)
      .set({ status: 'closed', cashFundCents: saturday.fund })
      .where(eq(cashReports.id, reportIds[4] as number));
    setClock('2026-11-22T18:00:00+01:00');
    const ready = (await getWeek(adminToken, milanId)).json().data as WeeklyCash;
    expect(ready.blockedBy).toBeNull();
    expect(ready.days.map((day) => day.status)).toEqual([...Array(6).fill('closed'), 'noSales']);
    expect(ready.days[5]?.cashFundCents).toBe(30000);

    // The deposits are those recorded for the week's days; the Monday after is another week's.
    await test.db.insert(deposits).values([
      { shopId: milanId, date: weekDays[2] as string, amountCents: 200000 },
      { shopId: milanId, date: weekDays[5] as string, amountCents: 150000 },
      { shopId: milanId, date: '2026-11-23', amountCents: 99900 },
    ]);
    expect((await getWeek(adminToken, milanId)).json().data).toMatchObject({
      depositsCents: 350000,
      differenceCents: sums.cash - 350000,
    });

    // Deposits that differ from the week's cash need a note saying why (a blank one is none): refused, nothing stored.
    for (const comments of [undefined, '   ']) {
      const refused = await fill(adminToken, milanId, { cashFundCents: 30000, comments });
      expect(refused.statusCode).toBe(422);
      expect(refused.json()).toEqual({
        code: 'weeklyCashNoteRequired',
        message: `Tra contanti e versamenti c'è una differenza di ${formatMoney(sums.cash - 350000)}: scrivi nelle note perché.`,
        errors: { comments: ['Campo obbligatorio.'] },
      });
    }
    const english = await fill(adminToken, milanId, { cashFundCents: 30000 }, week, 'en');
    expect(english.json().message).toBe(
      `There is a difference of ${formatMoney(sums.cash - 350000)} between cash and deposits: say why in the notes.`,
    );
    expect(await test.db.select().from(weeklyCash).where(eq(weeklyCash.shopId, milanId))).toHaveLength(0);

    const response = await fill(adminToken, milanId, {
      cashFundCents: 30000,
      comments: '  Versamento del sabato  ',
    });
    expect(response.statusCode, response.body).toBe(201);
    filled = response.json().data;
    expect(filled).toMatchObject({
      week,
      totalCents: sums.total,
      posCents: sums.pos,
      dailyCashCents: sums.cash,
      expensesCents: 4000,
      cashFundCents: 30000,
      depositsCents: 350000,
      // The cash due to the bank (the daily cash, already net of the till's expenses) less what was deposited.
      differenceCents: sums.cash - 350000,
      comments: 'Versamento del sabato',
      filledBy: { id: adminId },
      blockedBy: 'filled',
    });
    expect(filled.filledBy?.name).toMatch(/\S+ \S+/);
    // Filled at the business clock's time (which ticked a little since it was set).
    expect(Math.abs(Date.parse(filled.filledAt as string) - Date.parse('2026-11-22T18:00:00+01:00'))).toBeLessThan(
      60_000,
    );
    expect(filled.days).toHaveLength(7);

    const [row] = await test.db
      .select()
      .from(weeklyCash)
      .where(and(eq(weeklyCash.shopId, milanId), eq(weeklyCash.week, week)));
    expect(row).toMatchObject({ totalCents: sums.total, differenceCents: sums.cash - 350000, filledBy: adminId });
    const [audit] = await test.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity, 'weeklyCash'), eq(auditLog.entityId, String(row?.id))));
    expect(audit).toMatchObject({
      actorId: adminId,
      action: 'weeklyCash.filled',
      fromState: null,
      toState: 'filled',
      data: expect.objectContaining({
        shopId: milanId,
        week,
        depositsCents: 350000,
        dailyCashCents: sums.cash,
        differenceCents: sums.cash - 350000,
        comments: 'Versamento del sabato',
      }),
    });
  });

  it('is filled once: a second time answers weeklyCashFilled', async () => {
    const again = await fill(adminToken, milanId, { cashFundCents: 1 });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({
      code: 'weeklyCashFilled',
      message: 'La cassa settimanale di questa settimana è già stata compilata.',
    });
    // A deposit recorded late for the week does not rewrite what was filled.
    await test.db.insert(deposits).values({ shopId: milanId, date: weekDays[6] as string, amountCents: 100 });
    const shown = (await getWeek(adminToken, milanId)).json().data as WeeklyCash;
    expect(shown).toMatchObject({ blockedBy: 'filled', depositsCents: 350000, cashFundCents: 30000 });
  });

  it('keeps the sums it was filled with when a day is corrected afterwards', async () => {
    await test.db
      .update(cashReports)
      .set({ totalCents: 999999, dailyCashCents: 1 })
      .where(eq(cashReports.id, reportIds[0] as number));
    const shown = (await getWeek(adminToken, milanId)).json().data as WeeklyCash;
    expect(shown).toMatchObject({ totalCents: sums.total, dailyCashCents: sums.cash });
    // The day itself shows what its report says now.
    expect(shown.days[0]?.totalCents).toBe(999999);
    await test.db
      .update(cashReports)
      .set({ totalCents: 150000, dailyCashCents: 58000 })
      .where(eq(cashReports.id, reportIds[0] as number));
  });

  it('lets two people filling at once meet on the unique week: one stores, the other is told it is filled', async () => {
    // Naples' week 47 had no sales and no report: nothing to wait for once Sunday evening has come.
    const answers = await Promise.all([
      fill(adminToken, naplesId, { cashFundCents: 10000 }),
      fill(adminToken, naplesId, { cashFundCents: 20000 }),
    ]);
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([201, 409]);
    expect(answers.find((answer) => answer.statusCode === 409)?.json().code).toBe('weeklyCashFilled');
    expect(
      await test.db
        .select()
        .from(weeklyCash)
        .where(and(eq(weeklyCash.shopId, naplesId), eq(weeklyCash.week, week))),
    ).toHaveLength(1);
    const noSales = (await getWeek(adminToken, naplesId)).json().data as WeeklyCash;
    expect(noSales.days.every((day) => day.status === 'noSales')).toBe(true);
    expect(noSales).toMatchObject({ totalCents: 0, dailyCashCents: 0, differenceCents: 0 });
  });
});

describe("the shop's weeks", () => {
  it('lists the weeks newest first from the current one back to the first with sales, a page at a time', async () => {
    setClock('2026-11-25T09:00:00+01:00'); // Wednesday of week 48
    const first = await api(test.app, { url: `/api/shops/${milanId}/weekly-cash?perPage=5`, token: adminToken });
    expect(first.statusCode, first.body).toBe(200);
    const page = first.json();
    // Weeks 36 (1 September) to 48.
    expect(page.meta).toEqual({ page: 1, perPage: 5, total: 13 });
    expect(page.data.map((item: WeeklyCash) => item.week)).toEqual([
      '2026-W48',
      '2026-W47',
      '2026-W46',
      '2026-W45',
      '2026-W44',
    ]);
    expect(page.data[0]).not.toHaveProperty('days');
    expect(page.data[0]).toMatchObject({
      blockedBy: 'beforeSundayEvening',
      totalCents: 0,
      opensAt: '2026-11-29T18:00:00+01:00',
    });
    expect(page.data[1]).toMatchObject({
      week,
      shopName: 'Milano Duomo',
      blockedBy: 'filled',
      depositsCents: 350000,
      expensesCents: 4000,
      filledBy: { id: adminId },
    });
    // Week 46 had no sales at all: nothing keeps it from being filled.
    expect(page.data[2]).toMatchObject({ blockedBy: null, totalCents: 0, cashFundCents: null });

    const last = await api(test.app, { url: `/api/shops/${milanId}/weekly-cash?perPage=5&page=3`, token: adminToken });
    expect(last.json().data.map((item: WeeklyCash) => item.week)).toEqual(['2026-W38', '2026-W37', '2026-W36']);
    // Week 36 has its 1 September sale without a report.
    expect(last.json().data[2]).toMatchObject({ blockedBy: 'daysNotClosed' });
    const beyond = await api(test.app, {
      url: `/api/shops/${milanId}/weekly-cash?perPage=5&page=4`,
      token: adminToken,
    });
    expect(beyond.json()).toEqual({ data: [], meta: { page: 4, perPage: 5, total: 13 } });
  });

  it('has no weeks for a shop that never sold', async () => {
    const response = await api(test.app, { url: `/api/shops/${romeId}/weekly-cash`, token: adminToken });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ data: [], meta: { page: 1, perPage: 25, total: 0 } });
  });
});

describe('the filled weeks of every shop', () => {
  beforeAll(async () => {
    setClock('2026-11-25T09:00:00+01:00');
    // Turin fills its week 45 (no sales: nothing to close).
    expect((await fill(adminToken, turinId, { cashFundCents: 5000 }, '2026-W45')).statusCode).toBe(201);
  });

  it('lists them newest week first, then by shop, with the shop names', async () => {
    const response = await api(test.app, { url: '/api/weekly-cash', token: adminToken });
    expect(response.statusCode, response.body).toBe(200);
    const body = response.json();
    expect(body.meta).toEqual({ page: 1, perPage: 25, total: 3 });
    expect(body.data.map((item: WeeklyCash) => [item.week, item.shopName])).toEqual([
      ['2026-W47', 'Milano Duomo'],
      ['2026-W47', 'Napoli Toledo'],
      ['2026-W45', 'Torino Centro'],
    ]);
    expect(body.data[0]).toMatchObject({
      blockedBy: 'filled',
      depositsCents: 350000,
      opensAt: '2026-11-22T18:00:00+01:00',
    });
    const paged = await api(test.app, { url: '/api/weekly-cash?perPage=2&page=2', token: adminToken });
    expect(paged.json().data.map((item: WeeklyCash) => item.shopName)).toEqual(['Torino Centro']);
    const milan = await api(test.app, { url: `/api/weekly-cash?shopId=${milanId}`, token: adminToken });
    expect(milan.json().data.map((item: WeeklyCash) => item.shopId)).toEqual([milanId]);
  });

  it('shows a viewer only the shops they belong to', async () => {
    // Area Controllo belongs to MI01, MI02 and TO01.
    const token = await signIn(test.app, 'areacontrollo');
    const response = await api(test.app, { url: '/api/weekly-cash', token });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().data.map((item: WeeklyCash) => item.shopName)).toEqual(['Milano Duomo', 'Torino Centro']);
    expect(response.json().meta.total).toBe(2);
    expect((await api(test.app, { url: `/api/weekly-cash?shopId=${naplesId}`, token })).statusCode).toBe(404);
    // Accounting sees every shop.
    const accounting = await api(test.app, { url: '/api/weekly-cash', token: await signIn(test.app, 'contabilita') });
    expect(accounting.json().meta.total).toBe(3);
  });
});

describe('abilities and shops', () => {
  it('answers 403 without the ability of each route', async () => {
    const viewer = await createUserWithAbilities(test.db, ['shops.cashRegister.view'], { shops: ['MI01'] });
    const token = await signIn(test.app, viewer.username);
    expect((await getWeek(token, milanId)).statusCode).toBe(403);
    expect((await api(test.app, { url: `/api/shops/${milanId}/weekly-cash`, token })).statusCode).toBe(403);
    expect((await api(test.app, { url: '/api/weekly-cash', token })).statusCode).toBe(403);

    // Seeing the weekly cash is not filling it: that takes "close weekly register".
    const seer = await createUserWithAbilities(test.db, ['shops.cashRegister.weekly'], { shops: ['MI01'] });
    const staff = await signIn(test.app, seer.username);
    expect((await getWeek(staff, milanId)).statusCode).toBe(200);
    const refused = await fill(staff, milanId, { cashFundCents: 0 }, '2026-W46');
    expect(refused.statusCode).toBe(403);
    expect(refused.json().code).toBe('forbidden');
  });

  it("answers 404 for another shop's weeks", async () => {
    const member = await createUserWithAbilities(
      test.db,
      ['shops.cashRegister.weekly', 'shops.cashRegister.closeWeekly'],
      { shops: ['MI01'] },
    );
    const token = await signIn(test.app, member.username);
    expect((await getWeek(token, milanId)).statusCode).toBe(200);
    expect((await getWeek(token, naplesId)).statusCode).toBe(404);
    expect((await api(test.app, { url: `/api/shops/${naplesId}/weekly-cash`, token })).statusCode).toBe(404);
    const other = await fill(token, turinId, { cashFundCents: 0 }, '2026-W46');
    expect(other.statusCode).toBe(404);
    expect(
      await test.db
        .select()
        .from(weeklyCash)
        .where(and(eq(weeklyCash.shopId, turinId), eq(weeklyCash.week, '2026-W46'))),
    ).toHaveLength(0);
    // Their own shop they fill.
    expect((await fill(token, milanId, { cashFundCents: 0 }, '2026-W46')).statusCode).toBe(201);
    expect((await getWeek(token, 999999)).statusCode).toBe(404);
  });
});
