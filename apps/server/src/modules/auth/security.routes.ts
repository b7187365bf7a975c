// Two-factor sign-in and setup, passkeys, the user's sessions and the presence check.

import { signInAnswerSchema } from '@bottega/contracts/auth';
import { idParamSchema, okSchema } from '@bottega/contracts/common';
import {
  ceremonyAnswerSchema,
  challengeBodySchema,
  codeBodySchema,
  mfaSetupSignInAnswerSchema,
  mfaSetupSignInBodySchema,
  mfaSignInBodySchema,
  mfaStatusAnswerSchema,
  passkeyAnswerSchema,
  passkeyRegisterBodySchema,
  passkeySignInBodySchema,
  passkeySignInOptionsBodySchema,
  passkeysAnswerSchema,
  presenceAnswerSchema,
  presenceBodySchema,
  presenceOptionsAnswerSchema,
  presenceOptionsBodySchema,
  recoveryCodesAnswerSchema,
  sessionIdParamSchema,
  sessionsAnswerSchema,
  totpSetupAnswerSchema,
} from '@bottega/contracts/security';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Config } from '../../config';
import { sessionOf } from '../../platform/access';
import type { Client } from './auth.service';
import { deviceCookies } from './device-cookie';
import { beginTotpSetup, confirmTotpSetup, disableMfa, mfaStatus, regenerateRecoveryCodes } from './mfa.service';
import {
  listPasskeys,
  passkeyAssertionOptions,
  passkeyRegistrationOptions,
  registerPasskey,
  removePasskey,
} from './passkeys.service';
import { confirmPresence, presenceOptions } from './presence.service';
import { listUserSessions, revokeUserSession } from './sessions.service';
import {
  beginMfaSetupSignIn,
  completeMfaSetupSignIn,
  completeMfaSignIn,
  signInWithPasskey,
} from './sign-in-steps.service';

const tags = ['security'];
const passkeyAbility = 'employees.fingerprintRegistration';

/** The client of a sign-in request, with its device cookies (read, and written once the sign-in is complete). */
export function clientOf(request: FastifyRequest, reply: FastifyReply, config: Config): Client {
  return { userAgent: request.headers['user-agent'], ip: request.ip, device: deviceCookies(request, reply, config) };
}

