// The file manager's roots (spec §2 "Embedded file manager", §7): one url per root, `?q=` says what to do.
import {
  type FileRequest,
  fileItemStatusSchema,
  fileQuerySchema,
  fileRootAbilities,
  fileStatusSchema,
  fileUploadQuerySchema,
  folderListingSchema,
} from '@bottega/contracts/files';
import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { sessionOf } from '../../platform/access';
import { describeError } from '../../platform/errors';
import { readUpload, sendStoredFile } from '../../platform/file-transfer';
import { pickLanguage } from '../../platform/i18n';
import {
  createFolder,
  deleteFileItems,
  type FileRootRef,
  listFolder,
  readFileItem,
  renameFileItem,
  uploadFile,
} from './files.service';

const tags = ['files'];

const shopRootParamsSchema = z.object({ shopId: z.coerce.number().int().positive() });

/** q=read and q=download answer the file's bytes instead. */
const fileAnswerSchema = z.union([folderListingSchema, fileItemStatusSchema, fileStatusSchema]);

const description =
  'q=index lists a folder; newfolder, newDragedfolder, rename and delete change the root (its write ability); ' +
  'read answers the file inline for the preview, download as an attachment.';

export const filesRoutes: FastifyPluginAsyncZod = async (app) => {
  // Spec §7: the file manager reads `status` on every answer, refusals included, so they say `status: false`
  // next to the usual code and message (this plugin's routes only).
  app.setErrorHandler((error: FastifyError, request, reply) => {
    const { status, body } = describeError(error, request, reply);
    return reply.status(status).send({ status: false, ...body });
  });

  const answer = async (request: FastifyRequest, reply: FastifyReply, root: FileRootRef, query: FileRequest) => {
    const context = { db: app.db, session: sessionOf(request), root };
    const ok = { status: true as const, message: '' };
    switch (query.q) {
      case 'index':
        return listFolder({ ...context, path: query.path, lng: pickLanguage(request.headers['accept-language']) });
      case 'newfolder':
      case 'newDragedfolder': {
        const merge = query.q === 'newDragedfolder';
        return { ...ok, item: await createFolder({ ...context, ...query, merge, ip: request.ip }) };
      }
      case 'rename':
        await renameFileItem({ ...context, from: query.from, to: query.to, ip: request.ip });
        return ok;
      case 'delete':
        await deleteFileItems({ ...context, storage: app.storage, items: query.items, ip: request.ip });
        return ok;
      case 'read':
      case 'download': {
        const download = query.q === 'download';
        const file = await readFileItem({ ...context, path: query.path });
        // Text is always shown as text, never as the markup it may contain.
        const type = file.kind === 'text' ? `${download ? file.mimeType : 'text/plain'}; charset=utf-8` : file.mimeType;
        return sendStoredFile(request, reply, {
          storage: app.storage,
          key: file.storageKey,
          type,
          disposition: { kind: download ? 'attachment' : 'inline', name: file.name },
        });
      }
    }
  };

  const upload = async (request: FastifyRequest, root: FileRootRef) => ({
    status: true as const,
    message: '',
    item: await uploadFile({
      db: app.db,
      storage: app.storage,
      session: sessionOf(request),
      root,
      read: () => readUpload(request, app.config.filesUploadLimitBytes),
      ip: request.ip,
    }),
  });

  app.get(
    '/api/files/company',
    {
      config: { access: fileRootAbilities.company.read },
      schema: { tags, description, querystring: fileQuerySchema, response: { 200: fileAnswerSchema } },
    },
    (request, reply) => answer(request, reply, { kind: 'company' }, request.query),
  );

  app.post(
    '/api/files/company',
    {
      config: { access: fileRootAbilities.company.read },
      schema: {
        tags,
        consumes: ['multipart/form-data'],
        querystring: fileUploadQuerySchema,
        response: { 200: fileItemStatusSchema },
      },
    },
    (request) => upload(request, { kind: 'company' }),
  );

  app.get(
    '/api/files/shops/:shopId',
    {
      config: { access: fileRootAbilities.shop.read },
      schema: {
        tags,
        description,
        params: shopRootParamsSchema,
        querystring: fileQuerySchema,
        response: { 200: fileAnswerSchema },
      },
    },
    (request, reply) => answer(request, reply, { kind: 'shop', shopId: request.params.shopId }, request.query),
  );

  app.post(
    '/api/files/shops/:shopId',
    {
      config: { access: fileRootAbilities.shop.read },
      schema: {
        tags,
        consumes: ['multipart/form-data'],
        params: shopRootParamsSchema,
        querystring: fileUploadQuerySchema,
        response: { 200: fileItemStatusSchema },
      },
    },
    (request) => upload(request, { kind: 'shop', shopId: request.params.shopId }),
  );
};
