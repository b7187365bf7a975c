// `npm run bench:shifts`: shift planning and its analytics at a company's full size (issue 20). On a fresh PostgreSQL
// database (TEST_DATABASE_URL; made here and dropped after) it generates a year of sent weeks for 50 shops × 20
// employees — every cell planned (five shifts and two days off a week), four punches a worked day, some late, some
// unfinished, some days off for holidays or sickness — with bulk INSERT … SELECT, then measures:
//   - a shop's week grid (getShiftWeek, what GET /api/shops/:id/shift-weeks/:week answers): target p95 < 200 ms;
//   - a year's analytics of every shop (the summary and the first page of the rows by employee, what the
//     analyticsFull screen asks for): target p95 < 1 s each.
// BENCH_SHIFTS_PGLITE=1 runs the same on the embedded database too (slow to fill: a million punches).
import { performance } from 'node:perf_hooks';
import { sql } from 'drizzle-orm';
import { shiftAnalyticsRows, shiftAnalyticsSummary } from '../apps/server/src/modules/shifts/shift-analytics.service';
import { getShiftWeek } from '../apps/server/src/modules/shifts/shift-weeks.service';
import { type DatabaseHandle, openDatabase } from '../apps/server/src/platform/db';
import type { SessionContext } from '../apps/server/src/platform/sessions';
import { createPostgresDatabase } from '../apps/server/test/harness';

const shopCount = Number(process.env.BENCH_SHIFT_SHOPS ?? 50);
const employeesPerShop = Number(process.env.BENCH_SHIFT_EMPLOYEES ?? 20);
const samples = Number(process.env.BENCH_SAMPLES ?? 40);
const year = 2026;
const targets = { grid: 200, analytics: 1000 };

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? Number.NaN;
}

