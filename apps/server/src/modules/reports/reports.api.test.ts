// Accounting's reports: the first note of a shop (the cash book with its running balance, the documents behind each
// line, CSV and XLSX) and the comparison of two periods from the sales feed's daily totals, the fiscal closes and the
// bank. Each behind its ability (403 without), scoped to the viewer's shops (404 for another).
import ExcelJS from 'exceljs';
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
import { cashReports } from '../cash-register/cash-register.schema';
import { bankLines, bankUploads, depositBankLines } from '../deposits/bank-statements.schema';
import { deposits } from '../deposits/deposits.schema';
import { expenseAuthorisations, expenses } from '../expenses/expenses.schema';
import { posEntries, posUploads } from '../pos/pos.schema';
import { fiscalCloses, salesDays } from '../sales/sales.schema';

let test: TestApp;
let accountingToken: string;
/** Sees the first note and the comparison of MI01 only. */
let milanToken: string;
let milanId: number;
let naplesId: number;
let depositId: number;
let bankLineId: number;
let reportId: number;

// A month far from the demo's data (which sits around the clock), so its figures are this test's alone.
const month = { from: '2025-06-01', to: '2025-06-30' };

function report(date: string, figures: { total: number; cash: number; card: number; bancomat: number; fund: number }) {
  return {
    shopId: milanId,
    businessDate: date,
    status: 'closed' as const,
    totalCents: figures.total,
    dailyCashCents: figures.cash,
    creditCardCents: figures.card,
    bancomatCents: figures.bancomat,
    posSubtotalCents: figures.card + figures.bancomat,
    vouchersCents: 0,
    cashFundCents: figures.fund,
  };
}

beforeAll(async () => {
  test = await createTestApp({ CLOCK_START: '2026-03-12T15:00:00+01:00' });
  accountingToken = await signIn(test.app, 'contabilita');
  milanId = await findShopId(test.db, 'MI01');
  naplesId = await findShopId(test.db, 'NA01');
  const viewer = await createUserWithAbilities(
    test.db,
    ['shops.analytics.firstNote', 'shops.analytics.compareInventory'],
    { shops: ['MI01'] },
  );
  milanToken = await signIn(test.app, viewer.username);
  const accountingId = await findUserId(test.db, 'contabilita');

  // 2 June: €500 taken (€300 cash of which €20 went on a till expense, so €280 daily cash), €150 card, €50 bancomat.
  const [first] = await test.db
    .insert(cashReports)
    .values(report('2025-06-02', { total: 500_00, cash: 280_00, card: 150_00, bancomat: 50_00, fund: 200_00 }))
    .returning({ id: cashReports.id });
  reportId = (first as { id: number }).id;
  await test.db
    .insert(cashReports)
    .values(report('2025-06-03', { total: 400_00, cash: 100_00, card: 250_00, bancomat: 50_00, fund: 210_00 }));
  // 4 June: open, its figures are not in the book.
  await test.db
    .insert(cashReports)
    .values({ shopId: milanId, businessDate: '2025-06-04', status: 'open', totalCents: 999_00 });
  const [authorisation] = await test.db
    .insert(expenseAuthorisations)
    .values({
      shopId: milanId,
      description: 'Detersivi',
      maxAmountCents: 100_00,
      validFrom: '2025-06-01',
      validTo: '2025-06-30',
    })
    .returning({ id: expenseAuthorisations.id });
  await test.db.insert(expenses).values({
    reportId,
    shopId: milanId,
    authorisationId: (authorisation as { id: number }).id,
    amountCents: 20_00,
    date: '2025-06-02',
  });
  // 3 June: €250 deposited, convalidated against a bank credit of 5 June.
  const [deposit] = await test.db
    .insert(deposits)
    .values({
      shopId: milanId,
      date: '2025-06-03',
      amountCents: 250_00,
      state: 'convalidated',
      convalidatedBy: accountingId,
    })
    .returning({ id: deposits.id });
  depositId = (deposit as { id: number }).id;
  const [upload] = await test.db
    .insert(bankUploads)
    .values({ fileName: 'giugno.xml', size: 1, storageKey: 'x', state: 'imported' })
    .returning({ id: bankUploads.id });
  const [line] = await test.db
    .insert(bankLines)
    .values({
      uploadId: (upload as { id: number }).id,
      account: 'IT60X0542811101000000123456',
      statementId: 'S1',
      line: 1,
      bookingDate: '2025-06-05',
      amountCents: 250_00,
      description: 'VERSAMENTO MI01',
      fingerprint: 'first-note-test',
    })
    .returning({ id: bankLines.id });
  bankLineId = (line as { id: number }).id;
  await test.db.insert(depositBankLines).values({ depositId, bankLineId });

  // The sales feed, fiscal closes and bank for the comparison: June 2025 against May 2025.
  await test.db.insert(salesDays).values([
    {
      shopId: milanId,
      businessDate: '2025-06-02',
      receiptsCount: 10,
      pieces: 25,
      takingsCents: 500_00,
      returnsCount: 1,
      returnsCents: -20_00,
    },
    { shopId: milanId, businessDate: '2025-06-03', receiptsCount: 10, pieces: 15, takingsCents: 400_00 },
    { shopId: milanId, businessDate: '2025-05-05', receiptsCount: 5, pieces: 5, takingsCents: 300_00 },
    { shopId: naplesId, businessDate: '2025-06-02', receiptsCount: 4, pieces: 4, takingsCents: 100_00 },
  ]);
  await test.db.insert(fiscalCloses).values({
    shopId: milanId,
    deviceSerial: 'TEST1',
    businessDate: '2025-06-02',
    closedAt: new Date('2025-06-02T19:00:00Z'),
    closeNumber: 1,
    totalCents: 490_00,
    documentsCount: 10,
    returnsCents: 20_00,
    cancellationsCents: 0,
    electronicPaymentsCents: 200_00,
    vatBreakdown: [],
    source: 'manual',
    contentHash: 'h',
  });
  const [posUpload] = await test.db
    .insert(posUploads)
    .values({
      fileName: 'pos.csv',
      size: 1,
      storageKey: 'y',
      state: 'imported',
      firstDate: '2025-06-02',
      lastDate: '2025-06-03',
    })
    .returning({ id: posUploads.id });
  await test.db.insert(posEntries).values([
    {
      uploadId: (posUpload as { id: number }).id,
      shopId: milanId,
      date: '2025-06-02',
      merchantCode: 'M',
      terminal: 'T',
      cardType: 'VISA',
      amountCents: 200_00,
      state: 'accepted',
      authorisationCode: 'A1',
      fingerprint: 'fn-1',
    },
    {
      uploadId: (posUpload as { id: number }).id,
      shopId: milanId,
      date: '2025-06-03',
      merchantCode: 'M',
      terminal: 'T',
      cardType: 'VISA',
      amountCents: 10_00,
      state: 'reversed',
      authorisationCode: 'A2',
      fingerprint: 'fn-2',
    },
  ]);
});
afterAll(() => test?.close());

