// Shift planning: a shop's templates (spec §2 employeesShift template list, create, {id}/edit) and its week grid
// (employeesShift assign), the employee's own weeks (user/convalidate/shift) and the shop tablet's time clock (shop/shift).
import { idParamSchema, okSchema } from '@bottega/contracts/common';
import {
  ownAvailabilityAnswerSchema,
  ownAvailabilityBodySchema,
  ownAvailabilityParamsSchema,
  ownShiftWeekAnswerSchema,
  ownShiftWeeksAnswerSchema,
  punchRectificationBodySchema,
  rectifiedPunchAnswerSchema,
  shiftPunchBodySchema,
  shiftTemplateAnswerSchema,
  shiftTemplateBodySchema,
  shiftTemplatesAnswerSchema,
  shiftWeekActions,
  shiftWeekAnswerSchema,
  shiftWeekBodySchema,
  shiftWeekParamsSchema,
  shiftWeekProposalAnswerSchema,
  shiftWeekProposalQuerySchema,
  shiftWeekRectificationBodySchema,
  shiftWeeksOverviewAnswerSchema,
  shiftWeeksOverviewQuerySchema,
  shiftWeekTransitions,
  timeClockAnswerSchema,
  timeClockPersonAnswerSchema,
} from '@bottega/contracts/shifts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { sessionOf, shopOf } from '../../platform/access';
import { currentTime } from '../../platform/clock';
import { readOwnAvailability, saveOwnAvailability } from './availability.service';
import {
  createShiftTemplate,
  deleteShiftTemplate,
  getShiftTemplate,
  listShiftTemplates,
  updateShiftTemplate,
} from './shift-templates.service';
import {
  getShiftWeek,
  listOwnShiftWeeks,
  moveShiftWeek,
  proposeShiftWeek,
  rectifyShiftWeek,
  saveShiftWeek,
  shiftWeeksOverview,
  validateOwnShiftWeek,
} from './shift-weeks.service';
import { punch, readTimeClock, rectifyPunch } from './time-clock.service';
import './shifts.jobs';
import './shifts.generate';

const tags = ['shifts'];

