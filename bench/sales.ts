// `npm run bench:sales`: the sales feed at volume.
// (a) Ingestion throughput in receipts per second, through the ingestion service, on PGlite and — when
//     TEST_DATABASE_URL is set — on PostgreSQL: a few thousand receipts into empty tables, then again
//     after BENCH_SALES_FILL_DAYS days of six shops, to show that table size does not slow it down.
// (b) With BENCH_DATABASE_URL, a PostgreSQL database filled by `npm run data:generate` (50 shops ×
//     365 days, about 7 million receipts): one shop's day with all its receipts over HTTP, and a month
//     of daily totals of every shop, at p50/p95 against 200 ms; and ingestion into that database.
// Fails when a target is missed.

import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { addDays } from '@bottega/contracts/dates';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { buildApp } from '../apps/server/src/app';
import { companies } from '../apps/server/src/modules/companies/companies.schema';
import { users } from '../apps/server/src/modules/employees/employees.schema';
import { generateCatalogue } from '../apps/server/src/modules/sales/sales.generator';
import {
  fiscalCloses,
  receipts,
  salesDayCustomers,
  salesDays,
  salesRejections,
  salesSources,
} from '../apps/server/src/modules/sales/sales.schema';
import { ingestSalesHistory, loadSalesShops, seedProducts } from '../apps/server/src/modules/sales/sales.seed';
import { listSalesDays } from '../apps/server/src/modules/sales/sales.service';
import { shops, shopWorkingHours } from '../apps/server/src/modules/shops/shops.schema';
import { userGroups } from '../apps/server/src/modules/user-groups/user-groups.schema';
import { type Database, openDatabase } from '../apps/server/src/platform/db';
import { seedUserGroups } from '../apps/server/src/seed';
import { api, createTestApp, createUser, signIn, testConfig, testIndexHtml } from '../apps/server/test/harness';

const fillDays = Number(process.env.BENCH_SALES_FILL_DAYS ?? 30);
const samples = Number(process.env.BENCH_SAMPLES ?? 60);
/** Receipts of an ordinary weekday in an average shop, as in the benchmark data set. */
const receiptsPerDay = 410;
const seed = 1;
const targetMs = 200;
const demoShopCodes = ['MI01', 'MI02', 'TO01', 'RM01', 'RM02', 'NA01'];
const catalogue = generateCatalogue({ seed });

type Throughput = { database: string; phase: string; tableReceipts: number; receipts: number; perSecond: number };
type Timing = { what: string; p50: number; p95: number; note: string };

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? Number.NaN;
}

async function receiptCount(db: Database): Promise<number> {
  const [row] = await db.select({ value: sql<number>`count(*)::int` }).from(receipts);
  return Number(row?.value ?? 0);
}

/** Streams `from`…`to` of the shops through the ingestion service, one batch at a time, and times it. */
async function timeIngestion(
  db: Database,
  shopRows: Awaited<ReturnType<typeof loadSalesShops>>,
  from: string,
  to: string,
): Promise<{ receipts: number; perSecond: number }> {
  const started = performance.now();
  const summary = await ingestSalesHistory({
    db,
    shops: shopRows,
    from,
    to,
    seed,
    catalogue,
    receiptsPerDay,
    now: new Date(),
  });
  const seconds = (performance.now() - started) / 1000;
  if (summary.rejected > 0) throw new Error(`benchmark receipts refused: ${summary.firstRejection}`);
  return { receipts: summary.receipts, perSecond: summary.receipts / seconds };
}

/** (a) Empty tables, then after `fillDays` days of the six demo shops. */
async function measureIngestion(database: 'pglite' | 'postgres'): Promise<Throughput[]> {
  process.env.BOTTEGA_TEST_DB = database;
  const test = await createTestApp();
  try {
    await seedProducts(test.db, catalogue);
    const shopRows = await loadSalesShops(test.db, demoShopCodes);
    // Two Thursdays and Fridays of March: busy ordinary days, a few thousand receipts.
    const fresh = await timeIngestion(test.db, shopRows, '2026-03-05', '2026-03-06');
    await timeIngestion(test.db, shopRows, '2026-03-07', addDays('2026-03-07', fillDays - 1));
    const tableReceipts = await receiptCount(test.db);
    const after = await timeIngestion(test.db, shopRows, '2026-04-16', '2026-04-17');
    return [
      { database, phase: 'empty tables', tableReceipts: 0, ...fresh },
      { database, phase: `after ${fillDays} days of 6 shops`, tableReceipts, ...after },
    ];
  } finally {
    await test.close();
  }
}

