// Payslips (/api/payslips/…) and tax certificates (/api/tax-certificates/…): the same calls, each kind with its
// abilities (contracts payslipAbilities, spec §6); the person's own under /api/me/…; the blacklist for payslips.
import { dataOf, idParamSchema, okSchema, paginationQuerySchema } from '@bottega/contracts/common';
import { businessDate } from '@bottega/contracts/dates';
import { jobSchema } from '@bottega/contracts/jobs';
import {
  deletedPayslipsAnswerSchema,
  ownPayslipsAnswerSchema,
  ownPayslipsQuerySchema,
  type PayslipKind,
  payslipAbilities,
  payslipApiBase,
  payslipArchiveQuerySchema,
  payslipBlacklistBodySchema,
  payslipBlacklistCandidatesAnswerSchema,
  payslipBlacklistCandidatesQuerySchema,
  payslipBlacklistEntryAnswerSchema,
  payslipBlacklistPageSchema,
  payslipConvalidateAnswerSchema,
  payslipConvalidateBodySchema,
  payslipItemListQuerySchema,
  payslipItemPageSchema,
  payslipKinds,
  payslipNotifyAnswerSchema,
  payslipPageSchema,
  payslipUploadAnswerSchema,
  payslipUploadFieldsSchema,
  payslipUploadListQuerySchema,
  payslipUploadMaxBytes,
  payslipUploadPageSchema,
  payslipUploadSchema,
} from '@bottega/contracts/payslips';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { sessionOf } from '../../platform/access';
import { currentTime } from '../../platform/clock';
import { AppError, fieldErrorsOf } from '../../platform/errors';
import { readUpload, sendFile } from '../../platform/file-transfer';
import { kickJobs } from '../../platform/jobs';
import {
  addToBlacklist,
  convalidatePayslips,
  deleteUpload,
  getUpload,
  listArchive,
  listBlacklist,
  listBlacklistCandidates,
  listItems,
  listOwn,
  listUploads,
  readPayslipFile,
  readUploadFile,
  removeFromBlacklist,
  resendNotice,
  startUpload,
} from './payslips.service';
import { newPayslipsTodo, newTaxCertificatesTodo, payslipsToConvalidateTodo } from './payslips.todos';

const pdf = 'application/pdf';
const fileQuerySchema = z.object({ disposition: z.enum(['inline', 'attachment']).default('attachment') });
const tagOf: Record<PayslipKind, string[]> = { payslip: ['payslips'], taxCertificate: ['tax-certificates'] };
const ownPath: Record<PayslipKind, string> = {
  payslip: '/api/me/payslips',
  taxCertificate: '/api/me/tax-certificates',
};

