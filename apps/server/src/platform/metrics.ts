// Prometheus metrics (issue 29): requests per route and status with their duration, the database pool, the jobs per
// kind and state, the receipts the registers send, the browsers connected for live pushes, and the mails and Telegram
// messages delivered. One registry per app, never prom-client's global one: the tests build many apps in one process.
// Never public: a listener of its own on METRICS_PORT (for the private network), and/or GET /api/metrics with
// METRICS_TOKEN as a bearer token; with neither the counters still count, but nobody can read them.
import { timingSafeEqual } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { count, inArray } from 'drizzle-orm';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import { Counter, collectDefaultMetrics, Gauge, Histogram, Registry } from 'prom-client';
import { hashToken } from './crypto';
import type { Database } from './db';
import { AppError } from './errors';
import { jobs } from './jobs.schema';

type DeliveryOutcome = 'sent' | 'failed';

export type Metrics = {
  registry: Registry;
  /** Receipts of the registers' feed, by what became of each: accepted (stored), duplicate or rejected. */
  receiptsIngested: Counter<'outcome'>;
  /** Mails handed to the SMTP server (sent) or refused by it (failed). */
  mailDeliveries: Counter<'outcome'>;
  /** Telegram messages the Bot API took (sent) or refused (failed). */
  telegramDeliveries: Counter<'outcome'>;
  /** Where METRICS_PORT's listener took its port (0: a free one) once the app is ready; null without one. */
  listenerAddress: () => AddressInfo | null;
};

/** Seconds: from a quick JSON answer to a large export, few enough buckets to keep every route's series cheap. */
const durationBuckets = [0.005, 0.025, 0.1, 0.25, 0.5, 1, 2.5, 10];

/** The states worth watching: done jobs are history, and leave the table within two weeks. */
const watchedJobStates = ['queued', 'running', 'failed'] as const;

/** Runs one delivery, counting it sent or failed (the error goes on to the job, which retries). */
export async function countDelivery(counter: Counter<'outcome'> | undefined, deliver: () => Promise<void>) {
  try {
    await deliver();
  } catch (error) {
    counter?.inc({ outcome: 'failed' });
    throw error;
  }
  counter?.inc({ outcome: 'sent' });
}

/** node-postgres's pool, as far as its gauges read it. */
export type PoolCounts = { totalCount: number; idleCount: number; waitingCount: number };

/** The pool under Drizzle's handle with PostgreSQL; none with PGlite, one connection inside the process. */
export function databasePool(db: Database): PoolCounts | undefined {
  const client = (db as unknown as { $client?: Partial<PoolCounts> }).$client;
  const counts = [client?.totalCount, client?.idleCount, client?.waitingCount];
  return counts.every((value) => typeof value === 'number') ? (client as PoolCounts) : undefined;
}

/** The pool's connections, read at each scrape. */
export function registerPoolGauges(registry: Registry, pool: PoolCounts): void {
  const gauge = (name: string, help: string, read: () => number) =>
    new Gauge({
      name,
      help,
      registers: [registry],
      collect() {
        this.set(read());
      },
    });
  gauge('bottega_db_pool_connections', 'Open connections of the database pool, in use or idle.', () => pool.totalCount);
  gauge('bottega_db_pool_idle_connections', 'Open connections of the database pool not in use.', () => pool.idleCount);
  gauge(
    'bottega_db_pool_waiting_requests',
    'Queries waiting for a connection of the database pool: above 0 for long, the pool is too small.',
    () => pool.waitingCount,
  );
}

/** The jobs table per kind and watched state, one grouped count per scrape (the state index skips done jobs). */
function registerJobsGauge(registry: Registry, db: Database, log: FastifyBaseLogger, jobKinds: () => string[]): void {
  new Gauge({
    name: 'bottega_jobs',
    help: 'Background jobs by kind and state: queued (due, later or to be retried), running, failed (given up, kept to be read).',
    labelNames: ['kind', 'state'],
    registers: [registry],
    async collect() {
      this.reset();
      let rows: { kind: string; state: string; count: number }[];
      try {
        rows = await db
          .select({ kind: jobs.kind, state: jobs.state, count: count() })
          .from(jobs)
          .where(inArray(jobs.state, [...watchedJobStates]))
          .groupBy(jobs.kind, jobs.state);
      } catch (error) {
        // Left out rather than failing the scrape: the process is up, and /health/ready tells about the database.
        log.warn({ err: error }, 'metrics: could not count the jobs');
        return;
      }
      // Every kind this version defines, at 0 when it has none: a queue that empties reads 0, not a gap.
      for (const kind of jobKinds()) for (const state of watchedJobStates) this.set({ kind, state }, 0);
      for (const row of rows) this.set({ kind: row.kind, state: row.state }, row.count);
    },
  });
}

/** A bearer token equal to `expected`, compared in constant time (over hashes: the length is not told either). */
export function isMetricsToken(authorization: string | undefined, expected: string): boolean {
  const given = authorization?.startsWith('Bearer ') ? authorization.slice('Bearer '.length).trim() : '';
  return given !== '' && timingSafeEqual(Buffer.from(hashToken(given), 'hex'), Buffer.from(hashToken(expected), 'hex'));
}