/** A shop of its own for the ingestion into the big database, emptied before and after. */
async function scratchShop(db: Database): Promise<number> {
  const code = 'BENCHINGEST';
  const [existing] = await db.select({ id: shops.id }).from(shops).where(eq(shops.code, code));
  const [company] = await db.select({ id: companies.id }).from(companies).where(eq(companies.companyCode, 'BENCH'));
  if (!company) throw new Error('BENCH_DATABASE_URL holds no benchmark data: run `npm run data:generate` first');
  const shopId =
    existing?.id ??
    ((await db.insert(shops).values({ companyId: company.id, code, name: 'Benchmark ingestion' }).returning())[0]
      ?.id as number);
  if (!existing) {
    const hours = [1, 2, 3, 4, 5, 6].map((weekday) => ({
      shopId,
      weekday,
      slot: 1,
      opensAt: '09:00',
      closesAt: '20:00',
    }));
    await db.insert(shopWorkingHours).values(hours);
  }
  return shopId;
}

async function emptyShop(db: Database, shopId: number): Promise<void> {
  // Lines and payments go with their receipts (on delete cascade).
  await db.delete(receipts).where(eq(receipts.shopId, shopId));
  await db.delete(salesDays).where(eq(salesDays.shopId, shopId));
  await db.delete(salesDayCustomers).where(eq(salesDayCustomers.shopId, shopId));
  await db.delete(fiscalCloses).where(eq(fiscalCloses.shopId, shopId));
  await db.delete(salesSources).where(eq(salesSources.shopId, shopId));
  await db.delete(salesRejections).where(eq(salesRejections.shopId, shopId));
}

