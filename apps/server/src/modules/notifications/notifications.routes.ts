// The signed-in user's notifications and the realtime channel grants (spec §7 api/broadcasting/auth).
import { broadcastingAuthAnswerSchema, broadcastingAuthBodySchema } from '@bottega/contracts/auth';
import { paginationQuerySchema } from '@bottega/contracts/common';
import { markReadAnswerSchema, notificationPageSchema, userChannel } from '@bottega/contracts/notifications';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { sessionOf } from '../../platform/access';
import { AppError } from '../../platform/errors';
import { channelGrant } from '../../platform/realtime';
import { listNotifications, markAllNotificationsRead } from './notifications.service';

export const notificationsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/notifications',
    {
      config: { access: 'authenticated' },
      schema: {
        tags: ['notifications'],
        querystring: paginationQuerySchema,
        response: { 200: notificationPageSchema },
      },
    },
    async (request) => listNotifications({ db: app.db, userId: sessionOf(request).userId, ...request.query }),
  );

  app.post(
    '/api/notifications/read',
    {
      config: { access: 'authenticated' },
      schema: { tags: ['notifications'], response: { 200: markReadAnswerSchema } },
    },
    async (request) => ({ data: await markAllNotificationsRead({ db: app.db, userId: sessionOf(request).userId }) }),
  );

  app.post(
    '/api/broadcasting/auth',
    {
      config: { access: 'authenticated' },
      schema: {
        tags: ['notifications'],
        body: broadcastingAuthBodySchema,
        response: { 200: broadcastingAuthAnswerSchema },
      },
    },
    async (request) => {
      const session = sessionOf(request);
      const { socketId, channelName } = request.body;
      const allowed = [
        userChannel(session.userId),
        ...(session.shopId === null ? [] : [`private-shop.${session.shopId}`]),
      ];
      if (!allowed.includes(channelName)) throw new AppError('forbidden');
      return { data: { auth: channelGrant(app.config.appKey, socketId, channelName) } };
    },
  );
};
