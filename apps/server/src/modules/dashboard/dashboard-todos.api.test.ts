import type { ReceiptRecordInput } from '@bottega/contracts/sales';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  api,
  chooseShop,
  createTestApp,
  createUserWithAbilities,
  findShopId,
  findUserId,
  signIn,
  type TestApp,
} from '../../../test/harness';
import { resolveSession } from '../../platform/sessions';
import { budgets } from '../budgets/budgets.schema';
import { cashReports, weeklyCash } from '../cash-register/cash-register.schema';
import { weeklyCashToFillTodo } from '../cash-register/cash-register.todos';
import { invoiceRequests } from '../invoices/invoices.schema';
import { receipts } from '../sales/sales.schema';
import { ingestFiscalCloses, ingestReceipts } from '../sales/sales-ingest.service';

// The dashboard's "Da fare" at the API: each area's provider counted on real data, the order, the ability filter,
// the shop scope and the empty state. The business clock stands on Sunday 22 March 2026 at 19:00 in Rome (week
// 2026-W12 ends today, so its weekly cash may be filled).

let test: TestApp;
const shopIds: Record<string, number> = {};
const reportIds: Record<string, number> = {};
let receiptNumber = 0;

function sale(day: string): ReceiptRecordInput {
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
    totalCents: 1000,
    discountCents: 0,
    pieces: 1,
    lines: [{ productCode: 'BAG-1', quantity: 1, unitPriceCents: 1000, subtotalCents: 1000, vatRate: 2200 }],
    payments: [{ method: 'cash', amountCents: 1000 }],
  };
}

/** A day of sales in the shop (one receipt), with its fiscal close when `closed`; answers the receipt's id. */
async function salesDay(code: string, day: string, options: { fiscalClose: boolean }): Promise<number> {
  const shopId = shopIds[code] as number;
  const record = sale(day);
  const result = await ingestReceipts({ db: test.db, shopId, clientId: null, records: [record], lng: 'it' });
  expect(result.rejected).toEqual([]);
  if (options.fiscalClose) {
    await ingestFiscalCloses({
      db: test.db,
      shopId,
      clientId: null,
      source: 'printer',
      records: [
        {
          deviceSerial: `99MEY${code}`,
          businessDate: day,
          closedAt: `${day}T20:00:00+01:00`,
          closeNumber: receiptNumber,
          totalCents: 1000,
          documentsCount: 1,
          returnsCents: 0,
          cancellationsCents: 0,
          electronicPaymentsCents: 0,
          vatBreakdown: [{ vatRate: 2200, taxableCents: 820, taxCents: 180 }],
        },
      ],
      lng: 'it',
    });
  }
  const [row] = await test.db
    .select({ id: receipts.id })
    .from(receipts)
    .where(and(eq(receipts.shopId, shopId), eq(receipts.receiptNumber, record.receiptNumber)));
  return row?.id as number;
}

async function report(code: string, day: string, status: 'open' | 'partial' | 'closed', partialBy?: string) {
  const [row] = await test.db
    .insert(cashReports)
    .values({
      shopId: shopIds[code] as number,
      businessDate: day,
      status,
      partialBy: partialBy ? await findUserId(test.db, partialBy) : null,
      partialAt: partialBy ? new Date(`${day}T20:00:00+01:00`) : null,
    })
    .returning({ id: cashReports.id });
  reportIds[`${code} ${day}`] = row?.id as number;
  return row?.id as number;
}

async function invoiceRequest(code: string, day: string, receiptId: number, blocked: boolean) {
  await test.db.insert(invoiceRequests).values({
    reportId: reportIds[`${code} ${day}`] as number,
    shopId: shopIds[code] as number,
    receiptId,
    customerType: 'person',
    name: 'Giulia',
    surname: 'Bianchi',
    street: 'Via Roma',
    streetNumber: '1',
    cap: '20121',
    city: 'Milano',
    province: 'MI',
    blocked,
  });
}

