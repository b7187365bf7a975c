// Deposits: shop staff record the cash taken to the bank with the employee who carried it (their card kept), the
// archive pages and sums them, accounting corrects or deletes until convalidated; the weekly cash and the cash to
// deposit read them. Scoped to the viewer's shops (another shop answers 404), each route behind its ability, audited.
import type { DepositBody } from '@bottega/contracts/deposits';
import { and, asc, eq } from 'drizzle-orm';
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
import { cashReports } from '../cash-register/cash-register.schema';
import { deposits } from './deposits.schema';

let test: TestApp;
/** Marco Rossi, Dipendente of MI01 and MI02: views and records deposits. */
let staffToken: string;
/** Laura Bianchi, Contabilità: every shop, edits and deletes. */
let accountingToken: string;
let milanId: number;
let naplesId: number;
let marcoId: number;
let giuliaId: number;

beforeAll(async () => {
  // The business clock on Thursday 12 March 2026.
  test = await createTestApp({ CLOCK_START: '2026-03-12T15:00:00+01:00' });
  [staffToken, accountingToken] = await Promise.all([signIn(test.app, 'dipendente'), signIn(test.app, 'contabilita')]);
  milanId = await findShopId(test.db, 'MI01');
  naplesId = await findShopId(test.db, 'NA01');
  marcoId = await findUserId(test.db, 'dipendente');
  giuliaId = await findUserId(test.db, 'commessa');
});
afterAll(() => test?.close());

function body(overrides: Partial<DepositBody> = {}): DepositBody {
  return { shopId: milanId, date: '2026-03-10', amountCents: 125_000, carriedBy: giuliaId, ...overrides };
}

async function record(overrides: Partial<DepositBody> = {}, token = staffToken): Promise<{ id: number }> {
  const response = await api(test.app, { method: 'POST', url: '/api/deposits', token, body: body(overrides) });
  expect(response.statusCode, response.body).toBe(201);
  return response.json().data;
}

async function auditOf(id: number) {
  return test.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.entity, 'deposit'), eq(auditLog.entityId, String(id))))
    .orderBy(asc(auditLog.id));
}

describe('recording a deposit', () => {
  it('keeps the carrier’s card and who registered it, and is audited', async () => {
    const response = await api(test.app, {
      method: 'POST',
      url: '/api/deposits',
      token: staffToken,
      body: body({ comments: '  busta 14 ' }),
    });
    expect(response.statusCode, response.body).toBe(201);
    const deposit = response.json().data;
    expect(deposit).toMatchObject({
      shopId: milanId,
      shopCode: 'MI01',
      date: '2026-03-10',
      amountCents: 125_000,
      carriedBy: { id: giuliaId, name: expect.stringContaining(' ') },
      cardNumber: '5301 0000 0000 0117',
      comments: 'busta 14',
      registeredBy: 'Marco Rossi',
      state: 'entered',
      convalidatedBy: null,
    });
    const audit = await auditOf(deposit.id);
    expect(audit.map((row) => [row.action, row.toState])).toEqual([['deposit.created', 'entered']]);
  });

  it('refuses a day to come, a carrier of another shop and bad amounts with field errors, storing nothing', async () => {
    const before = await test.db.select().from(deposits);
    const naplesPerson = await createUserWithAbilities(test.db, [], { shops: ['NA01'] });
    const cases: [Partial<DepositBody>, string, string][] = [
      [{ date: '2026-03-13' }, 'date', 'futureDate'],
      [{ carriedBy: naplesPerson.id }, 'carriedBy', 'notShopPerson'],
      [{ amountCents: 0 }, 'amountCents', 'min'],
      [{ amountCents: 1_000_000_01 }, 'amountCents', 'max'],
      [{ date: '2026-02-30' }, 'date', 'date'],
      [{ comments: 'a\u0000b' }, 'comments', 'textCharacters'],
    ];
    for (const [overrides, field, rule] of cases) {
      const response = await api(test.app, {
        method: 'POST',
        url: '/api/deposits',
        token: staffToken,
        body: body(overrides),
        headers: { 'accept-language': 'it' },
      });
      expect(response.statusCode, JSON.stringify(overrides)).toBe(422);
      const answer = response.json();
      expect(answer.code).toBe('validation');
      expect(answer.errors[field], `${field} ${rule}`).toBeDefined();
    }
    expect(await test.db.select().from(deposits)).toHaveLength(before.length);
  });

  it('answers 404 for another shop and 403 without the ability', async () => {
    const other = await api(test.app, {
      method: 'POST',
      url: '/api/deposits',
      token: staffToken,
      body: body({ shopId: naplesId }),
    });
    expect(other.statusCode).toBe(404);
    const viewer = await createUserWithAbilities(test.db, ['shops.bank.deposits.view'], { shops: ['MI01'] });
    const token = await signIn(test.app, viewer.username);
    const refused = await api(test.app, { method: 'POST', url: '/api/deposits', token, body: body() });
    expect(refused.statusCode).toBe(403);
    const nobody = await createUserWithAbilities(test.db, [], { shops: ['MI01'] });
    const nobodyToken = await signIn(test.app, nobody.username);
    expect((await api(test.app, { url: '/api/deposits', token: nobodyToken })).statusCode).toBe(403);
    expect(
      (await api(test.app, { url: `/api/shops/${milanId}/deposit-carriers`, token: nobodyToken })).statusCode,
    ).toBe(403);
    expect((await api(test.app, { url: '/api/cash-to-deposit', token: staffToken })).statusCode).toBe(403);
  });

  it('offers the shop’s active people with their cards as carriers', async () => {
    const response = await api(test.app, { url: `/api/shops/${milanId}/deposit-carriers`, token: staffToken });
    expect(response.statusCode).toBe(200);
    const carriers = response.json().data as { id: number; cardNumber: string }[];
    expect(carriers).toEqual(
      expect.arrayContaining([
        { id: marcoId, name: 'Marco Rossi', cardNumber: '5301 0000 0000 0103' },
        expect.objectContaining({ id: giuliaId, cardNumber: '5301 0000 0000 0117' }),
      ]),
    );
    expect(
      (await api(test.app, { url: `/api/shops/${naplesId}/deposit-carriers`, token: staffToken })).statusCode,
    ).toBe(404);
  });
});

