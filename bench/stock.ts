// `npm run bench:stock`: a shop's stock page over a year of movements and sales (issue 25: p95 < 200 ms). On a fresh
// PostgreSQL database (TEST_DATABASE_URL; made here and dropped after) it writes, with generate_series, 10 shops, a
// catalogue of 5,000 products, a warehouse, a year of picking files (two a week per shop, 60 lines each) and returns
// with their stock movements and levels, and a year of receipts (80 a day per shop, two lines each, one in twenty a
// return, one in fifty cancelled) inserted as the feed does — so the trigger keeps shop_product_sales, its cost
// printed — then measures listStock as the screen calls it: the first page, a later page, a search, non-zero only,
// and the warehouse.
import { sql } from 'drizzle-orm';
import { listStock } from '../apps/server/src/modules/logistics/stock.service';
import { openDatabase } from '../apps/server/src/platform/db';
import type { SessionContext } from '../apps/server/src/platform/sessions';
import { createPostgresDatabase } from '../apps/server/test/harness';
import { insertBenchShops, measure, rowsOf } from './deposits-data';

const shopCount = Number(process.env.BENCH_SHOPS ?? 10);
const productCount = Number(process.env.BENCH_PRODUCTS ?? 5000);
const receiptsPerDay = Number(process.env.BENCH_RECEIPTS_PER_DAY ?? 80);
const samples = Number(process.env.BENCH_SAMPLES ?? 50);
const target = 200;

const viewer: SessionContext = {
  sessionId: 'bench',
  userId: 1,
  shopId: null,
  shop: null,
  remember: false,
  user: { id: 1, name: 'Bench', surname: 'Stock', avatar: null, lng: 'it' },
  groups: [{ id: 0, name: 'Area Controllo' }],
  abilities: new Set(['shops.analytics.compareInventory', 'shops.manage.viewAllList']),
  isAdmin: false,
  shopIds: [],
};

async function timed(label: string, run: () => Promise<unknown>): Promise<void> {
  const started = performance.now();
  await run();
  console.log(`${label.padEnd(58)} ${((performance.now() - started) / 1000).toFixed(1).padStart(7)} s`);
}

