// Automation (spec §2 Automation; issue 28): the social accounts, the posts and their publishing, the video and image
// library with its resumable uploads, and the signed links the networks fetch the files from.
import {
  accountAnswerSchema,
  accountBodySchema,
  accountCheckAnswerSchema,
  accountListQuerySchema,
  accountPageSchema,
  maxThumbnailBytes,
  mediaAnswerSchema,
  mediaEditSchema,
  mediaListQuerySchema,
  mediaPageSchema,
  mediaTagsAnswerSchema,
  postAnswerSchema,
  postAuthorsAnswerSchema,
  postBodySchema,
  postCalendarAnswerSchema,
  postCalendarQuerySchema,
  postListQuerySchema,
  postPageSchema,
  uploadChunkBytes,
  uploadChunkQuerySchema,
  uploadIdParamSchema,
  uploadStartSchema,
  uploadStateAnswerSchema,
} from '@bottega/contracts/automation';
import { dataOf, idParamSchema, okSchema } from '@bottega/contracts/common';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { sessionOf } from '../../platform/access';
import { currentTime } from '../../platform/clock';
import { AppError } from '../../platform/errors';
import { sendStoredFile } from '../../platform/file-transfer';
import {
  accountScopes,
  checkAccount,
  createAccount,
  deleteAccount,
  getAccount,
  listAccounts,
  updateAccount,
} from './accounts.service';
import { accountsToReconnectTodo, postsFailedTodo } from './automation.todos';
import {
  appendUploadChunk,
  assertPublicMediaLink,
  deleteMedia,
  editMedia,
  getMedia,
  listMedia,
  listMediaTags,
  mediaFile,
  mediaThumbnail,
  setMediaThumbnail,
  startUpload,
  uploadState,
} from './media.service';
import {
  cancelPost,
  deletePost,
  getPost,
  listPosts,
  postAuthors,
  postCalendar,
  retryPost,
  savePost,
} from './posts.service';
import { accountFiguresLimit, refreshFigures } from './publishing';

const tags = ['automation'];
const accountReaders = { anyOf: ['automation.accounts', 'automation.posts'] } as const;
const mediaReaders = { anyOf: ['automation.videos', 'automation.posts'] } as const;

