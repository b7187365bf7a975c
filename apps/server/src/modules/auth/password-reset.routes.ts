// Links mailed to a person (spec §8): ask for a reset link, check a link, set a new password through it
// (reset or invitation), confirm a new email address. Public: the link's token is the proof.
import {
  emailConfirmationBodySchema,
  passwordResetAnswerSchema,
  passwordResetBodySchema,
  passwordResetCheckBodySchema,
  passwordResetRequestBodySchema,
} from '@bottega/contracts/password-reset';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { confirmEmailChange } from './email-change.service';
import { checkPasswordResetToken, requestPasswordReset, resetPassword } from './password-reset.service';

const tags = ['auth'];
const done = { data: { ok: true as const } };

export const passwordResetRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/api/auth/password-reset/request',
    {
      config: { access: 'public' },
      schema: { tags, body: passwordResetRequestBodySchema, response: { 200: passwordResetAnswerSchema } },
    },
    async (request) => {
      await requestPasswordReset({ db: app.db, config: app.config, email: request.body.email, ip: request.ip });
      return done;
    },
  );

  app.post(
    '/api/auth/password-reset/check',
    {
      config: { access: 'public' },
      schema: { tags, body: passwordResetCheckBodySchema, response: { 200: passwordResetAnswerSchema } },
    },
    async (request) => {
      await checkPasswordResetToken({ db: app.db, token: request.body.token });
      return done;
    },
  );

  app.post(
    '/api/auth/password-reset',
    {
      config: { access: 'public' },
      schema: { tags, body: passwordResetBodySchema, response: { 200: passwordResetAnswerSchema } },
    },
    async (request) => {
      await resetPassword({ db: app.db, token: request.body.token, password: request.body.password, ip: request.ip });
      return done;
    },
  );

  app.post(
    '/api/auth/email-confirmation',
    {
      config: { access: 'public' },
      schema: { tags, body: emailConfirmationBodySchema, response: { 200: passwordResetAnswerSchema } },
    },
    async (request) => {
      await confirmEmailChange({ db: app.db, token: request.body.token, ip: request.ip });
      return done;
    },
  );
};
