// The weekly cash: a shop's weeks with their closed days' sums, one week with its days, filling it from Sunday evening, and the filled weeks of every shop.
import {
  weeklyCashAnswerSchema,
  weeklyCashBodySchema,
  weeklyCashListQuerySchema,
  weeklyCashPageSchema,
  weeklyCashParamsSchema,
} from '@bottega/contracts/cash-register';
import { idParamSchema, paginationQuerySchema } from '@bottega/contracts/common';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { sessionOf } from '../../platform/access';
import { currentTime } from '../../platform/clock';
import { weeklyCashToFillTodo } from './cash-register.todos';
import { fillWeeklyCash, getShopWeeklyCash, listFilledWeeklyCash, listShopWeeklyCash } from './weekly-cash.service';

const tags = ['cash-register'];

export const weeklyCashRoutes: FastifyPluginAsyncZod = async (app) => {
  app.todos.register(weeklyCashToFillTodo);

  app.get(
    '/api/shops/:id/weekly-cash',
    {
      config: { access: 'shops.cashRegister.weekly' },
      schema: {
        tags,
        description:
          "The shop's weeks, newest first, from the current week back to the first week with sales: the sums of " +
          'their closed days, the filled values and why each cannot be filled (blockedBy).',
        params: idParamSchema,
        querystring: paginationQuerySchema,
        response: { 200: weeklyCashPageSchema },
      },
    },
    async (request) =>
      listShopWeeklyCash({
        db: app.db,
        viewer: sessionOf(request),
        shopId: request.params.id,
        ...request.query,
        now: currentTime(app.config),
      }),
  );

  app.get(
    '/api/shops/:id/weekly-cash/:week',
    {
      config: { access: 'shops.cashRegister.weekly' },
      schema: {
        tags,
        description: 'One ISO week (2026-W47) of the shop with its seven days, their status and the sums.',
        params: weeklyCashParamsSchema,
        response: { 200: weeklyCashAnswerSchema },
      },
    },
    async (request) => ({
      data: await getShopWeeklyCash({
        db: app.db,
        viewer: sessionOf(request),
        shopId: request.params.id,
        week: request.params.week,
        now: currentTime(app.config),
      }),
    }),
  );

  app.post(
    '/api/shops/:id/weekly-cash/:week',
    {
      config: { access: 'shops.cashRegister.closeWeekly' },
      schema: {
        tags,
        description:
          'Fills the week once, from its Sunday at 18:00 (Rome) when every day with sales is closed: 409 ' +
          'weeklyCashTooEarly, weeklyCashDaysOpen or weeklyCashFilled otherwise. differenceCents = daily cash − deposits.',
        params: weeklyCashParamsSchema,
        body: weeklyCashBodySchema,
        response: { 201: weeklyCashAnswerSchema },
      },
    },
    async (request, reply) => {
      const filled = await fillWeeklyCash({
        db: app.db,
        viewer: sessionOf(request),
        shopId: request.params.id,
        week: request.params.week,
        body: request.body,
        now: currentTime(app.config),
        ip: request.ip,
      });
      return reply.status(201).send({ data: filled });
    },
  );

  app.get(
    '/api/weekly-cash',
    {
      config: { access: 'shops.cashRegister.viewWeeklyList' },
      schema: {
        tags,
        description: 'The filled weekly cash of every shop the caller may see (or of `shopId`), newest week first.',
        querystring: weeklyCashListQuerySchema,
        response: { 200: weeklyCashPageSchema },
      },
    },
    async (request) =>
      listFilledWeeklyCash({
        db: app.db,
        viewer: sessionOf(request),
        shopId: request.query.shopId,
        page: request.query.page,
        perPage: request.query.perPage,
      }),
  );
};
