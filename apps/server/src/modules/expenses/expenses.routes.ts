// Authorised expenses: management's authorisations of a shop, and the expenses a daily cash report holds.
import { cashReportParamsSchema } from '@bottega/contracts/cash-register';
import { idParamSchema, okSchema } from '@bottega/contracts/common';
import {
  costIncurredAnswerSchema,
  costIncurredBodySchema,
  costsArchiveExportQuerySchema,
  costsArchivePageSchema,
  costsArchiveQuerySchema,
  costsConvalidateBodySchema,
  costsConvalidatedAnswerSchema,
  costsIncurredPageSchema,
  costsIncurredQuerySchema,
  expenseAnswerSchema,
  expenseAuthorisationAnswerSchema,
  expenseAuthorisationBodySchema,
  expenseAuthorisationParamsSchema,
  expenseAuthorisationsAnswerSchema,
  expenseAuthorisationsQuerySchema,
  expenseBodySchema,
  expenseParamsSchema,
  expensesAnswerSchema,
} from '@bottega/contracts/expenses';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { sessionOf } from '../../platform/access';
import { currentTime } from '../../platform/clock';
import { sendFile } from '../../platform/file-transfer';
import { pickLanguage } from '../../platform/i18n';
import {
  convalidateCostsIncurred,
  deleteCostIncurred,
  exportCostsArchive,
  getCostIncurred,
  listCostsArchive,
  listCostsToConvalidate,
  updateCostIncurred,
} from './costs-incurred.service';
import { costsToConvalidateTodo } from './costs-incurred.todos';
import {
  createExpense,
  createExpenseAuthorisation,
  deleteExpense,
  deleteExpenseAuthorisation,
  listExpenseAuthorisations,
  listExpenses,
  revokeExpenseAuthorisation,
  setExpenseBlocked,
  updateExpense,
} from './expenses.service';

const tags = ['expenses'];

