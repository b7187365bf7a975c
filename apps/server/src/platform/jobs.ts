// Jobs: the one way to run work later, on a schedule, or again after a failure (ARCHITECTURE "Jobs").
//
// A job is a row of `jobs`, written in the caller's transaction (so work is queued exactly when the change that
// asks for it commits). Every server process runs a worker that claims due rows with FOR UPDATE SKIP LOCKED and
// holds each under a lease: a process that dies leaves its jobs to be taken again when the lease runs out. A job's
// own writes go through `complete()`, one transaction that also marks it done and only commits while this process
// still holds the lease, so a job is never half-done and its writes land once even when it ran twice. What it does
// outside the database (a mail, a Telegram message) is at least once, as for any outbox.
// A failure is retried with growing back-off (30 s doubling to an hour) until the kind's attempt limit; then the
// job is kept as failed with its error, its kind's onGiveUp runs, and a developer may retry it from the app.
// Recurring work is a schedule: a cron expression read in Europe/Rome against the business clock.
// Hand-written rather than pg-boss or graphile-worker: both need LISTEN/NOTIFY and several connections, which the
// embedded PGlite (one connection) does not give; this needs one table and the SQL both databases speak.
import { randomUUID } from 'node:crypto';
import { businessTimeZone } from '@bottega/contracts/dates';
import { type Job, type JobState, jobProgressEvent } from '@bottega/contracts/jobs';
import { userChannel } from '@bottega/contracts/notifications';
import { Cron } from 'croner';
import { and, asc, eq, inArray, isNull, lte, or, sql } from 'drizzle-orm';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { Config } from '../config';
import { currentTime } from './clock';
import type { Database, Executor } from './db';
import { jobSchedules, jobs } from './jobs.schema';
import { currentRequestId, withRequestId } from './logging';
import type { Metrics } from './metrics';
import type { Realtime } from './realtime';
import { createStorage, type Storage } from './storage';

type JobRow = typeof jobs.$inferSelect;

/** What a job's code gets: its payload, the database, the business clock, progress and completion. */
export type JobContext<Payload> = {
  id: number;
  payload: Payload;
  /** 1 on the first run. */
  attempt: number;
  startedBy: number | null;
  db: Database;
  now: () => Date;
  /** Lines that carry the job: its id, kind and the request that queued it (reqId). */
  log: FastifyBaseLogger;
  /** The settings of the process running it (SMTP, Telegram …). */
  config: Config;
  /** The app's one Storage, for the files a job writes or removes. */
  storage: Storage;
  /** Live pushes to browsers (absent where no server listens, e.g. a benchmark's worker). */
  realtime?: Realtime;
  /** The app's metrics, for what a job delivers (absent outside an app, e.g. a test's or a benchmark's own worker). */
  metrics?: Metrics;
  /** Tells whoever started the job how far it is (saved, and pushed to their browsers; at most every 300 ms). */
  progress: (done: number, total: number, message?: string) => Promise<void>;
  /**
   * The job's writes, committed with its completion or not at all: call once, as the last step. A job that does
   * not call it is marked done when it returns. `result` is kept for the person who started it.
   */
  complete: (work?: (tx: Executor) => Promise<Record<string, unknown> | undefined>) => Promise<void>;
};

export type JobDefinition<Payload> = {
  kind: string;
  /** Checked when the job is queued and again when it runs. */
  payload: z.ZodType<Payload>;
  run: (context: JobContext<Payload>) => Promise<void>;
  /** Runs (default 10) before it is given up. */
  maxAttempts?: number;
  /** How long one run may hold the job before another process may take it (default 120 s). */
  leaseSeconds?: number;
  /** In the transaction that gives the job up, e.g. to tell someone it could not be done. */
  onGiveUp?: (tx: Executor, job: { id: number; payload: Payload; lastError: string }) => Promise<void>;
};

/** The services a job may need, given by the worker that runs it. */
export type JobEnvironment = {
  db: Database;
  now: () => Date;
  log: FastifyBaseLogger;
  config: Config;
  /** Defaults to the Storage of `config`. */
  storage?: Storage;
  realtime?: Realtime;
  metrics?: Metrics;
};

