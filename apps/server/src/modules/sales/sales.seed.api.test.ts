import { profileFields } from '@bottega/contracts/profile';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, createTestApp, findShopId, findUserId, signIn, type TestApp } from '../../../test/harness';
import { userGroups } from '../user-groups/user-groups.schema';
import { fiscalCloses, products, receipts, salesDays } from './sales.schema';
import { demoFiscalPrinter, demoSalesDays, type SalesIngestSummary, seedDemoSales } from './sales.seed';

let test: TestApp;
/** Monday 2026-11-23, 15:40 in Rome. */
const now = new Date('2026-11-23T14:40:00Z');

beforeAll(async () => {
  test = await createTestApp();
});
afterAll(async () => {
  await test?.close();
});

/** The demo's registers sending what they sold by `at`, on the test's demo database. */
async function demoSales(at: Date): Promise<SalesIngestSummary> {
  const summary = await seedDemoSales(test.db, { now: at });
  if (!summary) throw new Error('the test database is not marked as the demo');
  return summary;
}

describe('demo sales seed', () => {
  it('sends 90 days of every demo shop through the ingestion, all accepted, and later only what came since', async () => {
    const first = await demoSales(now);
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
    const again = await demoSales(now);
    expect(again).toMatchObject({ receipts: 0, closes: 0, rejected: 0 });
    expect(again.duplicates).toBeGreaterThan(0);
    expect(again.duplicates).toBeLessThan(first.receipts / 50);

    // The next morning: the rest of yesterday and its close (the demo's shops close at 19:30 or 20:00).
    const later = await demoSales(new Date('2026-11-24T08:00:00Z'));
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

  it('sends the same receipts again after people change the staff and close a shop: nothing refused, nothing doubled', async () => {
    const admin = await signIn(test.app, 'admin');
    const milan = await findShopId(test.db, 'MI01');
    const naples = await findShopId(test.db, 'NA01');
    const [staff] = await test.db
      .select({ id: userGroups.id })
      .from(userGroups)
      .where(eq(userGroups.name, 'Dipendente'));
    const hired = await api(test.app, {
      method: 'POST',
      url: '/api/employees',
      token: admin,
      // A new hire at Milano Duomo with only the work data entered yet.
      body: {
        ...Object.fromEntries(profileFields.map((field) => [field, ''])),
        name: 'Giulia',
        surname: 'Esposito',
        email: 'giulia.esposito@bottega.example',
        birthday: null,
        matricola: 'T0001',
        username: 'gesposito',
        password: 'segreta2026',
        passwordConfirmation: 'segreta2026',
        shopId: milan,
        shopIds: [milan],
        groupIds: [staff?.id],
        engagementDate: '2026-11-24',
        useFingerprint: false,
      },
    });
    expect(hired.statusCode, hired.body).toBe(201);
    const left = await api(test.app, {
      method: 'DELETE',
      url: `/api/employees/${await findUserId(test.db, 'commessa')}`,
      token: admin,
    });
    expect(left.statusCode, left.body).toBe(200);
    const closed = await api(test.app, {
      method: 'PUT',
      url: `/api/shops/${naples}/closed`,
      token: admin,
      body: { closed: true, closedOn: '2026-11-24' },
    });
    expect(closed.statusCode, closed.body).toBe(200);

    // A restart at the same instant sends the morning again: all of it comes back as duplicates.
    const restarted = await demoSales(new Date('2026-11-24T08:00:00Z'));
    expect(restarted).toMatchObject({ receipts: 0, closes: 0, rejected: 0 });
    // The afternoon: Milan's registers go on, the closed shop's have stopped.
    const afternoon = await demoSales(new Date('2026-11-24T14:00:00Z'));
    expect(afternoon.rejected).toBe(0);
    expect(afternoon.receipts).toBeGreaterThan(0);
    const sold = (shopId: number) =>
      test.db
        .select({ value: sql<number>`count(*)::int` })
        .from(receipts)
        .where(and(eq(receipts.shopId, shopId), eq(receipts.businessDate, '2026-11-24')));
    expect((await sold(milan))[0]?.value).toBeGreaterThan(0);
    expect((await sold(naples))[0]?.value).toBe(0);
  }, 60_000);

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
