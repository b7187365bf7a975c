import { salesChangedEvent, shopChannel } from '@bottega/contracts/notifications';
import type { FiscalCloseRecord, ReceiptRecordInput } from '@bottega/contracts/sales';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { api, createTestApp, createUserWithAbilities, findShopId, signIn, type TestApp } from '../../../test/harness';
import { auditLog } from '../../platform/audit.schema';
import { hashToken } from '../../platform/crypto';
import {
  fiscalCloses,
  receiptLines,
  receiptPayments,
  receipts,
  salesClients,
  salesDays,
  salesRejections,
} from './sales.schema';

let test: TestApp;
let adminToken: string;
let milanId: number;
let naplesId: number;
/** A credential of Milan and one of Naples: `<clientId>.<secret>`. */
let milanCredential: string;
let naplesCredential: string;

beforeAll(async () => {
  test = await createTestApp();
  adminToken = await signIn(test.app, 'admin');
  milanId = await findShopId(test.db, 'MI01');
  naplesId = await findShopId(test.db, 'NA01');
  milanCredential = await createCredential(milanId, 'Cassa 1');
  naplesCredential = await createCredential(naplesId, 'Cassa Napoli');
});
afterAll(() => test?.close());

async function createCredential(shopId: number, name: string): Promise<string> {
  const response = await api(test.app, {
    method: 'POST',
    url: `/api/shops/${shopId}/sales-clients`,
    token: adminToken,
    body: { name },
  });
  expect(response.statusCode, response.body).toBe(201);
  const { clientId, secret } = response.json().data;
  return `${clientId}.${secret}`;
}

let receiptSequence = 0;
/** A valid sale of two lines paid in cash and by card; `overrides` change it. */
function sale(overrides: Partial<ReceiptRecordInput> = {}): ReceiptRecordInput {
  receiptSequence += 1;
  return {
    registerCode: 'R1',
    businessDate: '2026-03-10',
    issuedAt: '2026-03-10T10:15:00+01:00',
    receiptNumber: receiptSequence,
    sequenceNumber: 1000 + receiptSequence,
    type: 'sale',
    employee: 'admin',
    loyaltyCard: null,
    totalCents: 4500,
    discountCents: 500,
    pieces: 3,
    lines: [
      { productCode: 'P1', quantity: 2, unitPriceCents: 1500, subtotalCents: 3000, vatRate: 2200 },
      { productCode: 'P2', quantity: 1, unitPriceCents: 2000, subtotalCents: 2000, vatRate: 2200 },
    ],
    payments: [
      { method: 'cash', amountCents: 2000 },
      { method: 'creditCard', amountCents: 2500 },
    ],
    ...overrides,
  };
}

/** A consistent Z report: 22 % on 10,000 cents taxable. */
function close(overrides: Partial<FiscalCloseRecord> = {}): FiscalCloseRecord {
  return {
    deviceSerial: '99MEY012345',
    businessDate: '2026-03-10',
    closedAt: '2026-03-10T20:05:00+01:00',
    closeNumber: 120,
    totalCents: 12_200,
    documentsCount: 12,
    returnsCents: 0,
    cancellationsCents: 0,
    electronicPaymentsCents: 5000,
    vatBreakdown: [{ vatRate: 2200, taxableCents: 10_000, taxCents: 2200 }],
    ...overrides,
  };
}

const sendReceipts = (credential: string | undefined, records: unknown[], lng?: string) =>
  api(test.app, {
    method: 'POST',
    url: '/api/sales/ingest/receipts',
    csrf: false,
    lng,
    headers: credential === undefined ? {} : { authorization: `Bearer ${credential}` },
    body: { receipts: records },
  });

const sendCloses = (credential: string, records: unknown[]) =>
  api(test.app, {
    method: 'POST',
    url: '/api/sales/ingest/fiscal-closes',
    csrf: false,
    headers: { authorization: `Bearer ${credential}` },
    body: { closes: records },
  });

async function dayOf(shopId: number, day: string) {
  const [row] = await test.db
    .select()
    .from(salesDays)
    .where(and(eq(salesDays.shopId, shopId), eq(salesDays.businessDate, day)));
  return row;
}