async function bench(): Promise<boolean> {
  const created = await createPostgresDatabase();
  const handle = openDatabase({ databaseUrl: created.url });
  let met = true;
  try {
    await handle.migrate();
    const { db } = handle;
    await insertBenchShops(db, shopCount);
    await db.execute(sql`
      INSERT INTO users (username, email, password_hash, name, surname)
      VALUES ('bench', 'bench@bench.example', 'x', 'Bench', 'Stock')`);
    await db.execute(sql`
      INSERT INTO products (code, description, vat_rate)
      SELECT 'P' || lpad(n::text, 5, '0'), 'Articolo ' || n || ' ' || (ARRAY['maglia','borsa','sciarpa','cintura'])[1 + n % 4], 2200
      FROM generate_series(1, ${productCount}) AS n`);
    await db.execute(sql`
      INSERT INTO logistics_parties (type, company_id, name)
      SELECT 'warehouse', id, 'Magazzino Centrale' FROM companies ORDER BY id LIMIT 1`);

    await timed('a year of files, lines, movements and levels', async () => {
      // Products are 1…productCount on this fresh database. Two files a week per shop: a picking file from the warehouse on Monday, a return on Thursday.
      await db.execute(sql`
        INSERT INTO logistics_files (kind, state, from_type, from_id, to_type, to_id, from_shop_id, to_shop_id, date,
          document_series, document_number, document_year, document_date, transport_reason, line_count,
          total_quantity, created_by, processed_at)
        SELECT CASE WHEN back THEN 'shopOutFile' ELSE 'pickingFile' END, 'processed',
          CASE WHEN back THEN 'shop' ELSE 'warehouse' END, CASE WHEN back THEN s.id ELSE w.id END,
          CASE WHEN back THEN 'warehouse' ELSE 'shop' END, CASE WHEN back THEN w.id ELSE s.id END,
          CASE WHEN back THEN s.id END, CASE WHEN back THEN NULL ELSE s.id END,
          day, 'DDT', row_number() OVER (ORDER BY day, s.id, back), 2026, day, 'transfer', 60, 0,
          (SELECT id FROM users WHERE username = 'bench'), day
        FROM shops s
        CROSS JOIN (SELECT id FROM logistics_parties WHERE type = 'warehouse') AS w
        CROSS JOIN generate_series(date '2026-01-05', date '2026-12-28', interval '7 days') AS monday
        CROSS JOIN LATERAL (VALUES (false, monday::date), (true, monday::date + 3)) AS twice(back, day)`);
      await db.execute(sql`
        INSERT INTO logistics_file_lines (file_id, position, product_id, quantity)
        SELECT f.id, n, 1 + (f.id * 97 + n * 31) % ${productCount},
          CASE WHEN f.kind = 'shopOutFile' THEN 1 ELSE 2 + (f.id + n) % 6 END
        FROM logistics_files f CROSS JOIN generate_series(1, 60) AS n`);
      await db.execute(sql`
        INSERT INTO stock_movements (location_type, location_id, product_id, quantity, file_id, moved_on)
        SELECT f.from_type, f.from_id, l.product_id, -l.quantity, f.id, f.date
        FROM logistics_file_lines l JOIN logistics_files f ON f.id = l.file_id
        UNION ALL
        SELECT f.to_type, f.to_id, l.product_id, l.quantity, f.id, f.date
        FROM logistics_file_lines l JOIN logistics_files f ON f.id = l.file_id`);
      await db.execute(sql`
        INSERT INTO stock_levels (location_type, location_id, product_id, moved, last_movement_on)
        SELECT location_type, location_id, product_id, sum(quantity), max(moved_on)
        FROM stock_movements GROUP BY 1, 2, 3`);
    });

    await timed('a year of receipts and their lines (the trigger keeps sales)', async () => {
      await db.execute(sql`
        INSERT INTO receipts (shop_id, register_code, business_date, issued_at, receipt_number, sequence_number, type,
          total_cents, pieces, content_hash)
        SELECT s.id, 'R1', day::date, day + interval '10 hours' + make_interval(mins => n), n, n,
          CASE WHEN n % 50 = 0 THEN 'cancelled' WHEN n % 20 = 0 THEN 'return' ELSE 'sale' END,
          CASE WHEN n % 20 = 0 AND n % 50 <> 0 THEN -2000 ELSE 2000 END,
          CASE WHEN n % 20 = 0 AND n % 50 <> 0 THEN -2 ELSE 2 END, md5(s.id || day::text || n)
        FROM shops s
        CROSS JOIN generate_series(timestamptz '2026-01-01', timestamptz '2026-12-31', interval '1 day') AS day
        CROSS JOIN generate_series(1, ${receiptsPerDay}) AS n`);
      await db.execute(sql`
        INSERT INTO receipt_lines (receipt_id, line_number, product_code, quantity, unit_price_cents, subtotal_cents,
          vat_rate)
        SELECT r.id, line, 'P' || lpad((1 + (r.id * 13 + line * 7) % ${productCount})::text, 5, '0'),
          sign(r.pieces)::int, 1000, sign(r.pieces)::int * 1000, 2200
        FROM receipts r CROSS JOIN generate_series(1, 2) AS line`);
    });
    await db.execute(sql`ANALYZE`);
    const [counts] = await rowsOf<Record<string, number>>(
      db,
      sql`SELECT (SELECT count(*) FROM logistics_files)::int AS files, (SELECT count(*) FROM stock_movements)::int AS movements,
        (SELECT count(*) FROM stock_levels)::int AS levels, (SELECT count(*) FROM receipt_lines)::int AS receipt_lines,
        (SELECT count(*) FROM shop_product_sales)::int AS shop_product_sales`,
    );
    console.log(`generated ${JSON.stringify(counts)}`);

    const [shop] = await rowsOf<{ id: number }>(db, sql`SELECT id FROM shops ORDER BY id LIMIT 1`);
    const [warehouse] = await rowsOf<{ id: number }>(db, sql`SELECT id FROM logistics_parties LIMIT 1`);
    const shopQuery = {
      locationType: 'shop' as const,
      locationId: shop?.id ?? 0,
      page: 1,
      perPage: 25,
      nonZero: false,
    };
    const cases: { label: string; query: () => Parameters<typeof listStock>[0]['query'] }[] = [
      { label: 'a shop: first page', query: () => shopQuery },
      { label: 'a shop: page 100', query: () => ({ ...shopQuery, page: 100 }) },
      { label: 'a shop: search a code', query: () => ({ ...shopQuery, search: 'P012' }) },
      { label: 'a shop: search two words of the description', query: () => ({ ...shopQuery, search: 'borsa 12' }) },
      { label: 'a shop: non-zero only', query: () => ({ ...shopQuery, nonZero: true }) },
      {
        label: 'the warehouse: first page',
        query: () => ({ ...shopQuery, locationType: 'warehouse' as const, locationId: warehouse?.id ?? 0 }),
      },
    ];
    for (const item of cases) {
      met =
        (await measure(item.label, { samples, target }, () =>
          listStock({ db, session: viewer, query: item.query() }),
        )) && met;
    }
  } finally {
    await handle.close();
    await created.drop();
  }
  return met;
}

if (!process.env.TEST_DATABASE_URL) {
  console.error('bench:stock needs TEST_DATABASE_URL (a PostgreSQL server; a fresh database is made on it).');
  process.exit(1);
}
if (!(await bench())) process.exitCode = 1;
