// Two server processes on one PostgreSQL never run the same job twice, even when one is killed mid-way (issue 18):
// 1,000 jobs, each writing one row with its completion; every job done, each exactly once. Runs in the api-postgres
// project only (vitest.config.ts).
import { type ChildProcess, spawn } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPostgresDatabase } from '../../test/harness';
import { type DatabaseHandle, openDatabase } from './db';

const script = path.join(path.dirname(fileURLToPath(import.meta.url)), '../../test/job-worker-process.ts');
const jobCount = 1000;

async function scalar(database: DatabaseHandle, query: ReturnType<typeof sql>): Promise<number> {
  const answer = await database.db.execute(query);
  return Number((answer as unknown as { rows: { value: number }[] }).rows[0]?.value ?? 0);
}

function startWorkerProcess(url: string): Promise<ChildProcess> {
  const child = spawn(process.execPath, ['--import', 'tsx', script, url], { stdio: ['ignore', 'pipe', 'inherit'] });
  return new Promise((resolve, reject) => {
    child.stdout?.once('data', () => resolve(child));
    child.once('error', reject);
  });
}

describe('two worker processes on PostgreSQL', () => {
  let created: { url: string; drop: () => Promise<void> };
  let database: DatabaseHandle;
  const children: ChildProcess[] = [];
  beforeAll(async () => {
    created = await createPostgresDatabase();
    database = openDatabase({ databaseUrl: created.url });
    await database.migrate();
    await database.db.execute(sql`CREATE TABLE job_runs (job_id bigint NOT NULL, pid integer NOT NULL)`);
  });
  afterAll(async () => {
    for (const child of children) child.kill('SIGKILL');
    await database?.close();
    await created?.drop();
  });

  it(`run each of ${jobCount} jobs exactly once, one of them killed half-way`, { timeout: 120_000 }, async () => {
    await database.db.execute(sql`
      INSERT INTO jobs (kind, payload, run_at, max_attempts)
      SELECT 'test.exactlyOnce', jsonb_build_object('n', n), now(), 10 FROM generate_series(1, ${jobCount}) AS n`);
    children.push(await startWorkerProcess(created.url), await startWorkerProcess(created.url));
    const [doomed, survivor] = children as [ChildProcess, ChildProcess];

    await expect
      .poll(() => scalar(database, sql`SELECT count(*)::int AS value FROM job_runs`), { timeout: 60_000 })
      .toBeGreaterThan(jobCount / 4);
    doomed.kill('SIGKILL');

    await expect
      .poll(() => scalar(database, sql`SELECT count(*)::int AS value FROM jobs WHERE state = 'done'`), {
        timeout: 90_000,
        interval: 250,
      })
      .toBe(jobCount);
    // Counted only now: a commit the doomed process had already sent can still land just after the kill.
    const doomedRuns = await scalar(
      database,
      sql`SELECT count(*)::int AS value FROM job_runs WHERE pid = ${doomed.pid as number}`,
    );
    expect(await scalar(database, sql`SELECT count(*)::int AS value FROM job_runs`)).toBe(jobCount);
    expect(await scalar(database, sql`SELECT count(DISTINCT job_id)::int AS value FROM job_runs`)).toBe(jobCount);
    expect(doomedRuns).toBeGreaterThan(0);
    expect(
      await scalar(database, sql`SELECT count(*)::int AS value FROM job_runs WHERE pid = ${survivor.pid as number}`),
    ).toBe(jobCount - doomedRuns);
  });
});
