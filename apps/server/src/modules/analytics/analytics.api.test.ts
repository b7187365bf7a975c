// The sales report: its figures equal a recomputation from the stored receipts (a property over generated receipts
// sent through the ingestion service), the year before is the same weekdays 364 days earlier, the exports carry the
// same totals, and the route is behind its ability (403), scoped to the viewer's shops (404 for another) and refuses
// bad periods (422).

import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { SalesFigures, SalesReport } from '@bottega/contracts/analytics';
import { addDays } from '@bottega/contracts/dates';
import type { ReceiptRecordInput } from '@bottega/contracts/sales';
import { sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, createTestApp, createUserWithAbilities, findShopId, signIn, type TestApp } from '../../../test/harness';
import { repositoryRoot } from '../../config';
import { decimalComma } from '../sales/sales-export.csv';
import { ingestReceipts } from '../sales/sales-ingest.service';

let test: TestApp;
let adminToken: string;
/** Holds the sales report for MI01 only. */
let milanToken: string;
/** Holds everything but the sales report. */
let lackingToken: string;
let milanId: number;
let naplesId: number;
let turinId: number;

// A fortnight in March 2019 and the same weekdays of 2018, far from the demo's data (which sits around the clock),
// so the figures are this test's alone. March before the clocks change: Italian time is UTC+1 on every day used.
const period = { from: '2019-03-04', to: '2019-03-17' };
const previous = { from: addDays(period.from, -364), to: addDays(period.to, -364) };
const days = [0, 1, 2, 5, 6, 13].flatMap((offset) => [addDays(period.from, offset), addDays(previous.from, offset)]);

beforeAll(async () => {
  test = await createTestApp();
  adminToken = await signIn(test.app, 'admin');
  milanId = await findShopId(test.db, 'MI01');
  naplesId = await findShopId(test.db, 'NA01');
  turinId = await findShopId(test.db, 'TO01');
  const milan = await createUserWithAbilities(test.db, ['shops.analytics.salesReport'], { shops: ['MI01'] });
  milanToken = await signIn(test.app, milan.username);
  const lacking = await createUserWithAbilities(
    test.db,
    ['shops.analytics.firstNote', 'shops.analytics.view', 'shops.manage.viewAllList'],
    { shops: ['MI01'] },
  );
  lackingToken = await signIn(test.app, lacking.username);
}, 120_000);
afterAll(() => test?.close());

let receiptNumber = 0;

const lineArbitrary = fc.record({
  quantity: fc.integer({ min: 1, max: 4 }),
  unitPriceCents: fc.integer({ min: 100, max: 20_000 }),
  lineDiscountCents: fc.integer({ min: 0, max: 90 }),
});

/** A valid receipt of one of the days, issued at any hour (after midnight it still belongs to the day before). */
const receiptArbitrary = fc
  .record({
    shop: fc.integer({ min: 0, max: 2 }),
    day: fc.constantFrom(...days),
    hour: fc.integer({ min: 8, max: 29 }),
    minute: fc.integer({ min: 0, max: 59 }),
    type: fc.constantFrom('sale', 'sale', 'sale', 'return', 'cancelled'),
    lines: fc.array(lineArbitrary, { minLength: 1, maxLength: 3 }),
    methods: fc.array(fc.constantFrom('cash', 'creditCard', 'bancomat', 'voucher', 'other'), {
      minLength: 1,
      maxLength: 2,
    }),
    discountCents: fc.integer({ min: 0, max: 99 }),
  })
  .map(({ shop, day, hour, minute, type, lines, methods, discountCents }) => {
    const sign = type === 'return' ? -1 : 1;
    const signedLines = lines.map((line, index) => ({
      productCode: `P${index}`,
      quantity: sign * line.quantity,
      unitPriceCents: line.unitPriceCents,
      discountCents: sign * line.lineDiscountCents,
      subtotalCents: sign * (line.quantity * line.unitPriceCents - line.lineDiscountCents),
      vatRate: 2200,
    }));
    const linesCents = signedLines.reduce((total, line) => total + line.subtotalCents, 0);
    // A receipt's own discount never takes a sale below zero (that is refused as a wrong sign).
    const discount = type === 'return' ? 0 : Math.min(discountCents, linesCents);
    const totalCents = linesCents - discount;
    const first = Math.trunc(totalCents / 2);
    const amounts = methods.length === 1 ? [totalCents] : [first, totalCents - first];
    const issuedOn = hour < 24 ? day : addDays(day, 1);
    const clock = `${String(hour % 24).padStart(2, '0')}:${String(minute).padStart(2, '0')}`;
    receiptNumber += 1;
    const record: ReceiptRecordInput = {
      registerCode: 'R1',
      businessDate: day,
      issuedAt: `${issuedOn}T${clock}:00+01:00`,
      receiptNumber,
      sequenceNumber: receiptNumber,
      type,
      employee: null,
      totalCents,
      discountCents: discount,
      pieces: signedLines.reduce((total, line) => total + line.quantity, 0),
      lines: signedLines,
      // A cancelled receipt moves no money: no payments.
      payments:
        type === 'cancelled' ? [] : methods.map((method, index) => ({ method, amountCents: amounts[index] as number })),
    };
    return { shop, record };
  });

