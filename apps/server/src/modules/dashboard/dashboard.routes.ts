// The dashboard of the signed-in user in the chosen shop (spec §2 Dashboard).
import { dashboardSchema } from '@bottega/contracts/dashboard';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { sessionOf, shopOf } from '../../platform/access';
import { describeDashboard } from './dashboard.service';

export const dashboardRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/dashboard',
    {
      config: { access: 'employees.dashboard', shop: true },
      schema: { tags: ['dashboard'], response: { 200: dashboardSchema } },
    },
    async (request) => ({
      data: await describeDashboard({ db: app.db, userId: sessionOf(request).userId, shopId: shopOf(request) }),
    }),
  );
};
