import { z } from 'zod';
import { dataOf, paginationMetaSchema, paginationQuerySchema } from './common';

// Background jobs (platform/jobs.ts): their progress for whoever started one, and the developers' list.

/** queued (waiting, or waiting for a retry) → running → done, or failed once its attempts are spent. */
export const jobStates = ['queued', 'running', 'done', 'failed'] as const;
export type JobState = (typeof jobStates)[number];

export const jobSchema = z.object({
  id: z.number().int(),
  kind: z.string(),
  state: z.enum(jobStates),
  attempts: z.number().int(),
  maxAttempts: z.number().int(),
  lastError: z.string().nullable(),
  /** When it may run next; null: as soon as possible. */
  runAt: z.iso.datetime().nullable(),
  createdAt: z.iso.datetime(),
  startedAt: z.iso.datetime().nullable(),
  finishedAt: z.iso.datetime().nullable(),
  /** From the start of its last attempt to its end. */
  durationMs: z.number().int().nullable(),
  progress: z.object({ done: z.number().int(), total: z.number().int(), message: z.string().nullable() }),
  /** What it leaves for the person who started it, e.g. `{ link }`. */
  result: z.record(z.string(), z.unknown()).nullable(),
});
export type Job = z.infer<typeof jobSchema>;
export const jobAnswerSchema = dataOf(jobSchema);

export const jobListQuerySchema = paginationQuerySchema.extend({ state: z.enum(jobStates).optional() });
export const jobPageSchema = z.object({
  data: z.array(jobSchema.extend({ payload: z.record(z.string(), z.unknown()) })),
  meta: paginationMetaSchema.extend({ counts: z.record(z.enum(jobStates), z.number().int()) }),
});
export type JobPage = z.infer<typeof jobPageSchema>;

/** Pushed on the starter's user channel whenever a job they started moves (progress, retry, end). */
export const jobProgressEvent = 'job.progress';
