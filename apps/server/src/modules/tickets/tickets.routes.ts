// Tickets (spec §2 Tickets, §6): filing one, and for each of the three reaches its list, archive, conversation,
// replies, attachments and transitions.
import { idParamSchema } from '@bottega/contracts/common';
import { documentFileQuerySchema } from '@bottega/contracts/employees';
import {
  ticketAnswerSchema,
  ticketAttachmentAnswerSchema,
  ticketAttachmentMaxBytes,
  ticketAttachmentParamsSchema,
  ticketCategoriesAnswerSchema,
  ticketCreateBodySchema,
  ticketListQuerySchema,
  ticketMessageParamsSchema,
  ticketMoveBodySchema,
  ticketPageSchema,
  ticketReaches,
  ticketReachOf,
  ticketReplyBodySchema,
} from '@bottega/contracts/tickets';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { sessionOf, shopOf } from '../../platform/access';
import { currentTime } from '../../platform/clock';
import { readUpload, sendFile } from '../../platform/file-transfer';
import { kickJobs } from '../../platform/jobs';
import { listTicketCategories } from './ticket-categories.service';
import {
  attachToTicketMessage,
  createTicket,
  getTicket,
  listTickets,
  moveTicket,
  readTicketAttachment,
  remindTicket,
  replyToTicket,
  setTicketState,
} from './tickets.service';
import { ticketsToAnswerTodo } from './tickets.todos';

const tags = ['tickets'];