describe('first note', () => {
  it('books each closed day by payment type with its expenses, deposits, bank credits and the running balance', async () => {
    const response = await api(test.app, {
      method: 'GET',
      url: `/api/shops/${milanId}/first-note?from=${month.from}&to=${month.to}`,
      token: accountingToken,
    });
    expect(response.statusCode, response.body).toBe(200);
    const note = response.json().data;
    expect(note.shop.code).toBe('MI01');
    expect(note.days).toHaveLength(30);
    const day = (date: string) => note.days.find((row: { date: string }) => row.date === date);
    expect(day('2025-06-02')).toMatchObject({
      reportId,
      reportStatus: 'closed',
      totalCents: 500_00,
      cashCents: 300_00,
      creditCardCents: 150_00,
      bancomatCents: 50_00,
      otherCents: 0,
      expensesCents: 20_00,
      expenses: [{ description: 'Detersivi', amountCents: 20_00 }],
      cashFundCents: 200_00,
      balanceCents: note.openingCents + 280_00,
    });
    expect(day('2025-06-03')).toMatchObject({
      cashCents: 100_00,
      depositsCents: 250_00,
      deposits: [
        {
          id: depositId,
          amountCents: 250_00,
          state: 'convalidated',
          bankLines: [{ id: bankLineId, bookingDate: '2025-06-05', amountCents: 250_00 }],
        },
      ],
      balanceCents: note.openingCents + 280_00 + 100_00 - 250_00,
    });
    // An open report is shown as a document but books nothing.
    expect(day('2025-06-04')).toMatchObject({ reportStatus: 'open', totalCents: 0, cashFundCents: null });
    expect(note.closingCents).toBe(note.openingCents + 130_00);
    expect(note.closingFundCents).toBe(210_00);
    expect(note.totals).toMatchObject({
      totalCents: 900_00,
      cashCents: 400_00,
      expensesCents: 20_00,
      depositsCents: 250_00,
    });

    // The same running balance as the cash to deposit statement, day by day.
    const statement = await api(test.app, {
      method: 'GET',
      url: `/api/shops/${milanId}/cash-to-deposit?month=2025-06`,
      token: accountingToken,
    });
    expect(statement.statusCode, statement.body).toBe(200);
    const balances = statement.json().data.days.map((row: { balanceCents: number }) => row.balanceCents);
    expect(note.days.map((row: { balanceCents: number }) => row.balanceCents)).toEqual(balances);
    expect(statement.json().data.openingCents).toBe(note.openingCents);
  });

  it('has a day view: the balance carried in from the day before', async () => {
    const response = await api(test.app, {
      method: 'GET',
      url: `/api/shops/${milanId}/first-note?from=2025-06-03&to=2025-06-03`,
      token: accountingToken,
    });
    expect(response.statusCode, response.body).toBe(200);
    const note = response.json().data;
    expect(note.days).toHaveLength(1);
    expect(note.openingFundCents).toBe(200_00);
    expect(note.closingCents - note.openingCents).toBe(100_00 - 250_00);
  });

  it('stops at today: the days to come have no book yet', async () => {
    const response = await api(test.app, {
      method: 'GET',
      url: `/api/shops/${milanId}/first-note?from=2026-03-01&to=2026-03-31`,
      token: accountingToken,
    });
    expect(response.statusCode, response.body).toBe(200);
    const note = response.json().data;
    expect(note.to).toBe('2026-03-12');
    expect(note.days).toHaveLength(12);
  });

  it('exports CSV in Italian Excel’s format and an XLSX workbook', async () => {
    const csv = await api(test.app, {
      method: 'GET',
      url: `/api/shops/${milanId}/first-note/export?from=${month.from}&to=${month.to}&format=csv`,
      token: accountingToken,
      headers: { 'accept-language': 'it' },
    });
    expect(csv.statusCode, csv.body).toBe(200);
    expect(csv.headers['content-type']).toContain('text/csv');
    expect(csv.headers['content-disposition']).toContain('prima-nota-MI01-2025-06-01_2025-06-30.csv');
    const text = csv.body;
    expect(text.startsWith('\uFEFF')).toBe(true);
    const lines = text.slice(1).split('\r\n');
    expect(lines[0]).toBe(
      'Data;Chiusura cassa;Incasso totale;Contanti;Carta di credito;Bancomat;Buoni;Altri;Spese di cassa;Versamenti;Fondo cassa;Saldo da versare;Documenti',
    );
    expect(lines[1]).toMatch(/^01\/06\/2025;Saldo iniziale;/);
    const june2 = lines.find((row) => row.startsWith('02/06/2025'));
    expect(june2).toContain(';Chiusa;500,00;300,00;150,00;50,00;0,00;0,00;20,00;0,00;200,00;');
    expect(june2).toContain(`Chiusura cassa #${reportId} · Detersivi 20,00`);
    const june3 = lines.find((row) => row.startsWith('03/06/2025'));
    expect(june3).toContain(`Versamento #${depositId} (banca 05/06/2025 250,00)`);
    expect(lines.find((row) => row.startsWith('30/06/2025;Saldo finale'))).toContain(';900,00;400,00;');

    const xlsx = await api(test.app, {
      method: 'GET',
      url: `/api/shops/${milanId}/first-note/export?from=${month.from}&to=${month.to}&format=xlsx`,
      token: accountingToken,
      headers: { 'accept-language': 'en' },
    });
    expect(xlsx.statusCode, xlsx.body).toBe(200);
    expect(xlsx.headers['content-disposition']).toContain('first-note-MI01-2025-06-01_2025-06-30.xlsx');
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(xlsx.rawPayload as unknown as ArrayBuffer);
    const sheet = workbook.getWorksheet('First note');
    expect(sheet?.getRow(2).getCell(3).value).toBe('Total takings');
    const rows = sheet?.getSheetValues() as unknown[][];
    const june2Row = rows.find((row) => row?.[1] === '02/06/2025');
    expect(june2Row?.slice(3, 7)).toEqual([500, 300, 150, 50]);
  });

  it('refuses a period backwards or over a year', async () => {
    for (const query of [
      'from=2025-06-30&to=2025-06-01',
      'from=2024-01-01&to=2025-06-30',
      'from=2025-02-30&to=2025-03-01',
    ]) {
      const response = await api(test.app, {
        method: 'GET',
        url: `/api/shops/${milanId}/first-note?${query}`,
        token: accountingToken,
      });
      expect(response.statusCode, query).toBe(422);
    }
  });

  it('answers 404 for another shop and 403 without the ability', async () => {
    const other = await api(test.app, {
      method: 'GET',
      url: `/api/shops/${naplesId}/first-note?from=${month.from}&to=${month.to}`,
      token: milanToken,
    });
    expect(other.statusCode).toBe(404);
    const otherExport = await api(test.app, {
      method: 'GET',
      url: `/api/shops/${naplesId}/first-note/export?from=${month.from}&to=${month.to}`,
      token: milanToken,
    });
    expect(otherExport.statusCode).toBe(404);
    const without = await createUserWithAbilities(test.db, ['shops.analytics.compareInventory'], { shops: ['MI01'] });
    const token = await signIn(test.app, without.username);
    const refused = await api(test.app, {
      method: 'GET',
      url: `/api/shops/${milanId}/first-note?from=${month.from}&to=${month.to}`,
      token,
    });
    expect(refused.statusCode).toBe(403);
  });
});

