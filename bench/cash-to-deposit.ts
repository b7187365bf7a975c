// `npm run bench:cash-to-deposit`: the cash each shop still has to deposit (issue 21, Accountancy › cash to deposit).
// On a fresh PostgreSQL database (TEST_DATABASE_URL; made here and dropped after) it generates 50 shops with a closed
// cash report for every day of a year (18,250) and two deposits a week per shop (bench/deposits-data.ts), then
// measures for accounting (every shop):
//   - every shop's cash to deposit at a day, the first page (listCashToDeposit): target p95 < 1 s;
//   - one shop's month, day by day (getShopCashToDeposit): target p95 < 1 s;
// and prints the scans of their statements' plans (EXPLAIN ANALYZE): which tables are read whole, which by index.
// BENCH_CASH_PGLITE=1 runs the same on the embedded database too.
import { sql } from 'drizzle-orm';
import { getShopCashToDeposit, listCashToDeposit } from '../apps/server/src/modules/deposits/cash-to-deposit.service';
import { openDatabase } from '../apps/server/src/platform/db';
import { createPostgresDatabase } from '../apps/server/test/harness';
import { explainExecuted, generateDepositsData, measure, rowsOf, year } from './deposits-data';

const shopCount = 50;
const samples = Number(process.env.BENCH_SAMPLES ?? 40);
const targetMs = 1000;
/** Accounting looks in the new year: every day of the generated year is in the past. */
const now = new Date(`${year + 1}-01-10T10:00:00Z`);

async function bench(database: 'postgres' | 'pglite') {
  const created = database === 'postgres' ? await createPostgresDatabase() : null;
  const handle = created ? openDatabase({ databaseUrl: created.url }) : openDatabase({ inMemory: true });
  let met = true;
  try {
    await handle.migrate();
    const { db } = handle;
    const viewer = await generateDepositsData(db, { shops: shopCount, depositsPerShop: 104 });
    const shopIds = (await rowsOf<{ id: number }>(db, sql`SELECT id FROM shops WHERE code LIKE 'B%' ORDER BY id`)).map(
      (row) => row.id,
    );
    const days = [`${year}-03-31`, `${year}-06-30`, `${year}-11-26`, `${year}-12-31`];
    let turn = 0;
    console.log(`— ${database}`);
    const list = (date: string) => listCashToDeposit({ db, viewer, date, page: 1, perPage: 25, now });
    const month = (index: number) =>
      getShopCashToDeposit({
        db,
        viewer,
        shopId: shopIds[index % shopIds.length] as number,
        month: `${year}-${String((index % 12) + 1).padStart(2, '0')}`,
        now,
      });
    met =
      (await measure('every shop’s cash to deposit at a day (listCashToDeposit)', { samples, target: targetMs }, () => {
        turn += 1;
        return list(days[turn % days.length] as string);
      })) && met;
    met =
      (await measure('a shop’s month, day by day (getShopCashToDeposit)', { samples, target: targetMs }, () => {
        turn += 1;
        return month(turn);
      })) && met;
    const first = await list(`${year}-12-31`);
    console.log(
      `  at ${first.date}: ${first.meta.total} shops, ${first.totals.waitingShops} with cash waiting, ` +
        `€${(first.totals.balanceCents / 100).toFixed(2)} in all; the first waiting since ${first.data[0]?.waitingSince}`,
    );
    const plans = {
      list: await explainExecuted(db, () => list(`${year}-12-31`)),
      month: await explainExecuted(db, () => month(10)),
    };
    for (const [name, statements] of Object.entries(plans))
      statements.forEach((lines, index) => {
        console.log(`  plan of ${name}, statement ${index + 1}:`);
        for (const line of lines) console.log(`    ${line}`);
      });
  } finally {
    await handle.close();
    if (process.env.BENCH_CASH_KEEP === '1' && created) console.log(`kept ${created.url}`);
    else await created?.drop();
  }
  return met;
}

if (!process.env.TEST_DATABASE_URL) {
  console.error('bench:cash-to-deposit needs TEST_DATABASE_URL (a PostgreSQL server; a fresh database is made on it).');
  process.exit(1);
}
let met = await bench('postgres');
if (process.env.BENCH_CASH_PGLITE === '1') met = (await bench('pglite')) && met;
if (!met) process.exitCode = 1;