async function todosOf(token: string, shop: string) {
  await chooseShop(test.app, token, shop);
  const response = await api(test.app, { url: '/api/dashboard', token });
  expect(response.statusCode).toBe(200);
  return response.json().data.todos as TodoAnswer[];
}

type TodoAnswer = { key: string; count: number; oldest: string | null; link: string };
const todoOf = (todos: TodoAnswer[], key: string) => todos.find((todo) => todo.key === key);

beforeAll(async () => {
  test = await createTestApp({ CLOCK_START: '2026-03-22T19:00:00+01:00' });
  for (const code of ['MI01', 'MI02', 'TO01', 'NA01']) shopIds[code] = await findShopId(test.db, code);

  // Milano Duomo: week 10 closed (its weekly cash not filled), week 11 closed and filled, week 12 in progress.
  const march2 = await salesDay('MI01', '2026-03-02', { fiscalClose: true });
  await report('MI01', '2026-03-02', 'closed');
  const march9 = await salesDay('MI01', '2026-03-09', { fiscalClose: true });
  await report('MI01', '2026-03-09', 'closed');
  await test.db.insert(weeklyCash).values({
    shopId: shopIds.MI01 as number,
    week: '2026-W11',
    totalCents: 1000,
    posCents: 0,
    dailyCashCents: 1000,
    expensesCents: 0,
    cashFundCents: 0,
    depositsCents: 1000,
    differenceCents: 0,
  });
  // Confirmed partially by Marco (dipendente) on the 16th and by Giulia (commessa) on the 17th; the 18th in
  // progress; today not opened yet. None of them has its fiscal close but today, whose close comes tonight.
  await salesDay('MI01', '2026-03-16', { fiscalClose: false });
  await report('MI01', '2026-03-16', 'partial', 'dipendente');
  const march17 = await salesDay('MI01', '2026-03-17', { fiscalClose: false });
  await report('MI01', '2026-03-17', 'partial', 'commessa');
  await salesDay('MI01', '2026-03-18', { fiscalClose: false });
  await report('MI01', '2026-03-18', 'open');
  await salesDay('MI01', '2026-03-22', { fiscalClose: false });

  // Turin (not Marco's shop): a day confirmed by someone else and a day to close, both unseen by Marco.
  await salesDay('TO01', '2026-03-10', { fiscalClose: false });
  await report('TO01', '2026-03-10', 'partial', 'developer');
  await salesDay('TO01', '2026-03-12', { fiscalClose: true });
  // Naples (in nobody's area but accounting's): a day with sales never opened.
  const naples = await salesDay('NA01', '2026-03-11', { fiscalClose: true });
  await report('NA01', '2026-03-11', 'open');

  // Invoice requests: two waiting (Milano on the 17th, Naples on the 11th), one checked (blocked) on the 9th.
  await invoiceRequest('MI01', '2026-03-17', march17, false);
  await invoiceRequest('NA01', '2026-03-11', naples, false);
  await invoiceRequest('MI01', '2026-03-09', march9, true);
  expect(march2).toBeGreaterThan(0);
});
afterAll(() => test?.close());

