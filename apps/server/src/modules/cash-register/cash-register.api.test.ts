import type { CashReportValues } from '@bottega/contracts/cash-register';
import type { FiscalCloseRecord, ReceiptRecordInput } from '@bottega/contracts/sales';
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
import { users } from '../employees/employees.schema';
import { expenseAuthorisations, expenses } from '../expenses/expenses.schema';
import { notifications } from '../notifications/notifications.schema';
import { ingestFiscalCloses, ingestReceipts } from '../sales/sales-ingest.service';
import { shiftPunches } from '../shifts/shifts.schema';
import { cashReports, weeklyCash } from './cash-register.schema';

// The daily cash report's workflow and rules at the API (spec §4 Cash report, §5 Cash register, §8): the
// business clock stands on Friday 20 March 2026 at 21:00 in Rome (week 2026-W12).

let test: TestApp;
let adminToken: string;
let employeeToken: string;
let accountingToken: string;
let controlToken: string;
/** A second person of Milano Duomo who may close the day, with no "must close" duty. */
let secondToken: string;
let secondName: string;
let employeeName: string;
let milanId: number;
let milan2Id: number;
let turinId: number;
let naplesId: number;

beforeAll(async () => {
  test = await createTestApp({ CLOCK_START: '2026-03-20T21:00:00+01:00' });
  adminToken = await signIn(test.app, 'admin');
  employeeToken = await signIn(test.app, 'dipendente');
  accountingToken = await signIn(test.app, 'contabilita');
  controlToken = await signIn(test.app, 'areacontrollo');
  const second = await createUserWithAbilities(
    test.db,
    ['shops.cashRegister.view', 'shops.cashRegister.dailyClose', 'shops.cashRegister.close'],
    { shops: ['MI01'] },
  );
  secondToken = await signIn(test.app, second.username);
  secondName = `Test ${second.username}`;
  employeeName = 'Marco Rossi';
  milanId = await findShopId(test.db, 'MI01');
  milan2Id = await findShopId(test.db, 'MI02');
  turinId = await findShopId(test.db, 'TO01');
  naplesId = await findShopId(test.db, 'NA01');
});
afterAll(() => test?.close());

/** Who received a web notification of this kind, by username, with what it said and linked to. */
async function notificationsOf(kind: string) {
  const rows = await test.db
    .select({ username: users.username, params: notifications.params, link: notifications.link })
    .from(notifications)
    .innerJoin(users, eq(users.id, notifications.userId))
    .where(eq(notifications.kind, kind));
  return new Map(rows.map(({ username, params, link }) => [username, { params, link }]));
}

// ——— A day of sales: three sales, a return and a cancelled receipt ———

let receiptNumber = 0;
function receipt(day: string, overrides: Partial<ReceiptRecordInput>): ReceiptRecordInput {
  receiptNumber += 1;
  return {
    registerCode: 'R1',
    businessDate: day,
    issuedAt: `${day}T10:00:00+01:00`,
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

function dayReceipts(day: string): ReceiptRecordInput[] {
  return [
    receipt(day, {
      loyaltyCard: 'CARD-1',
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
    }),
    receipt(day, {
      registerCode: 'R2',
      employee: 'admin',
      totalCents: 1250,
      pieces: 1,
      lines: [{ productCode: 'P1', quantity: 1, unitPriceCents: 1250, subtotalCents: 1250, vatRate: 2200 }],
      payments: [{ method: 'bancomat', amountCents: 1250 }],
    }),
    receipt(day, {
      totalCents: 3000,
      pieces: 2,
      lines: [{ productCode: 'P3', quantity: 2, unitPriceCents: 1500, subtotalCents: 3000, vatRate: 2200 }],
      payments: [
        { method: 'cash', amountCents: 2000 },
        { method: 'voucher', amountCents: 1000 },
      ],
    }),
    receipt(day, {
      type: 'return',
      totalCents: -1500,
      pieces: -1,
      lines: [{ productCode: 'P1', quantity: -1, unitPriceCents: 1500, subtotalCents: -1500, vatRate: 2200 }],
      payments: [{ method: 'cash', amountCents: -1500 }],
    }),
    receipt(day, {
      type: 'cancelled',
      totalCents: 800,
      pieces: 1,
      lines: [{ productCode: 'P2', quantity: 1, unitPriceCents: 800, subtotalCents: 800, vatRate: 2200 }],
      payments: [],
    }),
  ];
}

/** What the system register makes of dayReceipts, under the report's names. */
const daySystem = {
  totalCents: 7250,
  creditCardCents: 2500,
  bancomatCents: 1250,
  posSubtotalCents: 3750,
  cancelledCents: 800,
  returnsCents: 1500,
  vouchersCents: 1000,
  dailyCashCents: 2500,
  returnedReceiptsCount: 1,
  returnedPiecesCount: 1,
  receiptsCount: 3,
  piecesCount: 5,
  loyaltyCustomersCount: 1,
};

/** The figures as the shop should enter them: the register's, the printer's POS and a 100 € fund. */
const matching: CashReportValues = { ...daySystem, fiscalPosCents: 3750, cashFundCents: 10_000 };
/** The whole drawer: 25 € of the day and the 100 € fund. */
const matchingCount = { '10000': 1, '2000': 1, '500': 1 };

/** A Z report agreeing with dayReceipts unless `overrides` say otherwise; its VAT adds up to its total. */
function fiscalClose(day: string, overrides: Partial<FiscalCloseRecord> = {}): FiscalCloseRecord {
  const totalCents = overrides.totalCents ?? 7250;
  const taxableCents = Math.round(totalCents / 1.22);
  return {
    deviceSerial: '99MEY000001',
    businessDate: day,
    closedAt: `${day}T20:05:00+01:00`,
    closeNumber: 100,
    totalCents,
    documentsCount: 5,
    returnsCents: 1500,
    cancellationsCents: 800,
    electronicPaymentsCents: 3750,
    vatBreakdown: [{ vatRate: 2200, taxableCents, taxCents: totalCents - taxableCents }],
    ...overrides,
  };
}

async function seedSales(shopId: number, day: string) {
  const result = await ingestReceipts({ db: test.db, shopId, clientId: null, records: dayReceipts(day), lng: 'it' });
  expect(result.rejected).toEqual([]);
}

async function seedClose(shopId: number, close: FiscalCloseRecord) {
  const result = await ingestFiscalCloses({
    db: test.db,
    shopId,
    clientId: null,
    source: 'printer',
    records: [close],
    lng: 'it',
  });
  expect(result.rejected).toEqual([]);
}

async function openReport(token: string, shopId: number, day: string) {
  const response = await api(test.app, {
    method: 'POST',
    url: `/api/shops/${shopId}/cash-reports`,
    token,
    body: { businessDate: day },
  });
  expect([200, 201], response.body).toContain(response.statusCode);
  return response.json().data as { id: number; version: number; status: string };
}

async function readReport(token: string, reportId: number) {
  const response = await api(test.app, { url: `/api/cash-reports/${reportId}`, token });
  expect(response.statusCode, response.body).toBe(200);
  return response.json().data;
}

function reportBody(
  version: number,
  overrides: Partial<CashReportValues> = {},
  extra: Record<string, unknown> = {},
): Record<string, unknown> {
  return { values: { ...matching, ...overrides }, cashCount: matchingCount, comments: '', version, ...extra };
}

const emptyValues = Object.fromEntries(Object.keys(matching).map((field) => [field, null]));

function step(token: string, reportId: number, path: 'confirm' | 'close' | 'withdraw' | 'correct', body: unknown) {
  return api(test.app, { method: 'POST', url: `/api/cash-reports/${reportId}/${path}`, token, body });
}

function save(token: string, reportId: number, body: unknown) {
  return api(test.app, { method: 'PUT', url: `/api/cash-reports/${reportId}`, token, body });
}

async function auditOf(reportId: number) {
  return test.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.entity, 'cashReport'), eq(auditLog.entityId, String(reportId))))
    .orderBy(asc(auditLog.id));
}

