// Sign-in with password (then the steps of security.routes.ts), the shop choice, the signed-in user (spec §7 api/auth/user) and sign-out.
import {
  authUserAnswerSchema,
  chooseShopBodySchema,
  shopsAnswerSchema,
  signInAnswerSchema,
  signInBodySchema,
} from '@bottega/contracts/auth';
import { okSchema } from '@bottega/contracts/common';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { sessionOf } from '../../platform/access';
import { chooseShop, describeAuthUser, listShopsForSession, signIn, signOut } from './auth.service';
import { clientOf, securityRoutes } from './security.routes';

export const authRoutes: FastifyPluginAsyncZod = async (app) => {
  await app.register(securityRoutes);

  app.post(
    '/api/auth/login',
    {
      config: { access: 'public' },
      schema: { tags: ['auth'], body: signInBodySchema, response: { 200: signInAnswerSchema } },
    },
    async (request, reply) => ({
      data: await signIn({
        db: app.db,
        config: app.config,
        throttle: app.loginThrottle,
        ...request.body,
        client: clientOf(request, reply, app.config),
      }),
    }),
  );

  app.get(
    '/api/auth/user',
    { config: { access: 'authenticated' }, schema: { tags: ['auth'], response: { 200: authUserAnswerSchema } } },
    async (request) => ({ data: await describeAuthUser({ db: app.db, session: sessionOf(request) }) }),
  );

  app.get(
    '/api/auth/shops',
    { config: { access: 'authenticated' }, schema: { tags: ['auth'], response: { 200: shopsAnswerSchema } } },
    async (request) => ({ data: await listShopsForSession({ db: app.db, session: sessionOf(request) }) }),
  );

  app.post(
    '/api/auth/shop',
    {
      config: { access: 'authenticated' },
      schema: { tags: ['auth'], body: chooseShopBodySchema, response: { 200: authUserAnswerSchema } },
    },
    async (request) => {
      const session = sessionOf(request);
      await chooseShop({ db: app.db, session, shopId: request.body.shopId, ip: request.ip });
      return { data: await describeAuthUser({ db: app.db, session: { ...session, shopId: request.body.shopId } }) };
    },
  );

  app.get(
    '/api/auth/logout',
    { config: { access: 'authenticated' }, schema: { tags: ['auth'], response: { 200: okSchema } } },
    async (request) => {
      await signOut({ db: app.db, session: sessionOf(request), ip: request.ip });
      return { data: { ok: true as const } };
    },
  );
};
