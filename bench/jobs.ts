// `npm run bench:jobs`: the jobs platform on PostgreSQL (TEST_DATABASE_URL). 10,000 queued jobs, each writing one row
// with its completion, drained by two worker processes (apps/server/test/job-worker-process.ts) on a fresh
// database. Target (issue 18): at least 500 jobs per second with two processes. Checks every job ran exactly once.
import { type ChildProcess, spawn } from 'node:child_process';
import { performance } from 'node:perf_hooks';
import { sql } from 'drizzle-orm';
import { openDatabase } from '../apps/server/src/platform/db';
import { createPostgresDatabase } from '../apps/server/test/harness';

const jobCount = Number(process.env.BENCH_JOBS ?? 10_000);
const processes = Number(process.env.BENCH_JOB_PROCESSES ?? 2);
const concurrency = Number(process.env.BENCH_JOB_CONCURRENCY ?? 8);
const targetPerSecond = 500;

if (!process.env.TEST_DATABASE_URL) {
  console.error('bench:jobs needs TEST_DATABASE_URL (a PostgreSQL server; a fresh database is made on it).');
  process.exit(1);
}

const created = await createPostgresDatabase();
const database = openDatabase({ databaseUrl: created.url });
const children: ChildProcess[] = [];
const scalar = async (query: ReturnType<typeof sql>) =>
  Number(((await database.db.execute(query)) as unknown as { rows: { value: number }[] }).rows[0]?.value ?? 0);
try {
  await database.migrate();
  await database.db.execute(sql`CREATE TABLE job_runs (job_id bigint NOT NULL, pid integer NOT NULL)`);
  await database.db.execute(sql`
    INSERT INTO jobs (kind, payload, run_at, max_attempts)
    SELECT 'test.exactlyOnce', jsonb_build_object('n', n), now(), 10 FROM generate_series(1, ${jobCount}) AS n`);
  const script = new URL('../apps/server/test/job-worker-process.ts', import.meta.url).pathname;
  const started = performance.now();
  for (let index = 0; index < processes; index += 1) {
    const child = spawn(process.execPath, ['--import', 'tsx', script, created.url, '0', String(concurrency)], {
      stdio: ['ignore', 'ignore', 'inherit'],
    });
    children.push(child);
  }
  for (;;) {
    const done = await scalar(sql`SELECT count(*)::int AS value FROM jobs WHERE state = 'done'`);
    if (done === jobCount) break;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  const seconds = (performance.now() - started) / 1000;
  const runs = await scalar(sql`SELECT count(*)::int AS value FROM job_runs`);
  const distinct = await scalar(sql`SELECT count(DISTINCT job_id)::int AS value FROM job_runs`);
  const perSecond = jobCount / seconds;
  console.log(
    `${jobCount} jobs drained by ${processes} processes (concurrency ${concurrency} each) in ${seconds.toFixed(2)} s: ` +
      `${Math.round(perSecond)} jobs/s (target ≥ ${targetPerSecond}), ${runs} runs of ${distinct} distinct jobs` +
      ' (start-up of the processes included)',
  );
  if (runs !== jobCount || distinct !== jobCount) throw new Error('a job ran twice or not at all');
  if (perSecond < targetPerSecond) process.exitCode = 1;
} finally {
  for (const child of children) child.kill('SIGTERM');
  await new Promise((resolve) => setTimeout(resolve, 500));
  await database.close();
  await created.drop();
}
