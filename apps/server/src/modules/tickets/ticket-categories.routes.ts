// The ticket categories (spec §2 Management › ticket category): the tree, its changes and who handles each category.
import { idParamSchema, okSchema } from '@bottega/contracts/common';
import {
  ticketAssignableUsersAnswerSchema,
  ticketCategoriesAnswerSchema,
  ticketCategoryAnswerSchema,
  ticketCategoryAssigneesBodySchema,
  ticketCategoryBodySchema,
  ticketCategoryOrderBodySchema,
} from '@bottega/contracts/tickets';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { sessionOf } from '../../platform/access';
import {
  createTicketCategory,
  deleteTicketCategory,
  listTicketCategories,
  listTicketHandlers,
  reorderTicketCategories,
  setTicketCategoryAssignees,
  updateTicketCategory,
} from './ticket-categories.service';

const tags = ['tickets'];

export const ticketCategoriesRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/ticket-categories',
    {
      config: { access: 'tickets.manage.categories.list' },
      schema: {
        tags,
        description: 'The whole tree depth first (each parent followed by its categories in order), with assignees.',
        response: { 200: ticketCategoriesAnswerSchema },
      },
    },
    async () => ({ data: await listTicketCategories({ db: app.db }) }),
  );

  app.post(
    '/api/ticket-categories',
    {
      config: { access: 'tickets.manage.categories.add' },
      schema: {
        tags,
        description:
          'A parent (holding categories) or a leaf (holding tickets), last under its parent: a category flagged as ' +
          'parent (422 ticketCategoryParentInvalid otherwise); names unique under a parent (409 ticketCategoryExists).',
        body: ticketCategoryBodySchema,
        response: { 201: ticketCategoryAnswerSchema },
      },
    },
    async (request, reply) => {
      const category = await createTicketCategory({
        db: app.db,
        viewer: sessionOf(request),
        body: request.body,
        ip: request.ip,
      });
      return reply.status(201).send({ data: category });
    },
  );

  app.put(
    '/api/ticket-categories/:id',
    {
      config: { access: 'tickets.manage.categories.edit' },
      schema: {
        tags,
        description:
          'Renames, moves under another parent (never under itself or below it: 409 ticketCategoryCycle) or turns ' +
          'into a parent or a leaf (409 while it holds categories or tickets, with how many).',
        params: idParamSchema,
        body: ticketCategoryBodySchema,
        response: { 200: ticketCategoryAnswerSchema },
      },
    },
    async (request) => ({
      data: await updateTicketCategory({
        db: app.db,
        viewer: sessionOf(request),
        id: request.params.id,
        body: request.body,
        ip: request.ip,
      }),
    }),
  );

  app.post(
    '/api/ticket-categories/order',
    {
      config: { access: 'tickets.manage.categories.edit' },
      schema: {
        tags,
        description:
          'The new order of one parent’s categories (null: the top), every one of them each once (409 ' +
          'ticketCategoryOrderStale when the list changed meanwhile). Answers the whole tree.',
        body: ticketCategoryOrderBodySchema,
        response: { 200: ticketCategoriesAnswerSchema },
      },
    },
    async (request) => ({
      data: await reorderTicketCategories({
        db: app.db,
        viewer: sessionOf(request),
        body: request.body,
        ip: request.ip,
      }),
    }),
  );

  app.get(
    '/api/ticket-categories/assignable-users',
    {
      config: { access: 'tickets.manage.categories.assign' },
      schema: {
        tags,
        description: 'Who may be assigned a category: people holding tickets.assigned.view (and administrators).',
        response: { 200: ticketAssignableUsersAnswerSchema },
      },
    },
    async () => ({ data: await listTicketHandlers({ db: app.db }) }),
  );

  app.put(
    '/api/ticket-categories/:id/assignees',
    {
      config: { access: 'tickets.manage.categories.assign' },
      schema: {
        tags,
        description:
          'Replaces who handles the category’s tickets and those below it; each among the assignable users (422 ' +
          'ticketAssigneeNotAllowed).',
        params: idParamSchema,
        body: ticketCategoryAssigneesBodySchema,
        response: { 200: ticketCategoryAnswerSchema },
      },
    },
    async (request) => ({
      data: await setTicketCategoryAssignees({
        db: app.db,
        viewer: sessionOf(request),
        id: request.params.id,
        body: request.body,
        ip: request.ip,
      }),
    }),
  );

  app.delete(
    '/api/ticket-categories/:id',
    {
      config: { access: 'tickets.manage.categories.delete' },
      schema: {
        tags,
        description:
          'Refused while it holds categories (409 ticketCategoryHasChildren) or tickets, open or closed (409 ' +
          'ticketCategoryHasTickets), with how many.',
        params: idParamSchema,
        response: { 200: okSchema },
      },
    },
    async (request) => {
      await deleteTicketCategory({ db: app.db, viewer: sessionOf(request), id: request.params.id, ip: request.ip });
      return { data: { ok: true as const } };
    },
  );
};