function rowsOf(answer: unknown): Record<string, unknown>[] {
  return (answer as { rows: Record<string, unknown>[] }).rows;
}

/** The figures as the receipts themselves add up, for some shops and days: the truth the report must tell. */
async function recomputed(shopIds: number[], from: string, to: string) {
  const shops = sql.join(
    shopIds.map((id) => sql`${id}`),
    sql`, `,
  );
  const [totals] = rowsOf(
    await test.db.execute(sql`
      SELECT
        coalesce(sum(total_cents) FILTER (WHERE type <> 'cancelled'), 0)::bigint AS "takingsCents",
        count(*) FILTER (WHERE type = 'sale')::bigint AS receipts,
        coalesce(sum(pieces) FILTER (WHERE type <> 'cancelled'), 0)::bigint AS pieces,
        count(*) FILTER (WHERE type = 'return')::bigint AS "returnsCount",
        coalesce(-sum(total_cents) FILTER (WHERE type = 'return'), 0)::bigint AS "returnsCents",
        coalesce(sum(discount_cents + (SELECT coalesce(sum(l.discount_cents), 0) FROM receipt_lines l
          WHERE l.receipt_id = r.id)) FILTER (WHERE type <> 'cancelled'), 0)::bigint AS "discountCents",
        count(*) FILTER (WHERE type = 'cancelled')::bigint AS "cancelledCount",
        coalesce(sum(total_cents) FILTER (WHERE type = 'cancelled'), 0)::bigint AS "cancelledCents"
      FROM receipts r WHERE shop_id IN (${shops}) AND business_date BETWEEN ${from} AND ${to}`),
  );
  const payments = rowsOf(
    await test.db.execute(sql`
      SELECT p.method, sum(p.amount_cents)::bigint AS cents FROM receipts r JOIN receipt_payments p ON p.receipt_id = r.id
      WHERE r.type <> 'cancelled' AND r.shop_id IN (${shops}) AND r.business_date BETWEEN ${from} AND ${to}
      GROUP BY p.method`),
  );
  const heat = rowsOf(
    await test.db.execute(sql`
      SELECT extract(isodow FROM business_date)::int AS weekday,
        extract(hour FROM issued_at AT TIME ZONE 'Europe/Rome')::int AS hour,
        count(*) FILTER (WHERE type = 'sale')::int AS receipts, sum(total_cents)::bigint AS "takingsCents"
      FROM receipts WHERE type <> 'cancelled' AND shop_id IN (${shops}) AND business_date BETWEEN ${from} AND ${to}
      GROUP BY 1, 2 ORDER BY 1, 2`),
  );
  const paid = new Map(payments.map((row) => [String(row.method), Number(row.cents)]));
  const numbers = Object.fromEntries(Object.entries(totals ?? {}).map(([key, value]) => [key, Number(value)]));
  return {
    sums: {
      ...numbers,
      cashCents: paid.get('cash') ?? 0,
      creditCardCents: paid.get('creditCard') ?? 0,
      bancomatCents: paid.get('bancomat') ?? 0,
      voucherCents: paid.get('voucher') ?? 0,
      otherCents: paid.get('other') ?? 0,
    },
    heatMap: heat.map((row) => ({
      weekday: Number(row.weekday),
      hour: Number(row.hour),
      receipts: Number(row.receipts),
      takingsCents: Number(row.takingsCents),
    })),
  };
}

