// `npm run bench:customers`: the loyalty club at a company's scale (issue 27). On a fresh PostgreSQL database
// (TEST_DATABASE_URL; made here and dropped after) it writes, with generate_series, 50 shops, 500,000 customers (three
// in five of them club members with name, email, phone and city) and 1,000,000 receipts carrying their cards over five
// years, plus one member who bought three times a week for five years. It then measures:
// - the points and level of that member, as the club's level page asks them (clubLoyalty: points over the rolling
//   12 months, level, next level, birthday gift, invitations) and as marketing's customer page does (getCustomer):
//   target p95 < 50 ms;
// - marketing's customer list, first page of 25 with the total, as the screens call it: no search, words of a name,
//   part of an email, of a card, of a phone number, two words, the members only, one shop's person: p95 < 200 ms.

import { sql } from 'drizzle-orm';
import { clubLoyalty } from '../apps/server/src/modules/customers/club.service';
import { getCustomer, listCustomers } from '../apps/server/src/modules/customers/customers.service';
import type { CustomerContext } from '../apps/server/src/platform/customer-sessions';
import { openDatabase } from '../apps/server/src/platform/db';
import type { SessionContext } from '../apps/server/src/platform/sessions';
import { createPostgresDatabase } from '../apps/server/test/harness';
import { insertBenchShops, marketingViewer, measure, rowsOf } from './deposits-data';

const customerCount = Number(process.env.BENCH_CUSTOMERS ?? 500_000);
const receiptCount = Number(process.env.BENCH_RECEIPTS ?? 1_000_000);
const samples = Number(process.env.BENCH_SAMPLES ?? 50);

const firstNames = ['Giulia', 'Marco', 'Sara', 'Luca', 'Elena', 'Paolo', 'Chiara', 'Andrea', 'Francesca', 'Davide'];
const lastNames = ['Rossi', 'Bianchi', 'Colombo', 'Ferrari', 'Esposito', 'Romano', 'Ricci', 'Marino', 'Greco', 'Bruno'];
const cities = ['Milano', 'Napoli', 'Roma', 'Torino', 'Bologna', 'Firenze', 'Bari', 'Verona'];

const literalArray = (values: string[]) => sql.raw(`ARRAY[${values.map((value) => `'${value}'`).join(',')}]`);

