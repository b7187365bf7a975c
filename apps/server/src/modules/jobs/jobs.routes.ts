// Background jobs: a person's own (the progress of what they started) and the developers' list with retry.
import { idParamSchema } from '@bottega/contracts/common';
import { jobAnswerSchema, jobListQuerySchema, jobPageSchema } from '@bottega/contracts/jobs';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { sessionOf } from '../../platform/access';
import { kickJobs } from '../../platform/jobs';
import { getOwnJob, listJobs, retryJob } from './jobs.service';

const tags = ['jobs'];
/** "Developer" is no ability: signed in, then platform/developer-access.ts lets only developers and admins through. */
const developerOnly = { access: 'authenticated', developer: true } as const;

export const jobsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/jobs/:id',
    {
      config: { access: 'authenticated' },
      schema: {
        tags,
        description: 'A job the caller started: its state and progress (404 for anyone else’s).',
        params: idParamSchema,
        response: { 200: jobAnswerSchema },
      },
    },
    async (request) => ({
      data: await getOwnJob({ db: app.db, userId: sessionOf(request).userId, id: request.params.id }),
    }),
  );

  app.get(
    '/api/developer/jobs',
    {
      config: developerOnly,
      schema: { tags, querystring: jobListQuerySchema, response: { 200: jobPageSchema } },
    },
    async (request) => listJobs({ db: app.db, ...request.query }),
  );

  app.post(
    '/api/developer/jobs/:id/retry',
    {
      config: developerOnly,
      schema: {
        tags,
        description: 'Queues a failed job for one more attempt now (409 jobNotRetryable unless it failed).',
        params: idParamSchema,
        response: { 200: jobAnswerSchema },
      },
    },
    async (request) => {
      const job = await retryJob({ db: app.db, actorId: sessionOf(request).userId, id: request.params.id });
      kickJobs();
      return { data: job };
    },
  );
};
