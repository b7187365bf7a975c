// Health for load balancers and orchestrators (issue 29): /health/live answers while the process runs (restart it when
// it does not); /health/ready answers 200 only while it can serve — the database answers, no migration is pending,
// Redis answers when REDIS_URL is set, the storage takes a write, the process is not stopping — and 503 otherwise, so
// traffic goes elsewhere. Public (a probe carries no session) and saying nothing but each check's outcome: the reasons
// go to the log.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { Redis } from 'ioredis';
import { z } from 'zod';
import type { Config } from '../config';
import { type Database, migrationsFolder } from './db';
import type { Storage } from './storage';

/** How long one check may take before it counts as failed: a probe must answer within its own timeout. */
const checkTimeoutMs = 3000;

const outcome = z.enum(['ok', 'failed', 'pending', 'notConfigured']);
const readinessSchema = z.object({
  /** `draining`: the process is stopping (platform/shutdown.ts), whatever its checks would say. */
  status: z.enum(['ready', 'notReady', 'draining']),
  checks: z.object({ database: outcome, migrations: outcome, redis: outcome, storage: outcome }).optional(),
});
export type Readiness = z.infer<typeof readinessSchema>;

/** The migrations this build carries (drizzle-kit's journal): the database must have run as many. */
function migrationsInBuild(): number {
  const journal = JSON.parse(readFileSync(path.join(migrationsFolder, 'meta', '_journal.json'), 'utf8')) as {
    entries: unknown[];
  };
  return journal.entries.length;
}

function withinTimeout<T>(work: Promise<T>): Promise<T> {
  return Promise.race([
    work,
    new Promise<T>((_, reject) =>
      setTimeout(() => reject(new Error('health check timed out')), checkTimeoutMs).unref(),
    ),
  ]);
}

export function registerHealth(
  app: FastifyInstance,
  options: { db: Database; config: Pick<Config, 'redisUrl'>; storage: Storage },
): void {
  const expectedMigrations = migrationsInBuild();
  // One connection for the probes, made on the first one; no queue while it is down, so a probe fails at once.
  const redis = options.config.redisUrl
    ? new Redis(options.config.redisUrl, { lazyConnect: true, enableOfflineQueue: false, maxRetriesPerRequest: 0 })
    : null;
  redis?.on('error', () => undefined);
  app.addHook('onClose', async () => {
    redis?.disconnect();
  });

  const check = async (name: string, work: () => Promise<z.infer<typeof outcome>>) => {
    try {
      return await withinTimeout(work());
    } catch (error) {
      app.log.warn({ err: error, check: name }, 'readiness check failed');
      return 'failed' as const;
    }
  };

  const readiness = async (): Promise<Readiness> => {
    const [database, migrations, redisState, storage] = await Promise.all([
      check('database', async () => {
        await options.db.execute(sql`SELECT 1`);
        return 'ok';
      }),
      check('migrations', async () => {
        const answer = await options.db.execute(sql`SELECT count(*)::int AS done FROM drizzle.__drizzle_migrations`);
        const done = (answer as unknown as { rows: { done: number }[] }).rows[0]?.done ?? 0;
        return done >= expectedMigrations ? 'ok' : 'pending';
      }),
      check('redis', async () => {
        if (!redis) return 'notConfigured';
        if (redis.status === 'wait' || redis.status === 'end') await redis.connect();
        return (await redis.ping()) === 'PONG' ? 'ok' : 'failed';
      }),
      check('storage', async () => {
        const probe = new TextEncoder().encode(`health ${Date.now()}`);
        const key = await options.storage.put('health', probe, 'txt');
        try {
          const back = await options.storage.get(key);
          return Buffer.from(back).equals(Buffer.from(probe)) ? 'ok' : 'failed';
        } finally {
          await options.storage.remove(key);
        }
      }),
    ]);
    const checks = { database, migrations, redis: redisState, storage };
    const ready = Object.values(checks).every((state) => state === 'ok' || state === 'notConfigured');
    return { status: ready ? 'ready' : 'notReady', checks };
  };

  const typed = app.withTypeProvider<ZodTypeProvider>();
  typed.get(
    '/health/live',
    {
      config: { access: 'public' },
      schema: {
        tags: ['health'],
        description: 'The process runs: 200 as long as it can answer at all (liveness).',
        response: { 200: z.object({ status: z.literal('alive') }) },
      },
    },
    async () => ({ status: 'alive' as const }),
  );
  typed.get(
    '/health/ready',
    {
      config: { access: 'public' },
      schema: {
        tags: ['health'],
        description:
          'Whether this process can serve (readiness): the database, pending migrations, Redis when configured and ' +
          'the storage; 200 when ready, 503 with each check’s outcome when not.',
        response: { 200: readinessSchema, 503: readinessSchema },
      },
    },
    async (_request, reply) => {
      const answer: Readiness = app.draining ? { status: 'draining' } : await readiness();
      return reply
        .status(answer.status === 'ready' ? 200 : 503)
        .header('cache-control', 'no-store')
        .send(answer);
    },
  );
}