async function bench(): Promise<boolean> {
  const created = await createPostgresDatabase();
  const handle = openDatabase({ databaseUrl: created.url });
  let met = true;
  try {
    await handle.migrate();
    const { db } = handle;
    const started = performance.now();
    await insertBenchShops(db, 50);
    await db.execute(sql`
      INSERT INTO users (username, email, password_hash, name, surname)
      VALUES ('bench-cashier', 'cashier@bench.example', 'x', 'Cassa', 'Banco')`);
    // Card n: 2900000000000 + n; members (n % 5 < 3) with a name, an email and a phone, the others bare cards.
    await db.execute(sql`
      INSERT INTO customers (card_number, shop_id, first_seen_on, last_purchase_on, first_name, last_name, email,
                             country_code, phone, city, birthday, subscribed_at, email_confirmed_at,
                             phone_confirmed_at, privacy_consent_at, marketing_consent_at, invite_code)
      SELECT (2900000000000 + n)::text,
        (SELECT id FROM shops ORDER BY id OFFSET n % 50 LIMIT 1),
        current_date - (n % 1800), current_date - (n % 30),
        CASE WHEN n % 5 < 3 THEN (${literalArray(firstNames)})[1 + n % 10] END,
        CASE WHEN n % 5 < 3 THEN (${literalArray(lastNames)})[1 + (n / 10) % 10] || lpad((n % 997)::text, 3, '0') END,
        CASE WHEN n % 5 < 3 THEN 'cliente' || n || '@club.example' END,
        CASE WHEN n % 5 < 3 THEN '+39' END,
        CASE WHEN n % 5 < 3 THEN '3' || lpad(((n::bigint * 7919) % 1000000000)::text, 9, '0') END,
        CASE WHEN n % 5 < 3 THEN (${literalArray(cities)})[1 + n % 8] END,
        CASE WHEN n % 5 < 3 THEN date '1960-01-01' + (n % 15000) END,
        CASE WHEN n % 5 < 3 THEN now() - make_interval(days => n % 1500) END,
        CASE WHEN n % 5 < 3 THEN now() END, CASE WHEN n % 5 < 3 THEN now() END, CASE WHEN n % 5 < 3 THEN now() END,
        CASE WHEN n % 10 < 4 THEN now() END,
        CASE WHEN n % 5 < 3 THEN 'inv' || n END
      FROM generate_series(1, ${customerCount}) AS n`);
    // The receipts: each carries one of the cards, over five years; the loyal member's card (n = 1) gets its own below.
    await db.execute(sql`
      INSERT INTO receipts (shop_id, register_code, business_date, issued_at, receipt_number, sequence_number, type,
                            loyalty_card, total_cents, pieces, content_hash)
      SELECT (SELECT id FROM shops ORDER BY id OFFSET n % 50 LIMIT 1), 'R1', current_date - (n % 1826),
        (current_date - (n % 1826))::timestamptz + interval '10 hours', n, n,
        CASE WHEN n % 20 = 0 THEN 'return' ELSE 'sale' END,
        (2900000000000 + 2 + (n * 7) % (${customerCount} - 1))::text,
        CASE WHEN n % 20 = 0 THEN -(1000 + n % 5000) ELSE 1000 + n % 9000 END,
        CASE WHEN n % 20 = 0 THEN -1 ELSE 1 END, 'bench'
      FROM generate_series(1, ${receiptCount}) AS n`);
    await db.execute(sql`
      INSERT INTO receipts (shop_id, register_code, business_date, issued_at, receipt_number, sequence_number, type,
                            loyalty_card, total_cents, pieces, content_hash)
      SELECT (SELECT id FROM shops ORDER BY id LIMIT 1), 'R9', current_date - (w * 7 + d),
        (current_date - (w * 7 + d))::timestamptz + interval '17 hours', 10000000 + w * 10 + d, w * 10 + d, 'sale',
        '2900000000001', 2000 + w * 3, 1, 'loyal'
      FROM generate_series(0, 259) AS w CROSS JOIN generate_series(0, 2) AS d`);
    await db.execute(sql`ANALYZE`);
    const [counts] = await rowsOf<Record<string, number>>(
      db,
      sql`SELECT (SELECT count(*) FROM customers)::int AS customers,
        (SELECT count(*) FROM customers WHERE subscribed_at IS NOT NULL)::int AS members,
        (SELECT count(*) FROM receipts)::int AS receipts,
        (SELECT count(*) FROM receipts WHERE loyalty_card = '2900000000001')::int AS "loyal member's receipts"`,
    );
    console.log(`generated ${JSON.stringify(counts)} in ${((performance.now() - started) / 1000).toFixed(1)} s`);

    const [loyal] = await rowsOf<{ id: number }>(db, sql`SELECT id FROM customers WHERE card_number = '2900000000001'`);
    const [firstShop] = await rowsOf<{ id: number }>(db, sql`SELECT id FROM shops ORDER BY id LIMIT 1`);
    const loyalId = loyal?.id ?? 0;
    const customer: CustomerContext = { sessionId: 0, customerId: loyalId, confirmed: true, language: 'it' };
    const marketing = marketingViewer(['customers.list', 'customers.nonRegistered', 'customers.allShops']);
    const shopPerson = marketingViewer(['customers.list', 'customers.nonRegistered'], [firstShop?.id ?? 0]);
    const now = new Date();

    met =
      (await measure(
        'points and level of a member with 5 years of purchases (club level page)',
        { samples, target: 50 },
        () => clubLoyalty({ db, customer, now }),
      )) && met;
    met =
      (await measure('the same member on marketing’s customer page', { samples, target: 50 }, () =>
        getCustomer({ db, viewer: marketing, now, id: loyalId }),
      )) && met;

    let turn = 0;
    const page = { page: 1, perPage: 25, registered: 'all' as const };
    const cases: { label: string; viewer: SessionContext; query: () => object }[] = [
      { label: 'list: first page, no search', viewer: marketing, query: () => ({}) },
      {
        label: 'list: members only, page 200',
        viewer: marketing,
        query: () => ({ registered: 'registered', page: 200 }),
      },
      {
        label: 'search: a surname',
        viewer: marketing,
        query: () => ({ search: `${lastNames[turn % 10]}${String(turn % 997).padStart(3, '0')}` }),
      },
      {
        label: 'search: first name and surname',
        viewer: marketing,
        query: () => ({ search: `${firstNames[turn % 10]} ${lastNames[(turn + 3) % 10]}` }),
      },
      {
        label: 'search: part of an email',
        viewer: marketing,
        query: () => ({ search: `cliente${1000 + turn * 37}@` }),
      },
      {
        label: 'search: digits of a card',
        viewer: marketing,
        query: () => ({ search: String(2900000100000 + turn * 991).slice(5) }),
      },
      {
        label: 'search: digits of a phone',
        viewer: marketing,
        query: () => ({ phone: String(300000000 + turn * 7919).slice(0, 6) }),
      },
      {
        label: 'search screen: city, birthday month, consent',
        viewer: marketing,
        query: () => ({ city: cities[turn % 8], birthdayMonth: 1 + (turn % 12), marketingConsent: 'yes' }),
      },
      {
        label: 'a shop person’s list, searching a surname',
        viewer: shopPerson,
        query: () => ({ search: lastNames[turn % 10] }),
      },
    ];
    for (const item of cases) {
      met =
        (await measure(item.label, { samples, target: 200 }, () => {
          turn += 1;
          return listCustomers({ db, viewer: item.viewer, now, query: { ...page, ...item.query() } as never });
        })) && met;
    }
  } finally {
    await handle.close();
    await created.drop();
  }
  return met;
}

if (!process.env.TEST_DATABASE_URL) {
  console.error('bench:customers needs TEST_DATABASE_URL (a PostgreSQL server; a fresh database is made on it).');
  process.exit(1);
}
if (!(await bench())) process.exitCode = 1;
