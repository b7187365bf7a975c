// Employees (spec §2 Management › employees): list, record, create, edit, OK ↔ EX, delete, documents, history.
import { idParamSchema, okSchema, paginationQuerySchema } from '@bottega/contracts/common';
import {
  documentFileQuerySchema,
  employeeAnswerSchema,
  employeeCreateBodySchema,
  employeeDocumentAnswerSchema,
  employeeDocumentParamsSchema,
  employeeDocumentsAnswerSchema,
  employeeHistoryPageSchema,
  employeeListQuerySchema,
  employeeOptionsAnswerSchema,
  employeePageSchema,
  employeeTypeBodySchema,
  employeeUpdateBodySchema,
  singleDocumentParamsSchema,
} from '@bottega/contracts/employees';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { sessionOf } from '../../platform/access';
import { readUpload, sendFile } from '../../platform/file-transfer';
import {
  changeEmployeeType,
  createEmployee,
  deleteEmployee,
  deleteEmployeeDocument,
  getEmployee,
  getEmployeeOptions,
  listEmployeeDocuments,
  listEmployeeHistory,
  listEmployees,
  readEmployeeDocument,
  resetEmployeeMfa,
  sendPasswordLink,
  storeEmployeeDocument,
  updateEmployee,
} from './employees.service';

const tags = ['employees'];

