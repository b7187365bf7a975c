// Attachments of a daily cash report (photos or PDFs of the fiscal close and POS slips): list, upload, file, delete.
import {
  cashReportAttachmentAnswerSchema,
  cashReportAttachmentParamsSchema,
  cashReportAttachmentsAnswerSchema,
  cashReportParamsSchema,
} from '@bottega/contracts/cash-register';
import { okSchema } from '@bottega/contracts/common';
import { documentFileQuerySchema } from '@bottega/contracts/employees';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { sessionOf } from '../../platform/access';
import { readUpload, sendFile } from '../../platform/file-transfer';
import {
  deleteCashReportAttachment,
  listCashReportAttachments,
  readCashReportAttachment,
  uploadCashReportAttachment,
} from './cash-report-attachments.service';

const tags = ['cash-register'];

export const cashReportAttachmentsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/cash-reports/:reportId/attachments',
    {
      config: { access: 'shops.cashRegister.view' },
      schema: { tags, params: cashReportParamsSchema, response: { 200: cashReportAttachmentsAnswerSchema } },
    },
    async (request) => ({
      data: await listCashReportAttachments({
        db: app.db,
        viewer: sessionOf(request),
        reportId: request.params.reportId,
      }),
    }),
  );

  app.post(
    '/api/cash-reports/:reportId/attachments',
    {
      config: { access: 'shops.cashRegister.dailyClose' },
      schema: {
        tags,
        description:
          'One `file` (multipart): a JPEG, PNG, WebP or PDF, told by its content, within the upload limit (413).',
        consumes: ['multipart/form-data'],
        params: cashReportParamsSchema,
        response: { 201: cashReportAttachmentAnswerSchema },
      },
    },
    async (request, reply) => {
      const attachment = await uploadCashReportAttachment({
        db: app.db,
        storage: app.storage,
        viewer: sessionOf(request),
        reportId: request.params.reportId,
        read: () => readUpload(request, app.config.uploadLimitBytes),
        ip: request.ip,
      });
      return reply.status(201).send({ data: attachment });
    },
  );

  // The file itself: inline for the in-page preview, as an attachment with ?download=1. Binary, so no JSON schema.
  app.get(
    '/api/cash-reports/:reportId/attachments/:attachmentId/file',
    {
      config: { access: 'shops.cashRegister.view' },
      schema: { tags, params: cashReportAttachmentParamsSchema, querystring: documentFileQuerySchema },
    },
    async (request, reply) => {
      const download = request.query.download !== undefined;
      const file = await readCashReportAttachment({
        db: app.db,
        storage: app.storage,
        viewer: sessionOf(request),
        ...request.params,
      });
      return sendFile(reply, { ...file, type: file.contentType }, download ? 'attachment' : 'inline');
    },
  );

  app.delete(
    '/api/cash-reports/:reportId/attachments/:attachmentId',
    {
      config: { access: 'shops.cashRegister.dailyClose' },
      schema: { tags, params: cashReportAttachmentParamsSchema, response: { 200: okSchema } },
    },
    async (request) => {
      await deleteCashReportAttachment({
        db: app.db,
        storage: app.storage,
        viewer: sessionOf(request),
        ...request.params,
        ip: request.ip,
      });
      return { data: { ok: true as const } };
    },
  );
};
