// Bank statements: an upload is read by its job into lines once each (a statement uploaded again adds nothing), a
// file that is not a statement, is hostile or does not add up is refused whole with the reason; the check matches
// the credits to the deposits (by card, by shop, split, ambiguous, unknown card) and convalidation links them, refused
// with the §8 problem that stops it. Each route behind its ability; another shop's deposit answers 404.

import { and, asc, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  api,
  chooseShop,
  createTestApp,
  createUserWithAbilities,
  csrfHeaders,
  findShopId,
  findUserId,
  multipart,
  signIn,
  type TestApp,
} from '../../../test/harness';
import type { BankStatement, BankStatementEntry } from '../../integrations/bank/bank-statement';
import { writeCamt053, writeCbiMovements } from '../../integrations/bank/bank-statement.simulator';
import { auditLog } from '../../platform/audit.schema';
import { cashReports } from '../cash-register/cash-register.schema';
import { notifications } from '../notifications/notifications.schema';
import { shops } from '../shops/shops.schema';
import { bankLines } from './bank-statements.schema';

let test: TestApp;
let accountingToken: string;
let staffToken: string;
let milanId: number;
let milan2Id: number;
let giuliaId: number;
let giuliaCard: string;
let milanAccount: string;
let milan2Account: string;

beforeAll(async () => {
  // Thursday 12 March 2026: the demo's days up to yesterday are closed.
  test = await createTestApp({ CLOCK_START: '2026-03-12T15:00:00+01:00' });
  [accountingToken, staffToken] = await Promise.all([signIn(test.app, 'contabilita'), signIn(test.app, 'dipendente')]);
  milanId = await findShopId(test.db, 'MI01');
  milan2Id = await findShopId(test.db, 'MI02');
  giuliaId = await findUserId(test.db, 'commessa');
  const rows = await test.db
    .select({ id: shops.id, account: shops.accountNumber })
    .from(shops)
    .where(inArray(shops.id, [milanId, milan2Id]));
  // Both shops closed their days up to yesterday, with the cash they took; today is still open.
  for (const shopId of [milanId, milan2Id]) {
    for (const businessDate of ['2026-03-09', '2026-03-10', '2026-03-11'])
      await test.db.insert(cashReports).values({ shopId, businessDate, status: 'closed', dailyCashCents: 60_000 });
    await test.db.insert(cashReports).values({ shopId, businessDate: '2026-03-12', dailyCashCents: 10_000 });
  }
  milanAccount = `0306909606${rows.find((row) => row.id === milanId)?.account}`;
  milan2Account = `0306909606${rows.find((row) => row.id === milan2Id)?.account}`;
});
afterAll(() => test?.close());

async function record(shopId: number, date: string, amountCents: number, carriedBy = giuliaId): Promise<number> {
  const response = await api(test.app, {
    method: 'POST',
    url: '/api/deposits',
    token: accountingToken,
    body: { shopId, date, amountCents, carriedBy },
  });
  expect(response.statusCode, response.body).toBe(201);
  if (carriedBy === giuliaId) giuliaCard = response.json().data.cardNumber;
  return response.json().data.id;
}

function entry(bookingDate: string, amountCents: number, description: string): BankStatementEntry {
  return {
    line: 0,
    bankReference: null,
    bookingDate,
    valueDate: bookingDate,
    amountCents,
    description,
    counterparty: null,
  };
}

function statement(account: string, entries: BankStatementEntry[], id: string): BankStatement {
  const movements = entries.reduce((total, each) => total + each.amountCents, 0);
  return {
    format: 'camt053',
    statementId: id,
    account,
    currency: 'EUR',
    openingDate: entries[0]?.bookingDate ?? '2026-03-01',
    closingDate: entries.at(-1)?.bookingDate ?? '2026-03-01',
    openingCents: 500_000_00,
    closingCents: 500_000_00 + movements,
    entries,
  };
}

async function upload(bytes: string | Uint8Array, token = accountingToken, name = 'estratto.xml') {
  const body = multipart({ name, bytes });
  const response = await test.app.inject({
    method: 'POST',
    url: '/api/bank/uploads',
    headers: { ...csrfHeaders(), authorization: `Bearer ${token}`, 'content-type': body.contentType },
    payload: body.payload,
  });
  return response;
}