/** A year of plans and punches, written by the database itself. */
async function generate(handle: DatabaseHandle) {
  const { db } = handle;
  const started = performance.now();
  // Loaded in bulk with the day table's triggers off, then the table is built whole once (as migration 0013 does).
  for (const table of ['shift_punches', 'shifts', 'shift_weeks']) {
    await db.execute(sql.raw(`ALTER TABLE ${table} DISABLE TRIGGER USER`));
  }
  await db.execute(
    sql`INSERT INTO companies (name, company_code, vat_number) VALUES ('Bench S.r.l.', 'BENCH', '01234567890')`,
  );
  await db.execute(sql`
    INSERT INTO shops (company_id, name, code)
    SELECT (SELECT id FROM companies WHERE company_code = 'BENCH'), 'Negozio ' || lpad(n::text, 3, '0'), 'B' || lpad(n::text, 3, '0')
    FROM generate_series(1, ${shopCount}) AS n`);
  await db.execute(sql`
    INSERT INTO users (username, email, password_hash, name, surname)
    SELECT 'bench' || n, 'bench' || n || '@bench.example', 'x', 'Nome' || n, 'Cognome' || lpad(n::text, 5, '0')
    FROM generate_series(1, ${shopCount * employeesPerShop}) AS n`);
  // Employee n works in shop ((n - 1) / employeesPerShop) + 1 of the bench's shops.
  await db.execute(sql`
    INSERT INTO user_shops (user_id, shop_id, is_main)
    SELECT u.id, s.id, true
    FROM users u JOIN shops s ON s.code = 'B' || lpad(((substr(u.username, 6)::int - 1) / ${employeesPerShop} + 1)::text, 3, '0')
    WHERE u.username LIKE 'bench%'`);
  await db.execute(sql`
    INSERT INTO shift_weeks (shop_id, week, state, sent_at)
    SELECT s.id, to_char(monday, 'IYYY-"W"IW'), 'sent', monday - interval '4 days'
    FROM shops s
    CROSS JOIN generate_series(date_trunc('week', ${`${year}-01-04`}::date), ${`${year}-12-28`}::date, interval '7 days') AS monday
    WHERE s.code LIKE 'B%'`);
  await db.execute(sql`
    INSERT INTO shift_week_members (week_id, user_id)
    SELECT w.id, us.user_id FROM shift_weeks w JOIN user_shops us ON us.shop_id = w.shop_id`);
  // Five shifts a week (09:00–18:00 with an hour's break, or 14:00–21:00 with half an hour, by person), two days off:
  // mostly "not on shift", some holidays and sickness.
  await db.execute(sql`
    INSERT INTO shifts (week_id, user_id, day, kind, start_time, stop_time, break_minutes, starts_at, ends_at,
                        planned_minutes, reason)
    SELECT m.week_id, m.user_id, d.day,
      CASE WHEN work THEN 'shift' ELSE 'timeOff' END,
      CASE WHEN work THEN st END, CASE WHEN work THEN sp END,
      CASE WHEN work THEN br ELSE 0 END,
      CASE WHEN work THEN (d.day + st::time) AT TIME ZONE 'Europe/Rome' END,
      CASE WHEN work THEN (d.day + sp::time) AT TIME ZONE 'Europe/Rome' END,
      CASE WHEN work THEN extract(epoch FROM sp::time - st::time)::int / 60 - br ELSE 0 END,
      CASE WHEN work THEN NULL WHEN (m.user_id + d.i) % 11 = 0 THEN 'holidays' WHEN (m.user_id + d.i) % 17 = 0 THEN 'disease'
           ELSE 'notOnShift' END
    FROM shift_week_members m
    JOIN shift_weeks w ON w.id = m.week_id
    CROSS JOIN LATERAL (
      SELECT to_date(w.week, 'IYYY-"W"IW') + i AS day, i FROM generate_series(0, 6) AS i
    ) AS d
    CROSS JOIN LATERAL (
      SELECT ((d.i + m.user_id) % 7) < 5 AS work,
        CASE WHEN m.user_id % 2 = 0 THEN '09:00' ELSE '14:00' END AS st,
        CASE WHEN m.user_id % 2 = 0 THEN '18:00' ELSE '21:00' END AS sp,
        CASE WHEN m.user_id % 2 = 0 THEN 60 ELSE 30 END AS br
    ) AS plan`);
  // Four punches a worked day, a few minutes either side; one start in 9 late by up to 20 minutes; one day in 50
  // never stopped.
  await db.execute(sql`
    INSERT INTO shift_punches (user_id, shop_id, shift_id, step, at, confirmed_by)
    SELECT s.user_id, w.shop_id, s.id, p.step, p.at, 'password'
    FROM shifts s JOIN shift_weeks w ON w.id = s.week_id
    CROSS JOIN LATERAL (VALUES
      ('startShift', s.starts_at + make_interval(mins => CASE WHEN s.id % 9 = 0 THEN 6 + s.id % 15 ELSE s.id % 5 - 3 END)),
      ('startBreak', s.starts_at + interval '4 hours'),
      ('stopBreak', s.starts_at + interval '4 hours' + make_interval(mins => s.break_minutes + s.id % 3)),
      ('stopShift', s.ends_at + make_interval(mins => s.id % 13 - 2))
    ) AS p(step, at)
    WHERE s.kind = 'shift' AND NOT (p.step = 'stopShift' AND s.id % 50 = 0)`);
  for (const table of ['shift_punches', 'shifts', 'shift_weeks']) {
    await db.execute(sql.raw(`ALTER TABLE ${table} ENABLE TRIGGER USER`));
  }
  await db.execute(sql`SELECT shift_days_rebuild()`);
  await db.execute(sql`ANALYZE`);
  const counts = (await db.execute(sql`
    SELECT (SELECT count(*) FROM shift_weeks)::int AS weeks, (SELECT count(*) FROM shifts)::int AS cells,
           (SELECT count(*) FROM shift_punches)::int AS punches, (SELECT count(*) FROM shift_days)::int AS days`)) as unknown as {
    rows: { weeks: number; cells: number; punches: number; days: number }[];
  };
  const seconds = ((performance.now() - started) / 1000).toFixed(1);
  console.log(`generated ${JSON.stringify(counts.rows[0])} in ${seconds} s`);
}

async function measure(label: string, target: number, run: () => Promise<unknown>) {
  for (let warm = 0; warm < 3; warm += 1) await run();
  const times: number[] = [];
  for (let index = 0; index < samples; index += 1) {
    const started = performance.now();
    await run();
    times.push(performance.now() - started);
  }
  times.sort((a, b) => a - b);
  const p50 = percentile(times, 50);
  const p95 = percentile(times, 95);
  const verdict = p95 < target ? 'ok' : 'MISSED';
  console.log(
    `${label.padEnd(58)} p50 ${p50.toFixed(1).padStart(7)} ms  p95 ${p95.toFixed(1).padStart(7)} ms  (target p95 < ${target} ms) ${verdict}`,
  );
  return p95 < target;
}

