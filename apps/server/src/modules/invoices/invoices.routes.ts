// Invoice requests of a daily cash report: list, enter, change, delete, and accounting's block and unblock;
// accounting's check list, edit, confirmation (number and FatturaPA XML), archive and XML download.

import { cashReportParamsSchema } from '@bottega/contracts/cash-register';
import { okSchema } from '@bottega/contracts/common';
import {
  invoiceAnswerSchema,
  invoiceArchiveQuerySchema,
  invoiceBodySchema,
  invoiceCheckQuerySchema,
  invoiceCustomerSchema,
  invoiceIdParamsSchema,
  invoicePageSchema,
  invoiceParamsSchema,
  invoicesAnswerSchema,
} from '@bottega/contracts/invoices';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { sessionOf } from '../../platform/access';
import { currentTime } from '../../platform/clock';
import { sendFile } from '../../platform/file-transfer';
import {
  confirmInvoice,
  createInvoice,
  deleteInvoice,
  editInvoice,
  getInvoice,
  invoiceXmlFile,
  listInvoiceArchive,
  listInvoices,
  listInvoicesToCheck,
  setInvoiceBlocked,
  updateInvoice,
} from './invoices.service';
import { invoiceRequestsTodo } from './invoices.todos';

const tags = ['invoices'];

export const invoicesRoutes: FastifyPluginAsyncZod = async (app) => {
  app.todos.register(invoiceRequestsTodo);

  app.get(
    '/api/cash-reports/:reportId/invoices',
    {
      config: { access: 'shops.invoices.view' },
      schema: { tags, params: cashReportParamsSchema, response: { 200: invoicesAnswerSchema } },
    },
    async (request) => ({
      data: await listInvoices({ db: app.db, viewer: sessionOf(request), reportId: request.params.reportId }),
    }),
  );

  app.post(
    '/api/cash-reports/:reportId/invoices',
    {
      config: { access: 'shops.cashRegister.dailyClose' },
      schema: {
        tags,
        description:
          'An invoice request for a sales receipt of the report’s shop and day (one per receipt); the receipt’s ' +
          'number, register, date and amount come from the receipt.',
        params: cashReportParamsSchema,
        body: invoiceBodySchema,
        response: { 201: invoiceAnswerSchema },
      },
    },
    async (request, reply) => {
      const invoice = await createInvoice({
        db: app.db,
        viewer: sessionOf(request),
        reportId: request.params.reportId,
        body: request.body,
        ip: request.ip,
      });
      return reply.status(201).send({ data: invoice });
    },
  );

  app.put(
    '/api/cash-reports/:reportId/invoices/:invoiceId',
    {
      config: { access: 'shops.cashRegister.dailyClose' },
      schema: {
        tags,
        params: invoiceParamsSchema,
        body: invoiceBodySchema,
        response: { 200: invoiceAnswerSchema },
      },
    },
    async (request) => ({
      data: await updateInvoice({
        db: app.db,
        viewer: sessionOf(request),
        ...request.params,
        body: request.body,
        ip: request.ip,
      }),
    }),
  );

  app.delete(
    '/api/cash-reports/:reportId/invoices/:invoiceId',
    {
      config: { access: 'shops.cashRegister.dailyClose' },
      schema: { tags, params: invoiceParamsSchema, response: { 200: okSchema } },
    },
    async (request) => {
      await deleteInvoice({ db: app.db, viewer: sessionOf(request), ...request.params, ip: request.ip });
      return { data: { ok: true as const } };
    },
  );

  for (const [action, blocked] of [
    ['block', true],
    ['unblock', false],
  ] as const) {
    app.post(
      `/api/cash-reports/:reportId/invoices/:invoiceId/${action}`,
      {
        config: { access: 'shops.invoices.check' },
        schema: { tags, params: invoiceParamsSchema, response: { 200: invoiceAnswerSchema } },
      },
      async (request) => ({
        data: await setInvoiceBlocked({
          db: app.db,
          viewer: sessionOf(request),
          ...request.params,
          blocked,
          ip: request.ip,
        }),
      }),
    );
  }

  app.get(
    '/api/invoices/check',
    {
      config: { access: 'shops.invoices.check' },
      schema: {
        tags,
        description:
          'invoices/check: the invoice requests of the viewer’s shops not yet confirmed nor blocked, oldest ' +
          'receipt first. Another shop answers 404.',
        querystring: invoiceCheckQuerySchema,
        response: { 200: invoicePageSchema },
      },
    },
    async (request) => listInvoicesToCheck({ db: app.db, viewer: sessionOf(request), query: request.query }),
  );

  app.get(
    '/api/invoices/archive',
    {
      config: { access: 'shops.invoices.archive' },
      schema: {
        tags,
        description: 'invoices/archive: the confirmed invoices by shop and month of the invoice date, newest first.',
        querystring: invoiceArchiveQuerySchema,
        response: { 200: invoicePageSchema },
      },
    },
    async (request) => listInvoiceArchive({ db: app.db, viewer: sessionOf(request), query: request.query }),
  );

  app.get(
    '/api/invoices/:id',
    {
      config: { access: 'shops.invoices.view' },
      schema: { tags, params: invoiceIdParamsSchema, response: { 200: invoiceAnswerSchema } },
    },
    async (request) => ({
      data: await getInvoice({ db: app.db, viewer: sessionOf(request), invoiceId: request.params.id }),
    }),
  );

  app.put(
    '/api/invoices/:id',
    {
      config: { access: 'shops.invoices.edit' },
      schema: {
        tags,
        description: 'invoices/{id}/edit: the customer’s data; 409 once blocked or confirmed.',
        params: invoiceIdParamsSchema,
        body: invoiceCustomerSchema,
        response: { 200: invoiceAnswerSchema },
      },
    },
    async (request) => ({
      data: await editInvoice({
        db: app.db,
        viewer: sessionOf(request),
        invoiceId: request.params.id,
        body: request.body,
        ip: request.ip,
      }),
    }),
  );

  app.post(
    '/api/invoices/:id/confirm',
    {
      config: { access: 'shops.invoices.check' },
      schema: {
        tags,
        description:
          'Confirms the request: the next progressive number of the shop’s company and year, and its FatturaPA ' +
          'XML. 409 when blocked or already confirmed.',
        params: invoiceIdParamsSchema,
        response: { 200: invoiceAnswerSchema },
      },
    },
    async (request) => ({
      data: await confirmInvoice({
        db: app.db,
        viewer: sessionOf(request),
        invoiceId: request.params.id,
        now: currentTime(app.config),
        ip: request.ip,
      }),
    }),
  );

  app.get(
    '/api/invoices/:id/xml',
    {
      config: { access: 'shops.invoices.archive' },
      schema: {
        tags,
        description: 'The confirmed invoice’s FatturaPA XML, named as the SdI names it (IT<VAT>_<progressive>.xml).',
        params: invoiceIdParamsSchema,
      },
    },
    async (request, reply) => {
      const file = await invoiceXmlFile({ db: app.db, viewer: sessionOf(request), invoiceId: request.params.id });
      return sendFile(reply, file, 'attachment');
    },
  );
};
