// Deposits recorded by the shops, the people who may carry them, and the cash still to deposit per shop and day.
import { idParamSchema, okSchema } from '@bottega/contracts/common';
import {
  cashToDepositDayAnswerSchema,
  cashToDepositDayParamsSchema,
  cashToDepositDaysAnswerSchema,
  cashToDepositDaysQuerySchema,
  cashToDepositPageSchema,
  cashToDepositQuerySchema,
  depositAnswerSchema,
  depositBodySchema,
  depositCarriersAnswerSchema,
  depositExportQuerySchema,
  depositListQuerySchema,
  depositPageSchema,
} from '@bottega/contracts/deposits';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { sessionOf } from '../../platform/access';
import { currentTime } from '../../platform/clock';
import { sendFile } from '../../platform/file-transfer';
import { pickLanguage } from '../../platform/i18n';
import { getCashToDepositDay, getShopCashToDeposit, listCashToDeposit } from './cash-to-deposit.service';
import {
  createDeposit,
  deleteDeposit,
  exportDeposits,
  getDeposit,
  listDepositCarriers,
  listDeposits,
  updateDeposit,
} from './deposits.service';
import { cashToDepositTodo } from './deposits.todos';

const tags = ['deposits'];

export const depositsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.todos.register(cashToDepositTodo);
  app.get(
    '/api/deposits',
    {
      config: { access: 'shops.bank.deposits.view' },
      schema: {
        tags,
        description:
          'Deposits of the shops the viewer reaches, newest day first, by shop, month and state, with the sum of ' +
          'all the filters select. Another shop answers 404.',
        querystring: depositListQuerySchema,
        response: { 200: depositPageSchema },
      },
    },
    async (request) => listDeposits({ db: app.db, viewer: sessionOf(request), query: request.query }),
  );

  app.get(
    '/api/deposits/export',
    {
      config: { access: 'shops.bank.deposits.view' },
      schema: {
        tags,
        description:
          'A month of the deposits the filters select as CSV (Italian Excel’s format), with the bank lines of the ' +
          'convalidated ones; headings in the Accept-Language. Another shop answers 404.',
        querystring: depositExportQuerySchema,
      },
    },
    async (request, reply) => {
      const file = await exportDeposits({
        db: app.db,
        viewer: sessionOf(request),
        query: request.query,
        lng: pickLanguage(request.headers['accept-language']),
      });
      return sendFile(reply, file, 'attachment');
    },
  );

  app.post(
    '/api/deposits',
    {
      config: { access: 'shops.bank.deposits.add' },
      schema: {
        tags,
        description:
          'Records a deposit: the day (not after today), the amount, the shop and the employee who carried it ' +
          '(one of the shop’s people; their deposit card is kept with it).',
        body: depositBodySchema,
        response: { 201: depositAnswerSchema },
      },
    },
    async (request, reply) => {
      const deposit = await createDeposit({
        db: app.db,
        viewer: sessionOf(request),
        body: request.body,
        now: currentTime(app.config),
        ip: request.ip,
      });
      return reply.status(201).send({ data: deposit });
    },
  );

  app.get(
    '/api/deposits/:id',
    {
      config: { access: 'shops.bank.deposits.view' },
      schema: { tags, params: idParamSchema, response: { 200: depositAnswerSchema } },
    },
    async (request) => ({
      data: await getDeposit({ db: app.db, viewer: sessionOf(request), id: request.params.id }),
    }),
  );

  app.put(
    '/api/deposits/:id',
    {
      config: { access: 'shops.bank.deposits.edit' },
      schema: {
        tags,
        description: 'Only while not convalidated (409 after). The shop and the carrier are checked again.',
        params: idParamSchema,
        body: depositBodySchema,
        response: { 200: depositAnswerSchema },
      },
    },
    async (request) => ({
      data: await updateDeposit({
        db: app.db,
        viewer: sessionOf(request),
        id: request.params.id,
        body: request.body,
        now: currentTime(app.config),
        ip: request.ip,
      }),
    }),
  );

  app.delete(
    '/api/deposits/:id',
    {
      config: { access: 'shops.bank.deposits.delete' },
      schema: {
        tags,
        description: 'Only while not convalidated (409 after).',
        params: idParamSchema,
        response: { 200: okSchema },
      },
    },
    async (request) => {
      await deleteDeposit({ db: app.db, viewer: sessionOf(request), id: request.params.id, ip: request.ip });
      return { data: { ok: true as const } };
    },
  );

  app.get(
    '/api/shops/:id/deposit-carriers',
    {
      config: { access: 'shops.bank.deposits.view' },
      schema: {
        tags,
        description: 'The shop’s active people, who may carry its cash to the bank, with their deposit card.',
        params: idParamSchema,
        response: { 200: depositCarriersAnswerSchema },
      },
    },
    async (request) => ({
      data: await listDepositCarriers({ db: app.db, viewer: sessionOf(request), shopId: request.params.id }),
    }),
  );

  app.get(
    '/api/cash-to-deposit',
    {
      config: { access: 'shops.analytics.cashToDeposit' },
      schema: {
        tags,
        description:
          'Each shop’s cash still to deposit at the end of a day (today by default): the closed reports’ cash less ' +
          'the deposits, and since when the oldest of it waits; most to deposit first.',
        querystring: cashToDepositQuerySchema,
        response: { 200: cashToDepositPageSchema },
      },
    },
    async (request) =>
      listCashToDeposit({ db: app.db, viewer: sessionOf(request), ...request.query, now: currentTime(app.config) }),
  );

  app.get(
    '/api/shops/:id/cash-to-deposit',
    {
      config: { access: 'shops.analytics.cashToDeposit' },
      schema: {
        tags,
        description: 'One shop’s month day by day: cash, expenses, deposits and the running balance.',
        params: idParamSchema,
        querystring: cashToDepositDaysQuerySchema,
        response: { 200: cashToDepositDaysAnswerSchema },
      },
    },
    async (request) => ({
      data: await getShopCashToDeposit({
        db: app.db,
        viewer: sessionOf(request),
        shopId: request.params.id,
        month: request.query.month,
        now: currentTime(app.config),
      }),
    }),
  );

  app.get(
    '/api/shops/:id/cash-to-deposit/:date',
    {
      config: { access: 'shops.analytics.cashToDeposit' },
      schema: {
        tags,
        description: 'The report, expenses and deposits behind one day’s balance.',
        params: cashToDepositDayParamsSchema,
        response: { 200: cashToDepositDayAnswerSchema },
      },
    },
    async (request) => ({
      data: await getCashToDepositDay({
        db: app.db,
        viewer: sessionOf(request),
        shopId: request.params.id,
        date: request.params.date,
      }),
    }),
  );
};
