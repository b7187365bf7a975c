// Balances: each shop's cash (fund plus cash to deposit) at a day, and the month-end balances generated and corrected.
import {
  balanceAnswerSchema,
  balanceEditBodySchema,
  balanceGenerateAnswerSchema,
  balanceGenerateBodySchema,
  balanceMonthAnswerSchema,
  balanceMonthQuerySchema,
  balancesAnswerSchema,
  balancesQuerySchema,
} from '@bottega/contracts/balances';
import { idParamSchema } from '@bottega/contracts/common';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { sessionOf } from '../../platform/access';
import { currentTime } from '../../platform/clock';
import { editBalance, generateBalances, getBalanceMonth, getBalances } from './balances.service';

const tags = ['balances'];

export const balancesRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/balances',
    {
      config: { access: 'shops.bank.balances.view' },
      schema: {
        tags,
        description:
          'Every shop of the viewer at the end of a day (today by default): the cash fund of its latest closed ' +
          'report, the cash still to deposit and their sum, with the balance stored for that month’s end if ' +
          'generated. One answer, not pages: shops are a few dozen and the totals cover them all.',
        querystring: balancesQuerySchema,
        response: { 200: balancesAnswerSchema },
      },
    },
    async (request) => ({
      data: await getBalances({
        db: app.db,
        viewer: sessionOf(request),
        date: request.query.date,
        now: currentTime(app.config),
      }),
    }),
  );

  app.get(
    '/api/balances/month',
    {
      config: { access: 'shops.bank.balances.view' },
      schema: {
        tags,
        description: 'The month-end balances stored for a month, each with the figure computed live now.',
        querystring: balanceMonthQuerySchema,
        response: { 200: balanceMonthAnswerSchema },
      },
    },
    async (request) => ({
      data: await getBalanceMonth({
        db: app.db,
        viewer: sessionOf(request),
        month: request.query.month,
        now: currentTime(app.config),
      }),
    }),
  );

  app.post(
    '/api/balances/generate',
    {
      config: { access: 'shops.bank.balances.generate' },
      schema: {
        tags,
        description:
          'Computes and stores the month-end balance of each of the viewer’s shops for an ended month (409 ' +
          'balanceMonthNotEnded before). A corrected balance keeps its amount and reason; only its computed ' +
          'figure is refreshed.',
        body: balanceGenerateBodySchema,
        response: { 200: balanceGenerateAnswerSchema },
      },
    },
    async (request) => ({
      data: await generateBalances({
        db: app.db,
        viewer: sessionOf(request),
        month: request.body.month,
        now: currentTime(app.config),
        ip: request.ip,
      }),
    }),
  );

  app.put(
    '/api/balances/:id',
    {
      config: { access: 'shops.bank.balances.edit' },
      schema: {
        tags,
        description: 'Corrects a month-end balance with a reason (required); another shop’s answers 404.',
        params: idParamSchema,
        body: balanceEditBodySchema,
        response: { 200: balanceAnswerSchema },
      },
    },
    async (request) => ({
      data: await editBalance({
        db: app.db,
        viewer: sessionOf(request),
        id: request.params.id,
        body: request.body,
        ip: request.ip,
      }),
    }),
  );
};
