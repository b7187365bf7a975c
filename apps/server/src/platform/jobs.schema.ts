import { sql } from 'drizzle-orm';
import { bigserial, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { users } from '../modules/employees/employees.schema';

/**
 * Background work (platform/jobs.ts): each row is one job of a kind defined at start-up, claimed by one server
 * process with FOR UPDATE SKIP LOCKED under a lease, retried with growing back-off and kept after it ends.
 */
export const jobs = pgTable(
  'jobs',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    kind: varchar('kind', { length: 100 }).notNull(),
    payload: jsonb('payload').$type<Record<string, unknown>>().notNull().default({}),
    /** queued → running → done, or back to queued for a retry, or failed once the attempts are spent. */
    state: varchar('state', { length: 20 }).notNull().default('queued'),
    /**
     * When it may run, on the business clock; null: as soon as possible (a request's work is due whatever the business
     * clock says, which CLOCK_START may set days away from the machine's).
     */
    runAt: timestamp('run_at', { withTimezone: true }),
    attempts: integer('attempts').notNull().default(0),
    maxAttempts: integer('max_attempts').notNull(),
    lastError: text('last_error'),
    /** The process holding it and until when: a lease that ran out (the process died) lets another take it. */
    lockedBy: varchar('locked_by', { length: 100 }),
    lockedUntil: timestamp('locked_until', { withTimezone: true }),
    /** Who started it: the one its progress is shown to. */
    startedBy: integer('started_by').references(() => users.id, { onDelete: 'set null' }),
    /** The request that queued it (its X-Request-Id, platform/logging.ts): the job's log lines carry it too. */
    requestId: varchar('request_id', { length: 64 }),
    progressDone: integer('progress_done').notNull().default(0),
    progressTotal: integer('progress_total').notNull().default(0),
    progressMessage: varchar('progress_message', { length: 300 }),
    /** What a finished job leaves for the person who started it (e.g. a link). */
    result: jsonb('result').$type<Record<string, unknown>>(),
    /** At most one job per key, e.g. one run of a schedule at a given minute. */
    uniqueKey: varchar('unique_key', { length: 200 }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    startedAt: timestamp('started_at', { withTimezone: true }),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
  },
  (table) => [
    index('jobs_due_idx').on(table.runAt.asc().nullsFirst(), table.id).where(sql`${table.state} = 'queued'`),
    index('jobs_lease_idx').on(table.lockedUntil).where(sql`${table.state} = 'running'`),
    index('jobs_state_created_idx').on(table.state, table.createdAt.desc()),
    index('jobs_started_by_idx').on(table.startedBy, table.createdAt.desc()),
    uniqueIndex('jobs_unique_key').on(table.uniqueKey),
  ],
);

/** Recurring jobs: a cron expression read in Europe/Rome, and when it next falls due. */
export const jobSchedules = pgTable('job_schedules', {
  name: varchar('name', { length: 100 }).primaryKey(),
  cron: varchar('cron', { length: 100 }).notNull(),
  kind: varchar('kind', { length: 100 }).notNull(),
  nextRunAt: timestamp('next_run_at', { withTimezone: true }).notNull(),
  lastRunAt: timestamp('last_run_at', { withTimezone: true }),
});