const definitions = new Map<string, JobDefinition<unknown>>();
const defaultLeaseSeconds = 120;

/** Each kind's lease, as SQL over the row's kind: a process that dies right after claiming frees it as soon. */
function leaseSecondsByKind() {
  const custom = [...definitions.values()].filter((definition) => definition.leaseSeconds !== undefined);
  if (custom.length === 0) return sql`${defaultLeaseSeconds}`;
  const cases = custom.map((definition) => sql`WHEN ${definition.kind} THEN ${definition.leaseSeconds}`);
  return sql`(CASE ${jobs.kind} ${sql.join(cases, sql` `)} ELSE ${defaultLeaseSeconds} END)::int`;
}
type Schedule = {
  name: string;
  cron: string;
  kind: string;
  /**
   * Whether it is needed now (e.g. a bot to read, codes waiting for it); when not, its time passes with no job, so a
   * frequent schedule leaves no row while there is nothing to do.
   */
  when?: (context: { config: Config; db: Executor; now: Date }) => boolean | Promise<boolean>;
};
const schedules = new Map<string, Schedule>();

/** The kinds of job this version defines (the metrics report each, at 0 when it has none). */
export function jobKinds(): string[] {
  return [...definitions.keys()];
}

/** Declares a kind of job, once, where its area defines it (module top level). */
export function defineJob<Payload>(definition: JobDefinition<Payload>): JobDefinition<Payload> {
  if (definitions.has(definition.kind)) throw new Error(`job kind "${definition.kind}" defined twice`);
  definitions.set(definition.kind, definition as JobDefinition<unknown>);
  return definition;
}

/** A job of `kind` queued every time `cron` (5 or 6 fields, Europe/Rome) falls due. */
export function defineSchedule(schedule: Schedule): void {
  if (schedules.has(schedule.name)) throw new Error(`schedule "${schedule.name}" defined twice`);
  new Cron(schedule.cron, { timezone: businessTimeZone, paused: true });
  schedules.set(schedule.name, schedule);
}

const defaultMaxAttempts = 10;

/** Seconds before retry number `attempt` (1 = after the first failure): 30 s doubling, at most an hour. */
export function retryDelaySeconds(attempt: number): number {
  return Math.min(30 * 2 ** Math.max(0, attempt - 1), 3600);
}

/**
 * Queues a job in the caller's transaction. `uniqueKey` makes it idempotent: a second job with the same key is not
 * queued (null is answered). After the transaction commits, kickJobs() starts it at once rather than at the next poll.
 */
export async function enqueueJob<Payload>(
  db: Executor,
  definition: JobDefinition<Payload>,
  payload: Payload,
  options: { runAt?: Date; startedBy?: number | null; uniqueKey?: string } = {},
): Promise<number | null> {
  if (definitions.get(definition.kind) !== definition) {
    throw new Error(`job kind "${definition.kind}" is not defined`);
  }
  const checked = definition.payload.parse(payload) as Record<string, unknown>;
  const rows = await db
    .insert(jobs)
    .values({
      kind: definition.kind,
      payload: checked,
      runAt: options.runAt ?? null,
      maxAttempts: definition.maxAttempts ?? defaultMaxAttempts,
      startedBy: options.startedBy ?? null,
      requestId: currentRequestId() ?? null,
      uniqueKey: options.uniqueKey ?? null,
    })
    .onConflictDoNothing({ target: jobs.uniqueKey })
    .returning({ id: jobs.id });
  return rows[0]?.id ?? null;
}

/**
 * A file handed to a job to read (an upload): kept in `storage` under `area`, then `record` writes its row, queues its
 * job and audits it in one transaction, answering the row's id and the job's; the file is removed again when that
 * fails. Answers the row's id and the queued job, for the progress bar of the person who sent it.
 */
