// Staff analytics (spec §2 Accountancy › shops/employees/analytics; §6 Employees › analytics): the staff ranking and its chart, and the weekly and monthly reports with their files. Read-only; scoped to the viewer's shops (another shop answers 404).
import {
  staffAnalyticsAnswerSchema,
  staffAnalyticsQuerySchema,
  staffMonthlyParamsSchema,
  staffReportAnswerSchema,
  staffReportExportQuerySchema,
  staffReportQuerySchema,
  staffSeriesAnswerSchema,
  staffSeriesQuerySchema,
  staffWeeklyParamsSchema,
} from '@bottega/contracts/staff-analytics';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { sessionOf } from '../../platform/access';
import { sendFile } from '../../platform/file-transfer';
import { pickLanguage } from '../../platform/i18n';
import { listStaffFigures, staffReport, staffReportFile, staffSeries } from './staff-analytics.service';

const tags = ['staff-analytics'];

export const staffAnalyticsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/staff-analytics',
    {
      config: { access: 'employees.analytics.view' },
      schema: {
        tags,
        description:
          'Per employee and shop over a period (at most a year) of the shops named, or of every shop the caller ' +
          'sees: receipts, takings, average receipt, pieces per receipt, returns handled, discounts, share of the ' +
          'shop’s takings and rank in the shop; sorted and paged. The receipts without an employee are one row with ' +
          'a null employee, never ranked.',
        querystring: staffAnalyticsQuerySchema,
        response: { 200: staffAnalyticsAnswerSchema },
      },
    },
    async (request) => listStaffFigures({ db: app.db, viewer: sessionOf(request), query: request.query }),
  );

  app.get(
    '/api/staff-analytics/series',
    {
      config: { access: 'employees.analytics.view' },
      schema: {
        tags,
        description:
          'The chosen employees’ (up to 5) takings and receipts per day (up to two months) or ISO week of the period, ' +
          'in the shops named or every shop the caller sees.',
        querystring: staffSeriesQuerySchema,
        response: { 200: staffSeriesAnswerSchema },
      },
    },
    async (request) => ({ data: await staffSeries({ db: app.db, viewer: sessionOf(request), query: request.query }) }),
  );

  const reports = [
    {
      kind: 'weekly',
      path: '/api/staff-analytics/weekly/:week',
      access: 'employees.analytics.weeklyReports',
      params: staffWeeklyParamsSchema,
      what: 'an ISO week (2026-W48) beside the week before',
    },
    {
      kind: 'monthly',
      path: '/api/staff-analytics/monthly/:month',
      access: 'employees.analytics.monthlyReports',
      params: staffMonthlyParamsSchema,
      what: 'a month (2026-11) beside the month before and the same month a year earlier',
    },
  ] as const;
  for (const report of reports) {
    const periodOf = (params: { week?: string; month?: string }) => (params.week ?? params.month) as string;
    app.get(
      report.path,
      {
        config: { access: report.access },
        schema: {
          tags,
          description: `Each shop’s staff ranking over ${report.what}, by shop then rank, a page at a time.`,
          params: report.params,
          querystring: staffReportQuerySchema,
          response: { 200: staffReportAnswerSchema },
        },
      },
      async (request) =>
        staffReport({
          db: app.db,
          viewer: sessionOf(request),
          kind: report.kind,
          period: periodOf(request.params),
          shopIds: request.query.shopIds,
          page: { page: request.query.page, perPage: request.query.perPage },
        }),
    );

    app.get(
      `${report.path}/export`,
      {
        config: { access: report.access },
        schema: {
          tags,
          description: `The ${report.kind} report as CSV (Italian Excel’s format) or XLSX, headings in the Accept-Language.`,
          params: report.params,
          querystring: staffReportExportQuerySchema,
        },
      },
      async (request, reply) => {
        const file = await staffReportFile({
          db: app.db,
          viewer: sessionOf(request),
          kind: report.kind,
          period: periodOf(request.params),
          shopIds: request.query.shopIds,
          format: request.query.format,
          lng: pickLanguage(request.headers['accept-language']),
        });
        return sendFile(reply, file, 'attachment');
      },
    );
  }
};
