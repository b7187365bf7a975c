// Developer tools (first group Developer, or an admin): the mail outbox, to read what the app sends.

import { idParamSchema } from '@bottega/contracts/common';
import {
  mailAttachmentParamsSchema,
  mailDetailAnswerSchema,
  mailOutboxPageSchema,
  mailOutboxQuerySchema,
} from '@bottega/contracts/developer';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { sendFile } from '../../platform/file-transfer';
import { getOutboxMail, listOutboxMails, readOutboxAttachment } from './developer.service';

const tags = ['developer'];
/** "Developer" is no ability: signed in, then platform/developer-access.ts lets only developers and admins through. */
const developerOnly = { access: 'authenticated', developer: true } as const;

export const developerRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/developer/mail',
    {
      config: developerOnly,
      schema: { tags, querystring: mailOutboxQuerySchema, response: { 200: mailOutboxPageSchema } },
    },
    async (request) => listOutboxMails({ db: app.db, ...request.query, smtp: app.config.smtpUrl !== undefined }),
  );

  app.get(
    '/api/developer/mail/:id',
    {
      config: developerOnly,
      schema: { tags, params: idParamSchema, response: { 200: mailDetailAnswerSchema } },
    },
    async (request) => ({ data: await getOutboxMail({ db: app.db, id: request.params.id }) }),
  );

  // A mail's file as it was sent (a DDT's PDF). Binary, so no JSON schema.
  app.get(
    '/api/developer/mail/:id/attachments/:index',
    { config: developerOnly, schema: { tags, params: mailAttachmentParamsSchema } },
    async (request, reply) => {
      const file = await readOutboxAttachment({ db: app.db, storage: app.storage, ...request.params });
      return sendFile(reply, file, 'attachment');
    },
  );
};