describe('opening a day', () => {
  it('creates the report open with no figures (201), then answers the same one (200), audited once', async () => {
    await seedSales(milanId, '2026-03-02');
    const first = await api(test.app, {
      method: 'POST',
      url: `/api/shops/${milanId}/cash-reports`,
      token: employeeToken,
      body: { businessDate: '2026-03-02' },
    });
    expect(first.statusCode, first.body).toBe(201);
    const report = first.json().data;
    expect(report).toMatchObject({
      shopId: milanId,
      shopName: 'Milano Duomo',
      businessDate: '2026-03-02',
      week: '2026-W10',
      status: 'open',
      version: 0,
      values: emptyValues,
      cashCount: {},
      comments: '',
      system: daySystem,
      fiscal: null,
      expensesCents: 0,
      partialBy: null,
      closedBy: null,
      previousWeekPending: null,
      can: { edit: true, confirm: true, close: false, correct: false },
    });
    const again = await api(test.app, {
      method: 'POST',
      url: `/api/shops/${milanId}/cash-reports`,
      token: adminToken,
      body: { businessDate: '2026-03-02' },
    });
    expect(again.statusCode).toBe(200);
    expect(again.json().data.id).toBe(report.id);
    const audit = await auditOf(report.id);
    expect(audit.map((entry) => [entry.action, entry.toState])).toEqual([['cashReport.created', 'open']]);
    expect(audit[0]?.actorId).toBe(await findUserId(test.db, 'dipendente'));
  });

  it('gives two people opening the same day at once the same report', async () => {
    const responses = await Promise.all(
      [employeeToken, adminToken].map((token) =>
        api(test.app, {
          method: 'POST',
          url: `/api/shops/${milanId}/cash-reports`,
          token,
          body: { businessDate: '2026-03-03' },
        }),
      ),
    );
    expect(responses.map((response) => response.statusCode).sort()).toEqual([200, 201]);
    const [a, b] = responses.map((response) => response.json().data.id);
    expect(a).toBe(b);
  });

  it('refuses a day after today (business clock, Rome), but opens today and days without sales', async () => {
    const tomorrow = await api(test.app, {
      method: 'POST',
      url: `/api/shops/${milanId}/cash-reports`,
      token: employeeToken,
      body: { businessDate: '2026-03-21' },
    });
    expect(tomorrow.statusCode).toBe(422);
    expect(tomorrow.json()).toMatchObject({
      code: 'cashReportFutureDay',
      message: 'Non si può aprire la cassa di un giorno che deve ancora venire.',
    });
    const today = await openReport(employeeToken, milanId, '2026-03-20');
    const read = await readReport(employeeToken, today.id);
    expect(read.system).toEqual(Object.fromEntries(Object.keys(daySystem).map((field) => [field, 0])));
  });
});

