// Translation overrides for a language (spec §7 api/language/variable), read before sign-in too.
import { translationOverridesAnswerSchema, translationOverridesQuerySchema } from '@bottega/contracts/auth';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { listTranslationOverrides } from './language.service';

export const languageRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/language/variable',
    {
      config: { access: 'public' },
      schema: {
        tags: ['language'],
        querystring: translationOverridesQuerySchema,
        response: { 200: translationOverridesAnswerSchema },
      },
    },
    async (request) => ({ data: await listTranslationOverrides({ db: app.db, lng: request.query.lng }) }),
  );
};
