// The POS archive (/api/pos/…): settlement file uploads and their import, the archive's entries, the per-day comparison.
import { idParamSchema, paginationQuerySchema } from '@bottega/contracts/common';
import {
  posComparisonAnswerSchema,
  posComparisonQuerySchema,
  posEntryExportQuerySchema,
  posEntryListQuerySchema,
  posEntryPageSchema,
  posUploadAnswerSchema,
  posUploadMaxBytes,
  posUploadPageSchema,
  posUploadStartedSchema,
} from '@bottega/contracts/pos';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { sessionOf } from '../../platform/access';
import { readUpload, sendFile } from '../../platform/file-transfer';
import { pickLanguage } from '../../platform/i18n';
import { kickJobs } from '../../platform/jobs';
import {
  comparePos,
  exportEntries,
  getUpload,
  listEntries,
  listUploads,
  readUploadFile,
  startUpload,
} from './pos.service';

const tags = ['pos'];
/** Spec §6 Shops › bank › POS archive: one ability for all of it, seeing and uploading. */
const access = 'shops.bank.posArchive';

export const posRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/api/pos/uploads',
    {
      config: { access },
      schema: {
        tags,
        description:
          'Multipart: `file`, the acquirer’s settlement CSV (date, merchant code, terminal, card type, amount, state, ' +
          'authorisation code; Italian or English headers). A job imports it (follow `job` at GET /api/jobs/:id): a ' +
          'file it cannot read fails with the problem (line and field) and nothing imported; rows already in the ' +
          'archive are not added again; rows of merchant codes no shop has are left out and counted.',
        response: { 202: posUploadStartedSchema },
      },
    },
    async (request, reply) => {
      const file = await readUpload(request, posUploadMaxBytes);
      const data = await startUpload({
        db: app.db,
        storage: app.storage,
        viewer: sessionOf(request),
        file,
        ip: request.ip,
      });
      kickJobs();
      return reply.status(202).send({ data });
    },
  );

  app.get(
    '/api/pos/uploads',
    {
      config: { access },
      schema: {
        tags,
        description: 'The settlement files uploaded, newest first.',
        querystring: paginationQuerySchema,
        response: { 200: posUploadPageSchema },
      },
    },
    async (request) => listUploads({ db: app.db, query: request.query }),
  );

  app.get(
    '/api/pos/uploads/:id',
    { config: { access }, schema: { tags, params: idParamSchema, response: { 200: posUploadAnswerSchema } } },
    async (request) => ({ data: await getUpload({ db: app.db, id: request.params.id }) }),
  );

  app.get(
    '/api/pos/uploads/:id/file',
    {
      config: { access },
      schema: { tags, description: 'The settlement file as it was uploaded.', params: idParamSchema },
    },
    async (request, reply) => {
      const file = await readUploadFile({ db: app.db, storage: app.storage, id: request.params.id });
      // Sent as text whatever it holds: a hostile upload is never served as anything a browser would run.
      return sendFile(reply, { ...file, type: 'text/csv; charset=utf-8' }, 'attachment');
    },
  );

  app.get(
    '/api/pos/entries',
    {
      config: { access },
      schema: {
        tags,
        description:
          'The settled card transactions of the viewer’s shops, newest day first, by shop, month or days, card type ' +
          'and state, with the count and the money settled of all the filters select. Another shop answers 404.',
        querystring: posEntryListQuerySchema,
        response: { 200: posEntryPageSchema },
      },
    },
    async (request) => listEntries({ db: app.db, viewer: sessionOf(request), query: request.query }),
  );

  app.get(
    '/api/pos/entries/export',
    {
      config: { access },
      schema: {
        tags,
        description:
          'Every entry of a month the filters select as CSV (Italian Excel’s format), headings in the Accept-Language.',
        querystring: posEntryExportQuerySchema,
      },
    },
    async (request, reply) => {
      const file = await exportEntries({
        db: app.db,
        viewer: sessionOf(request),
        filters: request.query,
        lng: pickLanguage(request.headers['accept-language']),
      });
      return sendFile(reply, file, 'attachment');
    },
  );

  app.get(
    '/api/pos/comparison',
    {
      config: { access },
      schema: {
        tags,
        description:
          'Per shop and day of the month that an imported file covers: the money settled (accepted less reversed), ' +
          'the cash report’s POS subtotal and the sales feed’s card payments; `differs` where they disagree.',
        querystring: posComparisonQuerySchema,
        response: { 200: posComparisonAnswerSchema },
      },
    },
    async (request) => ({ data: await comparePos({ db: app.db, viewer: sessionOf(request), query: request.query }) }),
  );
};
