// `npm run bench:first-note`: the first note of a shop's year (issue 22, Accountancy › report/firstNote). On a fresh
// PostgreSQL database (TEST_DATABASE_URL; made here and dropped after) it generates 50 shops with a closed cash report
// for every day of a year and two deposits a week per shop (bench/deposits-data.ts), a till expense every third day
// and a bank credit for every other deposit, then measures for accounting:
//   - one shop's first note of the whole year (getFirstNote, 365 days): target p95 < 1 s;
//   - the same year as CSV and as XLSX (firstNoteFile after getFirstNote): target p95 < 1 s and < 2 s;
// and prints the scans of the statements' plans (EXPLAIN ANALYZE).
import { sql } from 'drizzle-orm';
import { firstNoteFile, getFirstNote } from '../apps/server/src/modules/reports/first-note.service';
import { openDatabase } from '../apps/server/src/platform/db';
import { createPostgresDatabase } from '../apps/server/test/harness';
import { explainExecuted, generateDepositsData, measure, rowsOf, year } from './deposits-data';

const shopCount = 50;
const samples = Number(process.env.BENCH_SAMPLES ?? 30);
/** Accounting looks in the new year: every day of the generated year is in the past. */
const now = new Date(`${year + 1}-01-10T10:00:00Z`);

/** A till expense every third day of each shop's year, and every other deposit convalidated with its bank credit. */
async function addExpensesAndBank(db: Parameters<typeof explainExecuted>[0]) {
  await db.execute(sql`
    INSERT INTO expense_authorisations (shop_id, description, max_amount_cents, valid_from, valid_to)
    SELECT id, 'Pulizie', 1000000, ${`${year}-01-01`}::date, ${`${year}-12-31`}::date FROM shops WHERE code LIKE 'B%'`);
  await db.execute(sql`
    INSERT INTO expenses (report_id, shop_id, authorisation_id, amount_cents, date)
    SELECT r.id, r.shop_id, a.id, 1500 + (r.id % 7) * 100, r.business_date
    FROM cash_reports r JOIN expense_authorisations a ON a.shop_id = r.shop_id
    WHERE extract(doy FROM r.business_date)::int % 3 = 0`);
  await db.execute(sql`
    INSERT INTO bank_uploads (file_name, size, storage_key, state) VALUES ('bench.xml', 1, 'bench', 'imported')`);
  await db.execute(sql`
    INSERT INTO bank_lines (upload_id, account, statement_id, line, booking_date, amount_cents, description, fingerprint)
    SELECT (SELECT max(id) FROM bank_uploads), 'IT00BENCH', 'S', d.id, d.date + 1, d.amount_cents, 'VERSAMENTO',
      'bench-' || d.id
    FROM deposits d WHERE d.id % 2 = 0`);
  await db.execute(sql`
    INSERT INTO deposit_bank_lines (deposit_id, bank_line_id)
    SELECT d.id, l.id FROM deposits d JOIN bank_lines l ON l.fingerprint = 'bench-' || d.id`);
  await db.execute(sql`UPDATE deposits SET state = 'convalidated' WHERE id % 2 = 0`);
  await db.execute(sql`ANALYZE`);
}

async function bench() {
  const created = await createPostgresDatabase();
  const handle = openDatabase({ databaseUrl: created.url });
  let met = true;
  try {
    await handle.migrate();
    const { db } = handle;
    const viewer = await generateDepositsData(db, { shops: shopCount, depositsPerShop: 104 });
    await addExpensesAndBank(db);
    const shopIds = (await rowsOf<{ id: number }>(db, sql`SELECT id FROM shops WHERE code LIKE 'B%' ORDER BY id`)).map(
      (row) => row.id,
    );
    let turn = 0;
    const yearOf = () => {
      turn += 1;
      return getFirstNote({
        db,
        viewer,
        shopId: shopIds[turn % shopIds.length] as number,
        from: `${year}-01-01`,
        to: `${year}-12-31`,
        now,
      });
    };
    met = (await measure('a shop’s first note of a year (getFirstNote)', { samples, target: 1000 }, yearOf)) && met;
    met =
      (await measure('the year as CSV (getFirstNote + firstNoteFile)', { samples, target: 1000 }, async () =>
        firstNoteFile(await yearOf(), 'csv', 'it'),
      )) && met;
    met =
      (await measure('the year as XLSX (getFirstNote + firstNoteFile)', { samples, target: 2000 }, async () =>
        firstNoteFile(await yearOf(), 'xlsx', 'it'),
      )) && met;
    const note = await yearOf();
    console.log(
      `  ${note.shop.code}: ${note.days.length} days, ${note.days.reduce((n, day) => n + day.expenses.length, 0)} ` +
        `expenses, ${note.days.reduce((n, day) => n + day.deposits.length, 0)} deposits; closing €${(note.closingCents / 100).toFixed(2)}`,
    );
    const plans = await explainExecuted(db, yearOf);
    plans.forEach((lines, index) => {
      console.log(`  plan of statement ${index + 1}:`);
      for (const line of lines) console.log(`    ${line}`);
    });
  } finally {
    await handle.close();
    await created.drop();
  }
  return met;
}

if (!process.env.TEST_DATABASE_URL) {
  console.error('bench:first-note needs TEST_DATABASE_URL (a PostgreSQL server; a fresh database is made on it).');
  process.exit(1);
}
if (!(await bench())) process.exitCode = 1;