/** (b) Reads of the big data set, and ingestion into it. */
async function measureBigDatabase(databaseUrl: string): Promise<{ timings: Timing[]; throughput: Throughput }> {
  const database = openDatabase({ databaseUrl });
  const folder = mkdtempSync(path.join(tmpdir(), 'bottega-bench-'));
  try {
    const db = database.db;
    await database.migrate();
    await seedUserGroups(db);
    const [admin] = await db
      .select({ id: userGroups.id })
      .from(userGroups)
      .where(eq(userGroups.name, 'Amministratore'));
    const [reader] = await db.select({ id: users.id }).from(users).where(eq(users.username, 'benchreader'));
    if (!reader) await createUser(db, { username: 'benchreader', groups: [admin?.id as number] });
    const config = testConfig(folder);
    mkdirSync(config.webDist, { recursive: true });
    writeFileSync(path.join(config.webDist, 'index.html'), testIndexHtml);
    const app = await buildApp({ config, db });
    const timings: Timing[] = [];
    try {
      const token = await signIn(app, 'benchreader');
      const benchShops = await db.select({ id: shops.id }).from(shops).where(sql`${shops.code} like 'BENCH0%'`);
      const shopIds = benchShops.map((shop) => shop.id);
      const [range] = await db
        .select({ first: sql<string>`min(business_date)::text`, last: sql<string>`max(business_date)::text` })
        .from(salesDays)
        .where(inArray(salesDays.shopId, shopIds));
      const totalReceipts = await receiptCount(db);
      const note = `${shopIds.length} shops, ${range?.first} … ${range?.last}, ${totalReceipts.toLocaleString('en')} receipts`;

      // One shop's day: random past days with receipts, all of them different.
      const days = await db
        .select({ shopId: salesDays.shopId, date: salesDays.businessDate, count: salesDays.receiptsCount })
        .from(salesDays)
        .where(and(inArray(salesDays.shopId, shopIds), sql`${salesDays.receiptsCount} > 0`))
        .orderBy(sql`md5(${salesDays.shopId}::text || ${salesDays.businessDate}::text)`)
        .limit(samples + 5);
      const dayTimings: number[] = [];
      let largest = 0;
      for (const [index, day] of days.entries()) {
        const before = performance.now();
        const response = await api(app, { url: `/api/shops/${day.shopId}/receipts?date=${day.date}`, token });
        if (index >= 5) dayTimings.push(performance.now() - before);
        if (response.statusCode !== 200) throw new Error(`receipts of a day answered ${response.statusCode}`);
        largest = Math.max(largest, day.count);
      }
      dayTimings.sort((a, b) => a - b);
      timings.push({
        what: "one shop's day, all receipts (HTTP)",
        p50: percentile(dayTimings, 50),
        p95: percentile(dayTimings, 95),
        note: `${dayTimings.length} days, up to ${largest} receipts each`,
      });

      // A month of every shop's daily totals: the last complete calendar month of the data.
      const lastMonth = `${addDays(`${(range?.last ?? '').slice(0, 7)}-01`, -1).slice(0, 7)}-01`;
      const monthEnd = addDays(`${addDays(lastMonth, 32).slice(0, 7)}-01`, -1);
      const monthTimings: number[] = [];
      let rows = 0;
      for (let sample = 0; sample < samples + 5; sample += 1) {
        const before = performance.now();
        rows = (await listSalesDays({ db, from: lastMonth, to: monthEnd })).length;
        if (sample >= 5) monthTimings.push(performance.now() - before);
      }
      monthTimings.sort((a, b) => a - b);
      timings.push({
        what: `a month of daily totals, all shops (${lastMonth.slice(0, 7)})`,
        p50: percentile(monthTimings, 50),
        p95: percentile(monthTimings, 95),
        note: `${rows} rows`,
      });
      for (const timing of timings) timing.note = `${timing.note}; ${note}`;
    } finally {
      await app.close();
    }

    await seedProducts(db, catalogue);
    const shopId = await scratchShop(db);
    await emptyShop(db, shopId);
    const [scratch] = await loadSalesShops(db, ['BENCHINGEST']);
    const tableReceipts = await receiptCount(db);
    const ingested = await timeIngestion(db, scratch ? [scratch] : [], '2026-03-02', '2026-03-13');
    await emptyShop(db, shopId);
    return {
      timings,
      throughput: { database: 'postgres', phase: 'into the big data set', tableReceipts, ...ingested },
    };
  } finally {
    await database.close();
    rmSync(folder, { recursive: true, force: true });
  }
}

const throughputs: Throughput[] = [];
for (const database of process.env.TEST_DATABASE_URL ? (['pglite', 'postgres'] as const) : (['pglite'] as const)) {
  throughputs.push(...(await measureIngestion(database)));
}
const big = process.env.BENCH_DATABASE_URL ? await measureBigDatabase(process.env.BENCH_DATABASE_URL) : undefined;
if (big) throughputs.push(big.throughput);

console.log('Ingestion (one stream of batches of up to 1000 receipts, through ingestReceipts):');
console.log(
  `database  ${'phase'.padEnd(28)} ${'receipts in table'.padStart(17)}  ${'receipts'.padStart(8)}  receipts/s`,
);
for (const row of throughputs) {
  console.log(
    `${row.database.padEnd(9)} ${row.phase.padEnd(28)} ${row.tableReceipts.toLocaleString('en').padStart(17)}  ${String(row.receipts).padStart(8)}  ${row.perSecond.toFixed(0).padStart(10)}`,
  );
}
let missed = 0;
if (big) {
  console.log(`\nReads of the big data set (PostgreSQL), target p95 ≤ ${targetMs} ms:`);
  for (const timing of big.timings) {
    const ok = timing.p95 <= targetMs;
    if (!ok) missed += 1;
    console.log(
      `${timing.what.padEnd(48)} p50 ${timing.p50.toFixed(1).padStart(6)} ms  p95 ${timing.p95.toFixed(1).padStart(6)} ms  ${ok ? 'ok' : 'MISSED'}  (${timing.note})`,
    );
  }
} else {
  console.log('\nBENCH_DATABASE_URL not set: reads of the 50 shops × 365 days data set skipped.');
}
console.log(`memory: ${(process.memoryUsage().rss / 1024 / 1024).toFixed(0)} MiB resident`);
process.exit(missed === 0 ? 0 : 1);
