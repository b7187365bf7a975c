// Invoice requests of a daily cash report: entered from a sales receipt of the report's shop and day (one per
// receipt), changed and deleted while the day is open, blocked and unblocked by accounting; scoped to the
// viewer's shops, locked with a closed day except for those who may edit reports; every change audited.
import type { CashReportStatus } from '@bottega/contracts/cash-register';
import type { InvoiceBody } from '@bottega/contracts/invoices';
import type { ReceiptRecordInput } from '@bottega/contracts/sales';
import { and, asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, createTestApp, createUserWithAbilities, findShopId, signIn, type TestApp } from '../../../test/harness';
import { auditLog } from '../../platform/audit.schema';
import { cashReports } from '../cash-register/cash-register.schema';
import { receipts } from '../sales/sales.schema';
import { ingestReceipts } from '../sales/sales-ingest.service';
import { invoiceRequests } from './invoices.schema';

let test: TestApp;
let adminToken: string;
/** Marco Rossi, Dipendente of MI01 and MI02: enters invoices, cannot check them. */
let staffToken: string;
/** Laura Bianchi, Contabilità: checks (blocks) invoices, every shop. */
let accountingToken: string;
let milanId: number;
let naplesId: number;

const day = '2026-03-10';
const nextDay = '2026-03-11';

/** A receipt of register R1: a sale of 25,00 paid in cash, a return of it, or a cancelled one. */
function receipt(receiptNumber: number, type: 'sale' | 'return' | 'cancelled', date = day): ReceiptRecordInput {
  const sign = type === 'return' ? -1 : 1;
  const totalCents = sign * (2000 + receiptNumber * 100);
  return {
    registerCode: 'R1',
    businessDate: date,
    issuedAt: `${date}T10:${String(receiptNumber).padStart(2, '0')}:00+01:00`,
    receiptNumber,
    sequenceNumber: receiptNumber,
    type,
    employee: null,
    totalCents,
    pieces: sign,
    lines: [
      {
        productCode: 'P1',
        quantity: sign,
        unitPriceCents: Math.abs(totalCents),
        subtotalCents: totalCents,
        vatRate: 2200,
      },
    ],
    payments: type === 'cancelled' ? [] : [{ method: 'cash', amountCents: totalCents }],
  };
}

async function ingest(shopId: number, records: ReceiptRecordInput[]): Promise<void> {
  const result = await ingestReceipts({ db: test.db, shopId, clientId: null, records, lng: 'it' });
  expect(result.rejected).toEqual([]);
}

async function receiptId(shopId: number, date: string, receiptNumber: number): Promise<number> {
  const [row] = await test.db
    .select({ id: receipts.id })
    .from(receipts)
    .where(
      and(eq(receipts.shopId, shopId), eq(receipts.businessDate, date), eq(receipts.receiptNumber, receiptNumber)),
    );
  if (!row) throw new Error(`no receipt ${receiptNumber} of ${date}`);
  return row.id;
}

/** The day's report, inserted directly (the report's own routes are tested with the cash register). */
async function createReport(shopId: number, businessDate: string, status: CashReportStatus = 'open'): Promise<number> {
  const [row] = await test.db
    .insert(cashReports)
    .values({ shopId, businessDate, status })
    .returning({ id: cashReports.id });
  return (row as { id: number }).id;
}

/** The shop's report of the day, created when missing. */
async function reportFor(shopId: number, businessDate: string): Promise<number> {
  const [row] = await test.db
    .select({ id: cashReports.id })
    .from(cashReports)
    .where(and(eq(cashReports.shopId, shopId), eq(cashReports.businessDate, businessDate)));
  return row?.id ?? createReport(shopId, businessDate);
}

async function setStatus(reportId: number, status: CashReportStatus): Promise<void> {
  await test.db.update(cashReports).set({ status }).where(eq(cashReports.id, reportId));
}

function person(receiptIdValue: number, overrides: Partial<InvoiceBody> = {}): InvoiceBody {
  return {
    receiptId: receiptIdValue,
    customerType: 'person',
    name: 'Mario',
    surname: 'Rossi',
    fiscalCode: 'rssmra85t10a562s',
    street: 'Via Torino',
    streetNumber: '12',
    cap: '20123',
    city: 'Milano',
    province: 'mi',
    email: 'mario.rossi@example.com',
    ...overrides,
  };
}

