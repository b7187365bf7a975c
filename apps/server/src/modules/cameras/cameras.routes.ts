// Security video (spec §2, §3 Camera, §6 Security, §8; issue 26): cameras and their categories, the connection test,
// the viewer's pictures and live streams relayed by the server, and the viewing log.
import {
  cameraAnswerSchema,
  cameraBodySchema,
  cameraCategoriesAnswerSchema,
  cameraCategoryAnswerSchema,
  cameraCategoryBodySchema,
  cameraFailureErrors,
  cameraListQuerySchema,
  cameraOptionsSchema,
  cameraPageSchema,
  cameraPasswordAnswerSchema,
  cameraStreamBoundary,
  cameraTestAnswerSchema,
  cameraTestBodySchema,
  cameraTilePageSchema,
  cameraViewingPageSchema,
  cameraViewingQuerySchema,
  maxStreamViewersPerCamera,
} from '@bottega/contracts/cameras';
import { idParamSchema, okSchema } from '@bottega/contracts/common';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { sessionOf } from '../../platform/access';
import { currentTime } from '../../platform/clock';
import { AppError } from '../../platform/errors';
import { sendFile } from '../../platform/file-transfer';
import { pickLanguage } from '../../platform/i18n';
import { createCameraRelay } from './camera-relay';
import { createViewingRecorder, exportCameraViewings, listCameraViewings } from './camera-viewings.service';
import {
  cameraOptions,
  connectionOf,
  createCamera,
  createCameraCategory,
  deleteCamera,
  deleteCameraCategory,
  getCamera,
  listCameraCategories,
  listCameras,
  loadCamera,
  renameCameraCategory,
  revealCameraPassword,
  testCameraConnection,
  updateCamera,
} from './cameras.service';
import { camerasOfflineTodo } from './cameras.todos';
import './cameras.jobs';

const tags = ['cameras'];
/** While a stream lasts its viewing's end is moved on this often. */
const streamViewingEveryMs = 15_000;

