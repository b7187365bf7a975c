// Authorised expenses: management authorises a shop beforehand (and may revoke), the shop's staff enter what
// they paid from the till in a daily cash report within what is left, accounting blocks and unblocks. Scoped
// to the viewer's shops, locked with a closed day except for those who may edit reports, never overspent by
// two entries at once, every change audited.
import type { CashReportStatus } from '@bottega/contracts/cash-register';
import type { ExpenseAuthorisationBody, ExpenseBody } from '@bottega/contracts/expenses';
import { and, asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, createTestApp, createUserWithAbilities, findShopId, signIn, type TestApp } from '../../../test/harness';
import { auditLog } from '../../platform/audit.schema';
import { cashReports } from '../cash-register/cash-register.schema';
import { expenseAuthorisations, expenses } from './expenses.schema';

let test: TestApp;
let adminToken: string;
/** Marco Rossi, Dipendente of MI01 and MI02: views and enters expenses. */
let staffToken: string;
/** Laura Bianchi, Contabilità: authorises, revokes, blocks; every shop. */
let accountingToken: string;
let milanId: number;
let milan2Id: number;
let naplesId: number;

beforeAll(async () => {
  test = await createTestApp();
  [adminToken, staffToken, accountingToken] = await Promise.all([
    signIn(test.app, 'admin'),
    signIn(test.app, 'dipendente'),
    signIn(test.app, 'contabilita'),
  ]);
  milanId = await findShopId(test.db, 'MI01');
  milan2Id = await findShopId(test.db, 'MI02');
  naplesId = await findShopId(test.db, 'NA01');
});
afterAll(() => test?.close());

/** The day's report, inserted directly (the report's own routes are tested with the cash register). */
async function createReport(shopId: number, businessDate: string, status: CashReportStatus = 'open'): Promise<number> {
  const [row] = await test.db
    .insert(cashReports)
    .values({ shopId, businessDate, status })
    .returning({ id: cashReports.id });
  return (row as { id: number }).id;
}

async function reportRow(reportId: number) {
  const [row] = await test.db.select().from(cashReports).where(eq(cashReports.id, reportId));
  if (!row) throw new Error(`no report ${reportId}`);
  return row;
}

const authorisationsUrl = (shopId: number) => `/api/shops/${shopId}/expense-authorisations`;
const expensesUrl = (reportId: number) => `/api/cash-reports/${reportId}/expenses`;

async function authorise(
  shopId: number,
  overrides: Partial<ExpenseAuthorisationBody> = {},
): Promise<{ id: number; usedCents: number }> {
  const response = await api(test.app, {
    method: 'POST',
    url: authorisationsUrl(shopId),
    token: accountingToken,
    body: {
      description: 'Pulizie straordinarie',
      maxAmountCents: 10_000,
      validFrom: '2026-03-01',
      validTo: '2026-03-31',
      ...overrides,
    },
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json().data;
}

function enter(reportId: number, body: ExpenseBody, token = staffToken) {
  return api(test.app, { method: 'POST', url: expensesUrl(reportId), token, body });
}

async function entered(reportId: number, body: ExpenseBody, token = staffToken): Promise<{ id: number }> {
  const response = await enter(reportId, body, token);
  expect(response.statusCode, response.body).toBe(201);
  return response.json().data;
}

async function authorisationOf(shopId: number, authorisationId: number, token = accountingToken) {
  const response = await api(test.app, { url: authorisationsUrl(shopId), token });
  expect(response.statusCode).toBe(200);
  return response.json().data.find((item: { id: number }) => item.id === authorisationId);
}

async function auditOf(entity: string, id: number) {
  return test.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.entity, entity), eq(auditLog.entityId, String(id))))
    .orderBy(asc(auditLog.id));
}

