// `npm run bench`: the cost every signed-in screen pays on each call (resolving the bearer token,
// the user's groups and abilities) and the dashboard's queries, on PGlite and — when
// TEST_DATABASE_URL is set — on PostgreSQL. Prints percentiles and fails when a target is missed.
import { performance } from 'node:perf_hooks';
import { api, chooseShop, createTestApp, signIn } from '../apps/server/test/harness';

const samples = Number(process.env.BENCH_SAMPLES ?? 400);
/** Targets in milliseconds at the 95th percentile, measured in-process (no network). */
const targets = { '/api/auth/user': 15, '/api/dashboard': 20 } as const;

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? Number.NaN;
}

async function measure(database: 'pglite' | 'postgres') {
  process.env.BOTTEGA_TEST_DB = database;
  const test = await createTestApp();
  const rows: { database: string; route: string; p50: number; p95: number; perSecond: number; target: number }[] = [];
  try {
    const token = await signIn(test.app, 'dipendente');
    await chooseShop(test.app, token, 'MI01');
    for (const [route, target] of Object.entries(targets)) {
      for (let warmUp = 0; warmUp < 20; warmUp += 1) await api(test.app, { url: route, token });
      const timings: number[] = [];
      const started = performance.now();
      for (let sample = 0; sample < samples; sample += 1) {
        const before = performance.now();
        const response = await api(test.app, { url: route, token });
        timings.push(performance.now() - before);
        if (response.statusCode !== 200) throw new Error(`${route} answered ${response.statusCode}`);
      }
      const elapsed = performance.now() - started;
      timings.sort((a, b) => a - b);
      rows.push({
        database,
        route,
        p50: percentile(timings, 50),
        p95: percentile(timings, 95),
        perSecond: (samples / elapsed) * 1000,
        target,
      });
    }
  } finally {
    await test.close();
  }
  return rows;
}

const databases: ('pglite' | 'postgres')[] = process.env.TEST_DATABASE_URL ? ['pglite', 'postgres'] : ['pglite'];
const results = [];
for (const database of databases) results.push(...(await measure(database)));

console.log(`samples per route: ${samples}`);
console.log('database  route             p50 ms  p95 ms  target p95  calls/s');
let missed = 0;
for (const row of results) {
  const ok = row.p95 <= row.target;
  if (!ok) missed += 1;
  console.log(
    `${row.database.padEnd(9)} ${row.route.padEnd(17)} ${row.p50.toFixed(2).padStart(6)}  ${row.p95.toFixed(2).padStart(6)}  ${String(row.target).padStart(10)}  ${row.perSecond.toFixed(0).padStart(7)}  ${ok ? 'ok' : 'MISSED'}`,
  );
}
console.log(`memory: ${(process.memoryUsage().rss / 1024 / 1024).toFixed(0)} MiB resident`);
process.exit(missed === 0 ? 0 : 1);
