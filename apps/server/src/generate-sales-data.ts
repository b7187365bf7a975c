// `npm run data:generate -- --shops 50 --days 365 [--seed N] [--receipts-per-day N] [--concurrency N]
// [--part K/N] [--database-url URL]`: the benchmark data set. Creates what is missing (a company, shops BENCH001…,
// the catalogue), then streams the simulated history (the last `days` days, today up to the current
// hour) through the ingestion service. A rerun resends the same receipts, which the ingestion counts
// as duplicates, so an interrupted run is resumed by running it again.
import { parseArgs } from 'node:util';
import { addDays, businessDate } from '@bottega/contracts/dates';
import { eq } from 'drizzle-orm';
import { loadConfig } from './config';
import { companies } from './modules/companies/companies.schema';
import { benchmarkShopCode, benchmarkShopHours, generateCatalogue } from './modules/sales/sales.generator';
import { ingestSalesHistory, loadSalesShops, seedProducts } from './modules/sales/sales.seed';
import { shops, shopWorkingHours } from './modules/shops/shops.schema';
import { type Database, openDatabase } from './platform/db';

/**
 * An ordinary weekday's receipts in an average benchmark shop: with the calendar's ups and downs and
 * the shops' sizes, 50 shops over 365 days make about 7 million receipts.
 */
const benchmarkReceiptsPerDay = 410;

const { values } = parseArgs({
  options: {
    shops: { type: 'string', default: '50' },
    days: { type: 'string', default: '365' },
    seed: { type: 'string', default: '1' },
    'receipts-per-day': { type: 'string', default: String(benchmarkReceiptsPerDay) },
    concurrency: { type: 'string' },
    /** K/N: this process takes every Nth shop from the Kth; N processes use N cores (checking records is CPU work). */
    part: { type: 'string', default: '1/1' },
    'database-url': { type: 'string' },
  },
});

function positiveInteger(name: string, value: string | undefined): number {
  const number = Number(value);
  if (!Number.isInteger(number) || number < 1) throw new Error(`--${name} must be a positive whole number`);
  return number;
}

const shopCount = positiveInteger('shops', values.shops);
const days = positiveInteger('days', values.days);
const seed = positiveInteger('seed', values.seed);
const receiptsPerDay = positiveInteger('receipts-per-day', values['receipts-per-day']);
const [partNumber = 1, parts = 1] = (values.part ?? '1/1').split('/').map((value) => positiveInteger('part', value));
if (partNumber > parts) throw new Error('--part K/N needs K ≤ N');
const config = loadConfig();
const databaseUrl = values['database-url'] ?? config.databaseUrl;
// PostgreSQL stores one batch while the next is generated and checked; PGlite runs one query at a time.
const concurrency = positiveInteger('concurrency', values.concurrency ?? (databaseUrl ? '2' : '1'));

/** The benchmark company and its shops, created once; their opening hours vary from shop to shop. */
async function ensureBenchmarkShops(db: Database): Promise<string[]> {
  await db
    .insert(companies)
    .values({ name: 'Bottega Benchmark S.r.l.', companyCode: 'BENCH', vatNumber: '09999990154' })
    .onConflictDoNothing();
  const [company] = await db.select({ id: companies.id }).from(companies).where(eq(companies.companyCode, 'BENCH'));
  const codes = Array.from({ length: shopCount }, (_, index) => benchmarkShopCode(index + 1));
  for (const [index, code] of codes.entries()) {
    const [created] = await db
      .insert(shops)
      .values({ companyId: company?.id as number, code, name: `Benchmark ${code.slice(5)}`, section: 'Benchmark' })
      .onConflictDoNothing()
      .returning({ id: shops.id });
    if (created) {
      await db.insert(shopWorkingHours).values(
        benchmarkShopHours(index + 1).map((slot, position, slots) => ({
          shopId: created.id,
          ...slot,
          slot: slots.slice(0, position).filter((other) => other.weekday === slot.weekday).length + 1,
        })),
      );
    }
  }
  return codes;
}

function duration(seconds: number): string {
  if (!Number.isFinite(seconds)) return '–';
  const minutes = Math.floor(seconds / 60);
  return minutes > 0 ? `${minutes}m${String(Math.round(seconds % 60)).padStart(2, '0')}s` : `${Math.round(seconds)}s`;
}

const database = openDatabase({ databaseUrl, dataDir: config.dataDir });
try {
  await database.migrate();
  const codes = (await ensureBenchmarkShops(database.db)).filter((_, index) => index % parts === partNumber - 1);
  const catalogue = generateCatalogue({ seed });
  await seedProducts(database.db, catalogue);
  const now = new Date();
  const to = businessDate(now);
  const from = addDays(to, 1 - days);
  const where = databaseUrl ? 'PostgreSQL' : `PGlite in ${config.dataDir}`;
  console.log(`${codes.length} shops × ${days} days (${from} … ${to}) into ${where}, seed ${seed}`);
  const started = performance.now();
  let printed = 0;
  const summary = await ingestSalesHistory({
    db: database.db,
    shops: await loadSalesShops(database.db, codes),
    from,
    to,
    seed,
    catalogue,
    receiptsPerDay,
    now,
    concurrency,
    onProgress: (progress) => {
      const elapsed = (performance.now() - started) / 1000;
      if (elapsed - printed < 1) return;
      printed = elapsed;
      const done = (Date.parse(progress.businessDate) - Date.parse(from)) / 86_400_000 + 1;
      const handled = progress.receipts + progress.duplicates;
      process.stdout.write(
        `\r${progress.businessDate}  ${handled.toLocaleString('en')} receipts  ${Math.round(handled / elapsed)} receipts/s  ETA ${duration((elapsed * (days - done)) / done)}   `,
      );
    },
  });
  const seconds = (performance.now() - started) / 1000;
  console.log(
    `\nDone in ${duration(seconds)}: ${summary.receipts} receipts stored, ${summary.duplicates} already there, ` +
      `${summary.closes} fiscal closes, ${summary.rejected} refused; ${Math.round((summary.receipts + summary.duplicates) / seconds)} receipts/s`,
  );
  if (summary.firstRejection) console.log(`First refusal: ${summary.firstRejection}`);
  process.exitCode = summary.rejected > 0 ? 1 : 0;
} finally {
  await database.close();
}