function company(receiptIdValue: number, overrides: Partial<InvoiceBody> = {}): InvoiceBody {
  return {
    receiptId: receiptIdValue,
    customerType: 'company',
    name: 'Bottega Moda S.r.l.',
    vatNumber: '10945670965',
    street: 'Corso Buenos Aires',
    streetNumber: '3',
    cap: '20124',
    city: 'Milano',
    province: 'MI',
    sdiCode: 'm5uxcr1',
    ...overrides,
  };
}

const invoicesUrl = (reportId: number) => `/api/cash-reports/${reportId}/invoices`;

function post(reportId: number, body: unknown, token = staffToken) {
  return api(test.app, { method: 'POST', url: invoicesUrl(reportId), token, body });
}

async function created(reportId: number, body: InvoiceBody, token = staffToken) {
  const response = await post(reportId, body, token);
  expect(response.statusCode, response.body).toBe(201);
  return response.json().data as { id: number; blocked: boolean };
}

async function auditOf(invoiceId: number) {
  return test.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.entity, 'invoiceRequest'), eq(auditLog.entityId, String(invoiceId))))
    .orderBy(asc(auditLog.id));
}

beforeAll(async () => {
  test = await createTestApp();
  [adminToken, staffToken, accountingToken] = await Promise.all([
    signIn(test.app, 'admin'),
    signIn(test.app, 'dipendente'),
    signIn(test.app, 'contabilita'),
  ]);
  milanId = await findShopId(test.db, 'MI01');
  naplesId = await findShopId(test.db, 'NA01');
  await ingest(milanId, [
    ...Array.from({ length: 12 }, (_, index) => receipt(index + 1, 'sale')),
    receipt(20, 'return'),
    receipt(21, 'cancelled'),
  ]);
  await ingest(milanId, [receipt(1, 'sale', nextDay)]);
  await ingest(naplesId, [receipt(1, 'sale')]);
});
afterAll(() => test?.close());

