// `npm run bench:load` (after `npm run build`): Bottega under many users, on PostgreSQL (TEST_DATABASE_URL; a fresh
// database is made on it and filled with the demo data and its sales) and Redis (TEST_REDIS_URL), two server processes
// of the compiled server on loopback. Issue 29's three measures:
//   1. 200 staff online as an open model: each opens a screen (its calls at once) every few seconds, about 200 calls a
//      second together, spread over the two processes. Target: p95 < 150 ms, no error.
//   2. Each hot endpoint against the SQL it runs, replayed raw with `pg` in the same run (the statements captured from
//      the endpoint itself, sent wave by wave as the endpoint sent them, the same connections and concurrency, from
//      two threads as there are two servers). Target: endpoint ≤ 1.3× the raw time. Beside it, the floor: bare Fastify
//      (bench/bare-fastify.ts) sending the same statements the same way and answering their rows, nothing else.
//   3. Saturation throughput of the screens' mix (closed loop), with bare Fastify's in the same run for scale.
import { type ChildProcess, execFile, execFileSync, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { setTimeout as sleep } from 'node:timers/promises';
import { promisify } from 'node:util';
import { Worker } from 'node:worker_threads';
import autocannon from 'autocannon';
import { eq, sql } from 'drizzle-orm';
import pg from 'pg';
import { buildApp } from '../apps/server/src/app';
import { loadConfig, repositoryRoot } from '../apps/server/src/config';
import { shops } from '../apps/server/src/modules/shops/shops.schema';
import { openDatabase } from '../apps/server/src/platform/db';
import { createStorage } from '../apps/server/src/platform/storage';
import { demoPassword, seedDemoData, seedUserGroups } from '../apps/server/src/seed';
import { createPostgresDatabase, csrfHeaders } from '../apps/server/test/harness';

const staff = Number(process.env.BENCH_STAFF ?? 200);
const callsPerSecond = Number(process.env.BENCH_RATE ?? 200);
const openSeconds = Number(process.env.BENCH_SECONDS ?? 30);
const hotSeconds = Number(process.env.BENCH_HOT_SECONDS ?? 5);
const hotRounds = Number(process.env.BENCH_HOT_ROUNDS ?? 3);
const hotConnections = 16;
const appKey = 'bench-load-key-0123456789-abcdefghijklmnopqrstuvwxyz';
const ports = [5730, 5731];
const barePorts = [5740, 5741];
const serverScript = path.join(repositoryRoot, 'apps/server/dist/main.js');

if (!process.env.TEST_DATABASE_URL || !process.env.TEST_REDIS_URL) {
  console.error('bench:load needs TEST_DATABASE_URL (PostgreSQL) and TEST_REDIS_URL (Redis).');
  process.exit(1);
}
if (!existsSync(serverScript)) {
  console.error('bench:load runs the compiled server: npm run build first.');
  process.exit(1);
}

const folder = mkdtempSync(path.join(tmpdir(), 'bottega-load-'));
const created = await createPostgresDatabase();
const database = openDatabase({ databaseUrl: created.url });
const environment = {
  DATABASE_URL: created.url,
  REDIS_URL: process.env.TEST_REDIS_URL,
  APP_KEY: appKey,
  DATA_DIR: path.join(folder, 'data'),
  LOG_LEVEL: 'warn',
  SEED_DEMO: 'false',
};
const children: ChildProcess[] = [];
// Whatever way this process ends, its servers end with it: a server left behind would answer the next run.
process.on('exit', () => {
  for (const child of children) child.kill('SIGKILL');
});

function spawnReady(command: string[], env: Record<string, string | undefined>, ready: () => Promise<boolean>) {
  const child = spawn(process.execPath, command, {
    env: { ...process.env, ...env },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  children.push(child);
  return (async () => {
    const deadline = Date.now() + 90_000;
    while (!(await ready().catch(() => false))) {
      if (Date.now() > deadline) throw new Error(`${command.join(' ')} did not start`);
      await sleep(100);
    }
  })();
}

const url = (port: number, route: string) => `http://127.0.0.1:${port}${route}`;
const percentile = (sorted: number[], share: number) => sorted[Math.floor((sorted.length - 1) * share)] ?? 0;
/** A thread of the raw replay: its share of the connections, each sending the waves over and over; posts the count. */
const rawReplay = `
const { parentPort, workerData } = require('node:worker_threads');
const { performance } = require('node:perf_hooks');
const pg = require(workerData.pg);
(async () => {
  const pool = new pg.Pool({ connectionString: workerData.url, max: 10 });
  pool.on('error', () => undefined);
  let done = 0;
  const until = performance.now() + workerData.seconds * 1000;
  await Promise.all(
    Array.from({ length: workerData.connections }, async () => {
      while (performance.now() < until) {
        for (const wave of workerData.waves) await Promise.all(wave.map((statement) => pool.query(statement)));
        done += 1;
      }
    }),
  );
  await pool.end();
  parentPort.postMessage(done);
})();
`;

/**
 * The closed-loop load generator: wrk (C, `apt install wrk`) when it is installed, as issue 29's figures were measured,
 * otherwise autocannon (JavaScript); BENCH_GENERATOR=autocannon chooses it anyway. It runs on the same cores as the
 * servers, and autocannon spends about three times wrk's CPU on a call (~127 against ~38 µs here), which the
 * endpoint's side of a comparison pays.
 */
const wrkInstalled = (() => {
  try {
    execFileSync('wrk', ['--version'], { stdio: 'ignore' });
    return true;
  } catch (error) {
    // wrk prints its version and exits with 1.
    return (error as { status?: number }).status === 1;
  }
})();
const useWrk = wrkInstalled && process.env.BENCH_GENERATOR !== 'autocannon';
const loadGenerator = useWrk ? 'wrk' : 'autocannon';
type Load = { perSecond: number; p99: number; errors: number };
/** One closed loop per port, `connections` keep-alive connections in all, cycling through `routes`. */
async function closedLoop(options: {
  ports: number[];
  routes: string[];
  connections: number;
  seconds: number;
  token?: string;
}): Promise<Load> {
  const { ports: targets, routes, seconds, token } = options;
  const connections = Math.max(1, Math.round(options.connections / targets.length));
  const results = await Promise.all(
    targets.map(async (port): Promise<Load> => {
      if (!useWrk) {
        const result = await autocannon({
          url: url(port, '/'),
          connections,
          duration: seconds,
          headers: token ? { authorization: `Bearer ${token}` } : {},
          requests: routes.map((route) => ({ method: 'GET', path: route })),
        });
        return { perSecond: result.requests.average, p99: result.latency.p99, errors: result.errors + result.non2xx };
      }
      const script = path.join(folder, `wrk-${port}.lua`);
      writeFileSync(
        script,
        `local routes = { ${routes.map((route) => JSON.stringify(route)).join(', ')} }
local turn = 0
${token ? `wrk.headers["authorization"] = "Bearer ${token}"\n` : ''}request = function()
  turn = turn % #routes + 1
  return wrk.format("GET", routes[turn])
end
done = function(summary, latency, requests)
  local errors = summary.errors
  io.write(string.format("BENCH %d %d %d %d\\n", summary.requests, summary.duration,
    errors.connect + errors.read + errors.write + errors.timeout + errors.status, latency:percentile(99)))
end
`,
      );
      const { stdout } = await promisify(execFile)('wrk', [
        '-t1',
        `-c${connections}`,
        // autocannon's timeout: a slow answer at saturation is its latency, not an error (wrk's own is 2 s).
        '--timeout',
        '10s',
        `-d${seconds}s`,
        '-s',
        script,
        url(port, routes[0] as string),
      ]);
      const [requests, microseconds, errors, p99] = (stdout.match(/BENCH (\d+) (\d+) (\d+) (\d+)/) ?? [])
        .slice(1)
        .map(Number) as number[];
      if (requests === undefined) throw new Error(`wrk printed: ${stdout}`);
      return {
        perSecond: requests / ((microseconds as number) / 1e6),
        p99: (p99 as number) / 1000,
        errors: errors as number,
      };
    }),
  );
  return {
    perSecond: results.reduce((sum, result) => sum + result.perSecond, 0),
    p99: Math.max(...results.map((result) => result.p99)),
    errors: results.reduce((sum, result) => sum + result.errors, 0),
  };
}

try {
  // ——— The installation: the demo data and its sales on PostgreSQL, two server processes ———
  await database.migrate();
  await seedUserGroups(database.db);
  const now = new Date();
  await seedDemoData(database.db, createStorage(loadConfig({ ...environment })), { sales: true, now });
  // Vacuumed and analysed now, so autovacuum does not wake up on the fresh rows in the middle of a measure.
  await database.db.execute(sql`VACUUM ANALYZE`);
  const [milan] = await database.db.select({ id: shops.id }).from(shops).where(eq(shops.code, 'MI01'));
  const month = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Rome', year: 'numeric', month: '2-digit' })
    .format(now)
    .slice(0, 7);
  const hot = {
    'signed-in user': '/api/auth/user',
    dashboard: '/api/dashboard',
    'dashboard to-dos': '/api/dashboard/todos',
    'employees page': '/api/employees?page=1&perPage=25',
    'a month of cash reports': `/api/shops/${milan?.id}/cash-reports?month=${month}`,
  };
  // A screen's calls, as the web makes them: the dashboard page asks /api/dashboard/todos only of people who do not
  // see a shop's facts, so it is measured alone below but not part of the office people's screens.
  const screens = [
    [hot['signed-in user'], hot.dashboard],
    [hot['signed-in user'], hot['employees page']],
    [hot['signed-in user'], hot['a month of cash reports']],
  ];
  await Promise.all(
    ports.map((port) =>
      spawnReady(
        ['--enable-source-maps', serverScript],
        { ...environment, PORT: String(port), PUBLIC_URL: `http://127.0.0.1:${port}` },
        async () => (await fetch(url(port, '/health/ready'))).status === 200,
      ),
    ),
  );

  // Every staff member signed in once (their own session), as the office people who open all three screens.
  const logins = ['admin', 'boss'];
  const tokens: string[] = [];
  for (let index = 0; index < staff; index += 1) {
    const answer = await fetch(url(ports[index % ports.length] as number, '/api/auth/login'), {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        ...csrfHeaders(appKey),
      },
      body: JSON.stringify({ login: logins[index % logins.length], password: demoPassword }),
    });
    const { data } = (await answer.json()) as { data: { step: string; token: string } };
    if (data.step !== 'signedIn') throw new Error(`sign-in asks for ${data.step}`);
    // Working at Milano Duomo, as the shop's screens need a chosen shop.
    const chosen = await fetch(url(ports[index % ports.length] as number, '/api/auth/shop'), {
      method: 'POST',
      headers: {
        authorization: `Bearer ${data.token}`,
        'content-type': 'application/json',
        ...csrfHeaders(appKey),
      },
      body: JSON.stringify({ shopId: milan?.id }),
    });
    if (chosen.status !== 200) throw new Error(`choosing the shop answered ${chosen.status}`);
    tokens.push(data.token);
  }
  for (const route of Object.values(hot)) {
    const answer = await fetch(url(ports[0] as number, route), { headers: { authorization: `Bearer ${tokens[0]}` } });
    if (answer.status !== 200) throw new Error(`${route} answered ${answer.status}: ${await answer.text()}`);
  }

  // ——— 1. 200 staff online, an open model ———
  const meanCalls = screens.reduce((sum, screen) => sum + screen.length, 0) / screens.length;
  const screensPerSecond = callsPerSecond / meanCalls;
  const latencies: number[] = [];
  let errors = 0;
  let calls = 0;
  let turn = 0;
  const pending = new Set<Promise<void>>();
  const openScreen = async (token: string, screen: string[], measured: boolean) => {
    await Promise.all(
      screen.map(async (route) => {
        const port = ports[turn++ % ports.length] as number;
        const started = performance.now();
        try {
          const answer = await fetch(url(port, route), { headers: { authorization: `Bearer ${token}` } });
          await answer.arrayBuffer();
          if (answer.status !== 200) throw new Error(String(answer.status));
          if (measured) latencies.push(performance.now() - started);
        } catch {
          if (measured) errors += 1;
        }
        if (measured) calls += 1;
      }),
    );
  };
  const warmUpSeconds = 5;
  const begin = performance.now();
  let next = begin;
  // Poisson arrivals: each staff member's screens come at random, together at the set rate.
  while (performance.now() - begin < (warmUpSeconds + openSeconds) * 1000) {
    const measured = performance.now() - begin >= warmUpSeconds * 1000;
    const token = tokens[Math.floor(Math.random() * tokens.length)] as string;
    const screen = screens[Math.floor(Math.random() * screens.length)] as string[];
    const opened = openScreen(token, screen, measured).finally(() => pending.delete(opened));
    pending.add(opened);
    next += (-Math.log(1 - Math.random()) / screensPerSecond) * 1000;
    await sleep(Math.max(0, next - performance.now()));
  }
  await Promise.all(pending);
  latencies.sort((a, b) => a - b);
  const openP95 = percentile(latencies, 0.95);

  // ——— 2. Each hot endpoint against the SQL it runs ———
  // The statements are captured from the endpoint itself: an app in this process on the same database, its session
  // already cached (as after a first request), every query its pg connections send recorded, in waves: a statement
  // sent while another of the request's is still running joins that one's wave (the to-do providers ask at once),
  // and the replay sends each wave at once too, so the raw SQL runs as concurrently as the endpoint runs it.
  // A prepared statement keeps its name, so the replay prepares it once per connection as the server does.
  type Statement = { name?: string; text: string; values?: unknown[]; rowMode?: string };
  let recording: Statement[][] | undefined;
  let running = 0;
  const clientQuery = pg.Client.prototype.query;
  pg.Client.prototype.query = function (this: pg.Client, ...args: unknown[]) {
    const config = args[0];
    // Drizzle passes the values beside the query's config, pg's own callers inside it or beside a text.
    const beside = Array.isArray(args[1]) ? args[1] : undefined;
    let statement: Statement | undefined;
    if (config && typeof config === 'object' && 'text' in config) {
      const { name, text, values, rowMode } = config as Statement;
      statement = { name, text, values: values ?? beside, rowMode };
    } else if (typeof config === 'string') {
      statement = { text: config, values: beside };
    }
    if (!recording || !statement) return (clientQuery as (...parameters: unknown[]) => unknown).apply(this, args);
    if (running === 0 || recording.length === 0) recording.push([]);
    (recording.at(-1) as Statement[]).push(statement);
    running += 1;
    const last = args.length - 1;
    if (typeof args[last] === 'function') {
      const callback = args[last] as (...results: unknown[]) => void;
      args[last] = (...results: unknown[]) => {
        running -= 1;
        callback(...results);
      };
      return (clientQuery as (...parameters: unknown[]) => unknown).apply(this, args);
    }
    const answer = (clientQuery as (...parameters: unknown[]) => Promise<unknown>).apply(this, args);
    return answer.finally(() => {
      running -= 1;
    });
  } as typeof pg.Client.prototype.query;
  // Its own pool, closed after it: left open, dropping the database at the end would cut its idle connections.
  const inProcessDatabase = openDatabase({ databaseUrl: created.url });
  const inProcess = await buildApp({
    config: loadConfig({ ...environment, JOBS_WORKER: 'false', PORT: '0' }),
    db: inProcessDatabase.db,
  });
  const captured = new Map<string, Statement[][]>();
  for (const [name, route] of Object.entries(hot)) {
    const headers = { authorization: `Bearer ${tokens[0]}` };
    await inProcess.inject({ url: route, headers });
    recording = [];
    running = 0;
    const answer = await inProcess.inject({ url: route, headers });
    if (answer.statusCode !== 200) throw new Error(`${route} answered ${answer.statusCode} in this process`);
    captured.set(name, recording);
    recording = undefined;
  }
  await inProcess.close();
  await inProcessDatabase.close();
  pg.Client.prototype.query = clientQuery;

  // Bare Fastify, two processes as the servers: /hello for the saturation's scale, and /replay/:row, the floor of
  // each hot endpoint (its captured statements sent the same way by a server that does nothing else).
  const hotNames = Object.keys(hot);
  const capturedFile = path.join(folder, 'captured.json');
  writeFileSync(capturedFile, JSON.stringify(hotNames.map((name) => captured.get(name) ?? [])));
  await Promise.all(
    barePorts.map((port) =>
      spawnReady(
        ['--import', 'tsx', path.join(repositoryRoot, 'bench/bare-fastify.ts'), String(port), capturedFile],
        { DATABASE_URL: created.url },
        async () => (await fetch(url(port, '/hello'))).status === 200,
      ),
    ),
  );

  /** The endpoint's throughput: both processes, hotConnections keep-alive connections in all. */
  const endpointRate = (route: string) =>
    closedLoop({ ports, routes: [route], connections: hotConnections, seconds: hotSeconds, token: tokens[0] });
  /** The floor's: bare Fastify sending the same statements the same way, with the same connections. */
  const floorRate = (name: string) =>
    closedLoop({
      ports: barePorts,
      routes: [`/replay/${hotNames.indexOf(name)}`],
      connections: hotConnections,
      seconds: hotSeconds,
    });
  /**
   * The same statements, wave after wave, with the same concurrency, from two threads (one event loop each, as the
   * two servers have), each with a pool of a server's size. From one event loop, the replay of the dashboard's thirty
   * statements a call was bound by that loop's CPU and read slower than the endpoint itself.
   */
  const rawRate = async (waves: Statement[][]) => {
    const counts = await Promise.all(
      ports.map(
        () =>
          new Promise<number>((resolve, reject) => {
            const worker = new Worker(rawReplay, {
              eval: true,
              workerData: {
                pg: createRequire(import.meta.url).resolve('pg'),
                url: created.url,
                waves,
                connections: hotConnections / ports.length,
                seconds: hotSeconds,
              },
            });
            worker.once('message', resolve);
            worker.once('error', reject);
          }),
      ),
    );
    return counts.reduce((sum, count) => sum + count, 0) / hotSeconds;
  };
  // Each measure alternates endpoint and raw over a few rounds and keeps the median of each: on a shared machine a
  // slow second (another tenant, the kernel) lands on one side of one round, not on the comparison.
  const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] as number;
  const hotRows: {
    name: string;
    statements: number;
    waves: number;
    endpoint: number;
    floor: number;
    raw: number;
    errors: number;
  }[] = [];
  for (const [name, route] of Object.entries(hot)) {
    const waves = captured.get(name) ?? [];
    const statements = waves.flat().length;
    const endpoints: number[] = [];
    const floors: number[] = [];
    const raws: number[] = [];
    let hotErrors = 0;
    for (let round = 0; round < hotRounds; round += 1) {
      const endpoint = await endpointRate(route);
      endpoints.push(endpoint.perSecond);
      hotErrors += endpoint.errors;
      if (statements > 0) {
        const floor = await floorRate(name);
        floors.push(floor.perSecond);
        hotErrors += floor.errors;
      }
      raws.push(statements > 0 ? await rawRate(waves) : Number.POSITIVE_INFINITY);
    }
    hotRows.push({
      name,
      statements,
      waves: waves.length,
      endpoint: median(endpoints),
      floor: statements > 0 ? median(floors) : Number.POSITIVE_INFINITY,
      raw: median(raws),
      errors: hotErrors,
    });
  }

  // ——— 3. Saturation: the screens' mix, closed loop, and bare Fastify ———
  const mix = screens.flat();
  const mixed = await closedLoop({ ports, routes: mix, connections: 64, seconds: hotSeconds, token: tokens[1] });
  const bare = await closedLoop({ ports: barePorts, routes: ['/hello'], connections: 64, seconds: hotSeconds });

  // ——— The figures ———
  console.log(
    `Machine: ${(await import('node:os')).cpus().length} cores, Node ${process.version}, PostgreSQL and Redis on loopback; ` +
      `2 server processes (compiled), ${staff} sessions; load generator ${loadGenerator}.`,
  );
  console.log(
    `1. ${staff} staff online, open model, ${callsPerSecond} calls/s for ${openSeconds} s (after ${warmUpSeconds} s of warm-up):`,
  );
  console.log(
    `   ${calls} calls, ${errors} errors; p50 ${percentile(latencies, 0.5).toFixed(1)} ms, p95 ${openP95.toFixed(1)} ms, ` +
      `p99 ${percentile(latencies, 0.99).toFixed(1)} ms (target p95 < 150 ms, no error) ` +
      `${openP95 < 150 && errors === 0 ? 'ok' : 'MISSED'}`,
  );
  console.log(
    `2. Hot endpoints against their SQL replayed raw, and bare Fastify sending the same SQL (${hotConnections} ` +
      `connections; medians of ${hotRounds} rounds of ${hotSeconds} s each):`,
  );
  const rate = (value: number) => (Number.isFinite(value) ? value.toFixed(0) : '—').padStart(6);
  for (const row of hotRows) {
    const ratio = row.raw / row.endpoint;
    const floorRatio = row.raw / row.floor;
    console.log(
      `   ${row.name.padEnd(24)} ${String(row.statements).padStart(2)} statements in ${row.waves} ` +
        `${row.waves === 1 ? 'wave ' : 'waves'}  endpoint ${rate(row.endpoint)}/s  bare ${rate(row.floor)}/s  ` +
        `raw ${rate(row.raw)}/s  ` +
        (Number.isFinite(ratio)
          ? `${ratio.toFixed(2)}× (bare Fastify ${floorRatio.toFixed(2)}×; target ≤ 1.3×) ${ratio <= 1.3 ? 'ok' : 'MISSED'}`
          : 'no SQL (target ≤ 1.3×) ok') +
        `${row.errors ? `, ${row.errors} errors` : ''}`,
    );
  }
  console.log(
    `3. Saturation, the screens' mix: ${mixed.perSecond.toFixed(0)} calls/s (p99 ${mixed.p99.toFixed(0)} ms, ${mixed.errors} errors); ` +
      `bare Fastify ${bare.perSecond.toFixed(0)}/s: ${((mixed.perSecond / bare.perSecond) * 100).toFixed(1)}% of it`,
  );
} finally {
  for (const child of children) child.kill('SIGTERM');
  await sleep(1500);
  await database.close();
  await created.drop();
  rmSync(folder, { recursive: true, force: true });
}