describe('the two-person workflow', () => {
  const day = '2026-03-16';
  let reportId: number;

  beforeAll(async () => {
    await seedSales(milanId, day);
    await seedClose(milanId, fiscalClose(day));
    reportId = (await openReport(employeeToken, milanId, day)).id;
  });

  it('saves a draft with mismatches, raising the version and auditing every change', async () => {
    const response = await save(
      employeeToken,
      reportId,
      reportBody(0, { totalCents: 7000 }, { comments: 'Prima conta', cashCount: { '5000': 2, '1': 3 } }),
    );
    expect(response.statusCode, response.body).toBe(200);
    const report = response.json().data;
    expect(report).toMatchObject({
      version: 1,
      status: 'open',
      values: { ...matching, totalCents: 7000 },
      cashCount: { '5000': 2, '1': 3 },
      comments: 'Prima conta',
      updatedBy: { name: employeeName },
    });
    expect(report.fiscal).toMatchObject({
      totalCents: 7250,
      fiscalPosCents: 3750,
      cancelledCents: 800,
      returnsCents: 1500,
      closeNumber: 100,
      deviceSerial: '99MEY000001',
      source: 'printer',
    });
    const saved = (await auditOf(reportId)).filter((entry) => entry.action === 'cashReport.saved');
    expect(saved).toHaveLength(1);
    expect(saved[0]?.data?.changes).toEqual({
      totalCents: { from: null, to: 7000 },
      creditCardCents: { from: null, to: 2500 },
      bancomatCents: { from: null, to: 1250 },
      posSubtotalCents: { from: null, to: 3750 },
      fiscalPosCents: { from: null, to: 3750 },
      cancelledCents: { from: null, to: 800 },
      returnsCents: { from: null, to: 1500 },
      vouchersCents: { from: null, to: 1000 },
      dailyCashCents: { from: null, to: 2500 },
      cashFundCents: { from: null, to: 10_000 },
      returnedReceiptsCount: { from: null, to: 1 },
      returnedPiecesCount: { from: null, to: 1 },
      receiptsCount: { from: null, to: 3 },
      piecesCount: { from: null, to: 5 },
      loyaltyCustomersCount: { from: null, to: 1 },
      cashCount: { from: {}, to: { '5000': 2, '1': 3 } },
      comments: { from: '', to: 'Prima conta' },
    });
  });

  it('refuses a save over a newer version, and saving the same again changes nothing', async () => {
    const stale = await save(employeeToken, reportId, reportBody(0));
    expect(stale.statusCode).toBe(409);
    expect(stale.json().code).toBe('cashReportChanged');
    const unchanged = await save(
      employeeToken,
      reportId,
      reportBody(1, { totalCents: 7000 }, { comments: 'Prima conta', cashCount: { '5000': 2, '1': 3 } }),
    );
    expect(unchanged.json().data.version).toBe(1);
    expect((await readReport(employeeToken, reportId)).values.totalCents).toBe(7000);
  });

  it('refuses a confirmation that does not match the system register, changing nothing stored', async () => {
    const response = await step(
      employeeToken,
      reportId,
      'confirm',
      reportBody(1, { totalCents: 7000, receiptsCount: 4 }, { comments: 'Conta definitiva' }),
    );
    expect(response.statusCode).toBe(422);
    expect(response.json()).toEqual({
      code: 'cashDataMismatch',
      message: 'I dati devono corrispondere ai valori di sistema: controlla i campi evidenziati.',
      errors: {
        'values.totalCents': ['Il valore di sistema è € 72,50.'],
        'values.receiptsCount': ['Il valore di sistema è 3.'],
      },
    });
    // The refusal saves nothing: the version the screen holds stays good for its next save or confirmation.
    const report = await readReport(employeeToken, reportId);
    expect(report).toMatchObject({ status: 'open', version: 1, comments: 'Prima conta', values: { totalCents: 7000 } });
    expect(report.values.receiptsCount).toBe(3);
  });

  it('speaks the caller’s language', async () => {
    const response = await api(test.app, {
      method: 'POST',
      url: `/api/cash-reports/${reportId}/confirm`,
      token: employeeToken,
      lng: 'en',
      body: reportBody(1, { totalCents: 7000, receiptsCount: 4 }, { comments: 'Conta definitiva' }),
    });
    expect(response.json().errors['values.totalCents']).toEqual(['The system value is € 72,50.']);
  });

  it('refuses closing before the partial confirmation', async () => {
    const response = await step(secondToken, reportId, 'close', { version: 1 });
    expect(response.statusCode).toBe(409);
    expect(response.json()).toMatchObject({
      code: 'cashReportNotPartial',
      message: 'Prima serve la conferma parziale di un collega.',
    });
  });

  it('confirms partially when everything matches', async () => {
    // Marco is on shift since the morning, on a break now: the confirmation ends his break and his shift (§4).
    const marco = await findUserId(test.db, 'dipendente');
    await test.db.insert(shiftPunches).values([
      {
        userId: marco,
        shopId: milanId,
        step: 'startShift',
        at: new Date('2026-03-20T09:00:00+01:00'),
        confirmedBy: 'password',
      },
      {
        userId: marco,
        shopId: milanId,
        step: 'startBreak',
        at: new Date('2026-03-20T20:30:00+01:00'),
        confirmedBy: 'password',
      },
    ]);
    const response = await step(
      employeeToken,
      reportId,
      'confirm',
      reportBody(1, {}, { comments: 'Conta definitiva', cashCount: matchingCount }),
    );
    expect(response.statusCode, response.body).toBe(200);
    const report = response.json().data;
    // Saved and confirmed in one step: one version more.
    expect(report).toMatchObject({
      status: 'partial',
      version: 2,
      values: matching,
      cashCount: matchingCount,
      partialBy: { name: employeeName },
      closedBy: null,
      can: { edit: false, confirm: false, close: false, withdraw: true, correct: false },
    });
    // On the business clock: the evening of 20 March 2026 in Rome.
    expect(report.partialAt).toMatch(/^2026-03-20T20:/);
    const punched = await test.db
      .select({ step: shiftPunches.step, at: shiftPunches.at, confirmedBy: shiftPunches.confirmedBy })
      .from(shiftPunches)
      .where(eq(shiftPunches.userId, marco))
      .orderBy(asc(shiftPunches.id));
    expect(punched.slice(2)).toEqual([
      { step: 'stopBreak', at: new Date(report.partialAt), confirmedBy: 'cashReport' },
      { step: 'stopShift', at: new Date(report.partialAt), confirmedBy: 'cashReport' },
    ]);
    const asSecond = await readReport(secondToken, reportId);
    expect(asSecond.can).toEqual({ edit: false, confirm: false, close: true, withdraw: true, correct: false });
    const transition = (await auditOf(reportId)).find((entry) => entry.action === 'cashReport.partiallyConfirmed');
    expect(transition).toMatchObject({
      fromState: 'open',
      toState: 'partial',
      actorId: await findUserId(test.db, 'dipendente'),
    });
    // What the confirmation changed is in its own entry.
    expect(transition?.data?.changes).toEqual({
      totalCents: { from: 7000, to: 7250 },
      comments: { from: 'Prima conta', to: 'Conta definitiva' },
      cashCount: { from: { '5000': 2, '1': 3 }, to: matchingCount },
    });
    // The colleagues who may close it are told it waits for them (issue 18); the confirmer is not.
    const waiting = await notificationsOf('cashRegister.awaitingConfirmation');
    expect(waiting.get('admin')).toEqual({
      params: { shop: 'Milano Duomo', date: '16/03/2026', by: employeeName },
      link: `/app/shop/cashRegister/${reportId}/edit`,
    });
    expect(waiting.has('dipendente')).toBe(false);
  });

  it('refuses a second partial confirmation, naming who gave the first', async () => {
    const response = await step(secondToken, reportId, 'confirm', reportBody(2, {}, { comments: 'Conta definitiva' }));
    expect(response.statusCode).toBe(409);
    expect(response.json()).toMatchObject({
      code: 'cashReportAlreadyConfirmed',
      message: `La giornata ha già la conferma parziale di ${employeeName}: ora deve chiuderla un'altra persona.`,
    });
  });

  it('refuses the close by the person who confirmed partially (two different people)', async () => {
    const response = await step(employeeToken, reportId, 'close', { version: 2 });
    expect(response.statusCode).toBe(409);
    expect(response.json()).toMatchObject({
      code: 'cashReportSamePerson',
      message: "La chiusura va confermata da un'altra persona: la conferma parziale l'hai già data tu.",
    });
    expect((await readReport(employeeToken, reportId)).status).toBe('partial');
  });

  it('closes when another person confirms', async () => {
    const response = await step(secondToken, reportId, 'close', { version: 2 });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().data).toMatchObject({
      status: 'closed',
      version: 3,
      partialBy: { name: employeeName },
      closedBy: { name: secondName },
      can: { edit: false, confirm: false, close: false, withdraw: false, correct: false },
    });
    const transitions = (await auditOf(reportId))
      .filter((entry) => entry.fromState !== entry.toState)
      .map((entry) => [entry.action, entry.fromState, entry.toState]);
    expect(transitions).toEqual([
      ['cashReport.created', null, 'open'],
      ['cashReport.partiallyConfirmed', 'open', 'partial'],
      ['cashReport.closed', 'partial', 'closed'],
    ]);
    // A report convalidated (§6 Admin notifications) reaches those who receive it, wherever they work.
    const convalidated = await notificationsOf('adminNotifications.reportsConvalidated');
    expect(convalidated.get('boss')).toEqual({
      params: { shop: 'Milano Duomo', date: '16/03/2026', by: secondName },
      link: `/app/shop/cashRegister/${reportId}/edit`,
    });
    expect(convalidated.has('dipendente')).toBe(false);
  });

  it('locks the closed day: no save, confirmation or close, even for those who may correct it', async () => {
    for (const token of [employeeToken, adminToken]) {
      const response = await save(token, reportId, reportBody(3, {}, { comments: 'Dopo la chiusura' }));
      expect(response.statusCode).toBe(409);
      expect(response.json().code).toBe('cashReportClosed');
    }
    for (const path of ['confirm', 'close'] as const) {
      const response = await step(secondToken, reportId, path, reportBody(3));
      expect(response.statusCode).toBe(409);
      expect(response.json().code).toBe('cashReportClosed');
    }
    const report = await readReport(adminToken, reportId);
    expect(report).toMatchObject({ status: 'closed', version: 3, comments: 'Conta definitiva' });
    expect(report.can.correct).toBe(true);
  });

  it('lets those who may edit reports correct the closed day, audited with the reason and each change', async () => {
    const notClosedYet = await openReport(employeeToken, milanId, '2026-03-17');
    const early = await step(accountingToken, notClosedYet.id, 'correct', {
      ...reportBody(notClosedYet.version),
      reason: 'Prova',
    });
    expect(early.statusCode).toBe(409);
    expect(early.json().code).toBe('cashReportNotClosed');

    const noReason = await step(accountingToken, reportId, 'correct', reportBody(3));
    expect(noReason.statusCode).toBe(422);
    expect(Object.keys(noReason.json().errors)).toEqual(['reason']);

    const wrong = await step(accountingToken, reportId, 'correct', {
      ...reportBody(3, { totalCents: 1 }),
      reason: 'Totale sbagliato',
    });
    expect(wrong.statusCode).toBe(422);
    expect(wrong.json().code).toBe('cashDataMismatch');
    expect((await readReport(accountingToken, reportId)).values.totalCents).toBe(7250);

    const response = await step(accountingToken, reportId, 'correct', {
      ...reportBody(3, { cashFundCents: 20_000 }, { cashCount: { ...matchingCount, '10000': 2 } }),
      comments: 'Fondo ricontato',
      reason: 'Il fondo cassa era di 200 €',
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().data).toMatchObject({
      status: 'closed',
      version: 4,
      values: { cashFundCents: 20_000 },
      comments: 'Fondo ricontato',
      closedBy: { name: secondName },
    });
    const correction = (await auditOf(reportId)).find((entry) => entry.action === 'cashReport.corrected');
    expect(correction).toMatchObject({
      actorId: await findUserId(test.db, 'contabilita'),
      fromState: 'closed',
      toState: 'closed',
      reason: 'Il fondo cassa era di 200 €',
    });
    expect(correction?.data?.changes).toEqual({
      cashFundCents: { from: 10_000, to: 20_000 },
      cashCount: { from: matchingCount, to: { ...matchingCount, '10000': 2 } },
      comments: { from: 'Conta definitiva', to: 'Fondo ricontato' },
    });
  });

  it('refuses a correction to someone who may not edit reports, and over an older version', async () => {
    const forbidden = await step(employeeToken, reportId, 'correct', { ...reportBody(4), reason: 'Nuovi dati' });
    expect(forbidden.statusCode).toBe(403);
    const stale = await step(accountingToken, reportId, 'correct', { ...reportBody(3), reason: 'Nuovi dati' });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().code).toBe('cashReportChanged');
  });
});