export const automationRoutes: FastifyPluginAsyncZod = async (app) => {
  const now = () => currentTime(app.config);
  app.todos.register(postsFailedTodo);
  app.todos.register(accountsToReconnectTodo);

  // Uploads and thumbnails arrive as raw bytes: a piece of a file, never more than one piece at a time.
  app.addContentTypeParser(
    'application/octet-stream',
    { parseAs: 'buffer', bodyLimit: uploadChunkBytes },
    (_request, body, done) => done(null, body),
  );

  // ——— Accounts ———

  app.get(
    '/api/automation/accounts',
    {
      config: { access: accountReaders },
      schema: {
        tags,
        description:
          'A page of the social accounts the caller reaches (the company’s and their shops’; every shop with ' +
          'automation.allShops), by name, with their state and the figures of their published posts.',
        querystring: accountListQuerySchema,
        response: { 200: accountPageSchema },
      },
    },
    async (request) => listAccounts({ db: app.db, viewer: sessionOf(request), query: request.query }),
  );

  app.get(
    '/api/automation/scopes',
    {
      config: { access: 'automation.accounts' },
      schema: {
        tags,
        description:
          'What an account may speak for: the caller’s shops (every shop with automation.allShops), the companies.',
        response: {
          200: dataOf(
            z.object({
              shops: z.array(z.object({ id: z.number().int(), code: z.string(), name: z.string() })),
              companies: z.array(z.object({ id: z.number().int(), name: z.string() })),
            }),
          ),
        },
      },
    },
    async (request) => ({ data: await accountScopes({ db: app.db, viewer: sessionOf(request) }) }),
  );

  app.get(
    '/api/automation/accounts/:id',
    {
      config: { access: accountReaders },
      schema: {
        tags,
        description: 'One account (another shop’s answers 404).',
        params: idParamSchema,
        response: { 200: accountAnswerSchema },
      },
    },
    async (request) => ({ data: await getAccount({ db: app.db, viewer: sessionOf(request), id: request.params.id }) }),
  );

  app.post(
    '/api/automation/accounts',
    {
      config: { access: 'automation.accounts' },
      schema: {
        tags,
        description:
          'Adds an account. Its token (a Page or Instagram access token; a webhook’s signing secret) is sealed with ' +
          'the app key and never answered.',
        body: accountBodySchema,
        response: { 201: accountAnswerSchema },
      },
    },
    async (request, reply) => {
      const account = await createAccount({
        db: app.db,
        viewer: sessionOf(request),
        values: request.body,
        appKey: app.config.appKey,
      });
      return reply.status(201).send({ data: account });
    },
  );

  app.put(
    '/api/automation/accounts/:id',
    {
      config: { access: 'automation.accounts' },
      schema: {
        tags,
        description: 'Changes an account; a token left out stays, a new one makes it connected again.',
        params: idParamSchema,
        body: accountBodySchema,
        response: { 200: accountAnswerSchema },
      },
    },
    async (request) => ({
      data: await updateAccount({
        db: app.db,
        viewer: sessionOf(request),
        id: request.params.id,
        values: request.body,
        appKey: app.config.appKey,
      }),
    }),
  );

  app.delete(
    '/api/automation/accounts/:id',
    {
      config: { access: 'automation.accounts' },
      schema: {
        tags,
        description: 'Removes an account that only drafts name (409 accountHasPosts otherwise).',
        params: idParamSchema,
        response: { 200: okSchema },
      },
    },
    async (request) => {
      await deleteAccount({ db: app.db, viewer: sessionOf(request), id: request.params.id });
      return { data: { ok: true as const } };
    },
  );

  app.post(
    '/api/automation/accounts/:id/check',
    {
      config: { access: 'automation.accounts' },
      schema: {
        tags,
        description: 'Asks the network whether the account’s token works, and keeps its answer as the account’s state.',
        params: idParamSchema,
        response: { 200: accountCheckAnswerSchema },
      },
    },
    async (request) => ({
      data: await checkAccount({
        db: app.db,
        viewer: sessionOf(request),
        id: request.params.id,
        config: app.config,
        now: now(),
      }),
    }),
  );

  app.post(
    '/api/automation/accounts/:id/figures',
    {
      config: { access: accountReaders },
      schema: {
        tags,
        description: `Asks the network for the figures of the account’s ${accountFiguresLimit} latest posts now.`,
        params: idParamSchema,
        response: { 200: accountAnswerSchema },
      },
    },
    async (request) => {
      const viewer = sessionOf(request);
      await getAccount({ db: app.db, viewer, id: request.params.id });
      await refreshFigures({
        db: app.db,
        config: app.config,
        now: now(),
        accountId: request.params.id,
        limit: accountFiguresLimit,
      });
      return { data: await getAccount({ db: app.db, viewer, id: request.params.id }) };
    },
  );

  // ——— Posts ———

  app.get(
    '/api/automation/posts',
    {
      config: { access: 'automation.posts' },
      schema: {
        tags,
        description: 'A page of the posts the caller reaches, the latest first, with each account’s outcome.',
        querystring: postListQuerySchema,
        response: { 200: postPageSchema },
      },
    },
    async (request) => listPosts({ db: app.db, viewer: sessionOf(request), query: request.query }),
  );

  app.get(
    '/api/automation/posts/calendar',
    {
      config: { access: 'automation.posts' },
      schema: {
        tags,
        description: 'The posts placed between two days of Europe/Rome (at most six weeks), in time order.',
        querystring: postCalendarQuerySchema,
        response: { 200: postCalendarAnswerSchema },
      },
    },
    async (request) => ({ data: await postCalendar({ db: app.db, viewer: sessionOf(request), query: request.query }) }),
  );

  app.get(
    '/api/automation/posts/authors',
    {
      config: { access: 'automation.posts' },
      schema: {
        tags,
        description: 'Who wrote the posts the caller reaches.',
        response: { 200: postAuthorsAnswerSchema },
      },
    },
    async (request) => ({ data: await postAuthors({ db: app.db, viewer: sessionOf(request) }) }),
  );

  app.get(
    '/api/automation/posts/:id',
    {
      config: { access: 'automation.posts' },
      schema: {
        tags,
        description: 'A post with its media and, per account, how it went.',
        params: idParamSchema,
        response: { 200: postAnswerSchema },
      },
    },
    async (request) => ({ data: await getPost({ db: app.db, viewer: sessionOf(request), id: request.params.id }) }),
  );

  app.post(
    '/api/automation/posts',
    {
      config: { access: 'automation.posts' },
      schema: {
        tags,
        description:
          'Writes a post: a draft, scheduled at a time or published now (both need automation.publish). 422 ' +
          'postNotForNetwork names the accounts whose network would refuse it; 422 scheduledInPast.',
        body: postBodySchema,
        response: { 201: postAnswerSchema },
      },
    },
    async (request, reply) => {
      const post = await savePost({ db: app.db, viewer: sessionOf(request), values: request.body, now: now() });
      return reply.status(201).send({ data: post });
    },
  );

  app.put(
    '/api/automation/posts/:id',
    {
      config: { access: 'automation.posts' },
      schema: {
        tags,
        description: 'Changes a draft, a scheduled or a cancelled post (409 postStateRefused otherwise).',
        params: idParamSchema,
        body: postBodySchema,
        response: { 200: postAnswerSchema },
      },
    },
    async (request) => ({
      data: await savePost({
        db: app.db,
        viewer: sessionOf(request),
        id: request.params.id,
        values: request.body,
        now: now(),
      }),
    }),
  );

  app.post(
    '/api/automation/posts/:id/cancel',
    {
      config: { access: 'automation.publish' },
      schema: {
        tags,
        description: 'Takes a scheduled post off the schedule.',
        params: idParamSchema,
        response: { 200: postAnswerSchema },
      },
    },
    async (request) => ({
      data: await cancelPost({ db: app.db, viewer: sessionOf(request), id: request.params.id, now: now() }),
    }),
  );

  app.post(
    '/api/automation/posts/:id/retry',
    {
      config: { access: 'automation.publish' },
      schema: {
        tags,
        description: 'Sends a failed post again now, to the accounts that did not take it.',
        params: idParamSchema,
        response: { 200: postAnswerSchema },
      },
    },
    async (request) => ({
      data: await retryPost({ db: app.db, viewer: sessionOf(request), id: request.params.id, now: now() }),
    }),
  );

  app.delete(
    '/api/automation/posts/:id',
    {
      config: { access: 'automation.posts' },
      schema: {
        tags,
        description: 'Deletes a draft or a cancelled post (its author, or a publisher).',
        params: idParamSchema,
        response: { 200: okSchema },
      },
    },
    async (request) => {
      await deletePost({ db: app.db, viewer: sessionOf(request), id: request.params.id });
      return { data: { ok: true as const } };
    },
  );

  // ——— Library ———

  app.get(
    '/api/automation/media',
    {
      config: { access: mediaReaders },
      schema: {
        tags,
        description: 'A page of the library, newest first: words in the title or tags, a tag, a kind.',
        querystring: mediaListQuerySchema,
        response: { 200: mediaPageSchema },
      },
    },
    async (request) => listMedia({ db: app.db, viewer: sessionOf(request), query: request.query }),
  );

  app.get(
    '/api/automation/media/tags',
    {
      config: { access: mediaReaders },
      schema: { tags, description: 'The library’s tags, most used first.', response: { 200: mediaTagsAnswerSchema } },
    },
    async () => ({ data: await listMediaTags({ db: app.db }) }),
  );

  app.get(
    '/api/automation/media/:id',
    {
      config: { access: mediaReaders },
      schema: {
        tags,
        description: 'One file of the library.',
        params: idParamSchema,
        response: { 200: mediaAnswerSchema },
      },
    },
    async (request) => ({ data: await getMedia({ db: app.db, id: request.params.id }) }),
  );

  app.get(
    '/api/automation/media/:id/file',
    {
      config: { access: mediaReaders },
      schema: { tags, description: 'The file (byte ranges answered, so a player can seek).', params: idParamSchema },
    },
    async (request, reply) =>
      sendStoredFile(request, reply, await mediaFile({ db: app.db, storage: app.storage, id: request.params.id })),
  );

  app.get(
    '/api/automation/media/:id/thumbnail',
    {
      config: { access: mediaReaders },
      schema: {
        tags,
        description: 'The thumbnail (an image’s own file when it has none; 404 for a video without).',
        params: idParamSchema,
      },
    },
    async (request, reply) =>
      sendStoredFile(request, reply, await mediaThumbnail({ db: app.db, storage: app.storage, id: request.params.id })),
  );

  app.put(
    '/api/automation/media/:id',
    {
      config: { access: 'automation.videos' },
      schema: {
        tags,
        description: 'Renames and tags a file.',
        params: idParamSchema,
        body: mediaEditSchema,
        response: { 200: mediaAnswerSchema },
      },
    },
    async (request) => ({
      data: await editMedia({ db: app.db, viewer: sessionOf(request), id: request.params.id, values: request.body }),
    }),
  );

  app.put(
    '/api/automation/media/:id/thumbnail',
    {
      config: { access: 'automation.videos' },
      bodyLimit: maxThumbnailBytes,
      schema: {
        tags,
        description: 'Sets the thumbnail: the bytes of a JPEG or PNG (application/octet-stream), at most 2 MB.',
        params: idParamSchema,
        response: { 200: mediaAnswerSchema },
      },
    },
    async (request) => {
      if (!Buffer.isBuffer(request.body)) throw new AppError('unsupportedMediaType');
      return {
        data: await setMediaThumbnail({
          db: app.db,
          viewer: sessionOf(request),
          id: request.params.id,
          storage: app.storage,
          bytes: new Uint8Array(request.body),
        }),
      };
    },
  );

  app.delete(
    '/api/automation/media/:id',
    {
      config: { access: 'automation.videos' },
      schema: {
        tags,
        description: 'Removes a file (409 mediaInUse while a post still to go out carries it).',
        params: idParamSchema,
        response: { 200: okSchema },
      },
    },
    async (request) => {
      await deleteMedia({ db: app.db, viewer: sessionOf(request), id: request.params.id, storage: app.storage });
      return { data: { ok: true as const } };
    },
  );

  app.post(
    '/api/automation/uploads',
    {
      config: { access: 'automation.videos' },
      schema: {
        tags,
        description: 'Starts a resumable upload; the file then comes in pieces (PUT …/uploads/{id}?offset=).',
        body: uploadStartSchema,
        response: { 201: uploadStateAnswerSchema },
      },
    },
    async (request, reply) => {
      const state = await startUpload({
        db: app.db,
        viewer: sessionOf(request),
        values: request.body,
        now: now(),
        dataDir: app.config.dataDir,
      });
      return reply.status(201).send({ data: state });
    },
  );

  app.get(
    '/api/automation/uploads/:id',
    {
      config: { access: 'automation.videos' },
      schema: {
        tags,
        description: 'Where an upload stands (to resume it).',
        params: uploadIdParamSchema,
        response: { 200: uploadStateAnswerSchema },
      },
    },
    async (request) => ({ data: await uploadState({ db: app.db, viewer: sessionOf(request), id: request.params.id }) }),
  );

  app.put(
    '/api/automation/uploads/:id',
    {
      config: { access: 'automation.videos' },
      bodyLimit: uploadChunkBytes,
      schema: {
        tags,
        description:
          'One piece of the file (application/octet-stream, at most 4 MB) starting at `offset`: 409 ' +
          'uploadOffsetMismatch when the upload stands elsewhere. The last piece answers the library’s new file, or ' +
          '415 mediaUnsupported / 413 mediaTooLarge.',
        params: uploadIdParamSchema,
        querystring: uploadChunkQuerySchema,
        response: { 200: uploadStateAnswerSchema },
      },
    },
    async (request) => {
      if (!Buffer.isBuffer(request.body)) throw new AppError('unsupportedMediaType');
      return {
        data: await appendUploadChunk({
          db: app.db,
          viewer: sessionOf(request),
          id: request.params.id,
          offset: request.query.offset,
          bytes: new Uint8Array(request.body),
          now: now(),
          dataDir: app.config.dataDir,
          storage: app.storage,
        }),
      };
    },
  );

  app.get(
    '/api/automation/public-media/:id/:expires/:signature',
    {
      config: { access: 'public' },
      schema: {
        tags,
        description:
          'A file of the library for the network a post goes to: the link is signed with the app key and expires ' +
          '(404 otherwise).',
        params: z.object({
          id: z.coerce.number().int().positive(),
          expires: z.coerce.number().int().positive(),
          signature: z.string().regex(/^[\w-]{20,100}$/),
        }),
      },
    },
    async (request, reply) => {
      assertPublicMediaLink(app.config.appKey, request.params, now());
      return sendStoredFile(
        request,
        reply,
        await mediaFile({ db: app.db, storage: app.storage, id: request.params.id }),
      );
    },
  );
};
