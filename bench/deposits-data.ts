// The company the deposit benchmarks (bench/bank-import.ts, bench/cash-to-deposit.ts) measure, written by the database
// itself with bulk INSERT … SELECT: 50 shops with their bank account numbers, 6 employees a shop with deposit cards
// (300), a closed cash report for every day of the year per shop, and `depositsPerShop` entered deposits per shop
// spread over the year, each carried by one of the shop's people with their card. Deterministic: the same sizes give
// the same rows. Also the accounting viewer who reads them, the year's bank statement of those deposits (writeStatement),
// the timing and printing of bench/shifts.ts, and a helper that EXPLAINs the SQL a call executes.

import { performance } from 'node:perf_hooks';
import { addDays } from '@bottega/contracts/dates';
import type { Ability } from '@bottega/contracts/permissions';
import { type SQL, sql } from 'drizzle-orm';
import type { BankStatement, BankStatementEntry } from '../apps/server/src/integrations/bank/bank-statement';
import { writeCamt053 } from '../apps/server/src/integrations/bank/bank-statement.simulator';
import type { Database } from '../apps/server/src/platform/db';
import type { SessionContext } from '../apps/server/src/platform/sessions';
import { defaultGroupAbilities, seedUserGroups } from '../apps/server/src/seed';

export const year = 2026;
/** Cash a shop takes a day, on average (cents): €800–2,000. */
const averageDailyCashCents = 140_000;

export function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? Number.NaN;
}

export async function rowsOf<Row>(db: Database, query: SQL): Promise<Row[]> {
  return ((await db.execute(query)) as unknown as { rows: Row[] }).rows;
}

/** The bench company and its shops, codes B001…, account numbers 1000000000 + two digits (12 digits). */
export async function insertBenchShops(db: Database, shopCount: number): Promise<void> {
  await db.execute(
    sql`INSERT INTO companies (name, company_code, vat_number) VALUES ('Bench S.r.l.', 'BENCH', '01234567890')`,
  );
  await db.execute(sql`
    INSERT INTO shops (company_id, name, code, account_number)
    SELECT (SELECT id FROM companies WHERE company_code = 'BENCH'), 'Negozio ' || lpad(n::text, 3, '0'),
      'B' || lpad(n::text, 3, '0'), '1000000' || lpad(n::text, 5, '0')
    FROM generate_series(1, ${shopCount}) AS n`);
}

/**
 * The benchmarks' company: `shops` shops B001…, and `peoplePerShop` people each — employee n works in shop
 * ((n - 1) % shops) + 1, with card 5333 0000 0000 0000 + n × 7919 (bench/staff-analytics.ts uses the same company).
 */
export async function generateBenchCompany(db: Database, options: { shops: number; peoplePerShop: number }) {
  const { shops: shopCount, peoplePerShop } = options;
  await insertBenchShops(db, shopCount);
  await db.execute(sql`
    INSERT INTO users (username, email, password_hash, name, surname, deposit_card_number)
    SELECT 'bench' || n, 'bench' || n || '@bench.example', 'x', 'Nome' || n, 'Cognome' || lpad(n::text, 5, '0'),
      (5333000000000000 + n * 7919)::text
    FROM generate_series(1, ${shopCount * peoplePerShop}) AS n`);
  await db.execute(sql`
    INSERT INTO user_shops (user_id, shop_id, is_main)
    SELECT u.id, s.id, true
    FROM users u JOIN shops s ON s.code = 'B' || lpad(((substr(u.username, 6)::int - 1) % ${shopCount} + 1)::text, 3, '0')
    WHERE u.username LIKE 'bench%'`);
}

/**
 * The shops (codes B001…, account numbers 1000000000 + two digits: 12 digits), their people, a year of closed reports
 * and the deposits. Answers the accounting viewer (a member of Contabilità, which sees every shop).
 */