describe('a partial confirmation without loose ends (issue 17)', () => {
  const day = '2026-03-18';
  let reportId: number;
  /** The whole drawer ten euros short: 10 € of the day's 25 € and the 100 € fund. */
  const shortCount = { '10000': 1, '1000': 1, '500': 1 };

  beforeAll(async () => {
    await seedSales(milanId, day);
    await seedClose(milanId, fiscalClose(day));
    reportId = (await openReport(employeeToken, milanId, day)).id;
  });

  it('a refused confirmation changes nothing, so fixing the count and confirming again meets no conflict', async () => {
    const draft = await save(employeeToken, reportId, reportBody(0, {}, { cashCount: shortCount }));
    expect(draft.json().data.version).toBe(1);
    // "Conferma parziale" with the notes ten euros short: refused, and the stored report stays at version 1.
    const refused = await step(employeeToken, reportId, 'confirm', reportBody(1, {}, { cashCount: shortCount }));
    expect(refused.statusCode).toBe(422);
    expect(refused.json().code).toBe('cashCountMismatch');
    expect((await readReport(employeeToken, reportId)).version).toBe(1);
    // The screen still holds version 1: the fixed count saves, then confirms, with no "somebody else saved".
    const fixed = await save(employeeToken, reportId, reportBody(1, {}, { cashCount: matchingCount }));
    expect(fixed.statusCode, fixed.body).toBe(200);
    const refusedAgain = await step(employeeToken, reportId, 'confirm', reportBody(2, { vouchersCents: 0 }));
    expect(refusedAgain.json().code).toBe('cashDataMismatch');
    const confirmed = await step(employeeToken, reportId, 'confirm', reportBody(2));
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    expect(confirmed.json().data).toMatchObject({ status: 'partial', version: 3, partialBy: { name: employeeName } });
    const actions = (await auditOf(reportId)).map((entry) => entry.action);
    expect(actions).toEqual([
      'cashReport.created',
      'cashReport.saved',
      'cashReport.saved',
      'cashReport.partiallyConfirmed',
    ]);
  });

  it('still refuses a confirmation over what somebody else saved meanwhile', async () => {
    const other = await openReport(employeeToken, milanId, '2026-03-20');
    expect((await save(secondToken, other.id, reportBody(0, { totalCents: 1 }))).statusCode).toBe(200);
    const stale = await step(employeeToken, other.id, 'confirm', reportBody(0));
    expect(stale.statusCode).toBe(409);
    expect(stale.json()).toMatchObject({
      code: 'cashReportChanged',
      message:
        'Qualcun altro ha salvato questa giornata nel frattempo: ricarica per vedere i suoi dati (quello che hai scritto resta nel modulo).',
    });
  });

  it('freezes the confirmed figures: neither the confirmer nor an administrator changes them, nor the expenses', async () => {
    for (const token of [employeeToken, adminToken, secondToken]) {
      const response = await save(token, reportId, reportBody(3, { vouchersCents: 99_900 }));
      expect(response.statusCode).toBe(409);
      expect(response.json()).toEqual({
        code: 'cashReportPartiallyConfirmed',
        message: `La giornata è confermata parzialmente da ${employeeName}: i dati confermati non si cambiano più. Per modificarli, ritira prima la conferma.`,
      });
    }
    const [authorisation] = await test.db
      .insert(expenseAuthorisations)
      .values({ shopId: milanId, description: 'Cancelleria', maxAmountCents: 5000, validFrom: day, validTo: day })
      .returning({ id: expenseAuthorisations.id });
    const expense = await api(test.app, {
      method: 'POST',
      url: `/api/cash-reports/${reportId}/expenses`,
      token: adminToken,
      body: { authorisationId: authorisation?.id, amountCents: 500, comments: 'Penne' },
    });
    expect(expense.statusCode, expense.body).toBe(409);
    expect(expense.json().code).toBe('cashReportPartiallyConfirmed');
    const report = await readReport(secondToken, reportId);
    expect(report).toMatchObject({ status: 'partial', version: 3, values: { vouchersCents: 1000 }, expensesCents: 0 });
  });

  it('refuses a close once a difference appears after the confirmation (the register moved on)', async () => {
    // A late receipt of the day reaches the feed: the confirmed figures no longer match the register.
    const late = receipt(day, {
      totalCents: 500,
      pieces: 1,
      lines: [{ productCode: 'P1', quantity: 1, unitPriceCents: 500, subtotalCents: 500, vatRate: 2200 }],
      payments: [{ method: 'cash', amountCents: 500 }],
    });
    const ingested = await ingestReceipts({ db: test.db, shopId: milanId, clientId: null, records: [late], lng: 'it' });
    expect(ingested.rejected).toEqual([]);
    const response = await step(secondToken, reportId, 'close', { version: 3 });
    expect(response.statusCode).toBe(422);
    expect(response.json().code).toBe('cashDataMismatch');
    expect(Object.keys(response.json().errors)).toContain('values.totalCents');
    expect((await readReport(secondToken, reportId)).status).toBe('partial');
  });

  it('withdraws the confirmation (the colleague, audited) back to in progress; then the figures change again', async () => {
    const stale = await step(secondToken, reportId, 'withdraw', { version: 2 });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().code).toBe('cashReportChanged');
    const response = await step(secondToken, reportId, 'withdraw', { version: 3 });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().data).toMatchObject({
      status: 'open',
      version: 4,
      partialBy: null,
      partialAt: null,
      can: { edit: true, confirm: true, close: false, withdraw: false },
    });
    const withdrawn = (await auditOf(reportId)).find((entry) => entry.action === 'cashReport.confirmationWithdrawn');
    expect(withdrawn).toMatchObject({
      actorId: await findUserId(test.db, secondName.replace('Test ', '')),
      fromState: 'partial',
      toState: 'open',
      data: { confirmedBy: await findUserId(test.db, 'dipendente'), version: 4 },
    });
    const again = await step(secondToken, reportId, 'withdraw', { version: 4 });
    expect(again.statusCode).toBe(409);
    expect(again.json().code).toBe('cashReportNotPartial');
    // In progress again: the late receipt goes into the figures.
    const saved = await save(secondToken, reportId, reportBody(4, { totalCents: 7750, receiptsCount: 4 }));
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().data).toMatchObject({ status: 'open', version: 5, values: { totalCents: 7750 } });
  });
});

