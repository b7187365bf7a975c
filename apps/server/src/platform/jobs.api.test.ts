import { jobProgressEvent } from '@bottega/contracts/jobs';
import { userChannel } from '@bottega/contracts/notifications';
import { eq, ne, sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { api, createTestApp, createUser, findUserId, signIn, type TestApp } from '../../test/harness';
import { auditLog } from './audit.schema';
import {
  createJobWorker,
  defineJob,
  defineSchedule,
  enqueueJob,
  type JobWorker,
  retryDelaySeconds,
  syncSchedules,
} from './jobs';
import { jobSchedules, jobs } from './jobs.schema';

// Test kinds: what each run did is written to `test_job_runs`, the way a job's writes go, with its completion.
const runs: { kind: string; value: number }[] = [];
const failuresLeft = new Map<number, number>();

const countingJob = defineJob({
  kind: 'test.counting',
  payload: z.object({ value: z.number().int() }),
  run: async ({ payload, complete }) => {
    runs.push({ kind: 'counting', value: payload.value });
    await complete(async (tx) => {
      await tx.execute(sql`INSERT INTO test_job_runs (value) VALUES (${payload.value})`);
      return { doubled: payload.value * 2 };
    });
  },
});

const flakyJob = defineJob({
  kind: 'test.flaky',
  payload: z.object({ value: z.number().int() }),
  maxAttempts: 3,
  run: async ({ payload, complete }) => {
    const left = failuresLeft.get(payload.value) ?? 0;
    if (left > 0) {
      failuresLeft.set(payload.value, left - 1);
      throw new Error(`refused for now (${left} to go)`);
    }
    await complete();
  },
  onGiveUp: async (tx, job) => {
    await tx.execute(sql`INSERT INTO test_job_runs (value) VALUES (${-job.payload.value})`);
  },
});

/** Writes, then fails inside complete(): neither its writes nor its completion may land. */
const halfDoneJob = defineJob({
  kind: 'test.halfDone',
  payload: z.object({ value: z.number().int() }),
  maxAttempts: 1,
  run: async ({ payload, complete }) => {
    await complete(async (tx) => {
      await tx.execute(sql`INSERT INTO test_job_runs (value) VALUES (${payload.value})`);
      throw new Error('the second half failed');
    });
  },
});

const progressJob = defineJob({
  kind: 'test.progress',
  payload: z.object({ total: z.number().int() }),
  run: async ({ payload, progress, complete }) => {
    for (let done = 0; done <= payload.total; done += 1) await progress(done, payload.total, `step ${done}`);
    await complete(async () => ({ link: '/app/somewhere' }));
  },
});

/** Holds on until released: a job seen running, whose lease a test can take away. */
let release: (() => void) | undefined;
const slowJob = defineJob({
  kind: 'test.slow',
  payload: z.object({ value: z.number().int() }),
  run: async ({ payload, complete }) => {
    await new Promise<void>((resolve) => {
      release = resolve;
    });
    await complete(async (tx) => {
      await tx.execute(sql`INSERT INTO test_job_runs (value) VALUES (${payload.value})`);
      return undefined;
    });
  },
});

const scheduledJob = defineJob({
  kind: 'test.scheduled',
  payload: z.object({}),
  run: async ({ complete }) => complete(),
});
defineSchedule({ name: 'test.sundayEvening', cron: '0 18 * * 0', kind: 'test.scheduled' });

let test: TestApp;
let clock: { now: Date };
let worker: JobWorker;
const published: { channel: string; event: string; payload: unknown }[] = [];

function newWorker(): JobWorker {
  return createJobWorker({
    db: test.db,
    now: () => clock.now,
    log: test.app.log,
    config: test.config,
    realtime: {
      publish: (channel, event, payload) => published.push({ channel, event, payload }),
      close: async () => {},
    },
  });
}

async function runValues(): Promise<number[]> {
  const answer = await test.db.execute(sql`SELECT value FROM test_job_runs ORDER BY id`);
  return (answer as unknown as { rows: { value: number }[] }).rows.map((row) => row.value);
}

async function jobRow(id: number | null) {
  const [row] = await test.db
    .select()
    .from(jobs)
    .where(eq(jobs.id, id as number));
  if (!row) throw new Error(`no job ${id}`);
  return row;
}

beforeAll(async () => {
  test = await createTestApp();
  await test.db.execute(sql`CREATE TABLE test_job_runs (id serial PRIMARY KEY, value integer NOT NULL)`);
});
afterAll(() => test?.close());
beforeEach(async () => {
  await test.db.delete(jobs);
  // Only the test's own schedule runs: the app's areas define theirs too (synced in the schedules test).
  await test.db.delete(jobSchedules);
  await test.db.execute(sql`DELETE FROM test_job_runs`);
  runs.length = 0;
  published.length = 0;
  clock = { now: new Date('2026-11-25T10:00:00Z') };
  worker = newWorker();
});

describe('a job', () => {
  it('runs once, its writes committed with its completion and its result kept', async () => {
    const id = await enqueueJob(test.db, countingJob, { value: 7 });
    expect(await worker.drain()).toBe(1);
    expect(await worker.drain()).toBe(0);
    expect(await runValues()).toEqual([7]);
    const row = await jobRow(id);
    expect(row).toMatchObject({ state: 'done', attempts: 1, lastError: null, lockedBy: null, result: { doubled: 14 } });
    expect(row.finishedAt?.getTime()).toBe(clock.now.getTime());
  });

  it('waits for its time', async () => {
    await enqueueJob(test.db, countingJob, { value: 1 }, { runAt: new Date(clock.now.getTime() + 60_000) });
    expect(await worker.drain()).toBe(0);
    clock.now = new Date(clock.now.getTime() + 60_000);
    expect(await worker.drain()).toBe(1);
  });

  it('is queued once per unique key', async () => {
    const first = await enqueueJob(test.db, countingJob, { value: 1 }, { uniqueKey: 'once' });
    const second = await enqueueJob(test.db, countingJob, { value: 2 }, { uniqueKey: 'once' });
    expect(first).toEqual(expect.any(Number));
    expect(second).toBeNull();
    await worker.drain();
    expect(await runValues()).toEqual([1]);
  });

  it('refuses a payload its kind does not take, and a kind nobody defined', async () => {
    await expect(enqueueJob(test.db, countingJob, { value: 'seven' } as never)).rejects.toThrow();
    await expect(enqueueJob(test.db, { ...countingJob, kind: 'test.nobody' }, { value: 1 })).rejects.toThrow(
      /not defined/,
    );
    // A row of a kind this version does not know (written by a newer one) is given up with the reason.
    const [row] = await test.db
      .insert(jobs)
      .values({ kind: 'test.fromTheFuture', runAt: clock.now, maxAttempts: 5 })
      .returning();
    await worker.drain();
    expect(await jobRow(row?.id ?? null)).toMatchObject({ state: 'failed' });
    expect((await jobRow(row?.id ?? null)).lastError).toMatch(/no job kind "test.fromTheFuture"/);
  });

  it('is retried with growing back-off, then given up with its error, its kind told in the same transaction', async () => {
    failuresLeft.set(5, 10);
    const id = await enqueueJob(test.db, flakyJob, { value: 5 });
    expect(await worker.drain()).toBe(1);
    let row = await jobRow(id);
    expect(row).toMatchObject({ state: 'queued', attempts: 1 });
    expect(row.lastError).toBe('refused for now (10 to go)');
    expect((row.runAt as Date).getTime() - clock.now.getTime()).toBe(retryDelaySeconds(1) * 1000);

    clock.now = row.runAt as Date;
    expect(await worker.drain()).toBe(1);
    row = await jobRow(id);
    expect((row.runAt as Date).getTime() - clock.now.getTime()).toBe(retryDelaySeconds(2) * 1000);
    expect(retryDelaySeconds(2)).toBe(2 * retryDelaySeconds(1));

    clock.now = row.runAt as Date;
    expect(await worker.drain()).toBe(1);
    row = await jobRow(id);
    expect(row).toMatchObject({ state: 'failed', attempts: 3, lastError: 'refused for now (8 to go)' });
    expect(await runValues()).toEqual([-5]);
    clock.now = new Date(clock.now.getTime() + 86_400_000);
    expect(await worker.drain()).toBe(0);
  });

  it('is never half-done: a failure inside its completion rolls its writes back', async () => {
    const id = await enqueueJob(test.db, halfDoneJob, { value: 9 });
    await worker.drain();
    expect(await runValues()).toEqual([]);
    expect(await jobRow(id)).toMatchObject({ state: 'failed', lastError: 'the second half failed' });
  });

  it('tells whoever started it how far it is, live and on reload, and ends with its result', async () => {
    const userId = await findUserId(test.db, 'dipendente');
    const id = await enqueueJob(test.db, progressJob, { total: 3 }, { startedBy: userId });
    await worker.drain();
    const pushed = published.filter((entry) => entry.event === jobProgressEvent);
    expect(pushed.every((entry) => entry.channel === userChannel(userId))).toBe(true);
    expect(pushed.at(0)?.payload).toMatchObject({ id, state: 'running', progress: { done: 0, total: 3 } });
    expect(pushed.at(-1)?.payload).toMatchObject({
      id,
      state: 'done',
      progress: { done: 3, total: 3, message: 'step 3' },
      result: { link: '/app/somewhere' },
    });

    // What a reloaded page asks: the starter's own job; anyone else's is not there for them.
    const token = await signIn(test.app, 'dipendente');
    const own = await api(test.app, { url: `/api/jobs/${id}`, token });
    expect(own.statusCode).toBe(200);
    expect(own.json().data).toMatchObject({ state: 'done', progress: { done: 3, total: 3 } });
    const other = await api(test.app, { url: `/api/jobs/${id}`, token: await signIn(test.app, 'ticket') });
    expect(other.statusCode).toBe(404);
    expect((await api(test.app, { url: `/api/jobs/${id}` })).statusCode).toBe(401);
  });
});

describe('leases', () => {
  it('a job whose process died is taken again once its lease runs out', async () => {
    const [row] = await test.db
      .insert(jobs)
      .values({
        kind: countingJob.kind,
        payload: { value: 3 },
        runAt: clock.now,
        maxAttempts: 10,
        state: 'running',
        attempts: 1,
        lockedBy: 'a-process-that-died',
        lockedUntil: new Date(clock.now.getTime() + 30_000),
      })
      .returning();
    expect(await worker.drain()).toBe(0);
    clock.now = new Date(clock.now.getTime() + 30_000);
    expect(await worker.drain()).toBe(1);
    expect(await jobRow(row?.id ?? null)).toMatchObject({ state: 'done', attempts: 2 });
    expect(await runValues()).toEqual([3]);
  });

  it('a process that lost its lease while it worked cannot complete: its writes roll back', async () => {
    const id = await enqueueJob(test.db, slowJob, { value: 4 });
    const draining = worker.drain();
    await expect.poll(() => release !== undefined).toBe(true);
    // Another process took it over meanwhile.
    await test.db
      .update(jobs)
      .set({ lockedBy: 'another-process' })
      .where(eq(jobs.id, id as number));
    release?.();
    await draining;
    expect(await runValues()).toEqual([]);
    expect(await jobRow(id)).toMatchObject({ state: 'running', lockedBy: 'another-process' });
    release = undefined;
  });
});

describe('schedules', () => {
  it('turn into one job each time the cron falls due in Europe/Rome, whichever worker sees it', async () => {
    // Sunday 22 November 2026, 17:00 in Rome (16:00 UTC): the schedule says 18:00 Rome.
    clock.now = new Date('2026-11-22T16:00:00Z');
    await syncSchedules(test.db, clock.now);
    await test.db.delete(jobSchedules).where(ne(jobSchedules.name, 'test.sundayEvening'));
    const [schedule] = await test.db.select().from(jobSchedules).where(eq(jobSchedules.name, 'test.sundayEvening'));
    expect(schedule?.nextRunAt.toISOString()).toBe('2026-11-22T17:00:00.000Z');

    expect(await worker.drain()).toBe(0);
    clock.now = new Date('2026-11-22T17:00:30Z');
    const second = newWorker();
    const ran = await Promise.all([worker.drain(), second.drain()]);
    expect(ran[0] + ran[1]).toBe(1);
    const made = await test.db.select().from(jobs).where(eq(jobs.kind, scheduledJob.kind));
    expect(made).toHaveLength(1);
    expect(made[0]?.uniqueKey).toBe('test.sundayEvening@2026-11-22T17:00:00.000Z');
    const [next] = await test.db.select().from(jobSchedules).where(eq(jobSchedules.name, 'test.sundayEvening'));
    expect(next?.nextRunAt.toISOString()).toBe('2026-11-29T17:00:00.000Z');
  });
});

describe('the developers’ job list', () => {
  it('shows jobs by state with errors, and retries a failed one (audited); others may not', async () => {
    failuresLeft.set(11, 3);
    const failed = await enqueueJob(test.db, flakyJob, { value: 11 });
    const done = await enqueueJob(test.db, countingJob, { value: 12 });
    for (let attempt = 0; attempt < 3; attempt += 1) {
      await worker.drain();
      clock.now = new Date(clock.now.getTime() + 3_600_000);
    }
    const token = await signIn(test.app, 'developer');
    const list = await api(test.app, { url: '/api/developer/jobs?state=failed', token });
    expect(list.statusCode).toBe(200);
    expect(list.json().meta).toMatchObject({ total: 1, counts: { failed: 1, done: 1 } });
    expect(list.json().data[0]).toMatchObject({
      id: failed,
      kind: 'test.flaky',
      state: 'failed',
      attempts: 3,
      lastError: 'refused for now (1 to go)',
      payload: { value: 11 },
      durationMs: 0,
    });

    const employee = await signIn(test.app, 'dipendente');
    const refused = await api(test.app, {
      method: 'POST',
      url: `/api/developer/jobs/${failed}/retry`,
      token: employee,
    });
    expect(refused.statusCode).toBe(403);
    expect((await api(test.app, { method: 'POST', url: `/api/developer/jobs/${done}/retry`, token })).json().code).toBe(
      'jobNotRetryable',
    );

    const retried = await api(test.app, { method: 'POST', url: `/api/developer/jobs/${failed}/retry`, token });
    expect(retried.statusCode).toBe(200);
    expect(retried.json().data).toMatchObject({ state: 'queued', maxAttempts: 4 });
    const [audit] = await test.db.select().from(auditLog).where(eq(auditLog.action, 'job.retried'));
    expect(audit).toMatchObject({ entityId: String(failed), fromState: 'failed', toState: 'queued' });
    await test.app.jobs.drain();
    expect((await jobRow(failed)).state).toBe('done');
    expect((await api(test.app, { url: '/api/developer/jobs/999999/retry', method: 'POST', token })).statusCode).toBe(
      404,
    );
  });

  it('is for developers only', async () => {
    const user = await createUser(test.db, { shops: ['MI01'] });
    const token = await signIn(test.app, user.username);
    expect((await api(test.app, { url: '/api/developer/jobs', token })).statusCode).toBe(403);
    expect(
      (await api(test.app, { url: '/api/developer/jobs?state=nonsense', token: await signIn(test.app, 'developer') }))
        .statusCode,
    ).toBe(422);
  });
});