describe('expense authorisations', () => {
  it('are given by management, listed newest first with what was used, and audited', async () => {
    const response = await api(test.app, {
      method: 'POST',
      url: authorisationsUrl(milanId),
      token: accountingToken,
      body: {
        description: '  Lampadine vetrina ',
        maxAmountCents: 5_000,
        validFrom: '2026-02-01',
        validTo: '2026-02-28',
      },
    });
    expect(response.statusCode, response.body).toBe(201);
    const authorisation = response.json().data;
    expect(authorisation).toEqual({
      id: expect.any(Number),
      shopId: milanId,
      description: 'Lampadine vetrina',
      maxAmountCents: 5_000,
      usedCents: 0,
      validFrom: '2026-02-01',
      validTo: '2026-02-28',
      authorisedBy: 'Laura Bianchi',
      createdAt: expect.any(String),
      revokedAt: null,
    });
    const newer = await authorise(milanId, { description: 'Cancelleria' });
    const listed = await api(test.app, { url: authorisationsUrl(milanId), token: staffToken });
    expect(listed.statusCode).toBe(200);
    const ids = listed.json().data.map((item: { id: number }) => item.id);
    expect(ids.indexOf(newer.id)).toBeLessThan(ids.indexOf(authorisation.id));

    expect(await auditOf('expenseAuthorisation', authorisation.id)).toEqual([
      expect.objectContaining({
        action: 'expenseAuthorisation.created',
        toState: 'authorised',
        data: expect.objectContaining({ shopId: milanId, maxAmountCents: 5_000, description: 'Lampadine vetrina' }),
      }),
    ]);

    const backwards = await api(test.app, {
      method: 'POST',
      url: authorisationsUrl(milanId),
      token: accountingToken,
      body: { description: 'Al contrario', maxAmountCents: 100, validFrom: '2026-03-10', validTo: '2026-03-09' },
    });
    expect(backwards.statusCode).toBe(422);
    expect(backwards.json().errors).toEqual({
      validTo: ['La data finale deve essere uguale o successiva a quella iniziale.'],
    });
  });

  it('with a date, lists only those usable that day: valid then, not revoked, something left', async () => {
    const usable = await authorise(milan2Id, { description: 'Valida' });
    const later = await authorise(milan2Id, {
      description: 'Di aprile',
      validFrom: '2026-04-01',
      validTo: '2026-04-30',
    });
    const revoked = await authorise(milan2Id, { description: 'Revocata' });
    const spent = await authorise(milan2Id, { description: 'Esaurita', maxAmountCents: 1_000 });
    const revokedAnswer = await api(test.app, {
      method: 'POST',
      url: `${authorisationsUrl(milan2Id)}/${revoked.id}/revoke`,
      token: accountingToken,
    });
    expect(revokedAnswer.statusCode).toBe(200);
    const reportId = await createReport(milan2Id, '2026-03-10');
    await entered(reportId, { authorisationId: spent.id, amountCents: 1_000 });
    await entered(reportId, { authorisationId: usable.id, amountCents: 2_500 });

    const onDay = await api(test.app, { url: `${authorisationsUrl(milan2Id)}?date=2026-03-10`, token: staffToken });
    expect(onDay.json().data).toEqual([
      expect.objectContaining({ id: usable.id, usedCents: 2_500, maxAmountCents: 10_000 }),
    ]);
    const inApril = await api(test.app, { url: `${authorisationsUrl(milan2Id)}?date=2026-04-30`, token: staffToken });
    expect(inApril.json().data.map((item: { id: number }) => item.id)).toEqual([later.id]);
    const all = await api(test.app, { url: authorisationsUrl(milan2Id), token: staffToken });
    expect(all.json().data.map((item: { id: number }) => item.id)).toEqual([spent.id, revoked.id, later.id, usable.id]);
    expect(all.json().data[0]).toMatchObject({ usedCents: 1_000, revokedAt: null });
    expect(all.json().data[1].revokedAt).toEqual(expect.any(String));
    const badDate = await api(test.app, { url: `${authorisationsUrl(milan2Id)}?date=10/03/2026`, token: staffToken });
    expect(badDate.statusCode).toBe(422);
  });

  it('revoked, keep the expenses already entered and take no more; revoking twice changes nothing', async () => {
    const authorisation = await authorise(milanId);
    const reportId = await createReport(milanId, '2026-03-02');
    const kept = await entered(reportId, { authorisationId: authorisation.id, amountCents: 3_000 });
    const url = `${authorisationsUrl(milanId)}/${authorisation.id}/revoke`;
    const staffRevoke = await api(test.app, { method: 'POST', url, token: staffToken });
    expect(staffRevoke.statusCode).toBe(403);
    const revoked = await api(test.app, { method: 'POST', url, token: accountingToken });
    expect(revoked.statusCode, revoked.body).toBe(200);
    expect(revoked.json().data).toMatchObject({
      id: authorisation.id,
      usedCents: 3_000,
      revokedAt: expect.any(String),
    });
    const again = await api(test.app, { method: 'POST', url, token: accountingToken });
    expect(again.json().data.revokedAt).toBe(revoked.json().data.revokedAt);

    expect(await test.db.select().from(expenses).where(eq(expenses.id, kept.id))).toHaveLength(1);
    const more = await enter(reportId, { authorisationId: authorisation.id, amountCents: 100 });
    expect(more.statusCode).toBe(422);
    expect(more.json().code).toBe('expenseNotAuthorised');
    expect(
      (await auditOf('expenseAuthorisation', authorisation.id)).map((row) => [row.action, row.fromState, row.toState]),
    ).toEqual([
      ['expenseAuthorisation.created', null, 'authorised'],
      ['expenseAuthorisation.revoked', 'authorised', 'revoked'],
    ]);

    // Used, it can only be revoked; an unused one given by mistake is deleted.
    const used = await api(test.app, {
      method: 'DELETE',
      url: `${authorisationsUrl(milanId)}/${authorisation.id}`,
      token: accountingToken,
    });
    expect(used.statusCode).toBe(409);
    expect(used.json()).toEqual({
      code: 'expenseAuthorisationUsed',
      message: "L'autorizzazione è già stata usata per delle spese: si può solo revocare.",
    });
    const mistake = await authorise(milanId, { description: 'Sbagliata' });
    const deleted = await api(test.app, {
      method: 'DELETE',
      url: `${authorisationsUrl(milanId)}/${mistake.id}`,
      token: accountingToken,
    });
    expect(deleted.statusCode).toBe(200);
    expect(await test.db.select().from(expenseAuthorisations).where(eq(expenseAuthorisations.id, mistake.id))).toEqual(
      [],
    );
    expect((await auditOf('expenseAuthorisation', mistake.id)).map((row) => row.action)).toEqual([
      'expenseAuthorisation.created',
      'expenseAuthorisation.deleted',
    ]);
  });

  it('answer 403 without the ability and 404 for a shop outside the viewer’s', async () => {
    const staffCreate = await api(test.app, {
      method: 'POST',
      url: authorisationsUrl(milanId),
      token: staffToken,
      body: { description: 'Da sola', maxAmountCents: 100, validFrom: '2026-03-01', validTo: '2026-03-02' },
    });
    expect(staffCreate.statusCode).toBe(403);
    const noView = await createUserWithAbilities(test.db, ['shops.costsIncurred.add'], { shops: ['MI01'] });
    const noViewToken = await signIn(test.app, noView.username);
    expect((await api(test.app, { url: authorisationsUrl(milanId), token: noViewToken })).statusCode).toBe(403);

    const naples = await authorise(naplesId);
    const list = await api(test.app, { url: authorisationsUrl(naplesId), token: staffToken });
    expect(list.statusCode).toBe(404);
    expect(list.json()).toEqual({ code: 'notFound', message: 'Elemento non trovato.' });
    const milanManager = await createUserWithAbilities(test.db, ['shops.costsIncurred.check'], { shops: ['MI01'] });
    const managerToken = await signIn(test.app, milanManager.username);
    const create = await api(test.app, {
      method: 'POST',
      url: authorisationsUrl(naplesId),
      token: managerToken,
      body: { description: 'Altrui', maxAmountCents: 100, validFrom: '2026-03-01', validTo: '2026-03-02' },
    });
    expect(create.statusCode).toBe(404);
    const revokeOther = await api(test.app, {
      method: 'POST',
      url: `${authorisationsUrl(naplesId)}/${naples.id}/revoke`,
      token: managerToken,
    });
    expect(revokeOther.statusCode).toBe(404);
    // Naples' authorisation reached through the manager's own shop is not found either.
    const crossed = await api(test.app, {
      method: 'POST',
      url: `${authorisationsUrl(milanId)}/${naples.id}/revoke`,
      token: managerToken,
    });
    expect(crossed.statusCode).toBe(404);
    expect((await authorisationOf(naplesId, naples.id)).revokedAt).toBeNull();
  });
});

