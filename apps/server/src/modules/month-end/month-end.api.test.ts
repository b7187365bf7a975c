// Month end: each shop's month with its three checks, each failing alone with its day; a clean month convalidated,
// transmitted to the (simulated) accounting system and confirmed; each kind of entry the system refuses shown by
// kind, the month unconfirmed until sent again; reopening with a reason. Behind their abilities, another shop 404.
import { type AccountingEntryKind, accountingEntryKinds } from '@bottega/contracts/month-end';
import { and, asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, createTestApp, createUserWithAbilities, findShopId, signIn, type TestApp } from '../../../test/harness';
import { type AccountingSimulator, startAccountingSimulator } from '../../integrations/accounting/accounting.simulator';
import { auditLog } from '../../platform/audit.schema';
import { cashReports } from '../cash-register/cash-register.schema';
import { deposits } from '../deposits/deposits.schema';
import { notifications } from '../notifications/notifications.schema';
import { posEntries, posUploads } from '../pos/pos.schema';
import { fiscalCloses } from '../sales/sales.schema';
import { shops } from '../shops/shops.schema';

let test: TestApp;
let simulator: AccountingSimulator;
let token: string;
const shopIds: Record<string, number> = {};
const days = ['2026-02-10', '2026-02-11', '2026-02-12'];

/** A clean day: the report closed, the printer's close and the acquirer agreeing, the cash deposited and confirmed. */
async function cleanDay(
  shopId: number,
  date: string,
  uploadId: number,
  options: { fiscal?: number; pos?: number; deposit?: boolean } = {},
) {
  await test.db.insert(cashReports).values({
    shopId,
    businessDate: date,
    status: 'closed',
    totalCents: 100_00,
    posSubtotalCents: 40_00,
    dailyCashCents: 60_00,
    cashFundCents: 200_00,
  });
  await test.db.insert(fiscalCloses).values({
    shopId,
    deviceSerial: '99MEX012345',
    businessDate: date,
    closedAt: new Date(`${date}T20:00:00Z`),
    closeNumber: 1,
    totalCents: options.fiscal ?? 100_00,
    documentsCount: 10,
    returnsCents: 0,
    cancellationsCents: 0,
    electronicPaymentsCents: 40_00,
    vatBreakdown: [
      { vatRate: 2200, taxableCents: 6_557, taxCents: 1_443 },
      { vatRate: 1000, taxableCents: 1_818, taxCents: 182 },
    ],
    source: 'manual',
    contentHash: `${shopId}-${date}`,
  });
  await test.db.insert(posEntries).values({
    uploadId,
    shopId,
    date,
    merchantCode: `M${shopId}`,
    terminal: 'T1',
    cardType: 'VISA',
    amountCents: options.pos ?? 40_00,
    state: 'accepted',
    authorisationCode: 'A1',
    fingerprint: `${shopId}-${date}`,
  });
  if (options.deposit !== false)
    await test.db
      .insert(deposits)
      .values({ shopId, date, amountCents: 60_00, state: 'convalidated', convalidatedAt: new Date() });
}

beforeAll(async () => {
  simulator = await startAccountingSimulator();
  // Thursday 12 March 2026: February is over, March is not.
  test = await createTestApp({ CLOCK_START: '2026-03-12T15:00:00+01:00', ACCOUNTING_URL: simulator.url });
  token = await signIn(test.app, 'contabilita');
  for (const code of ['MI01', 'MI02', 'NA01', 'RM01']) shopIds[code] = await findShopId(test.db, code);
  const [upload] = await test.db
    .insert(posUploads)
    .values({ fileName: 'pos.csv', size: 1, storageKey: 'x', state: 'imported' })
    .returning({ id: posUploads.id });
  const uploadId = upload?.id as number;
  for (const date of days) {
    await cleanDay(shopIds.MI01 as number, date, uploadId);
    // Each of the others fails one check on the 11th.
    const odd = date === '2026-02-11';
    await cleanDay(shopIds.MI02 as number, date, uploadId, { fiscal: odd ? 99_00 : undefined });
    await cleanDay(shopIds.NA01 as number, date, uploadId, { pos: odd ? 39_00 : undefined });
    await cleanDay(shopIds.RM01 as number, date, uploadId, { deposit: !odd });
  }
});
afterAll(async () => {
  await test?.close();
  await simulator?.close();
});

