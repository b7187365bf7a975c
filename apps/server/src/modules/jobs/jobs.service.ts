// Background jobs as people see them: the one they started (its progress bar) and, for developers, every job by
// state with its errors, attempts and durations, and a retry for one that was given up.
import type { Job, JobPage, JobState } from '@bottega/contracts/jobs';
import { jobStates } from '@bottega/contracts/jobs';
import { and, count, desc, eq, type SQL, sql } from 'drizzle-orm';
import { writeAudit } from '../../platform/audit';
import type { Database, Executor } from '../../platform/db';
import { AppError } from '../../platform/errors';
import { toJob } from '../../platform/jobs';
import { jobs } from '../../platform/jobs.schema';

/** A job of the caller's: someone else's answers 404, as if it did not exist. */
export async function getOwnJob(options: { db: Executor; userId: number; id: number }): Promise<Job> {
  const [row] = await options.db
    .select()
    .from(jobs)
    .where(and(eq(jobs.id, options.id), eq(jobs.startedBy, options.userId)));
  if (!row) throw new AppError('notFound');
  return toJob(row);
}

/**
 * The caller's latest jobs of one kind (e.g. their exports), newest first, with their payload; `payload` keeps only
 * those whose payload holds these values (e.g. one shop's). Read on the starter's index: a person starts few jobs.
 */
export async function listOwnJobs(options: {
  db: Executor;
  userId: number;
  kind: string;
  limit: number;
  payload?: Record<string, unknown>;
}): Promise<(Job & { payload: Record<string, unknown> })[]> {
  const rows = await options.db
    .select()
    .from(jobs)
    .where(
      and(
        eq(jobs.startedBy, options.userId),
        eq(jobs.kind, options.kind),
        options.payload ? sql`${jobs.payload} @> ${JSON.stringify(options.payload)}::jsonb` : undefined,
      ),
    )
    .orderBy(desc(jobs.createdAt), desc(jobs.id))
    .limit(options.limit);
  return rows.map((row) => ({ ...toJob(row), payload: row.payload }));
}

export async function listJobs(options: {
  db: Database;
  state?: JobState;
  page: number;
  perPage: number;
}): Promise<JobPage> {
  const { db, page, perPage } = options;
  const where: SQL | undefined = options.state ? eq(jobs.state, options.state) : undefined;
  const rows = await db
    .select()
    .from(jobs)
    .where(where)
    .orderBy(desc(jobs.createdAt), desc(jobs.id))
    .limit(perPage)
    .offset((page - 1) * perPage);
  const byState = await db.select({ state: jobs.state, value: count() }).from(jobs).groupBy(jobs.state);
  const counts = Object.fromEntries(jobStates.map((state) => [state, 0])) as Record<JobState, number>;
  for (const { state, value } of byState) if (state in counts) counts[state as JobState] = value;
  const total = options.state ? counts[options.state] : Object.values(counts).reduce((sum, value) => sum + value, 0);
  return {
    data: rows.map((row) => ({ ...toJob(row), payload: row.payload })),
    meta: { page, perPage, total, counts },
  };
}

/** A given-up job queued again for one more attempt, now (audited: a developer chose to run it again). */
export async function retryJob(options: { db: Database; actorId: number; id: number }): Promise<Job> {
  return options.db.transaction(async (tx) => {
    const [row] = await tx.select().from(jobs).where(eq(jobs.id, options.id)).for('update');
    if (!row) throw new AppError('notFound');
    if (row.state !== 'failed') throw new AppError('jobNotRetryable', { state: row.state });
    const [queued] = await tx
      .update(jobs)
      .set({ state: 'queued', runAt: null, maxAttempts: row.attempts + 1, finishedAt: null })
      .where(eq(jobs.id, row.id))
      .returning();
    await writeAudit(tx, {
      actorId: options.actorId,
      action: 'job.retried',
      entity: 'job',
      entityId: row.id,
      fromState: 'failed',
      toState: 'queued',
      data: { kind: row.kind, attempts: row.attempts, lastError: row.lastError },
    });
    return toJob(queued as typeof row);
  });
}
