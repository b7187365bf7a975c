// `npm run bench`: the cost every signed-in screen pays on each call (resolving the bearer token,
// the user's groups and abilities), the dashboard's queries and the file manager's listing of a
// large folder, on PGlite and — when TEST_DATABASE_URL is set — on PostgreSQL. Prints percentiles
// and fails when a target is missed.
import { performance } from 'node:perf_hooks';
import { fileEntries } from '../apps/server/src/modules/files/files.schema';
import { api, chooseShop, createTestApp, signIn } from '../apps/server/test/harness';

const samples = Number(process.env.BENCH_SAMPLES ?? 400);
/** Files in the benchmarked folder: a year of daily closing reports for a dozen shops, and more. */
const folderSize = Number(process.env.BENCH_FOLDER_SIZE ?? 5000);
const bigFolder = '/Archivio';

/** Targets in milliseconds at the 95th percentile, measured in-process (no network). */
const cases = [
  { route: '/api/auth/user', target: 15 },
  { route: '/api/dashboard', target: 20 },
  // The root lists a handful of folders; the archive thousands of files, sorted and sent at once.
  { route: '/api/files/company?q=index&path=/', target: 20 },
  { route: `/api/files/company?q=index&path=${encodeURIComponent(bigFolder)}`, target: 100 },
] as const;

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? Number.NaN;
}

/** The big folder and its files, written straight to the table (the bench measures reading them). */
async function seedBigFolder(test: Awaited<ReturnType<typeof createTestApp>>) {
  const now = new Date();
  await test.db
    .insert(fileEntries)
    .values({ root: 'company', path: bigFolder, parent: '/', name: 'Archivio', kind: 'folder' });
  for (let start = 0; start < folderSize; start += 500) {
    const rows = Array.from({ length: Math.min(500, folderSize - start) }, (_, offset) => {
      const name = `Chiusura ${String(start + offset).padStart(5, '0')}.pdf`;
      return {
        root: 'company',
        path: `${bigFolder}/${name}`,
        parent: bigFolder,
        name,
        kind: 'pdf' as const,
        size: 48_000 + offset,
        mimeType: 'application/pdf',
        storageKey: `files/company/bench-${start + offset}.pdf`,
        createdAt: now,
        updatedAt: now,
      };
    });
    await test.db.insert(fileEntries).values(rows);
  }
}

async function measure(database: 'pglite' | 'postgres') {
  process.env.BOTTEGA_TEST_DB = database;
  const test = await createTestApp();
  const rows: { database: string; route: string; p50: number; p95: number; perSecond: number; target: number }[] = [];
  try {
    await seedBigFolder(test);
    const token = await signIn(test.app, 'dipendente');
    await chooseShop(test.app, token, 'MI01');
    for (const { route, target } of cases) {
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
        route: decodeURIComponent(route.split('?q=index&path=').join(' index ')),
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

console.log(`samples per route: ${samples}; files in ${bigFolder}: ${folderSize}`);
console.log(`database  ${'route'.padEnd(38)} p50 ms  p95 ms  target p95  calls/s`);
let missed = 0;
for (const row of results) {
  const ok = row.p95 <= row.target;
  if (!ok) missed += 1;
  console.log(
    `${row.database.padEnd(9)} ${row.route.padEnd(38)} ${row.p50.toFixed(2).padStart(6)}  ${row.p95.toFixed(2).padStart(6)}  ${String(row.target).padStart(10)}  ${row.perSecond.toFixed(0).padStart(7)}  ${ok ? 'ok' : 'MISSED'}`,
  );
}
console.log(`memory: ${(process.memoryUsage().rss / 1024 / 1024).toFixed(0)} MiB resident`);
process.exit(missed === 0 ? 0 : 1);