/** Uploads and reads: the upload as its log shows it once the job is done. */
async function imported(bytes: string | Uint8Array, name?: string) {
  const response = await upload(bytes, accountingToken, name);
  expect(response.statusCode, response.body).toBe(202);
  await test.app.jobs.drain();
  const answer = await api(test.app, {
    url: `/api/bank/uploads/${response.json().data.upload.id}`,
    token: accountingToken,
  });
  return answer.json().data;
}

const matching = async (token = accountingToken) => {
  const response = await api(test.app, { url: '/api/bank/matching', token });
  expect(response.statusCode, response.body).toBe(200);
  return response.json().data;
};

const convalidate = (creditIds: number[], depositIds: number[], token = accountingToken) =>
  api(test.app, { method: 'POST', url: '/api/bank/convalidations', token, body: { creditIds, depositIds } });

describe('a statement read, matched and convalidated', () => {
  let byCard: number;
  let split: number;
  let twinA: number;
  let twinB: number;
  let lineIds: Record<string, number>;

  it('is read once, in either format, with the unknown card and the shop of its account', async () => {
    byCard = await record(milanId, '2026-03-09', 40_000);
    split = await record(milanId, '2026-03-10', 30_000);
    const carriers = await api(test.app, { url: `/api/shops/${milan2Id}/deposit-carriers`, token: accountingToken });
    const milan2Carrier = carriers.json().data[0].id;
    twinA = await record(milan2Id, '2026-03-10', 25_000, milan2Carrier);
    twinB = await record(milan2Id, '2026-03-10', 25_000, milan2Carrier);
    const statements = [
      statement(
        milanAccount,
        [
          entry('2026-03-10', 40_000, `VERS. CONTANTI CARTA ${giuliaCard}`),
          entry('2026-03-11', 15_000, 'VERSAMENTO MI01 1/2'),
          entry('2026-03-11', 15_000, 'VERSAMENTO MI01 2/2'),
          entry('2026-03-11', 9_900, 'VERSAMENTO CONTANTI CARTA 5999 0000 1111 2222'),
          entry('2026-03-11', -250, 'COMMISSIONI'),
        ],
        'EC0312/1',
      ),
      statement(milan2Account, [entry('2026-03-11', 25_000, 'VERSAMENTO CONTANTI')], 'EC0312/2'),
    ];
    const first = await imported(writeCamt053(statements));
    expect(first).toMatchObject({ state: 'imported', format: 'camt053', statements: 2, lines: 6, newLines: 6 });
    expect(first).toMatchObject({ firstDate: '2026-03-10', lastDate: '2026-03-11', failure: null });
    // The same statement again, now as the CBI file of the same bank: nothing new.
    const again = await imported(writeCbiMovements(statements), 'estratto.cbi');
    expect(again).toMatchObject({ state: 'imported', format: 'cbi', lines: 6, newLines: 0 });

    const lines = await test.db
      .select()
      .from(bankLines)
      .where(eq(bankLines.uploadId, first.id))
      .orderBy(asc(bankLines.id));
    lineIds = Object.fromEntries(lines.map((line) => [line.description, line.id]));
    expect(lines.map((line) => [line.shopId, line.problem, line.unknownCard])).toEqual([
      [milanId, null, null],
      [milanId, null, null],
      [milanId, null, null],
      [milanId, 'depositCardNotFound', '5999000011112222'],
      [milanId, null, null],
      [milan2Id, null, null],
    ]);
    const told = await test.db
      .select()
      .from(notifications)
      .where(eq(notifications.kind, 'adminNotifications.bankFileUploaded'));
    expect(told.length).toBeGreaterThan(0);
    const audit = await test.db
      .select({ action: auditLog.action })
      .from(auditLog)
      .where(and(eq(auditLog.entity, 'bankUpload'), eq(auditLog.entityId, String(first.id))))
      .orderBy(asc(auditLog.id));
    expect(audit.map((row) => row.action)).toEqual(['bankUpload.uploaded', 'bankUpload.imported']);
  });

  it('matches by card and by split, leaves the twins ambiguous and names the unknown card', async () => {
    const outcome = await matching();
    const card = lineIds[`VERS. CONTANTI CARTA ${giuliaCard}`] as number;
    expect(outcome.matched).toContainEqual({ creditIds: [card], depositIds: [byCard], problems: [] });
    const halves = [lineIds['VERSAMENTO MI01 1/2'], lineIds['VERSAMENTO MI01 2/2']];
    expect(outcome.matched).toContainEqual({ creditIds: halves, depositIds: [split], problems: [] });
    const twin = outcome.ambiguous.find(
      (entry: { creditId: number }) => entry.creditId === lineIds['VERSAMENTO CONTANTI'],
    );
    expect(twin.candidates.map((candidate: { depositIds: number[] }) => candidate.depositIds)).toEqual([
      [twinA],
      [twinB],
    ]);
    expect(outcome.unknownCards).toContainEqual({
      creditId: lineIds['VERSAMENTO CONTANTI CARTA 5999 0000 1111 2222'],
      cardNumber: '5999000011112222',
    });
    // The bank's fee is no deposit's.
    expect(outcome.credits.map((credit: { id: number }) => credit.id)).not.toContain(lineIds.COMMISSIONI);
  });

  it('convalidates a choice, links the deposit to its line, and refuses it twice', async () => {
    const credit = lineIds['VERSAMENTO CONTANTI'] as number;
    const response = await convalidate([credit], [twinB]);
    expect(response.statusCode, response.body).toBe(200);
    const deposit = (await api(test.app, { url: `/api/deposits/${twinB}`, token: accountingToken })).json().data;
    expect(deposit).toMatchObject({ state: 'convalidated', convalidatedBy: 'Laura Bianchi' });
    expect(deposit.bankLines).toEqual([
      { id: credit, bookingDate: '2026-03-11', amountCents: 25_000, description: 'VERSAMENTO CONTANTI' },
    ]);
    expect((await convalidate([credit], [twinA])).json().code).toBe('bankLineLinked');
    const twice = await convalidate([lineIds[`VERS. CONTANTI CARTA ${giuliaCard}`] as number], [twinB]);
    expect(twice.json().code).toBe('depositConvalidated');
    const audit = await test.db
      .select({ action: auditLog.action, toState: auditLog.toState })
      .from(auditLog)
      .where(and(eq(auditLog.entity, 'deposit'), eq(auditLog.entityId, String(twinB))))
      .orderBy(asc(auditLog.id));
    expect(audit.at(-1)).toEqual({ action: 'deposit.convalidated', toState: 'convalidated' });
    // Fixed now: no edit, no delete.
    const removed = await api(test.app, { method: 'DELETE', url: `/api/deposits/${twinB}`, token: accountingToken });
    expect(removed.statusCode).toBe(409);
  });

  it('refuses sums that differ, an unknown card and a day not closed, with the §8 problem, linking nothing', async () => {
    const card = lineIds[`VERS. CONTANTI CARTA ${giuliaCard}`] as number;
    expect((await convalidate([card], [split])).json().code).toBe('bankMovements');
    const unknown = lineIds['VERSAMENTO CONTANTI CARTA 5999 0000 1111 2222'] as number;
    const small = await record(milanId, '2026-03-11', 9_900);
    expect((await convalidate([unknown], [small])).json().code).toBe('bankDepositCardNotFound');
    // Today's report is not closed: the day has no first note yet.
    const today = await record(milanId, '2026-03-12', 40_000);
    const refused = await convalidate([card], [today]);
    expect(refused.statusCode).toBe(422);
    expect(refused.json().code).toBe('bankFirstNote');
    expect(
      (await matching()).matched.find((match: { depositIds: number[] }) => match.depositIds.includes(today)),
    ).toBeUndefined();
    const ok = await convalidate([card], [byCard]);
    expect(ok.statusCode, ok.body).toBe(200);
    // The lines as the upload's list shows them: the linked ones with their deposits, the open credits apart.
    const linked = await api(test.app, { url: '/api/bank/lines?state=linked&perPage=100', token: accountingToken });
    expect(linked.json().data.find((line: { id: number }) => line.id === card)).toMatchObject({ depositIds: [byCard] });
    const open = (
      await api(test.app, { url: '/api/bank/lines?state=open&perPage=100', token: accountingToken })
    ).json();
    expect(open.data.every((line: { amountCents: number; depositIds: number[] }) => line.amountCents > 0)).toBe(true);
    expect(open.data.map((line: { id: number }) => line.id)).not.toContain(card);
  });

  it('puts the credits still to check on accounting’s dashboard, and the shop’s waiting cash on its staff’s', async () => {
    const todos = async (token: string) =>
      (await api(test.app, { url: '/api/dashboard/todos', token })).json().data as { key: string; count: number }[];
    // Left open: the two halves, the unknown card and the twin no one chose (the fee is no credit).
    expect((await todos(accountingToken)).find((todo) => todo.key === 'bankCreditsToCheck')).toMatchObject({
      count: 3,
      oldest: '2026-03-11',
      link: '/app/deposit/check',
    });
    // Milano Duomo's cash has waited since the 9th, three days: not yet asked for.
    await chooseShop(test.app, staffToken, 'MI01');
    expect((await todos(staffToken)).find((todo) => todo.key === 'cashToDeposit')).toBeUndefined();
    // Turin's cash of the 2nd, ten days old and never deposited, is.
    const turinId = await findShopId(test.db, 'TO01');
    await test.db
      .insert(cashReports)
      .values({ shopId: turinId, businessDate: '2026-03-02', status: 'closed', dailyCashCents: 5_000 });
    const turin = await createUserWithAbilities(test.db, ['shops.bank.deposits.add', 'employees.dashboard'], {
      shops: ['TO01'],
    });
    const turinToken = await signIn(test.app, turin.username);
    await chooseShop(test.app, turinToken, 'TO01');
    expect((await todos(turinToken)).find((todo) => todo.key === 'cashToDeposit')).toMatchObject({
      count: 10,
      oldest: '2026-03-02',
      link: '/app/shop/deposit/add',
    });
  });

  it('is reached only with its abilities; another shop’s deposit answers 404', async () => {
    expect((await upload('x', staffToken)).statusCode).toBe(403);
    for (const url of ['/api/bank/uploads', '/api/bank/lines', '/api/bank/matching'])
      expect((await api(test.app, { url, token: staffToken })).statusCode, url).toBe(403);
    expect((await convalidate([1], [1], staffToken)).statusCode).toBe(403);
    const naples = await createUserWithAbilities(test.db, ['shops.bank.deposits.check'], { shops: ['NA01'] });
    const naplesToken = await signIn(test.app, naples.username);
    const credit = lineIds['VERSAMENTO MI01 1/2'] as number;
    expect((await convalidate([credit], [split], naplesToken)).statusCode).toBe(404);
    const seen = await matching(naplesToken);
    expect(seen.deposits.map((deposit: { shopId: number }) => deposit.shopId)).not.toContain(milanId);
    expect(seen.credits.map((line: { id: number }) => line.id)).not.toContain(credit);
  });
});

