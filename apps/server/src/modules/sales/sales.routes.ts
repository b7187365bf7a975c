// The sales feed: the machine API the shops' registers and agents send receipts and fiscal closes to, and the shop page's feed, credentials, day totals, receipts and receipts exports.
import { idParamSchema, isoDateSchema, okSchema, paginationQuerySchema } from '@bottega/contracts/common';
import {
  fiscalCloseAnswerSchema,
  fiscalCloseBatchSchema,
  fiscalCloseRecordSchema,
  ingestAnswerSchema,
  readPrinterBodySchema,
  receiptBatchSchema,
  salesClientCreateBodySchema,
  salesClientCreatedAnswerSchema,
  salesClientsAnswerSchema,
  salesDaysAnswerSchema,
  salesDaysQuerySchema,
  salesExportAnswerSchema,
  salesExportBodySchema,
  salesExportsAnswerSchema,
  salesFeedAnswerSchema,
  salesFeedQuerySchema,
  salesRejectionsAnswerSchema,
  shopDayQuerySchema,
  shopDayReceiptsAnswerSchema,
} from '@bottega/contracts/sales';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { sessionOf } from '../../platform/access';
import { currentTime } from '../../platform/clock';
import { AppError } from '../../platform/errors';
import { readUpload, sendFile } from '../../platform/file-transfer';
import { pickLanguage } from '../../platform/i18n';
import { kickJobs } from '../../platform/jobs';
import {
  authenticateSalesClient,
  createSalesClient,
  enterFiscalClose,
  enterFiscalCloseFile,
  getSalesFeed,
  getShopSalesDays,
  listSalesClients,
  listSalesRejections,
  listShopDayReceipts,
  readFiscalCloseFromPrinter,
  revokeSalesClient,
  type SalesClientIdentity,
} from './sales.service';
import './sales.jobs';
import { fiscalClosesMissingTodo } from './sales.todos';
import { listReceiptsExports, readReceiptsExport, requestReceiptsExport } from './sales-export.service';
import { ingestFiscalCloses, ingestReceipts } from './sales-ingest.service';

const tags = ['sales'];

/** A batch of 1,000 receipts with their lines is a few megabytes of JSON. */
const ingestBodyLimitBytes = 10 * 1024 * 1024;

/** A day's corrispettivi XML is a few kilobytes; signed, a few more. */
const fiscalCloseFileLimitBytes = 1024 * 1024;

const salesClientParamsSchema = idParamSchema.extend({ clientId: z.coerce.number().int().positive() });

const machineDescription =
  'Machine API: `Authorization: Bearer <clientId>.<secret>` with a credential of the shop (created on its page). ' +
  'Each record is checked on its own; refused ones come back with a reason, the others are stored. ' +
  'A record sent again is counted as a duplicate; sent again with other content it is refused as changedResend.';