function sumsOf(figures: SalesFigures) {
  const { averageReceiptCents: _average, piecesPerReceipt: _pieces, ...sums } = figures;
  return sums;
}

async function report(query: string, token = adminToken) {
  return api(test.app, { url: `/api/analytics/sales?${query}`, token });
}

describe('figures', () => {
  it('equal a recomputation from the receipts, whatever receipts arrive, for any set of shops', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(receiptArbitrary, { minLength: 1, maxLength: 25 }),
        fc.subarray([0, 1, 2], { minLength: 1 }),
        async (generated, chosen) => {
          const shopIds = [milanId, naplesId, turinId];
          for (const [index, shopId] of shopIds.entries()) {
            const records = generated.filter((item) => item.shop === index).map((item) => item.record);
            if (records.length === 0) continue;
            const result = await ingestReceipts({ db: test.db, shopId, clientId: null, records });
            expect(result.rejected).toEqual([]);
          }
          const ids = chosen.map((index) => shopIds[index] as number);
          const response = await report(`from=${period.from}&to=${period.to}&shops=${ids.join(',')}`);
          expect(response.statusCode).toBe(200);
          const answer = response.json().data as SalesReport;
          const now = await recomputed(ids, period.from, period.to);
          const before = await recomputed(ids, previous.from, previous.to);
          expect(sumsOf(answer.current)).toEqual(now.sums);
          expect(sumsOf(answer.previous)).toEqual(before.sums);
          expect(answer.heatMap).toEqual(now.heatMap);
          // The days and the shops add up to the totals.
          expect(answer.days.reduce((total, day) => total + day.takingsCents, 0)).toBe(answer.current.takingsCents);
          expect(answer.days.reduce((total, day) => total + day.previousTakingsCents, 0)).toBe(
            answer.previous.takingsCents,
          );
          expect(answer.shops.reduce((total, shop) => total + shop.current.receipts, 0)).toBe(answer.current.receipts);
          for (const shop of answer.shops) {
            expect(sumsOf(shop.current)).toEqual((await recomputed([shop.shopId], period.from, period.to)).sums);
          }
        },
      ),
      { numRuns: 25 },
    );
  }, 180_000);

  it('lists every day of the period beside the same weekday a year before, and averages once', async () => {
    const response = await report(`from=${period.from}&to=${period.to}&shops=${milanId}`);
    const answer = response.json().data as SalesReport;
    expect(answer.previousPeriod).toEqual(previous);
    expect(answer.days).toHaveLength(14);
    for (const day of answer.days) {
      expect(new Date(`${day.date}T00:00:00Z`).getUTCDay()).toBe(new Date(`${day.previousDate}T00:00:00Z`).getUTCDay());
    }
    const { receipts, takingsCents, pieces } = answer.current;
    expect(answer.current.averageReceiptCents).toBe(receipts > 0 ? Math.round(takingsCents / receipts) : null);
    expect(answer.current.piecesPerReceipt).toBe(receipts > 0 ? Math.round((pieces / receipts) * 100) / 100 : null);
  });
});

describe('the migration', () => {
  it('backfills the discounts and the hours from the receipts stored before them, as ingestion keeps them', async () => {
    const snapshot = async () => ({
      discounts: rowsOf(
        await test.db.execute(
          sql`SELECT shop_id, business_date::text, discount_cents FROM sales_days ORDER BY shop_id, business_date`,
        ),
      ),
      hours: rowsOf(await test.db.execute(sql`SELECT * FROM sales_day_hours ORDER BY shop_id, business_date, hour`)),
    });
    const kept = await snapshot();
    expect(kept.hours.length).toBeGreaterThan(0);
    // As a database was before the migration: no hours, no discounts.
    await test.db.execute(sql`DELETE FROM sales_day_hours`);
    await test.db.execute(sql`UPDATE sales_days SET discount_cents = 0`);
    const migration = readFileSync(
      path.join(repositoryRoot, 'apps/server/migrations/0024_sales_report_backfill.sql'),
      'utf8',
    );
    for (const statement of migration.split('--> statement-breakpoint')) await test.db.execute(sql.raw(statement));
    expect(await snapshot()).toEqual(kept);
  });
});

