// Rankings against competitors: the ranked shops, their competitors, a month's positions (by hand or from the ranking
// portal's file) and the positions over time.
import { idParamSchema, okSchema } from '@bottega/contracts/common';
import {
  competitorAnswerSchema,
  competitorBodySchema,
  competitorListQuerySchema,
  competitorPageSchema,
  competitorUpdateBodySchema,
  periodPositionsAnswerSchema,
  periodPositionsQuerySchema,
  positionsBodySchema,
  rankAnalyticsAnswerSchema,
  rankAnalyticsQuerySchema,
  rankedShopsAnswerSchema,
  rankingFileImportAnswerSchema,
  rankingFileMaxBytes,
} from '@bottega/contracts/rankings';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { sessionOf } from '../../platform/access';
import { AppError, fieldErrorsOf } from '../../platform/errors';
import { readUpload } from '../../platform/file-transfer';
import {
  createCompetitor,
  deleteCompetitor,
  getCompetitor,
  getPeriodPositions,
  getRankAnalytics,
  importRankingFile,
  listCompetitors,
  listRankedShops,
  savePositions,
  updateCompetitor,
} from './rankings.service';

const tags = ['rankings'];
const uploadFieldsSchema = z.object({ shopId: z.coerce.number().int().positive() });

export const rankingsRoutes: FastifyPluginAsyncZod = async (app) => {
  const call = (request: Parameters<typeof sessionOf>[0]) => ({ db: app.db, viewer: sessionOf(request) });

  app.get(
    '/api/rankings/shops',
    {
      config: { access: 'shops.ranking.view' },
      schema: {
        tags,
        description: 'The open ranked shops of the viewer, by name: the ones competitors and positions belong to.',
        response: { 200: rankedShopsAnswerSchema },
      },
    },
    async (request) => ({ data: await listRankedShops(call(request)) }),
  );

  app.get(
    '/api/rankings/competitors',
    {
      config: { access: 'shops.ranking.competitors.list' },
      schema: {
        tags,
        description:
          'The competitors of the viewer’s shops (or of one), by shop and priority. Another shop answers 404.',
        querystring: competitorListQuerySchema,
        response: { 200: competitorPageSchema },
      },
    },
    async (request) => listCompetitors({ ...call(request), query: request.query }),
  );

  app.post(
    '/api/rankings/competitors',
    {
      config: { access: 'shops.ranking.competitors.add' },
      schema: {
        tags,
        description: 'Adds a competitor to a ranked shop (422 on shopId for a shop that is not ranked).',
        body: competitorBodySchema,
        response: { 201: competitorAnswerSchema },
      },
    },
    async (request, reply) => {
      const data = await createCompetitor({ ...call(request), body: request.body, ip: request.ip });
      return reply.status(201).send({ data });
    },
  );

  app.get(
    '/api/rankings/competitors/:id',
    {
      config: { access: 'shops.ranking.competitors.view' },
      schema: { tags, params: idParamSchema, response: { 200: competitorAnswerSchema } },
    },
    async (request) => ({ data: await getCompetitor({ ...call(request), id: request.params.id }) }),
  );

  app.put(
    '/api/rankings/competitors/:id',
    {
      config: { access: 'shops.ranking.competitors.edit' },
      schema: {
        tags,
        description: 'Changes a competitor’s name and priority (audited from → to).',
        params: idParamSchema,
        body: competitorUpdateBodySchema,
        response: { 200: competitorAnswerSchema },
      },
    },
    async (request) => ({
      data: await updateCompetitor({ ...call(request), id: request.params.id, body: request.body, ip: request.ip }),
    }),
  );

  app.delete(
    '/api/rankings/competitors/:id',
    {
      config: { access: 'shops.ranking.competitors.delete' },
      schema: {
        tags,
        description: 'Deletes a competitor; one with positions stays in the months it was ranked in.',
        params: idParamSchema,
        response: { 200: okSchema },
      },
    },
    async (request) => {
      await deleteCompetitor({ ...call(request), id: request.params.id, ip: request.ip });
      return { data: { ok: true as const } };
    },
  );

  app.get(
    '/api/rankings/positions',
    {
      config: { access: 'shops.ranking.addPosition' },
      schema: {
        tags,
        description: 'A month’s positions of a ranked shop: the shop first, then its competitors by priority.',
        querystring: periodPositionsQuerySchema,
        response: { 200: periodPositionsAnswerSchema },
      },
    },
    async (request) => ({ data: await getPeriodPositions({ ...call(request), query: request.query }) }),
  );

  app.put(
    '/api/rankings/positions',
    {
      config: { access: 'shops.ranking.addPosition' },
      schema: {
        tags,
        description:
          'Saves a month’s positions (1–999, ties allowed): new and changed ones written, empty ones removed, each ' +
          'change audited from → to.',
        body: positionsBodySchema,
        response: { 200: periodPositionsAnswerSchema },
      },
    },
    async (request) => ({ data: await savePositions({ ...call(request), body: request.body, ip: request.ip }) }),
  );

  app.post(
    '/api/rankings/positions/file',
    {
      config: { access: 'shops.ranking.addPosition' },
      schema: {
        tags,
        description:
          'Multipart: `shopId` and `file`, the ranking portal’s CSV (header, then period YYYY-MM, name of the shop — ' +
          'or its business id — or of a competitor, position 1–999, optional score; `;` or `,`). All or nothing: any ' +
          'bad line answers 422 rankingFileRejected with every bad line’s number; at most 2 MiB.',
        consumes: ['multipart/form-data'],
        response: { 200: rankingFileImportAnswerSchema },
      },
    },
    async (request) => {
      const upload = await readUpload(request, rankingFileMaxBytes);
      const fields = uploadFieldsSchema.safeParse(upload.fields);
      if (!fields.success) throw new AppError('validation', {}, fieldErrorsOf(fields.error, upload.fields));
      const data = await importRankingFile({
        ...call(request),
        shopId: fields.data.shopId,
        bytes: upload.bytes,
        fileName: upload.fileName,
        ip: request.ip,
      });
      return { data };
    },
  );

  app.get(
    '/api/rankings/analytics',
    {
      config: { access: 'shops.ranking.analytics' },
      schema: {
        tags,
        description:
          'A ranked shop’s position and its competitors’ for each month from `from` to `to` (at most 60 months).',
        querystring: rankAnalyticsQuerySchema,
        response: { 200: rankAnalyticsAnswerSchema },
      },
    },
    async (request) => ({ data: await getRankAnalytics({ ...call(request), query: request.query }) }),
  );
};
