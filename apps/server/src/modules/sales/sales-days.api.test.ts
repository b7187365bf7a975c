// The day totals are kept by adding each batch's deltas; this property checks that, whatever batches
// arrive (repeated, resent with changes, returns, cancellations, loyalty cards, some refused, two at
// once), every sales_days row equals a recomputation from the stored receipts and payments.
import type { ReceiptRecordInput } from '@bottega/contracts/sales';
import { sql } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createTestApp, findShopId, type TestApp } from '../../../test/harness';
import { ingestReceipts } from './sales-ingest.service';

let test: TestApp;
let shopIds: number[];
beforeAll(async () => {
  test = await createTestApp();
  shopIds = [await findShopId(test.db, 'MI01'), await findShopId(test.db, 'NA01')];
});
afterAll(() => test?.close());

const days = ['2026-05-01', '2026-05-02', '2026-05-03'];

const lineArbitrary = fc.record({
  productCode: fc.constantFrom('P1', 'P2', 'P3'),
  quantity: fc.integer({ min: 1, max: 4 }),
  unitPriceCents: fc.integer({ min: 1, max: 20_000 }),
});

/** A receipt from a small key space, so the same identity comes back, identical or changed. */
const receiptArbitrary = fc
  .record({
    registerCode: fc.constantFrom('R1', 'R2'),
    day: fc.constantFrom(...days),
    receiptNumber: fc.integer({ min: 1, max: 12 }),
    type: fc.constantFrom('sale', 'sale', 'sale', 'return', 'cancelled'),
    loyaltyCard: fc.option(fc.constantFrom('C1', 'C2', 'C3', 'C4'), { nil: null }),
    lines: fc.array(lineArbitrary, { minLength: 1, maxLength: 3 }),
    methods: fc.array(fc.constantFrom('cash', 'creditCard', 'bancomat', 'voucher', 'other'), {
      minLength: 1,
      maxLength: 2,
    }),
    discountCents: fc.integer({ min: 0, max: 100 }),
    // One receipt in ten pays a cent too much, and is refused.
    broken: fc.integer({ min: 0, max: 9 }).map((value) => value === 0),
  })
  .map(({ day, type, lines, methods, discountCents, broken, ...rest }): ReceiptRecordInput => {
    const sign = type === 'return' ? -1 : 1;
    const signedLines = lines.map((line) => ({
      ...line,
      quantity: sign * line.quantity,
      subtotalCents: sign * line.quantity * line.unitPriceCents,
      vatRate: 2200,
    }));
    const discount = type === 'return' ? 0 : discountCents;
    const totalCents = signedLines.reduce((total, line) => total + line.subtotalCents, 0) - discount;
    const pieces = signedLines.reduce((total, line) => total + line.quantity, 0);
    const first = type === 'cancelled' ? 0 : Math.trunc(totalCents / 2);
    const amounts = methods.length === 1 ? [type === 'cancelled' ? 0 : totalCents] : [first, totalCents - first];
    return {
      ...rest,
      businessDate: day,
      issuedAt: `${day}T12:00:00+02:00`,
      sequenceNumber: rest.receiptNumber,
      type,
      employee: null,
      totalCents,
      discountCents: discount,
      pieces,
      lines: signedLines,
      payments: methods
        .map((method, index) => ({ method, amountCents: (amounts[index] as number) + (broken ? 1 : 0) }))
        .filter((payment) => type !== 'cancelled' || payment.amountCents === 0 || broken),
    };
  });

const batchArbitrary = fc.record({
  shop: fc.integer({ min: 0, max: 1 }),
  receipts: fc.array(receiptArbitrary, { minLength: 1, maxLength: 15 }),
});

/** Every stored day recomputed from the raw receipts and payments, next to what sales_days keeps. */
async function mismatchedDays(): Promise<unknown[]> {
  const result = await test.db.execute(sql`
    with recomputed as (
      select r.shop_id, r.business_date,
        count(*) filter (where r.type = 'sale')::int as receipts_count,
        coalesce(sum(r.pieces) filter (where r.type <> 'cancelled'), 0)::int as pieces,
        coalesce(sum(r.total_cents) filter (where r.type <> 'cancelled'), 0)::bigint as takings_cents,
        count(*) filter (where r.type = 'return')::int as returns_count,
        coalesce(-sum(r.total_cents) filter (where r.type = 'return'), 0)::bigint as returns_cents,
        coalesce(-sum(r.pieces) filter (where r.type = 'return'), 0)::int as returned_pieces,
        count(*) filter (where r.type = 'cancelled')::int as cancelled_count,
        coalesce(sum(r.total_cents) filter (where r.type = 'cancelled'), 0)::bigint as cancelled_cents,
        count(distinct r.loyalty_card) filter (where r.type <> 'cancelled')::int as loyalty_customers
      from receipts r
      group by r.shop_id, r.business_date
    ),
    paid as (
      select r.shop_id, r.business_date,
        coalesce(sum(p.amount_cents) filter (where p.method = 'cash'), 0)::bigint as cash_cents,
        coalesce(sum(p.amount_cents) filter (where p.method = 'creditCard'), 0)::bigint as credit_card_cents,
        coalesce(sum(p.amount_cents) filter (where p.method = 'bancomat'), 0)::bigint as bancomat_cents,
        coalesce(sum(p.amount_cents) filter (where p.method = 'voucher'), 0)::bigint as voucher_cents,
        coalesce(sum(p.amount_cents) filter (where p.method = 'other'), 0)::bigint as other_cents
      from receipts r join receipt_payments p on p.receipt_id = r.id
      where r.type <> 'cancelled'
      group by r.shop_id, r.business_date
    ),
    expected as (
      select c.*, coalesce(p.cash_cents, 0) as cash_cents, coalesce(p.credit_card_cents, 0) as credit_card_cents,
        coalesce(p.bancomat_cents, 0) as bancomat_cents, coalesce(p.voucher_cents, 0) as voucher_cents,
        coalesce(p.other_cents, 0) as other_cents
      from recomputed c left join paid p using (shop_id, business_date)
    ),
    kept as (
      select shop_id, business_date, receipts_count, pieces, takings_cents, returns_count, returns_cents,
        returned_pieces, cancelled_count, cancelled_cents, loyalty_customers, cash_cents, credit_card_cents,
        bancomat_cents, voucher_cents, other_cents
      from sales_days
    )
    (select 'kept' as side, * from kept except select 'kept', * from expected)
    union all
    (select 'expected' as side, * from expected except select 'expected', * from kept)
  `);
  return (result as unknown as { rows: unknown[] }).rows;
}

it('keeps every day equal to a recomputation from the raw receipts, after any batches', async () => {
  await fc.assert(
    fc.asyncProperty(fc.array(batchArbitrary, { minLength: 1, maxLength: 4 }), async (batches) => {
      // Each run starts empty, so a counterexample is the whole story.
      await test.db.execute(
        sql`truncate invoice_requests, receipts, receipt_lines, receipt_payments, sales_days, sales_day_customers`,
      );
      // Every batch is sent once, and the first one again: two at a time, as concurrent registers would.
      const sends = [...batches, ...batches.slice(0, 1)];
      for (let start = 0; start < sends.length; start += 2) {
        await Promise.all(
          sends.slice(start, start + 2).map((batch) =>
            ingestReceipts({
              db: test.db,
              shopId: shopIds[batch.shop] as number,
              clientId: null,
              records: batch.receipts,
            }),
          ),
        );
      }
      expect(await mismatchedDays()).toEqual([]);
    }),
    { numRuns: 40 },
  );
}, 120_000);
