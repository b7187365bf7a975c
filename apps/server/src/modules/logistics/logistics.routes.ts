// Logistics files (issue 25): the registry (parties, document types and numbers), what the file editor offers
// (products, sides), and for each of the five kinds its list, form, transitions, downloads and import of lines.
import { idParamSchema, okSchema } from '@bottega/contracts/common';
import {
  documentTypeAnswerSchema,
  documentTypeBodySchema,
  documentTypesAnswerSchema,
  type LogisticsFileAction,
  logisticsAbility,
  logisticsFileAnswerSchema,
  logisticsFileBodySchema,
  logisticsFileKinds,
  logisticsFileListQuerySchema,
  logisticsFilePageSchema,
  logisticsFileSlugs,
  logisticsGiveBackBodySchema,
  logisticsImportAnswerSchema,
  logisticsPartiesAnswerSchema,
  logisticsPartyAnswerSchema,
  logisticsPartyBodySchema,
  logisticsProductsAnswerSchema,
  logisticsProductsQuerySchema,
  logisticsSidesAnswerSchema,
} from '@bottega/contracts/logistics';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { sessionOf } from '../../platform/access';
import { currentTime } from '../../platform/clock';
import { AppError } from '../../platform/errors';
import { readUpload, sendFile } from '../../platform/file-transfer';
import { pickLanguage } from '../../platform/i18n';
import { kickJobs } from '../../platform/jobs';
import type { SessionContext } from '../../platform/sessions';
import { logisticsTodos } from './logistics.todos';
import { ddtFileName, ddtPdf } from './logistics-ddt.pdf';
import { emailLogisticsFile } from './logistics-email.service';
import {
  createLogisticsFile,
  deleteLogisticsFile,
  getLogisticsFile,
  listLogisticsFiles,
  moveLogisticsFile,
  processLogisticsFile,
  todayOf,
  updateLogisticsFile,
} from './logistics-files.service';
import { listLogisticsProducts } from './logistics-products.service';
import {
  createDocumentType,
  createLogisticsParty,
  deleteLogisticsParty,
  listDocumentTypes,
  listLogisticsParties,
  listLogisticsSides,
  updateDocumentType,
  updateLogisticsParty,
} from './logistics-registry.service';
import { importLogisticsLines, linesFile, logisticsImportMaxBytes } from './logistics-sheets';

const tags = ['logistics'];

/** Every kind's view ability: reading the registry and the editor's lists needs any one of them. */
const anyView = { anyOf: [...new Set(logisticsFileKinds.map((kind) => logisticsAbility(kind, 'view')))] };

