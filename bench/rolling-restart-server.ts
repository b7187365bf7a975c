// One server process of bench/rolling-restart.ts: the real server (apps/server/src/main.ts, on the database and port
// its environment names) with one more kind of job, whose every committed run is written down, so the benchmark can
// tell a job lost or run twice across the restarts.
import { sql } from 'drizzle-orm';
import { z } from 'zod';
import { defineJob } from '../apps/server/src/platform/jobs';

defineJob({
  kind: 'bench.work',
  payload: z.object({ n: z.number().int(), workMs: z.number().int() }),
  leaseSeconds: 30,
  run: async ({ id, payload, complete }) => {
    await new Promise((resolve) => setTimeout(resolve, payload.workMs));
    await complete(async (tx) => {
      await tx.execute(sql`INSERT INTO bench_job_runs (job_id, pid) VALUES (${id}, ${process.pid})`);
      return undefined;
    });
  },
});

await import('../apps/server/src/main');
