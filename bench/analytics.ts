// `npm run bench:analytics`: the sales report at a company's size (issue 23, Accountancy › shops/analytics). On a fresh
// PostgreSQL database (TEST_DATABASE_URL; made here and dropped after) it writes 50 shops with two years of the kept
// aggregates — a sales_days row per shop and day, a sales_day_hours row per shop, day and opening hour — straight with
// generate_series: the report reads only these, and generating the ~7 million receipts behind them through ingestion
// would take far longer than the report it measures. Then, for a viewer who sees every shop:
//   - a year of all shops through the service (getSalesReport) and over HTTP (app.inject): target p95 < 1 s;
//   - one shop's month over HTTP: target p95 < 100 ms;
//   - the raw SQL the year of all shops runs (the shops, the days, the heat map), and the endpoint's ratio to it
//     (p50 against p50): target ≤ 1.5.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { buildApp } from '../apps/server/src/app';
import { getSalesReport, salesReportStatements } from '../apps/server/src/modules/analytics/analytics.service';
import { openDatabase } from '../apps/server/src/platform/db';
import type { SessionContext } from '../apps/server/src/platform/sessions';
import { seedUserGroups } from '../apps/server/src/seed';
import {
  api,
  createPostgresDatabase,
  createUserWithAbilities,
  signIn,
  testConfig,
  testIndexHtml,
} from '../apps/server/test/harness';
import { insertBenchShops, measure, percentile, rowsOf } from './deposits-data';

const shopCount = 50;
const samples = Number(process.env.BENCH_SAMPLES ?? 30);
const year = 2026;
const targets = { year: 1000, month: 100, ratio: 1.5 };

/** Two years of aggregates, so the year measured has a year before to compare with. */
async function writeAggregates(db: Parameters<typeof rowsOf>[0]) {
  await insertBenchShops(db, shopCount);
  // Every day but Sunday: 300–500 receipts, €60 average, 2–3 pieces each, a return and a cancelled one in fifty.
  await db.execute(sql`
    INSERT INTO sales_days (shop_id, business_date, receipts_count, pieces, takings_cents, returns_count, returns_cents,
      returned_pieces, cancelled_count, cancelled_cents, cash_cents, credit_card_cents, bancomat_cents, voucher_cents,
      other_cents, loyalty_customers, discount_cents)
    SELECT s.id, day::date, f.receipts, f.receipts * 5 / 2, f.receipts * 6000 - f.receipts / 50 * 4000,
      f.receipts / 50, f.receipts / 50 * 4000, f.receipts / 50, f.receipts / 50, f.receipts / 50 * 3000,
      (f.receipts * 6000 - f.receipts / 50 * 4000) * 3 / 10, (f.receipts * 6000 - f.receipts / 50 * 4000) * 3 / 10,
      (f.receipts * 6000 - f.receipts / 50 * 4000) * 3 / 10,
      (f.receipts * 6000 - f.receipts / 50 * 4000) / 20,
      (f.receipts * 6000 - f.receipts / 50 * 4000) - (f.receipts * 6000 - f.receipts / 50 * 4000) * 3 / 10 * 3
        - (f.receipts * 6000 - f.receipts / 50 * 4000) / 20,
      f.receipts / 10, f.receipts * 80
    FROM shops s
    CROSS JOIN generate_series(${`${year - 1}-01-01`}::date, ${`${year}-12-31`}::date, interval '1 day') AS day
    CROSS JOIN LATERAL (SELECT 300 + (s.id * 7919 + extract(doy FROM day)::int * 104729) % 200 AS receipts) AS f
    WHERE s.code LIKE 'B%' AND extract(isodow FROM day) < 7
    ORDER BY 2, 1`);
  // Opening hours 9–20: each day's receipts and takings spread over them.
  await db.execute(sql`
    INSERT INTO sales_day_hours (shop_id, business_date, hour, receipts_count, takings_cents, pieces)
    SELECT d.shop_id, d.business_date, h, d.receipts_count / 12, d.takings_cents / 12, d.pieces / 12
    FROM sales_days d CROSS JOIN generate_series(9, 20) AS h
    WHERE d.shop_id IN (SELECT id FROM shops WHERE code LIKE 'B%')`);
  // Every shop's budget for each month of the year, a day's budget 5 % over the same day last year's takings.
  await db.execute(sql`
    INSERT INTO budgets (shop_id, month, sales_cents, average_receipt_cents, pieces_per_receipt, state, created_at)
    SELECT s.id, to_char(month, 'YYYY-MM'), 0, 6000, 250, 'confirmed', now()
    FROM shops s CROSS JOIN generate_series(${`${year}-01-01`}::date, ${`${year}-12-01`}::date, interval '1 month') AS month
    WHERE s.code LIKE 'B%'`);
  await db.execute(sql`
    INSERT INTO budget_days (budget_id, date, cents)
    SELECT b.id, d.business_date + 364, d.takings_cents * 105 / 100
    FROM budgets b JOIN sales_days d ON d.shop_id = b.shop_id
      AND to_char(d.business_date + 364, 'YYYY-MM') = b.month`);
  await db.execute(sql`
    UPDATE budgets b SET sales_cents = (SELECT sum(cents) FROM budget_days WHERE budget_id = b.id)`);
  await db.execute(sql`ANALYZE`);
  const [counts] = await rowsOf<Record<string, number>>(
    db,
    sql`SELECT (SELECT count(*) FROM sales_days)::int AS days, (SELECT count(*) FROM sales_day_hours)::int AS hours,
      (SELECT count(*) FROM budget_days)::int AS "budgetDays"`,
  );
  console.log(`wrote ${JSON.stringify(counts)} aggregate rows for ${shopCount} shops`);
}