const month = (code: string, when = '2026-02') =>
  api(test.app, { url: `/api/month-end/${shopIds[code]}/${when}`, token }).then((response) => response.json().data);
const post = (code: string, action: string, body?: unknown, as = token) =>
  api(test.app, { method: 'POST', url: `/api/month-end/${shopIds[code]}/2026-02/${action}`, token: as, body });

describe('the checks of a month', () => {
  it('hold for a clean month and each fail alone, naming the day', async () => {
    const list = (await api(test.app, { url: '/api/month-end?month=2026-02', token })).json().data;
    const failing = (code: string) =>
      Object.fromEntries(
        list
          .find((row: { shopCode: string }) => row.shopCode === code)
          .checks.map((check: { check: string; days: { date: string; problem: string }[] }) => [
            check.check,
            check.days.map((day) => `${day.date} ${day.problem}`),
          ]),
      );
    expect(failing('MI01')).toEqual({ compensation: [], pos: [], cash: [] });
    expect(failing('MI02')).toEqual({ compensation: ['2026-02-11 compensationDiffers'], pos: [], cash: [] });
    expect(failing('NA01')).toEqual({ compensation: [], pos: ['2026-02-11 posDiffers'], cash: [] });
    // Rome deposited two days' cash of three: deposits pay the oldest cash first, so the last day's is what waits.
    expect(failing('RM01')).toEqual({ compensation: [], pos: [], cash: ['2026-02-12 cashNotDeposited'] });
    expect((await month('MI02')).checks[0].days[0]).toMatchObject({ reportCents: 100_00, otherCents: 99_00 });
  });

  it('refuse a month that fails or is not over', async () => {
    expect((await post('MI02', 'convalidate')).json().code).toBe('monthChecksFailed');
    const march = await api(test.app, {
      method: 'POST',
      url: `/api/month-end/${shopIds.MI01}/2026-03/convalidate`,
      token,
    });
    expect(march.json().code).toBe('monthNotEnded');
  });
});