describe('the rules of a confirmation, in order', () => {
  const day = '2026-03-17';
  let reportId: number;

  beforeAll(async () => {
    await seedSales(milanId, day);
    reportId = (await openReport(employeeToken, milanId, day)).id;
  });

  async function version() {
    return (await readReport(adminToken, reportId)).version as number;
  }

  it('needs the fiscal close for those who must close with it (title Attention), saving nothing', async () => {
    const response = await step(employeeToken, reportId, 'confirm', {
      values: emptyValues,
      cashCount: {},
      comments: 'In attesa della stampante',
      version: await version(),
    });
    expect(response.statusCode).toBe(409);
    expect(response.json()).toEqual({
      code: 'cashFiscalCloseMissing',
      message: 'Chiusura fiscale assente: la giornata non può essere chiusa, attendi i dati.',
    });
    expect((await readReport(employeeToken, reportId)).comments).toBe('');
  });

  it('needs every field, for those who need no fiscal close too', async () => {
    const response = await step(secondToken, reportId, 'confirm', {
      values: { ...emptyValues, totalCents: 7250 },
      cashCount: {},
      comments: '',
      version: await version(),
    });
    expect(response.statusCode).toBe(422);
    const answer = response.json();
    expect(answer).toMatchObject({
      code: 'cashReportIncomplete',
      message: 'Compila tutti i campi prima di confermare.',
    });
    expect(Object.keys(answer.errors)).toHaveLength(14);
    expect(answer.errors['values.totalCents']).toBeUndefined();
    expect(answer.errors['values.cashFundCents']).toEqual(['Campo obbligatorio.']);
  });

  it('needs the POS subtotal to be credit card + bancomat', async () => {
    await seedClose(milanId, fiscalClose(day, { totalCents: 7350 }));
    const response = await step(
      employeeToken,
      reportId,
      'confirm',
      reportBody(await version(), { posSubtotalCents: 3700 }),
    );
    expect(response.statusCode).toBe(422);
    expect(response.json()).toEqual({
      code: 'cashPosSubtotalMismatch',
      message: 'Il subtotale POS deve essere la somma di carte di credito e bancomat.',
      errors: { 'values.posSubtotalCents': ['Deve essere la somma di carte di credito e bancomat: € 37,50.'] },
    });
  });

  it('needs the fiscal close to match the system register', async () => {
    const response = await step(employeeToken, reportId, 'confirm', reportBody(await version()));
    expect(response.statusCode).toBe(422);
    expect(response.json()).toEqual({
      code: 'cashFiscalMismatch',
      message:
        'I dati fiscali devono corrispondere: la chiusura fiscale non coincide con i valori di sistema nei campi evidenziati.',
      errors: { 'values.totalCents': ['La chiusura fiscale riporta € 73,50.'] },
    });
  });

  it('lets only those who may edit reports accept the fiscal difference', async () => {
    const response = await step(
      employeeToken,
      reportId,
      'confirm',
      reportBody(await version(), {}, { acceptFiscalDifference: 'Scontrino annullato a mano' }),
    );
    expect(response.statusCode).toBe(403);
    expect(response.json().code).toBe('cashFiscalDifferenceNotAllowed');
    expect((await readReport(adminToken, reportId)).status).toBe('open');
  });

  it('needs the note and coin count to be the cash in the till, fund included', async () => {
    const response = await step(
      adminToken,
      reportId,
      'confirm',
      reportBody(
        await version(),
        {},
        { acceptFiscalDifference: 'Scontrino annullato a mano', cashCount: { '10000': 1 } },
      ),
    );
    expect(response.statusCode).toBe(422);
    expect(response.json()).toEqual({
      code: 'cashCountMismatch',
      message:
        'Il conteggio di banconote e monete (€ 100,00) deve corrispondere al contante in cassa, fondo cassa compreso (€ 125,00).',
    });
  });

  it('confirms with the fiscal difference accepted by an editReports user, audited with the reason', async () => {
    const response = await step(
      adminToken,
      reportId,
      'confirm',
      reportBody(await version(), {}, { acceptFiscalDifference: 'Scontrino annullato a mano' }),
    );
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().data.status).toBe('partial');
    const accepted = (await auditOf(reportId)).find((entry) => entry.action === 'cashReport.fiscalDifferenceAccepted');
    expect(accepted).toMatchObject({
      actorId: await findUserId(test.db, 'admin'),
      reason: 'Scontrino annullato a mano',
      fromState: 'open',
      toState: 'partial',
      data: { fields: { totalCents: { fiscal: 7350, system: 7250, entered: 7250 } } },
    });
    // Kept on the day, for the month's compensation check.
    const [row] = await test.db.select().from(cashReports).where(eq(cashReports.id, reportId));
    expect(row?.fiscalDifferenceAccepted).toBe('Scontrino annullato a mano');
  });
});

