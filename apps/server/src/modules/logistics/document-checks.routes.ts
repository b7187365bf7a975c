// Document checks RM and MF (documents/manage/rm and /mf): each register's documents, adding one, and validating one
// against the processed files — irreversible; a failure is 422 "document validation failed, contact support".
import { idParamSchema } from '@bottega/contracts/common';
import {
  documentCheckAbility,
  documentCheckAnswerSchema,
  documentCheckBodySchema,
  documentCheckListQuerySchema,
  documentCheckPageSchema,
  documentCheckTypes,
} from '@bottega/contracts/logistics';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { sessionOf } from '../../platform/access';
import { currentTime } from '../../platform/clock';
import { addDocumentCheck, listDocumentChecks, validateDocumentCheck } from './document-checks.service';

const tags = ['logistics'];

export const documentChecksRoutes: FastifyPluginAsyncZod = async (app) => {
  for (const type of documentCheckTypes) {
    const access = documentCheckAbility[type];
    const base = `/api/documents/${type}`;

    app.get(
      base,
      {
        config: { access },
        schema: {
          tags,
          description:
            `The ${type.toUpperCase()} documents, latest date first: search matches the number (whole, or as printed ` +
            '“123/RM”) or part of the serial number; validated “yes” or “no” filters.',
          querystring: documentCheckListQuerySchema,
          response: { 200: documentCheckPageSchema },
        },
      },
      async (request) => listDocumentChecks({ db: app.db, type, query: request.query }),
    );

    app.post(
      base,
      {
        config: { access },
        schema: {
          tags,
          description: `Enters an ${type.toUpperCase()} document; the same date, number and serial number again is 409.`,
          body: documentCheckBodySchema,
          response: { 201: documentCheckAnswerSchema },
        },
      },
      async (request, reply) => {
        const data = await addDocumentCheck({
          db: app.db,
          session: sessionOf(request),
          type,
          body: request.body,
          ip: request.ip,
        });
        return reply.status(201).send({ data });
      },
    );

    app.post(
      `${base}/:id/validate`,
      {
        config: { access },
        schema: {
          tags,
          description:
            'Validates the document against the processed or emailed files of the register’s kinds with its serial ' +
            'number, number and date; irreversible (again: 409). None: 422 documentValidationFailed, the reason logged.',
          params: idParamSchema,
          response: { 200: documentCheckAnswerSchema },
        },
      },
      async (request) => ({
        data: await validateDocumentCheck({
          db: app.db,
          session: sessionOf(request),
          type,
          id: request.params.id,
          now: currentTime(app.config),
          log: request.log,
          ip: request.ip,
        }),
      }),
    );
  }
};