export async function generateDepositsData(
  db: Database,
  options: { shops: number; depositsPerShop: number },
): Promise<SessionContext> {
  const { shops: shopCount, depositsPerShop } = options;
  const peoplePerShop = 6;
  const started = performance.now();
  await seedUserGroups(db);
  await generateBenchCompany(db, { shops: shopCount, peoplePerShop });
  // Every day of the year closed, with €800–2,000 of cash (some days with cents).
  await db.execute(sql`
    INSERT INTO cash_reports (shop_id, business_date, status, total_cents, daily_cash_cents, cash_fund_cents,
                              closed_at, created_at, updated_at)
    SELECT s.id, day::date, 'closed', cash * 3, cash, 30000, day + interval '20 hours', day, day + interval '20 hours'
    FROM shops s
    CROSS JOIN generate_series(${`${year}-01-01`}::date, ${`${year}-12-31`}::date, interval '1 day') AS day
    CROSS JOIN LATERAL (
      SELECT 80000 + ((s.id * 7919 + extract(doy FROM day)::int * 104729) % 120000) AS cash
    ) AS figures
    WHERE s.code LIKE 'B%'
    ORDER BY 2, 1`);
  // Deposit k of shop n on day k × 365 / perShop, by person (n + k) % 6 of the shop, worth 60–120 % of the cash of the
  // days since the last one (whole euros, three in ten with cents).
  const cashPerDeposit = Math.round((averageDailyCashCents * 365) / depositsPerShop);
  await db.execute(sql`
    INSERT INTO deposits (shop_id, date, amount_cents, carried_by, card_number, registered_by, state, created_at,
                          updated_at)
    SELECT s.id, ${`${year}-01-01`}::date + (k * 365 / ${depositsPerShop}),
      (${cashPerDeposit}::bigint * (60 + (k * 37 + s.n * 17) % 61) / 10000) * 100
        + CASE WHEN (k + s.n) % 10 < 3 THEN 1 + (k * s.n * 13) % 99 ELSE 0 END,
      u.id, u.deposit_card_number, u.id, 'entered', now(), now()
    FROM (SELECT id, substr(code, 2)::int AS n FROM shops WHERE code LIKE 'B%') AS s
    CROSS JOIN generate_series(0, ${depositsPerShop - 1}) AS k
    JOIN users u ON u.username = 'bench' || (s.n + ${shopCount} * ((k + s.n) % ${peoplePerShop}))
    ORDER BY 2, 1`);
  // The accounting person who uploads and matches.
  await db.execute(sql`
    INSERT INTO users (username, email, password_hash, name, surname)
    VALUES ('bench-accounting', 'accounting@bench.example', 'x', 'Carla', 'Contabile')`);
  await db.execute(sql`
    INSERT INTO user_group_members (user_id, group_id)
    SELECT u.id, g.id FROM users u, user_groups g WHERE u.username = 'bench-accounting' AND g.name = 'Contabilità'`);
  await db.execute(sql`ANALYZE`);
  const [counts] = await rowsOf<Record<string, number>>(
    db,
    sql`SELECT (SELECT count(*) FROM shops)::int AS shops,
      (SELECT count(*) FROM users WHERE deposit_card_number <> '')::int AS cards,
      (SELECT count(*) FROM cash_reports)::int AS reports, (SELECT count(*) FROM deposits)::int AS deposits`,
  );
  const [accounting] = await rowsOf<{ id: number }>(db, sql`SELECT id FROM users WHERE username = 'bench-accounting'`);
  console.log(`generated ${JSON.stringify(counts)} in ${((performance.now() - started) / 1000).toFixed(1)} s`);
  const userId = accounting?.id ?? 0;
  return {
    sessionId: 'bench',
    userId,
    shopId: null,
    shop: null,
    remember: false,
    user: { id: userId, name: 'Carla', surname: 'Contabile', avatar: null, lng: 'it' },
    groups: [{ id: 0, name: 'Contabilità' }],
    abilities: new Set(defaultGroupAbilities.Contabilità),
    isAdmin: false,
    shopIds: [],
  };
}

/** Times `run` over `samples` runs after `warmUps`, printed as bench/shifts.ts does; true when the target is met. */
export async function measure(
  label: string,
  options: { samples: number; warmUps?: number; target?: number },
  run: () => Promise<unknown>,
): Promise<boolean> {
  for (let warm = 0; warm < (options.warmUps ?? 3); warm += 1) await run();
  const times: number[] = [];
  for (let index = 0; index < options.samples; index += 1) {
    const started = performance.now();
    await run();
    times.push(performance.now() - started);
  }
  return report(label, times, options.target);
}

/** Prints the p50 and p95 of `times` (ms) against the target, if any; true when met. */
export function report(label: string, times: number[], target?: number): boolean {
  const sorted = [...times].sort((a, b) => a - b);
  const p50 = percentile(sorted, 50);
  const p95 = percentile(sorted, 95);
  const verdict = target === undefined ? '' : `(target p95 < ${target} ms) ${p95 < target ? 'ok' : 'MISSED'}`;
  console.log(
    `${label.padEnd(58)} p50 ${p50.toFixed(1).padStart(7)} ms  p95 ${p95.toFixed(1).padStart(7)} ms  ${verdict}`.trimEnd(),
  );
  return target === undefined || p95 < target;
}

/**
 * The plans of the SQL statements `run` sends through db.execute (EXPLAIN ANALYZE, run again after), summed up as
 * their scan nodes: which tables are read whole and which through which index.
 */
export async function explainExecuted(db: Database, run: () => Promise<unknown>): Promise<string[][]> {
  const executed: SQL[] = [];
  const original = db.execute.bind(db);
  (db as { execute: unknown }).execute = (query: SQL) => {
    executed.push(query);
    return original(query);
  };
  try {
    await run();
  } finally {
    (db as { execute: unknown }).execute = original;
  }
  const plans: string[][] = [];
  for (const query of executed) {
    const rows = await rowsOf<Record<string, string>>(db, sql`EXPLAIN (ANALYZE, COSTS OFF) ${query}`);
    const lines = rows.map((row) => Object.values(row)[0] ?? '');
    plans.push(lines.filter((line) => /Scan|Execution Time/.test(line)).map((line) => line.trim()));
  }
  return plans;
}

