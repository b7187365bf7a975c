import type { ReceiptRecordInput } from '@bottega/contracts/sales';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, createTestApp, findShopId, findUserId, signIn, type TestApp } from '../../../test/harness';
import { invoiceRequests } from '../invoices/invoices.schema';
import { products, receipts } from '../sales/sales.schema';
import { ingestFiscalCloses, ingestReceipts } from '../sales/sales-ingest.service';
import { shops } from '../shops/shops.schema';
import { cashReports } from './cash-register.schema';

// A shop's month, the unclosed days across shops, and a report's sales details and receipts, at the API. The
// business clock stands on Friday 20 March 2026 at 21:00 in Rome.

let test: TestApp;
let adminToken: string;
let employeeToken: string;
let controlToken: string;
let accountingToken: string;
const shopIds: Record<string, number> = {};
/** The report of Milano Duomo's 2 March, closed; its receipts by position in dayReceipts. */
let closedReportId: number;
let dayReceiptIds: number[];

let receiptNumber = 100;
function receipt(day: string, hour: number, overrides: Partial<ReceiptRecordInput>): ReceiptRecordInput {
  receiptNumber += 1;
  return {
    registerCode: 'R1',
    businessDate: day,
    issuedAt: `${day}T${String(hour).padStart(2, '0')}:00:00+01:00`,
    receiptNumber,
    sequenceNumber: receiptNumber,
    type: 'sale',
    employee: 'dipendente',
    loyaltyCard: null,
    totalCents: 0,
    discountCents: 0,
    pieces: 0,
    lines: [],
    payments: [],
    ...overrides,
  };
}

/** Three sales, a return and a cancelled receipt: 72,50 € taken, 3 receipts, 5 pieces. */
function dayReceipts(day: string): ReceiptRecordInput[] {
  return [
    receipt(day, 9, {
      loyaltyCard: 'CARD-7',
      totalCents: 4500,
      discountCents: 500,
      pieces: 3,
      lines: [
        { productCode: 'BAG-1', quantity: 2, unitPriceCents: 1500, subtotalCents: 3000, vatRate: 2200 },
        { productCode: 'SHOE-1', quantity: 1, unitPriceCents: 2000, subtotalCents: 2000, vatRate: 2200 },
      ],
      payments: [
        { method: 'cash', amountCents: 2000 },
        { method: 'creditCard', amountCents: 2500 },
      ],
    }),
    receipt(day, 10, {
      registerCode: 'R2',
      employee: 'admin',
      totalCents: 1250,
      pieces: 1,
      lines: [{ productCode: 'BAG-1', quantity: 1, unitPriceCents: 1250, subtotalCents: 1250, vatRate: 2200 }],
      payments: [{ method: 'bancomat', amountCents: 1250 }],
    }),
    receipt(day, 11, {
      totalCents: 3000,
      pieces: 2,
      lines: [{ productCode: 'UNKNOWN-1', quantity: 2, unitPriceCents: 1500, subtotalCents: 3000, vatRate: 2200 }],
      payments: [
        { method: 'cash', amountCents: 2000 },
        { method: 'voucher', amountCents: 1000 },
      ],
    }),
    receipt(day, 12, {
      type: 'return',
      totalCents: -1500,
      pieces: -1,
      lines: [{ productCode: 'BAG-1', quantity: -1, unitPriceCents: 1500, subtotalCents: -1500, vatRate: 2200 }],
      payments: [{ method: 'cash', amountCents: -1500 }],
    }),
    receipt(day, 13, {
      type: 'cancelled',
      totalCents: 800,
      pieces: 1,
      lines: [{ productCode: 'SHOE-1', quantity: 1, unitPriceCents: 800, subtotalCents: 800, vatRate: 2200 }],
      payments: [],
    }),
  ];
}

