// Accounting's invoices (issue 22): the check list of requests still to confirm, the edit of the customer's
// data, the confirmation that numbers the invoice per company and year (without gaps, also when confirmations
// run at once) and writes its FatturaPA XML, valid against the official schema for a company, a private
// customer and a foreign one; the archive and the XML download; 403 without the ability, 404 for another shop.
import type { InvoiceBody } from '@bottega/contracts/invoices';
import type { ReceiptRecordInput } from '@bottega/contracts/sales';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fatturaSchemaErrors } from '../../../test/fatturapa-schema';
import { api, createTestApp, createUserWithAbilities, findShopId, signIn, type TestApp } from '../../../test/harness';
import { cashReports } from '../cash-register/cash-register.schema';
import { companies } from '../companies/companies.schema';
import { receipts } from '../sales/sales.schema';
import { ingestReceipts } from '../sales/sales-ingest.service';
import { shops } from '../shops/shops.schema';
import { invoiceRequests } from './invoices.schema';

let test: TestApp;
let adminToken: string;
/** Marco Rossi, Dipendente of MI01 and MI02: enters invoice requests. */
let staffToken: string;
/** Laura Bianchi, Contabilità: checks, edits, confirms and archives, every shop. */
let accountingToken: string;
let milanId: number;
let naplesId: number;
let milanReportId: number;
let naplesReportId: number;

const day = '2026-03-10';

/** A sale with a line at 22 % and one at 4 %. */
function sale(receiptNumber: number): ReceiptRecordInput {
  return {
    registerCode: 'R1',
    businessDate: day,
    issuedAt: `${day}T10:${String(receiptNumber % 60).padStart(2, '0')}:00+01:00`,
    receiptNumber,
    sequenceNumber: receiptNumber,
    type: 'sale',
    employee: null,
    totalCents: 4000,
    pieces: 3,
    lines: [
      { productCode: 'P1', quantity: 2, unitPriceCents: 1500, subtotalCents: 3000, vatRate: 2200 },
      { productCode: 'P2', quantity: 1, unitPriceCents: 1000, subtotalCents: 1000, vatRate: 400 },
    ],
    payments: [{ method: 'cash', amountCents: 4000 }],
  };
}

async function receiptId(shopId: number, receiptNumber: number): Promise<number> {
  const [row] = await test.db
    .select({ id: receipts.id })
    .from(receipts)
    .where(and(eq(receipts.shopId, shopId), eq(receipts.businessDate, day), eq(receipts.receiptNumber, receiptNumber)));
  if (!row) throw new Error(`no receipt ${receiptNumber}`);
  return row.id;
}

const person = (receipt: number): InvoiceBody => ({
  receiptId: receipt,
  customerType: 'person',
  name: 'Mario',
  surname: 'Rossi',
  fiscalCode: 'RSSMRA85T10A562S',
  street: 'Via Torino',
  streetNumber: '12',
  cap: '20123',
  city: 'Milano',
  province: 'MI',
  pec: 'mario.rossi@pec.example.it',
});

const company = (receipt: number): InvoiceBody => ({
  receiptId: receipt,
  customerType: 'company',
  name: 'Rossi & Figli <S.r.l.>',
  vatNumber: '10945670965',
  street: 'Corso Buenos Aires',
  streetNumber: '3',
  cap: '20124',
  city: 'Milano',
  province: 'MI',
  sdiCode: 'M5UXCR1',
});

const foreign = (receipt: number): InvoiceBody => ({
  receiptId: receipt,
  customerType: 'person',
  name: 'Hans',
  surname: 'Müller',
  street: 'Unter den Linden',
  streetNumber: '5',
  cap: '10117',
  city: 'Berlin',
  state: 'DE',
});