describe('the previous week first (must close previous week)', () => {
  const day = '2026-03-16';
  let reportId: number;

  beforeAll(async () => {
    // Milano 2 sold in the week before (2026-W11) and its weekly cash is not filled.
    await seedSales(milan2Id, '2026-03-11');
    await seedSales(milan2Id, day);
    await seedClose(milan2Id, fiscalClose(day));
    reportId = (await openReport(employeeToken, milan2Id, day)).id;
  });

  it('shows the pending week to those who must close it first, and to nobody else', async () => {
    expect((await readReport(employeeToken, reportId)).previousWeekPending).toBe('2026-W11');
    expect((await readReport(controlToken, reportId)).previousWeekPending).toBeNull();
  });

  it('refuses the confirmation with the pending message, saving nothing', async () => {
    const response = await step(employeeToken, reportId, 'confirm', reportBody(0, {}, { comments: 'Pronta' }));
    expect(response.statusCode).toBe(409);
    expect(response.json()).toEqual({
      code: 'cashPreviousWeekPending',
      message: 'Completa prima la cassa settimanale della settimana 2026-W11: è ancora in sospeso.',
    });
    expect((await readReport(employeeToken, reportId)).comments).toBe('');
  });

  it('confirms once the weekly cash of the week before is filled', async () => {
    await test.db.insert(weeklyCash).values({
      shopId: milan2Id,
      week: '2026-W11',
      totalCents: 7250,
      posCents: 3750,
      dailyCashCents: 2500,
      expensesCents: 0,
      cashFundCents: 10_000,
      depositsCents: 2500,
      differenceCents: 0,
    });
    expect((await readReport(employeeToken, reportId)).previousWeekPending).toBeNull();
    const response = await step(employeeToken, reportId, 'confirm', reportBody(0, {}, { comments: 'Pronta' }));
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().data.status).toBe('partial');
  });
});

