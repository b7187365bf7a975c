// `npm run bench:month-end`: the month-end checks at a company's size (issue 22, Accountancy › report/convalidate).
// On a fresh PostgreSQL database (TEST_DATABASE_URL; made here and dropped after) it generates 50 shops with a closed
// cash report for every day of a year and two deposits a week per shop (bench/deposits-data.ts), and the fiscal
// printer's close of every day, then measures for accounting:
//   - one shop's month with its three checks (getShopMonth): target p95 < 300 ms;
//   - every shop's month (listShopMonths, what the screen asks for): target p95 < 3 s.
// BENCH_MONTH_PGLITE=1 runs the same on the embedded database too.
import { sql } from 'drizzle-orm';
import { getShopMonth, listShopMonths } from '../apps/server/src/modules/month-end/month-end.service';
import { openDatabase } from '../apps/server/src/platform/db';
import { createPostgresDatabase } from '../apps/server/test/harness';
import { generateDepositsData, measure, rowsOf, year } from './deposits-data';

const shopCount = 50;
const samples = Number(process.env.BENCH_SAMPLES ?? 30);
const targets = { shop: 300, all: 3000 };
/** Accounting closes the year's months in the new year. */
const now = new Date(`${year + 1}-01-10T10:00:00Z`);

async function bench(database: 'postgres' | 'pglite') {
  const created = database === 'postgres' ? await createPostgresDatabase() : null;
  const handle = created ? openDatabase({ databaseUrl: created.url }) : openDatabase({ inMemory: true });
  let met = true;
  try {
    await handle.migrate();
    const { db } = handle;
    const viewer = await generateDepositsData(db, { shops: shopCount, depositsPerShop: 104 });
    // The printer's close of every closed day, agreeing with the report, its VAT at 22 %.
    await db.execute(sql`
      INSERT INTO fiscal_closes (shop_id, device_serial, business_date, closed_at, close_number, total_cents,
                                 documents_count, returns_cents, cancellations_cents, electronic_payments_cents,
                                 vat_breakdown, source, content_hash)
      SELECT shop_id, '99MEX012345', business_date, closed_at, 1, total_cents, 100, 0, 0, 0,
        jsonb_build_array(jsonb_build_object('vatRate', 2200, 'taxableCents', round(total_cents / 1.22)::bigint,
          'taxCents', total_cents - round(total_cents / 1.22)::bigint)),
        'manual', md5(shop_id || '-' || business_date)
      FROM cash_reports`);
    await db.execute(sql`ANALYZE`);
    const shopIds = (await rowsOf<{ id: number }>(db, sql`SELECT id FROM shops WHERE code LIKE 'B%' ORDER BY id`)).map(
      (row) => row.id,
    );
    const months = Array.from({ length: 12 }, (_, index) => `${year}-${String(index + 1).padStart(2, '0')}`);
    let turn = 0;
    console.log(`— ${database}`);
    met =
      (await measure('one shop’s month with its checks (getShopMonth)', { samples, target: targets.shop }, () => {
        turn += 1;
        return getShopMonth({
          db,
          viewer,
          now,
          shopId: shopIds[turn % shopIds.length] as number,
          month: months[turn % months.length] as string,
        });
      })) && met;
    met =
      (await measure('every shop’s month with its checks (listShopMonths)', { samples, target: targets.all }, () => {
        turn += 1;
        return listShopMonths({ db, viewer, now, month: months[turn % months.length] as string });
      })) && met;
    const december = await listShopMonths({ db, viewer, now, month: `${year}-12` });
    const failing = december.map((shop) =>
      shop.checks
        .filter((check) => !check.ok)
        .map((check) => check.check)
        .join('+'),
    );
    console.log(`  ${year}-12: ${december.length} shops; failing checks: ${JSON.stringify([...new Set(failing)])}`);
  } finally {
    await handle.close();
    await created?.drop();
  }
  return met;
}

if (!process.env.TEST_DATABASE_URL) {
  console.error('bench:month-end needs TEST_DATABASE_URL (a PostgreSQL server; a fresh database is made on it).');
  process.exit(1);
}
let met = await bench('postgres');
if (process.env.BENCH_MONTH_PGLITE === '1') met = (await bench('pglite')) && met;
if (!met) process.exitCode = 1;