async function request(reportId: number, body: InvoiceBody, token = staffToken): Promise<number> {
  const response = await api(test.app, {
    method: 'POST',
    url: `/api/cash-reports/${reportId}/invoices`,
    token,
    body,
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json().data.id;
}

function confirm(invoiceId: number, token = accountingToken) {
  return api(test.app, { method: 'POST', url: `/api/invoices/${invoiceId}/confirm`, token });
}

async function xmlOf(invoiceId: number): Promise<string> {
  const response = await api(test.app, { url: `/api/invoices/${invoiceId}/xml`, token: accountingToken });
  expect(response.statusCode, response.body).toBe(200);
  return response.body;
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
  for (const shopId of [milanId, naplesId]) {
    const result = await ingestReceipts({
      db: test.db,
      shopId,
      clientId: null,
      records: Array.from({ length: 20 }, (_, index) => sale(index + 1)),
      lng: 'it',
    });
    expect(result.rejected).toEqual([]);
  }
  const reports = await test.db
    .insert(cashReports)
    .values([
      { shopId: milanId, businessDate: day, status: 'open' },
      { shopId: naplesId, businessDate: day, status: 'open' },
    ])
    .returning({ id: cashReports.id });
  milanReportId = reports[0]?.id as number;
  naplesReportId = reports[1]?.id as number;
});
afterAll(() => test?.close());

describe('accounting’s invoices', () => {
  it('confirms a company, a private and a foreign customer: numbered 1, 2, 3 and each XML valid', async () => {
    const ids = [
      await request(milanReportId, company(await receiptId(milanId, 1))),
      await request(milanReportId, person(await receiptId(milanId, 2))),
      await request(milanReportId, foreign(await receiptId(milanId, 3))),
    ];
    const check = await api(test.app, { url: `/api/invoices/check?shopId=${milanId}`, token: accountingToken });
    expect(check.statusCode, check.body).toBe(200);
    expect(check.json().data.map((row: { id: number }) => row.id)).toEqual(ids);
    expect(check.json().data[0]).toMatchObject({ shopName: expect.any(String), number: null, amountCents: 4000 });

    const numbers: number[] = [];
    for (const id of ids) {
      const response = await confirm(id);
      expect(response.statusCode, response.body).toBe(200);
      const invoice = response.json().data;
      expect(invoice).toMatchObject({ confirmedBy: 'Laura Bianchi', invoiceDate: expect.any(String) });
      numbers.push(invoice.number);
    }
    expect(numbers).toEqual([1, 2, 3]);

    const [seller] = await test.db
      .select({ vatNumber: companies.vatNumber })
      .from(shops)
      .innerJoin(companies, eq(companies.id, shops.companyId))
      .where(eq(shops.id, milanId));
    const download = await api(test.app, { url: `/api/invoices/${ids[0]}/xml`, token: accountingToken });
    expect(download.headers['content-disposition']).toContain(`IT${seller?.vatNumber}_`);
    expect(download.headers['content-disposition']).toContain('attachment');

    const [companyXml, personXml, foreignXml] = await Promise.all(ids.map(xmlOf));
    for (const xml of [companyXml, personXml, foreignXml]) expect(fatturaSchemaErrors(xml as string)).toBeNull();
    expect(companyXml).toContain('<CodiceDestinatario>M5UXCR1</CodiceDestinatario>');
    expect(companyXml).toContain('<Denominazione>Rossi &amp; Figli &lt;S.r.l.&gt;</Denominazione>');
    expect(companyXml).toContain('<IdCodice>10945670965</IdCodice>');
    expect(companyXml).toContain('<FormatoTrasmissione>FPR12</FormatoTrasmissione>');
    expect(companyXml).toContain('<TipoDocumento>TD01</TipoDocumento>');
    // 30,00 at 22 % and 10,00 at 4 %: a summary per rate.
    expect(companyXml).toMatch(/<AliquotaIVA>22.00<\/AliquotaIVA>\s*<ImponibileImporto>24.59<\/ImponibileImporto>/);
    expect(companyXml).toMatch(/<AliquotaIVA>4.00<\/AliquotaIVA>\s*<ImponibileImporto>9.62<\/ImponibileImporto>/);
    expect(personXml).toContain('<CodiceFiscale>RSSMRA85T10A562S</CodiceFiscale>');
    expect(personXml).toContain('<CodiceDestinatario>0000000</CodiceDestinatario>');
    expect(personXml).toContain('<PECDestinatario>mario.rossi@pec.example.it</PECDestinatario>');
    expect(foreignXml).toContain('<CodiceDestinatario>XXXXXXX</CodiceDestinatario>');
    expect(foreignXml).toContain('<IdPaese>DE</IdPaese>');
    expect(foreignXml).toContain('<Nazione>DE</Nazione>');

    // Confirmed ones leave the check list (§4), reach the archive, and cannot be confirmed or changed again.
    const after = await api(test.app, { url: `/api/invoices/check?shopId=${milanId}`, token: accountingToken });
    expect(after.json().meta.total).toBe(0);
    const archive = await api(test.app, {
      url: `/api/invoices/archive?shopId=${milanId}&month=${numbersMonth(await dateOf(ids[0] as number))}`,
      token: accountingToken,
    });
    expect(archive.statusCode, archive.body).toBe(200);
    expect(archive.json().data.map((row: { number: number }) => row.number)).toEqual([3, 2, 1]);
    expect((await confirm(ids[0] as number)).json().code).toBe('invoiceConfirmed');
    const edit = await api(test.app, {
      method: 'PUT',
      url: `/api/invoices/${ids[0]}`,
      token: accountingToken,
      body: { ...company(0), receiptId: undefined },
    });
    expect(edit.statusCode).toBe(409);
    const staffEdit = await api(test.app, {
      method: 'DELETE',
      url: `/api/cash-reports/${milanReportId}/invoices/${ids[0]}`,
      token: staffToken,
    });
    expect(staffEdit.json().code).toBe('invoiceConfirmed');
    const block = await api(test.app, {
      method: 'POST',
      url: `/api/cash-reports/${milanReportId}/invoices/${ids[0]}/block`,
      token: accountingToken,
    });
    expect(block.json().code).toBe('invoiceConfirmed');
  });

  it('gives numbers without gaps when confirmations run at once', async () => {
    const ids: number[] = [];
    for (let number = 4; number <= 11; number += 1) {
      ids.push(await request(milanReportId, person(await receiptId(milanId, number))));
    }
    const responses = await Promise.all(ids.map((id) => confirm(id)));
    for (const response of responses) expect(response.statusCode, response.body).toBe(200);
    const rows = await test.db
      .select({ number: invoiceRequests.invoiceNumber })
      .from(invoiceRequests)
      .where(eq(invoiceRequests.shopId, milanId));
    const numbers = rows.map((row) => row.number as number).sort((a, b) => a - b);
    expect(numbers).toEqual(Array.from({ length: numbers.length }, (_, index) => index + 1));
  });

  it('lets accounting correct the data, refuses a blocked one (409) and hostile text (422)', async () => {
    const id = await request(milanReportId, person(await receiptId(milanId, 12)));
    const body = { ...person(0), receiptId: undefined };
    const edited = await api(test.app, {
      method: 'PUT',
      url: `/api/invoices/${id}`,
      token: accountingToken,
      body: { ...body, city: 'Sesto San Giovanni', province: 'mi' },
    });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json().data).toMatchObject({ city: 'Sesto San Giovanni', province: 'MI' });

    for (const hostile of ['Ma\u0000rio', 'Ma\ud800rio', 'x'.repeat(201)]) {
      const response = await api(test.app, {
        method: 'PUT',
        url: `/api/invoices/${id}`,
        token: accountingToken,
        body: { ...body, name: hostile },
      });
      expect(response.statusCode, hostile).toBe(422);
    }
    const noProvince = await api(test.app, {
      method: 'PUT',
      url: `/api/invoices/${id}`,
      token: accountingToken,
      body: { ...body, province: '' },
    });
    expect(noProvince.statusCode).toBe(422);
    const badCap = await api(test.app, {
      method: 'PUT',
      url: `/api/invoices/${id}`,
      token: accountingToken,
      body: { ...body, cap: '2012' },
    });
    expect(badCap.statusCode).toBe(422);

    const block = await api(test.app, {
      method: 'POST',
      url: `/api/cash-reports/${milanReportId}/invoices/${id}/block`,
      token: accountingToken,
    });
    expect(block.statusCode, block.body).toBe(200);
    expect((await confirm(id)).json().code).toBe('invoiceBlocked');
    const check = await api(test.app, { url: '/api/invoices/check', token: accountingToken });
    expect(check.json().data.map((row: { id: number }) => row.id)).not.toContain(id);
  });

  it('answers 403 without the ability and 404 for another shop', async () => {
    const naplesInvoice = await request(naplesReportId, person(await receiptId(naplesId, 1)), adminToken);
    expect((await confirm(naplesInvoice, staffToken)).statusCode).toBe(403);
    expect((await api(test.app, { url: '/api/invoices/check', token: staffToken })).statusCode).toBe(403);
    expect((await api(test.app, { url: '/api/invoices/archive', token: staffToken })).statusCode).toBe(403);

    const milanChecker = await createUserWithAbilities(
      test.db,
      ['shops.invoices.view', 'shops.invoices.check', 'shops.invoices.edit', 'shops.invoices.archive'],
      { shops: ['MI01'] },
    );
    const token = await signIn(test.app, milanChecker.username);
    expect((await confirm(naplesInvoice, token)).statusCode).toBe(404);
    expect((await api(test.app, { url: `/api/invoices/${naplesInvoice}`, token })).statusCode).toBe(404);
    expect((await api(test.app, { url: `/api/invoices/check?shopId=${naplesId}`, token })).statusCode).toBe(404);
    const list = await api(test.app, { url: '/api/invoices/check', token });
    expect(list.json().data.every((row: { shopId: number }) => row.shopId === milanId)).toBe(true);
    const edit = await api(test.app, {
      method: 'PUT',
      url: `/api/invoices/${naplesInvoice}`,
      token,
      body: { ...person(0), receiptId: undefined },
    });
    expect(edit.statusCode).toBe(404);
    expect((await confirm(naplesInvoice)).statusCode).toBe(200);
    expect((await api(test.app, { url: `/api/invoices/${naplesInvoice}/xml`, token })).statusCode).toBe(404);
  });
});

async function dateOf(invoiceId: number): Promise<string> {
  const response = await api(test.app, { url: `/api/invoices/${invoiceId}`, token: accountingToken });
  return response.json().data.invoiceDate;
}

function numbersMonth(date: string): string {
  return date.slice(0, 7);
}
