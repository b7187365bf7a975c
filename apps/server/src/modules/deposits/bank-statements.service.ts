// Bank statements (issue 21, spec §2 deposit/upload/bank): accounting uploads the file its home banking exports
// (CAMT.053 or CBI); it is kept sealed in Storage and read by its job (bank-statements.jobs.ts) into bank lines, all
// of it or nothing. The uploads' log and the lines read from them are listed here.

import type { BankLine, BankUpload, bankLineListQuerySchema, bankUploadFailureSchema } from '@bottega/contracts/bank';
import type { paginationQuerySchema } from '@bottega/contracts/common';
import type { Job } from '@bottega/contracts/jobs';
import { and, count, desc, eq, exists, gt, notExists, type SQL, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Config } from '../../config';
import { writeAudit } from '../../platform/audit';
import type { Database, Executor } from '../../platform/db';
import { AppError } from '../../platform/errors';
import type { Upload } from '../../platform/file-transfer';
import { enqueueJob, startFileJob } from '../../platform/jobs';
import type { SessionContext } from '../../platform/sessions';
import type { Storage } from '../../platform/storage';
import { users } from '../employees/employees.schema';
import { shops } from '../shops/shops.schema';
import { bankAuditEntity, importBankStatementJob, sealedBankStorage } from './bank-statements.jobs';
import { bankLines, bankUploads, depositBankLines } from './bank-statements.schema';

const uploadColumns = {
  id: bankUploads.id,
  fileName: bankUploads.fileName,
  size: bankUploads.size,
  format: bankUploads.format,
  state: bankUploads.state,
  failure: bankUploads.failure,
  statements: bankUploads.statements,
  lines: bankUploads.lines,
  newLines: bankUploads.newLines,
  firstDate: bankUploads.firstDate,
  lastDate: bankUploads.lastDate,
  jobId: bankUploads.jobId,
  uploadedBy: sql<string | null>`${users.name} || ' ' || ${users.surname}`,
  createdAt: bankUploads.createdAt,
};

function selectUploads(db: Executor) {
  return db.select(uploadColumns).from(bankUploads).leftJoin(users, eq(users.id, bankUploads.uploadedBy));
}

function toUpload(row: Awaited<ReturnType<typeof selectUploads>>[number]): BankUpload {
  return {
    ...row,
    format: row.format === 'camt053' || row.format === 'cbi' ? row.format : null,
    failure: (row.failure as z.infer<typeof bankUploadFailureSchema> | null) ?? null,
    createdAt: row.createdAt.toISOString(),
  };
}

export async function getBankUpload(db: Executor, id: number): Promise<BankUpload> {
  const [row] = await selectUploads(db).where(eq(bankUploads.id, id));
  if (!row) throw new AppError('notFound');
  return toUpload(row);
}

export async function listBankUploads(options: {
  db: Database;
  query: z.output<typeof paginationQuerySchema>;
}): Promise<{ data: BankUpload[]; meta: { page: number; perPage: number; total: number } }> {
  const { db, query } = options;
  const [rows, [total]] = await Promise.all([
    selectUploads(db)
      .orderBy(desc(bankUploads.createdAt), desc(bankUploads.id))
      .limit(query.perPage)
      .offset((query.page - 1) * query.perPage),
    db.select({ count: count() }).from(bankUploads),
  ]);
  return { data: rows.map(toUpload), meta: { page: query.page, perPage: query.perPage, total: total?.count ?? 0 } };
}

/** Keeps the file sealed and queues its reading; the upload is `processing` until the job ends. */
export async function startBankUpload(options: {
  db: Database;
  storage: Storage;
  config: Config;
  viewer: SessionContext;
  file: Upload;
  ip?: string;
}): Promise<{ upload: BankUpload; job: Job }> {
  const { db, viewer, file } = options;
  const { id, job } = await startFileJob({
    db,
    storage: sealedBankStorage(options.storage, options.config),
    file: { area: 'bank-uploads', bytes: file.bytes, extension: 'dat' },
    record: async (tx, storageKey) => {
      const [row] = await tx
        .insert(bankUploads)
        .values({
          fileName: file.fileName.slice(0, 255) || 'statement',
          size: file.bytes.byteLength,
          storageKey,
          uploadedBy: viewer.userId,
        })
        .returning({ id: bankUploads.id });
      if (!row) throw new Error('the upload was not recorded');
      const jobId = await enqueueJob(tx, importBankStatementJob, { uploadId: row.id }, { startedBy: viewer.userId });
      await tx.update(bankUploads).set({ jobId }).where(eq(bankUploads.id, row.id));
      await writeAudit(tx, {
        actorId: viewer.userId,
        action: 'bankUpload.uploaded',
        entity: bankAuditEntity.upload,
        entityId: row.id,
        toState: 'processing',
        data: { fileName: file.fileName.slice(0, 255), size: file.bytes.byteLength },
        ip: options.ip,
      });
      return { id: row.id, jobId };
    },
  });
  return { upload: await getBankUpload(db, id), job };
}

const lineShop = {
  id: shops.id,
  code: shops.code,
  name: shops.name,
};

export const bankLineColumns = {
  id: bankLines.id,
  uploadId: bankLines.uploadId,
  account: bankLines.account,
  line: bankLines.line,
  bankReference: bankLines.bankReference,
  bookingDate: bankLines.bookingDate,
  valueDate: bankLines.valueDate,
  amountCents: bankLines.amountCents,
  description: bankLines.description,
  counterparty: bankLines.counterparty,
  shopId: lineShop.id,
  shopCode: lineShop.code,
  shopName: lineShop.name,
  problem: bankLines.problem,
  unknownCard: bankLines.unknownCard,
  depositIds: sql<
    number[]
  >`coalesce((select json_agg(${depositBankLines.depositId} order by ${depositBankLines.depositId})
    from ${depositBankLines} where ${depositBankLines.bankLineId} = ${bankLines.id}), '[]'::json)`,
};

export function selectBankLines(db: Executor) {
  return db.select(bankLineColumns).from(bankLines).leftJoin(shops, eq(shops.id, bankLines.shopId));
}

export function toBankLine(row: Awaited<ReturnType<typeof selectBankLines>>[number]): BankLine {
  const { shopId, shopCode, shopName, ...rest } = row;
  return { ...rest, shop: shopId ? { id: shopId, code: shopCode ?? '', name: shopName ?? '' } : null };
}

const isLinked = (db: Executor) =>
  db.select({ one: sql`1` }).from(depositBankLines).where(eq(depositBankLines.bankLineId, bankLines.id));

/** Lines of an upload or of every upload, by booking day; `open` keeps the credits not yet convalidated. */
export async function listBankLines(options: {
  db: Database;
  query: z.output<typeof bankLineListQuerySchema>;
}): Promise<{ data: BankLine[]; meta: { page: number; perPage: number; total: number } }> {
  const { db, query } = options;
  const where: SQL | undefined = and(
    query.uploadId === undefined ? undefined : eq(bankLines.uploadId, query.uploadId),
    query.state === 'open' ? and(gt(bankLines.amountCents, 0), notExists(isLinked(db))) : undefined,
    query.state === 'linked' ? exists(isLinked(db)) : undefined,
  );
  const [rows, [total]] = await Promise.all([
    selectBankLines(db)
      .where(where)
      .orderBy(desc(bankLines.bookingDate), desc(bankLines.id))
      .limit(query.perPage)
      .offset((query.page - 1) * query.perPage),
    db.select({ count: count() }).from(bankLines).where(where),
  ]);
  return { data: rows.map(toBankLine), meta: { page: query.page, perPage: query.perPage, total: total?.count ?? 0 } };
}