export const payslipsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.todos.register(payslipsToConvalidateTodo);
  app.todos.register(newPayslipsTodo);
  app.todos.register(newTaxCertificatesTodo);
  const files = { storage: app.storage, config: app.config };
  const now = () => currentTime(app.config);

  for (const kind of payslipKinds) {
    const base = payslipApiBase[kind];
    const can = payslipAbilities[kind];
    const tags = tagOf[kind];

    app.post(
      `${base}/uploads`,
      {
        config: { access: can.upload },
        schema: {
          tags,
          description:
            'Multipart: `file` (the consultant’s PDF), `companyId`, `year` and, for payslips, `month`. The original is ' +
            'kept sealed; a job splits it per employee by codice fiscale (follow `job` at GET /api/jobs/:id).',
          response: { 202: dataOf(z.object({ upload: payslipUploadSchema, job: jobSchema })) },
        },
      },
      async (request, reply) => {
        const file = await readUpload(request, payslipUploadMaxBytes);
        const fields = payslipUploadFieldsSchema.safeParse(file.fields);
        if (!fields.success) throw new AppError('validation', {}, fieldErrorsOf(fields.error, file.fields));
        const data = await startUpload({
          ...files,
          db: app.db,
          viewer: sessionOf(request),
          kind,
          fields: fields.data,
          file,
          ip: request.ip,
        });
        kickJobs();
        return reply.status(202).send({ data });
      },
    );

    app.get(
      `${base}/uploads`,
      {
        config: { access: can.logs },
        schema: { tags, querystring: payslipUploadListQuerySchema, response: { 200: payslipUploadPageSchema } },
      },
      async (request) => listUploads({ db: app.db, kind, query: request.query }),
    );

    // The convalidate and delete screens list uploads with their own abilities (the log's may not be held).
    app.get(
      `${base}/uploads/pending`,
      {
        config: { access: can.convalidate },
        schema: {
          tags,
          description: 'The uploads with payslips still to convalidate, newest first.',
          querystring: payslipUploadListQuerySchema.omit({ pending: true }),
          response: { 200: payslipUploadPageSchema },
        },
      },
      async (request) => listUploads({ db: app.db, kind, query: { ...request.query, pending: true } }),
    );

    app.get(
      `${base}/uploads/deletable`,
      {
        config: { access: can.delete },
        schema: {
          tags,
          description: 'The uploads that may be deleted (not being split), newest first.',
          querystring: payslipUploadListQuerySchema.omit({ pending: true }),
          response: { 200: payslipUploadPageSchema },
        },
      },
      async (request) =>
        listUploads({ db: app.db, kind, query: { ...request.query, pending: false, deletable: true } }),
    );

    app.get(
      `${base}/uploads/:id`,
      {
        config: { access: can.logs },
        schema: { tags, params: idParamSchema, response: { 200: payslipUploadAnswerSchema } },
      },
      async (request) => ({ data: await getUpload({ db: app.db, kind, id: request.params.id }) }),
    );

    app.get(
      `${base}/uploads/:id/items`,
      {
        config: { access: can.logsDetail },
        schema: {
          tags,
          description: 'What the split made of the file: problems first, then each employee in the file’s order.',
          params: idParamSchema,
          querystring: payslipItemListQuerySchema,
          response: { 200: payslipItemPageSchema },
        },
      },
      async (request) =>
        listItems({
          db: app.db,
          kind,
          uploadId: request.params.id,
          today: businessDate(now()),
          query: request.query,
        }),
    );

    app.get(
      `${base}/uploads/:id/file`,
      { config: { access: can.logsDetail }, schema: { tags, params: idParamSchema } },
      async (request, reply) => {
        const file = await readUploadFile({ ...files, db: app.db, kind, id: request.params.id });
        return sendFile(reply, { ...file, type: pdf }, 'attachment');
      },
    );

    app.delete(
      `${base}/uploads/:id`,
      {
        config: { access: can.delete },
        schema: {
          tags,
          description: 'Removes the file and every payslip written from it, convalidated ones included.',
          params: idParamSchema,
          response: { 200: deletedPayslipsAnswerSchema },
        },
      },
      async (request) => ({
        data: await deleteUpload({
          ...files,
          db: app.db,
          viewer: sessionOf(request),
          kind,
          id: request.params.id,
          ip: request.ip,
        }),
      }),
    );

    app.get(
      base,
      {
        config: { access: can.archive },
        schema: { tags, querystring: payslipArchiveQuerySchema, response: { 200: payslipPageSchema } },
      },
      async (request) => listArchive({ db: app.db, kind, query: request.query }),
    );

    app.post(
      `${base}/convalidate`,
      {
        config: { access: can.convalidate },
        schema: {
          tags,
          description:
            'Convalidates the named payslips of the upload, or without names every one still uploaded except those ' +
            'held for review; each employee (not blacklisted) is told.',
          body: payslipConvalidateBodySchema,
          response: { 200: payslipConvalidateAnswerSchema },
        },
      },
      async (request) => {
        const data = await convalidatePayslips({
          db: app.db,
          viewer: sessionOf(request),
          kind,
          uploadId: request.body.uploadId,
          payslipIds: request.body.payslipIds,
          now: now(),
          ip: request.ip,
        });
        kickJobs();
        return { data };
      },
    );

    app.get(
      `${base}/:id/file`,
      {
        // The owner with the kind's own ability, or staff with the download or review abilities (checked inside).
        config: { access: 'authenticated' },
        schema: { tags, params: idParamSchema, querystring: fileQuerySchema },
      },
      async (request, reply) => {
        const file = await readPayslipFile({
          ...files,
          db: app.db,
          session: sessionOf(request),
          kind,
          id: request.params.id,
          now: now(),
          ip: request.ip,
        });
        return sendFile(reply, { ...file, type: pdf }, request.query.disposition);
      },
    );

    app.post(
      `${base}/:id/notify`,
      {
        config: { access: can.sendEmail },
        schema: { tags, params: idParamSchema, response: { 200: payslipNotifyAnswerSchema } },
      },
      async (request) => {
        const data = await resendNotice({
          db: app.db,
          viewer: sessionOf(request),
          kind,
          id: request.params.id,
          now: now(),
          ip: request.ip,
        });
        kickJobs();
        return { data };
      },
    );

    app.get(
      ownPath[kind],
      {
        config: { access: can.own },
        schema: { tags, querystring: ownPayslipsQuerySchema, response: { 200: ownPayslipsAnswerSchema } },
      },
      async (request) =>
        listOwn({ db: app.db, session: sessionOf(request), kind, year: request.query.year, now: now() }),
    );
  }

  const tags = ['payslips'];
  app.get(
    '/api/payslips/blacklist',
    {
      config: { access: 'employees.payslips.blacklist.view' },
      schema: { tags, querystring: paginationQuerySchema, response: { 200: payslipBlacklistPageSchema } },
    },
    async (request) => listBlacklist({ db: app.db, query: request.query, today: businessDate(now()) }),
  );

  app.get(
    '/api/payslips/blacklist/candidates',
    {
      config: { access: 'employees.payslips.blacklist.add' },
      schema: {
        tags,
        description: 'Up to 20 current and former employees matching the search (name, surname or codice fiscale).',
        querystring: payslipBlacklistCandidatesQuerySchema,
        response: { 200: payslipBlacklistCandidatesAnswerSchema },
      },
    },
    async (request) => ({ data: await listBlacklistCandidates({ db: app.db, search: request.query.search }) }),
  );

  app.post(
    '/api/payslips/blacklist',
    {
      config: { access: 'employees.payslips.blacklist.add' },
      schema: { tags, body: payslipBlacklistBodySchema, response: { 201: payslipBlacklistEntryAnswerSchema } },
    },
    async (request, reply) => {
      const data = await addToBlacklist({
        db: app.db,
        viewer: sessionOf(request),
        userId: request.body.userId,
        expiresOn: request.body.expiresOn,
        today: businessDate(now()),
        ip: request.ip,
      });
      return reply.status(201).send({ data });
    },
  );

  app.delete(
    '/api/payslips/blacklist/:id',
    {
      config: { access: 'employees.payslips.blacklist.delete' },
      schema: { tags, params: idParamSchema, response: { 200: okSchema } },
    },
    async (request) => {
      await removeFromBlacklist({ db: app.db, viewer: sessionOf(request), id: request.params.id, ip: request.ip });
      return { data: { ok: true as const } };
    },
  );
};