export const logisticsRoutes: FastifyPluginAsyncZod = async (app) => {
  for (const todo of logisticsTodos) app.todos.register(todo);
  const now = () => currentTime(app.config);

  // ——— Registry ———

  app.get(
    '/api/logistics/parties',
    {
      config: { access: anyView },
      schema: {
        tags,
        description: 'Suppliers and the companies’ warehouses. Any logistics view ability.',
        response: { 200: logisticsPartiesAnswerSchema },
      },
    },
    async () => ({ data: await listLogisticsParties({ db: app.db }) }),
  );

  app.post(
    '/api/logistics/parties',
    {
      config: { access: 'logistics.documentTypesAndNumbers' },
      schema: {
        tags,
        description: 'A supplier (no company) or a company’s warehouse.',
        body: logisticsPartyBodySchema,
        response: { 201: logisticsPartyAnswerSchema },
      },
    },
    async (request, reply) => {
      const party = await createLogisticsParty({
        db: app.db,
        viewer: sessionOf(request),
        body: request.body,
        ip: request.ip,
      });
      return reply.status(201).send({ data: party });
    },
  );

  app.put(
    '/api/logistics/parties/:id',
    {
      config: { access: 'logistics.documentTypesAndNumbers' },
      schema: {
        tags,
        description: 'A party’s details; its type stays while files name it (409 logisticsPartyInUse).',
        params: idParamSchema,
        body: logisticsPartyBodySchema,
        response: { 200: logisticsPartyAnswerSchema },
      },
    },
    async (request) => ({
      data: await updateLogisticsParty({
        db: app.db,
        viewer: sessionOf(request),
        id: request.params.id,
        body: request.body,
        ip: request.ip,
      }),
    }),
  );

  app.delete(
    '/api/logistics/parties/:id',
    {
      config: { access: 'logistics.documentTypesAndNumbers' },
      schema: {
        tags,
        description: 'Refused while a file names it (409 logisticsPartyInUse).',
        params: idParamSchema,
        response: { 200: okSchema },
      },
    },
    async (request) => {
      await deleteLogisticsParty({ db: app.db, viewer: sessionOf(request), id: request.params.id, ip: request.ip });
      return { data: { ok: true as const } };
    },
  );

  app.get(
    '/api/logistics/document-types',
    {
      config: { access: anyView },
      schema: {
        tags,
        description: 'The series of each company with the last number given this year. Any logistics view ability.',
        response: { 200: documentTypesAnswerSchema },
      },
    },
    async () => ({ data: await listDocumentTypes({ db: app.db, today: todayOf(now()) }) }),
  );

  app.post(
    '/api/logistics/document-types',
    {
      config: { access: 'logistics.documentTypesAndNumbers' },
      schema: {
        tags,
        description: 'A series of a company; its code is unique in the company (409 documentTypeExists).',
        body: documentTypeBodySchema,
        response: { 201: documentTypeAnswerSchema },
      },
    },
    async (request, reply) => {
      const type = await createDocumentType({
        db: app.db,
        viewer: sessionOf(request),
        body: request.body,
        today: todayOf(now()),
        ip: request.ip,
      });
      return reply.status(201).send({ data: type });
    },
  );

  app.put(
    '/api/logistics/document-types/:id',
    {
      config: { access: 'logistics.documentTypesAndNumbers' },
      schema: {
        tags,
        description: 'Renamed, other kinds, (de)activated; company and code stay once it has numbered a file.',
        params: idParamSchema,
        body: documentTypeBodySchema,
        response: { 200: documentTypeAnswerSchema },
      },
    },
    async (request) => ({
      data: await updateDocumentType({
        db: app.db,
        viewer: sessionOf(request),
        id: request.params.id,
        body: request.body,
        today: todayOf(now()),
        ip: request.ip,
      }),
    }),
  );

  // ——— The editor's lists ———

  app.get(
    '/api/logistics/products',
    {
      config: { access: anyView },
      schema: {
        tags,
        description: 'Catalogue products whose code or description matches, codes first, at most 20.',
        querystring: logisticsProductsQuerySchema,
        response: { 200: logisticsProductsAnswerSchema },
      },
    },
    async (request) => ({ data: await listLogisticsProducts({ db: app.db, search: request.query.search }) }),
  );

  app.get(
    '/api/logistics/sides',
    {
      config: { access: anyView },
      schema: {
        tags,
        description: 'What may be picked as from and to: suppliers, warehouses, the shops the person reaches.',
        response: { 200: logisticsSidesAnswerSchema },
      },
    },
    async (request) => ({ data: await listLogisticsSides({ db: app.db, viewer: sessionOf(request) }) }),
  );

  // ——— The files, kind by kind ———

  for (const kind of logisticsFileKinds) {
    const prefix = `/api/logistics/${logisticsFileSlugs[kind]}`;
    const access = (action: LogisticsFileAction) => ({ access: logisticsAbility(kind, action) });
    const change = (request: { ip: string }, viewer: SessionContext) => ({
      db: app.db,
      viewer,
      kind,
      now: now(),
      ip: request.ip,
      realtime: app.realtime,
    });

    app.get(
      prefix,
      {
        config: access('view'),
        schema: {
          tags,
          description:
            'Newest first; filters: state, shop (either side), dates, search (document number, counterpart, product ' +
            'code). A shop’s files only for its people unless they see all shops.',
          querystring: logisticsFileListQuerySchema,
          response: { 200: logisticsFilePageSchema },
        },
      },
      async (request) => listLogisticsFiles({ db: app.db, viewer: sessionOf(request), kind, query: request.query }),
    );

    app.post(
      prefix,
      {
        config: access('add'),
        schema: {
          tags,
          description:
            'A saved file: from/to by the kind’s route (422 logisticsRouteInvalid), lines of catalogue products ' +
            '(422 unknownProduct naming each line).',
          body: logisticsFileBodySchema,
          response: { 201: logisticsFileAnswerSchema },
        },
      },
      async (request, reply) => {
        const file = await createLogisticsFile({ ...change(request, sessionOf(request)), body: request.body });
        return reply.status(201).send({ data: file });
      },
    );

    app.post(
      `${prefix}/import`,
      {
        config: { access: { anyOf: [logisticsAbility(kind, 'add'), logisticsAbility(kind, 'edit')] } },
        schema: {
          tags,
          description:
            'One CSV or XLSX `file` of lines (multipart, at most 5 MiB and 10,000 rows): the lines, every bad row and ' +
            'the unknown codes. Stores nothing. The kind’s add or edit ability.',
          consumes: ['multipart/form-data'],
          response: { 200: logisticsImportAnswerSchema },
        },
      },
      async (request) => {
        const upload = await readUpload(request, Math.min(app.config.uploadLimitBytes, logisticsImportMaxBytes));
        return { data: await importLogisticsLines({ db: app.db, bytes: upload.bytes }) };
      },
    );

    app.get(
      `${prefix}/:id`,
      {
        config: access('view'),
        schema: { tags, params: idParamSchema, response: { 200: logisticsFileAnswerSchema } },
      },
      async (request) => ({
        data: await getLogisticsFile({ db: app.db, viewer: sessionOf(request), kind, id: request.params.id }),
      }),
    );

    app.put(
      `${prefix}/:id`,
      {
        config: access('edit'),
        schema: {
          tags,
          description: 'Only while saved (409 logisticsFileNotEditable).',
          params: idParamSchema,
          body: logisticsFileBodySchema,
          response: { 200: logisticsFileAnswerSchema },
        },
      },
      async (request) => ({
        data: await updateLogisticsFile({
          ...change(request, sessionOf(request)),
          id: request.params.id,
          body: request.body,
        }),
      }),
    );

    app.delete(
      `${prefix}/:id`,
      {
        config: access('edit'),
        schema: {
          tags,
          description: 'Only while saved (409 logisticsFileNotEditable).',
          params: idParamSchema,
          response: { 200: okSchema },
        },
      },
      async (request) => {
        await deleteLogisticsFile({ ...change(request, sessionOf(request)), id: request.params.id });
        return { data: { ok: true as const } };
      },
    );

    app.post(
      `${prefix}/:id/send`,
      {
        config: access('edit'),
        schema: {
          tags,
          description: 'Saved → sent for processing (409 logisticsFileWrongState; 422 logisticsFileEmpty).',
          params: idParamSchema,
          response: { 200: logisticsFileAnswerSchema },
        },
      },
      async (request) => ({
        data: await moveLogisticsFile({
          ...change(request, sessionOf(request)),
          id: request.params.id,
          transition: 'send',
        }),
      }),
    );

    app.post(
      `${prefix}/:id/give-back`,
      {
        config: access('process'),
        schema: {
          tags,
          description: 'Sent for processing → saved, with the reason, to be corrected.',
          params: idParamSchema,
          body: logisticsGiveBackBodySchema,
          response: { 200: logisticsFileAnswerSchema },
        },
      },
      async (request) => ({
        data: await moveLogisticsFile({
          ...change(request, sessionOf(request)),
          id: request.params.id,
          transition: 'giveBack',
          reason: request.body.reason,
        }),
      }),
    );

    app.post(
      `${prefix}/:id/process`,
      {
        config: access('process'),
        schema: {
          tags,
          description:
            'Sent for processing → processed: the document numbered in its series for the year of its date (422 ' +
            'documentTypeMissing), stock movements written.',
          params: idParamSchema,
          response: { 200: logisticsFileAnswerSchema },
        },
      },
      async (request) => ({
        data: await processLogisticsFile({ ...change(request, sessionOf(request)), id: request.params.id }),
      }),
    );

    app.post(
      `${prefix}/:id/email`,
      {
        config: access('process'),
        schema: {
          tags,
          description:
            'Processed (or emailed) → emailed: the DDT to every address of the other side (422 when it has none).',
          params: idParamSchema,
          response: { 200: logisticsFileAnswerSchema },
        },
      },
      async (request) => {
        const file = await emailLogisticsFile({
          ...change(request, sessionOf(request)),
          storage: app.storage,
          id: request.params.id,
        });
        kickJobs();
        return { data: file };
      },
    );

    for (const format of ['csv', 'xlsx'] as const) {
      app.get(
        `${prefix}/:id/lines.${format}`,
        { config: access('download'), schema: { tags, params: idParamSchema } },
        async (request, reply) => {
          const file = await getLogisticsFile({ db: app.db, viewer: sessionOf(request), kind, id: request.params.id });
          return sendFile(
            reply,
            await linesFile(file, format, pickLanguage(request.headers['accept-language'])),
            'attachment',
          );
        },
      );
    }

    app.get(
      `${prefix}/:id/ddt.pdf`,
      {
        config: access('download'),
        schema: {
          tags,
          description: 'The transport document, in Italian; once processed (409 logisticsFileWrongState before).',
          params: idParamSchema,
        },
      },
      async (request, reply) => {
        const file = await getLogisticsFile({ db: app.db, viewer: sessionOf(request), kind, id: request.params.id });
        if (file.state !== 'processed' && file.state !== 'emailed')
          throw new AppError('logisticsFileWrongState', { state: file.state });
        return sendFile(
          reply,
          { bytes: await ddtPdf(file), fileName: ddtFileName(file), type: 'application/pdf' },
          'attachment',
        );
      },
    );
  }
};