describe('a file that is not a good statement', () => {
  const good = () => statement(milanAccount, [entry('2026-03-05', 10_000, 'VERSAMENTO MI01')], 'BAD/1');

  it('is refused whole with the reason, importing nothing', async () => {
    const before = (await test.db.select().from(bankLines)).length;
    const unbalanced = writeCamt053([{ ...good(), closingCents: good().closingCents + 1 }]);
    const cases: [string | Uint8Array, Record<string, unknown>][] = [
      [unbalanced, { kind: 'unbalanced', statementId: 'BAD/1', movementsCents: 10_000 }],
      [writeCamt053([good()]).slice(0, 400), { kind: 'field' }],
      ['<?xml version="1.0"?><!DOCTYPE d [<!ENTITY a "aaaa">]><Document>&a;</Document>', { kind: 'doctype' }],
      [new Uint8Array([0x3c, 0x00, 0x44, 0x00]), { kind: 'encoding' }],
      ['a spreadsheet, not a statement', { kind: 'unreadable' }],
      [writeCbiMovements([good()]).replace(' 62', ' 6X'), { kind: 'field' }],
    ];
    for (const [bytes, failure] of cases) {
      const answer = await imported(bytes);
      expect(answer.state, JSON.stringify(failure)).toBe('failed');
      expect(answer.failure, JSON.stringify(failure)).toMatchObject(failure);
    }
    expect(await test.db.select().from(bankLines)).toHaveLength(before);
  });

  it('over the size limit is refused at the door', async () => {
    const response = await upload(new Uint8Array(20 * 1024 * 1024 + 1));
    expect(response.statusCode).toBe(413);
  });
});