import {
  shiftAvailabilityToChooseTodo,
  shiftNextWeekToPlanTodo,
  shiftToStartTodo,
  shiftWeeksToValidateTodo,
} from './shifts.todos';
export const shiftsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.todos.register(shiftToStartTodo);
  app.todos.register(shiftWeeksToValidateTodo);
  app.todos.register(shiftNextWeekToPlanTodo);
  app.todos.register(shiftAvailabilityToChooseTodo);
  app.get(
    '/api/shops/:id/shift-templates',
    {
      config: { access: 'shifts.templates.list' },
      schema: {
        tags,
        description: 'The shop’s shift templates by name, each with the minutes its days plan.',
        params: idParamSchema,
        response: { 200: shiftTemplatesAnswerSchema },
      },
    },
    async (request) => ({
      data: await listShiftTemplates({ db: app.db, viewer: sessionOf(request), shopId: request.params.id }),
    }),
  );

  app.post(
    '/api/shops/:id/shift-templates',
    {
      config: { access: 'shifts.templates.add' },
      schema: {
        tags,
        params: idParamSchema,
        body: shiftTemplateBodySchema,
        response: { 201: shiftTemplateAnswerSchema },
      },
    },
    async (request, reply) => {
      const template = await createShiftTemplate({
        db: app.db,
        viewer: sessionOf(request),
        shopId: request.params.id,
        body: request.body,
        ip: request.ip,
      });
      return reply.status(201).send({ data: template });
    },
  );

  app.get(
    '/api/shift-templates/:id',
    {
      config: { access: 'shifts.templates.view' },
      schema: { tags, params: idParamSchema, response: { 200: shiftTemplateAnswerSchema } },
    },
    async (request) => ({
      data: await getShiftTemplate({ db: app.db, viewer: sessionOf(request), id: request.params.id }),
    }),
  );

  app.put(
    '/api/shift-templates/:id',
    {
      config: { access: 'shifts.templates.edit' },
      schema: {
        tags,
        params: idParamSchema,
        body: shiftTemplateBodySchema,
        response: { 200: shiftTemplateAnswerSchema },
      },
    },
    async (request) => ({
      data: await updateShiftTemplate({
        db: app.db,
        viewer: sessionOf(request),
        id: request.params.id,
        body: request.body,
        ip: request.ip,
      }),
    }),
  );

  app.delete(
    '/api/shift-templates/:id',
    {
      config: { access: 'shifts.templates.delete' },
      schema: { tags, params: idParamSchema, response: { 200: okSchema } },
    },
    async (request) => {
      await deleteShiftTemplate({ db: app.db, viewer: sessionOf(request), id: request.params.id, ip: request.ip });
      return { data: { ok: true as const } };
    },
  );

  app.get(
    '/api/shops/:id/shift-weeks/:week',
    {
      config: { access: 'shifts.manage.view' },
      schema: {
        tags,
        description:
          'The shop’s week (ISO, 2026-W48): its state, people, cells, closures, opening hours and the rules’ warnings; ' +
          'a week not saved yet lists the shop’s shift staff with no cells.',
        params: shiftWeekParamsSchema,
        response: { 200: shiftWeekAnswerSchema },
      },
    },
    async (request) => ({
      data: await getShiftWeek({
        db: app.db,
        viewer: sessionOf(request),
        shopId: request.params.id,
        week: request.params.week,
      }),
    }),
  );

  app.put(
    '/api/shops/:id/shift-weeks/:week',
    {
      config: { access: 'shifts.manage.assign' },
      schema: {
        tags,
        description: 'Saves the whole grid of an assigned week (created on its first save); 409 once convalidated.',
        params: shiftWeekParamsSchema,
        body: shiftWeekBodySchema,
        response: { 200: shiftWeekAnswerSchema },
      },
    },
    async (request) => ({
      data: await saveShiftWeek({
        db: app.db,
        viewer: sessionOf(request),
        shopId: request.params.id,
        week: request.params.week,
        body: request.body,
        ip: request.ip,
      }),
    }),
  );

  for (const action of shiftWeekActions) {
    const move = shiftWeekTransitions[action];
    app.post(
      `/api/shops/:id/shift-weeks/:week/${action}`,
      {
        config: { access: move.ability },
        schema: {
          tags,
          description: `Moves the week from ${move.from} to ${move.to}; from any other state 409 shiftWeekWrongState.`,
          params: shiftWeekParamsSchema,
          response: { 200: shiftWeekAnswerSchema },
        },
      },
      async (request) => ({
        data: await moveShiftWeek({
          db: app.db,
          viewer: sessionOf(request),
          shopId: request.params.id,
          week: request.params.week,
          action,
          ip: request.ip,
        }),
      }),
    );
  }

  app.get(
    '/api/me/shift-availability/:week',
    {
      config: { access: 'shifts.choose' },
      schema: {
        tags,
        description: 'What the person said of each day of a week (next week choice); every day "any" until said.',
        params: ownAvailabilityParamsSchema,
        response: { 200: ownAvailabilityAnswerSchema },
      },
    },
    async (request) => ({
      data: await readOwnAvailability(app.db, sessionOf(request).userId, request.params.week),
    }),
  );

  app.put(
    '/api/me/shift-availability/:week',
    {
      config: { access: 'shifts.choose' },
      schema: {
        tags,
        description:
          'Saves the person’s availability for a week after the current one, Monday to Sunday; a week begun answers ' +
          '409 shiftWeekNotEditable.',
        params: ownAvailabilityParamsSchema,
        body: ownAvailabilityBodySchema,
        response: { 200: ownAvailabilityAnswerSchema },
      },
    },
    async (request) => ({
      data: await saveOwnAvailability({
        db: app.db,
        userId: sessionOf(request).userId,
        week: request.params.week,
        body: request.body,
        now: currentTime(app.config),
        ip: request.ip,
      }),
    }),
  );

  app.get(
    '/api/me/shift-weeks',
    {
      config: { access: 'shifts.view' },
      schema: {
        tags,
        description: 'The person’s latest weeks sent to them, newest first, with their own cells and validation.',
        response: { 200: ownShiftWeeksAnswerSchema },
      },
    },
    async (request) => ({ data: await listOwnShiftWeeks({ db: app.db, viewer: sessionOf(request) }) }),
  );

  app.post(
    '/api/me/shift-weeks/:id/validate',
    {
      config: { access: 'shifts.view' },
      schema: { tags, params: idParamSchema, response: { 200: ownShiftWeekAnswerSchema } },
    },
    async (request) => ({
      data: await validateOwnShiftWeek({
        db: app.db,
        viewer: sessionOf(request),
        weekId: request.params.id,
        ip: request.ip,
      }),
    }),
  );

  // ——— The time clock of the session's shop (the shop tablet) ———
  app.get(
    '/api/time-clock',
    {
      config: { access: 'shifts.view', shop: true },
      schema: {
        tags,
        description: 'Today’s shift staff of the session’s shop: planned shift, where each is in the day, punches.',
        response: { 200: timeClockAnswerSchema },
      },
    },
    async (request) => ({
      data: await readTimeClock({
        db: app.db,
        config: app.config,
        viewer: sessionOf(request),
        shopId: shopOf(request),
      }),
    }),
  );

  app.post(
    '/api/time-clock/punches',
    {
      config: { access: 'shifts.view', shop: true },
      schema: {
        tags,
        description:
          'Punches a step for a person of the shop’s shift staff, confirmed by their passkey or password (as ' +
          '/api/auth/presence), at the server’s time; 422 wrongPassword writes nothing, 409 punchOutOfOrder.',
        body: shiftPunchBodySchema,
        response: { 201: timeClockPersonAnswerSchema },
      },
    },
    async (request, reply) => {
      const person = await punch({
        db: app.db,
        config: app.config,
        throttle: app.loginThrottle,
        realtime: app.realtime,
        viewer: sessionOf(request),
        shopId: shopOf(request),
        body: request.body,
        ip: request.ip,
      });
      return reply.status(201).send({ data: person });
    },
  );

  app.post(
    '/api/shift-punches/:id/rectification',
    {
      config: { access: 'shifts.manage.rectify' },
      schema: {
        tags,
        description:
          'Sets a punch’s time right with a reason, within its day and never in the future, keeping the day’s ' +
          'steps in order (409 punchOutOfOrder); the first time is kept beside it.',
        params: idParamSchema,
        body: punchRectificationBodySchema,
        response: { 200: rectifiedPunchAnswerSchema },
      },
    },
    async (request) => ({
      data: await rectifyPunch({
        db: app.db,
        config: app.config,
        realtime: app.realtime,
        viewer: sessionOf(request),
        punchId: request.params.id,
        body: request.body,
        ip: request.ip,
      }),
    }),
  );

  app.put(
    '/api/shops/:id/shift-weeks/:week/rectification',
    {
      config: { access: 'shifts.manage.rectify' },
      schema: {
        tags,
        description:
          'Changes a convalidated or sent week with a reason; in a sent week the people whose cells changed validate ' +
          'again and are told. An assigned week answers 409 shiftWeekWrongState (it is saved through the grid).',
        params: shiftWeekParamsSchema,
        body: shiftWeekRectificationBodySchema,
        response: { 200: shiftWeekAnswerSchema },
      },
    },
    async (request) => ({
      data: await rectifyShiftWeek({
        db: app.db,
        viewer: sessionOf(request),
        shopId: request.params.id,
        week: request.params.week,
        body: request.body,
        ip: request.ip,
      }),
    }),
  );

  app.get(
    '/api/shift-weeks/overview',
    {
      config: { access: 'shifts.manage.overview' },
      schema: {
        tags,
        description: 'Every open shop the viewer sees with its week (state null: nothing saved yet), by name, paged.',
        querystring: shiftWeeksOverviewQuerySchema,
        response: { 200: shiftWeeksOverviewAnswerSchema },
      },
    },
    async (request) => shiftWeeksOverview({ db: app.db, viewer: sessionOf(request), ...request.query }),
  );

  app.get(
    '/api/shops/:id/shift-weeks/:week/proposal',
    {
      config: { access: 'shifts.manage.assign' },
      schema: {
        tags,
        description:
          'A filled grid to start from, not saved: the week before moved seven days on, or each person’s template; ' +
          'everybody off with "shop closed" on the shop’s closed days.',
        params: shiftWeekParamsSchema,
        querystring: shiftWeekProposalQuerySchema,
        response: { 200: shiftWeekProposalAnswerSchema },
      },
    },
    async (request) => ({
      data: await proposeShiftWeek({
        db: app.db,
        viewer: sessionOf(request),
        shopId: request.params.id,
        week: request.params.week,
        from: request.query.from,
      }),
    }),
  );
};
