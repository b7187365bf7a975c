// The signed-in person's Telegram chat (issue 18): its state, a one-time code to link it through the bot, unlinking.
import { telegramLinkAnswerSchema, telegramLinkCodeAnswerSchema } from '@bottega/contracts/profile';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { sessionOf } from '../../platform/access';
import { currentTime } from '../../platform/clock';
import { getTelegramLink, issueTelegramLinkCode, unlinkTelegram } from './telegram-link.service';

const tags = ['profile'];

export const telegramLinkRoutes: FastifyPluginAsyncZod = async (app) => {
  const linkOf = (request: FastifyRequest) =>
    getTelegramLink({
      db: app.db,
      config: app.config,
      userId: sessionOf(request).userId,
      now: currentTime(app.config),
    });

  app.get(
    '/api/profile/telegram',
    { config: { access: 'authenticated' }, schema: { tags, response: { 200: telegramLinkAnswerSchema } } },
    async (request) => ({ data: await linkOf(request) }),
  );

  app.post(
    '/api/profile/telegram/link-code',
    {
      config: { access: 'authenticated' },
      schema: {
        tags,
        description: 'A new one-time code (replacing any earlier one) to send to the bot; 409 without a bot.',
        response: { 200: telegramLinkCodeAnswerSchema },
      },
    },
    async (request) => ({
      data: await issueTelegramLinkCode({
        db: app.db,
        config: app.config,
        userId: sessionOf(request).userId,
        now: currentTime(app.config),
        ip: request.ip,
      }),
    }),
  );

  app.delete(
    '/api/profile/telegram',
    { config: { access: 'authenticated' }, schema: { tags, response: { 200: telegramLinkAnswerSchema } } },
    async (request) => {
      await unlinkTelegram({ db: app.db, config: app.config, userId: sessionOf(request).userId, ip: request.ip });
      return { data: await linkOf(request) };
    },
  );
};