export const ticketsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.todos.register(ticketsToAnswerTodo);
  app.post(
    '/api/tickets',
    {
      config: { access: 'tickets.general.add', shop: true },
      schema: {
        tags,
        description:
          'Files a ticket in the session’s shop under a leaf category (422 ticketCategoryNotLeaf); the message is ' +
          'formatted text (HTML), stored sanitised. Files go to the opening message afterwards (…/attachments).',
        body: ticketCreateBodySchema,
        response: { 201: ticketAnswerSchema },
      },
    },
    async (request, reply) => {
      const ticket = await createTicket({
        db: app.db,
        viewer: sessionOf(request),
        shopId: shopOf(request),
        body: request.body,
        now: currentTime(app.config),
        ip: request.ip,
        realtime: app.realtime,
      });
      kickJobs();
      return reply.status(201).send({ data: ticket });
    },
  );

  for (const scope of ticketReaches) {
    const reach = ticketReachOf[scope];
    const { prefix } = reach;
    const change = (request: { ip: string }, viewer: ReturnType<typeof sessionOf>, id: number) => ({
      db: app.db,
      viewer,
      scope,
      id,
      now: currentTime(app.config),
      ip: request.ip,
      realtime: app.realtime,
    });

    app.get(
      `${prefix}/categories`,
      {
        config: { access: reach.categories },
        schema: {
          tags,
          description: 'The category tree, depth first.',
          response: { 200: ticketCategoriesAnswerSchema },
        },
      },
      async () => ({ data: await listTicketCategories({ db: app.db }) }),
    );

    for (const [state, path, access] of [
      ['open', '', reach.list],
      ['closed', '/archive', reach.archive],
    ] as const) {
      app.get(
        `${prefix}${path}`,
        {
          config: { access },
          schema: {
            tags,
            description:
              `The ${state} tickets of the ${scope} reach, ${state === 'open' ? 'latest reply' : 'latest closed'} ` +
              'first, with the last reply and whether it has unread replies; searchValue matches words of the subject ' +
              'or the messages from their start, categoryId takes the category and those below it.',
            querystring: ticketListQuerySchema,
            response: { 200: ticketPageSchema },
          },
        },
        async (request) => listTickets({ db: app.db, viewer: sessionOf(request), scope, state, query: request.query }),
      );
    }

    app.get(
      `${prefix}/:id`,
      {
        config: { access: reach.view },
        schema: {
          tags,
          description:
            'The ticket with its whole conversation, oldest first (also what its printable page shows); reading it ' +
            'marks its replies read. Outside the reach: 404.',
          params: idParamSchema,
          response: { 200: ticketAnswerSchema },
        },
      },
      async (request) => ({
        data: await getTicket({ db: app.db, viewer: sessionOf(request), scope, id: request.params.id }),
      }),
    );

    app.post(
      `${prefix}/:id/replies`,
      {
        config: { access: reach.reply },
        schema: {
          tags,
          description: 'A reply while the ticket is open (409 ticketClosed after, §5); the other side is told.',
          params: idParamSchema,
          body: ticketReplyBodySchema,
          response: { 201: ticketAnswerSchema },
        },
      },
      async (request, reply) => {
        const ticket = await replyToTicket({
          ...change(request, sessionOf(request), request.params.id),
          message: request.body.message,
        });
        kickJobs();
        return reply.status(201).send({ data: ticket });
      },
    );

    app.post(
      `${prefix}/:id/messages/:messageId/attachments`,
      {
        config: { access: reach.reply },
        schema: {
          tags,
          description:
            'One `file` (multipart) added to one of one’s own messages while the ticket is open: a JPEG, PNG, WebP ' +
            'or PDF told by its content (415/422), within 10 MiB (413), at most 10 to a message (409).',
          consumes: ['multipart/form-data'],
          params: ticketMessageParamsSchema,
          response: { 201: ticketAttachmentAnswerSchema },
        },
      },
      async (request, reply) => {
        const limit = Math.min(app.config.uploadLimitBytes, ticketAttachmentMaxBytes);
        const attachment = await attachToTicketMessage({
          ...change(request, sessionOf(request), request.params.id),
          messageId: request.params.messageId,
          storage: app.storage,
          read: () => readUpload(request, limit),
        });
        return reply.status(201).send({ data: attachment });
      },
    );

    // The file itself: inline for the preview, as an attachment with ?download=1. Binary, so no JSON schema.
    app.get(
      `${prefix}/:id/attachments/:attachmentId/file`,
      {
        config: { access: reach.view },
        schema: { tags, params: ticketAttachmentParamsSchema, querystring: documentFileQuerySchema },
      },
      async (request, reply) => {
        const file = await readTicketAttachment({
          db: app.db,
          storage: app.storage,
          viewer: sessionOf(request),
          scope,
          ...request.params,
        });
        const kind = request.query.download === undefined ? 'inline' : 'attachment';
        return sendFile(reply, { ...file, type: file.contentType }, kind);
      },
    );

    for (const [action, access] of [
      ['close', reach.close],
      ['reopen', reach.reopen],
    ] as const) {
      if (access === null) continue;
      app.post(
        `${prefix}/:id/${action}`,
        {
          config: { access },
          schema: {
            tags,
            description:
              action === 'close'
                ? 'Closes an open ticket: no more replies (§5); 409 ticketClosed when it already is.'
                : 'Reopens a closed ticket; 409 ticketNotClosed when it is open.',
            params: idParamSchema,
            response: { 200: ticketAnswerSchema },
          },
        },
        async (request) => ({
          data: await setTicketState({ ...change(request, sessionOf(request), request.params.id), action }),
        }),
      );
    }

    const move = reach.move;
    if (move !== null) {
      app.post(
        `${prefix}/:id/move`,
        {
          config: { access: move },
          schema: {
            tags,
            description:
              'Moves the ticket to another leaf category (422 ticketCategoryNotLeaf); the new assignees are told.',
            params: idParamSchema,
            body: ticketMoveBodySchema,
            response: { 200: ticketAnswerSchema },
          },
        },
        async (request) => {
          const ticket = await moveTicket({
            ...change(request, sessionOf(request), request.params.id),
            categoryId: request.body.categoryId,
          });
          kickJobs();
          return { data: ticket };
        },
      );
    }

    const remind = reach.remind;
    if (remind !== null) {
      app.post(
        `${prefix}/:id/remind`,
        {
          config: { access: remind },
          schema: {
            tags,
            description:
              'Reminds the assignees of an open ticket (by email, as their groups choose), at most once an hour ' +
              '(429 ticketRemindedRecently, saying in how many minutes).',
            params: idParamSchema,
            response: { 200: ticketAnswerSchema },
          },
        },
        async (request) => {
          const ticket = await remindTicket(change(request, sessionOf(request), request.params.id));
          kickJobs();
          return { data: ticket };
        },
      );
    }
  }
};
