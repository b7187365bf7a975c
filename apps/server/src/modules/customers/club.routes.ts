// The loyalty club's API (issue 27): the customers' own realm at /api/club. Registration, sign-in and the forgotten
// password are public; everything else needs a club session (access 'customer'), which no staff session is.
import {
  clubDeleteSchema,
  clubForgotSchema,
  clubInfoAnswerSchema,
  clubInfoQuerySchema,
  clubLoyaltyAnswerSchema,
  clubProfileAnswerSchema,
  clubProfileEditSchema,
  clubRegistrationSchema,
  clubResetSchema,
  clubSessionAnswerSchema,
  clubSignInSchema,
  otpSendSchema,
  otpSentAnswerSchema,
  otpVerifySchema,
} from '@bottega/contracts/club';
import { okSchema, paginationQuerySchema } from '@bottega/contracts/common';
import { customerSalePageSchema, pointEntryPageSchema } from '@bottega/contracts/customers';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { customerOf } from '../../platform/access';
import { currentTime } from '../../platform/clock';
import { endCustomerSession } from '../../platform/customer-sessions';
import {
  clubActivity,
  clubInfo,
  clubLoyalty,
  clubProfile,
  clubPurchases,
  deleteClubAccount,
  exportClubData,
  registerCustomer,
  requestPasswordReset,
  resetPassword,
  sendConfirmationCode,
  signInCustomer,
  updateClubProfile,
  verifyConfirmationCode,
} from './club.service';

const tags = ['club'];

