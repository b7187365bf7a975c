// Accounting's reports: the first note of a shop (shops.analytics.firstNote) and the comparison of two periods
// (shops.analytics.compareInventory). Read-only; scoped to the viewer's shops (another shop answers 404).
import { idParamSchema } from '@bottega/contracts/common';
import {
  comparisonAnswerSchema,
  comparisonQuerySchema,
  firstNoteAnswerSchema,
  firstNoteExportQuerySchema,
  firstNoteQuerySchema,
} from '@bottega/contracts/reports';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { sessionOf } from '../../platform/access';
import { currentTime } from '../../platform/clock';
import { sendFile } from '../../platform/file-transfer';
import { pickLanguage } from '../../platform/i18n';
import { compare } from './comparison.service';
import { firstNoteFile, getFirstNote } from './first-note.service';

const tags = ['reports'];

export const reportsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/shops/:id/first-note',
    {
      config: { access: 'shops.analytics.firstNote' },
      schema: {
        tags,
        description:
          'One shop’s first note (prima nota) from one day to another (a day, a month, up to a year): each day’s ' +
          'takings by payment type from its closed cash report, the till expenses, the deposits with their bank ' +
          'credits, the cash fund and the running cash to deposit, with the opening and closing figures.',
        params: idParamSchema,
        querystring: firstNoteQuerySchema,
        response: { 200: firstNoteAnswerSchema },
      },
    },
    async (request) => ({
      data: await getFirstNote({
        db: app.db,
        viewer: sessionOf(request),
        shopId: request.params.id,
        ...request.query,
        now: currentTime(app.config),
      }),
    }),
  );

  app.get(
    '/api/shops/:id/first-note/export',
    {
      config: { access: 'shops.analytics.firstNote' },
      schema: {
        tags,
        description:
          'The first note as CSV (Italian Excel’s format) or XLSX, headings in the Accept-Language: the opening ' +
          'row, one row per day with the documents behind it, the closing row with the totals.',
        params: idParamSchema,
        querystring: firstNoteExportQuerySchema,
      },
    },
    async (request, reply) => {
      const { format, from, to } = request.query;
      const note = await getFirstNote({
        db: app.db,
        viewer: sessionOf(request),
        shopId: request.params.id,
        from,
        to,
        now: currentTime(app.config),
      });
      const file = await firstNoteFile(note, format, pickLanguage(request.headers['accept-language']));
      return sendFile(reply, file, 'attachment');
    },
  );

  app.get(
    '/api/reports/comparison',
    {
      config: { access: 'shops.analytics.compareInventory' },
      schema: {
        tags,
        description:
          'A period against another for one shop or every shop the viewer reaches: takings, receipts, average ' +
          'receipt, pieces per receipt and returns from the sales feed’s daily totals; the system register against ' +
          'the fiscal closes against the bank (cards settled and cash deposited); the takings day by day.',
        querystring: comparisonQuerySchema,
        response: { 200: comparisonAnswerSchema },
      },
    },
    async (request) => ({ data: await compare({ db: app.db, viewer: sessionOf(request), query: request.query }) }),
  );
};