export const camerasRoutes: FastifyPluginAsyncZod = async (app) => {
  app.todos.register(camerasOfflineTodo);
  const relay = createCameraRelay({ timeoutMs: app.config.cameras.timeoutMs });
  const viewings = createViewingRecorder(app.db);
  // Before the server waits for its open requests: the streams end, so closing does not wait for viewers.
  app.addHook('preClose', async () => relay.close());

  app.get(
    '/api/cameras/options',
    {
      config: {
        access: {
          anyOf: ['security.video.view', 'security.video.list', 'security.video.add', 'security.video.edit'],
        },
      },
      schema: {
        tags,
        description: 'The shops whose cameras the caller reaches and every category, for forms and filters.',
        response: { 200: cameraOptionsSchema },
      },
    },
    async (request) => ({ data: await cameraOptions({ db: app.db, viewer: sessionOf(request) }) }),
  );

  app.get(
    '/api/cameras',
    {
      config: { access: 'security.video.list' },
      schema: {
        tags,
        description:
          'A page of the cameras of the caller’s shops (every shop with security.video.viewAll), by shop and name; ' +
          'never a password.',
        querystring: cameraListQuerySchema,
        response: { 200: cameraPageSchema },
      },
    },
    async (request) => listCameras({ db: app.db, viewer: sessionOf(request), query: request.query }),
  );

  app.get(
    '/api/cameras/viewer',
    {
      config: { access: 'security.video.view' },
      schema: {
        tags,
        description: 'The cameras the caller may watch, searched by name, shop or category: no address, no user.',
        querystring: cameraListQuerySchema,
        response: { 200: cameraTilePageSchema },
      },
    },
    async (request) => {
      const page = await listCameras({ db: app.db, viewer: sessionOf(request), query: request.query });
      return {
        meta: page.meta,
        data: page.data.map(({ id, name, shop, category, state, lastOutcome, lastCheckedAt }) => ({
          id,
          name,
          shop,
          category,
          state,
          lastOutcome,
          lastCheckedAt,
        })),
      };
    },
  );

  app.post(
    '/api/cameras',
    {
      config: { access: 'security.video.add' },
      schema: {
        tags,
        description:
          'Adds a camera to one of the caller’s shops; the password is sealed with the app key. 409 cameraExists ' +
          'when the shop has a camera of that name.',
        body: cameraBodySchema,
        response: { 201: cameraAnswerSchema },
      },
    },
    async (request, reply) => {
      const camera = await createCamera({
        db: app.db,
        viewer: sessionOf(request),
        appKey: app.config.appKey,
        body: request.body,
        ip: request.ip,
      });
      return reply.status(201).send({ data: camera });
    },
  );

  app.post(
    '/api/cameras/test',
    {
      config: { access: { anyOf: ['security.video.add', 'security.video.edit'] } },
      schema: {
        tags,
        description:
          'The form’s "test connection": asks the camera typed in how it is and answers one of the eight outcomes ' +
          '(§8). With cameraId and no password, that camera’s stored password is used.',
        body: cameraTestBodySchema,
        response: { 200: cameraTestAnswerSchema },
      },
    },
    async (request) => ({
      data: await testCameraConnection({
        db: app.db,
        viewer: sessionOf(request),
        appKey: app.config.appKey,
        timeoutMs: app.config.cameras.timeoutMs,
        body: request.body,
      }),
    }),
  );

  app.get(
    '/api/cameras/:id',
    {
      config: { access: { anyOf: ['security.video.list', 'security.video.edit'] } },
      schema: { tags, params: idParamSchema, response: { 200: cameraAnswerSchema } },
    },
    async (request) => ({ data: await getCamera({ db: app.db, viewer: sessionOf(request), id: request.params.id }) }),
  );

  app.put(
    '/api/cameras/:id',
    {
      config: { access: 'security.video.edit' },
      schema: {
        tags,
        description:
          'Changes a camera (audited from → to; the password only as set, replaced or cleared). A new address or ' +
          'new credentials make it unchecked until the next check.',
        params: idParamSchema,
        body: cameraBodySchema,
        response: { 200: cameraAnswerSchema },
      },
    },
    async (request) => ({
      data: await updateCamera({
        db: app.db,
        viewer: sessionOf(request),
        appKey: app.config.appKey,
        id: request.params.id,
        body: request.body,
        ip: request.ip,
      }),
    }),
  );

  app.delete(
    '/api/cameras/:id',
    {
      config: { access: 'security.video.delete' },
      schema: {
        tags,
        description: 'Deletes a camera (audited); its viewing log stays, naming it.',
        params: idParamSchema,
        response: { 200: okSchema },
      },
    },
    async (request) => {
      await deleteCamera({ db: app.db, viewer: sessionOf(request), id: request.params.id, ip: request.ip });
      return { data: { ok: true as const } };
    },
  );

  app.post(
    '/api/cameras/:id/password/reveal',
    {
      config: { access: 'security.video.edit' },
      schema: {
        tags,
        description: 'The camera’s password in clear, for who may edit it; every reading is audited.',
        params: idParamSchema,
        response: { 200: cameraPasswordAnswerSchema },
      },
    },
    async (request) => ({
      data: {
        password: await revealCameraPassword({
          db: app.db,
          viewer: sessionOf(request),
          appKey: app.config.appKey,
          id: request.params.id,
          ip: request.ip,
        }),
      },
    }),
  );

  // Binary answers: a JPEG, or the multipart stream; their failures are the JSON errors of §8.
  app.get(
    '/api/cameras/:id/snapshot',
    {
      config: { access: 'security.video.view' },
      schema: {
        tags,
        description:
          'A picture of the camera now (image/jpeg), asked by the server at the camera’s saved address. A camera ' +
          'failing answers its §8 outcome: 502 camera…, 504 cameraTimeout. Logged in the viewing log.',
        params: idParamSchema,
      },
    },
    async (request, reply) => {
      const viewer = sessionOf(request);
      const { camera } = await loadCamera(app.db, viewer, request.params.id);
      const [picture] = await Promise.all([
        relay.picture(camera.id, () => connectionOf(app.config.appKey, camera)),
        viewings.record({ camera, userId: viewer.userId, mode: 'snapshots', now: currentTime(app.config) }),
      ]);
      if (picture.outcome !== 'ok') throw new AppError(cameraFailureErrors[picture.outcome]);
      return reply
        .type('image/jpeg')
        .header('cache-control', 'private, no-store')
        .header('x-content-type-options', 'nosniff')
        .send(Buffer.from(picture.jpeg));
    },
  );

  app.get(
    '/api/cameras/:id/stream',
    {
      config: { access: 'security.video.view' },
      schema: {
        tags,
        description:
          `The camera live, as multipart/x-mixed-replace (boundary ${cameraStreamBoundary}, each part with its ` +
          `Content-Length), relayed from one connection to the camera shared by its viewers; 429 ` +
          `cameraViewersFull beyond ${maxStreamViewersPerCamera}. Logged in the viewing log from start to end.`,
        params: idParamSchema,
      },
    },
    async (request, reply) => {
      const viewer = sessionOf(request);
      const { camera } = await loadCamera(app.db, viewer, request.params.id);
      const joined = await relay.join(camera.id, () => connectionOf(app.config.appKey, camera));
      if (joined.outcome === 'full') throw new AppError('cameraViewersFull', { max: maxStreamViewersPerCamera });
      if (joined.outcome !== 'ok') throw new AppError(cameraFailureErrors[joined.outcome]);
      const record = (final?: boolean) =>
        viewings
          .record({ camera, userId: viewer.userId, mode: 'stream', now: currentTime(app.config), final })
          .catch((error: unknown) => request.log.warn({ err: error }, 'camera viewing not logged'));
      void record(true);
      const timer = setInterval(() => void record(true), streamViewingEveryMs);
      let left = false;
      const leave = () => {
        if (left) return;
        left = true;
        clearInterval(timer);
        joined.leave();
        void record(true);
      };
      // The response closes when the viewer goes away (or the stream ends); a viewer gone while the camera was being
      // opened has closed it already.
      reply.raw.on('close', leave);
      joined.stream.on('end', leave);
      if (request.raw.socket.destroyed) leave();
      return (
        reply
          .type(`multipart/x-mixed-replace; boundary=${cameraStreamBoundary}`)
          .header('cache-control', 'private, no-store')
          // A stream holds its connection to the end: not kept for another request afterwards.
          .header('connection', 'close')
          .header('x-content-type-options', 'nosniff')
          .send(joined.stream)
      );
    },
  );

  // ——— Categories ———

  app.get(
    '/api/camera-categories',
    {
      config: {
        access: {
          anyOf: [
            'security.video.manageCategories',
            'security.video.list',
            'security.video.add',
            'security.video.edit',
          ],
        },
      },
      schema: {
        tags,
        description: 'Every category by name, with how many cameras it holds.',
        response: { 200: cameraCategoriesAnswerSchema },
      },
    },
    async () => ({ data: await listCameraCategories({ db: app.db }) }),
  );

  app.post(
    '/api/camera-categories',
    {
      config: { access: 'security.video.manageCategories' },
      schema: {
        tags,
        description: 'A new category (entrance, till, storeroom …); 409 cameraCategoryExists when the name is taken.',
        body: cameraCategoryBodySchema,
        response: { 201: cameraCategoryAnswerSchema },
      },
    },
    async (request, reply) => {
      const category = await createCameraCategory({
        db: app.db,
        viewer: sessionOf(request),
        body: request.body,
        ip: request.ip,
      });
      return reply.status(201).send({ data: category });
    },
  );

  app.put(
    '/api/camera-categories/:id',
    {
      config: { access: 'security.video.manageCategories' },
      schema: {
        tags,
        description: 'Renames a category (audited); 409 cameraCategoryExists when the name is taken.',
        params: idParamSchema,
        body: cameraCategoryBodySchema,
        response: { 200: cameraCategoryAnswerSchema },
      },
    },
    async (request) => ({
      data: await renameCameraCategory({
        db: app.db,
        viewer: sessionOf(request),
        id: request.params.id,
        body: request.body,
        ip: request.ip,
      }),
    }),
  );

  app.delete(
    '/api/camera-categories/:id',
    {
      config: { access: 'security.video.manageCategories' },
      schema: {
        tags,
        description: 'Deletes a category (audited); its cameras are left without one.',
        params: idParamSchema,
        response: { 200: okSchema },
      },
    },
    async (request) => {
      await deleteCameraCategory({ db: app.db, viewer: sessionOf(request), id: request.params.id, ip: request.ip });
      return { data: { ok: true as const } };
    },
  );

  // ——— The viewing log ———

  app.get(
    '/api/camera-viewings',
    {
      config: { access: 'security.video.viewAll' },
      schema: {
        tags,
        description:
          'Who watched which camera from when to when, newest first: for who sees every camera (out of the box the ' +
          'administrators).',
        querystring: cameraViewingQuerySchema,
        response: { 200: cameraViewingPageSchema },
      },
    },
    async (request) => listCameraViewings({ db: app.db, query: request.query }),
  );

  app.get(
    '/api/camera-viewings/export',
    {
      config: { access: 'security.video.viewAll' },
      schema: {
        tags,
        description:
          'The viewing log the filters select as CSV (Italian Excel’s format), headings in the Accept-Language.',
        querystring: cameraViewingQuerySchema,
      },
    },
    async (request, reply) => {
      const file = await exportCameraViewings({
        db: app.db,
        query: request.query,
        lng: pickLanguage(request.headers['accept-language']),
      });
      return sendFile(reply, file, 'attachment');
    },
  );
};
