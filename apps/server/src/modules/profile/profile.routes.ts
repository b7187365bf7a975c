// The signed-in person's own pages (spec §2 User › user and registration): profile data, avatar, password, language.
import { okSchema } from '@bottega/contracts/common';
import {
  avatarParamsSchema,
  languageBodySchema,
  passwordChangeAnswerSchema,
  passwordChangeBodySchema,
  profileAnswerSchema,
  profileUpdateBodySchema,
  registrationBodySchema,
} from '@bottega/contracts/profile';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { sessionOf } from '../../platform/access';
import { readUpload } from '../../platform/file-transfer';
import {
  changePassword,
  completeRegistration,
  getProfile,
  readAvatar,
  removeAvatar,
  setAvatar,
  setLanguage,
  updateProfile,
} from './profile.service';

const tags = ['profile'];

export const profileRoutes: FastifyPluginAsyncZod = async (app) => {
  const profileOf = (request: FastifyRequest) =>
    getProfile({ db: app.db, config: app.config, userId: sessionOf(request).userId });

  app.get(
    '/api/profile',
    { config: { access: 'authenticated' }, schema: { tags, response: { 200: profileAnswerSchema } } },
    async (request) => ({ data: await profileOf(request) }),
  );

  app.put(
    '/api/profile',
    {
      config: { access: 'authenticated' },
      schema: { tags, body: profileUpdateBodySchema, response: { 200: profileAnswerSchema } },
    },
    async (request) => {
      const { userId } = sessionOf(request);
      await updateProfile({ db: app.db, config: app.config, userId, body: request.body, ip: request.ip });
      return { data: await profileOf(request) };
    },
  );

  app.post(
    '/api/profile/registration',
    {
      config: { access: 'authenticated' },
      schema: { tags, body: registrationBodySchema, response: { 200: profileAnswerSchema } },
    },
    async (request) => {
      const { userId } = sessionOf(request);
      await completeRegistration({ db: app.db, config: app.config, userId, body: request.body, ip: request.ip });
      return { data: await profileOf(request) };
    },
  );

  app.put(
    '/api/profile/password',
    {
      config: { access: 'authenticated' },
      schema: { tags, body: passwordChangeBodySchema, response: { 200: passwordChangeAnswerSchema } },
    },
    async (request) => {
      const { userId, sessionId } = sessionOf(request);
      return {
        data: await changePassword({
          db: app.db,
          throttle: app.loginThrottle,
          userId,
          sessionId,
          body: request.body,
          ip: request.ip,
        }),
      };
    },
  );

  app.put(
    '/api/profile/language',
    {
      config: { access: 'authenticated' },
      schema: { tags, body: languageBodySchema, response: { 200: okSchema } },
    },
    async (request) => {
      await setLanguage({ db: app.db, userId: sessionOf(request).userId, lng: request.body.lng, ip: request.ip });
      return { data: { ok: true as const } };
    },
  );

  app.post(
    '/api/profile/avatar',
    {
      config: { access: 'authenticated' },
      schema: {
        tags,
        consumes: ['multipart/form-data'],
        description: 'One JPEG, PNG or WebP file (its content decides), at most UPLOAD_LIMIT_BYTES.',
        response: { 200: profileAnswerSchema },
      },
    },
    async (request) => {
      const { bytes } = await readUpload(request, app.config.uploadLimitBytes);
      await setAvatar({ db: app.db, storage: app.storage, userId: sessionOf(request).userId, bytes, ip: request.ip });
      return { data: await profileOf(request) };
    },
  );

  app.delete(
    '/api/profile/avatar',
    { config: { access: 'authenticated' }, schema: { tags, response: { 200: profileAnswerSchema } } },
    async (request) => {
      await removeAvatar({ db: app.db, storage: app.storage, userId: sessionOf(request).userId, ip: request.ip });
      return { data: await profileOf(request) };
    },
  );

  // Avatars are shown next to people's names across the app, so any signed-in person may load one.
  // The web fetches it with its bearer token and shows it through an object URL (an <img> cannot send
  // the header); the URL carries a version, so the picture may be cached for good.
  app.get(
    '/api/profile/avatar/:userId',
    {
      config: { access: 'authenticated' },
      schema: { tags, params: avatarParamsSchema, description: 'The picture itself (image/jpeg, png or webp).' },
    },
    async (request, reply) => {
      const avatar = await readAvatar({ db: app.db, storage: app.storage, userId: request.params.userId });
      return reply
        .type(avatar.mimeType)
        .header('cache-control', 'private, max-age=31536000, immutable')
        .header('x-content-type-options', 'nosniff')
        .header('content-security-policy', "default-src 'none'")
        .send(Buffer.from(avatar.bytes));
    },
  );
};