describe('the archive', () => {
  it('pages the viewer’s shops by month and state with the sum of all selected', async () => {
    await record({ date: '2026-02-27', amountCents: 10_000 });
    await record({ date: '2026-02-28', amountCents: 20_000 });
    // Another shop's deposit of the month is neither listed nor summed for Marco.
    await test.db.insert(deposits).values({ shopId: naplesId, date: '2026-02-28', amountCents: 30_000 });
    const page = await api(test.app, { url: '/api/deposits?month=2026-02&perPage=1', token: staffToken });
    expect(page.statusCode, page.body).toBe(200);
    const answer = page.json();
    expect(answer.data).toHaveLength(1);
    expect(answer.data[0].date).toBe('2026-02-28');
    expect(answer.meta.total).toBe(2);
    expect(answer.totals).toEqual({ amountCents: 30_000, count: 2 });
    expect((await api(test.app, { url: `/api/deposits?shopId=${naplesId}`, token: staffToken })).statusCode).toBe(404);
    expect((await api(test.app, { url: '/api/deposits?month=2026-13', token: staffToken })).statusCode).toBe(422);
  });
});

describe('correcting and deleting', () => {
  it('lets accounting edit (shop and carrier checked again) and delete until convalidated, audited', async () => {
    const { id } = await record({ amountCents: 50_000 });
    const edited = await api(test.app, {
      method: 'PUT',
      url: `/api/deposits/${id}`,
      token: accountingToken,
      body: body({ amountCents: 55_000, carriedBy: marcoId }),
    });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json().data).toMatchObject({ amountCents: 55_000, cardNumber: '5301 0000 0000 0103' });
    const wrongCarrier = await api(test.app, {
      method: 'PUT',
      url: `/api/deposits/${id}`,
      token: accountingToken,
      body: body({ shopId: naplesId, carriedBy: marcoId }),
    });
    expect(wrongCarrier.statusCode).toBe(422);
    expect(wrongCarrier.json().errors.carriedBy).toBeDefined();
    // Staff record but do not correct.
    const staffEdit = await api(test.app, {
      method: 'PUT',
      url: `/api/deposits/${id}`,
      token: staffToken,
      body: body(),
    });
    expect(staffEdit.statusCode).toBe(403);

    await test.db.update(deposits).set({ state: 'convalidated' }).where(eq(deposits.id, id));
    const fixed = await api(test.app, {
      method: 'PUT',
      url: `/api/deposits/${id}`,
      token: accountingToken,
      body: body(),
    });
    expect(fixed.statusCode).toBe(409);
    expect(fixed.json().code).toBe('depositConvalidated');
    const undeletable = await api(test.app, { method: 'DELETE', url: `/api/deposits/${id}`, token: accountingToken });
    expect(undeletable.statusCode).toBe(409);

    const { id: other } = await record({ amountCents: 7_000 });
    const deleted = await api(test.app, { method: 'DELETE', url: `/api/deposits/${other}`, token: accountingToken });
    expect(deleted.statusCode).toBe(200);
    expect((await api(test.app, { url: `/api/deposits/${other}`, token: accountingToken })).statusCode).toBe(404);
    expect((await auditOf(id)).map((row) => row.action)).toEqual(['deposit.created', 'deposit.updated']);
    expect((await auditOf(other)).map((row) => row.action)).toEqual(['deposit.created', 'deposit.deleted']);
  });

  it('hides another shop’s deposit as 404', async () => {
    const naplesStaff = await createUserWithAbilities(test.db, [], { shops: ['NA01'] });
    const [row] = await test.db
      .insert(deposits)
      .values({ shopId: naplesId, date: '2026-03-02', amountCents: 1_000, carriedBy: naplesStaff.id })
      .returning({ id: deposits.id });
    const naplesDeposit = (row as { id: number }).id;
    expect((await api(test.app, { url: `/api/deposits/${naplesDeposit}`, token: staffToken })).statusCode).toBe(404);
    const accountingAnswer = await api(test.app, { url: `/api/deposits/${naplesDeposit}`, token: accountingToken });
    expect(accountingAnswer.statusCode).toBe(200);
  });
});