describe('scope and refusals', () => {
  it('covers the viewer’s shops only, and answers 404 for another shop', async () => {
    const own = await report(`from=${period.from}&to=${period.to}`, milanToken);
    expect(own.statusCode).toBe(200);
    expect((own.json().data as SalesReport).shopIds).toEqual([milanId]);
    expect((await report(`from=${period.from}&to=${period.to}&shops=${naplesId}`, milanToken)).statusCode).toBe(404);
    expect(
      (await report(`from=${period.from}&to=${period.to}&shops=${milanId},${naplesId}`, milanToken)).statusCode,
    ).toBe(404);
    expect((await report(`from=${period.from}&to=${period.to}&shops=999999`)).statusCode).toBe(404);
  });

  it('refuses whoever lacks the sales report (403), and anonymous callers (401)', async () => {
    expect((await report(`from=${period.from}&to=${period.to}`, lackingToken)).statusCode).toBe(403);
    const exported = await api(test.app, {
      url: `/api/analytics/sales/export?from=${period.from}&to=${period.to}&format=xlsx`,
      token: lackingToken,
    });
    expect(exported.statusCode).toBe(403);
    expect((await api(test.app, { url: `/api/analytics/sales?from=${period.from}&to=${period.to}` })).statusCode).toBe(
      401,
    );
  });

  it.each([
    ['to before from', 'from=2019-03-10&to=2019-03-09'],
    ['longer than two years', 'from=2017-01-01&to=2019-01-02'],
    ['a date that is not one', 'from=2019-02-30&to=2019-03-09'],
    ['no dates', 'shops=1'],
    ['shops that are not ids', `from=${period.from}&to=${period.to}&shops=1,x`],
  ])('refuses %s (422)', async (_case, query) => {
    expect((await report(query)).statusCode).toBe(422);
  });

  it('is documented in the API reference, the shops as a comma-separated list', async () => {
    const response = await api(test.app, { url: '/api/docs/json', token: adminToken });
    expect(response.statusCode).toBe(200);
    const parameters = response.json().paths['/api/analytics/sales'].get.parameters as { name: string }[];
    expect(parameters.map((parameter) => parameter.name).sort()).toEqual(['from', 'shops', 'to']);
  });

  it('takes two years, a leap day included', async () => {
    expect((await report('from=2018-01-01&to=2019-12-31')).statusCode).toBe(200);
  });
});