async function seedSales(code: string, day: string): Promise<number[]> {
  const records = dayReceipts(day);
  const result = await ingestReceipts({
    db: test.db,
    shopId: shopIds[code] as number,
    clientId: null,
    records,
    lng: 'it',
  });
  expect(result.rejected).toEqual([]);
  const rows = await test.db
    .select({ id: receipts.id, receiptNumber: receipts.receiptNumber })
    .from(receipts)
    .where(and(eq(receipts.shopId, shopIds[code] as number), eq(receipts.businessDate, day)));
  return records.map((record) => rows.find((row) => row.receiptNumber === record.receiptNumber)?.id as number);
}

async function insertReport(code: string, day: string, status: 'open' | 'partial' | 'closed', totalCents: number) {
  const [row] = await test.db
    .insert(cashReports)
    .values({ shopId: shopIds[code] as number, businessDate: day, status, totalCents })
    .returning({ id: cashReports.id });
  return row?.id as number;
}

beforeAll(async () => {
  test = await createTestApp({ CLOCK_START: '2026-03-20T21:00:00+01:00' });
  adminToken = await signIn(test.app, 'admin');
  employeeToken = await signIn(test.app, 'dipendente');
  controlToken = await signIn(test.app, 'areacontrollo');
  accountingToken = await signIn(test.app, 'contabilita');
  for (const code of ['MI01', 'MI02', 'TO01', 'NA01', 'RM01']) shopIds[code] = await findShopId(test.db, code);

  await test.db.insert(products).values([
    { code: 'BAG-1', description: 'Borsa', department: 'Borse', vatRate: 2200 },
    { code: 'SHOE-1', description: 'Scarpa', department: 'Scarpe', vatRate: 2200 },
  ]);

  dayReceiptIds = await seedSales('MI01', '2026-03-02');
  await ingestFiscalCloses({
    db: test.db,
    shopId: shopIds.MI01 as number,
    clientId: null,
    source: 'printer',
    records: [
      {
        deviceSerial: '99MEY000001',
        businessDate: '2026-03-02',
        closedAt: '2026-03-02T20:05:00+01:00',
        closeNumber: 61,
        totalCents: 7250,
        documentsCount: 5,
        returnsCents: 1500,
        cancellationsCents: 800,
        electronicPaymentsCents: 3750,
        vatBreakdown: [{ vatRate: 2200, taxableCents: 5943, taxCents: 1307 }],
      },
    ],
    lng: 'it',
  });
  await seedSales('MI01', '2026-03-03');
  await seedSales('MI01', '2026-03-04');
  await seedSales('MI01', '2026-02-27');
  await seedSales('MI01', '2026-03-20'); // today: not closable yet, so never unclosed
  await seedSales('MI01', '2026-03-25'); // a register with its date wrong: after today, shown nowhere
  await seedSales('MI02', '2026-03-05');
  await seedSales('NA01', '2026-03-06');
  await seedSales('TO01', '2026-03-07');

  closedReportId = await insertReport('MI01', '2026-03-02', 'closed', 7250);
  await insertReport('MI01', '2026-03-03', 'partial', 7000);
  // Another shop's closed day with no sales, and Milano's report of a day without sales.
  await insertReport('RM01', '2026-03-08', 'closed', 0);
  const opened = await api(test.app, {
    method: 'POST',
    url: `/api/shops/${shopIds.MI01}/cash-reports`,
    token: employeeToken,
    body: { businessDate: '2026-03-10' },
  });
  expect(opened.statusCode).toBe(201);
});
afterAll(() => test?.close());