describe('the machine API credentials', () => {
  it('stores the secret only as its SHA-256 and shows it once', async () => {
    const [clientId, secret] = milanCredential.split('.') as [string, string];
    const [row] = await test.db.select().from(salesClients).where(eq(salesClients.clientId, clientId));
    expect(row?.secretHash).toBe(hashToken(secret));
    const list = await api(test.app, { url: `/api/shops/${milanId}/sales-clients`, token: adminToken });
    expect(list.statusCode).toBe(200);
    expect(list.body).not.toContain(secret);
    expect(list.json().data.map((client: { clientId: string }) => client.clientId)).toContain(clientId);
  });

  it('refuses a missing, malformed or wrong credential with 401 and writes nothing', async () => {
    const [clientId] = milanCredential.split('.') as [string];
    for (const credential of [undefined, 'nonsense', `${clientId}.wrong-secret`, `.${milanCredential}`]) {
      const response = await sendReceipts(credential, [sale({ registerCode: 'NEVER' })]);
      expect(response.statusCode, response.body).toBe(401);
      expect(response.json().code).toBe('salesClientUnauthorized');
    }
    expect(await test.db.select().from(receipts).where(eq(receipts.registerCode, 'NEVER'))).toEqual([]);
  });

  it('stores the records as the credential’s shop, whatever the record says, and notes its last use', async () => {
    const record = { ...sale({ registerCode: 'RN' }), shopId: milanId, shop: 'MI01' };
    const response = await sendReceipts(naplesCredential, [record]);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().data.accepted).toBe(1);
    const stored = await test.db.select().from(receipts).where(eq(receipts.registerCode, 'RN'));
    expect(stored.map((row) => row.shopId)).toEqual([naplesId]);
    const [clientId] = naplesCredential.split('.') as [string];
    const [client] = await test.db.select().from(salesClients).where(eq(salesClients.clientId, clientId));
    expect(client?.lastUsedAt).not.toBeNull();
  });

  it('refuses a revoked credential, and audits creation and revocation', async () => {
    const credential = await createCredential(milanId, 'Da revocare');
    const [clientId] = credential.split('.') as [string];
    const [row] = await test.db.select().from(salesClients).where(eq(salesClients.clientId, clientId));
    const revoked = await api(test.app, {
      method: 'DELETE',
      url: `/api/shops/${milanId}/sales-clients/${row?.id}`,
      token: adminToken,
    });
    expect(revoked.statusCode, revoked.body).toBe(200);
    const response = await sendReceipts(credential, [sale()]);
    expect(response.statusCode).toBe(401);
    const actions = (
      await test.db
        .select()
        .from(auditLog)
        .where(eq(auditLog.entityId, String(milanId)))
    ).map((entry) => entry.action);
    expect(actions).toEqual(expect.arrayContaining(['shop.salesClientCreated', 'shop.salesClientRevoked']));
  });

  it('answers 404 for another shop’s credentials and 404 for a credential of another shop', async () => {
    const member = await createUserWithAbilities(test.db, ['shops.manage.edit', 'shops.manage.view'], {
      shops: ['MI01'],
    });
    const token = await signIn(test.app, member.username);
    const other = await api(test.app, { url: `/api/shops/${naplesId}/sales-clients`, token });
    expect(other.statusCode).toBe(404);
    const [naplesClient] = await test.db.select().from(salesClients).where(eq(salesClients.shopId, naplesId));
    const revoke = await api(test.app, {
      method: 'DELETE',
      url: `/api/shops/${milanId}/sales-clients/${naplesClient?.id}`,
      token,
    });
    expect(revoke.statusCode).toBe(404);
    const feed = await api(test.app, { url: `/api/shops/${naplesId}/sales-feed`, token });
    expect(feed.statusCode).toBe(404);
    const own = await api(test.app, { url: `/api/shops/${milanId}/sales-feed`, token });
    expect(own.statusCode).toBe(200);
  });
});

