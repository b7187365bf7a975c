// Balances: each shop's cash at a day (its latest closed report's cash fund plus the cash to deposit, by the deposits
// module's own statement), the month-end balances generated for an ended month and corrected with a reason, a
// correction surviving a new generation. Scoped to the viewer's shops (another shop answers 404), each route behind
// its ability, audited.
import { and, asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, createTestApp, createUserWithAbilities, findShopId, signIn, type TestApp } from '../../../test/harness';
import { auditLog } from '../../platform/audit.schema';
import { cashReports } from '../cash-register/cash-register.schema';
import { deposits } from '../deposits/deposits.schema';
import { balances } from './balances.schema';

let test: TestApp;
/** Laura Bianchi, Contabilità: every shop, views, generates and edits balances. */
let accountingToken: string;
let turinId: number;

type ShopRow = { shopId: number; cashFundCents: number; cashToDepositCents: number; balanceCents: number };

beforeAll(async () => {
  // The business clock on Thursday 12 March 2026: February is over, March is not.
  test = await createTestApp({ CLOCK_START: '2026-03-12T15:00:00+01:00' });
  accountingToken = await signIn(test.app, 'contabilita');
  turinId = await findShopId(test.db, 'TO01');
  await test.db.insert(cashReports).values([
    { shopId: turinId, businessDate: '2026-02-26', status: 'closed', dailyCashCents: 40_000, cashFundCents: 20_000 },
    { shopId: turinId, businessDate: '2026-02-27', status: 'closed', dailyCashCents: 30_000, cashFundCents: 25_000 },
    // An open day counts neither its cash nor its fund.
    { shopId: turinId, businessDate: '2026-02-28', status: 'open', dailyCashCents: 9_999, cashFundCents: 99_999 },
    { shopId: turinId, businessDate: '2026-03-02', status: 'closed', dailyCashCents: 10_000, cashFundCents: 15_000 },
  ]);
  await test.db.insert(deposits).values({ shopId: turinId, date: '2026-02-27', amountCents: 40_000 });
});
afterAll(() => test?.close());

async function turinAt(date: string, token = accountingToken) {
  const response = await api(test.app, { url: `/api/balances?date=${date}`, token });
  expect(response.statusCode, response.body).toBe(200);
  return response.json().data.shops.find((shop: ShopRow) => shop.shopId === turinId);
}

async function auditOf(id: number) {
  return test.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.entity, 'balance'), eq(auditLog.entityId, String(id))))
    .orderBy(asc(auditLog.id));
}

describe('the balance at a day', () => {
  it('is the latest closed report’s fund plus the cash to deposit, as the cash to deposit says', async () => {
    const turin = await turinAt('2026-02-28');
    expect(turin).toMatchObject({ cashFundCents: 25_000, cashToDepositCents: 30_000, balanceCents: 55_000 });
    expect(turin.stored).toBeNull();
    const cash = await api(test.app, {
      url: '/api/cash-to-deposit?date=2026-02-28&perPage=100',
      token: accountingToken,
    });
    const toDeposit = cash.json().data.find((row: { shopId: number }) => row.shopId === turinId);
    expect(turin.cashToDepositCents).toBe(toDeposit.balanceCents);
    // Before any report: nothing; a later day than today reads as today.
    expect(await turinAt('2026-02-01')).toMatchObject({ cashFundCents: 0, cashToDepositCents: 0, balanceCents: 0 });
    const later = await api(test.app, { url: '/api/balances?date=2027-01-01', token: accountingToken });
    expect(later.json().data).toMatchObject({ date: '2026-03-12', monthEnd: '2026-03-31' });
    const all = (await api(test.app, { url: '/api/balances?date=2026-03-05', token: accountingToken })).json().data;
    expect(all.totals.balanceCents).toBe(
      all.shops.reduce((total: number, shop: ShopRow) => total + shop.balanceCents, 0),
    );
    expect(all.shops.find((shop: ShopRow) => shop.shopId === turinId)).toMatchObject({
      cashFundCents: 15_000,
      cashToDepositCents: 40_000,
      balanceCents: 55_000,
    });
  });
});

