// The daily cash report: a shop's month, opening a day, saving, confirming, closing and correcting it, the unclosed days across shops, and the day's sales details and receipts.
import {
  cashRegisterMonthAnswerSchema,
  cashRegisterMonthQuerySchema,
  cashReportAnswerSchema,
  cashReportBodySchema,
  cashReportCloseBodySchema,
  cashReportConfirmBodySchema,
  cashReportCorrectionBodySchema,
  cashReportCreateBodySchema,
  cashReportParamsSchema,
  cashReportReceiptsPageSchema,
  cashReportReceiptsQuerySchema,
  cashReportSalesDetailsAnswerSchema,
  cashReportWithdrawBodySchema,
  unclosedDaysPageSchema,
  unclosedDaysQuerySchema,
} from '@bottega/contracts/cash-register';
import { dataOf, idParamSchema } from '@bottega/contracts/common';
import { storedReceiptSchema } from '@bottega/contracts/sales';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { sessionOf } from '../../platform/access';
import { currentTime } from '../../platform/clock';
import {
  closeCashReport,
  confirmCashReport,
  correctCashReport,
  getCashReport,
  getCashReportReceipt,
  getCashReportSalesDetails,
  listCashRegisterMonth,
  listCashReportReceipts,
  listUnclosedDays,
  openCashReport,
  saveCashReport,
  withdrawCashReportConfirmation,
} from './cash-register.service';
// Its scheduled announcements (Sunday evening's weekly cash, missing fiscal closes) are defined with its routes.
import './cash-register.jobs';
import { cashDaySecondConfirmationTodo, cashDaysUnclosedTodo, cashDayToCloseTodo } from './cash-register.todos';

const tags = ['cash-register'];

const receiptParamsSchema = cashReportParamsSchema.extend({ receiptId: z.coerce.number().int().positive() });
const receiptAnswerSchema = dataOf(storedReceiptSchema);

const checksDescription =
  'One transaction: a refusal changes nothing (the version read stays good). Checks the state, the version read ' +
  '(409 cashReportChanged), then in this order: the ' +
  "previous week's weekly cash (409 cashPreviousWeekPending, for mustClosePreviousWeek), the fiscal close (409 " +
  'cashFiscalCloseMissing, for mustCloseWithFiscal), every field entered (422 cashReportIncomplete), POS subtotal ' +
  '= credit card + bancomat (422 cashPosSubtotalMismatch), the system register (422 cashDataMismatch), the fiscal ' +
  'close (422 cashFiscalMismatch, unless acceptFiscalDifference is given by an editReports user, else 403), the ' +
  'note and coin count against the daily cash plus the cash fund (422 cashCountMismatch).';

