// Marketing (spec §2 Marketing, §6 Customers; issue 27): the customers (every loyalty card, registered or not) and the
// club's members, their sales and points, the members' records marketing edits, discounted sales and the club's settings.
import { idParamSchema, paginationQuerySchema } from '@bottega/contracts/common';
import {
  clubSettingsAnswerSchema,
  clubSettingsSchema,
  customerAnswerSchema,
  customerEditSchema,
  customerListQuerySchema,
  customerPageSchema,
  customerSalePageSchema,
  customerShopsAnswerSchema,
  discountedSalesPageSchema,
  discountedSalesQuerySchema,
  pointEntryPageSchema,
} from '@bottega/contracts/customers';
import { businessDate } from '@bottega/contracts/dates';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { sessionOf } from '../../platform/access';
import { currentTime } from '../../platform/clock';
import { sendFile } from '../../platform/file-transfer';
import { pickLanguage } from '../../platform/i18n';
import {
  customerCard,
  customerShops,
  getClubSettings,
  getCustomer,
  listCardSales,
  listCustomers,
  listDiscountedSales,
  updateClubSettings,
  updateCustomer,
} from './customers.service';
import { exportDiscountedSales } from './discounted-sales.csv';
import { listPointEntries } from './loyalty';
import './customers.jobs';

const tags = ['customers'];
const readers = { anyOf: ['customers.list', 'customers.search'] } as const;

export const customersRoutes: FastifyPluginAsyncZod = async (app) => {
  const now = () => currentTime(app.config);

  app.get(
    '/api/customers',
    {
      config: { access: readers },
      schema: {
        tags,
        description:
          'A page of the customers of the caller’s shops (every shop with customers.allShops), newest first, with ' +
          'points and level; non-registered cards only for customers.nonRegistered.',
        querystring: customerListQuerySchema,
        response: { 200: customerPageSchema },
      },
    },
    async (request) => listCustomers({ db: app.db, viewer: sessionOf(request), now: now(), query: request.query }),
  );

  app.get(
    '/api/customers/shops',
    {
      config: {
        access: { anyOf: ['customers.list', 'customers.search', 'customers.create', 'customers.discountedSales'] },
      },
      schema: {
        tags,
        description: 'The shops whose customers the caller reaches (every shop with customers.allShops).',
        response: { 200: customerShopsAnswerSchema },
      },
    },
    async (request) => ({ data: await customerShops({ db: app.db, viewer: sessionOf(request) }) }),
  );

  app.get(
    '/api/customers/settings',
    {
      config: { access: { anyOf: ['customers.list', 'customers.create'] } },
      schema: {
        tags,
        description: 'The club’s levels and whether registration is suspended.',
        response: { 200: clubSettingsAnswerSchema },
      },
    },
    async () => ({ data: await getClubSettings({ db: app.db }) }),
  );

  app.put(
    '/api/customers/settings',
    {
      config: { access: 'customers.create' },
      schema: {
        tags,
        description: 'Changes the club’s levels and suspends or reopens registration (audited).',
        body: clubSettingsSchema,
        response: { 200: clubSettingsAnswerSchema },
      },
    },
    async (request) => ({
      data: await updateClubSettings({
        db: app.db,
        viewer: sessionOf(request),
        now: now(),
        body: request.body,
        ip: request.ip,
      }),
    }),
  );

  app.get(
    '/api/customers/discounted-sales',
    {
      config: { access: 'customers.discountedSales' },
      schema: {
        tags,
        description: 'Sale lines with a discount by shop, period, product and customer, a page and the totals.',
        querystring: discountedSalesQuerySchema,
        response: { 200: discountedSalesPageSchema },
      },
    },
    async (request) =>
      listDiscountedSales({ db: app.db, viewer: sessionOf(request), now: now(), query: request.query }),
  );

  app.get(
    '/api/customers/discounted-sales/export',
    {
      config: { access: 'customers.discountedSales' },
      schema: {
        tags,
        description:
          'The discounted sale lines of the filters as CSV (Italian Excel’s format), headings in the Accept-Language.',
        querystring: discountedSalesQuerySchema.omit({ page: true, perPage: true }),
      },
    },
    async (request, reply) => {
      const file = await exportDiscountedSales({
        db: app.db,
        viewer: sessionOf(request),
        now: now(),
        query: request.query,
        lng: pickLanguage(request.headers['accept-language']),
      });
      return sendFile(reply, file, 'attachment');
    },
  );

  app.get(
    '/api/customers/:id',
    {
      config: { access: readers },
      schema: {
        tags,
        description: 'A customer with their consents, points in the window, level and what is missing for the next.',
        params: idParamSchema,
        response: { 200: customerAnswerSchema },
      },
    },
    async (request) => ({
      data: await getCustomer({ db: app.db, viewer: sessionOf(request), now: now(), id: request.params.id }),
    }),
  );

  app.put(
    '/api/customers/:id',
    {
      config: { access: 'customers.create' },
      schema: {
        tags,
        description:
          'Edits a club member: not the password, the email or the phone; marketing consent can only be withdrawn.',
        params: idParamSchema,
        body: customerEditSchema,
        response: { 200: customerAnswerSchema },
      },
    },
    async (request) => ({
      data: await updateCustomer({
        db: app.db,
        viewer: sessionOf(request),
        now: now(),
        id: request.params.id,
        body: request.body,
        ip: request.ip,
      }),
    }),
  );

  app.get(
    '/api/customers/:id/sales',
    {
      config: { access: readers },
      schema: {
        tags,
        description: 'The lines of the receipts carrying the customer’s card (§3 Customer sale), newest first.',
        params: idParamSchema,
        querystring: paginationQuerySchema,
        response: { 200: customerSalePageSchema },
      },
    },
    async (request) => {
      const viewer = sessionOf(request);
      const card = await customerCard({ db: app.db, viewer, now: now(), id: request.params.id });
      const { page, perPage } = request.query;
      const { data, total } = await listCardSales(app.db, { card: card.cardNumber, page, perPage });
      return { data, meta: { page, perPage, total } };
    },
  );

  app.get(
    '/api/customers/:id/points',
    {
      config: { access: readers },
      schema: {
        tags,
        description:
          'The customer’s points history (receipts and gifts), newest first, each saying whether it still counts.',
        params: idParamSchema,
        querystring: paginationQuerySchema,
        response: { 200: pointEntryPageSchema },
      },
    },
    async (request) => {
      const viewer = sessionOf(request);
      const today = now();
      const card = await customerCard({ db: app.db, viewer, now: today, id: request.params.id });
      const { page, perPage } = request.query;
      const { data, total } = await listPointEntries(app.db, {
        customerId: card.id,
        page,
        perPage,
        today: businessDate(today),
      });
      return { data, meta: { page, perPage, total } };
    },
  );
};