describe('comparison', () => {
  const query = 'from=2025-06-01&to=2025-06-30&againstFrom=2025-05-01&againstTo=2025-05-31';

  it('compares the sales feed, fiscal closes and bank of one shop against the previous month', async () => {
    const response = await api(test.app, {
      method: 'GET',
      url: `/api/reports/comparison?shopId=${milanId}&${query}`,
      token: accountingToken,
    });
    expect(response.statusCode, response.body).toBe(200);
    const answer = response.json().data;
    expect(answer.current).toEqual({
      takingsCents: 900_00,
      receipts: 20,
      averageReceiptCents: 45_00,
      piecesPerReceipt: 2,
      returnsCount: 1,
      returnsCents: -20_00,
      fiscalCents: 490_00,
      posSettledCents: 190_00,
      depositsCents: 250_00,
      bankCents: 440_00,
    });
    expect(answer.previous).toMatchObject({ takingsCents: 300_00, receipts: 5, averageReceiptCents: 60_00 });
    expect(answer.days).toHaveLength(31);
    expect(answer.days[1]).toMatchObject({ index: 2, date: '2025-06-02', takingsCents: 500_00 });
    expect(answer.days[30]).toMatchObject({ date: null, againstDate: '2025-05-31', takingsCents: null });
    expect(answer.shops).toHaveLength(1);
  });

  it('sums every shop the viewer reaches, and only those', async () => {
    const all = await api(test.app, { method: 'GET', url: `/api/reports/comparison?${query}`, token: accountingToken });
    expect(all.statusCode, all.body).toBe(200);
    const answer = all.json().data;
    expect(answer.current.takingsCents).toBe(1000_00);
    expect(answer.shops.find((shop: { shopCode: string }) => shop.shopCode === 'NA01').current.receipts).toBe(4);

    const milan = await api(test.app, { method: 'GET', url: `/api/reports/comparison?${query}`, token: milanToken });
    expect(milan.json().data.shops.map((shop: { shopCode: string }) => shop.shopCode)).toEqual(['MI01']);
    expect(milan.json().data.current.takingsCents).toBe(900_00);
  });

  it('answers empty figures for periods without sales', async () => {
    const response = await api(test.app, {
      method: 'GET',
      url: `/api/reports/comparison?shopId=${milanId}&from=2020-01-01&to=2020-01-31&againstFrom=2019-01-01&againstTo=2019-01-31`,
      token: accountingToken,
    });
    expect(response.statusCode).toBe(200);
    expect(response.json().data.current).toMatchObject({ takingsCents: 0, receipts: 0, averageReceiptCents: null });
  });

  it('answers 404 for another shop, 403 without the ability, 422 for a bad period', async () => {
    const other = await api(test.app, {
      method: 'GET',
      url: `/api/reports/comparison?shopId=${naplesId}&${query}`,
      token: milanToken,
    });
    expect(other.statusCode).toBe(404);
    const without = await createUserWithAbilities(test.db, ['shops.analytics.firstNote'], { shops: ['MI01'] });
    const token = await signIn(test.app, without.username);
    const refused = await api(test.app, { method: 'GET', url: `/api/reports/comparison?${query}`, token });
    expect(refused.statusCode).toBe(403);
    const backwards = await api(test.app, {
      method: 'GET',
      url: '/api/reports/comparison?from=2025-06-30&to=2025-06-01&againstFrom=2025-05-01&againstTo=2025-05-31',
      token: accountingToken,
    });
    expect(backwards.statusCode).toBe(422);
  });
});