describe('GET /api/dashboard: "Da fare"', () => {
  it('gives a shop assistant the colleague’s partial confirmation first, then the chosen shop’s days, week and closes', async () => {
    const todos = await todosOf(await signIn(test.app, 'dipendente'), 'MI01');
    expect(todos).toEqual([
      // Giulia's confirmation of the 17th waits for Marco; his own of the 16th waits for someone else.
      {
        key: 'cashDaySecondConfirmation',
        count: 1,
        oldest: '2026-03-17',
        link: `/app/shop/cashRegister/${reportIds['MI01 2026-03-17']}/edit`,
      },
      // The 18th in progress and today not opened: the oldest opens its report.
      {
        key: 'cashDayToClose',
        count: 2,
        oldest: '2026-03-18',
        link: `/app/shop/cashRegister/${reportIds['MI01 2026-03-18']}/edit`,
      },
      // Week 10 (never filled) and week 12 (its Sunday evening has come); week 11 is filled.
      { key: 'weeklyCashToFill', count: 2, oldest: '2026-03-02', link: '/app/shops/weekly-cash/create/2026-W10' },
      // The 16th, 17th and 18th have no fiscal close; today's comes tonight. Marco does not see the sales feed page.
      { key: 'fiscalClosesMissing', count: 3, oldest: '2026-03-16', link: '/app/shop/cashRegister?month=2026-03' },
      // He has not said next week's availability (shifts.choose, and he belongs to shops).
      { key: 'shiftAvailabilityToChoose', count: 1, oldest: null, link: '/app/user/convalidate/shift#availability' },
    ]);
  });

  it('shows the colleague the other confirmation, and a day not opened yet as a link to its month', async () => {
    const todos = await todosOf(await signIn(test.app, 'commessa'), 'MI01');
    expect(todoOf(todos, 'cashDaySecondConfirmation')).toEqual({
      key: 'cashDaySecondConfirmation',
      count: 1,
      oldest: '2026-03-16',
      link: `/app/shop/cashRegister/${reportIds['MI01 2026-03-16']}/edit`,
    });
    await test.db.delete(cashReports).where(eq(cashReports.id, reportIds['MI01 2026-03-18'] as number));
    try {
      const later = await todosOf(await signIn(test.app, 'commessa'), 'MI01');
      expect(todoOf(later, 'cashDayToClose')).toEqual({
        key: 'cashDayToClose',
        count: 2,
        oldest: '2026-03-18',
        link: '/app/shop/cashRegister?month=2026-03',
      });
    } finally {
      await report('MI01', '2026-03-18', 'open');
    }
  });

  it('counts only the chosen shop’s days, and another shop’s data never', async () => {
    const token = await signIn(test.app, 'dipendente');
    // Milano Navigli has no sales: nothing to close there; Milano Duomo's confirmation still waits for Marco.
    const navigli = await todosOf(token, 'MI02');
    expect(navigli.map((todo) => todo.key)).toEqual(['cashDaySecondConfirmation', 'shiftAvailabilityToChoose']);
    // Turin's partial day and open day (Marco does not belong there) are not his.
    const milan = await todosOf(token, 'MI01');
    expect(todoOf(milan, 'cashDaySecondConfirmation')?.count).toBe(1);
    expect(todoOf(milan, 'cashDayToClose')?.count).toBe(2);
  });

  it('lists the unclosed days across the shops a person sees, and the invoices waiting for accounting', async () => {
    // Area Controllo: Milano Duomo, Navigli and Turin. The 16th–18th and Turin's 10th and 12th; no invoices check.
    const control = await todosOf(await signIn(test.app, 'areacontrollo'), 'MI01');
    expect(control).toEqual([
      { key: 'cashDaysUnclosed', count: 5, oldest: '2026-03-10', link: '/app/shop/cashRegister/unclosed' },
    ]);
    // Accounting sees every shop: Naples' 11th too, and both invoice requests not checked yet.
    const accounting = await todosOf(await signIn(test.app, 'contabilita'), 'MI01');
    expect(accounting).toEqual([
      { key: 'cashDaysUnclosed', count: 6, oldest: '2026-03-10', link: '/app/shop/cashRegister/unclosed' },
      {
        key: 'invoiceRequests',
        count: 2,
        oldest: '2026-03-11',
        link: '/app/invoices/check',
      },
      // February is over and no shop's is convalidated yet.
      { key: 'monthsToConvalidate', count: 6, oldest: '2026-02-01', link: '/app/report/convalidate?month=2026-02' },
    ]);
  });

  it('counts invoice requests only in the shops of someone who does not see them all', async () => {
    const checker = await createUserWithAbilities(test.db, ['employees.dashboard', 'shops.invoices.check'], {
      shops: ['MI01'],
    });
    const todos = await todosOf(await signIn(test.app, checker.username), 'MI01');
    expect(todos).toEqual([
      {
        key: 'invoiceRequests',
        count: 1,
        oldest: '2026-03-17',
        link: '/app/invoices/check',
      },
    ]);
  });

  it("gives an administrator every area (next week's shifts too), the sales feed page for the missing closes", async () => {
    const todos = await todosOf(await signIn(test.app, 'admin'), 'MI01');
    // The administrator belongs to no shop: no day waits for them as its second person.
    expect(todos.map((todo) => todo.key)).toEqual([
      'cashDayToClose',
      'weeklyCashToFill',
      'fiscalClosesMissing',
      'cashDaysUnclosed',
      'invoiceRequests',
      'shiftNextWeekToPlan',
      'monthsToConvalidate',
    ]);
    expect(todoOf(todos, 'fiscalClosesMissing')?.link).toBe(`/app/shops/${shopIds.MI01}/sales-feed`);
  });

  it('is empty for someone whose abilities ask for none of them, and for a shop with nothing waiting', async () => {
    // The dashboard alone.
    const onlooker = await createUserWithAbilities(test.db, ['employees.dashboard'], { shops: ['TO01'] });
    expect(await todosOf(await signIn(test.app, onlooker.username), 'TO01')).toEqual([]);
    // Every cash ability, in a shop without sales or reports.
    const assistant = await createUserWithAbilities(
      test.db,
      [
        'employees.dashboard',
        'shops.cashRegister.dailyClose',
        'shops.cashRegister.close',
        'shops.cashRegister.closeWeekly',
      ],
      { shops: ['MI02'] },
    );
    expect(await todosOf(await signIn(test.app, assistant.username), 'MI02')).toEqual([]);
  });

  it('asks the shop’s staff to confirm the months’ budgets sent to them, the oldest first', async () => {
    const sent = { shopId: shopIds.MI02 as number, salesCents: 1_000_00, averageReceiptCents: 0, piecesPerReceipt: 0 };
    await test.db.insert(budgets).values([
      { ...sent, month: '2026-04', state: 'sent', createdAt: new Date() },
      { ...sent, month: '2026-03', state: 'sent', createdAt: new Date() },
      // Confirmed, or not sent yet: nothing for the shop to do.
      { ...sent, month: '2026-02', state: 'confirmed', createdAt: new Date() },
      { ...sent, month: '2026-05', state: 'created', createdAt: new Date() },
    ]);
    const staff = await createUserWithAbilities(
      test.db,
      ['employees.dashboard', 'employees.popups.budgetConvalidate'],
      { shops: ['MI02'] },
    );
    expect(await todosOf(await signIn(test.app, staff.username), 'MI02')).toEqual([
      {
        key: 'budgetToConfirm',
        count: 2,
        oldest: '2026-03-01',
        link: '/app/shop/manage/budget/convalidate?month=2026-03',
      },
    ]);
  });
});

describe('the weekly cash to fill', () => {
  it('waits for the week’s Sunday at 18:00 on the business clock', async () => {
    const token = await signIn(test.app, 'dipendente');
    await chooseShop(test.app, token, 'MI01');
    const resolved = await resolveSession({ db: test.db, config: test.config, token });
    if (resolved.status !== 'active') throw new Error('no session');
    const at = (instant: string) =>
      weeklyCashToFillTodo.count({
        db: test.db,
        session: resolved.session,
        shopId: shopIds.MI01 as number,
        now: new Date(instant),
        today: instant.slice(0, 10),
      });
    // Before 18:00 only week 10 is due; from 18:00 week 12 too.
    expect(await at('2026-03-22T17:59:00+01:00')).toEqual({
      count: 1,
      oldest: '2026-03-02',
      link: '/app/shops/weekly-cash/create/2026-W10',
    });
    expect((await at('2026-03-22T18:00:00+01:00'))?.count).toBe(2);
  });
});
