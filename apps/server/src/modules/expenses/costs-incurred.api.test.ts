// Costs incurred: accounting lists the closed days' expenses not convalidated yet (with authorisation, report and its
// attachments), corrects or deletes them before convalidation (409 after), convalidates one or several (audited), and
// finds them in the month's archive and its CSV. Scoped to the viewer's shops (another shop answers 404).
import type { CashReportStatus } from '@bottega/contracts/cash-register';
import { and, asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, createTestApp, createUserWithAbilities, findShopId, signIn, type TestApp } from '../../../test/harness';
import { auditLog } from '../../platform/audit.schema';
import { cashReportAttachments, cashReports } from '../cash-register/cash-register.schema';
import { expenseAuthorisations, expenses } from './expenses.schema';

let test: TestApp;
let staffToken: string;
let accountingToken: string;
let milanId: number;
let naplesId: number;

beforeAll(async () => {
  test = await createTestApp();
  [staffToken, accountingToken] = await Promise.all([signIn(test.app, 'dipendente'), signIn(test.app, 'contabilita')]);
  milanId = await findShopId(test.db, 'MI01');
  naplesId = await findShopId(test.db, 'NA01');
});
afterAll(() => test?.close());

let nextDay = 1;
/** A report of its own day in April 2026 with one expense against a fresh authorisation of 100 €. */
async function expenseIn(
  shopId: number,
  options: { status?: CashReportStatus; amountCents?: number; day?: number } = {},
): Promise<{ id: number; reportId: number; authorisationId: number; date: string }> {
  const day = options.day ?? nextDay++;
  const date = `2026-04-${String(day).padStart(2, '0')}`;
  const [report] = await test.db
    .insert(cashReports)
    .values({ shopId, businessDate: date, status: options.status ?? 'closed' })
    .onConflictDoUpdate({
      target: [cashReports.shopId, cashReports.businessDate],
      set: { status: options.status ?? 'closed' },
    })
    .returning({ id: cashReports.id });
  const reportId = (report as { id: number }).id;
  const [authorisation] = await test.db
    .insert(expenseAuthorisations)
    .values({ shopId, description: 'Pulizie', maxAmountCents: 10_000, validFrom: '2026-04-01', validTo: '2026-04-30' })
    .returning({ id: expenseAuthorisations.id });
  const authorisationId = (authorisation as { id: number }).id;
  const [expense] = await test.db
    .insert(expenses)
    .values({
      reportId,
      shopId,
      authorisationId,
      amountCents: options.amountCents ?? 2_500,
      date,
      comments: 'Detersivi',
    })
    .returning({ id: expenses.id });
  return { id: (expense as { id: number }).id, reportId, authorisationId, date };
}

async function auditOf(id: number) {
  return test.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.entity, 'expense'), eq(auditLog.entityId, String(id))))
    .orderBy(asc(auditLog.id));
}

const convalidate = (ids: number[], token = accountingToken) =>
  api(test.app, { method: 'POST', url: '/api/costs-incurred/convalidate', token, body: { ids } });