describe('a shop’s month', () => {
  it('lists every day up to today with sales or a report, with its state and what the feed has', async () => {
    const response = await api(test.app, {
      url: `/api/shops/${shopIds.MI01}/cash-reports?month=2026-03`,
      token: employeeToken,
    });
    expect(response.statusCode, response.body).toBe(200);
    const days = response.json().data;
    expect(days.map((day: { businessDate: string; status: string }) => [day.businessDate, day.status])).toEqual([
      ['2026-03-02', 'closed'],
      ['2026-03-03', 'partial'],
      ['2026-03-04', 'missing'],
      ['2026-03-10', 'open'],
      ['2026-03-20', 'missing'],
    ]);
    expect(days[0]).toEqual({
      businessDate: '2026-03-02',
      reportId: closedReportId,
      status: 'closed',
      systemTotalCents: 7250,
      receiptsCount: 3,
      enteredTotalCents: 7250,
      hasFiscalClose: true,
    });
    expect(days[2]).toEqual({
      businessDate: '2026-03-04',
      reportId: null,
      status: 'missing',
      systemTotalCents: 7250,
      receiptsCount: 3,
      enteredTotalCents: null,
      hasFiscalClose: false,
    });
    expect(days[3]).toMatchObject({ systemTotalCents: 0, receiptsCount: 0, enteredTotalCents: null });
  });

  it('keeps to the month asked, and has nothing for a month to come', async () => {
    const february = await api(test.app, {
      url: `/api/shops/${shopIds.MI01}/cash-reports?month=2026-02`,
      token: employeeToken,
    });
    expect(february.json().data.map((day: { businessDate: string }) => day.businessDate)).toEqual(['2026-02-27']);
    const april = await api(test.app, {
      url: `/api/shops/${shopIds.MI01}/cash-reports?month=2026-04`,
      token: employeeToken,
    });
    expect(april.json().data).toEqual([]);
  });

  it('answers 404 for another shop, a shop that does not exist and a closed one to those who may not see it', async () => {
    const monthOf = async (shopId: number, token: string, month = '2026-03') =>
      api(test.app, { url: `/api/shops/${shopId}/cash-reports?month=${month}`, token });
    // Another shop's month, this month's and one to come alike (the latter answers no days without a statement).
    expect((await monthOf(shopIds.NA01 as number, employeeToken)).statusCode).toBe(404);
    expect((await monthOf(shopIds.NA01 as number, employeeToken, '2026-04')).statusCode).toBe(404);
    expect((await monthOf(2_000_000_000, adminToken)).statusCode).toBe(404);
    expect((await monthOf(2_000_000_000, adminToken, '2026-04')).statusCode).toBe(404);
    await test.db
      .update(shops)
      .set({ closed: true })
      .where(eq(shops.id, shopIds.MI01 as number));
    try {
      expect((await monthOf(shopIds.MI01 as number, employeeToken)).statusCode).toBe(404);
      const seen = await monthOf(shopIds.MI01 as number, adminToken);
      expect(seen.statusCode, seen.body).toBe(200);
      expect(seen.json().data).toHaveLength(5);
    } finally {
      await test.db
        .update(shops)
        .set({ closed: false })
        .where(eq(shops.id, shopIds.MI01 as number));
    }
  });

  it('refuses a month that is not YYYY-MM', async () => {
    const response = await api(test.app, {
      url: `/api/shops/${shopIds.MI01}/cash-reports?month=2026-13`,
      token: employeeToken,
    });
    expect(response.statusCode).toBe(422);
    expect(Object.keys(response.json().errors)).toEqual(['month']);
  });
});

type UnclosedDay = { shopId: number; businessDate: string; status: string };

async function unclosed(token: string, query = '') {
  const response = await api(test.app, { url: `/api/cash-reports/unclosed${query}`, token });
  expect(response.statusCode, response.body).toBe(200);
  const answer = response.json() as { data: UnclosedDay[]; meta: { page: number; perPage: number; total: number } };
  const codeOf = (id: number) => Object.entries(shopIds).find(([, shopId]) => shopId === id)?.[0];
  return { ...answer, days: answer.data.map((day) => `${codeOf(day.shopId)} ${day.businessDate} ${day.status}`) };
}

