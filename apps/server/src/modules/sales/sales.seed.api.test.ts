import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, findShopId, type TestApp } from '../../../test/harness';
import { fiscalCloses, products, salesDays } from './sales.schema';
import { demoFiscalPrinter, demoSalesDays, seedDemoSales } from './sales.seed';

let test: TestApp;
/** Monday 2026-11-23, 15:40 in Rome. */
const now = new Date('2026-11-23T14:40:00Z');

beforeAll(async () => {
  test = await createTestApp();
});
afterAll(async () => {
  await test?.close();
});

describe('demo sales seed', () => {
  it('sends 90 days of every demo shop through the ingestion, all accepted, and later only what came since', async () => {
    const first = await seedDemoSales(test.db, { now });
    expect(first.rejected).toBe(0);
    expect(first.receipts).toBeGreaterThan(3000);
    const [catalogue] = await test.db.select({ value: sql<number>`count(*)::int` }).from(products);
    expect(catalogue?.value).toBeGreaterThan(100);

    const shopId = await findShopId(test.db, 'MI01');
    const days = await test.db.select().from(salesDays).where(eq(salesDays.shopId, shopId));
    // Monday to Saturday over 90 days, today included.
    expect(days.length).toBeGreaterThanOrEqual(Math.floor((demoSalesDays * 6) / 7) - 1);
    expect(days.some((day) => day.businessDate === '2026-11-23')).toBe(true);

    // The printer agrees with the receipts' takings except on a few days; one close a month was not sent.
    const closes = await test.db.select().from(fiscalCloses).where(eq(fiscalCloses.shopId, shopId));
    const takings = new Map(days.map((day) => [day.businessDate, day.takingsCents]));
    const disagreeing = closes.filter((close) => close.totalCents !== takings.get(close.businessDate));
    expect(closes.length).toBeLessThanOrEqual(days.length - 1 - 3);
    expect(closes.length).toBeGreaterThanOrEqual(days.length - 1 - 4);
    expect(disagreeing.length).toBeGreaterThan(0);
    expect(disagreeing.length).toBeLessThanOrEqual(5);

    // The same instant again: only today is sent again, all of it duplicates.
    const again = await seedDemoSales(test.db, { now });
    expect(again).toMatchObject({ receipts: 0, closes: 0, rejected: 0 });
    expect(again.duplicates).toBeGreaterThan(0);
    expect(again.duplicates).toBeLessThan(first.receipts / 50);

    // The next morning: the rest of yesterday and its close (the demo's shops close at 19:30 or 20:00).
    const later = await seedDemoSales(test.db, { now: new Date('2026-11-24T08:00:00Z') });
    expect(later.receipts).toBeGreaterThan(0);
    expect(later.rejected).toBe(0);
    const [monday] = await test.db
      .select()
      .from(fiscalCloses)
      .where(and(eq(fiscalCloses.shopId, shopId), eq(fiscalCloses.businessDate, '2026-11-23')));
    const [mondayTotals] = await test.db
      .select()
      .from(salesDays)
      .where(and(eq(salesDays.shopId, shopId), eq(salesDays.businessDate, '2026-11-23')));
    // Every document of the day is on the close: sales, returns and cancelled receipts.
    const documents = (totals: typeof mondayTotals) =>
      (totals?.receiptsCount ?? 0) + (totals?.returnsCount ?? 0) + (totals?.cancelledCount ?? 0);
    expect(monday?.documentsCount).toBe(documents(mondayTotals));
  }, 90_000);

  it("answers each demo shop's printer with the closes of its own generated days", async () => {
    const printer = await demoFiscalPrinter(test.db, 'MI01');
    expect(printer?.serial).toMatch(/^80E\d{8}$/);
    const shopId = await findShopId(test.db, 'MI01');
    const [stored] = await test.db
      .select()
      .from(fiscalCloses)
      .where(and(eq(fiscalCloses.shopId, shopId), eq(fiscalCloses.businessDate, '2026-11-20')));
    expect(stored?.deviceSerial).toBe(printer?.serial);
    expect(printer?.closeOf('2026-11-20')).toMatchObject({
      closeNumber: stored?.closeNumber,
      totalCents: stored?.totalCents,
      documentsCount: stored?.documentsCount,
    });
    // Sunday: the shop is closed, the printer has no close.
    expect(printer?.closeOf('2026-11-22')).toBeNull();
    expect(await demoFiscalPrinter(test.db, 'XX99')).toBeNull();
  });
});