describe('costs incurred to convalidate', () => {
  it('lists the closed days’ expenses not convalidated, with authorisation, report and attachments', async () => {
    const closed = await expenseIn(milanId, { amountCents: 4_000 });
    const open = await expenseIn(milanId, { status: 'open' });
    await test.db.insert(cashReportAttachments).values({
      reportId: closed.reportId,
      storageKey: 'x/receipt.jpg',
      fileName: 'scontrino.jpg',
      contentType: 'image/jpeg',
      size: 10,
    });
    const response = await api(test.app, {
      url: `/api/costs-incurred?shopId=${milanId}&month=2026-04`,
      token: accountingToken,
    });
    expect(response.statusCode, response.body).toBe(200);
    const page = response.json();
    const ids = page.data.map((item: { id: number }) => item.id);
    expect(ids).toContain(closed.id);
    expect(ids).not.toContain(open.id);
    const item = page.data.find((entry: { id: number }) => entry.id === closed.id);
    expect(item).toMatchObject({
      shopId: milanId,
      shopCode: 'MI01',
      date: closed.date,
      amountCents: 4_000,
      comments: 'Detersivi',
      blocked: false,
      authorisation: { id: closed.authorisationId, maxAmountCents: 10_000, usedCents: 4_000, leftCents: 6_000 },
      report: { id: closed.reportId, status: 'closed' },
      attachments: [{ id: expect.any(Number), fileName: 'scontrino.jpg', contentType: 'image/jpeg' }],
      convalidatedAt: null,
      convalidatedBy: null,
    });
    expect(page.totals.count).toBe(page.meta.total);
  });

  it('convalidates several at once, audited, and they leave the list for the archive', async () => {
    const first = await expenseIn(milanId, { amountCents: 1_000 });
    const second = await expenseIn(naplesId, { amountCents: 2_000 });
    const response = await convalidate([first.id, second.id]);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().data).toEqual({ convalidated: 2 });
    const list = await api(test.app, { url: '/api/costs-incurred?perPage=100', token: accountingToken });
    const ids = list.json().data.map((item: { id: number }) => item.id);
    expect(ids).not.toContain(first.id);
    expect(ids).not.toContain(second.id);
    const audit = await auditOf(first.id);
    expect(audit.at(-1)).toMatchObject({
      action: 'expense.convalidated',
      fromState: 'entered',
      toState: 'convalidated',
    });

    const archive = await api(test.app, { url: '/api/costs-incurred/archive?month=2026-04', token: accountingToken });
    expect(archive.statusCode, archive.body).toBe(200);
    const body = archive.json();
    const found = body.data.find((item: { id: number }) => item.id === first.id);
    expect(found).toMatchObject({ convalidatedBy: 'Laura Bianchi', convalidatedAt: expect.any(String) });
    expect(body.shops.map((shop: { shopCode: string }) => shop.shopCode)).toEqual(['MI01', 'NA01']);
    expect(body.totals.amountCents).toBe(
      body.shops.reduce((sum: number, shop: { amountCents: number }) => sum + shop.amountCents, 0),
    );

    const csv = await api(test.app, {
      url: `/api/costs-incurred/archive/export?month=2026-04&shopId=${milanId}`,
      token: accountingToken,
      headers: { 'accept-language': 'it' },
    });
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toContain('text/csv');
    expect(csv.headers['content-disposition']).toContain('spese-sostenute-2026-04.csv');
    const lines = csv.body
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    expect(lines[0]).toBe('Data;Negozio;Importo;Autorizzazione;Note;Inserita da;Convalidata da;Convalidata il');
    expect(lines.some((line) => line.startsWith(`${first.date.split('-').reverse().join('/')};MI01`))).toBe(true);
    expect(lines.at(-1)).toMatch(/^Totale;;\d+,\d\d;/);
    expect(csv.body).not.toContain('NA01');
  });

  it('refuses an open day’s expense and an expense convalidated already (all or none)', async () => {
    const open = await expenseIn(milanId, { status: 'open' });
    const closed = await expenseIn(milanId);
    expect((await convalidate([closed.id, open.id])).json().code).toBe('expenseDayOpen');
    expect((await convalidate([closed.id])).statusCode).toBe(200);
    const again = await convalidate([closed.id]);
    expect(again.statusCode).toBe(409);
    expect(again.json().code).toBe('expenseConvalidated');
    expect((await convalidate([999_999])).statusCode).toBe(404);
  });

  it('edits within the authorisation and deletes before convalidation, 409 after, audited', async () => {
    const cost = await expenseIn(milanId, { amountCents: 3_000 });
    const url = `/api/costs-incurred/${cost.id}`;
    const over = await api(test.app, {
      method: 'PUT',
      url,
      token: accountingToken,
      body: { amountCents: 10_001, comments: '' },
    });
    expect(over.statusCode).toBe(422);
    expect(over.json().code).toBe('expenseOverAuthorisation');
    const edited = await api(test.app, {
      method: 'PUT',
      url,
      token: accountingToken,
      body: { amountCents: 10_000, comments: 'Detersivi e panni' },
    });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json().data).toMatchObject({ amountCents: 10_000, comments: 'Detersivi e panni' });
    expect(edited.json().data.authorisation.leftCents).toBe(0);
    const audit = await auditOf(cost.id);
    expect(audit.at(-1)).toMatchObject({ action: 'expense.updated' });
    const [report] = await test.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity, 'cashReport'), eq(auditLog.entityId, String(cost.reportId))));
    expect(report).toMatchObject({ action: 'cashReport.contentCorrected' });

    expect((await convalidate([cost.id])).statusCode).toBe(200);
    const late = await api(test.app, { method: 'PUT', url, token: accountingToken, body: { amountCents: 100 } });
    expect(late.statusCode).toBe(409);
    expect(late.json().code).toBe('expenseConvalidated');
    const lateDelete = await api(test.app, { method: 'DELETE', url, token: accountingToken });
    expect(lateDelete.statusCode).toBe(409);
    // The shop's own route to the report's expenses is closed too.
    const shopSide = await api(test.app, {
      method: 'DELETE',
      url: `/api/cash-reports/${cost.reportId}/expenses/${cost.id}`,
      token: staffToken,
    });
    expect(shopSide.statusCode).toBe(409);

    const other = await expenseIn(milanId);
    const deleted = await api(test.app, {
      method: 'DELETE',
      url: `/api/costs-incurred/${other.id}`,
      token: accountingToken,
    });
    expect(deleted.statusCode, deleted.body).toBe(200);
    expect(await test.db.select().from(expenses).where(eq(expenses.id, other.id))).toEqual([]);
    expect((await auditOf(other.id)).at(-1)).toMatchObject({ action: 'expense.deleted', fromState: 'entered' });
  });

  it('refuses hostile text with 422', async () => {
    const cost = await expenseIn(milanId);
    for (const comments of ['a\u0000b', 'a\uD800b', 'x'.repeat(501)]) {
      const response = await api(test.app, {
        method: 'PUT',
        url: `/api/costs-incurred/${cost.id}`,
        token: accountingToken,
        body: { amountCents: 100, comments },
      });
      expect(response.statusCode, comments.slice(0, 5)).toBe(422);
    }
  });

  it('answers 403 without the ability and 404 for another shop', async () => {
    expect((await api(test.app, { url: '/api/costs-incurred', token: staffToken })).statusCode).toBe(403);
    expect(
      (await api(test.app, { url: '/api/costs-incurred/archive?month=2026-04', token: staffToken })).statusCode,
    ).toBe(403);
    expect((await convalidate([1], staffToken)).statusCode).toBe(403);
    const checker = await createUserWithAbilities(
      test.db,
      [
        'shops.costsIncurred.check',
        'shops.costsIncurred.edit',
        'shops.costsIncurred.delete',
        'shops.costsIncurred.archive',
      ],
      { shops: ['MI01'] },
    );
    const token = await signIn(test.app, checker.username);
    const naples = await expenseIn(naplesId);
    expect((await api(test.app, { url: `/api/costs-incurred?shopId=${naplesId}`, token })).statusCode).toBe(404);
    expect((await api(test.app, { url: `/api/costs-incurred/${naples.id}`, token })).statusCode).toBe(404);
    expect(
      (await api(test.app, { method: 'PUT', url: `/api/costs-incurred/${naples.id}`, token, body: { amountCents: 1 } }))
        .statusCode,
    ).toBe(404);
    expect((await api(test.app, { method: 'DELETE', url: `/api/costs-incurred/${naples.id}`, token })).statusCode).toBe(
      404,
    );
    expect((await convalidate([naples.id], token)).statusCode).toBe(404);
    const list = await api(test.app, { url: '/api/costs-incurred?perPage=100', token });
    expect(list.json().data.every((item: { shopId: number }) => item.shopId === milanId)).toBe(true);
  });

  it('puts a to-do on accounting’s dashboard', async () => {
    await expenseIn(milanId);
    const response = await api(test.app, { url: '/api/dashboard/todos', token: accountingToken });
    expect(response.statusCode, response.body).toBe(200);
    const todo = response.json().data.find((item: { key: string }) => item.key === 'costsToConvalidate');
    expect(todo).toMatchObject({ link: '/app/costsIncurred/convalidate', oldest: expect.any(String) });
  });
});