describe('the unclosed days', () => {
  it('lists the days before today with sales and no closed report, across every shop, newest first', async () => {
    const { days, meta, data } = await unclosed(adminToken);
    expect(days).toEqual([
      'TO01 2026-03-07 missing',
      'NA01 2026-03-06 missing',
      'MI02 2026-03-05 missing',
      'MI01 2026-03-04 missing',
      'MI01 2026-03-03 partial',
      'MI01 2026-02-27 missing',
    ]);
    expect(meta).toEqual({ page: 1, perPage: 25, total: 6 });
    expect(data[0]).toMatchObject({
      shopName: expect.any(String),
      reportId: null,
      systemTotalCents: 7250,
      receiptsCount: 3,
      enteredTotalCents: null,
      hasFiscalClose: false,
    });
    expect(data[4]).toMatchObject({ enteredTotalCents: 7000, reportId: expect.any(Number) });
  });

  it('keeps to the viewer’s shops', async () => {
    // Area Controllo belongs to MI01, MI02 and TO01; Contabilità sees every shop.
    expect((await unclosed(controlToken)).days).toEqual([
      'TO01 2026-03-07 missing',
      'MI02 2026-03-05 missing',
      'MI01 2026-03-04 missing',
      'MI01 2026-03-03 partial',
      'MI01 2026-02-27 missing',
    ]);
    expect((await unclosed(accountingToken)).meta.total).toBe(6);
  });

  it('pages on the server, with the total', async () => {
    const second = await unclosed(adminToken, '?page=2&perPage=2');
    expect(second.days).toEqual(['MI02 2026-03-05 missing', 'MI01 2026-03-04 missing']);
    expect(second.meta).toEqual({ page: 2, perPage: 2, total: 6 });
    const beyond = await unclosed(adminToken, '?page=4&perPage=2');
    expect(beyond.days).toEqual([]);
    expect(beyond.meta.total).toBe(6);
  });

  it('filters one shop, answering 404 for one outside the viewer’s shops', async () => {
    const milan = await unclosed(controlToken, `?shopId=${shopIds.MI01}`);
    expect(milan.days).toEqual(['MI01 2026-03-04 missing', 'MI01 2026-03-03 partial', 'MI01 2026-02-27 missing']);
    expect(milan.meta.total).toBe(3);
    const naples = await api(test.app, {
      url: `/api/cash-reports/unclosed?shopId=${shopIds.NA01}`,
      token: controlToken,
    });
    expect(naples.statusCode).toBe(404);
  });

  it('is for those who may view the unclosed days', async () => {
    const response = await api(test.app, { url: '/api/cash-reports/unclosed', token: employeeToken });
    expect(response.statusCode).toBe(403);
  });
});