export const salesRoutes: FastifyPluginAsyncZod = async (app) => {
  app.todos.register(fiscalClosesMissingTodo);

  const callers = new WeakMap<FastifyRequest, SalesClientIdentity>();

  // Before the body is read: an unknown caller is refused without parsing megabytes of JSON.
  const authenticate = async (request: FastifyRequest) => {
    const client = await authenticateSalesClient({ db: app.db, authorization: request.headers.authorization });
    if (!client) throw new AppError('salesClientUnauthorized');
    callers.set(request, client);
  };
  const callerOf = (request: FastifyRequest) => {
    const client = callers.get(request);
    if (!client) throw new AppError('salesClientUnauthorized');
    return client;
  };
  const machine = {
    config: { access: 'public', csrf: false },
    bodyLimit: ingestBodyLimitBytes,
    onRequest: authenticate,
  } as const;

  app.post(
    '/api/sales/ingest/receipts',
    {
      ...machine,
      schema: {
        tags,
        description: machineDescription,
        body: receiptBatchSchema,
        response: { 200: ingestAnswerSchema },
      },
    },
    async (request) => {
      const client = callerOf(request);
      return {
        data: await ingestReceipts({
          db: app.db,
          shopId: client.shopId,
          clientId: client.id,
          records: request.body.receipts,
          lng: pickLanguage(request.headers['accept-language']),
          realtime: app.realtime,
          metrics: app.metrics,
        }),
      };
    },
  );

  app.post(
    '/api/sales/ingest/fiscal-closes',
    {
      ...machine,
      schema: {
        tags,
        description: machineDescription,
        body: fiscalCloseBatchSchema,
        response: { 200: ingestAnswerSchema },
      },
    },
    async (request) => {
      const client = callerOf(request);
      return {
        data: await ingestFiscalCloses({
          db: app.db,
          shopId: client.shopId,
          clientId: client.id,
          source: 'agent',
          records: request.body.closes,
          lng: pickLanguage(request.headers['accept-language']),
        }),
      };
    },
  );

  app.get(
    '/api/shops/:id/sales-feed',
    {
      config: { access: 'shops.manage.view' },
      schema: {
        tags,
        params: idParamSchema,
        querystring: salesFeedQuerySchema,
        response: { 200: salesFeedAnswerSchema },
      },
    },
    async (request) => ({
      data: await getSalesFeed({
        db: app.db,
        viewer: sessionOf(request),
        shopId: request.params.id,
        days: request.query.days,
      }),
    }),
  );

  app.get(
    '/api/shops/:id/sales-rejections',
    {
      config: { access: 'shops.manage.view' },
      schema: {
        tags,
        params: idParamSchema,
        querystring: paginationQuerySchema,
        response: { 200: salesRejectionsAnswerSchema },
      },
    },
    async (request) =>
      listSalesRejections({ db: app.db, viewer: sessionOf(request), shopId: request.params.id, ...request.query }),
  );

  app.get(
    '/api/shops/:id/sales-clients',
    {
      config: { access: 'shops.manage.edit' },
      schema: { tags, params: idParamSchema, response: { 200: salesClientsAnswerSchema } },
    },
    async (request) => ({
      data: await listSalesClients({ db: app.db, viewer: sessionOf(request), shopId: request.params.id }),
    }),
  );

  app.post(
    '/api/shops/:id/sales-clients',
    {
      config: { access: 'shops.manage.edit' },
      schema: {
        tags,
        description: 'The answer holds the secret: it is shown this once and stored only as its SHA-256.',
        params: idParamSchema,
        body: salesClientCreateBodySchema,
        response: { 201: salesClientCreatedAnswerSchema },
      },
    },
    async (request, reply) => {
      const client = await createSalesClient({
        db: app.db,
        viewer: sessionOf(request),
        shopId: request.params.id,
        name: request.body.name,
        ip: request.ip,
      });
      return reply.status(201).send({ data: client });
    },
  );

  app.delete(
    '/api/shops/:id/sales-clients/:clientId',
    {
      config: { access: 'shops.manage.edit' },
      schema: { tags, params: salesClientParamsSchema, response: { 200: okSchema } },
    },
    async (request) => {
      await revokeSalesClient({
        db: app.db,
        viewer: sessionOf(request),
        shopId: request.params.id,
        id: request.params.clientId,
        ip: request.ip,
      });
      return { data: { ok: true as const } };
    },
  );

  app.post(
    '/api/shops/:id/fiscal-closes',
    {
      config: { access: 'shops.cashRegister.dailyClose' },
      schema: {
        tags,
        description:
          'A fiscal close typed in from the paper Z report when the printer cannot be reached (source manual).',
        params: idParamSchema,
        body: fiscalCloseRecordSchema,
        response: { 200: fiscalCloseAnswerSchema, 201: fiscalCloseAnswerSchema },
      },
    },
    async (request, reply) => {
      const { close, created } = await enterFiscalClose({
        db: app.db,
        viewer: sessionOf(request),
        shopId: request.params.id,
        record: request.body,
        lng: pickLanguage(request.headers['accept-language']),
        ip: request.ip,
      });
      return reply.status(created ? 201 : 200).send({ data: close });
    },
  );

  app.post(
    '/api/shops/:id/fiscal-closes/file',
    {
      config: { access: 'shops.cashRegister.dailyClose' },
      schema: {
        tags,
        description:
          'The close of a COR10 "corrispettivi" XML file (.xml or signed .xml.p7m, as the RT printer or the tax ' +
          'office portal gives it) for the day in the `businessDate` field, when the printer cannot be reached (source file).',
        consumes: ['multipart/form-data'],
        params: idParamSchema,
        response: { 200: fiscalCloseAnswerSchema, 201: fiscalCloseAnswerSchema },
      },
    },
    async (request, reply) => {
      const upload = await readUpload(request, fiscalCloseFileLimitBytes);
      const businessDate = isoDateSchema.safeParse(upload.fields.businessDate);
      if (!businessDate.success) {
        const rule = upload.fields.businessDate ? 'date' : 'required';
        throw new AppError('validation', {}, { businessDate: [{ rule }] });
      }
      const { close, created } = await enterFiscalCloseFile({
        db: app.db,
        viewer: sessionOf(request),
        shopId: request.params.id,
        businessDate: businessDate.data,
        bytes: upload.bytes,
        fileName: upload.fileName,
        lng: pickLanguage(request.headers['accept-language']),
        ip: request.ip,
      });
      return reply.status(created ? 201 : 200).send({ data: close });
    },
  );

  app.post(
    '/api/shops/:id/fiscal-closes/read-printer',
    {
      config: { access: 'shops.cashRegister.dailyClose' },
      schema: {
        tags,
        description:
          "Reads the day's fiscal close from the shop's fiscal printer (Epson RT, XML over HTTP) and stores it (source printer).",
        params: idParamSchema,
        body: readPrinterBodySchema,
        response: { 200: fiscalCloseAnswerSchema, 201: fiscalCloseAnswerSchema },
      },
    },
    async (request, reply) => {
      const { close, created } = await readFiscalCloseFromPrinter({
        db: app.db,
        viewer: sessionOf(request),
        shopId: request.params.id,
        businessDate: request.body.businessDate,
        printer: app.config.fiscalPrinter,
        lng: pickLanguage(request.headers['accept-language']),
        ip: request.ip,
      });
      return reply.status(created ? 201 : 200).send({ data: close });
    },
  );

  app.get(
    '/api/shops/:id/sales-days',
    {
      config: { access: 'shops.cashRegister.view' },
      schema: {
        tags,
        params: idParamSchema,
        querystring: salesDaysQuerySchema,
        response: { 200: salesDaysAnswerSchema },
      },
    },
    async (request) => ({
      data: await getShopSalesDays({
        db: app.db,
        viewer: sessionOf(request),
        shopId: request.params.id,
        ...request.query,
      }),
    }),
  );

  app.get(
    '/api/shops/:id/receipts',
    {
      config: { access: 'shops.cashRegister.view' },
      schema: {
        tags,
        params: idParamSchema,
        querystring: shopDayQuerySchema,
        response: { 200: shopDayReceiptsAnswerSchema },
      },
    },
    async (request) => ({
      data: await listShopDayReceipts({
        db: app.db,
        viewer: sessionOf(request),
        shopId: request.params.id,
        date: request.query.date,
      }),
    }),
  );

  // The receipts export: whoever may see the shop's sales feed may export its receipts, for themselves alone.
  app.post(
    '/api/shops/:id/sales-exports',
    {
      config: { access: 'shops.manage.view' },
      schema: {
        tags,
        description:
          'Queues the CSV export of the receipt lines from `from` to `to` (at most 93 days, none after today) for ' +
          'the caller, who follows it as a job (GET /api/jobs/:id, `job.progress` pushes); done, its `result.link` downloads it.',
        params: idParamSchema,
        body: salesExportBodySchema,
        response: { 202: salesExportAnswerSchema },
      },
    },
    async (request, reply) => {
      const data = await requestReceiptsExport({
        db: app.db,
        viewer: sessionOf(request),
        shopId: request.params.id,
        ...request.body,
        lng: pickLanguage(request.headers['accept-language']),
        now: currentTime(app.config),
        ip: request.ip,
      });
      // Committed: the worker may take it at once rather than at its next poll.
      kickJobs();
      return reply.status(202).send({ data });
    },
  );

  app.get(
    '/api/shops/:id/sales-exports',
    {
      config: { access: 'shops.manage.view' },
      schema: {
        tags,
        description: 'The caller’s latest 10 receipts exports of the shop, newest first, with their progress.',
        params: idParamSchema,
        response: { 200: salesExportsAnswerSchema },
      },
    },
    async (request) => ({
      data: await listReceiptsExports({ db: app.db, viewer: sessionOf(request), shopId: request.params.id }),
    }),
  );

  // The file itself (CSV, binary to the schema): 404 for anyone but the person who started the export.
  app.get(
    '/api/sales-exports/:id/download',
    {
      config: { access: 'shops.manage.view' },
      schema: { tags, params: idParamSchema },
    },
    async (request, reply) => {
      const file = await readReceiptsExport({
        db: app.db,
        storage: app.storage,
        viewer: sessionOf(request),
        id: request.params.id,
      });
      return sendFile(reply, { ...file, type: 'text/csv; charset=utf-8' }, 'attachment');
    },
  );
};