export async function startFileJob(options: {
  db: Database;
  storage: Storage;
  file: { area: string; bytes: Uint8Array; extension: string };
  record: (tx: Executor, storageKey: string) => Promise<{ id: number; jobId: number | null }>;
}): Promise<{ id: number; job: Job }> {
  const { db, storage, file } = options;
  const key = await storage.put(file.area, file.bytes, file.extension);
  try {
    const { id, jobId } = await db.transaction((tx) => options.record(tx, key));
    const [job] = await db
      .select()
      .from(jobs)
      .where(eq(jobs.id, jobId ?? 0));
    if (!job) throw new Error('the job reading the file was not queued');
    return { id, job: toJob(job) };
  } catch (error) {
    await storage.remove(key).catch(() => undefined);
    throw error;
  }
}

export function toJob(row: JobRow): Job {
  return {
    id: row.id,
    kind: row.kind,
    state: row.state as JobState,
    attempts: row.attempts,
    maxAttempts: row.maxAttempts,
    lastError: row.lastError,
    runAt: row.runAt?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
    startedAt: row.startedAt?.toISOString() ?? null,
    finishedAt: row.finishedAt?.toISOString() ?? null,
    durationMs: row.startedAt && row.finishedAt ? row.finishedAt.getTime() - row.startedAt.getTime() : null,
    progress: { done: row.progressDone, total: row.progressTotal, message: row.progressMessage },
    result: row.result ?? null,
  };
}

function describeError(error: unknown): string {
  const message = error instanceof Error ? error.message : String(error);
  return message.slice(0, 2000);
}

/** Thrown inside complete() when another process took the job over: its writes roll back. */
class LeaseLost extends Error {}

export type JobWorker = {
  /** Starts polling (the server does on listen); until then the worker runs jobs only when drained. */
  start: () => void;
  /** Looks for due work now (after a transaction that queued some has committed). */
  kick: () => void;
  /** Runs due jobs until none is left (tests, benchmarks); answers how many ran. */
  drain: () => Promise<number>;
  /** Takes no more jobs; waits for the running ones, or after `graceMs` hands them back to the queue. */
  stop: (graceMs?: number) => Promise<void>;
  readonly id: string;
};

const runningWorkers = new Set<JobWorker>();

/** Wakes this process's started workers, e.g. right after a transaction that queued a job has committed. */
export function kickJobs(): void {
  for (const worker of runningWorkers) worker.kick();
}

/**
 * The worker of one server process: once started, polls every `pollMs` (and whenever kicked), runs up to
 * `concurrency` jobs at once, turns due schedules into jobs and takes back jobs whose lease ran out.
 */