describe('receipt ingestion', () => {
  it('stores a batch with lines and payments, and counts it in the day', async () => {
    const records = [
      sale({ businessDate: '2026-04-01', issuedAt: '2026-04-01T09:00:00Z', loyaltyCard: 'CARD1' }),
      sale({ businessDate: '2026-04-01', issuedAt: '2026-04-01T10:00:00Z', loyaltyCard: 'CARD1', employee: 'M0001' }),
      sale({
        businessDate: '2026-04-01',
        issuedAt: '2026-04-01T11:00:00Z',
        type: 'return',
        employee: null,
        totalCents: -1500,
        discountCents: 0,
        pieces: -1,
        lines: [{ productCode: 'P1', quantity: -1, unitPriceCents: 1500, subtotalCents: -1500, vatRate: 2200 }],
        payments: [{ method: 'cash', amountCents: -1500 }],
      }),
      sale({ businessDate: '2026-04-01', issuedAt: '2026-04-01T12:00:00Z', type: 'cancelled', payments: [] }),
    ];
    const response = await sendReceipts(milanCredential, records);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().data).toEqual({ accepted: 4, duplicates: 0, rejected: [] });
    const day = await dayOf(milanId, '2026-04-01');
    expect(day).toMatchObject({
      receiptsCount: 2,
      pieces: 5,
      takingsCents: 7500,
      returnsCount: 1,
      returnsCents: 1500,
      returnedPieces: 1,
      cancelledCount: 1,
      cancelledCents: 4500,
      cashCents: 2500,
      creditCardCents: 5000,
      loyaltyCustomers: 1,
    });

    const listed = await api(test.app, { url: `/api/shops/${milanId}/receipts?date=2026-04-01`, token: adminToken });
    expect(listed.statusCode, listed.body).toBe(200);
    const data = listed.json().data;
    expect(data).toHaveLength(4);
    expect(data[0].lines).toHaveLength(2);
    expect(data[0].payments).toEqual(records[0]?.payments);
    expect(data[1].employeeName).not.toBeNull();
    const days = await api(test.app, {
      url: `/api/shops/${milanId}/sales-days?from=2026-04-01&to=2026-04-30`,
      token: adminToken,
    });
    expect(days.json().data).toHaveLength(1);
    expect(days.json().data[0].takingsCents).toBe(7500);
  });

  it('stores the same batch sent twice once, and leaves the day as it was', async () => {
    const records = [
      sale({ businessDate: '2026-04-02', issuedAt: '2026-04-02T09:00:00Z', loyaltyCard: 'CARD2' }),
      sale({ businessDate: '2026-04-02', issuedAt: '2026-04-02T09:30:00Z' }),
    ];
    const first = await sendReceipts(milanCredential, records);
    expect(first.json().data).toMatchObject({ accepted: 2, duplicates: 0 });
    const before = await dayOf(milanId, '2026-04-02');
    // Also repeated within one batch, and with the instant written in another offset.
    const again = [...records, { ...records[0], issuedAt: '2026-04-02T11:00:00+02:00' }];
    const second = await sendReceipts(milanCredential, again);
    expect(second.json().data).toEqual({ accepted: 0, duplicates: 3, rejected: [] });
    expect(await dayOf(milanId, '2026-04-02')).toEqual({ ...before, updatedAt: expect.any(Date) });
    const stored = await test.db.select().from(receipts).where(eq(receipts.businessDate, '2026-04-02'));
    expect(stored).toHaveLength(2);
  });

  it('tells the shop’s screens when its takings moved, and not for a batch that stored nothing', async () => {
    const publish = vi.spyOn(test.app.realtime, 'publish');
    const records = [sale({ businessDate: '2026-04-27', issuedAt: '2026-04-27T09:00:00Z' })];
    await sendReceipts(milanCredential, records);
    await sendReceipts(milanCredential, records);
    const pushes = publish.mock.calls.filter(([, event]) => event === salesChangedEvent);
    publish.mockRestore();
    expect(pushes).toEqual([[shopChannel(milanId), salesChangedEvent, { shopId: milanId }]]);
  });

  it('reports a changed resend and keeps the stored receipt as it was', async () => {
    const original = sale({ businessDate: '2026-04-03', issuedAt: '2026-04-03T09:00:00Z' });
    await sendReceipts(milanCredential, [original]);
    const changed = {
      ...original,
      totalCents: 3500,
      discountCents: 1500,
      payments: [{ method: 'cash', amountCents: 3500 }],
    };
    const response = await sendReceipts(milanCredential, [changed], 'en');
    const result = response.json().data;
    expect(result.accepted).toBe(0);
    expect(result.rejected).toEqual([
      {
        index: 0,
        reference: `R1/2026-04-03/${original.receiptNumber}`,
        reason: 'changedResend',
        message: expect.stringContaining('different content'),
      },
    ]);
    const [stored] = await test.db
      .select()
      .from(receipts)
      .where(and(eq(receipts.businessDate, '2026-04-03'), eq(receipts.receiptNumber, original.receiptNumber)));
    expect(stored?.totalCents).toBe(4500);
    const payments = await test.db
      .select()
      .from(receiptPayments)
      .where(eq(receiptPayments.receiptId, stored?.id ?? 0));
    expect(payments.map((payment) => payment.amountCents)).toEqual([2000, 2500]);
    expect((await dayOf(milanId, '2026-04-03'))?.takingsCents).toBe(4500);
  });

  it('refuses each broken rule with its reason and keeps the valid records of the batch', async () => {
    const on = { businessDate: '2026-04-04', issuedAt: '2026-04-04T10:00:00+02:00' };
    const good = sale(on);
    const records: unknown[] = [
      { ...sale(on), totalCents: 'a lot' },
      sale({ ...on, employee: 'nobody-here' }),
      sale({ ...on, totalCents: 4000, payments: [{ method: 'cash', amountCents: 4000 }] }),
      sale({ ...on, payments: [{ method: 'cash', amountCents: 100 }] }),
      sale({ ...on, issuedAt: '2026-04-05T07:00:00+02:00' }),
      sale({ ...on, pieces: 4 }),
      sale({
        ...on,
        type: 'return',
        lines: [{ productCode: 'P1', quantity: 1, unitPriceCents: 1000, subtotalCents: 1000, vatRate: 2200 }],
        totalCents: 1000,
        discountCents: 0,
        pieces: 1,
        payments: [{ method: 'cash', amountCents: 1000 }],
      }),
      sale({ ...on, type: 'cancelled' }),
      good,
      'not even an object',
    ];
    const response = await sendReceipts(milanCredential, records, 'en');
    expect(response.statusCode, response.body).toBe(200);
    const result = response.json().data;
    expect(result.accepted).toBe(1);
    expect(
      result.rejected.map((rejection: { index: number; reason: string }) => [rejection.index, rejection.reason]),
    ).toEqual([
      [0, 'invalid'],
      [1, 'unknownEmployee'],
      [2, 'totalsMismatch'],
      [3, 'paymentsMismatch'],
      [4, 'businessDateMismatch'],
      [5, 'piecesMismatch'],
      [6, 'wrongSign'],
      [7, 'paymentsMismatch'],
      [9, 'invalid'],
    ]);
    expect(result.rejected[0].message).toBe('Invalid record: totalCents: Invalid value.');
    expect(result.rejected[1].message).toContain('nobody-here');
    expect(result.rejected[9 - 1].reference).toBe('#10');

    // The reason is told in the register's language, field by field, never in the validator's English.
    const italian = (await sendReceipts(milanCredential, [{ ...sale(on), registerCode: undefined }], 'it')).json().data;
    expect(italian.rejected[0].message).toBe('Record non valido: registerCode: Campo obbligatorio.');

    const stored = await test.db.select().from(receipts).where(eq(receipts.businessDate, '2026-04-04'));
    expect(stored.map((row) => row.receiptNumber)).toEqual([good.receiptNumber]);
    const lines = await test.db
      .select()
      .from(receiptLines)
      .where(eq(receiptLines.receiptId, stored[0]?.id ?? 0));
    expect(lines).toHaveLength(2);

    const page = await api(test.app, {
      url: `/api/shops/${milanId}/sales-rejections?perPage=5`,
      token: adminToken,
    });
    expect(page.statusCode, page.body).toBe(200);
    expect(page.json().meta.total).toBeGreaterThanOrEqual(9);
    expect(page.json().data).toHaveLength(5);
    const [kept] = await test.db
      .select()
      .from(salesRejections)
      .where(and(eq(salesRejections.shopId, milanId), eq(salesRejections.reason, 'unknownEmployee')));
    expect(kept?.record).toMatchObject({ employee: 'nobody-here' });
  });

  it('takes a receipt issued after midnight, before 06:00, on the day before', async () => {
    const late = sale({ businessDate: '2026-04-06', issuedAt: '2026-04-07T01:30:00+02:00' });
    const response = await sendReceipts(milanCredential, [late]);
    expect(response.json().data.accepted).toBe(1);
  });
});

