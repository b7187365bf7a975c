// One server process's job worker, alone, for the exactly-once test (platform/jobs.postgres.test.ts) and the jobs
// benchmark (bench/jobs.ts): runs the test kind against the PostgreSQL database given as first argument until it is
// killed or sent SIGTERM; the second argument is how long each job works (milliseconds, default 5).
import { sql } from 'drizzle-orm';
import { z } from 'zod';
import { loadConfig } from '../src/config';
import { openDatabase } from '../src/platform/db';
import { createJobWorker, defineJob } from '../src/platform/jobs';
import { silentLogger } from './silent-logger';

const databaseUrl = process.argv[2] as string;
const workMs = Number(process.argv[3] ?? 5);
const concurrency = Number(process.argv[4] ?? 4);
const database = openDatabase({ databaseUrl });

/** Each run is written with the job's completion: a run counted twice would be a job done twice. */
defineJob({
  kind: 'test.exactlyOnce',
  payload: z.object({ n: z.number().int() }),
  leaseSeconds: 2,
  run: async ({ id, complete }) => {
    if (workMs > 0) await new Promise((resolve) => setTimeout(resolve, workMs));
    await complete(async (tx) => {
      await tx.execute(sql`INSERT INTO job_runs (job_id, pid) VALUES (${id}, ${process.pid})`);
      return undefined;
    });
  },
});

const worker = createJobWorker(
  {
    db: database.db,
    now: () => new Date(),
    log: silentLogger,
    config: loadConfig({ DATABASE_URL: databaseUrl, APP_KEY: 'x'.repeat(32) }),
  },
  { pollMs: 50, concurrency },
);
worker.start();
process.stdout.write('ready\n');
process.on('SIGTERM', async () => {
  await worker.stop();
  await database.close();
  process.exit(0);
});