async function bench() {
  const created = await createPostgresDatabase();
  const handle = openDatabase({ databaseUrl: created.url });
  const folder = mkdtempSync(path.join(tmpdir(), 'bottega-bench-'));
  const config = testConfig(folder);
  mkdirSync(config.webDist, { recursive: true });
  writeFileSync(path.join(config.webDist, 'index.html'), testIndexHtml);
  const app = await (async () => {
    await handle.migrate();
    await seedUserGroups(handle.db);
    await writeAggregates(handle.db);
    return buildApp({ config, db: handle.db });
  })();
  let met = true;
  try {
    const { db } = handle;
    const user = await createUserWithAbilities(db, ['shops.analytics.salesReport', 'shops.manage.viewAllList']);
    const token = await signIn(app, user.username);
    const viewer: SessionContext = {
      sessionId: 'bench',
      userId: user.id,
      shopId: null,
      shop: null,
      remember: false,
      user: { id: user.id, name: 'Bench', surname: 'Viewer', avatar: null, lng: 'it' },
      groups: [],
      abilities: new Set(['shops.analytics.salesReport', 'shops.manage.viewAllList']),
      isAdmin: false,
      shopIds: [],
    };
    const shopIds = (await rowsOf<{ id: number }>(db, sql`SELECT id FROM shops ORDER BY code`)).map((row) => row.id);
    const wholeYear = { from: `${year}-01-01`, to: `${year}-12-31` };
    const months = Array.from({ length: 12 }, (_, index) => String(index + 1).padStart(2, '0'));
    let turn = 0;
    const http = async (url: string) => {
      const response = await api(app, { url, token });
      if (response.statusCode !== 200) throw new Error(`${url} answered ${response.statusCode}: ${response.body}`);
      return response;
    };

    met =
      (await measure('a year of all shops (getSalesReport)', { samples, target: targets.year }, () =>
        getSalesReport({ db, viewer, query: wholeYear }),
      )) && met;
    const endpointTimes: number[] = [];
    met =
      (await measure('a year of all shops (GET /api/analytics/sales)', { samples, target: targets.year }, async () => {
        const started = performance.now();
        await http(`/api/analytics/sales?from=${wholeYear.from}&to=${wholeYear.to}`);
        endpointTimes.push(performance.now() - started);
      })) && met;
    met =
      (await measure('one shop’s month (GET /api/analytics/sales)', { samples, target: targets.month }, () => {
        turn += 1;
        const month = months[turn % months.length] as string;
        const last = new Date(Date.UTC(year, Number(month), 0)).getUTCDate();
        return http(
          `/api/analytics/sales?from=${year}-${month}-01&to=${year}-${month}-${last}&shops=${shopIds[turn % shopIds.length]}`,
        );
      })) && met;

    const statements = salesReportStatements(shopIds, wholeYear);
    const rawTimes: number[] = [];
    await measure('the raw SQL of a year of all shops', { samples }, async () => {
      const started = performance.now();
      await db.execute(sql`SELECT id, code, name FROM shops WHERE NOT closed ORDER BY code`);
      await db.execute(statements.days);
      await db.execute(statements.heatMap);
      await db.execute(statements.budget);
      rawTimes.push(performance.now() - started);
    });
    const median = (times: number[]) =>
      percentile(
        [...times].sort((a, b) => a - b),
        50,
      );
    const ratio = median(endpointTimes) / median(rawTimes);
    const ratioMet = ratio <= targets.ratio;
    console.log(
      `${'endpoint / raw SQL (p50)'.padEnd(58)} ${ratio.toFixed(2)} (target ≤ ${targets.ratio}) ${ratioMet ? 'ok' : 'MISSED'}`,
    );
    met = ratioMet && met;
    const response = await http(`/api/analytics/sales?from=${wholeYear.from}&to=${wholeYear.to}`);
    const answer = response.json().data;
    console.log(
      `  ${answer.shops.length} shops, ${answer.days.length} days, ${answer.heatMap.length} heat-map cells, ` +
        `${response.body.length} bytes; takings €${(answer.current.takingsCents / 100).toFixed(2)} against ` +
        `€${(answer.previous.takingsCents / 100).toFixed(2)} the year before`,
    );
  } finally {
    await app.close();
    await handle.close();
    await created.drop();
    rmSync(folder, { recursive: true, force: true });
  }
  return met;
}

if (!process.env.TEST_DATABASE_URL) {
  console.error('bench:analytics needs TEST_DATABASE_URL (a PostgreSQL server; a fresh database is made on it).');
  process.exit(1);
}
if (!(await bench())) process.exitCode = 1;