describe('fiscal closes', () => {
  it('stores a close once, refuses a changed resend and a broken VAT summary', async () => {
    const first = await sendCloses(milanCredential, [close()]);
    expect(first.json().data).toEqual({ accepted: 1, duplicates: 0, rejected: [] });
    const again = await sendCloses(milanCredential, [
      close(),
      close({ businessDate: '2026-03-11', closedAt: '2026-03-11T20:00:00+01:00', totalCents: 100 }),
      close({ closeNumber: 121 }),
    ]);
    const result = again.json().data;
    expect(result.accepted).toBe(0);
    expect(result.duplicates).toBe(1);
    expect(result.rejected.map((rejection: { reason: string }) => rejection.reason)).toEqual([
      'vatMismatch',
      'changedResend',
    ]);
    const stored = await test.db.select().from(fiscalCloses).where(eq(fiscalCloses.shopId, milanId));
    expect(stored.map((row) => [row.closeNumber, row.source])).toEqual([[120, 'agent']]);
  });

  it('lists the days with receipts and no close, and what each source last sent', async () => {
    const response = await api(test.app, { url: `/api/shops/${milanId}/sales-feed?days=366`, token: adminToken });
    expect(response.statusCode, response.body).toBe(200);
    const { sources, missingFiscalCloses } = response.json().data;
    expect(missingFiscalCloses).toContain('2026-04-01');
    expect(missingFiscalCloses).not.toContain('2026-03-10');
    expect(sources).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ kind: 'register', code: 'R1' }),
        expect.objectContaining({ kind: 'printer', code: '99MEY012345', lastBusinessDate: '2026-03-10' }),
      ]),
    );
  });

  it('takes a close typed in by a person, marked manual and audited; a different one is refused with 409', async () => {
    const manual = close({
      deviceSerial: 'PAPER01',
      businessDate: '2026-04-01',
      closedAt: '2026-04-01T20:00:00+02:00',
    });
    const url = `/api/shops/${milanId}/fiscal-closes`;
    const created = await api(test.app, { method: 'POST', url, token: adminToken, body: manual });
    expect(created.statusCode, created.body).toBe(201);
    expect(created.json().data).toMatchObject({ source: 'manual', deviceSerial: 'PAPER01' });
    expect(created.json().data.enteredBy).not.toBeNull();
    const same = await api(test.app, { method: 'POST', url, token: adminToken, body: manual });
    expect(same.statusCode).toBe(200);
    const changed = await api(test.app, {
      method: 'POST',
      url,
      token: adminToken,
      lng: 'en',
      body: { ...manual, closeNumber: 999 },
    });
    expect(changed.statusCode).toBe(409);
    expect(changed.json()).toMatchObject({ code: 'fiscalCloseChanged', message: expect.stringContaining('device') });
    const broken = await api(test.app, {
      method: 'POST',
      url,
      token: adminToken,
      body: { ...manual, businessDate: '2026-04-02', totalCents: 1 },
    });
    expect(broken.statusCode).toBe(422);
    expect(broken.json().code).toBe('fiscalCloseRefused');
    const audit = await test.db.select().from(auditLog).where(eq(auditLog.action, 'shop.fiscalCloseEntered'));
    expect(audit).toHaveLength(1);

    const feed = await api(test.app, { url: `/api/shops/${milanId}/sales-feed?days=366`, token: adminToken });
    expect(feed.json().data.missingFiscalCloses).not.toContain('2026-04-01');
  });

  it('answers 404 to a cashier of another shop', async () => {
    const cashier = await createUserWithAbilities(
      test.db,
      ['shops.cashRegister.dailyClose', 'shops.cashRegister.view'],
      {
        shops: ['MI01'],
      },
    );
    const token = await signIn(test.app, cashier.username);
    const entered = await api(test.app, {
      method: 'POST',
      url: `/api/shops/${naplesId}/fiscal-closes`,
      token,
      body: close(),
    });
    expect(entered.statusCode).toBe(404);
    const listed = await api(test.app, { url: `/api/shops/${naplesId}/receipts?date=2026-03-10`, token });
    expect(listed.statusCode).toBe(404);
  });
});
