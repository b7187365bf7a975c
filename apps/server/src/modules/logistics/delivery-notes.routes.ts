// The shop's delivery notes (shop/bds/archive): the chosen shop's processed files in and out, one with its lines, and
// the receiving shop's confirmation of what arrived. The PDF is the file's own ddt.pdf route.
import { idParamSchema } from '@bottega/contracts/common';
import {
  deliveryNoteListQuerySchema,
  logisticsFileAnswerSchema,
  logisticsFilePageSchema,
  logisticsReceiveBodySchema,
} from '@bottega/contracts/logistics';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { sessionOf, shopOf } from '../../platform/access';
import { currentTime } from '../../platform/clock';
import {
  deliveryNoteReceiveAbility,
  deliveryNoteViewAbilities,
  getDeliveryNote,
  listDeliveryNotes,
  receiveDeliveryNote,
} from './delivery-notes.service';
import { deliveryNotesToConfirmTodo } from './delivery-notes.todos';

const tags = ['logistics'];

export const deliveryNotesRoutes: FastifyPluginAsyncZod = async (app) => {
  app.todos.register(deliveryNotesToConfirmTodo);

  app.get(
    '/api/delivery-notes',
    {
      // The shop is the session's (409 shopRequired without one), never taken from the request.
      config: { access: { anyOf: deliveryNoteViewAbilities }, shop: true },
      schema: {
        tags,
        description:
          'The chosen shop’s delivery notes: processed or emailed files it sent or was sent, latest first. direction ' +
          '“in” keeps those addressed to it, “out” those it sent; search matches every word in the document number ' +
          'or the counterpart’s name. Needs logistics.pickingFile.view or logistics.shopOutFile.view.',
        querystring: deliveryNoteListQuerySchema,
        response: { 200: logisticsFilePageSchema },
      },
    },
    async (request) => listDeliveryNotes({ db: app.db, shopId: shopOf(request), query: request.query }),
  );

  app.get(
    '/api/delivery-notes/:id',
    {
      config: { access: { anyOf: deliveryNoteViewAbilities }, shop: true },
      schema: {
        tags,
        description:
          'One delivery note of the chosen shop with its lines and what the shop counted where it differed; another ' +
          'shop’s answers 404. Needs logistics.pickingFile.view or logistics.shopOutFile.view.',
        params: idParamSchema,
        response: { 200: logisticsFileAnswerSchema },
      },
    },
    async (request) => ({
      data: await getDeliveryNote({ db: app.db, shopId: shopOf(request), id: request.params.id }),
    }),
  );

  app.post(
    '/api/delivery-notes/:id/receive',
    {
      config: { access: deliveryNoteReceiveAbility, shop: true },
      schema: {
        tags,
        description:
          'The receiving shop confirms what arrived: the pieces counted on every line. Any line differing flags the ' +
          'note received with differences. Once (409 logisticsAlreadyReceived); the sending shop may not (403).',
        params: idParamSchema,
        body: logisticsReceiveBodySchema,
        response: { 200: logisticsFileAnswerSchema },
      },
    },
    async (request) => ({
      data: await receiveDeliveryNote({
        db: app.db,
        session: sessionOf(request),
        shopId: shopOf(request),
        id: request.params.id,
        body: request.body,
        now: currentTime(app.config),
        ip: request.ip,
        realtime: app.realtime,
      }),
    }),
  );
};