/** GET /metrics on its own port, answering nothing else: no route of the app is reachable there. */
function metricsListener(registry: Registry, log: FastifyBaseLogger): Server {
  return createServer((request, response) => {
    const path = (request.url ?? '').split('?')[0];
    if (request.method !== 'GET' || path !== '/metrics') {
      response.writeHead(404, { 'content-type': 'text/plain; charset=utf-8' }).end('Not found\n');
      return;
    }
    registry.metrics().then(
      (body) =>
        response.writeHead(200, { 'content-type': registry.contentType, 'cache-control': 'no-store' }).end(body),
      (error: unknown) => {
        log.error({ err: error }, 'metrics: could not collect');
        response.writeHead(500).end();
      },
    );
  });
}

/**
 * The app's metrics (app.metrics): counts every answer by route pattern (`/api/employees/:id`, "unmatched" for a URL no
 * route has, so the series stay bounded), and serves them as METRICS_PORT and METRICS_TOKEN say.
 */
/** `jobKinds` is jobs.ts's, passed in: that module counts its deliveries here, so it cannot be imported back. */
export function registerMetrics(app: FastifyInstance, options: { jobKinds: () => string[] }): Metrics {
  const { config, log } = app;
  const registry = new Registry();
  const served = config.metrics.port !== undefined || config.metrics.token !== undefined;
  // The process's CPU, memory, event loop and GC, only where someone reads them: their observers cost on every GC.
  if (served) collectDefaultMetrics({ register: registry });

  const labelNames = ['method', 'route', 'status_code'] as const;
  const requests = new Counter({
    name: 'http_requests_total',
    help: 'HTTP requests answered, by method, route pattern and status code.',
    labelNames,
    registers: [registry],
  });
  const durations = new Histogram({
    name: 'http_request_duration_seconds',
    help: 'Time from receiving an HTTP request to the end of its answer, by method, route pattern and status code.',
    labelNames,
    buckets: durationBuckets,
    registers: [registry],
  });
  app.addHook('onResponse', (request, reply, done) => {
    const labels = {
      method: request.method,
      route: request.routeOptions.url ?? 'unmatched',
      status_code: String(reply.statusCode),
    };
    requests.inc(labels);
    durations.observe(labels, reply.elapsedTime / 1000);
    done();
  });

  const pool = databasePool(app.db);
  if (pool) registerPoolGauges(registry, pool);
  registerJobsGauge(registry, app.db, log, options.jobKinds);
  new Gauge({
    name: 'bottega_realtime_connections',
    help: 'Browsers connected to this process for live pushes (Socket.IO).',
    registers: [registry],
    collect() {
      this.set(app.realtime.connections());
    },
  });

  const outcomeCounter = (name: string, help: string, outcomes: readonly string[]) => {
    const counter = new Counter({ name, help, labelNames: ['outcome'], registers: [registry] });
    // Each outcome from 0, so rate() has a series from the first scrape on.
    for (const outcome of outcomes) counter.inc({ outcome }, 0);
    return counter;
  };
  const deliveryOutcomes: readonly DeliveryOutcome[] = ['sent', 'failed'];
  const { token, port } = config.metrics;
  const listener = port === undefined ? undefined : metricsListener(registry, log);

  if (token !== undefined) {
    // Registered only with a token: without one the path is unknown, as to anyone else.
    app.get(
      '/api/metrics',
      // Public for the sessions' check: the token is this route's own, checked below.
      { config: { access: 'public' }, schema: { hide: true } },
      async (request, reply) => {
        if (!isMetricsToken(request.headers.authorization, token)) throw new AppError('unauthenticated');
        return reply
          .type(registry.contentType)
          .header('cache-control', 'no-store')
          .send(await registry.metrics());
      },
    );
  }
  if (listener) {
    // On ready rather than on listen: a port already taken fails the start instead of being a line in the log.
    app.addHook('onReady', async () => {
      await new Promise<void>((resolve, reject) => {
        listener.once('error', reject);
        listener.listen(port, config.host, () => {
          listener.off('error', reject);
          resolve();
        });
      });
    });
    app.addHook('onClose', async () => {
      if (listener.listening) await new Promise<void>((resolve) => listener.close(() => resolve()));
    });
  }

  return {
    registry,
    receiptsIngested: outcomeCounter(
      'bottega_sales_receipts_ingested_total',
      'Receipts sent by the shops’ registers, by outcome: accepted (stored), duplicate (already stored), rejected.',
      ['accepted', 'duplicate', 'rejected'],
    ),
    mailDeliveries: outcomeCounter(
      'bottega_mail_deliveries_total',
      'Mails handed to the SMTP server (sent) or refused by it (failed, retried by its job).',
      deliveryOutcomes,
    ),
    telegramDeliveries: outcomeCounter(
      'bottega_telegram_deliveries_total',
      'Telegram messages the Bot API took (sent) or refused (failed).',
      deliveryOutcomes,
    ),
    listenerAddress: () => (listener?.address() as AddressInfo | null | undefined) ?? null,
  };
}