describe('a clean month', () => {
  it('is convalidated, transmitted and confirmed, told and audited', async () => {
    const answer = await post('MI01', 'convalidate');
    expect(answer.statusCode, answer.body).toBe(200);
    expect(answer.json().data).toMatchObject({ state: 'transmitting', convalidatedBy: 'Laura Bianchi' });
    await test.app.jobs.drain();
    expect(await month('MI01')).toMatchObject({ state: 'confirmed', refusals: [] });
    const file = simulator.received.at(-1) ?? '';
    const lines = file.trim().split('\r\n');
    expect(lines[0]).toBe('line;date;kind;shop;description;debit;credit;vat_rate');
    // Three days, the month's total, net and VAT for two rates, gross, VAT movement, debit/credit.
    expect(lines.slice(1).map((line) => line.split(';')[2])).toEqual([
      'dailyCompensation',
      'dailyCompensation',
      'dailyCompensation',
      'totalCompensation',
      'net',
      'vat',
      'net',
      'vat',
      'gross',
      'vatMovement',
      'debitCredit',
    ]);
    expect(lines[4]).toBe('4;2026-02-28;totalCompensation;MI01;Corrispettivi del mese;0.00;300.00;');
    expect((await post('MI01', 'convalidate')).json().code).toBe('monthAlreadyConvalidated');
    // The dashboard asks for the other open shops' February.
    const open = await test.db.select({ id: shops.id }).from(shops).where(eq(shops.closed, false));
    const todos = (await api(test.app, { url: '/api/dashboard/todos', token })).json().data;
    expect(todos.find((todo: { key: string }) => todo.key === 'monthsToConvalidate')).toMatchObject({
      count: open.length - 1,
      link: '/app/report/convalidate?month=2026-02',
    });
    const told = await test.db
      .select()
      .from(notifications)
      .where(eq(notifications.kind, 'adminNotifications.reportsConvalidated'));
    expect(told.length).toBeGreaterThan(0);
    expect(told[0]?.params).toMatchObject({ date: '02/2026', by: 'Laura Bianchi' });
    const audit = await test.db
      .select({ action: auditLog.action })
      .from(auditLog)
      .where(eq(auditLog.entity, 'monthlyReport'))
      .orderBy(asc(auditLog.id));
    expect(audit.map((row) => row.action)).toEqual(['monthlyReport.convalidated', 'monthlyReport.confirmed']);
  });

  it('shows each kind of entry the accounting system refuses, unconfirmed until sent again', async () => {
    for (const kind of accountingEntryKinds as readonly AccountingEntryKind[]) {
      expect((await post('MI01', 'reopen', { reason: `Prova del rifiuto ${kind}` })).statusCode).toBe(200);
      simulator.refuse([kind]);
      await post('MI01', 'convalidate');
      await test.app.jobs.drain();
      const refused = await month('MI01');
      expect(refused.state, kind).toBe('refused');
      expect(new Set(refused.refusals.map((refusal: { kind: string }) => refusal.kind)), kind).toEqual(new Set([kind]));
    }
    simulator.refuse([]);
    expect((await post('MI01', 'transmit')).statusCode).toBe(200);
    await test.app.jobs.drain();
    expect(await month('MI01')).toMatchObject({ state: 'confirmed', refusals: [] });
    expect((await post('MI01', 'transmit')).json().code).toBe('monthNotRefused');
  });
});

describe('reopening and access', () => {
  it('reopens only with edit reports and a reason, audited with it', async () => {
    const checker = await createUserWithAbilities(test.db, ['shops.analytics.convalidateReports'], { shops: ['MI01'] });
    const checkerToken = await signIn(test.app, checker.username);
    expect((await post('MI01', 'reopen', { reason: 'no' }, checkerToken)).statusCode).toBe(403);
    expect((await post('MI01', 'reopen', { reason: '  ' })).statusCode).toBe(422);
    expect((await post('MI01', 'reopen', { reason: 'a\u0000b' })).statusCode).toBe(422);
    expect((await post('MI01', 'reopen', { reason: 'Rettifica di un corrispettivo' })).json().data.state).toBe('open');
    const [last] = await test.db
      .select({ reason: auditLog.reason, action: auditLog.action })
      .from(auditLog)
      .where(and(eq(auditLog.entity, 'monthlyReport'), eq(auditLog.action, 'monthlyReport.reopened')))
      .orderBy(asc(auditLog.id));
    expect(last?.reason).toContain('Prova del rifiuto');
    expect((await post('MI01', 'reopen', { reason: 'di nuovo' })).json().code).toBe('monthNotConvalidated');
  });

  it('answers 403 without the ability and 404 for another shop', async () => {
    const staff = await signIn(test.app, 'dipendente');
    expect((await api(test.app, { url: '/api/month-end?month=2026-02', token: staff })).statusCode).toBe(403);
    const naples = await createUserWithAbilities(test.db, ['shops.analytics.convalidateReports'], { shops: ['NA01'] });
    const naplesToken = await signIn(test.app, naples.username);
    expect(
      (await api(test.app, { url: `/api/month-end/${shopIds.MI01}/2026-02`, token: naplesToken })).statusCode,
    ).toBe(404);
    expect((await post('MI01', 'convalidate', undefined, naplesToken)).statusCode).toBe(404);
    const own = (await api(test.app, { url: '/api/month-end?month=2026-02', token: naplesToken })).json().data;
    expect(own.map((row: { shopCode: string }) => row.shopCode)).toEqual(['NA01']);
  });
});