export const employeesRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/employees',
    {
      config: { access: 'employees.manage.list' },
      schema: { tags, querystring: employeeListQuerySchema, response: { 200: employeePageSchema } },
    },
    async (request) => listEmployees({ db: app.db, session: sessionOf(request), query: request.query }),
  );

  app.get(
    '/api/employees/options',
    {
      config: { access: 'employees.view' },
      schema: { tags, response: { 200: employeeOptionsAnswerSchema } },
    },
    async (request) => ({ data: await getEmployeeOptions({ db: app.db, session: sessionOf(request) }) }),
  );

  app.post(
    '/api/employees',
    {
      config: { access: 'employees.manage.add' },
      schema: { tags, body: employeeCreateBodySchema, response: { 201: employeeAnswerSchema } },
    },
    async (request, reply) => {
      const session = sessionOf(request);
      const id = await createEmployee({ db: app.db, config: app.config, session, body: request.body, ip: request.ip });
      return reply.status(201).send({ data: await getEmployee({ db: app.db, session, id }) });
    },
  );

  app.get(
    '/api/employees/:id',
    {
      config: { access: 'employees.view' },
      schema: { tags, params: idParamSchema, response: { 200: employeeAnswerSchema } },
    },
    async (request) => ({
      data: await getEmployee({ db: app.db, session: sessionOf(request), id: request.params.id }),
    }),
  );

  app.put(
    '/api/employees/:id',
    {
      config: { access: 'employees.manage.edit' },
      schema: { tags, params: idParamSchema, body: employeeUpdateBodySchema, response: { 200: employeeAnswerSchema } },
    },
    async (request) => {
      const session = sessionOf(request);
      const { id } = request.params;
      await updateEmployee({ db: app.db, config: app.config, session, id, body: request.body, ip: request.ip });
      return { data: await getEmployee({ db: app.db, session, id }) };
    },
  );

  app.put(
    '/api/employees/:id/type',
    {
      config: { access: 'employees.manage.edit' },
      schema: { tags, params: idParamSchema, body: employeeTypeBodySchema, response: { 200: employeeAnswerSchema } },
    },
    async (request) => ({
      data: await changeEmployeeType({
        db: app.db,
        session: sessionOf(request),
        id: request.params.id,
        body: request.body,
        ip: request.ip,
      }),
    }),
  );

  app.delete(
    '/api/employees/:id',
    {
      config: { access: 'employees.manage.delete' },
      schema: { tags, params: idParamSchema, response: { 200: okSchema } },
    },
    async (request) => {
      await deleteEmployee({ db: app.db, session: sessionOf(request), id: request.params.id, ip: request.ip });
      return { data: { ok: true as const } };
    },
  );

  // Mails the employee a link to choose a new password: nobody sets a colleague's password.
  app.post(
    '/api/employees/:id/password-link',
    {
      config: { access: 'employees.manage.edit' },
      schema: { tags, params: idParamSchema, response: { 200: okSchema } },
    },
    async (request) => {
      await sendPasswordLink({
        db: app.db,
        config: app.config,
        session: sessionOf(request),
        id: request.params.id,
        ip: request.ip,
      });
      return { data: { ok: true as const } };
    },
  );

  app.post(
    '/api/employees/:id/mfa/reset',
    {
      config: { access: 'security.canResetMfa' },
      schema: { tags, params: idParamSchema, response: { 200: okSchema } },
    },
    async (request) => {
      await resetEmployeeMfa({ db: app.db, session: sessionOf(request), id: request.params.id, ip: request.ip });
      return { data: { ok: true as const } };
    },
  );

  app.get(
    '/api/employees/:id/history',
    {
      config: { access: 'employees.view' },
      schema: {
        tags,
        params: idParamSchema,
        querystring: paginationQuerySchema,
        response: { 200: employeeHistoryPageSchema },
      },
    },
    async (request) =>
      listEmployeeHistory({ db: app.db, session: sessionOf(request), id: request.params.id, ...request.query }),
  );

  app.get(
    '/api/employees/:id/documents',
    {
      config: { access: 'employees.view' },
      schema: { tags, params: idParamSchema, response: { 200: employeeDocumentsAnswerSchema } },
    },
    async (request) => ({
      data: {
        documents: await listEmployeeDocuments({ db: app.db, session: sessionOf(request), id: request.params.id }),
        maxBytes: app.config.uploadLimitBytes,
      },
    }),
  );

  // Identity document and health card, front and back: one current file each, replaced by a new upload.
  app.put(
    '/api/employees/:id/documents/:kind',
    {
      config: { access: 'employees.manage.edit' },
      schema: {
        tags,
        consumes: ['multipart/form-data'],
        params: singleDocumentParamsSchema,
        response: { 200: employeeDocumentAnswerSchema },
      },
    },
    async (request) => ({
      data: await storeEmployeeDocument({
        db: app.db,
        storage: app.storage,
        session: sessionOf(request),
        id: request.params.id,
        kind: request.params.kind,
        read: () => readUpload(request, app.config.uploadLimitBytes),
        ip: request.ip,
      }),
    }),
  );

  // Management documents: as many as needed.
  app.post(
    '/api/employees/:id/documents/management',
    {
      config: { access: 'employees.manage.uploadManagementDocument' },
      schema: {
        tags,
        consumes: ['multipart/form-data'],
        params: idParamSchema,
        response: { 201: employeeDocumentAnswerSchema },
      },
    },
    async (request, reply) => {
      const document = await storeEmployeeDocument({
        db: app.db,
        storage: app.storage,
        session: sessionOf(request),
        id: request.params.id,
        kind: 'management',
        read: () => readUpload(request, app.config.uploadLimitBytes),
        ip: request.ip,
      });
      return reply.status(201).send({ data: document });
    },
  );

  // The file itself: inline for the in-page preview, as an attachment with ?download=1. Binary, so no JSON schema.
  app.get(
    '/api/employees/:id/documents/:documentId/file',
    {
      config: { access: 'employees.view' },
      schema: { tags, params: employeeDocumentParamsSchema, querystring: documentFileQuerySchema },
    },
    async (request, reply) => {
      const download = request.query.download !== undefined;
      const file = await readEmployeeDocument({
        db: app.db,
        storage: app.storage,
        session: sessionOf(request),
        ...request.params,
        download,
        ip: request.ip,
      });
      return sendFile(reply, { ...file, type: file.mimeType }, download ? 'attachment' : 'inline');
    },
  );

  app.delete(
    '/api/employees/:id/documents/:documentId',
    {
      config: { access: 'employees.manage.edit' },
      schema: { tags, params: employeeDocumentParamsSchema, response: { 200: okSchema } },
    },
    async (request) => {
      await deleteEmployeeDocument({
        db: app.db,
        storage: app.storage,
        session: sessionOf(request),
        ...request.params,
        ip: request.ip,
      });
      return { data: { ok: true as const } };
    },
  );
};
