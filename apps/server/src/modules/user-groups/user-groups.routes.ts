// User groups (spec §2 Management › usersGroup): list, create, edit abilities, notification channels, history.
import { idParamSchema, okSchema, paginationQuerySchema } from '@bottega/contracts/common';
import {
  groupNotificationsAnswerSchema,
  groupNotificationsSchema,
  userGroupAnswerSchema,
  userGroupBodySchema,
  userGroupHistoryPageSchema,
  userGroupListQuerySchema,
  userGroupPageSchema,
} from '@bottega/contracts/user-groups';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { sessionOf } from '../../platform/access';
import {
  createUserGroup,
  deleteUserGroup,
  getGroupNotifications,
  getUserGroup,
  listUserGroupHistory,
  listUserGroups,
  setGroupNotifications,
  updateUserGroup,
} from './user-groups.service';

const tags = ['user-groups'];

export const userGroupsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/user-groups',
    {
      config: { access: 'employees.userGroups.list' },
      schema: { tags, querystring: userGroupListQuerySchema, response: { 200: userGroupPageSchema } },
    },
    async (request) => listUserGroups({ db: app.db, ...request.query }),
  );

  app.post(
    '/api/user-groups',
    {
      config: { access: 'employees.userGroups.add' },
      schema: { tags, body: userGroupBodySchema, response: { 201: userGroupAnswerSchema } },
    },
    async (request, reply) => {
      const id = await createUserGroup({ db: app.db, session: sessionOf(request), body: request.body });
      return reply.status(201).send({ data: await getUserGroup({ db: app.db, id }) });
    },
  );

  app.get(
    '/api/user-groups/:id',
    {
      config: { access: 'employees.userGroups.view' },
      schema: { tags, params: idParamSchema, response: { 200: userGroupAnswerSchema } },
    },
    async (request) => ({ data: await getUserGroup({ db: app.db, id: request.params.id }) }),
  );

  app.put(
    '/api/user-groups/:id',
    {
      config: { access: 'employees.userGroups.edit' },
      schema: { tags, params: idParamSchema, body: userGroupBodySchema, response: { 200: userGroupAnswerSchema } },
    },
    async (request) => {
      const { id } = request.params;
      await updateUserGroup({ db: app.db, session: sessionOf(request), id, body: request.body });
      return { data: await getUserGroup({ db: app.db, id }) };
    },
  );

  app.delete(
    '/api/user-groups/:id',
    {
      config: { access: 'employees.userGroups.delete' },
      schema: { tags, params: idParamSchema, response: { 200: okSchema } },
    },
    async (request) => {
      await deleteUserGroup({ db: app.db, session: sessionOf(request), id: request.params.id });
      return { data: { ok: true as const } };
    },
  );

  app.get(
    '/api/user-groups/:id/notifications',
    {
      config: { access: 'employees.userGroups.notifications' },
      schema: { tags, params: idParamSchema, response: { 200: groupNotificationsAnswerSchema } },
    },
    async (request) => ({ data: await getGroupNotifications({ db: app.db, id: request.params.id }) }),
  );

  app.put(
    '/api/user-groups/:id/notifications',
    {
      config: { access: 'employees.userGroups.notifications' },
      schema: {
        tags,
        params: idParamSchema,
        body: groupNotificationsSchema,
        response: { 200: groupNotificationsAnswerSchema },
      },
    },
    async (request) => ({
      data: await setGroupNotifications({
        db: app.db,
        session: sessionOf(request),
        id: request.params.id,
        events: request.body.events,
      }),
    }),
  );

  app.get(
    '/api/user-groups/:id/history',
    {
      config: { access: 'employees.userGroups.view' },
      schema: {
        tags,
        params: idParamSchema,
        querystring: paginationQuerySchema,
        response: { 200: userGroupHistoryPageSchema },
      },
    },
    async (request) => listUserGroupHistory({ db: app.db, id: request.params.id, ...request.query }),
  );
};
