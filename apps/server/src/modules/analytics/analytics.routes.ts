// The sales report (shops.analytics.salesReport): any period and set of shops from the kept daily and hourly totals,
// on screen and as CSV or XLSX. Read-only; scoped to the viewer's shops (another shop answers 404).
import {
  salesReportAnswerSchema,
  salesReportExportQuerySchema,
  salesReportQuerySchema,
} from '@bottega/contracts/analytics';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { sessionOf } from '../../platform/access';
import { sendFile } from '../../platform/file-transfer';
import { pickLanguage } from '../../platform/i18n';
import { getSalesReport } from './analytics.service';
import { salesReportFile } from './analytics-export';

const tags = ['analytics'];

export const analyticsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/analytics/sales',
    {
      config: { access: 'shops.analytics.salesReport' },
      schema: {
        tags,
        description:
          'The sales report of a period (up to two years) and some shops (`shops=1,2`; every shop the viewer reaches ' +
          'when absent): takings, receipts, average receipt, pieces per receipt, returns, discounts, cancelled ' +
          'receipts and the payment mix, in all, per shop and per day, against the same weekdays a year before ' +
          '(364 days earlier), with the weekday × hour heat map.',
        querystring: salesReportQuerySchema,
        response: { 200: salesReportAnswerSchema },
      },
    },
    async (request) => ({
      data: await getSalesReport({ db: app.db, viewer: sessionOf(request), query: request.query }),
    }),
  );

  app.get(
    '/api/analytics/sales/export',
    {
      config: { access: 'shops.analytics.salesReport' },
      schema: {
        tags,
        description:
          'The sales report as CSV (Italian Excel’s format) or XLSX, headings in the Accept-Language: the totals ' +
          'of the period and of the year before, one row per shop, one row per day.',
        querystring: salesReportExportQuerySchema,
      },
    },
    async (request, reply) => {
      const { format, ...query } = request.query;
      const report = await getSalesReport({ db: app.db, viewer: sessionOf(request), query });
      const file = await salesReportFile(report, format, pickLanguage(request.headers['accept-language']));
      return sendFile(reply, file, 'attachment');
    },
  );
};