export const clubRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps = () => ({ db: app.db, config: app.config, now: currentTime(app.config) });

  app.get(
    '/api/club/info',
    {
      config: { access: 'public' },
      schema: {
        tags,
        description: 'What the registration page promises and offers: levels, gifts, shops, whether it is open.',
        querystring: clubInfoQuerySchema,
        response: { 200: clubInfoAnswerSchema },
      },
    },
    async (request) => ({ data: await clubInfo({ db: app.db, invite: request.query.invite }) }),
  );

  app.post(
    '/api/club/register',
    {
      config: { access: 'public' },
      schema: {
        tags,
        description:
          'Registers a customer and sends a code to their email and one to their phone; 503 while registration is ' +
          'suspended (nothing is stored).',
        body: clubRegistrationSchema,
        response: { 201: clubSessionAnswerSchema },
      },
    },
    async (request, reply) => {
      const data = await registerCustomer({ ...deps(), body: request.body, ip: request.ip });
      return reply.status(201).send({ data });
    },
  );

  app.post(
    '/api/club/sign-in',
    {
      config: { access: 'public' },
      schema: {
        tags,
        description: 'Signs a customer in (locked out after too many failures).',
        body: clubSignInSchema,
        response: { 200: clubSessionAnswerSchema },
      },
    },
    async (request) => ({
      data: await signInCustomer({
        ...deps(),
        throttle: app.loginThrottle,
        email: request.body.email,
        password: request.body.password,
        ip: request.ip,
      }),
    }),
  );

  app.post(
    '/api/club/password/forgot',
    {
      config: { access: 'public' },
      schema: {
        tags,
        description: 'Sends a code to choose a new password when the email is a member’s; the same answer either way.',
        body: clubForgotSchema,
        response: { 200: okSchema },
      },
    },
    async (request) => {
      await requestPasswordReset({ ...deps(), email: request.body.email });
      return { data: { ok: true as const } };
    },
  );

  app.post(
    '/api/club/password/reset',
    {
      config: { access: 'public' },
      schema: {
        tags,
        description: 'Sets a new password with the emailed code; every session ends.',
        body: clubResetSchema,
        response: { 200: okSchema },
      },
    },
    async (request) => {
      await resetPassword({ ...deps(), ...request.body, ip: request.ip });
      return { data: { ok: true as const } };
    },
  );

  app.post(
    '/api/club/sign-out',
    {
      config: { access: 'customer' },
      schema: { tags, description: 'Ends this club session.', response: { 200: okSchema } },
    },
    async (request) => {
      await endCustomerSession(app.db, customerOf(request).sessionId);
      return { data: { ok: true as const } };
    },
  );

  app.get(
    '/api/club/me',
    {
      config: { access: 'customer' },
      schema: {
        tags,
        description: 'The signed-in customer, confirmed or not yet.',
        response: { 200: clubProfileAnswerSchema },
      },
    },
    async (request) => ({ data: await clubProfile({ db: app.db, customer: customerOf(request) }) }),
  );

  app.put(
    '/api/club/me',
    {
      config: { access: 'customer' },
      schema: {
        tags,
        description: 'The customer changes their own record.',
        body: clubProfileEditSchema,
        response: { 200: clubProfileAnswerSchema },
      },
    },
    async (request) => ({
      data: await updateClubProfile({ ...deps(), customer: customerOf(request), body: request.body, ip: request.ip }),
    }),
  );

  app.post(
    '/api/club/otp/send',
    {
      config: { access: 'customer' },
      schema: {
        tags,
        description: 'Sends a new confirmation code by email or SMS (one a minute, a few a day per address).',
        body: otpSendSchema,
        response: { 200: otpSentAnswerSchema },
      },
    },
    async (request) => ({
      data: await sendConfirmationCode({ ...deps(), customer: customerOf(request), channel: request.body.channel }),
    }),
  );

  app.post(
    '/api/club/otp/verify',
    {
      config: { access: 'customer' },
      schema: {
        tags,
        description: 'Confirms the email or the phone with its code.',
        body: otpVerifySchema,
        response: { 200: clubProfileAnswerSchema },
      },
    },
    async (request) => ({
      data: await verifyConfirmationCode({
        ...deps(),
        customer: customerOf(request),
        channel: request.body.channel,
        code: request.body.code,
        ip: request.ip,
      }),
    }),
  );

  app.get(
    '/api/club/loyalty',
    {
      config: { access: 'customer' },
      schema: {
        tags,
        description: 'Points over the last 12 months, level, what is missing for the next, birthday gift, invitations.',
        response: { 200: clubLoyaltyAnswerSchema },
      },
    },
    async (request) => ({
      data: await clubLoyalty({ db: app.db, customer: customerOf(request), now: currentTime(app.config) }),
    }),
  );

  app.get(
    '/api/club/activity',
    {
      config: { access: 'customer' },
      schema: {
        tags,
        description: 'The points history, newest first.',
        querystring: paginationQuerySchema,
        response: { 200: pointEntryPageSchema },
      },
    },
    async (request) =>
      clubActivity({ db: app.db, customer: customerOf(request), now: currentTime(app.config), ...request.query }),
  );

  app.get(
    '/api/club/purchases',
    {
      config: { access: 'customer' },
      schema: {
        tags,
        description: 'The lines of the customer’s receipts, newest first.',
        querystring: paginationQuerySchema,
        response: { 200: customerSalePageSchema },
      },
    },
    async (request) => clubPurchases({ db: app.db, customer: customerOf(request), ...request.query }),
  );

  app.get(
    '/api/club/export',
    {
      config: { access: 'customer' },
      schema: { tags, description: 'Everything the club keeps about the customer, as a JSON file (GDPR).' },
    },
    async (request, reply) => {
      const data = await exportClubData({ db: app.db, customer: customerOf(request), now: currentTime(app.config) });
      return reply
        .type('application/json; charset=utf-8')
        .header('content-disposition', `attachment; filename="bottega-club-${data.profile.cardNumber}.json"`)
        .header('cache-control', 'no-store')
        .send(JSON.stringify(data, null, 2));
    },
  );

  app.post(
    '/api/club/me/delete',
    {
      config: { access: 'customer' },
      schema: {
        tags,
        description:
          'Erases the customer (GDPR): their data goes, the card’s receipts stay for the books. Irreversible.',
        body: clubDeleteSchema,
        response: { 200: okSchema },
      },
    },
    async (request) => {
      await deleteClubAccount({
        ...deps(),
        customer: customerOf(request),
        password: request.body.password,
        ip: request.ip,
      });
      return { data: { ok: true as const } };
    },
  );
};