export const securityRoutes: FastifyPluginAsyncZod = async (app) => {
  const context = (request: FastifyRequest, reply: FastifyReply) => ({
    db: app.db,
    config: app.config,
    throttle: app.loginThrottle,
    client: clientOf(request, reply, app.config),
  });
  const self = (request: FastifyRequest) => {
    const session = sessionOf(request);
    return { db: app.db, config: app.config, throttle: app.loginThrottle, userId: session.userId, ip: request.ip };
  };

  // ——— Sign-in steps (public: the caller has no session yet) ———
  app.post(
    '/api/auth/mfa',
    {
      config: { access: 'public' },
      schema: { tags, body: mfaSignInBodySchema, response: { 200: signInAnswerSchema } },
    },
    async (request, reply) => {
      const { challenge, ...factor } = request.body;
      return { data: await completeMfaSignIn({ ...context(request, reply), challenge, factor }) };
    },
  );

  app.post(
    '/api/auth/mfa/setup',
    {
      config: { access: 'public' },
      schema: { tags, body: challengeBodySchema, response: { 200: totpSetupAnswerSchema } },
    },
    async (request, reply) => ({ data: await beginMfaSetupSignIn({ ...context(request, reply), ...request.body }) }),
  );

  app.post(
    '/api/auth/mfa/setup/confirm',
    {
      config: { access: 'public' },
      schema: { tags, body: mfaSetupSignInBodySchema, response: { 200: mfaSetupSignInAnswerSchema } },
    },
    async (request, reply) => ({
      data: await completeMfaSetupSignIn({ ...context(request, reply), ...request.body }),
    }),
  );

  app.post(
    '/api/auth/passkey/options',
    {
      config: { access: 'public' },
      schema: { tags, body: passkeySignInOptionsBodySchema, response: { 200: ceremonyAnswerSchema } },
    },
    async () => ({
      data: await passkeyAssertionOptions({ db: app.db, config: app.config, purpose: 'passkeySignIn', userId: null }),
    }),
  );

  app.post(
    '/api/auth/passkey',
    {
      config: { access: 'public' },
      schema: { tags, body: passkeySignInBodySchema, response: { 200: signInAnswerSchema } },
    },
    async (request, reply) => ({ data: await signInWithPasskey({ ...context(request, reply), ...request.body }) }),
  );

  // ——— Presence: is this person here? (shift punches) ———
  app.post(
    '/api/auth/presence/options',
    {
      config: { access: 'authenticated' },
      schema: { tags, body: presenceOptionsBodySchema, response: { 200: presenceOptionsAnswerSchema } },
    },
    async (request) => ({
      data: await presenceOptions({
        db: app.db,
        config: app.config,
        session: sessionOf(request),
        userId: request.body.userId,
      }),
    }),
  );

  app.post(
    '/api/auth/presence',
    {
      config: { access: 'authenticated' },
      schema: { tags, body: presenceBodySchema, response: { 200: presenceAnswerSchema } },
    },
    async (request) => {
      const { userId, ...proof } = request.body;
      return {
        data: await confirmPresence({
          db: app.db,
          config: app.config,
          throttle: app.loginThrottle,
          session: sessionOf(request),
          userId,
          proof,
          ip: request.ip,
        }),
      };
    },
  );

  // ——— The user's own two-factor ———
  app.get(
    '/api/profile/mfa',
    { config: { access: 'authenticated' }, schema: { tags, response: { 200: mfaStatusAnswerSchema } } },
    async (request) => ({ data: await mfaStatus(app.db, sessionOf(request).userId) }),
  );

  app.post(
    '/api/profile/mfa/setup',
    { config: { access: 'authenticated' }, schema: { tags, response: { 200: totpSetupAnswerSchema } } },
    async (request) => ({ data: await beginTotpSetup(self(request)) }),
  );

  app.post(
    '/api/profile/mfa/confirm',
    {
      config: { access: 'authenticated' },
      schema: { tags, body: codeBodySchema, response: { 200: recoveryCodesAnswerSchema } },
    },
    async (request) => ({
      data: { recoveryCodes: await confirmTotpSetup({ ...self(request), code: request.body.code }) },
    }),
  );

  app.post(
    '/api/profile/mfa/recovery-codes',
    {
      config: { access: 'authenticated' },
      schema: { tags, body: codeBodySchema, response: { 200: recoveryCodesAnswerSchema } },
    },
    async (request) => ({
      data: { recoveryCodes: await regenerateRecoveryCodes({ ...self(request), code: request.body.code }) },
    }),
  );

  app.post(
    '/api/profile/mfa/disable',
    { config: { access: 'authenticated' }, schema: { tags, body: codeBodySchema, response: { 200: okSchema } } },
    async (request) => {
      await disableMfa({ ...self(request), code: request.body.code });
      return { data: { ok: true as const } };
    },
  );

  // ——— The user's own passkeys ———
  app.get(
    '/api/profile/passkeys',
    { config: { access: passkeyAbility }, schema: { tags, response: { 200: passkeysAnswerSchema } } },
    async (request) => ({ data: await listPasskeys(app.db, sessionOf(request).userId) }),
  );

  app.post(
    '/api/profile/passkeys/options',
    { config: { access: passkeyAbility }, schema: { tags, response: { 200: ceremonyAnswerSchema } } },
    async (request) => ({ data: await passkeyRegistrationOptions(self(request)) }),
  );

  app.post(
    '/api/profile/passkeys',
    {
      config: { access: passkeyAbility },
      schema: { tags, body: passkeyRegisterBodySchema, response: { 201: passkeyAnswerSchema } },
    },
    async (request, reply) => {
      reply.code(201);
      return { data: await registerPasskey({ ...self(request), ...request.body }) };
    },
  );

  app.delete(
    '/api/profile/passkeys/:id',
    {
      config: { access: passkeyAbility },
      schema: { tags, params: idParamSchema, response: { 200: okSchema } },
    },
    async (request) => {
      await removePasskey({ ...self(request), id: request.params.id });
      return { data: { ok: true as const } };
    },
  );

  // ——— The user's own sessions ———
  app.get(
    '/api/profile/sessions',
    { config: { access: 'authenticated' }, schema: { tags, response: { 200: sessionsAnswerSchema } } },
    async (request) => ({ data: await listUserSessions({ db: app.db, session: sessionOf(request) }) }),
  );

  app.delete(
    '/api/profile/sessions/:id',
    {
      config: { access: 'authenticated' },
      schema: { tags, params: sessionIdParamSchema, response: { 200: okSchema } },
    },
    async (request) => {
      await revokeUserSession({ db: app.db, session: sessionOf(request), id: request.params.id, ip: request.ip });
      return { data: { ok: true as const } };
    },
  );
};