/** A seeded generator, so that every run writes the same statement (as bench/deposits-matching.ts). */
function randomFrom(seed: number) {
  let state = seed;
  return () => {
    state = (state + 0x6d2b79f5) | 0;
    let value = Math.imul(state ^ (state >>> 15), 1 | state);
    value = (value + Math.imul(value ^ (value >>> 7), 61 | value)) ^ value;
    return ((value ^ (value >>> 14)) >>> 0) / 4_294_967_296;
  };
}

type DepositRow = { id: number; code: string; account: string; date: string; amountCents: number; card: string };

/**
 * The shops' statements for the year as one CAMT.053 file, `lineCount` entries in all, most of them the deposits
 * coming in (ideas of bench/deposits-matching.ts): booked 0–5 days later, naming the card, the shop or nothing; a few
 * split in two, some other income, some naming a card nobody has; the bank's fee on some.
 */
export async function writeStatement(
  db: Database,
  lineCount: number,
): Promise<{ bytes: Uint8Array; mirrored: number }> {
  const random = randomFrom(1);
  const deposits = await rowsOf<DepositRow>(
    db,
    sql`SELECT d.id, s.code, s.account_number AS account, d.date::text AS date, d.amount_cents::bigint AS "amountCents",
      d.card_number AS card FROM deposits d JOIN shops s ON s.id = d.shop_id ORDER BY d.id`,
  );
  const entriesOf = new Map<string, BankStatementEntry[]>();
  let lines = 0;
  let mirrored = 0;
  const add = (account: string, bookingDate: string, amountCents: number, description: string) => {
    const entries = entriesOf.get(account) ?? [];
    entriesOf.set(account, entries);
    lines += 1;
    entries.push({
      line: 0,
      bankReference: `BNK${year}${String(lines).padStart(7, '0')}`,
      bookingDate,
      valueDate: bookingDate,
      amountCents,
      description,
      counterparty: null,
    });
  };
  for (const deposit of deposits) {
    if (lines >= lineCount) break;
    const amountCents = Number(deposit.amountCents);
    const booked = addDays(deposit.date, Math.floor(random() * 6));
    const naming = random();
    const description =
      naming < 0.4
        ? `VERSAMENTO CONTANTI CARTA ${deposit.card.replace(/(\d{4})(?=\d)/g, '$1 ')}`
        : naming < 0.8
          ? `VERS. CONT. ${deposit.code} DEL ${deposit.date}`
          : 'VERSAMENTO CONTANTI';
    const shape = random();
    if (shape < 0.04 && naming < 0.8 && lines + 1 < lineCount) {
      // Split in two credits of the same text.
      const first = Math.floor(amountCents / 3);
      add(deposit.account, booked, first, description);
      add(deposit.account, booked, amountCents - first, description);
      mirrored += 1;
    } else if (shape < 0.08) {
      add(deposit.account, booked, 1 + Math.floor(random() * 100_000), 'BONIFICO DA CLIENTE');
    } else if (shape < 0.09) {
      add(deposit.account, booked, amountCents, `VERSAMENTO CARTA ${String(5_999_000_000_000_000 + deposit.id)}`);
    } else {
      add(deposit.account, booked, amountCents, description);
      mirrored += 1;
    }
    // The bank's fee on about one deposit in twelve.
    if (random() < 0.08 && lines < lineCount) add(deposit.account, booked, -250, 'COMMISSIONI SU VERSAMENTO');
  }
  const statements: BankStatement[] = [...entriesOf].map(([account, entries]) => {
    entries.sort((a, b) => a.bookingDate.localeCompare(b.bookingDate));
    const movements = entries.reduce((total, entry) => total + entry.amountCents, 0);
    return {
      format: 'camt053',
      statementId: `ESTRATTO-${year}-${account}`,
      account: `0306909606${account}`,
      currency: 'EUR',
      openingDate: `${year}-01-01`,
      closingDate: entries.at(-1)?.bookingDate ?? `${year}-12-31`,
      openingCents: 1_000_000,
      closingCents: 1_000_000 + movements,
      entries,
    };
  });
  return { bytes: new TextEncoder().encode(writeCamt053(statements)), mirrored };
}

/** A marketing person of the benchmarks (user 1, not an administrator) holding `abilities`, member of `shopIds`. */
export function marketingViewer(abilities: Ability[], shopIds: number[] = []): SessionContext {
  return {
    sessionId: 'bench',
    userId: 1,
    shopId: shopIds[0] ?? null,
    shop: null,
    remember: false,
    user: { id: 1, name: 'Bench', surname: 'Marketing', avatar: null, lng: 'it' },
    groups: [{ id: 0, name: 'Marketing' }],
    abilities: new Set(abilities),
    isAdmin: false,
    shopIds,
  };
}