describe('expenses of a daily cash report', () => {
  it('are entered on the report’s day within the authorisation, raise the report’s version and are audited', async () => {
    const authorisation = await authorise(milanId, { description: 'Detersivi', maxAmountCents: 5_000 });
    const reportId = await createReport(milanId, '2026-03-10');
    const before = await reportRow(reportId);

    const response = await enter(reportId, {
      authorisationId: authorisation.id,
      amountCents: 3_750,
      comments: ' Scontrino n. 12 ',
    });
    expect(response.statusCode, response.body).toBe(201);
    const expense = response.json().data;
    expect(expense).toEqual({
      id: expect.any(Number),
      reportId,
      shopId: milanId,
      authorisationId: authorisation.id,
      authorisation: 'Detersivi',
      amountCents: 3_750,
      comments: 'Scontrino n. 12',
      date: '2026-03-10',
      insertedBy: 'Marco Rossi',
      blocked: false,
      convalidatedAt: null,
      createdAt: expect.any(String),
    });
    const after = await reportRow(reportId);
    expect(after.version).toBe(before.version + 1);
    expect(after.updatedAt.getTime()).toBeGreaterThanOrEqual(before.updatedAt.getTime());
    expect((await authorisationOf(milanId, authorisation.id)).usedCents).toBe(3_750);

    const listed = await api(test.app, { url: expensesUrl(reportId), token: staffToken });
    expect(listed.statusCode).toBe(200);
    expect(listed.json().data).toEqual([expense]);

    // 12,50 € are left: more is refused with what is left, exactly that is taken.
    const over = await enter(reportId, { authorisationId: authorisation.id, amountCents: 1_251 });
    expect(over.statusCode).toBe(422);
    expect(over.json()).toEqual({
      code: 'expenseOverAuthorisation',
      message: "La spesa supera quanto resta dell'autorizzazione: al massimo € 12,50.",
    });
    const overEnglish = await api(test.app, {
      method: 'POST',
      url: expensesUrl(reportId),
      token: staffToken,
      lng: 'en',
      body: { authorisationId: authorisation.id, amountCents: 1_251 },
    });
    expect(overEnglish.json().message).toBe('The expense exceeds what is left of the authorisation: at most € 12,50.');
    await entered(reportId, { authorisationId: authorisation.id, amountCents: 1_250 });
    expect((await reportRow(reportId)).version).toBe(before.version + 2);

    expect(await auditOf('expense', expense.id)).toEqual([
      expect.objectContaining({
        action: 'expense.created',
        toState: 'entered',
        data: {
          reportId,
          authorisationId: authorisation.id,
          amountCents: 3_750,
          comments: 'Scontrino n. 12',
          correction: false,
        },
      }),
    ]);
  });

  it('need an authorisation of the report’s shop, valid on its day and not revoked', async () => {
    const reportId = await createReport(milanId, '2026-03-11');
    const naples = await authorise(naplesId);
    const april = await authorise(milanId, { validFrom: '2026-04-01', validTo: '2026-04-30' });
    const ended = await authorise(milanId, { validFrom: '2026-03-01', validTo: '2026-03-10' });

    const otherShop = await enter(reportId, { authorisationId: naples.id, amountCents: 100 });
    expect(otherShop.statusCode).toBe(422);
    expect(otherShop.json()).toEqual({
      code: 'expenseNotAuthorised',
      message: "La spesa deve avere un'autorizzazione della direzione valida per questo giorno e per questo negozio.",
    });
    for (const authorisationId of [april.id, ended.id, 999_999]) {
      const refused = await enter(reportId, { authorisationId, amountCents: 100 });
      expect(refused.json().code).toBe('expenseNotAuthorised');
    }
    const tooMuch = await enter(reportId, { authorisationId: ended.id, amountCents: 10_000_001 });
    expect(tooMuch.statusCode).toBe(422);
    expect(tooMuch.json().code).toBe('validation');
    expect(await test.db.select().from(expenses).where(eq(expenses.reportId, reportId))).toEqual([]);
    expect((await reportRow(reportId)).version).toBe(0);
  });

  it('are changed and deleted, not once accounting blocked them; blocking leaves the version alone', async () => {
    const authorisation = await authorise(milanId, { maxAmountCents: 10_000 });
    const other = await authorise(milanId, { description: 'Altro', maxAmountCents: 2_000 });
    const reportId = await createReport(milanId, '2026-03-12');
    const expense = await entered(reportId, { authorisationId: authorisation.id, amountCents: 6_000 });
    await entered(reportId, { authorisationId: authorisation.id, amountCents: 3_000 });
    const url = `${expensesUrl(reportId)}/${expense.id}`;

    // Its own amount is free again when it changes: 7,000 of 10,000 with the other 3,000.
    const changed = await api(test.app, {
      method: 'PUT',
      url,
      token: staffToken,
      body: { authorisationId: authorisation.id, amountCents: 7_000, comments: 'Corretto' },
    });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json().data).toMatchObject({ amountCents: 7_000, comments: 'Corretto' });
    const over = await api(test.app, {
      method: 'PUT',
      url,
      token: staffToken,
      body: { authorisationId: authorisation.id, amountCents: 7_001 },
    });
    expect(over.json()).toMatchObject({ code: 'expenseOverAuthorisation' });
    expect(over.json().message).toContain('€ 70,00');
    const moved = await api(test.app, {
      method: 'PUT',
      url,
      token: staffToken,
      body: { authorisationId: other.id, amountCents: 2_001 },
    });
    expect(moved.json().message).toContain('€ 20,00');
    const revokedOther = await authorise(milanId, { description: 'Poi revocata' });
    await api(test.app, {
      method: 'POST',
      url: `${authorisationsUrl(milanId)}/${revokedOther.id}/revoke`,
      token: accountingToken,
    });
    const onRevoked = await api(test.app, {
      method: 'PUT',
      url,
      token: staffToken,
      body: { authorisationId: revokedOther.id, amountCents: 100 },
    });
    expect(onRevoked.json().code).toBe('expenseNotAuthorised');
    expect((await reportRow(reportId)).version).toBe(3);

    const staffBlock = await api(test.app, { method: 'POST', url: `${url}/block`, token: staffToken });
    expect(staffBlock.statusCode).toBe(403);
    const blocked = await api(test.app, { method: 'POST', url: `${url}/block`, token: accountingToken });
    expect(blocked.statusCode, blocked.body).toBe(200);
    expect(blocked.json().data.blocked).toBe(true);
    expect((await reportRow(reportId)).version).toBe(3);
    const put = await api(test.app, {
      method: 'PUT',
      url,
      token: staffToken,
      body: { authorisationId: authorisation.id, amountCents: 100 },
    });
    expect(put.statusCode).toBe(409);
    expect(put.json()).toEqual({
      code: 'expenseBlocked',
      message: 'La spesa è bloccata dalla contabilità: non si può modificare né eliminare.',
    });
    const removeBlocked = await api(test.app, { method: 'DELETE', url, token: staffToken });
    expect(removeBlocked.statusCode).toBe(409);
    expect(removeBlocked.json().code).toBe('expenseBlocked');

    const unblocked = await api(test.app, { method: 'POST', url: `${url}/unblock`, token: accountingToken });
    expect(unblocked.json().data.blocked).toBe(false);
    const removed = await api(test.app, { method: 'DELETE', url, token: staffToken });
    expect(removed.statusCode).toBe(200);
    expect(removed.json()).toEqual({ data: { ok: true } });
    expect((await reportRow(reportId)).version).toBe(4);
    expect((await authorisationOf(milanId, authorisation.id)).usedCents).toBe(3_000);
    expect((await api(test.app, { method: 'DELETE', url, token: staffToken })).statusCode).toBe(404);

    const audit = await auditOf('expense', expense.id);
    expect(audit.map((row) => [row.action, row.fromState, row.toState])).toEqual([
      ['expense.created', null, 'entered'],
      ['expense.updated', null, null],
      ['expense.blocked', 'unblocked', 'blocked'],
      ['expense.unblocked', 'blocked', 'unblocked'],
      ['expense.deleted', 'entered', null],
    ]);
    expect(audit[1]?.data).toMatchObject({
      from: { amountCents: 6_000, comments: '' },
      to: { amountCents: 7_000, comments: 'Corretto' },
    });
  });

  it('entered at once against one authorisation never spend more than it allows', async () => {
    const authorisation = await authorise(milanId, { description: 'Contesa', maxAmountCents: 10_000 });
    const firstDay = await createReport(milanId, '2026-03-13');
    const secondDay = await createReport(milanId, '2026-03-14');
    const answers = await Promise.all([
      enter(firstDay, { authorisationId: authorisation.id, amountCents: 6_000 }),
      enter(secondDay, { authorisationId: authorisation.id, amountCents: 6_000 }, adminToken),
      enter(firstDay, { authorisationId: authorisation.id, amountCents: 6_000 }, adminToken),
      enter(secondDay, { authorisationId: authorisation.id, amountCents: 4_000 }),
    ]);
    const statuses = answers.map((answer) => answer.statusCode);
    expect(statuses.filter((status) => status === 201).length).toBeGreaterThanOrEqual(1);
    for (const answer of answers.filter((item) => item.statusCode !== 201)) {
      expect(answer.json().code).toBe('expenseOverAuthorisation');
    }
    const rows = await test.db.select().from(expenses).where(eq(expenses.authorisationId, authorisation.id));
    const total = rows.reduce((sum, row) => sum + row.amountCents, 0);
    expect(total).toBeLessThanOrEqual(10_000);
    expect(rows).toHaveLength(statuses.filter((status) => status === 201).length);
  });

  it('of a closed day are locked, except for those who may edit reports (audited as a correction)', async () => {
    const authorisation = await authorise(milanId, { description: 'Chiusa' });
    const reportId = await createReport(milanId, '2026-03-15');
    const expense = await entered(reportId, { authorisationId: authorisation.id, amountCents: 1_000 });
    await test.db.update(cashReports).set({ status: 'closed' }).where(eq(cashReports.id, reportId));
    const url = `${expensesUrl(reportId)}/${expense.id}`;

    const refused = await enter(reportId, { authorisationId: authorisation.id, amountCents: 100 });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().code).toBe('cashReportClosed');
    const put = await api(test.app, {
      method: 'PUT',
      url,
      token: staffToken,
      body: { authorisationId: authorisation.id, amountCents: 500 },
    });
    expect(put.json().code).toBe('cashReportClosed');
    expect((await api(test.app, { method: 'DELETE', url, token: staffToken })).json().code).toBe('cashReportClosed');
    // Accounting checks a closed day.
    expect((await api(test.app, { method: 'POST', url: `${url}/block`, token: accountingToken })).statusCode).toBe(200);
    await api(test.app, { method: 'POST', url: `${url}/unblock`, token: accountingToken });

    const corrected = await api(test.app, {
      method: 'PUT',
      url,
      token: adminToken,
      body: { authorisationId: authorisation.id, amountCents: 500, comments: 'Importo corretto' },
    });
    expect(corrected.statusCode, corrected.body).toBe(200);
    const audit = await auditOf('expense', expense.id);
    expect(audit.at(-1)?.data).toMatchObject({ correction: true });
    expect(await auditOf('cashReport', reportId)).toEqual([
      expect.objectContaining({
        action: 'cashReport.contentCorrected',
        fromState: 'closed',
        toState: 'closed',
        data: { entity: 'expense', entityId: expense.id, change: 'updated' },
      }),
    ]);
  });

  it('answer 403 without the ability and 404 for another shop’s report', async () => {
    const milanReport = await createReport(milanId, '2026-03-16');
    const viewer = await createUserWithAbilities(test.db, ['shops.costsIncurred.view'], { shops: ['MI01'] });
    const viewerToken = await signIn(test.app, viewer.username);
    expect((await api(test.app, { url: expensesUrl(milanReport), token: viewerToken })).statusCode).toBe(200);
    const authorisation = await authorise(milanId);
    const refused = await enter(milanReport, { authorisationId: authorisation.id, amountCents: 100 }, viewerToken);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({ code: 'forbidden', message: 'Non hai il permesso per questa operazione.' });
    const adder = await createUserWithAbilities(test.db, ['shops.costsIncurred.add'], { shops: ['MI01'] });
    const adderToken = await signIn(test.app, adder.username);
    expect((await api(test.app, { url: expensesUrl(milanReport), token: adderToken })).statusCode).toBe(403);
    expect(
      (await api(test.app, { method: 'POST', url: `${expensesUrl(milanReport)}/1/block`, token: adderToken }))
        .statusCode,
    ).toBe(403);

    const naplesReport = await createReport(naplesId, '2026-03-16');
    const naplesAuthorisation = await authorise(naplesId);
    const naplesExpense = await entered(
      naplesReport,
      { authorisationId: naplesAuthorisation.id, amountCents: 100 },
      adminToken,
    );
    const url = `${expensesUrl(naplesReport)}/${naplesExpense.id}`;
    const list = await api(test.app, { url: expensesUrl(naplesReport), token: staffToken });
    expect(list.statusCode).toBe(404);
    expect(list.json().code).toBe('notFound');
    expect((await enter(naplesReport, { authorisationId: naplesAuthorisation.id, amountCents: 100 })).statusCode).toBe(
      404,
    );
    const body = { authorisationId: naplesAuthorisation.id, amountCents: 50 };
    expect((await api(test.app, { method: 'PUT', url, token: staffToken, body })).statusCode).toBe(404);
    expect((await api(test.app, { method: 'DELETE', url, token: staffToken })).statusCode).toBe(404);
    const milanChecker = await createUserWithAbilities(test.db, ['shops.costsIncurred.check'], { shops: ['MI01'] });
    const checkerToken = await signIn(test.app, milanChecker.username);
    expect((await api(test.app, { method: 'POST', url: `${url}/block`, token: checkerToken })).statusCode).toBe(404);
    // Naples' expense through a Milan report is not found either.
    const crossed = `${expensesUrl(milanReport)}/${naplesExpense.id}`;
    expect((await api(test.app, { method: 'DELETE', url: crossed, token: staffToken })).statusCode).toBe(404);
    expect(await test.db.select().from(expenses).where(eq(expenses.id, naplesExpense.id))).toHaveLength(1);
  });
});
