// The signed-in person's notifications (the bell and /app/notifications), what their groups chose to tell them,
// and the realtime channel grants (spec §7 api/broadcasting/auth).
import { broadcastingAuthAnswerSchema, broadcastingAuthBodySchema } from '@bottega/contracts/auth';
import { idParamSchema } from '@bottega/contracts/common';
import {
  markReadAnswerSchema,
  notificationKindsAnswerSchema,
  notificationListQuerySchema,
  notificationPageSchema,
  notificationPreferencesAnswerSchema,
  shopChannel,
  userChannel,
} from '@bottega/contracts/notifications';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { sessionOf } from '../../platform/access';
import { AppError } from '../../platform/errors';
import { channelGrant } from '../../platform/realtime';
import {
  getNotificationPreferences,
  listNotificationKinds,
  listNotifications,
  markAllNotificationsRead,
  markNotificationRead,
} from './notifications.service';

const tags = ['notifications'];

export const notificationsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/notifications',
    {
      config: { access: 'authenticated' },
      schema: { tags, querystring: notificationListQuerySchema, response: { 200: notificationPageSchema } },
    },
    async (request) => listNotifications({ db: app.db, userId: sessionOf(request).userId, ...request.query }),
  );

  app.get(
    '/api/notifications/kinds',
    {
      config: { access: 'authenticated' },
      schema: { tags, response: { 200: notificationKindsAnswerSchema } },
    },
    async (request) => ({ data: await listNotificationKinds({ db: app.db, userId: sessionOf(request).userId }) }),
  );

  app.get(
    '/api/notifications/preferences',
    {
      config: { access: 'authenticated' },
      schema: { tags, response: { 200: notificationPreferencesAnswerSchema } },
    },
    async (request) => ({ data: await getNotificationPreferences({ db: app.db, session: sessionOf(request) }) }),
  );

  app.post(
    '/api/notifications/read',
    {
      config: { access: 'authenticated' },
      schema: { tags, response: { 200: markReadAnswerSchema } },
    },
    async (request) => ({ data: await markAllNotificationsRead({ db: app.db, userId: sessionOf(request).userId }) }),
  );

  app.post(
    '/api/notifications/:id/read',
    {
      config: { access: 'authenticated' },
      schema: { tags, params: idParamSchema, response: { 200: markReadAnswerSchema } },
    },
    async (request) => ({
      data: await markNotificationRead({ db: app.db, userId: sessionOf(request).userId, id: request.params.id }),
    }),
  );

  app.post(
    '/api/broadcasting/auth',
    {
      config: { access: 'authenticated' },
      schema: { tags, body: broadcastingAuthBodySchema, response: { 200: broadcastingAuthAnswerSchema } },
    },
    async (request) => {
      const session = sessionOf(request);
      const { socketId, channelName } = request.body;
      const allowed = [userChannel(session.userId), ...(session.shopId === null ? [] : [shopChannel(session.shopId)])];
      if (!allowed.includes(channelName)) throw new AppError('forbidden');
      return { data: { auth: channelGrant(app.config.appKey, socketId, channelName) } };
    },
  );
};
