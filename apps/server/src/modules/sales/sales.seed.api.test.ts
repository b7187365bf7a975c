import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, findShopId, type TestApp } from '../../../test/harness';
import { fiscalCloses, products, salesDays } from './sales.schema';
import { demoSalesDays, seedDemoSales } from './sales.seed';

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
  it('sends 90 days of every demo shop through the ingestion, all accepted, and a rerun only resends', async () => {
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

    // The printer agrees with the receipts' takings except on a few days.
    const closes = await test.db.select().from(fiscalCloses).where(eq(fiscalCloses.shopId, shopId));
    const takings = new Map(days.map((day) => [day.businessDate, day.takingsCents]));
    const disagreeing = closes.filter((close) => close.totalCents !== takings.get(close.businessDate));
    expect(closes.length).toBe(days.length - 1);
    expect(disagreeing.length).toBeGreaterThan(0);
    expect(disagreeing.length).toBeLessThanOrEqual(5);

    const again = await seedDemoSales(test.db, { now });
    expect(again).toMatchObject({ receipts: 0, closes: 0, rejected: 0, duplicates: first.receipts + first.closes });
    // Twice some thousand receipts through the ingestion, on PGlite.
  }, 90_000);
});
