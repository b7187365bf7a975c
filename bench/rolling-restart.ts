// `npm run bench:rolling-restart`: a rolling restart of two server processes under load, on PostgreSQL
// (TEST_DATABASE_URL; a fresh database is made on it) and Redis when TEST_REDIS_URL is set. A load generator plays a
// load balancer on loopback: it sends signed-in requests at a steady rate to the processes whose /health/ready answers
// 200 (asked every 250 ms, as a balancer's health check), and retries on the other process a request whose connection
// was refused or that was answered 503 while closing (what nginx's proxy_next_upstream does). Meanwhile jobs run,
// some longer than the shutdown timeout. Each process in turn gets SIGTERM (platform/shutdown.ts), exits, and starts
// again. Target (issue 29): no request lost, every job done exactly once.
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { setTimeout as sleep } from 'node:timers/promises';
import { sql } from 'drizzle-orm';
import { openDatabase } from '../apps/server/src/platform/db';
import { createStorage } from '../apps/server/src/platform/storage';
import { demoPassword, seedDemoData, seedUserGroups } from '../apps/server/src/seed';
import { createPostgresDatabase, csrfHeaders, testConfig } from '../apps/server/test/harness';

const ratePerSecond = Number(process.env.BENCH_RATE ?? 100);
const shortJobs = 400;
const longJobs = 10;
const appKey = 'bench-rolling-restart-key-0123456789abcdefghijklmnop';
const ports = [5710, 5711];

if (!process.env.TEST_DATABASE_URL) {
  console.error('bench:rolling-restart needs TEST_DATABASE_URL (a PostgreSQL server; a fresh database is made on it).');
  process.exit(1);
}

const folder = mkdtempSync(path.join(tmpdir(), 'bottega-rolling-'));
const created = await createPostgresDatabase();
const database = openDatabase({ databaseUrl: created.url });
const scalar = async (query: ReturnType<typeof sql>) =>
  Number(((await database.db.execute(query)) as unknown as { rows: { value: number }[] }).rows[0]?.value ?? 0);

const environment = {
  ...process.env,
  DATABASE_URL: created.url,
  REDIS_URL: process.env.TEST_REDIS_URL ?? '',
  APP_KEY: appKey,
  // One storage for both, as a shared disk or a bucket would be.
  DATA_DIR: path.join(folder, 'data'),
  LOG_LEVEL: 'warn',
  SEED_DEMO: 'false',
  SHUTDOWN_DRAIN_SECONDS: '1',
  SHUTDOWN_TIMEOUT_SECONDS: '2',
  JOBS_POLL_MS: '100',
};

type Node = { port: number; child: ChildProcess | undefined; ready: boolean };
const nodes: Node[] = ports.map((port) => ({ port, child: undefined, ready: false }));

