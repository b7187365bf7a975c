// Shift analytics (spec §2 employeesShift analytics and analyticsFull) and §6 Employees › analytics' weekly and monthly reports for the payroll consultant.

import type { Ability } from '@bottega/contracts/permissions';
import {
  type ShiftAnalyticsFilter,
  shiftAnalyticsExportQuerySchema,
  shiftAnalyticsFilterSchema,
  shiftAnalyticsRowsAnswerSchema,
  shiftAnalyticsRowsQuerySchema,
  shiftAnalyticsShopsAnswerSchema,
  shiftAnalyticsSummaryAnswerSchema,
  shiftMonthlyReportParamsSchema,
  shiftReportQuerySchema,
  shiftWeeklyReportParamsSchema,
} from '@bottega/contracts/shift-analytics';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { sessionOf } from '../../platform/access';
import { sendFile } from '../../platform/file-transfer';
import { pickLanguage } from '../../platform/i18n';
import {
  type AnalyticsReach,
  exportShiftAnalytics,
  shiftAnalyticsRows,
  shiftAnalyticsShops,
  shiftAnalyticsSummary,
} from './shift-analytics.service';

const tags = ['shifts'];

/** The two screens: the shops one works in (analytics) and every shop (analyticsFull), each with its ability. */
const variants: { prefix: string; access: Ability; reach: AnalyticsReach; whose: string }[] = [
  {
    prefix: '/api/shift-analytics',
    access: 'shifts.analytics.view',
    reach: 'own',
    whose: 'the shops the caller works in',
  },
  { prefix: '/api/shift-analytics/all-shops', access: 'shifts.analytics.full', reach: 'all', whose: 'every shop' },
];

export const shiftAnalyticsRoutes: FastifyPluginAsyncZod = async (app) => {
  for (const variant of variants) {
    const { prefix, access, reach, whose } = variant;
    app.get(
      `${prefix}/shops`,
      {
        config: { access },
        schema: {
          tags,
          description: `The shops of the filter: ${whose}, by name.`,
          response: { 200: shiftAnalyticsShopsAnswerSchema },
        },
      },
      async (request) => ({
        data: await shiftAnalyticsShops({ db: app.db, viewer: sessionOf(request), reach }),
      }),
    );

    app.get(
      `${prefix}/summary`,
      {
        config: { access },
        schema: {
          tags,
          description:
            `Totals and a series (by day for a week, by week up to 93 days, by month beyond) of ${whose}: planned, ` +
            'worked, overtime and lateness minutes, late days, missed shifts, unfinished days, absences by reason. ' +
            'A period (2026-W48 or 2026-11) or from/to (at most a year); a shop out of reach answers 404.',
          querystring: shiftAnalyticsFilterSchema,
          response: { 200: shiftAnalyticsSummaryAnswerSchema },
        },
      },
      async (request) => ({
        data: await shiftAnalyticsSummary({
          db: app.db,
          config: app.config,
          viewer: sessionOf(request),
          reach,
          filter: request.query,
        }),
      }),
    );

    app.get(
      `${prefix}/rows`,
      {
        config: { access },
        schema: {
          tags,
          description: `The figures of ${whose} grouped by employee, shop, week or month, a page at a time.`,
          querystring: shiftAnalyticsRowsQuerySchema,
          response: { 200: shiftAnalyticsRowsAnswerSchema },
        },
      },
      async (request) => {
        const { groupBy, page, perPage, ...filter } = request.query;
        return shiftAnalyticsRows({
          db: app.db,
          config: app.config,
          viewer: sessionOf(request),
          reach,
          filter,
          groupBy,
          page,
          perPage,
        });
      },
    );

    app.get(
      `${prefix}/export`,
      {
        config: { access },
        schema: {
          tags,
          description: `The figures of ${whose} per employee as CSV or XLSX, headings in the Accept-Language.`,
          querystring: shiftAnalyticsExportQuerySchema,
        },
      },
      async (request, reply) => {
        const { format, ...filter } = request.query;
        const file = await exportShiftAnalytics({
          db: app.db,
          config: app.config,
          viewer: sessionOf(request),
          reach,
          filter,
          format,
          lng: pickLanguage(request.headers['accept-language']),
        });
        return sendFile(reply, file, 'attachment');
      },
    );
  }

  // §6 Employees › analytics: the week's and the month's report per employee, for the payroll consultant.
  const reports = [
    { kind: 'weekly', access: 'employees.analytics.weeklyReports', params: shiftWeeklyReportParamsSchema },
    { kind: 'monthly', access: 'employees.analytics.monthlyReports', params: shiftMonthlyReportParamsSchema },
  ] as const;
  for (const report of reports) {
    const path = report.kind === 'weekly' ? ':week' : ':month';
    app.get(
      `/api/shift-reports/${report.kind}/${path}`,
      {
        config: { access: report.access },
        schema: {
          tags,
          description:
            `The ${report.kind} report per employee (worked, overtime, lateness, absences by reason) as CSV or XLSX, ` +
            'of one shop or every shop the caller sees.',
          params: report.params,
          querystring: shiftReportQuerySchema,
        },
      },
      async (request, reply) => {
        const params = request.params as { week?: string; month?: string };
        const filter: ShiftAnalyticsFilter = { period: params.week ?? params.month, shopId: request.query.shopId };
        const file = await exportShiftAnalytics({
          db: app.db,
          config: app.config,
          viewer: sessionOf(request),
          reach: 'reports',
          filter,
          format: request.query.format,
          lng: pickLanguage(request.headers['accept-language']),
        });
        return sendFile(reply, file, 'attachment');
      },
    );
  }
};
