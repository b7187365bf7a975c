import { isoWeekDays } from '@bottega/contracts/dates';
import { and, between, eq, sum } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/harness';
import { cashReports, weeklyCash } from '../cash-register/cash-register.schema';
import { seedDemoCashReports } from '../cash-register/cash-register.seed';
import { seedDemoSales } from '../sales/sales.seed';
import { userShops } from '../shops/shops.schema';
import { deposits } from './deposits.schema';
import { seedDemoDeposits } from './deposits.seed';

let test: TestApp;
/** Thursday 2026-11-26, 10:00 in Rome. */
const now = new Date('2026-11-26T09:00:00Z');

beforeAll(async () => {
  test = await createTestApp();
  await seedDemoSales(test.db, { now });
  await seedDemoCashReports(test.db, { now });
  await seedDemoDeposits(test.db, { now });
}, 120_000);
afterAll(async () => {
  await test?.close();
});

describe('demo deposits', () => {
  it('carry each filled week’s cash, so its weekly cash agrees with them', async () => {
    const weeks = await test.db.select().from(weeklyCash);
    expect(weeks.length).toBeGreaterThan(10);
    for (const week of weeks) {
      const days = isoWeekDays(week.week);
      const [row] = await test.db
        .select({ cents: sum(deposits.amountCents).mapWith(Number) })
        .from(deposits)
        .where(and(eq(deposits.shopId, week.shopId), between(deposits.date, days[0] as string, days[6] as string)));
      expect(row?.cents ?? 0, `${week.shopId} ${week.week}`).toBe(week.depositsCents);
    }
  });

  it('are carried by the shop’s own people, never after today, the old ones convalidated', async () => {
    const rows = await test.db.select().from(deposits);
    const members = new Set(
      (await test.db.select().from(userShops)).map((member) => `${member.shopId} ${member.userId}`),
    );
    for (const deposit of rows) {
      expect(deposit.date <= '2026-11-26', deposit.date).toBe(true);
      expect(deposit.amountCents).toBeGreaterThan(0);
      if (deposit.carriedBy) expect(members.has(`${deposit.shopId} ${deposit.carriedBy}`), 'member').toBe(true);
      expect(deposit.state).toBe(deposit.date < '2026-11-12' ? 'convalidated' : 'entered');
    }
    expect(rows.some((deposit) => deposit.cardNumber !== '')).toBe(true);
    // In the week not filled yet, only cash at least two days old went to the bank: yesterday's still waits.
    const reports = await test.db
      .select()
      .from(cashReports)
      .where(and(eq(cashReports.status, 'closed'), between(cashReports.businessDate, '2026-11-23', '2026-11-25')));
    const shopIds = new Set(reports.map((report) => report.shopId));
    expect(shopIds.size).toBeGreaterThan(3);
    for (const shopId of shopIds) {
      const cashBefore = reports
        .filter((report) => report.shopId === shopId && report.businessDate <= '2026-11-24')
        .reduce((total, report) => total + (report.dailyCashCents ?? 0), 0);
      const deposited = rows
        .filter((deposit) => deposit.shopId === shopId && deposit.date >= '2026-11-23')
        .reduce((total, deposit) => total + deposit.amountCents, 0);
      expect(deposited, String(shopId)).toBeLessThanOrEqual(Math.max(0, cashBefore));
    }
  });
});