describe('invoice requests', () => {
  it('turns a sale of the day into a request with the receipt’s number, register, date and amount; audited', async () => {
    const reportId = await reportFor(milanId, day);
    const sale = await receiptId(milanId, day, 1);
    const response = await post(reportId, person(sale));
    expect(response.statusCode, response.body).toBe(201);
    const invoice = response.json().data;
    expect(invoice).toEqual({
      id: expect.any(Number),
      reportId,
      shopId: milanId,
      receiptId: sale,
      receiptNumber: 1,
      registerCode: 'R1',
      receiptDate: day,
      amountCents: 2100,
      customerType: 'person',
      name: 'Mario',
      surname: 'Rossi',
      fiscalCode: 'RSSMRA85T10A562S',
      vatNumber: '',
      street: 'Via Torino',
      streetNumber: '12',
      cap: '20123',
      city: 'Milano',
      province: 'MI',
      state: 'IT',
      email: 'mario.rossi@example.com',
      telephone: '',
      sdiCode: '',
      pec: '',
      blocked: false,
      createdBy: 'Marco Rossi',
      createdAt: expect.any(String),
      number: null,
      year: null,
      invoiceDate: null,
      confirmedBy: null,
      confirmedAt: null,
    });
    const business = await created(reportId, company(await receiptId(milanId, day, 2)));

    const listed = await api(test.app, { url: invoicesUrl(reportId), token: staffToken });
    expect(listed.statusCode).toBe(200);
    expect(listed.json().data.map((item: { id: number }) => item.id)).toEqual([invoice.id, business.id]);
    expect(listed.json().data[1]).toMatchObject({ customerType: 'company', sdiCode: 'M5UXCR1', amountCents: 2200 });

    const [entry] = await auditOf(invoice.id);
    expect(entry).toMatchObject({
      action: 'invoiceRequest.created',
      toState: 'requested',
      data: { reportId, receiptId: sale, customerType: 'person', correction: false },
    });
  });

  it('validates the customer’s data: a person needs a fiscal code, a business a VAT number and an SDI code or PEC', async () => {
    const reportId = await createReport(milanId, '2026-03-01');
    const sale = await receiptId(milanId, day, 3);
    const noFiscalCode = await post(reportId, person(sale, { fiscalCode: '' }));
    expect(noFiscalCode.statusCode).toBe(422);
    expect(noFiscalCode.json()).toMatchObject({ code: 'validation', errors: { fiscalCode: ['Campo obbligatorio.'] } });
    const noRecipient = await post(reportId, company(sale, { sdiCode: '', pec: '' }));
    expect(noRecipient.json().errors).toEqual({ sdiCode: ['Campo obbligatorio.'] });
    const badCode = await post(reportId, company(sale, { sdiCode: 'ABC' }));
    expect(badCode.json().errors.sdiCode).toEqual([
      'Codice destinatario SDI: 7 lettere o cifre (0000000 se la fattura va alla PEC).',
    ]);
    const withPec = await post(reportId, company(sale, { sdiCode: '0000000', pec: 'fatture@pec.example.it' }));
    // Valid now, and refused only because the receipt is of another day than this report's.
    expect(withPec.json().code).toBe('invoiceReceiptNotInReport');
  });

  it('takes only a sale of the report’s shop and day, once', async () => {
    const reportId = await createReport(milanId, '2026-03-02');
    const otherReportId = await reportFor(milanId, nextDay);

    const otherDay = await post(reportId, person(await receiptId(milanId, day, 4)));
    expect(otherDay.statusCode).toBe(422);
    expect(otherDay.json()).toEqual({
      code: 'invoiceReceiptNotInReport',
      message: 'Lo scontrino non appartiene a questa giornata di questo negozio.',
    });
    const otherShop = await post(otherReportId, person(await receiptId(naplesId, day, 1)), adminToken);
    expect(otherShop.json().code).toBe('invoiceReceiptNotInReport');
    const unknown = await post(otherReportId, person(999_999));
    expect(unknown.json().code).toBe('invoiceReceiptNotInReport');

    const dayReport = await reportFor(milanId, day);
    const refund = await post(dayReport, person(await receiptId(milanId, day, 20)));
    expect(refund.statusCode).toBe(422);
    expect(refund.json()).toEqual({
      code: 'invoiceReceiptNotInvoiceable',
      message: 'Si può fatturare solo uno scontrino di vendita, non un reso né un annullo.',
    });
    const cancelled = await post(dayReport, person(await receiptId(milanId, day, 21)));
    expect(cancelled.json().code).toBe('invoiceReceiptNotInvoiceable');

    const sale = await receiptId(milanId, day, 5);
    await created(dayReport, person(sale));
    const again = await post(dayReport, company(sale));
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({
      code: 'invoiceExists',
      message: 'Per questo scontrino è già stata richiesta una fattura.',
    });

    // Two people asking at once for the same receipt: one request, one 409.
    const twice = await receiptId(milanId, day, 6);
    const answers = await Promise.all([post(dayReport, person(twice)), post(dayReport, company(twice), adminToken)]);
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([201, 409]);
    expect(await test.db.select().from(invoiceRequests).where(eq(invoiceRequests.receiptId, twice))).toHaveLength(1);
  });

  it('changes and deletes a request, not once accounting blocked it; block and unblock are audited', async () => {
    const reportId = await reportFor(milanId, day);
    const first = await receiptId(milanId, day, 7);
    const invoice = await created(reportId, person(first));
    const url = `${invoicesUrl(reportId)}/${invoice.id}`;

    // Another receipt of the day, the customer moved.
    const second = await receiptId(milanId, day, 8);
    const changed = await api(test.app, {
      method: 'PUT',
      url,
      token: staffToken,
      body: person(second, { street: 'Via Dante', streetNumber: '1' }),
    });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json().data).toMatchObject({
      receiptId: second,
      receiptNumber: 8,
      amountCents: 2800,
      street: 'Via Dante',
    });
    const taken = await receiptId(milanId, day, 9);
    await created(reportId, person(taken));
    const onTaken = await api(test.app, { method: 'PUT', url, token: staffToken, body: person(taken) });
    expect(onTaken.statusCode).toBe(409);
    expect(onTaken.json().code).toBe('invoiceExists');

    const blocked = await api(test.app, { method: 'POST', url: `${url}/block`, token: accountingToken });
    expect(blocked.statusCode, blocked.body).toBe(200);
    expect(blocked.json().data.blocked).toBe(true);
    const put = await api(test.app, { method: 'PUT', url, token: staffToken, body: person(second) });
    expect(put.statusCode).toBe(409);
    expect(put.json()).toEqual({
      code: 'invoiceBlocked',
      message: 'La fattura è bloccata dalla contabilità: non si può modificare né eliminare.',
    });
    const removeBlocked = await api(test.app, { method: 'DELETE', url, token: staffToken });
    expect(removeBlocked.statusCode).toBe(409);
    expect(removeBlocked.json().code).toBe('invoiceBlocked');
    // Shop staff cannot check invoices.
    const staffUnblock = await api(test.app, { method: 'POST', url: `${url}/unblock`, token: staffToken });
    expect(staffUnblock.statusCode).toBe(403);

    const unblocked = await api(test.app, { method: 'POST', url: `${url}/unblock`, token: accountingToken });
    expect(unblocked.json().data.blocked).toBe(false);
    const removed = await api(test.app, { method: 'DELETE', url, token: staffToken });
    expect(removed.statusCode).toBe(200);
    expect(removed.json()).toEqual({ data: { ok: true } });
    expect(await test.db.select().from(invoiceRequests).where(eq(invoiceRequests.id, invoice.id))).toEqual([]);
    expect((await api(test.app, { method: 'DELETE', url, token: staffToken })).statusCode).toBe(404);

    const audit = await auditOf(invoice.id);
    expect(audit.map((row) => [row.action, row.fromState, row.toState])).toEqual([
      ['invoiceRequest.created', null, 'requested'],
      ['invoiceRequest.updated', null, null],
      ['invoiceRequest.blocked', 'unblocked', 'blocked'],
      ['invoiceRequest.unblocked', 'blocked', 'unblocked'],
      ['invoiceRequest.deleted', 'requested', null],
    ]);
    expect(audit[1]?.data).toMatchObject({
      changed: { receiptId: { from: first, to: second }, street: { from: 'Via Torino', to: 'Via Dante' } },
    });
    expect(audit.every((row) => row.actorId !== null)).toBe(true);
  });

  it('keeps a closed day’s invoices locked, except for those who may edit reports (audited as a correction)', async () => {
    const reportId = await createReport(milanId, '2026-03-12');
    await ingest(milanId, [receipt(1, 'sale', '2026-03-12'), receipt(2, 'sale', '2026-03-12')]);
    const sale = await receiptId(milanId, '2026-03-12', 1);
    const invoice = await created(reportId, person(sale));
    await setStatus(reportId, 'closed');

    const refused = await post(reportId, person(await receiptId(milanId, '2026-03-12', 2)));
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toEqual({
      code: 'cashReportClosed',
      message:
        'La giornata è chiusa e non si può più modificare: le correzioni le fa chi può modificare i report, indicando il motivo.',
    });
    const url = `${invoicesUrl(reportId)}/${invoice.id}`;
    expect((await api(test.app, { method: 'PUT', url, token: staffToken, body: person(sale) })).json().code).toBe(
      'cashReportClosed',
    );
    expect((await api(test.app, { method: 'DELETE', url, token: staffToken })).json().code).toBe('cashReportClosed');

    // Accounting checks a closed day: blocking is not an edit of it.
    const blocked = await api(test.app, { method: 'POST', url: `${url}/block`, token: accountingToken });
    expect(blocked.statusCode, blocked.body).toBe(200);
    await api(test.app, { method: 'POST', url: `${url}/unblock`, token: accountingToken });

    const corrector = await createUserWithAbilities(
      test.db,
      ['shops.cashRegister.dailyClose', 'shops.analytics.editReports', 'shops.invoices.view'],
      { shops: ['MI01'] },
    );
    const correctorToken = await signIn(test.app, corrector.username);
    const corrected = await post(reportId, company(await receiptId(milanId, '2026-03-12', 2)), correctorToken);
    expect(corrected.statusCode, corrected.body).toBe(201);
    const [entry] = await auditOf(corrected.json().data.id);
    expect(entry?.data).toMatchObject({ correction: true });
    const reportAudit = await test.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity, 'cashReport'), eq(auditLog.entityId, String(reportId))));
    expect(reportAudit).toEqual([
      expect.objectContaining({
        action: 'cashReport.contentCorrected',
        actorId: corrector.id,
        fromState: 'closed',
        toState: 'closed',
        data: { entity: 'invoiceRequest', entityId: corrected.json().data.id, change: 'created' },
      }),
    ]);
  });

  it('answers 403 without the route’s ability', async () => {
    const reportId = await createReport(milanId, '2026-03-04');
    const viewer = await createUserWithAbilities(test.db, ['shops.invoices.view'], { shops: ['MI01'] });
    const viewerToken = await signIn(test.app, viewer.username);
    expect((await api(test.app, { url: invoicesUrl(reportId), token: viewerToken })).statusCode).toBe(200);
    const refused = await post(reportId, person(await receiptId(milanId, day, 10)), viewerToken);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({ code: 'forbidden', message: 'Non hai il permesso per questa operazione.' });
    expect(
      (await api(test.app, { method: 'PUT', url: `${invoicesUrl(reportId)}/1`, token: viewerToken, body: person(1) }))
        .statusCode,
    ).toBe(403);
    expect(
      (await api(test.app, { method: 'DELETE', url: `${invoicesUrl(reportId)}/1`, token: viewerToken })).statusCode,
    ).toBe(403);
    expect(
      (await api(test.app, { method: 'POST', url: `${invoicesUrl(reportId)}/1/block`, token: viewerToken })).statusCode,
    ).toBe(403);

    const closer = await createUserWithAbilities(test.db, ['shops.cashRegister.dailyClose'], { shops: ['MI01'] });
    const closerToken = await signIn(test.app, closer.username);
    expect((await api(test.app, { url: invoicesUrl(reportId), token: closerToken })).statusCode).toBe(403);
    expect((await api(test.app, { url: invoicesUrl(reportId) })).statusCode).toBe(401);
  });

  it('answers 404 for another shop’s report and for an invoice of another report', async () => {
    const naplesReport = await createReport(naplesId, day);
    const naplesInvoice = await created(naplesReport, person(await receiptId(naplesId, day, 1)), adminToken);
    const url = `${invoicesUrl(naplesReport)}/${naplesInvoice.id}`;

    const list = await api(test.app, { url: invoicesUrl(naplesReport), token: staffToken });
    expect(list.statusCode).toBe(404);
    expect(list.json()).toEqual({ code: 'notFound', message: 'Elemento non trovato.' });
    expect((await post(naplesReport, person(await receiptId(naplesId, day, 1)))).statusCode).toBe(404);
    expect((await api(test.app, { method: 'PUT', url, token: staffToken, body: person(1) })).statusCode).toBe(404);
    expect((await api(test.app, { method: 'DELETE', url, token: staffToken })).statusCode).toBe(404);
    const milanChecker = await createUserWithAbilities(test.db, ['shops.invoices.check'], { shops: ['MI01'] });
    const checkerToken = await signIn(test.app, milanChecker.username);
    expect((await api(test.app, { method: 'POST', url: `${url}/block`, token: checkerToken })).statusCode).toBe(404);

    // The invoice through a report of the viewer's own shop is not found either.
    const milanReport = await createReport(milanId, '2026-03-05');
    const crossed = `${invoicesUrl(milanReport)}/${naplesInvoice.id}`;
    expect((await api(test.app, { method: 'DELETE', url: crossed, token: staffToken })).statusCode).toBe(404);
    expect((await api(test.app, { method: 'POST', url: `${crossed}/block`, token: accountingToken })).statusCode).toBe(
      404,
    );
    expect(await test.db.select().from(invoiceRequests).where(eq(invoiceRequests.id, naplesInvoice.id))).toHaveLength(
      1,
    );
  });
});
