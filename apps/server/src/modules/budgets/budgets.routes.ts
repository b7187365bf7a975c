// Budgets: every shop's month for the area managers (state, figures, progress), a shop's month read, saved and sent
// (one, or all of the month's unsent at once); for the shop's staff what they were sent, its confirmation, and how
// the day is going against it.
import {
  budgetBodySchema,
  budgetListAnswerSchema,
  budgetListQuerySchema,
  budgetMonthAnswerSchema,
  budgetMonthQuerySchema,
  budgetParamsSchema,
  budgetProgressAnswerSchema,
  budgetShopParamsSchema,
  budgetsSentAnswerSchema,
  budgetToConfirmAnswerSchema,
} from '@bottega/contracts/budgets';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { sessionOf, shopOf } from '../../platform/access';
import { currentTime } from '../../platform/clock';
import { kickJobs } from '../../platform/jobs';
import {
  confirmBudget,
  getBudgetMonth,
  getBudgetProgress,
  getSentBudget,
  listBudgets,
  saveBudget,
  sendAllBudgets,
  sendBudget,
} from './budgets.service';
import { budgetToConfirmTodo } from './budgets.todos';

const tags = ['budgets'];
const manage = 'shops.budget.manage' as const;
const confirm = 'employees.popups.budgetConvalidate' as const;

export const budgetsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.todos.register(budgetToConfirmTodo);
  const call = (request: Parameters<typeof sessionOf>[0]) => ({
    db: app.db,
    viewer: sessionOf(request),
    now: currentTime(app.config),
  });

  app.get(
    '/api/budgets',
    {
      config: { access: manage },
      schema: {
        tags,
        description:
          'Every shop of the viewer in a month: the budget’s state, the sales budget, last year’s month, and the ' +
          'takings against the budget today and to date; by shop or by the share of the budget reached.',
        querystring: budgetListQuerySchema,
        response: { 200: budgetListAnswerSchema },
      },
    },
    async (request) => listBudgets({ ...call(request), ...request.query }),
  );

  app.post(
    '/api/budgets/send',
    {
      config: { access: manage },
      schema: {
        tags,
        description: 'Sends every budget of the month not sent since its last change, of every shop of the viewer.',
        querystring: budgetMonthQuerySchema,
        response: { 200: budgetsSentAnswerSchema },
      },
    },
    async (request) => {
      const sent = await sendAllBudgets({ ...call(request), month: request.query.month, ip: request.ip });
      kickJobs();
      return { data: { sent } };
    },
  );

  app.get(
    '/api/budgets/progress',
    {
      config: { access: confirm, shop: true },
      schema: {
        tags,
        description: 'The chosen shop’s takings against its budget today and this month to date, for its staff.',
        response: { 200: budgetProgressAnswerSchema },
      },
    },
    async (request) => ({ data: await getBudgetProgress({ ...call(request), shopId: shopOf(request) }) }),
  );

  app.get(
    '/api/budgets/progress/:shopId',
    {
      config: { access: manage },
      schema: {
        tags,
        description: 'A shop’s takings against its budget today and this month to date, for its area manager.',
        params: budgetShopParamsSchema,
        response: { 200: budgetProgressAnswerSchema },
      },
    },
    async (request) => ({ data: await getBudgetProgress({ ...call(request), shopId: request.params.shopId }) }),
  );

  app.get(
    '/api/budgets/sent',
    {
      config: { access: confirm, shop: true },
      schema: {
        tags,
        description: 'The chosen shop’s budget of a month as it was sent to its staff (null when not sent).',
        querystring: budgetMonthQuerySchema,
        response: { 200: budgetToConfirmAnswerSchema },
      },
    },
    async (request) => ({
      data: await getSentBudget({ ...call(request), shopId: shopOf(request), month: request.query.month }),
    }),
  );

  app.get(
    '/api/budgets/:shopId/:month',
    {
      config: { access: manage },
      schema: {
        tags,
        description:
          'A shop’s month: the budget, its days beside last year’s same weekday, last year’s month and weekday shape.',
        params: budgetParamsSchema,
        response: { 200: budgetMonthAnswerSchema },
      },
    },
    async (request) => ({ data: await getBudgetMonth({ ...call(request), ...request.params }) }),
  );

  app.put(
    '/api/budgets/:shopId/:month',
    {
      config: { access: manage },
      schema: {
        tags,
        description:
          'Creates or edits a shop’s month. The sales budget alone is spread over the open days by last year’s ' +
          'weekday shape; days sent are kept and the month becomes their sum. A sent or confirmed budget changed ' +
          'becomes edited: it is to be sent and confirmed again.',
        params: budgetParamsSchema,
        body: budgetBodySchema,
        response: { 200: budgetMonthAnswerSchema },
      },
    },
    async (request) => ({
      data: await saveBudget({ ...call(request), ...request.params, body: request.body, ip: request.ip }),
    }),
  );

  app.post(
    '/api/budgets/:shopId/:month/send',
    {
      config: { access: manage },
      schema: {
        tags,
        description: 'Sends the month’s budget to the shop’s staff; refused when nothing changed since it was sent.',
        params: budgetParamsSchema,
        response: { 200: budgetMonthAnswerSchema },
      },
    },
    async (request) => {
      const data = await sendBudget({ ...call(request), ...request.params, ip: request.ip });
      kickJobs();
      return { data };
    },
  );

  app.post(
    '/api/budgets/:shopId/:month/confirm',
    {
      config: { access: confirm },
      schema: {
        tags,
        description: 'The shop’s staff confirm the budget sent to them.',
        params: budgetParamsSchema,
        response: { 200: budgetMonthAnswerSchema },
      },
    },
    async (request) => ({ data: await confirmBudget({ ...call(request), ...request.params, ip: request.ip }) }),
  );
};