async function bench(database: 'postgres' | 'pglite') {
  const created = database === 'postgres' ? await createPostgresDatabase() : null;
  const handle = created ? openDatabase({ databaseUrl: created.url }) : openDatabase({ inMemory: true });
  let met = true;
  try {
    await handle.migrate();
    await generate(handle);
    const [admin] = (
      (await handle.db.execute(sql`SELECT min(id)::int AS id FROM users`)) as unknown as {
        rows: { id: number }[];
      }
    ).rows;
    const viewer: SessionContext = {
      sessionId: 'bench',
      userId: admin?.id ?? 1,
      shopId: null,
      shop: null,
      remember: false,
      user: { id: admin?.id ?? 1, name: 'Bench', surname: 'Admin', avatar: null, lng: 'it' },
      groups: [{ id: 1, name: 'Amministratore' }],
      abilities: new Set(),
      isAdmin: true,
      shopIds: [],
    };
    const shopIds = (
      (await handle.db.execute(sql`SELECT id FROM shops WHERE code LIKE 'B%' ORDER BY id`)) as unknown as {
        rows: { id: number }[];
      }
    ).rows.map((row) => row.id);
    const config = { clockOffsetMs: Date.parse(`${year + 1}-01-10T10:00:00Z`) - Date.now() };
    let turn = 0;
    console.log(`— ${database}`);
    met =
      (await measure('a shop’s week grid (getShiftWeek)', targets.grid, () => {
        turn += 1;
        const week = `${year}-W${String((turn % 52) + 1).padStart(2, '0')}`;
        return getShiftWeek({ db: handle.db, viewer, shopId: shopIds[turn % shopIds.length] as number, week });
      })) && met;
    const filter = { from: `${year}-01-01`, to: `${year}-12-31` };
    met =
      (await measure('a year’s analytics of every shop: summary', targets.analytics, () =>
        shiftAnalyticsSummary({ db: handle.db, config, viewer, reach: 'all', filter }),
      )) && met;
    met =
      (await measure('a year’s analytics of every shop: rows by employee', targets.analytics, () =>
        shiftAnalyticsRows({
          db: handle.db,
          config,
          viewer,
          reach: 'all',
          filter,
          groupBy: 'employee',
          page: 1,
          perPage: 25,
        }),
      )) && met;
    met =
      (await measure('a year’s analytics of one shop: summary', targets.analytics, () =>
        shiftAnalyticsSummary({
          db: handle.db,
          config,
          viewer,
          reach: 'all',
          filter: { ...filter, shopId: shopIds[7] },
        }),
      )) && met;
    // What the triggers add to the time clock: one punch written, its day refreshed (and taken out again).
    const [someone] = (
      (await handle.db.execute(
        sql`SELECT user_id, shop_id FROM user_shops WHERE shop_id = ${shopIds[3]} LIMIT 1`,
      )) as unknown as { rows: { user_id: number; shop_id: number }[] }
    ).rows;
    met =
      (await measure('a punch written with its day refreshed (trigger)', 50, async () => {
        await handle.db.execute(sql`
          WITH added AS (
            INSERT INTO shift_punches (user_id, shop_id, step, at, confirmed_by)
            VALUES (${someone?.user_id}, ${someone?.shop_id}, 'startShift', ${`${year}-06-10T07:00:00Z`}, 'password')
            RETURNING id
          ) SELECT id FROM added`);
        await handle.db.execute(sql`DELETE FROM shift_punches WHERE at = ${`${year}-06-10T07:00:00Z`} AND step = 'startShift'
          AND user_id = ${someone?.user_id} AND confirmed_by = 'password' AND shift_id IS NULL`);
      })) && met;
    met =
      (await measure('a month’s analytics of every shop: rows by employee', targets.analytics, () =>
        shiftAnalyticsRows({
          db: handle.db,
          config,
          viewer,
          reach: 'all',
          filter: { period: `${year}-11` },
          groupBy: 'employee',
          page: 1,
          perPage: 25,
        }),
      )) && met;
  } finally {
    await handle.close();
    // BENCH_SHIFTS_KEEP=1 leaves the database for EXPLAIN (its URL printed); dropped otherwise.
    if (process.env.BENCH_SHIFTS_KEEP === '1' && created) console.log(`kept ${created.url}`);
    else await created?.drop();
  }
  return met;
}

if (!process.env.TEST_DATABASE_URL) {
  console.error('bench:shifts needs TEST_DATABASE_URL (a PostgreSQL server; a fresh database is made on it).');
  process.exit(1);
}
let met = await bench('postgres');
if (process.env.BENCH_SHIFTS_PGLITE === '1') met = (await bench('pglite')) && met;
if (!met) process.exitCode = 1;