describe('month-end balances', () => {
  it('refuses a month not ended yet, localized', async () => {
    const response = await api(test.app, {
      method: 'POST',
      url: '/api/balances/generate',
      token: accountingToken,
      body: { month: '2026-03' },
      headers: { 'accept-language': 'en' },
    });
    expect(response.statusCode).toBe(409);
    expect(response.json()).toMatchObject({ code: 'balanceMonthNotEnded', message: expect.stringMatching(/month/) });
    const malformed = await api(test.app, {
      method: 'POST',
      url: '/api/balances/generate',
      token: accountingToken,
      body: { month: '2026-13' },
    });
    expect(malformed.statusCode).toBe(422);
    expect(await test.db.select().from(balances)).toEqual([]);
  });

  it('generates, is edited with a reason, and a new generation keeps the correction', async () => {
    const generate = () =>
      api(test.app, {
        method: 'POST',
        url: '/api/balances/generate',
        token: accountingToken,
        body: { month: '2026-02' },
      });
    const first = await generate();
    expect(first.statusCode, first.body).toBe(200);
    const shopCount = (await test.db.select().from(balances)).length;
    expect(shopCount).toBeGreaterThan(1);
    expect(first.json().data).toEqual({ month: '2026-02', created: shopCount, updated: 0, unchanged: 0 });
    const [stored] = await test.db
      .select()
      .from(balances)
      .where(and(eq(balances.shopId, turinId), eq(balances.date, '2026-02-28')));
    expect(stored).toMatchObject({ amountCents: 55_000, computedCents: 55_000, source: 'generated', reason: null });
    const id = (stored as { id: number }).id;
    expect((await auditOf(id)).map((row) => [row.action, row.toState])).toEqual([['balance.generated', 'generated']]);

    const edit = (body: unknown, token = accountingToken) =>
      api(test.app, { method: 'PUT', url: `/api/balances/${id}`, token, body });
    for (const reason of [undefined, '', '   ', 'a\u0000b', 'x\ud800y', 'r'.repeat(501)]) {
      const refused = await edit({ amountCents: 56_000, reason });
      expect(refused.statusCode, JSON.stringify(reason)).toBe(422);
      expect(refused.json().errors.reason, JSON.stringify(reason)).toBeDefined();
    }
    const edited = await edit({ amountCents: 56_000, reason: '  10 € in monete trovati in cassaforte ' });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json().data).toMatchObject({
      amountCents: 56_000,
      computedCents: 55_000,
      source: 'edited',
      reason: '10 € in monete trovati in cassaforte',
      editedBy: 'Laura Bianchi',
    });
    const [, editAudit] = await auditOf(id);
    expect(editAudit).toMatchObject({
      action: 'balance.edited',
      fromState: 'generated',
      toState: 'edited',
      reason: '10 € in monete trovati in cassaforte',
      data: expect.objectContaining({ before: expect.objectContaining({ amountCents: 55_000 }) }),
    });

    // The 28th is closed late with 5,000 more cash: generating again refreshes the computed figure only.
    await test.db
      .update(cashReports)
      .set({ status: 'closed', dailyCashCents: 5_000, cashFundCents: 25_000 })
      .where(and(eq(cashReports.shopId, turinId), eq(cashReports.businessDate, '2026-02-28')));
    const second = await generate();
    expect(second.json().data).toEqual({ month: '2026-02', created: 0, updated: 1, unchanged: shopCount - 1 });
    const month = await api(test.app, { url: '/api/balances/month?month=2026-02', token: accountingToken });
    expect(month.statusCode, month.body).toBe(200);
    expect(month.json().data).toMatchObject({ month: '2026-02', monthEnd: '2026-02-28', ended: true });
    expect(month.json().data.balances.find((row: { shopId: number }) => row.shopId === turinId)).toMatchObject({
      amountCents: 56_000,
      computedCents: 60_000,
      liveCents: 60_000,
      source: 'edited',
      shopCode: 'TO01',
    });
    expect((await auditOf(id)).map((row) => row.action)).toEqual([
      'balance.generated',
      'balance.edited',
      'balance.regenerated',
    ]);
    expect((await turinAt('2026-02-15')).stored).toMatchObject({ id, amountCents: 56_000, source: 'edited' });
  });

  it('keeps each route behind its ability and another shop’s balance out of reach', async () => {
    const [turinBalance] = await test.db.select({ id: balances.id }).from(balances).where(eq(balances.shopId, turinId));
    const id = (turinBalance as { id: number }).id;
    const tokenOf = async (abilities: Parameters<typeof createUserWithAbilities>[1]) =>
      signIn(test.app, (await createUserWithAbilities(test.db, abilities, { shops: ['MI01'] })).username);
    const nobody = await tokenOf([]);
    const viewer = await tokenOf(['shops.bank.balances.view']);
    const milanEditor = await tokenOf(['shops.bank.balances.view', 'shops.bank.balances.edit']);
    const body = { amountCents: 1, reason: 'prova' };
    expect((await api(test.app, { url: '/api/balances', token: nobody })).statusCode).toBe(403);
    expect((await api(test.app, { url: '/api/balances/month?month=2026-02', token: nobody })).statusCode).toBe(403);
    const generateAsViewer = await api(test.app, {
      method: 'POST',
      url: '/api/balances/generate',
      token: viewer,
      body: { month: '2026-02' },
    });
    expect(generateAsViewer.statusCode).toBe(403);
    const editAsViewer = await api(test.app, { method: 'PUT', url: `/api/balances/${id}`, token: viewer, body });
    expect(editAsViewer.statusCode).toBe(403);
    // A member of MI01 sees MI01 only, and Turin's balance does not exist for them.
    const own = (await api(test.app, { url: '/api/balances/month?month=2026-02', token: viewer })).json().data;
    expect(own.balances.map((row: { shopCode: string }) => row.shopCode)).toEqual(['MI01']);
    const other = await api(test.app, { method: 'PUT', url: `/api/balances/${id}`, token: milanEditor, body });
    expect(other.statusCode).toBe(404);
    expect(
      (await api(test.app, { method: 'PUT', url: '/api/balances/999999', token: milanEditor, body })).statusCode,
    ).toBe(404);
  });
});
