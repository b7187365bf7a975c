// The dashboard of the signed-in user in the chosen shop (spec §2 Dashboard): its facts and what waits for them.
import { dashboardSchema, todosAnswerSchema } from '@bottega/contracts/dashboard';
import { businessDate } from '@bottega/contracts/dates';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { sessionOf, shopOf } from '../../platform/access';
import { currentTime } from '../../platform/clock';
import { describeDashboard } from './dashboard.service';

export const dashboardRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/dashboard',
    {
      config: { access: 'employees.dashboard', shop: true },
      schema: {
        tags: ['dashboard'],
        description:
          'The chosen shop, its colleagues, unread notifications and the to-dos ("Da fare") of every area whose ' +
          'ability the caller holds, in a fixed order; an area with nothing waiting is left out.',
        response: { 200: dashboardSchema },
      },
    },
    async (request) => ({
      data: await describeDashboard({
        db: app.db,
        session: sessionOf(request),
        shopId: shopOf(request),
        now: currentTime(app.config),
        todos: app.todos,
      }),
    }),
  );

  app.get(
    '/api/dashboard/todos',
    {
      config: { access: 'authenticated' },
      schema: {
        tags: ['dashboard'],
        description:
          'The caller’s to-dos without the shop’s facts: for people with no shop or no dashboard ability (a former ' +
          'employee sees their new payslips here). With a chosen shop, the shop’s to-dos too.',
        response: { 200: todosAnswerSchema },
      },
    },
    async (request) => {
      const session = sessionOf(request);
      const now = currentTime(app.config);
      return {
        data: await app.todos.list({ db: app.db, session, shopId: session.shopId, now, today: businessDate(now) }),
      };
    },
  );
};
