// Companies (spec §2 Management › company): list, create, edit, delete.
import { idParamSchema, okSchema } from '@bottega/contracts/common';
import {
  companyAnswerSchema,
  companyBodySchema,
  companyListQuerySchema,
  companyOptionsAnswerSchema,
  companyPageSchema,
} from '@bottega/contracts/companies';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { sessionOf } from '../../platform/access';
import {
  createCompany,
  deleteCompany,
  getCompany,
  listCompanies,
  listCompanyOptions,
  updateCompany,
} from './companies.service';

const tags = ['companies'];

export const companiesRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/companies',
    {
      config: { access: 'shops.companies.list' },
      schema: { tags, querystring: companyListQuerySchema, response: { 200: companyPageSchema } },
    },
    async (request) => listCompanies({ db: app.db, ...request.query }),
  );

  app.get(
    '/api/companies/options',
    {
      // The group's company names are on every payslip and document: any signed-in person may pick one.
      config: { access: 'authenticated' },
      schema: {
        tags,
        description: 'Every company by name, for pickers outside the companies screens (payslips, tax certificates).',
        response: { 200: companyOptionsAnswerSchema },
      },
    },
    async () => ({ data: await listCompanyOptions(app.db) }),
  );

  app.post(
    '/api/companies',
    {
      config: { access: 'shops.companies.add' },
      schema: { tags, body: companyBodySchema, response: { 201: companyAnswerSchema } },
    },
    async (request, reply) => {
      const id = await createCompany({ db: app.db, actorId: sessionOf(request).userId, body: request.body });
      return reply.status(201).send({ data: await getCompany({ db: app.db, id }) });
    },
  );

  app.get(
    '/api/companies/:id',
    {
      config: { access: 'shops.companies.view' },
      schema: { tags, params: idParamSchema, response: { 200: companyAnswerSchema } },
    },
    async (request) => ({ data: await getCompany({ db: app.db, id: request.params.id }) }),
  );

  app.put(
    '/api/companies/:id',
    {
      config: { access: 'shops.companies.edit' },
      schema: { tags, params: idParamSchema, body: companyBodySchema, response: { 200: companyAnswerSchema } },
    },
    async (request) => {
      const { id } = request.params;
      await updateCompany({ db: app.db, actorId: sessionOf(request).userId, id, body: request.body });
      return { data: await getCompany({ db: app.db, id }) };
    },
  );

  app.delete(
    '/api/companies/:id',
    {
      config: { access: 'shops.companies.delete' },
      schema: { tags, params: idParamSchema, response: { 200: okSchema } },
    },
    async (request) => {
      await deleteCompany({ db: app.db, actorId: sessionOf(request).userId, id: request.params.id });
      return { data: { ok: true as const } };
    },
  );
};