describe('what the day’s figures are made of', () => {
  it('takes the expenses paid from the till out of the system’s daily cash', async () => {
    const day = '2026-03-19';
    await seedSales(milanId, day);
    const report = await openReport(employeeToken, milanId, day);
    const [authorisation] = await test.db
      .insert(expenseAuthorisations)
      .values({ shopId: milanId, description: 'Pulizie', maxAmountCents: 5000, validFrom: day, validTo: day })
      .returning({ id: expenseAuthorisations.id });
    await test.db.insert(expenses).values([
      {
        reportId: report.id,
        shopId: milanId,
        authorisationId: authorisation?.id as number,
        amountCents: 300,
        date: day,
      },
      {
        reportId: report.id,
        shopId: milanId,
        authorisationId: authorisation?.id as number,
        amountCents: 200,
        date: day,
      },
    ]);
    const read = await readReport(employeeToken, report.id);
    expect(read.expensesCents).toBe(500);
    expect(read.system.dailyCashCents).toBe(2000);
  });

  it('adds up the closes of several fiscal printers, showing the latest one’s number and serial', async () => {
    const day = '2026-03-18';
    await seedClose(turinId, fiscalClose(day, { deviceSerial: 'A1', closeNumber: 7, totalCents: 1000 }));
    await seedClose(
      turinId,
      fiscalClose(day, {
        deviceSerial: 'B2',
        closeNumber: 42,
        totalCents: 2000,
        closedAt: `${day}T21:30:00+01:00`,
        electronicPaymentsCents: 500,
        returnsCents: 0,
        cancellationsCents: 100,
      }),
    );
    const report = await openReport(adminToken, turinId, day);
    expect((await readReport(adminToken, report.id)).fiscal).toEqual({
      totalCents: 3000,
      fiscalPosCents: 4250,
      cancelledCents: 900,
      returnsCents: 1500,
      closeNumber: 42,
      deviceSerial: 'B2',
      closedAt: '2026-03-18T20:30:00.000Z',
      source: 'printer',
    });
  });
});