export function createJobWorker(
  environment: JobEnvironment,
  options: { pollMs?: number; concurrency?: number } = {},
): JobWorker {
  const { db, now, log, config, realtime, metrics } = environment;
  const storage = environment.storage ?? createStorage(config);
  const workerId = `${process.pid}-${randomUUID().slice(0, 8)}`;
  const concurrency = options.concurrency ?? 4;
  const active = new Set<Promise<void>>();
  let stopped = false;
  let looking: Promise<void> | null = null;
  let again = false;

  const publish = (row: JobRow) => {
    if (row.startedBy !== null) realtime?.publish(userChannel(row.startedBy), jobProgressEvent, toJob(row));
  };

  /** Due schedules become jobs (one per schedule and minute, whichever process sees it first). */
  const runSchedules = async () => {
    if (schedules.size === 0) return;
    const at = now();
    await db.transaction(async (tx) => {
      const due = await tx
        .select()
        .from(jobSchedules)
        .where(and(inArray(jobSchedules.name, [...schedules.keys()]), lte(jobSchedules.nextRunAt, at)))
        .for('update', { skipLocked: true });
      for (const row of due) {
        const schedule = schedules.get(row.name);
        const definition = schedule ? definitions.get(schedule.kind) : undefined;
        if (!schedule || !definition) continue;
        if ((await schedule.when?.({ config, db: tx, now: at })) !== false) {
          await enqueueJob(tx, definition, {}, { uniqueKey: `${row.name}@${row.nextRunAt.toISOString()}` });
        }
        const next = new Cron(schedule.cron, { timezone: businessTimeZone, paused: true }).nextRun(at);
        await tx
          .update(jobSchedules)
          .set({ lastRunAt: at, nextRunAt: next ?? new Date('9999-12-31T00:00:00Z') })
          .where(eq(jobSchedules.name, row.name));
      }
    });
  };

  /** Jobs whose process stopped holding them (lease run out) are queued again. */
  const reclaim = async () => {
    await db
      .update(jobs)
      .set({ state: 'queued', lockedBy: null, lockedUntil: null, runAt: null })
      .where(and(eq(jobs.state, 'running'), lte(jobs.lockedUntil, now())));
  };

  const claim = async (limit: number): Promise<JobRow[]> => {
    const at = now();
    const due = db
      .select({ id: jobs.id })
      .from(jobs)
      .where(and(eq(jobs.state, 'queued'), or(isNull(jobs.runAt), lte(jobs.runAt, at))))
      .orderBy(sql`${jobs.runAt} asc nulls first`, asc(jobs.id))
      .limit(limit)
      .for('update', { skipLocked: true });
    return db
      .update(jobs)
      .set({
        state: 'running',
        lockedBy: workerId,
        lockedUntil: sql`${at}::timestamptz + make_interval(secs => ${leaseSecondsByKind()})`,
        attempts: sql`${jobs.attempts} + 1`,
        startedAt: at,
        finishedAt: null,
      })
      .where(inArray(jobs.id, due))
      .returning();
  };

  const fail = async (
    row: JobRow,
    definition: JobDefinition<unknown> | undefined,
    error: unknown,
    jobLog: FastifyBaseLogger,
  ) => {
    const lastError = describeError(error);
    const givingUp = !definition || row.attempts >= row.maxAttempts;
    await db.transaction(async (tx) => {
      const [updated] = await tx
        .update(jobs)
        .set(
          givingUp
            ? { state: 'failed', lastError, lockedBy: null, lockedUntil: null, finishedAt: now() }
            : {
                state: 'queued',
                lastError,
                lockedBy: null,
                lockedUntil: null,
                finishedAt: now(),
                runAt: new Date(now().getTime() + retryDelaySeconds(row.attempts) * 1000),
              },
        )
        .where(and(eq(jobs.id, row.id), eq(jobs.lockedBy, workerId), eq(jobs.state, 'running')))
        .returning();
      if (!updated) return;
      if (givingUp && definition?.onGiveUp) {
        await definition.onGiveUp(tx, { id: row.id, payload: row.payload, lastError });
      }
      publish(updated);
    });
    const level = givingUp ? 'error' : 'warn';
    jobLog[level]({ attempt: row.attempts, err: error }, `job ${givingUp ? 'given up' : 'failed, to be retried'}`);
  };

  const execute = async (row: JobRow, jobLog: FastifyBaseLogger) => {
    const definition = definitions.get(row.kind);
    if (!definition) {
      return fail(row, undefined, new Error(`no job kind "${row.kind}" in this version of the app`), jobLog);
    }
    if (row.attempts > row.maxAttempts) {
      return fail(row, definition, new Error(row.lastError ?? 'attempts spent'), jobLog);
    }
    const leaseMs = (definition.leaseSeconds ?? defaultLeaseSeconds) * 1000;
    const extendLease = () =>
      db
        .update(jobs)
        .set({ lockedUntil: new Date(now().getTime() + leaseMs) })
        .where(and(eq(jobs.id, row.id), eq(jobs.lockedBy, workerId), eq(jobs.state, 'running')));
    await extendLease();
    // A long job keeps its lease while it works: renewed at a third of its length.
    const heartbeat = setInterval(() => void extendLease().catch(() => undefined), leaseMs / 3);
    heartbeat.unref();
    let completed = false;
    let lastProgress = 0;
    const context: JobContext<unknown> = {
      id: row.id,
      payload: row.payload,
      attempt: row.attempts,
      startedBy: row.startedBy,
      db,
      now,
      log: jobLog,
      config,
      storage,
      realtime,
      metrics,
      progress: async (done, total, message) => {
        const moment = Date.now();
        if (moment - lastProgress < 300 && done < total) return;
        lastProgress = moment;
        const [updated] = await db
          .update(jobs)
          .set({ progressDone: done, progressTotal: total, progressMessage: message?.slice(0, 300) ?? null })
          .where(and(eq(jobs.id, row.id), eq(jobs.lockedBy, workerId)))
          .returning();
        if (updated) publish(updated);
      },
      complete: async (work) => {
        if (completed) throw new Error('a job completes once');
        completed = true;
        const finished = await db.transaction(async (tx) => {
          const [held] = await tx
            .select({ id: jobs.id })
            .from(jobs)
            .where(and(eq(jobs.id, row.id), eq(jobs.lockedBy, workerId), eq(jobs.state, 'running')))
            .for('update');
          if (!held) throw new LeaseLost(`job ${row.id} was taken over by another process`);
          const result = work ? await work(tx) : undefined;
          const [updated] = await tx
            .update(jobs)
            .set({
              state: 'done',
              lockedBy: null,
              lockedUntil: null,
              finishedAt: now(),
              ...(result ? { result } : {}),
            })
            .where(eq(jobs.id, row.id))
            .returning();
          return updated;
        });
        if (finished) publish(finished);
      },
    };
    try {
      context.payload = definition.payload.parse(row.payload);
      await definition.run(context);
      if (!completed) await context.complete();
    } catch (error) {
      if (error instanceof LeaseLost) jobLog.warn(error.message);
      else await fail(row, definition, error, jobLog);
    } finally {
      clearInterval(heartbeat);
    }
  };

  /** Jobs this worker has run (started), for drain(). */
  let ran = 0;

  const pollMs = options.pollMs ?? 1000;
  /** When (business clock) schedules and lost leases were last looked at: once a poll, not after every job. */
  let housekeptAt = Number.NEGATIVE_INFINITY;

  /** One look for work: schedules and lost leases (at most once a poll), then as many due jobs as there is room for. */
  const look = async (): Promise<void> => {
    do {
      again = false;
      const at = now().getTime();
      if (at - housekeptAt >= pollMs) {
        housekeptAt = at;
        await runSchedules();
        await reclaim();
      }
      while (!stopped && active.size < concurrency) {
        const claimed = await claim(concurrency - active.size);
        if (claimed.length === 0) break;
        for (const row of claimed) {
          ran += 1;
          // The job's lines, and the jobs it queues, carry the id of the request that queued it.
          const requestId = row.requestId ?? undefined;
          const jobLog = log.child({ reqId: requestId, job: row.id, kind: row.kind });
          const running: Promise<void> = withRequestId(requestId, () => execute(row, jobLog))
            .catch((error: unknown) => jobLog.error({ err: error }, 'job worker error'))
            .finally(() => {
              active.delete(running);
              worker.kick();
            });
          active.add(running);
        }
      }
    } while (again && !stopped);
  };

  const kick = () => {
    if (stopped) return;
    if (looking) {
      again = true;
      return;
    }
    // Outside any request that kicked it: what the look queues (schedules) belongs to none.
    looking = withRequestId(undefined, look)
      .catch((error: unknown) => log.error({ err: error }, 'job worker could not look for work'))
      .finally(() => {
        looking = null;
      });
  };

  let timer: NodeJS.Timeout | undefined;

  const worker: JobWorker = {
    id: workerId,
    start: () => {
      if (timer || stopped) return;
      timer = setInterval(kick, pollMs);
      timer.unref();
      runningWorkers.add(worker);
      kick();
    },
    kick,
    drain: async () => {
      const before = ran;
      // Until a look finds nothing due and nothing runs: each finished job kicks another look.
      for (;;) {
        const seen = ran;
        housekeptAt = Number.NEGATIVE_INFINITY;
        kick();
        while (looking || active.size > 0) {
          await looking;
          if (active.size > 0) await Promise.race(active);
        }
        if (ran === seen) return ran - before;
      }
    },
    stop: async (graceMs = Number.POSITIVE_INFINITY) => {
      stopped = true;
      clearInterval(timer);
      runningWorkers.delete(worker);
      await looking;
      const finished = Promise.all(active).then(() => true);
      let timeout: NodeJS.Timeout | undefined;
      const inTime = await Promise.race([
        finished,
        new Promise<false>((resolve) => {
          if (Number.isFinite(graceMs)) timeout = setTimeout(() => resolve(false), graceMs);
        }),
      ]);
      clearTimeout(timeout);
      if (inTime) return;
      // Out of time: what still runs goes back to the queue for another process now, not when its lease runs out.
      // Its work here commits nothing (complete() finds the lease gone), so it runs once, there.
      const handedBack = await db
        .update(jobs)
        .set({ state: 'queued', lockedBy: null, lockedUntil: null, runAt: null })
        .where(and(eq(jobs.state, 'running'), eq(jobs.lockedBy, workerId)))
        .returning({ id: jobs.id });
      log.warn({ jobs: handedBack.map((job) => job.id) }, 'jobs handed back at shutdown');
    },
  };
  return worker;
}

