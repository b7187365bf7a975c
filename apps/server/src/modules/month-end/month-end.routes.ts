// Month end: every shop's month with its three checks and state, convalidation and its transmission to the
// accounting system, sending again after a refusal, and reopening with a reason.
import {
  monthParamsSchema,
  monthQuerySchema,
  monthReopenBodySchema,
  shopMonthAnswerSchema,
  shopMonthsAnswerSchema,
} from '@bottega/contracts/month-end';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { sessionOf } from '../../platform/access';
import { currentTime } from '../../platform/clock';
import { kickJobs } from '../../platform/jobs';
import { convalidateMonth, getShopMonth, listShopMonths, reopenMonth, transmitAgain } from './month-end.service';
import { monthsToConvalidateTodo } from './month-end.todos';

const tags = ['month-end'];
const access = 'shops.analytics.convalidateReports' as const;

export const monthEndRoutes: FastifyPluginAsyncZod = async (app) => {
  app.todos.register(monthsToConvalidateTodo);
  const call = (request: Parameters<typeof sessionOf>[0]) => ({
    db: app.db,
    viewer: sessionOf(request),
    now: currentTime(app.config),
  });

  app.get(
    '/api/month-end',
    {
      config: { access },
      schema: {
        tags,
        description:
          'Every shop of the viewer in a month: the three checks (total compensation, total POS, total cash) with ' +
          'the days that fail them, and the month’s state (open, transmitting, confirmed, refused).',
        querystring: monthQuerySchema,
        response: { 200: shopMonthsAnswerSchema },
      },
    },
    async (request) => ({ data: await listShopMonths({ ...call(request), month: request.query.month }) }),
  );

  app.get(
    '/api/month-end/:shopId/:month',
    { config: { access }, schema: { tags, params: monthParamsSchema, response: { 200: shopMonthAnswerSchema } } },
    async (request) => ({ data: await getShopMonth({ ...call(request), ...request.params }) }),
  );

  app.post(
    '/api/month-end/:shopId/:month/convalidate',
    {
      config: { access },
      schema: {
        tags,
        description:
          'Convalidates an ended month whose three checks hold and sends its journal entries to the accounting ' +
          'system (a job); the month shows confirmed once every entry is accepted.',
        params: monthParamsSchema,
        response: { 200: shopMonthAnswerSchema },
      },
    },
    async (request) => {
      const data = await convalidateMonth({ ...call(request), ...request.params, config: app.config, ip: request.ip });
      kickJobs();
      return { data };
    },
  );

  app.post(
    '/api/month-end/:shopId/:month/transmit',
    {
      config: { access },
      schema: {
        tags,
        description: 'Sends a month the accounting system refused again.',
        params: monthParamsSchema,
        response: { 200: shopMonthAnswerSchema },
      },
    },
    async (request) => {
      const data = await transmitAgain({ ...call(request), ...request.params, ip: request.ip });
      kickJobs();
      return { data };
    },
  );

  app.post(
    '/api/month-end/:shopId/:month/reopen',
    {
      config: { access: 'shops.analytics.editReports' },
      schema: {
        tags,
        description: 'Reopens a convalidated month, with the reason (audited).',
        params: monthParamsSchema,
        body: monthReopenBodySchema,
        response: { 200: shopMonthAnswerSchema },
      },
    },
    async (request) => ({
      data: await reopenMonth({ ...call(request), ...request.params, reason: request.body.reason, ip: request.ip }),
    }),
  );
};
