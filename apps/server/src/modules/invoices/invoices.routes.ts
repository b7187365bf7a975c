// Invoice requests of a daily cash report: list, enter, change, delete, and accounting's block and unblock.

import { cashReportParamsSchema } from '@bottega/contracts/cash-register';
import { okSchema } from '@bottega/contracts/common';
import {
  invoiceAnswerSchema,
  invoiceBodySchema,
  invoiceParamsSchema,
  invoicesAnswerSchema,
} from '@bottega/contracts/invoices';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { sessionOf } from '../../platform/access';
import { createInvoice, deleteInvoice, listInvoices, setInvoiceBlocked, updateInvoice } from './invoices.service';
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
};
