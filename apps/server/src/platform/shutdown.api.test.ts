// A graceful stop (issue 29): readiness fails first while requests are still served, a request in flight finishes,
// new connections are refused once closed, a job that finishes in time is done, and one that outlasts the timeout is
// handed back to the queue at once (its work here committing nothing) rather than waiting for its lease to run out.
import type { AddressInfo } from 'node:net';
import { setTimeout as sleep } from 'node:timers/promises';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createTestApp, type TestApp } from '../../test/harness';
import { defineJob, enqueueJob } from './jobs';
import { jobs } from './jobs.schema';
import { shutDown } from './shutdown';

/** How long each test job works before completing. */
const workMs = new Map<number, number>();
const slowJob = defineJob({
  kind: 'test.shutdownWork',
  payload: z.object({ value: z.number().int() }),
  run: async ({ payload, complete }) => {
    await sleep(workMs.get(payload.value) ?? 0);
    await complete(async (tx) => {
      await tx.execute(sql`INSERT INTO test_shutdown_runs (value) VALUES (${payload.value})`);
    });
  },
});

let test: TestApp;
let base: string;

beforeAll(async () => {
  test = await createTestApp({ SHUTDOWN_DRAIN_SECONDS: '0.4', SHUTDOWN_TIMEOUT_SECONDS: '0.8', JOBS_POLL_MS: '50' });
  await test.db.execute(sql`CREATE TABLE test_shutdown_runs (value integer NOT NULL)`);
  // A request that takes its time, as a large export's would.
  test.app.get('/api/test/slow', { config: { access: 'public' } }, async () => {
    await sleep(900);
    return { finished: true };
  });
  await test.app.listen({ port: 0, host: '127.0.0.1' });
  base = `http://127.0.0.1:${(test.app.server.address() as AddressInfo).port}`;
});

afterAll(() => test.close());

describe('a graceful stop', () => {
  it('fails readiness first, finishes what it started, and hands back a job that outlasts it', async () => {
    expect((await fetch(`${base}/health/ready`)).status).toBe(200);
    workMs.set(1, 100);
    workMs.set(2, 3000);
    const quick = await enqueueJob(test.db, slowJob, { value: 1 });
    const long = await enqueueJob(test.db, slowJob, { value: 2 });
    test.app.jobs.kick();
    // Both jobs are running before the stop begins.
    for (let tries = 0; tries < 100; tries += 1) {
      const running = await test.db.select({ id: jobs.id }).from(jobs).where(eq(jobs.state, 'running'));
      if (running.some((row) => row.id === long)) break;
      await sleep(20);
    }
    const inFlight = fetch(`${base}/api/test/slow`);
    await sleep(50);

    const stopping = shutDown(test.app, 'test');
    // While draining, the process still answers, but readiness says to send nothing more.
    const ready = await fetch(`${base}/health/ready`);
    expect(ready.status).toBe(503);
    expect(await ready.json()).toEqual({ status: 'draining' });
    expect((await fetch(`${base}/health/live`)).status).toBe(200);

    expect(await stopping).toBe('closed');
    const finished = await inFlight;
    expect(finished.status).toBe(200);
    expect(await finished.json()).toEqual({ finished: true });
    await expect(fetch(`${base}/health/live`)).rejects.toThrow();

    const states = await test.db
      .select({ id: jobs.id, state: jobs.state, lockedBy: jobs.lockedBy })
      .from(jobs)
      .where(eq(jobs.kind, slowJob.kind));
    expect(states).toContainEqual({ id: quick, state: 'done', lockedBy: null });
    expect(states).toContainEqual({ id: long, state: 'queued', lockedBy: null });
    // The long job's run here committed nothing: another process runs it, once.
    await sleep(100);
    const runs = await test.db.execute(sql`SELECT value FROM test_shutdown_runs ORDER BY value`);
    expect((runs as unknown as { rows: { value: number }[] }).rows).toEqual([{ value: 1 }]);
  });
});
