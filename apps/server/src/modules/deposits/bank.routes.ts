// Bank statements: uploads read by their job, the lines they gave, the matching of credits to deposits and the
// convalidation of deposits with the credits they arrived in; with the demo data, the demo bank's statement.
import {
  bankConvalidateAnswerSchema,
  bankConvalidateBodySchema,
  bankLineListQuerySchema,
  bankLinePageSchema,
  bankMatchingAnswerSchema,
  bankStatementMaxBytes,
  bankUploadPageSchema,
  bankUploadSchema,
  bankUploadStartedSchema,
} from '@bottega/contracts/bank';
import { dataOf, idParamSchema, paginationQuerySchema } from '@bottega/contracts/common';
import { businessDate } from '@bottega/contracts/dates';
import { and, eq } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { writeCamt053, writeCbiMovements } from '../../integrations/bank/bank-statement.simulator';
import { sessionOf } from '../../platform/access';
import { currentTime } from '../../platform/clock';
import { readUpload, sendFile } from '../../platform/file-transfer';
import { kickJobs } from '../../platform/jobs';
import { shops } from '../shops/shops.schema';
import { convalidateWithBank, getBankMatching } from './bank-matching.service';
import { demoBankStatements } from './bank-statements.demo';
import { getBankUpload, listBankLines, listBankUploads, startBankUpload } from './bank-statements.service';
import { deposits } from './deposits.schema';
import { bankCreditsToCheckTodo } from './deposits.todos';

const tags = ['bank'];

export const bankRoutes: FastifyPluginAsyncZod = async (app) => {
  const now = () => currentTime(app.config);
  app.todos.register(bankCreditsToCheckTodo);

  app.post(
    '/api/bank/uploads',
    {
      config: { access: 'shops.bank.upload' },
      schema: {
        tags,
        description:
          'Multipart: `file`, a bank statement as CAMT.053 XML or CBI “rendicontazione movimenti” (RH). Kept sealed; ' +
          'a job reads it (follow `job` at GET /api/jobs/:id): all of it, or nothing with the line and field at fault.',
        response: { 202: bankUploadStartedSchema },
      },
    },
    async (request, reply) => {
      const file = await readUpload(request, bankStatementMaxBytes);
      const data = await startBankUpload({
        db: app.db,
        storage: app.storage,
        config: app.config,
        viewer: sessionOf(request),
        file,
        ip: request.ip,
      });
      kickJobs();
      return reply.status(202).send({ data });
    },
  );

  app.get(
    '/api/bank/uploads',
    {
      config: { access: 'shops.bank.upload' },
      schema: { tags, querystring: paginationQuerySchema, response: { 200: bankUploadPageSchema } },
    },
    async (request) => listBankUploads({ db: app.db, query: request.query }),
  );

  app.get(
    '/api/bank/uploads/:id',
    {
      config: { access: 'shops.bank.upload' },
      schema: { tags, params: idParamSchema, response: { 200: dataOf(bankUploadSchema) } },
    },
    async (request) => ({ data: await getBankUpload(app.db, request.params.id) }),
  );

  app.get(
    '/api/bank/lines',
    {
      config: { access: 'shops.bank.upload' },
      schema: {
        tags,
        description: 'Bank lines, newest booking first: of one upload, the credits still open, or those linked.',
        querystring: bankLineListQuerySchema,
        response: { 200: bankLinePageSchema },
      },
    },
    async (request) => listBankLines({ db: app.db, query: request.query }),
  );

  app.get(
    '/api/bank/matching',
    {
      config: { access: 'shops.bank.deposits.check' },
      schema: {
        tags,
        description:
          'The open credits of the viewer’s accounts against their shops’ entered deposits: matched, ambiguous ' +
          '(candidates to choose from), naming an unknown deposit card, and unmatched on either side, each proposal ' +
          'with the §8 problems that would stop it.',
        response: { 200: bankMatchingAnswerSchema },
      },
    },
    async (request) => ({ data: await getBankMatching({ db: app.db, viewer: sessionOf(request) }) }),
  );

  app.post(
    '/api/bank/convalidations',
    {
      config: { access: 'shops.bank.deposits.check' },
      schema: {
        tags,
        description:
          'Convalidates deposits with the credits they arrived in (both sides summing to the same amount): the ' +
          'deposits are fixed and linked to their lines. Refused with the §8 problem while one remains.',
        body: bankConvalidateBodySchema,
        response: { 200: bankConvalidateAnswerSchema },
      },
    },
    async (request) => ({
      data: await convalidateWithBank({
        db: app.db,
        viewer: sessionOf(request),
        body: request.body,
        now: now(),
        ip: request.ip,
      }),
    }),
  );

  // The demo bank exists only with the demo data: production has real banks.
  if (!app.config.seedDemo) return;
  app.get(
    '/api/bank/demo-statement',
    {
      config: { access: 'shops.bank.upload' },
      schema: {
        tags,
        description:
          'Demo data only: the statement the demo bank would send for the deposits not yet convalidated, to try the ' +
          'upload with.',
        querystring: z.object({ format: z.enum(['camt053', 'cbi']).default('camt053') }),
      },
    },
    async (request, reply) => {
      const today = businessDate(now());
      const open = await app.db
        .select({
          shopCode: shops.code,
          account: shops.accountNumber,
          date: deposits.date,
          amountCents: deposits.amountCents,
          cardNumber: deposits.cardNumber,
        })
        .from(deposits)
        .innerJoin(shops, eq(shops.id, deposits.shopId))
        .where(and(eq(deposits.state, 'entered')));
      const statements = demoBankStatements(
        open.filter((deposit) => /^\d{12}$/.test(deposit.account)),
        today,
      );
      const camt = request.query.format === 'camt053';
      const text = camt ? writeCamt053(statements) : writeCbiMovements(statements);
      return sendFile(
        reply,
        {
          bytes: new TextEncoder().encode(text),
          fileName: `estratto-conto-demo-${today}.${camt ? 'xml' : 'txt'}`,
          type: camt ? 'application/xml' : 'text/plain',
        },
        'attachment',
      );
    },
  );
};