describe('budget against actual', () => {
  it('sets the budgeted days against their takings, per day, per shop and in all, and writes them to the XLSX', async () => {
    // Milan: a budget for the first week of the period (and a day after it, outside); Turin: one outside the period.
    const budgeted = Array.from({ length: 7 }, (_, index) => addDays(period.from, index));
    const [milanBudget] = rowsOf(
      await test.db.execute(sql`
        INSERT INTO budgets (shop_id, month, sales_cents, average_receipt_cents, pieces_per_receipt, state, created_at)
        VALUES (${milanId}, '2019-03', 80000, 5000, 200, 'sent', now()) RETURNING id`),
    );
    const [turinBudget] = rowsOf(
      await test.db.execute(sql`
        INSERT INTO budgets (shop_id, month, sales_cents, average_receipt_cents, pieces_per_receipt, state, created_at)
        VALUES (${turinId}, '2019-04', 5000, 5000, 200, 'created', now()) RETURNING id`),
    );
    for (const date of [...budgeted, '2019-03-25'])
      await test.db.execute(
        sql`INSERT INTO budget_days (budget_id, date, cents) VALUES (${milanBudget?.id}, ${date}, 10000)`,
      );
    await test.db.execute(
      sql`INSERT INTO budget_days (budget_id, date, cents) VALUES (${turinBudget?.id}, '2019-04-02', 5000)`,
    );
    const [taken] = rowsOf(
      await test.db.execute(sql`
        SELECT coalesce(sum(takings_cents), 0)::bigint AS cents FROM sales_days
        WHERE shop_id = ${milanId} AND business_date BETWEEN ${budgeted[0]} AND ${budgeted[6]}`),
    );

    const query = `from=${period.from}&to=${period.to}&shops=${milanId},${turinId}`;
    const answer = (await report(query)).json().data as SalesReport;
    const expected = { budgetCents: 70_000, takingsCents: Number(taken?.cents) };
    expect(answer.budget).toEqual(expected);
    expect(answer.shops.find((shop) => shop.shopId === milanId)?.budget).toEqual(expected);
    expect(answer.shops.find((shop) => shop.shopId === turinId)?.budget).toBeNull();
    expect(answer.days.map((day) => day.budgetCents)).toEqual(
      answer.days.map((day) => (budgeted.includes(day.date) ? 10_000 : null)),
    );
    // Without a budgeted shop, no budget at all.
    expect(
      ((await report(`from=${period.from}&to=${period.to}&shops=${turinId}`)).json().data as SalesReport).budget,
    ).toBeNull();

    const response = await api(test.app, {
      url: `/api/analytics/sales/export?${query}&format=xlsx`,
      token: adminToken,
      lng: 'en',
    });
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(response.rawPayload as unknown as ArrayBuffer);
    const totals = workbook.getWorksheet('Totals');
    const headings = ((totals?.getRow(1).values ?? []) as unknown[]).slice(1);
    const budgetColumn = headings.indexOf('Budget') + 1;
    expect(budgetColumn).toBeGreaterThan(0);
    expect(totals?.getRow(2).getCell(budgetColumn).value).toBe(700);
    expect(totals?.getRow(2).getCell(budgetColumn + 1).value).toBe(Math.round((expected.takingsCents / 70_000) * 100));
    await test.db.execute(sql`DELETE FROM budgets WHERE id IN (${milanBudget?.id}, ${turinBudget?.id})`);
  });
});

describe('exports', () => {
  it('writes the totals, the shops and the days to XLSX, money as euro numbers', async () => {
    const query = `from=${period.from}&to=${period.to}&shops=${milanId},${naplesId}`;
    const answer = (await report(query)).json().data as SalesReport;
    const response = await api(test.app, {
      url: `/api/analytics/sales/export?${query}&format=xlsx`,
      token: adminToken,
      lng: 'en',
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-disposition']).toContain('sales-report-2019-03-04_2019-03-17.xlsx');
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(response.rawPayload as unknown as ArrayBuffer);
    expect(workbook.worksheets.map((sheet) => sheet.name)).toEqual(['Totals', 'By shop', 'By day']);
    const totals = workbook.getWorksheet('Totals');
    expect(totals?.getRow(1).getCell(4).value).toBe('Takings');
    expect(totals?.getRow(2).getCell(4).value).toBe(answer.current.takingsCents / 100);
    expect(totals?.getRow(2).getCell(4).numFmt).toContain('€');
    expect(totals?.getRow(3).getCell(4).value).toBe(answer.previous.takingsCents / 100);
    const shops = workbook.getWorksheet('By shop');
    expect(shops?.rowCount).toBe(3);
    const byDay = workbook.getWorksheet('By day');
    let dayTotal = 0;
    byDay?.eachRow((row, index) => {
      if (index > 1) dayTotal += Math.round(Number(row.getCell(2).value) * 100);
    });
    expect(dayTotal).toBe(answer.current.takingsCents);
  });

  it('writes the same tables to CSV for Italian Excel', async () => {
    const query = `from=${period.from}&to=${period.to}&shops=${milanId}`;
    const answer = (await report(query)).json().data as SalesReport;
    const response = await api(test.app, { url: `/api/analytics/sales/export?${query}&format=csv`, token: adminToken });
    expect(response.statusCode).toBe(200);
    const lines = response.body.replace(/^\uFEFF/, '').split('\r\n');
    expect(lines[0]).toBe('Totali');
    const cents = answer.current.takingsCents;
    // The period's generated receipts may sum below zero (returns): the sign goes before the whole euros.
    expect(lines[2]).toContain(`;${decimalComma(cents)};`);
    expect(lines).toContain('Per giorno');
  });
});