export const expensesRoutes: FastifyPluginAsyncZod = async (app) => {
  app.todos.register(costsToConvalidateTodo);

  // ——— Costs incurred: accounting's convalidation and archive ———

  app.get(
    '/api/costs-incurred',
    {
      config: { access: 'shops.costsIncurred.check' },
      schema: {
        tags,
        description:
          'The expenses of closed cash reports not convalidated yet, oldest first, by shop and month, each with its ' +
          'authorisation, its report and the report’s attachments; with the sum of all the filters select. Another ' +
          'shop answers 404.',
        querystring: costsIncurredQuerySchema,
        response: { 200: costsIncurredPageSchema },
      },
    },
    async (request) => listCostsToConvalidate({ db: app.db, viewer: sessionOf(request), query: request.query }),
  );

  app.post(
    '/api/costs-incurred/convalidate',
    {
      config: { access: 'shops.costsIncurred.check' },
      schema: {
        tags,
        description:
          'Convalidates the expenses, all or none: each of a closed day (409 expenseDayOpen) and not convalidated ' +
          'already (409 expenseConvalidated). They are fixed from then on.',
        body: costsConvalidateBodySchema,
        response: { 200: costsConvalidatedAnswerSchema },
      },
    },
    async (request) => ({
      data: await convalidateCostsIncurred({
        db: app.db,
        viewer: sessionOf(request),
        ids: request.body.ids,
        now: currentTime(app.config),
        ip: request.ip,
      }),
    }),
  );

  app.get(
    '/api/costs-incurred/archive',
    {
      config: { access: 'shops.costsIncurred.archive' },
      schema: {
        tags,
        description: 'A month of convalidated expenses, by shop, with the month’s total and each shop’s.',
        querystring: costsArchiveQuerySchema,
        response: { 200: costsArchivePageSchema },
      },
    },
    async (request) => listCostsArchive({ db: app.db, viewer: sessionOf(request), query: request.query }),
  );

  app.get(
    '/api/costs-incurred/archive/export',
    {
      config: { access: 'shops.costsIncurred.archive' },
      schema: {
        tags,
        description:
          'A month of convalidated expenses as CSV (Italian Excel’s format) with the total; headings in the ' +
          'Accept-Language.',
        querystring: costsArchiveExportQuerySchema,
      },
    },
    async (request, reply) => {
      const file = await exportCostsArchive({
        db: app.db,
        viewer: sessionOf(request),
        query: request.query,
        lng: pickLanguage(request.headers['accept-language']),
      });
      return sendFile(reply, file, 'attachment');
    },
  );

  app.get(
    '/api/costs-incurred/:id',
    {
      config: { access: 'shops.costsIncurred.check' },
      schema: { tags, params: idParamSchema, response: { 200: costIncurredAnswerSchema } },
    },
    async (request) => ({
      data: await getCostIncurred({ db: app.db, viewer: sessionOf(request), id: request.params.id }),
    }),
  );

  app.put(
    '/api/costs-incurred/:id',
    {
      config: { access: 'shops.costsIncurred.edit' },
      schema: {
        tags,
        description:
          'Accounting’s correction before convalidation (409 after): the amount within its authorisation, the ' +
          'comments.',
        params: idParamSchema,
        body: costIncurredBodySchema,
        response: { 200: costIncurredAnswerSchema },
      },
    },
    async (request) => ({
      data: await updateCostIncurred({
        db: app.db,
        viewer: sessionOf(request),
        id: request.params.id,
        body: request.body,
        ip: request.ip,
      }),
    }),
  );

  app.delete(
    '/api/costs-incurred/:id',
    {
      config: { access: 'shops.costsIncurred.delete' },
      schema: {
        tags,
        description: 'Only before convalidation (409 after).',
        params: idParamSchema,
        response: { 200: okSchema },
      },
    },
    async (request) => {
      await deleteCostIncurred({ db: app.db, viewer: sessionOf(request), id: request.params.id, ip: request.ip });
      return { data: { ok: true as const } };
    },
  );

  // ——— Management's authorisations of a shop ———

  app.get(
    '/api/shops/:id/expense-authorisations',
    {
      config: { access: 'shops.costsIncurred.view' },
      schema: {
        tags,
        description:
          'The shop’s authorisations, newest first, with what was entered against each; with `date`, only those ' +
          'an expense can be entered against that day (valid, not revoked, something left).',
        params: idParamSchema,
        querystring: expenseAuthorisationsQuerySchema,
        response: { 200: expenseAuthorisationsAnswerSchema },
      },
    },
    async (request) => ({
      data: await listExpenseAuthorisations({
        db: app.db,
        viewer: sessionOf(request),
        shopId: request.params.id,
        date: request.query.date,
      }),
    }),
  );

  app.post(
    '/api/shops/:id/expense-authorisations',
    {
      config: { access: 'shops.costsIncurred.check' },
      schema: {
        tags,
        params: idParamSchema,
        body: expenseAuthorisationBodySchema,
        response: { 201: expenseAuthorisationAnswerSchema },
      },
    },
    async (request, reply) => {
      const authorisation = await createExpenseAuthorisation({
        db: app.db,
        viewer: sessionOf(request),
        shopId: request.params.id,
        body: request.body,
        ip: request.ip,
      });
      return reply.status(201).send({ data: authorisation });
    },
  );

  app.post(
    '/api/shops/:id/expense-authorisations/:authorisationId/revoke',
    {
      config: { access: 'shops.costsIncurred.check' },
      schema: {
        tags,
        description: 'No further expenses against it; those already entered stay.',
        params: expenseAuthorisationParamsSchema,
        response: { 200: expenseAuthorisationAnswerSchema },
      },
    },
    async (request) => ({
      data: await revokeExpenseAuthorisation({
        db: app.db,
        viewer: sessionOf(request),
        shopId: request.params.id,
        authorisationId: request.params.authorisationId,
        ip: request.ip,
      }),
    }),
  );

  app.delete(
    '/api/shops/:id/expense-authorisations/:authorisationId',
    {
      config: { access: 'shops.costsIncurred.check' },
      schema: {
        tags,
        description: 'Only an authorisation nothing was entered against (else 409: revoke it instead).',
        params: expenseAuthorisationParamsSchema,
        response: { 200: okSchema },
      },
    },
    async (request) => {
      await deleteExpenseAuthorisation({
        db: app.db,
        viewer: sessionOf(request),
        shopId: request.params.id,
        authorisationId: request.params.authorisationId,
        ip: request.ip,
      });
      return { data: { ok: true as const } };
    },
  );

  // ——— The expenses of a daily cash report ———

  app.get(
    '/api/cash-reports/:reportId/expenses',
    {
      config: { access: 'shops.costsIncurred.view' },
      schema: { tags, params: cashReportParamsSchema, response: { 200: expensesAnswerSchema } },
    },
    async (request) => ({
      data: await listExpenses({ db: app.db, viewer: sessionOf(request), reportId: request.params.reportId }),
    }),
  );

  app.post(
    '/api/cash-reports/:reportId/expenses',
    {
      config: { access: 'shops.costsIncurred.add' },
      schema: {
        tags,
        description:
          'An expense paid from the till on the report’s day, against an authorisation of its shop valid that day, ' +
          'within what is left of it. Raises the report’s version (the expected cash changes).',
        params: cashReportParamsSchema,
        body: expenseBodySchema,
        response: { 201: expenseAnswerSchema },
      },
    },
    async (request, reply) => {
      const expense = await createExpense({
        db: app.db,
        viewer: sessionOf(request),
        reportId: request.params.reportId,
        body: request.body,
        ip: request.ip,
      });
      return reply.status(201).send({ data: expense });
    },
  );

  app.put(
    '/api/cash-reports/:reportId/expenses/:expenseId',
    {
      config: { access: 'shops.costsIncurred.add' },
      schema: {
        tags,
        params: expenseParamsSchema,
        body: expenseBodySchema,
        response: { 200: expenseAnswerSchema },
      },
    },
    async (request) => ({
      data: await updateExpense({
        db: app.db,
        viewer: sessionOf(request),
        ...request.params,
        body: request.body,
        ip: request.ip,
      }),
    }),
  );

  app.delete(
    '/api/cash-reports/:reportId/expenses/:expenseId',
    {
      config: { access: 'shops.costsIncurred.add' },
      schema: { tags, params: expenseParamsSchema, response: { 200: okSchema } },
    },
    async (request) => {
      await deleteExpense({ db: app.db, viewer: sessionOf(request), ...request.params, ip: request.ip });
      return { data: { ok: true as const } };
    },
  );

  for (const [action, blocked] of [
    ['block', true],
    ['unblock', false],
  ] as const) {
    app.post(
      `/api/cash-reports/:reportId/expenses/:expenseId/${action}`,
      {
        config: { access: 'shops.costsIncurred.check' },
        schema: { tags, params: expenseParamsSchema, response: { 200: expenseAnswerSchema } },
      },
      async (request) => ({
        data: await setExpenseBlocked({
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