export const cashRegisterRoutes: FastifyPluginAsyncZod = async (app) => {
  app.todos.register(cashDaySecondConfirmationTodo);
  app.todos.register(cashDayToCloseTodo);
  app.todos.register(cashDaysUnclosedTodo);

  app.get(
    '/api/shops/:id/cash-reports',
    {
      config: { access: 'shops.cashRegister.view' },
      schema: {
        tags,
        description: 'Every day of the month up to today with sales or a report, oldest first.',
        params: idParamSchema,
        querystring: cashRegisterMonthQuerySchema,
        response: { 200: cashRegisterMonthAnswerSchema },
      },
    },
    async (request) => ({
      data: await listCashRegisterMonth({
        db: app.db,
        viewer: sessionOf(request),
        shopId: request.params.id,
        month: request.query.month,
        now: currentTime(app.config),
      }),
    }),
  );

  app.post(
    '/api/shops/:id/cash-reports',
    {
      config: { access: 'shops.cashRegister.dailyClose' },
      schema: {
        tags,
        description: "Opens the shop's report of a day (201), or answers the existing one (200).",
        params: idParamSchema,
        body: cashReportCreateBodySchema,
        response: { 200: cashReportAnswerSchema, 201: cashReportAnswerSchema },
      },
    },
    async (request, reply) => {
      const { report, created } = await openCashReport({
        db: app.db,
        viewer: sessionOf(request),
        shopId: request.params.id,
        businessDate: request.body.businessDate,
        now: currentTime(app.config),
        ip: request.ip,
      });
      return reply.status(created ? 201 : 200).send({ data: report });
    },
  );

  app.get(
    '/api/cash-reports/unclosed',
    {
      config: { access: 'shops.cashRegister.viewUnclosed' },
      schema: {
        tags,
        description: "Days before today with sales and no closed report, across the viewer's shops, newest first.",
        querystring: unclosedDaysQuerySchema,
        response: { 200: unclosedDaysPageSchema },
      },
    },
    async (request) =>
      listUnclosedDays({ db: app.db, viewer: sessionOf(request), ...request.query, now: currentTime(app.config) }),
  );

  app.get(
    '/api/cash-reports/:reportId',
    {
      config: { access: 'shops.cashRegister.view' },
      schema: { tags, params: cashReportParamsSchema, response: { 200: cashReportAnswerSchema } },
    },
    async (request) => ({
      data: await getCashReport({ db: app.db, viewer: sessionOf(request), reportId: request.params.reportId }),
    }),
  );

  app.put(
    '/api/cash-reports/:reportId',
    {
      config: { access: 'shops.cashRegister.dailyClose' },
      schema: {
        tags,
        description:
          'Saves the figures, the count and the comments as a draft; 409 over a newer version (cashReportChanged), ' +
          'on a partially confirmed day (cashReportPartiallyConfirmed: withdraw the confirmation first) and on a ' +
          'closed one (cashReportClosed).',
        params: cashReportParamsSchema,
        body: cashReportBodySchema,
        response: { 200: cashReportAnswerSchema },
      },
    },
    async (request) => ({
      data: await saveCashReport({
        db: app.db,
        viewer: sessionOf(request),
        reportId: request.params.reportId,
        body: request.body,
        now: currentTime(app.config),
        ip: request.ip,
      }),
    }),
  );

  const steps = [
    {
      path: 'confirm',
      access: 'shops.cashRegister.dailyClose',
      body: cashReportConfirmBodySchema,
      take: confirmCashReport,
      description: `The partial confirmation with the figures sent, which it freezes: open → partial. ${checksDescription}`,
    },
    {
      path: 'close',
      access: 'shops.cashRegister.close',
      body: cashReportCloseBodySchema,
      take: closeCashReport,
      description:
        'Closes the day as it was partially confirmed, by another person than the confirmer: partial → closed. ' +
        `The figures are the confirmed ones (a difference that appeared since refuses the close). ${checksDescription}`,
    },
    {
      path: 'withdraw',
      access: 'shops.cashRegister.dailyClose',
      body: cashReportWithdrawBodySchema,
      take: withdrawCashReportConfirmation,
      description:
        'Withdraws the partial confirmation (partial → open, audited with whose it was), so the figures can change ' +
        'again; by the confirmer or a colleague who fills the daily close. 409 when not partially confirmed.',
    },
    {
      path: 'correct',
      access: 'shops.analytics.editReports',
      body: cashReportCorrectionBodySchema,
      take: correctCashReport,
      description:
        'Corrects a closed day with a reason (audited with every change); the same checks except the previous ' +
        'week and the two people; nothing is saved when refused.',
    },
  ] as const;
  for (const step of steps) {
    app.post(
      `/api/cash-reports/:reportId/${step.path}`,
      {
        config: { access: step.access },
        schema: {
          tags,
          description: step.description,
          params: cashReportParamsSchema,
          body: step.body,
          response: { 200: cashReportAnswerSchema },
        },
      },
      async (request) => ({
        data: await step.take({
          db: app.db,
          viewer: sessionOf(request),
          reportId: request.params.reportId,
          body: request.body as z.output<typeof cashReportCorrectionBodySchema>,
          now: currentTime(app.config),
          ip: request.ip,
        }),
      }),
    );
  }

  app.get(
    '/api/cash-reports/:reportId/sales-details',
    {
      config: { access: 'shops.cashRegister.view' },
      schema: { tags, params: cashReportParamsSchema, response: { 200: cashReportSalesDetailsAnswerSchema } },
    },
    async (request) => ({
      data: await getCashReportSalesDetails({
        db: app.db,
        viewer: sessionOf(request),
        reportId: request.params.reportId,
      }),
    }),
  );

  app.get(
    '/api/cash-reports/:reportId/receipts',
    {
      config: { access: 'shops.cashRegister.view' },
      schema: {
        tags,
        params: cashReportParamsSchema,
        querystring: cashReportReceiptsQuerySchema,
        response: { 200: cashReportReceiptsPageSchema },
      },
    },
    async (request) =>
      listCashReportReceipts({
        db: app.db,
        viewer: sessionOf(request),
        reportId: request.params.reportId,
        ...request.query,
      }),
  );

  app.get(
    '/api/cash-reports/:reportId/receipts/:receiptId',
    {
      config: { access: 'shops.cashRegister.view' },
      schema: { tags, params: receiptParamsSchema, response: { 200: receiptAnswerSchema } },
    },
    async (request) => ({
      data: await getCashReportReceipt({
        db: app.db,
        viewer: sessionOf(request),
        reportId: request.params.reportId,
        receiptId: request.params.receiptId,
      }),
    }),
  );
};