describe('the day’s sales details', () => {
  it('adds the day up by department, payment method and register', async () => {
    const response = await api(test.app, {
      url: `/api/cash-reports/${closedReportId}/sales-details`,
      token: employeeToken,
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().data).toEqual({
      // Line subtotals of sales and returns; the cancelled receipt moved nothing.
      byDepartment: [
        { department: '', pieces: 2, amountCents: 3000 },
        { department: 'Borse', pieces: 2, amountCents: 2750 },
        { department: 'Scarpe', pieces: 1, amountCents: 2000 },
      ],
      byPayment: [
        { method: 'cash', amountCents: 2500 },
        { method: 'creditCard', amountCents: 2500 },
        { method: 'bancomat', amountCents: 1250 },
        { method: 'voucher', amountCents: 1000 },
        { method: 'other', amountCents: 0 },
      ],
      byRegister: [
        { registerCode: 'R1', receiptsCount: 2, amountCents: 6000 },
        { registerCode: 'R2', receiptsCount: 1, amountCents: 1250 },
      ],
    });
  });
});

describe('the day’s receipts', () => {
  let invoiceId: number;

  beforeAll(async () => {
    const [invoice] = await test.db
      .insert(invoiceRequests)
      .values({
        reportId: closedReportId,
        shopId: shopIds.MI01 as number,
        receiptId: dayReceiptIds[0] as number,
        customerType: 'company',
        name: 'Rossi Srl',
        vatNumber: '01234567890',
        street: 'Via Roma',
        streetNumber: '1',
        cap: '20121',
        city: 'Milano',
        province: 'MI',
        sdiCode: 'ABC1234',
      })
      .returning({ id: invoiceRequests.id });
    invoiceId = invoice?.id as number;
  });

  async function search(query: string) {
    const response = await api(test.app, {
      url: `/api/cash-reports/${closedReportId}/receipts?${query}`,
      token: employeeToken,
    });
    expect(response.statusCode, response.body).toBe(200);
    return response.json() as { data: { id: number }[]; meta: { total: number } };
  }
  const ids = (answer: { data: { id: number }[] }) => answer.data.map((row) => row.id);
  const at = (...positions: number[]) => positions.map((position) => dayReceiptIds[position]);

  it('lists them in the order they were issued, a page at a time, with the invoice requested', async () => {
    const first = await search('perPage=2');
    expect(first.meta).toEqual({ page: 1, perPage: 2, total: 5 });
    expect(first.data).toEqual([
      {
        id: dayReceiptIds[0],
        registerCode: 'R1',
        receiptNumber: expect.any(Number),
        issuedAt: '2026-03-02T08:00:00.000Z',
        type: 'sale',
        employee: 'Marco Rossi',
        loyaltyCard: 'CARD-7',
        totalCents: 4500,
        pieces: 3,
        invoiceId,
      },
      expect.objectContaining({ id: dayReceiptIds[1], registerCode: 'R2', invoiceId: null }),
    ]);
    expect(ids(await search('perPage=2&page=3'))).toEqual(at(4));
  });

  it('searches the receipt number, register, employee, loyalty card or an amount as people type it', async () => {
    const numberOfSecond = (await search('perPage=5')).data[1] as unknown as { receiptNumber: number };
    expect(ids(await search(`search=${numberOfSecond.receiptNumber}`))).toEqual(at(1));
    expect(ids(await search('search=r2'))).toEqual(at(1));
    expect(ids(await search('search=admin'))).toEqual(at(1));
    expect(ids(await search('search=Rossi'))).toEqual(at(0, 2, 3, 4));
    expect(ids(await search('search=card-7'))).toEqual(at(0));
    expect(ids(await search(`search=${encodeURIComponent('12,50')}`))).toEqual(at(1));
    expect(ids(await search(`search=${encodeURIComponent('€ 15,00')}`))).toEqual(at(3));
    expect(ids(await search('search=45'))).toEqual(at(0));
    const none = await search('search=nessuno');
    expect(none.data).toEqual([]);
    expect(none.meta.total).toBe(0);
  });

  it('shows one receipt with its lines and payments', async () => {
    const response = await api(test.app, {
      url: `/api/cash-reports/${closedReportId}/receipts/${dayReceiptIds[0]}`,
      token: employeeToken,
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().data).toMatchObject({
      id: dayReceiptIds[0],
      businessDate: '2026-03-02',
      type: 'sale',
      employeeId: await findUserId(test.db, 'dipendente'),
      employeeName: 'Marco Rossi',
      totalCents: 4500,
      discountCents: 500,
      lines: [
        { productCode: 'BAG-1', quantity: 2, subtotalCents: 3000 },
        { productCode: 'SHOE-1', quantity: 1, subtotalCents: 2000 },
      ],
      payments: [
        { method: 'cash', amountCents: 2000 },
        { method: 'creditCard', amountCents: 2500 },
      ],
    });
  });

  it('answers 404 for a receipt of another day, or one that does not exist', async () => {
    const [otherDay] = await test.db
      .select({ id: receipts.id })
      .from(receipts)
      .where(and(eq(receipts.shopId, shopIds.MI01 as number), eq(receipts.businessDate, '2026-03-03')));
    for (const receiptId of [otherDay?.id, 999_999]) {
      const response = await api(test.app, {
        url: `/api/cash-reports/${closedReportId}/receipts/${receiptId}`,
        token: employeeToken,
      });
      expect(response.statusCode).toBe(404);
    }
  });
});
