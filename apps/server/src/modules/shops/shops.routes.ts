// Shops (spec §2 Management › shops): list, create, edit, delete, router password, closures, working hours.
import { idParamSchema, okSchema } from '@bottega/contracts/common';
import {
  closureDayParamsSchema,
  closureDaysBodySchema,
  routerPasswordAnswerSchema,
  shopAnswerSchema,
  shopBodySchema,
  shopClosedBodySchema,
  shopClosuresAnswerSchema,
  shopListQuerySchema,
  shopOptionsAnswerSchema,
  shopPageSchema,
  workingHoursAnswerSchema,
  workingHoursSchema,
} from '@bottega/contracts/shops';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { sessionOf } from '../../platform/access';
import { addClosureDays, getShopClosures, removeClosureDay, setShopClosed } from './closures.service';
import {
  createShop,
  deleteShop,
  getShop,
  getShopOptions,
  listShops,
  revealRouterPassword,
  updateShop,
} from './shops.service';
import { getWorkingHours, setWorkingHours } from './working-hours.service';

const tags = ['shops'];

export const shopsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/shops',
    {
      config: { access: 'shops.manage.list' },
      schema: { tags, querystring: shopListQuerySchema, response: { 200: shopPageSchema } },
    },
    async (request) => listShops({ db: app.db, viewer: sessionOf(request), ...request.query }),
  );

  app.get(
    '/api/shops/options',
    {
      config: { access: 'shops.manage.view' },
      schema: { tags, response: { 200: shopOptionsAnswerSchema } },
    },
    async (request) => ({ data: await getShopOptions({ db: app.db, viewer: sessionOf(request) }) }),
  );

  app.post(
    '/api/shops',
    {
      config: { access: 'shops.manage.add' },
      schema: { tags, body: shopBodySchema, response: { 201: shopAnswerSchema } },
    },
    async (request, reply) => {
      const shop = await createShop({
        db: app.db,
        appKey: app.config.appKey,
        actorId: sessionOf(request).userId,
        body: request.body,
      });
      return reply.status(201).send({ data: shop });
    },
  );

  app.get(
    '/api/shops/:id',
    {
      config: { access: 'shops.manage.view' },
      schema: { tags, params: idParamSchema, response: { 200: shopAnswerSchema } },
    },
    async (request) => ({ data: await getShop({ db: app.db, viewer: sessionOf(request), id: request.params.id }) }),
  );

  app.put(
    '/api/shops/:id',
    {
      config: { access: 'shops.manage.edit' },
      schema: { tags, params: idParamSchema, body: shopBodySchema, response: { 200: shopAnswerSchema } },
    },
    async (request) => {
      const session = sessionOf(request);
      const shop = await updateShop({
        db: app.db,
        appKey: app.config.appKey,
        actorId: session.userId,
        viewer: session,
        id: request.params.id,
        body: request.body,
      });
      return { data: shop };
    },
  );

  app.delete(
    '/api/shops/:id',
    {
      config: { access: 'shops.manage.delete' },
      schema: { tags, params: idParamSchema, response: { 200: okSchema } },
    },
    async (request) => {
      const session = sessionOf(request);
      await deleteShop({ db: app.db, actorId: session.userId, viewer: session, id: request.params.id });
      return { data: { ok: true as const } };
    },
  );

  // A POST, not a GET: reading the password is recorded, and never prefetched or cached.
  app.post(
    '/api/shops/:id/router-password/reveal',
    {
      config: { access: 'shops.manage.edit' },
      schema: { tags, params: idParamSchema, response: { 200: routerPasswordAnswerSchema } },
    },
    async (request) => {
      const session = sessionOf(request);
      const routerPassword = await revealRouterPassword({
        db: app.db,
        appKey: app.config.appKey,
        actorId: session.userId,
        viewer: session,
        id: request.params.id,
      });
      return { data: { routerPassword } };
    },
  );

  app.get(
    '/api/shops/:id/closures',
    {
      config: { access: 'shops.manage.view' },
      schema: { tags, params: idParamSchema, response: { 200: shopClosuresAnswerSchema } },
    },
    async (request) => ({
      data: await getShopClosures({ db: app.db, viewer: sessionOf(request), id: request.params.id }),
    }),
  );

  app.put(
    '/api/shops/:id/closed',
    {
      config: { access: 'shops.manage.edit' },
      schema: { tags, params: idParamSchema, body: shopClosedBodySchema, response: { 200: shopClosuresAnswerSchema } },
    },
    async (request) => {
      const session = sessionOf(request);
      return {
        data: await setShopClosed({
          db: app.db,
          actorId: session.userId,
          viewer: session,
          id: request.params.id,
          body: request.body,
        }),
      };
    },
  );

  app.post(
    '/api/shops/:id/closure-days',
    {
      config: { access: 'shops.manage.edit' },
      schema: { tags, params: idParamSchema, body: closureDaysBodySchema, response: { 200: shopClosuresAnswerSchema } },
    },
    async (request) => {
      const session = sessionOf(request);
      return {
        data: await addClosureDays({
          db: app.db,
          actorId: session.userId,
          viewer: session,
          id: request.params.id,
          body: request.body,
        }),
      };
    },
  );

  app.delete(
    '/api/shops/:id/closure-days/:day',
    {
      config: { access: 'shops.manage.edit' },
      schema: { tags, params: closureDayParamsSchema, response: { 200: shopClosuresAnswerSchema } },
    },
    async (request) => {
      const session = sessionOf(request);
      return {
        data: await removeClosureDay({
          db: app.db,
          actorId: session.userId,
          viewer: session,
          id: request.params.id,
          day: request.params.day,
        }),
      };
    },
  );

  app.get(
    '/api/shops/:id/working-hours',
    {
      config: { access: 'shops.manage.workingHours' },
      schema: { tags, params: idParamSchema, response: { 200: workingHoursAnswerSchema } },
    },
    async (request) => ({
      data: await getWorkingHours({ db: app.db, viewer: sessionOf(request), id: request.params.id }),
    }),
  );

  app.put(
    '/api/shops/:id/working-hours',
    {
      config: { access: 'shops.manage.workingHours' },
      schema: { tags, params: idParamSchema, body: workingHoursSchema, response: { 200: workingHoursAnswerSchema } },
    },
    async (request) => {
      const session = sessionOf(request);
      return {
        data: await setWorkingHours({
          db: app.db,
          actorId: session.userId,
          viewer: session,
          id: request.params.id,
          body: request.body,
        }),
      };
    },
  );
};