function start(node: Node) {
  const script = new URL('./rolling-restart-server.ts', import.meta.url).pathname;
  node.child = spawn(process.execPath, ['--import', 'tsx', script], {
    env: { ...environment, PORT: String(node.port), PUBLIC_URL: `http://127.0.0.1:${node.port}` },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
}

async function until(condition: () => boolean | Promise<boolean>, what: string, timeoutMs = 60_000) {
  const deadline = Date.now() + timeoutMs;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await sleep(50);
  }
}

/** The balancer's health check: a process takes requests while its readiness answers 200. */
let checking = true;
const healthChecks = (async () => {
  while (checking) {
    await Promise.all(
      nodes.map(async (node) => {
        node.ready = await fetch(`http://127.0.0.1:${node.port}/health/ready`, { signal: AbortSignal.timeout(1000) })
          .then((answer) => answer.status === 200)
          .catch(() => false);
      }),
    );
    await sleep(250);
  }
})();

const counts = { sent: 0, answered: 0, retried: 0, lost: 0 };
const latencies: number[] = [];
let token = '';
let turn = 0;

/** One request as a balancer sends it: to a ready process in turn, on to the other when refused or closing. */
async function request() {
  counts.sent += 1;
  const started = performance.now();
  for (let attempt = 0; attempt < 4; attempt += 1) {
    const ready = nodes.filter((node) => node.ready);
    const node = ready.length > 0 ? ready[turn++ % ready.length] : nodes[turn++ % nodes.length];
    if (!node) break;
    try {
      const answer = await fetch(`http://127.0.0.1:${node.port}/api/auth/user`, {
        headers: { authorization: `Bearer ${token}` },
        signal: AbortSignal.timeout(5000),
      });
      await answer.arrayBuffer();
      if (answer.status === 200) {
        counts.answered += 1;
        latencies.push(performance.now() - started);
        return;
      }
      if (answer.status !== 503) break;
    } catch {
      // Refused or reset: the process is gone or going; the balancer tries the next one.
    }
    counts.retried += 1;
    await sleep(20);
  }
  counts.lost += 1;
}

const children = () => nodes.map((node) => node.child).filter((child): child is ChildProcess => !!child);
try {
  await database.migrate();
  await seedUserGroups(database.db);
  await seedDemoData(database.db, createStorage(testConfig(folder, { DATA_DIR: environment.DATA_DIR })));
  await database.db.execute(sql`CREATE TABLE bench_job_runs (job_id bigint NOT NULL, pid integer NOT NULL)`);
  for (const node of nodes) start(node);
  await until(() => nodes.every((node) => node.ready), 'both processes ready');

  const login = await fetch(`http://127.0.0.1:${ports[0]}/api/auth/login`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      ...csrfHeaders(appKey),
    },
    body: JSON.stringify({ login: 'admin', password: demoPassword, remember: false }),
  });
  token = ((await login.json()) as { data: { token: string } }).data.token;

  // Short jobs keep both workers busy through the restarts; long ones outlast the shutdown timeout and are handed back.
  await database.db.execute(sql`
    INSERT INTO jobs (kind, payload, run_at, max_attempts)
    SELECT 'bench.work', jsonb_build_object('n', n, 'workMs', CASE WHEN n <= ${longJobs} THEN 6000 ELSE 150 END),
           now(), 10
    FROM generate_series(1, ${shortJobs + longJobs}) AS n`);

  const inFlight = new Set<Promise<void>>();
  let loading = true;
  const load = (async () => {
    const interval = 1000 / ratePerSecond;
    let next = performance.now();
    while (loading) {
      const call = request().finally(() => inFlight.delete(call));
      inFlight.add(call);
      next += interval;
      await sleep(Math.max(0, next - performance.now()));
    }
  })();

  const began = performance.now();
  const restarts: string[] = [];
  await sleep(3000);
  for (const node of nodes) {
    const stopping = performance.now();
    const exited = new Promise<number | null>((resolve) => node.child?.once('exit', (code) => resolve(code)));
    node.child?.kill('SIGTERM');
    const code = await exited;
    const stopped = performance.now();
    start(node);
    await until(() => node.ready, `port ${node.port} back`);
    restarts.push(
      `:${node.port} stopped in ${((stopped - stopping) / 1000).toFixed(1)} s (exit ${code}), ready again after ` +
        `${((performance.now() - stopped) / 1000).toFixed(1)} s`,
    );
    await sleep(2000);
  }
  loading = false;
  await load;
  await Promise.all(inFlight);
  const seconds = (performance.now() - began) / 1000;

  const jobCount = shortJobs + longJobs;
  await until(
    async () =>
      (await scalar(sql`SELECT count(*)::int AS value FROM jobs WHERE kind = 'bench.work' AND state = 'done'`)) ===
      jobCount,
    'every job done',
    120_000,
  );
  const runs = await scalar(sql`SELECT count(*)::int AS value FROM bench_job_runs`);
  const distinct = await scalar(sql`SELECT count(DISTINCT job_id)::int AS value FROM bench_job_runs`);
  const reran = await scalar(sql`SELECT count(*)::int AS value FROM jobs WHERE kind = 'bench.work' AND attempts > 1`);
  latencies.sort((a, b) => a - b);
  const p95 = latencies[Math.floor(latencies.length * 0.95)] ?? 0;
  console.log(`Rolling restart of 2 processes on PostgreSQL${process.env.TEST_REDIS_URL ? ' + Redis' : ''}:`);
  for (const line of restarts) console.log(`  ${line}`);
  console.log(
    `  requests: ${counts.sent} sent in ${seconds.toFixed(1)} s (${ratePerSecond}/s), ${counts.answered} answered 200, ` +
      `${counts.retried} retried on the other process, ${counts.lost} lost; p95 ${p95.toFixed(1)} ms`,
  );
  console.log(
    `  jobs: ${jobCount} queued (${longJobs} longer than the shutdown timeout), ${jobCount} done, ${runs} committed runs ` +
      `of ${distinct} distinct jobs, ${reran} taken again after a stop`,
  );
  if (counts.lost > 0 || runs !== jobCount || distinct !== jobCount) {
    console.log('  target missed: a request was lost or a job did not run exactly once');
    process.exitCode = 1;
  } else {
    console.log('  target met: no request lost, every job done exactly once');
  }
} finally {
  checking = false;
  await healthChecks;
  for (const child of children()) child.kill('SIGTERM');
  await sleep(3500);
  await database.close();
  await created.drop();
  rmSync(folder, { recursive: true, force: true });
}