describe('cash to deposit', () => {
  it('runs the closed reports’ cash less the deposits, with since when the oldest cash waits', async () => {
    const shop = await findShopId(test.db, 'TO01');
    const carrier = await createUserWithAbilities(test.db, [], { shops: ['TO01'] });
    const days: [string, number][] = [
      ['2026-03-02', 40_000],
      ['2026-03-03', 30_000],
      ['2026-03-04', 50_000],
    ];
    for (const [businessDate, dailyCashCents] of days) {
      await test.db.insert(cashReports).values({ shopId: shop, businessDate, status: 'closed', dailyCashCents });
    }
    // An open day's cash does not count yet.
    await test.db.insert(cashReports).values({ shopId: shop, businessDate: '2026-03-05', dailyCashCents: 9_999 });
    await record({ shopId: shop, date: '2026-03-03', amountCents: 40_000, carriedBy: carrier.id }, accountingToken);

    const list = await api(test.app, { url: '/api/cash-to-deposit?perPage=100', token: accountingToken });
    expect(list.statusCode, list.body).toBe(200);
    const turin = list.json().data.find((row: { shopId: number }) => row.shopId === shop);
    // 120,000 taken, 40,000 deposited: the 4th's 50,000 and 30,000 of the 3rd still wait, since the 3rd.
    expect(turin).toMatchObject({
      balanceCents: 80_000,
      waitingSince: '2026-03-03',
      waitingDays: 9,
      lastDepositDate: '2026-03-03',
    });
    const earlier = await api(test.app, {
      url: '/api/cash-to-deposit?date=2026-03-02&perPage=100',
      token: accountingToken,
    });
    expect(earlier.json().data.find((row: { shopId: number }) => row.shopId === shop)).toMatchObject({
      balanceCents: 40_000,
      waitingSince: '2026-03-02',
    });

    const month = await api(test.app, {
      url: `/api/shops/${shop}/cash-to-deposit?month=2026-03`,
      token: accountingToken,
    });
    expect(month.statusCode, month.body).toBe(200);
    const answer = month.json().data;
    expect(answer.openingCents).toBe(0);
    // Up to today (the 12th) only.
    expect(answer.days).toHaveLength(12);
    expect(answer.days[0]).toMatchObject({ date: '2026-03-01', reportStatus: null, cashCents: null });
    expect(answer.days.slice(1, 5)).toEqual([
      {
        date: '2026-03-02',
        reportStatus: 'closed',
        cashCents: 40_000,
        expensesCents: 0,
        depositsCents: 0,
        balanceCents: 40_000,
      },
      {
        date: '2026-03-03',
        reportStatus: 'closed',
        cashCents: 30_000,
        expensesCents: 0,
        depositsCents: 40_000,
        balanceCents: 30_000,
      },
      {
        date: '2026-03-04',
        reportStatus: 'closed',
        cashCents: 50_000,
        expensesCents: 0,
        depositsCents: 0,
        balanceCents: 80_000,
      },
      {
        date: '2026-03-05',
        reportStatus: 'open',
        cashCents: null,
        expensesCents: 0,
        depositsCents: 0,
        balanceCents: 80_000,
      },
    ]);

    const day = await api(test.app, { url: `/api/shops/${shop}/cash-to-deposit/2026-03-03`, token: accountingToken });
    expect(day.statusCode, day.body).toBe(200);
    expect(day.json().data).toMatchObject({
      date: '2026-03-03',
      report: { status: 'closed', dailyCashCents: 30_000 },
      openingCents: 40_000,
      balanceCents: 30_000,
      deposits: [{ amountCents: 40_000 }],
    });
    // Marco reaches MI01 and MI02 only.
    const marcoCash = await createUserWithAbilities(test.db, ['shops.analytics.cashToDeposit'], { shops: ['MI01'] });
    const token = await signIn(test.app, marcoCash.username);
    expect((await api(test.app, { url: `/api/shops/${shop}/cash-to-deposit?month=2026-03`, token })).statusCode).toBe(
      404,
    );
    expect((await api(test.app, { url: `/api/shops/${shop}/cash-to-deposit/2026-03-03`, token })).statusCode).toBe(404);
    const own = await api(test.app, { url: '/api/cash-to-deposit', token });
    expect(own.json().data.map((row: { shopCode: string }) => row.shopCode)).toEqual(['MI01']);
  });
});