describe('who may do what', () => {
  let naplesReportId: number;
  let milanReportId: number;

  beforeAll(async () => {
    await seedSales(naplesId, '2026-03-18');
    naplesReportId = (await openReport(adminToken, naplesId, '2026-03-18')).id;
    milanReportId = (await openReport(employeeToken, milanId, '2026-03-05')).id;
  });

  it('answers 404 for a report of a shop outside the viewer’s shops, whatever the call', async () => {
    const calls = [
      { method: 'GET' as const, url: `/api/cash-reports/${naplesReportId}` },
      { method: 'PUT' as const, url: `/api/cash-reports/${naplesReportId}`, body: reportBody(0) },
      { method: 'POST' as const, url: `/api/cash-reports/${naplesReportId}/confirm`, body: reportBody(0) },
      { method: 'POST' as const, url: `/api/cash-reports/${naplesReportId}/close`, body: reportBody(0) },
      { method: 'POST' as const, url: `/api/cash-reports/${naplesReportId}/withdraw`, body: { version: 0 } },
      { method: 'GET' as const, url: `/api/cash-reports/${naplesReportId}/sales-details` },
      { method: 'GET' as const, url: `/api/cash-reports/${naplesReportId}/receipts` },
      { method: 'GET' as const, url: `/api/shops/${naplesId}/cash-reports?month=2026-03` },
      { method: 'POST' as const, url: `/api/shops/${naplesId}/cash-reports`, body: { businessDate: '2026-03-18' } },
    ];
    for (const call of calls) {
      const response = await api(test.app, { ...call, token: employeeToken });
      expect(response.statusCode, `${call.method} ${call.url}`).toBe(404);
    }
    expect((await readReport(adminToken, naplesReportId)).version).toBe(0);
  });

  it('answers 403 without the ability each call needs', async () => {
    const nobody = await createUserWithAbilities(test.db, ['employees.dashboard'], { shops: ['MI01'] });
    const nobodyToken = await signIn(test.app, nobody.username);
    const viewer = await createUserWithAbilities(
      test.db,
      ['shops.cashRegister.view', 'shops.cashRegister.dailyClose'],
      {
        shops: ['MI01'],
      },
    );
    const noCloseToken = await signIn(test.app, viewer.username);
    const cases: [string, 'GET' | 'PUT' | 'POST', string, unknown][] = [
      [nobodyToken, 'GET', `/api/cash-reports/${milanReportId}`, undefined],
      [nobodyToken, 'GET', `/api/shops/${milanId}/cash-reports?month=2026-03`, undefined],
      [nobodyToken, 'GET', `/api/cash-reports/${milanReportId}/receipts`, undefined],
      [controlToken, 'PUT', `/api/cash-reports/${milanReportId}`, reportBody(0)],
      [controlToken, 'POST', `/api/shops/${milanId}/cash-reports`, { businessDate: '2026-03-06' }],
      [controlToken, 'POST', `/api/cash-reports/${milanReportId}/confirm`, reportBody(0)],
      [noCloseToken, 'POST', `/api/cash-reports/${milanReportId}/close`, reportBody(0)],
      [controlToken, 'POST', `/api/cash-reports/${milanReportId}/withdraw`, { version: 0 }],
      [nobodyToken, 'POST', `/api/cash-reports/${milanReportId}/withdraw`, { version: 0 }],
      [employeeToken, 'POST', `/api/cash-reports/${milanReportId}/correct`, { ...reportBody(0), reason: 'Prova' }],
      [employeeToken, 'GET', '/api/cash-reports/unclosed', undefined],
    ];
    for (const [token, method, url, body] of cases) {
      const response = await api(test.app, { method, url, token, body });
      expect(response.statusCode, `${method} ${url}`).toBe(403);
    }
    expect((await readReport(adminToken, milanReportId)).version).toBe(0);
  });

  it('lets a viewer of the shop read the report without offering any action', async () => {
    const report = await readReport(controlToken, milanReportId);
    expect(report.can).toEqual({ edit: false, confirm: false, close: false, withdraw: false, correct: false });
  });

  it('refuses figures the schema does not allow', async () => {
    // A day's figures may be negative (a day of refunds), the fund in the till and the counts may not.
    const negative = await save(employeeToken, milanReportId, reportBody(0, { cashFundCents: -5, receiptsCount: -1 }));
    expect(negative.statusCode).toBe(422);
    expect(negative.json().errors).toEqual({
      'values.cashFundCents': ['Il valore minimo è 0.'],
      'values.receiptsCount': ['Il valore minimo è 0.'],
    });
    const oddCoin = await save(employeeToken, milanReportId, reportBody(0, {}, { cashCount: { '300': 1 } }));
    expect(oddCoin.statusCode).toBe(422);
    expect(Object.keys(oddCoin.json().errors)).toEqual(['cashCount.300']);
    expect((await readReport(adminToken, milanReportId)).version).toBe(0);
  });
});