/** How long finished jobs stay listed for developers: done ones two weeks, given-up ones (errors to read) three months. */
const keepDoneJobsDays = 14;
const keepFailedJobsDays = 90;

/** Every night: the finished jobs older than that leave the table (a job of a recurring schedule runs every few seconds). */
const jobsCleanupJob = defineJob({
  kind: 'jobs.cleanup',
  payload: z.object({}),
  run: async ({ now, complete }) => {
    const day = 86_400_000;
    await complete(async (tx) => {
      const removed = await tx
        .delete(jobs)
        .where(
          or(
            and(eq(jobs.state, 'done'), lte(jobs.finishedAt, new Date(now().getTime() - keepDoneJobsDays * day))),
            and(eq(jobs.state, 'failed'), lte(jobs.finishedAt, new Date(now().getTime() - keepFailedJobsDays * day))),
          ),
        )
        .returning({ id: jobs.id });
      return { removed: removed.length };
    });
  },
});
defineSchedule({ name: 'jobs.cleanup', cron: '15 4 * * *', kind: jobsCleanupJob.kind });

/** Writes the code's schedules to job_schedules: a new or changed cron starts counting from now. */
export async function syncSchedules(db: Database, now: Date): Promise<void> {
  for (const schedule of schedules.values()) {
    const next = new Cron(schedule.cron, { timezone: businessTimeZone, paused: true }).nextRun(now);
    if (!next) continue;
    await db
      .insert(jobSchedules)
      .values({ name: schedule.name, cron: schedule.cron, kind: schedule.kind, nextRunAt: next })
      .onConflictDoUpdate({
        target: jobSchedules.name,
        set: {
          cron: schedule.cron,
          kind: schedule.kind,
          nextRunAt: sql`CASE WHEN ${jobSchedules.cron} = ${schedule.cron} THEN ${jobSchedules.nextRunAt} ELSE ${next} END`,
        },
      });
  }
}

/**
 * The app's worker (app.jobs): started when the server listens (unless JOBS_WORKER=false), stopped, its running
 * jobs finished, when it closes. Tests drain it instead.
 */
export function registerJobWorker(app: FastifyInstance): JobWorker {
  const now = () => currentTime(app.config);
  const worker = createJobWorker(
    {
      db: app.db,
      now,
      log: app.log,
      config: app.config,
      storage: app.storage,
      realtime: app.realtime,
      metrics: app.metrics,
    },
    { pollMs: app.config.jobs.pollMs, concurrency: app.config.jobs.concurrency },
  );
  app.addHook('onListen', async () => {
    await syncSchedules(app.db, now());
    if (app.config.jobs.worker) worker.start();
  });
  app.addHook('onClose', () => worker.stop(app.config.shutdown.timeoutMs));
  return worker;
}
