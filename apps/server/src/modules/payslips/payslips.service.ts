// Payslips and tax certificates as people use them (spec §2, §4, issue 19): an upload queues its split; the log and
// its items show what came of it; the review convalidates and the employees are told; the archive, the delete per
// file, the blacklist; and each person's own. Both kinds share this code; the routes give each its abilities
// (contracts payslipAbilities). Payslips are company-wide records of the accounting office: not scoped to shops.
import { businessDate } from '@bottega/contracts/dates';
import type { Job } from '@bottega/contracts/jobs';
import type {
  OwnPayslips,
  Payslip,
  PayslipBlacklistCandidate,
  PayslipBlacklistEntry,
  PayslipItem,
  PayslipItemOutcome,
  PayslipItemPage,
  PayslipKind,
  PayslipUpload,
  PayslipUploadFields,
} from '@bottega/contracts/payslips';
import { payslipAbilities, payslipItemOutcomes } from '@bottega/contracts/payslips';
import type { Ability } from '@bottega/contracts/permissions';
import {
  and,
  asc,
  count,
  desc,
  eq,
  ilike,
  inArray,
  isNull,
  ne,
  or,
  type Placeholder,
  type SQL,
  sql,
} from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Config } from '../../config';
import { writeAudit } from '../../platform/audit';
import { containsPattern, type Database, type Executor } from '../../platform/db';
import { AppError } from '../../platform/errors';
import type { Upload } from '../../platform/file-transfer';
import { enqueueJob, startFileJob } from '../../platform/jobs';
import { notify } from '../../platform/notify';
import type { SessionContext } from '../../platform/sessions';
import { type Storage, sniffFileType } from '../../platform/storage';
import { companies } from '../companies/companies.schema';
import { users } from '../employees/employees.schema';
import { activeBlacklist, payslipAuditEntity, periodLabel, sealedPayslipStorage } from './payslips.common';
import { splitUploadJob } from './payslips.jobs';
import { payslipBlacklist, payslips, payslipUploadItems, payslipUploads } from './payslips.schema';

type Files = { storage: Storage; config: Pick<Config, 'appKey'> };
type Pagination = { page: number; perPage: number };

const holds = (session: SessionContext, ability: Ability) => session.isAdmin || session.abilities.has(ability);

const uploader = alias(users, 'uploader');

const uploadColumns = {
  id: payslipUploads.id,
  kind: payslipUploads.kind,
  companyId: payslipUploads.companyId,
  companyName: companies.name,
  month: payslipUploads.month,
  year: payslipUploads.year,
  fileName: payslipUploads.fileName,
  size: payslipUploads.size,
  pages: payslipUploads.pages,
  state: payslipUploads.state,
  failure: payslipUploads.failure,
  jobId: payslipUploads.jobId,
  createdAt: payslipUploads.createdAt,
  uploaderId: uploader.id,
  uploaderName: uploader.name,
  uploaderSurname: uploader.surname,
  payslips: sql<number>`(select count(*) from ${payslips} where ${payslips.uploadId} = ${payslipUploads.id})`.mapWith(
    Number,
  ),
  convalidated:
    sql<number>`(select count(*) from ${payslips} where ${payslips.uploadId} = ${payslipUploads.id} and ${payslips.status} = 'convalidated')`.mapWith(
      Number,
    ),
  problems:
    sql<number>`(select count(*) from ${payslipUploadItems} where ${payslipUploadItems.uploadId} = ${payslipUploads.id} and ${payslipUploadItems.outcome} <> 'payslip')`.mapWith(
      Number,
    ),
};

function selectUploads(db: Executor) {
  return db
    .select(uploadColumns)
    .from(payslipUploads)
    .innerJoin(companies, eq(companies.id, payslipUploads.companyId))
    .leftJoin(uploader, eq(uploader.id, payslipUploads.uploadedBy));
}

type UploadRow = Awaited<ReturnType<ReturnType<typeof selectUploads>['execute']>>[number];

function toUpload(r: UploadRow): PayslipUpload {
  return {
    id: r.id,
    kind: r.kind as PayslipKind,
    company: { id: r.companyId, name: r.companyName },
    month: r.month,
    year: r.year,
    fileName: r.fileName,
    size: r.size,
    pages: r.pages,
    state: r.state as PayslipUpload['state'],
    failure: r.failure as PayslipUpload['failure'],
    jobId: r.jobId ?? 0,
    uploadedBy:
      r.uploaderId === null ? null : { id: r.uploaderId, name: r.uploaderName ?? '', surname: r.uploaderSurname ?? '' },
    createdAt: r.createdAt.toISOString(),
    counts: { payslips: r.payslips, convalidated: r.convalidated, problems: r.problems },
  };
}

/** An upload of this kind, or 404 (one of the other kind is not found here either). */
export async function getUpload(options: { db: Executor; kind: PayslipKind; id: number }): Promise<PayslipUpload> {
  const [row] = await selectUploads(options.db).where(
    and(eq(payslipUploads.id, options.id), eq(payslipUploads.kind, options.kind)),
  );
  if (!row) throw new AppError('notFound');
  return toUpload(row);
}

/**
 * Takes the consultant's file: a PDF (read from its bytes), for a company of ours and a period (payslips have a
 * month, tax certificates none). The original is sealed into Storage, the upload recorded and its split queued in one
 * transaction; the caller kicks the jobs once committed.
 */
export async function startUpload(
  options: Files & {
    db: Database;
    viewer: SessionContext;
    kind: PayslipKind;
    fields: PayslipUploadFields;
    file: Upload;
    ip?: string;
  },
): Promise<{ upload: PayslipUpload; job: Job }> {
  const { db, viewer, kind, fields, file } = options;
  if (kind === 'payslip' && fields.month === undefined) {
    throw new AppError('validation', {}, { month: [{ rule: 'required' }] });
  }
  if (sniffFileType(file.bytes)?.mimeType !== 'application/pdf') throw new AppError('payslipPdfRequired');
  const [company] = await db.select({ id: companies.id }).from(companies).where(eq(companies.id, fields.companyId));
  if (!company) throw new AppError('validation', {}, { companyId: [{ rule: 'invalid' }] });
  const { id, job } = await startFileJob({
    db,
    storage: sealedPayslipStorage(options.storage, options.config),
    file: { area: `payslip-uploads/${fields.companyId}`, bytes: file.bytes, extension: 'pdf' },
    record: async (tx, storageKey) => {
      const [row] = await tx
        .insert(payslipUploads)
        .values({
          kind,
          companyId: fields.companyId,
          month: kind === 'payslip' ? (fields.month ?? null) : null,
          year: fields.year,
          fileName: file.fileName.slice(0, 255) || 'payslips.pdf',
          size: file.bytes.byteLength,
          storageKey,
          uploadedBy: viewer.userId,
        })
        .returning({ id: payslipUploads.id });
      if (!row) throw new Error('the upload was not recorded');
      const jobId = await enqueueJob(tx, splitUploadJob, { uploadId: row.id }, { startedBy: viewer.userId });
      await tx.update(payslipUploads).set({ jobId }).where(eq(payslipUploads.id, row.id));
      await writeAudit(tx, {
        actorId: viewer.userId,
        action: 'payslipUpload.uploaded',
        entity: payslipAuditEntity.upload,
        entityId: row.id,
        toState: 'processing',
        data: {
          kind,
          companyId: fields.companyId,
          year: fields.year,
          month: fields.month ?? null,
          size: file.bytes.byteLength,
        },
        ip: options.ip,
      });
      return { id: row.id, jobId };
    },
  });
  return { upload: await getUpload({ db, kind, id }), job };
}

/** The upload log: newest first, by company and year; `pending`: only those with payslips still to convalidate. */
export async function listUploads(options: {
  db: Executor;
  kind: PayslipKind;
  query: Pagination & { companyId?: number; year?: number; pending: boolean; deletable?: boolean };
}): Promise<{ data: PayslipUpload[]; meta: { page: number; perPage: number; total: number } }> {
  const { db, kind, query } = options;
  const where = and(
    eq(payslipUploads.kind, kind),
    query.deletable ? ne(payslipUploads.state, 'processing') : undefined,
    query.companyId ? eq(payslipUploads.companyId, query.companyId) : undefined,
    query.year ? eq(payslipUploads.year, query.year) : undefined,
    query.pending
      ? sql`exists (select 1 from ${payslips} where ${payslips.uploadId} = ${payslipUploads.id} and ${payslips.status} = 'uploaded')`
      : undefined,
  );
  const [rows, [total]] = await Promise.all([
    selectUploads(db)
      .where(where)
      .orderBy(desc(payslipUploads.createdAt), desc(payslipUploads.id))
      .limit(query.perPage)
      .offset((query.page - 1) * query.perPage),
    db.select({ value: count() }).from(payslipUploads).where(where),
  ]);
  return {
    data: rows.map(toUpload),
    meta: { page: query.page, perPage: query.perPage, total: total?.value ?? 0 },
  };
}

/** What the split made of an upload, employees first then the pages nobody got, with the counts by outcome. */
export async function listItems(options: {
  db: Executor;
  kind: PayslipKind;
  uploadId: number;
  today: string;
  query: Pagination & { outcome?: PayslipItemOutcome; pending: boolean };
}): Promise<PayslipItemPage> {
  const { db, kind, uploadId, query } = options;
  await getUpload({ db, kind, id: uploadId });
  const where = and(
    eq(payslipUploadItems.uploadId, uploadId),
    query.outcome ? eq(payslipUploadItems.outcome, query.outcome) : undefined,
    query.pending ? eq(payslips.status, 'uploaded') : undefined,
  );
  const [rows, [total], byOutcome] = await Promise.all([
    db
      .select({
        id: payslipUploadItems.id,
        outcome: payslipUploadItems.outcome,
        reason: payslipUploadItems.reason,
        fiscalCode: payslipUploadItems.fiscalCode,
        pages: payslipUploadItems.pages,
        vatNumbers: payslipUploadItems.vatNumbers,
        payslipId: payslipUploadItems.payslipId,
        status: payslips.status,
        userId: users.id,
        name: users.name,
        surname: users.surname,
        employeeType: users.employeeType,
      })
      .from(payslipUploadItems)
      .leftJoin(payslips, eq(payslips.id, payslipUploadItems.payslipId))
      .leftJoin(users, eq(users.id, payslipUploadItems.userId))
      .where(where)
      // Problems first (what the review must look at), then in the file's order.
      .orderBy(sql`(${payslipUploadItems.outcome} = 'payslip')`, asc(payslipUploadItems.id))
      .limit(query.perPage)
      .offset((query.page - 1) * query.perPage),
    db
      .select({ value: count() })
      .from(payslipUploadItems)
      .leftJoin(payslips, eq(payslips.id, payslipUploadItems.payslipId))
      .where(where),
    db
      .select({ outcome: payslipUploadItems.outcome, value: count() })
      .from(payslipUploadItems)
      .where(eq(payslipUploadItems.uploadId, uploadId))
      .groupBy(payslipUploadItems.outcome),
  ]);
  const listed = await activeBlacklist(
    db,
    rows.flatMap((row) => (row.userId === null ? [] : [row.userId])),
    options.today,
  );
  const outcomes = Object.fromEntries(payslipItemOutcomes.map((outcome) => [outcome, 0])) as Record<
    PayslipItemOutcome,
    number
  >;
  for (const row of byOutcome) outcomes[row.outcome as PayslipItemOutcome] = row.value;
  const data: PayslipItem[] = rows.map((row) => ({
    id: row.id,
    outcome: row.outcome as PayslipItemOutcome,
    reason: row.reason as PayslipItem['reason'],
    fiscalCode: row.fiscalCode,
    employee:
      row.userId === null
        ? null
        : { id: row.userId, name: row.name ?? '', surname: row.surname ?? '', former: row.employeeType === 'EX' },
    pages: row.pages,
    payslipId: row.payslipId,
    status: (row.status as PayslipItem['status']) ?? null,
    blacklisted: row.userId !== null && listed.has(row.userId),
    vatNumbers: row.vatNumbers,
  }));
  return { data, meta: { page: query.page, perPage: query.perPage, total: total?.value ?? 0, outcomes } };
}

/** The uploaded file as it came, for those who review the log. */
export async function readUploadFile(
  options: Files & { db: Executor; kind: PayslipKind; id: number },
): Promise<{ bytes: Uint8Array; fileName: string }> {
  const [row] = await options.db
    .select({ key: payslipUploads.storageKey, fileName: payslipUploads.fileName })
    .from(payslipUploads)
    .where(and(eq(payslipUploads.id, options.id), eq(payslipUploads.kind, options.kind)));
  if (!row) throw new AppError('notFound');
  const bytes = await sealedPayslipStorage(options.storage, options.config).get(row.key);
  return { bytes, fileName: row.fileName };
}

/**
 * Spec §4: deletion is per file and removes every payslip of that file (convalidated ones too: the confirmation
 * says how many). Refused while the file is still being split. The files go once the rows have.
 */
export async function deleteUpload(
  options: Files & { db: Database; viewer: SessionContext; kind: PayslipKind; id: number; ip?: string },
): Promise<{ deleted: number }> {
  const { db, viewer, kind, id } = options;
  const { keys, deleted } = await db.transaction(async (tx) => {
    const [upload] = await tx
      .select({ state: payslipUploads.state, key: payslipUploads.storageKey, fileName: payslipUploads.fileName })
      .from(payslipUploads)
      .where(and(eq(payslipUploads.id, id), eq(payslipUploads.kind, kind)))
      .for('update');
    if (!upload) throw new AppError('notFound');
    if (upload.state === 'processing') throw new AppError('payslipUploadProcessing');
    const removed = await tx
      .delete(payslips)
      .where(eq(payslips.uploadId, id))
      .returning({ key: payslips.storageKey, status: payslips.status });
    await tx.delete(payslipUploads).where(eq(payslipUploads.id, id));
    await writeAudit(tx, {
      actorId: viewer.userId,
      action: 'payslipUpload.deleted',
      entity: payslipAuditEntity.upload,
      entityId: id,
      fromState: upload.state,
      toState: 'deleted',
      data: {
        fileName: upload.fileName,
        payslips: removed.length,
        convalidated: removed.filter((row) => row.status === 'convalidated').length,
      },
      ip: options.ip,
    });
    return { keys: [upload.key, ...removed.map((row) => row.key)], deleted: removed.length };
  });
  await Promise.all(keys.map((key) => options.storage.remove(key).catch(() => undefined)));
  return { deleted };
}

const owner = alias(users, 'owner');

function selectPayslips(db: Executor) {
  return db
    .select({
      id: payslips.id,
      kind: payslips.kind,
      companyId: payslips.companyId,
      companyName: companies.name,
      month: payslips.month,
      year: payslips.year,
      status: payslips.status,
      userId: owner.id,
      name: owner.name,
      surname: owner.surname,
      uploadId: payslips.uploadId,
      pages: payslips.pages,
      convalidatedAt: payslips.convalidatedAt,
      firstDownloadedAt: payslips.firstDownloadedAt,
      createdAt: payslips.createdAt,
    })
    .from(payslips)
    .innerJoin(companies, eq(companies.id, payslips.companyId))
    .innerJoin(owner, eq(owner.id, payslips.userId));
}

type PayslipRow = Awaited<ReturnType<ReturnType<typeof selectPayslips>['execute']>>[number];

function toPayslip(row: PayslipRow): Payslip {
  return {
    id: row.id,
    kind: row.kind as PayslipKind,
    company: { id: row.companyId, name: row.companyName },
    month: row.month,
    year: row.year,
    status: row.status as Payslip['status'],
    employee: { id: row.userId, name: row.name, surname: row.surname },
    uploadId: row.uploadId,
    pages: row.pages,
    convalidatedAt: row.convalidatedAt?.toISOString() ?? null,
    firstDownloadedAt: row.firstDownloadedAt?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
  };
}

/** The archive: convalidated ones by company, year, month and employee, newest period first. */
export async function listArchive(options: {
  db: Executor;
  kind: PayslipKind;
  query: Pagination & { companyId?: number; year?: number; month?: number; search?: string };
}): Promise<{ data: Payslip[]; meta: { page: number; perPage: number; total: number } }> {
  const { db, kind, query } = options;
  const search = query.search?.trim();
  const like = search ? containsPattern(search) : null;
  const where = and(
    eq(payslips.kind, kind),
    eq(payslips.status, 'convalidated'),
    query.companyId ? eq(payslips.companyId, query.companyId) : undefined,
    query.year ? eq(payslips.year, query.year) : undefined,
    query.month ? eq(payslips.month, query.month) : undefined,
    like
      ? or(
          ilike(owner.name, like),
          ilike(owner.surname, like),
          ilike(sql`${owner.name} || ' ' || ${owner.surname}`, like),
          ilike(sql`${owner.surname} || ' ' || ${owner.name}`, like),
        )
      : undefined,
  );
  const [rows, [total]] = await Promise.all([
    selectPayslips(db)
      .where(where)
      .orderBy(desc(payslips.year), desc(payslips.month), asc(owner.surname), asc(owner.name), asc(payslips.id))
      .limit(query.perPage)
      .offset((query.page - 1) * query.perPage),
    db.select({ value: count() }).from(payslips).innerJoin(owner, eq(owner.id, payslips.userId)).where(where),
  ]);
  return {
    data: rows.map(toPayslip),
    meta: { page: query.page, perPage: query.perPage, total: total?.value ?? 0 },
  };
}

/** Tells each of these people (not blacklisted) that their document of `upload` is available, and records it. */
async function announceAvailable(
  tx: Executor,
  options: {
    kind: PayslipKind;
    payslipIds: readonly number[];
    company: string;
    month: number | null;
    year: number;
    actorId: number;
    now: Date;
  },
): Promise<number> {
  const rows = await tx
    .select({ id: payslips.id, userId: payslips.userId })
    .from(payslips)
    .where(inArray(payslips.id, [...options.payslipIds]));
  const { kind } = options;
  const listed = await activeBlacklist(
    tx,
    rows.map((row) => row.userId),
    businessDate(options.now),
  );
  const told = rows.filter((row) => !listed.has(row.userId));
  if (told.length === 0) return 0;
  await notify(tx, {
    event: kind === 'payslip' ? 'payslips.available' : 'taxCertificates.available',
    userIds: told.map((row) => row.userId),
    params: { company: options.company, period: periodLabel(options), year: options.year },
    link: kind === 'payslip' ? '/app/user/payslips' : '/app/user/tax-certificates',
    actorId: options.actorId,
  });
  await tx
    .update(payslips)
    .set({ notifiedAt: options.now })
    .where(
      inArray(
        payslips.id,
        told.map((row) => row.id),
      ),
    );
  return told.length;
}

/**
 * Spec §4 uploaded → convalidated, for one upload: the payslips named, or (none named) all still uploaded except the
 * ones held for review. A payslip named that is not of the upload or no longer uploaded refuses the whole call.
 * Each employee (unless blacklisted) is told through the dispatcher, in the same transaction.
 */
export async function convalidatePayslips(options: {
  db: Database;
  viewer: SessionContext;
  kind: PayslipKind;
  uploadId: number;
  payslipIds?: number[];
  now: Date;
  ip?: string;
}): Promise<{ convalidated: number; notified: number }> {
  const { db, viewer, kind, uploadId } = options;
  return db.transaction(async (tx) => {
    const [upload] = await tx
      .select({ companyName: companies.name, month: payslipUploads.month, year: payslipUploads.year })
      .from(payslipUploads)
      .innerJoin(companies, eq(companies.id, payslipUploads.companyId))
      .where(and(eq(payslipUploads.id, uploadId), eq(payslipUploads.kind, kind)));
    if (!upload) throw new AppError('notFound');
    const pending = await tx
      .select({ id: payslips.id, held: payslips.held })
      .from(payslips)
      .where(and(eq(payslips.uploadId, uploadId), eq(payslips.status, 'uploaded')))
      .for('update');
    const pendingIds = new Set(pending.map((row) => row.id));
    const named = options.payslipIds ? [...new Set(options.payslipIds)] : null;
    if (named?.some((id) => !pendingIds.has(id))) throw new AppError('payslipsNotPending');
    const chosen = named ?? pending.filter((row) => row.held === null).map((row) => row.id);
    if (chosen.length === 0) return { convalidated: 0, notified: 0 };
    await tx
      .update(payslips)
      .set({ status: 'convalidated', convalidatedAt: options.now, convalidatedBy: viewer.userId })
      .where(inArray(payslips.id, chosen));
    const notified = await announceAvailable(tx, {
      kind,
      payslipIds: chosen,
      company: upload.companyName,
      month: upload.month,
      year: upload.year,
      actorId: viewer.userId,
      now: options.now,
    });
    await writeAudit(tx, {
      actorId: viewer.userId,
      action: 'payslip.convalidated',
      entity: payslipAuditEntity.upload,
      entityId: uploadId,
      fromState: 'uploaded',
      toState: 'convalidated',
      data: { payslipIds: chosen, notified },
      ip: options.ip,
    });
    return { convalidated: chosen.length, notified };
  });
}

/**
 * One payslip's PDF. Its employee reads it once convalidated (and not blacklisted), holding the kind's own ability;
 * the first time is recorded. Others need the kind's download ability, or, while it is still uploaded, the review's
 * (convalidate or log detail). Anything else is 404: nobody learns that someone else's payslip exists.
 */
export async function readPayslipFile(
  options: Files & { db: Database; session: SessionContext; kind: PayslipKind; id: number; now: Date; ip?: string },
): Promise<{ bytes: Uint8Array; fileName: string }> {
  const { db, session, kind, id } = options;
  const abilities = payslipAbilities[kind];
  const [row] = await db
    .select({
      userId: payslips.userId,
      status: payslips.status,
      key: payslips.storageKey,
      month: payslips.month,
      year: payslips.year,
      firstDownloadedAt: payslips.firstDownloadedAt,
      surname: users.surname,
      name: users.name,
    })
    .from(payslips)
    .innerJoin(users, eq(users.id, payslips.userId))
    .where(and(eq(payslips.id, id), eq(payslips.kind, kind)));
  if (!row) throw new AppError('notFound');
  const own =
    row.userId === session.userId &&
    holds(session, abilities.own) &&
    row.status === 'convalidated' &&
    !(await activeBlacklist(db, [row.userId], businessDate(options.now))).has(row.userId);
  const staff =
    holds(session, abilities.download) ||
    (row.status === 'uploaded' && (holds(session, abilities.convalidate) || holds(session, abilities.logsDetail)));
  if (!own && !staff) throw new AppError('notFound');
  const bytes = await sealedPayslipStorage(options.storage, options.config).get(row.key);
  if (own && row.firstDownloadedAt === null) {
    await db.transaction(async (tx) => {
      await tx
        .update(payslips)
        .set({ firstDownloadedAt: options.now })
        .where(and(eq(payslips.id, id), isNull(payslips.firstDownloadedAt)));
      await writeAudit(tx, {
        actorId: session.userId,
        action: 'payslip.firstDownloaded',
        entity: payslipAuditEntity.payslip,
        entityId: id,
        ip: options.ip,
      });
    });
  }
  const period = row.month === null ? String(row.year) : `${row.year}-${String(row.month).padStart(2, '0')}`;
  const prefix = kind === 'payslip' ? 'busta-paga' : 'CU';
  return { bytes, fileName: `${prefix}-${period}-${row.surname}-${row.name}.pdf` };
}

/** "Send email" (spec §6): tells the employee again that a convalidated payslip is available. */
export async function resendNotice(options: {
  db: Database;
  viewer: SessionContext;
  kind: PayslipKind;
  id: number;
  now: Date;
  ip?: string;
}): Promise<{ notified: boolean }> {
  const { db, viewer, kind, id } = options;
  return db.transaction(async (tx) => {
    const [row] = await tx
      .select({
        status: payslips.status,
        userId: payslips.userId,
        companyName: companies.name,
        month: payslips.month,
        year: payslips.year,
      })
      .from(payslips)
      .innerJoin(companies, eq(companies.id, payslips.companyId))
      .where(and(eq(payslips.id, id), eq(payslips.kind, kind)));
    if (!row) throw new AppError('notFound');
    if (row.status !== 'convalidated') throw new AppError('payslipNotConvalidated');
    if ((await activeBlacklist(tx, [row.userId], businessDate(options.now))).has(row.userId)) {
      throw new AppError('payslipBlacklisted');
    }
    const notified = await announceAvailable(tx, {
      kind,
      payslipIds: [id],
      company: row.companyName,
      month: row.month,
      year: row.year,
      actorId: viewer.userId,
      now: options.now,
    });
    await writeAudit(tx, {
      actorId: viewer.userId,
      action: 'payslip.noticeSent',
      entity: payslipAuditEntity.payslip,
      entityId: id,
      ip: options.ip,
    });
    return { notified: notified > 0 };
  });
}

/** The person's own convalidated ones of a year (default: their latest), and every year they have any. */
export async function listOwn(options: {
  db: Executor;
  session: SessionContext;
  kind: PayslipKind;
  year?: number;
  now: Date;
}): Promise<OwnPayslips> {
  const { db, session, kind } = options;
  if ((await activeBlacklist(db, [session.userId], businessDate(options.now))).has(session.userId)) {
    return { data: [], meta: { year: null, years: [] } };
  }
  const mine = and(eq(payslips.userId, session.userId), eq(payslips.kind, kind), eq(payslips.status, 'convalidated'));
  const years = (
    await db
      .select({ year: payslips.year })
      .from(payslips)
      .where(mine)
      .groupBy(payslips.year)
      .orderBy(desc(payslips.year))
  ).map((row) => row.year);
  const year = options.year ?? years[0] ?? null;
  if (year === null) return { data: [], meta: { year: null, years } };
  const rows = await selectPayslips(db)
    .where(and(mine, eq(payslips.year, year)))
    .orderBy(desc(payslips.month), asc(companies.name));
  return { data: rows.map(toPayslip), meta: { year, years } };
}

const creator = alias(users, 'creator');

function toBlacklistEntry(
  row: {
    id: number;
    userId: number;
    name: string;
    surname: string;
    fiscalCode: string | null;
    expiresOn: string | null;
    createdAt: Date;
    creatorId: number | null;
    creatorName: string | null;
    creatorSurname: string | null;
  },
  today: string,
): PayslipBlacklistEntry {
  return {
    id: row.id,
    employee: { id: row.userId, name: row.name, surname: row.surname, fiscalCode: row.fiscalCode },
    expiresOn: row.expiresOn,
    active: row.expiresOn === null || row.expiresOn >= today,
    createdBy:
      row.creatorId === null
        ? null
        : { id: row.creatorId, name: row.creatorName ?? '', surname: row.creatorSurname ?? '' },
    createdAt: row.createdAt.toISOString(),
  };
}

function selectBlacklist(db: Executor) {
  return db
    .select({
      id: payslipBlacklist.id,
      userId: owner.id,
      name: owner.name,
      surname: owner.surname,
      fiscalCode: owner.fiscalCode,
      expiresOn: payslipBlacklist.expiresOn,
      createdAt: payslipBlacklist.createdAt,
      creatorId: creator.id,
      creatorName: creator.name,
      creatorSurname: creator.surname,
    })
    .from(payslipBlacklist)
    .innerJoin(owner, eq(owner.id, payslipBlacklist.userId))
    .leftJoin(creator, eq(creator.id, payslipBlacklist.createdBy));
}

export async function listBlacklist(options: {
  db: Executor;
  query: Pagination;
  today: string;
}): Promise<{ data: PayslipBlacklistEntry[]; meta: { page: number; perPage: number; total: number } }> {
  const { db, query } = options;
  const [rows, [total]] = await Promise.all([
    selectBlacklist(db)
      .orderBy(asc(owner.surname), asc(owner.name))
      .limit(query.perPage)
      .offset((query.page - 1) * query.perPage),
    db.select({ value: count() }).from(payslipBlacklist),
  ]);
  return {
    data: rows.map((row) => toBlacklistEntry(row, options.today)),
    meta: { page: query.page, perPage: query.perPage, total: total?.value ?? 0 },
  };
}

/** Lists an employee (current or former, not deleted), once: listing them again is refused. */
export async function addToBlacklist(options: {
  db: Database;
  viewer: SessionContext;
  userId: number;
  expiresOn: string | null;
  today: string;
  ip?: string;
}): Promise<PayslipBlacklistEntry> {
  const { db, viewer } = options;
  return db.transaction(async (tx) => {
    const [person] = await tx
      .select({ id: users.id })
      .from(users)
      .where(and(eq(users.id, options.userId), isNull(users.deletedAt)));
    if (!person) throw new AppError('validation', {}, { userId: [{ rule: 'invalid' }] });
    const [row] = await tx
      .insert(payslipBlacklist)
      .values({ userId: options.userId, expiresOn: options.expiresOn, createdBy: viewer.userId })
      .onConflictDoNothing()
      .returning({ id: payslipBlacklist.id });
    if (!row) throw new AppError('payslipBlacklistExists');
    await writeAudit(tx, {
      actorId: viewer.userId,
      action: 'payslipBlacklist.added',
      entity: payslipAuditEntity.blacklist,
      entityId: row.id,
      toState: 'listed',
      data: { userId: options.userId, expiresOn: options.expiresOn },
      ip: options.ip,
    });
    const [entry] = await selectBlacklist(tx).where(eq(payslipBlacklist.id, row.id));
    if (!entry) throw new Error('the blacklist entry vanished');
    return toBlacklistEntry(entry, options.today);
  });
}

export async function removeFromBlacklist(options: {
  db: Database;
  viewer: SessionContext;
  id: number;
  ip?: string;
}): Promise<void> {
  await options.db.transaction(async (tx) => {
    const [row] = await tx
      .delete(payslipBlacklist)
      .where(eq(payslipBlacklist.id, options.id))
      .returning({ userId: payslipBlacklist.userId, expiresOn: payslipBlacklist.expiresOn });
    if (!row) throw new AppError('notFound');
    await writeAudit(tx, {
      actorId: options.viewer.userId,
      action: 'payslipBlacklist.removed',
      entity: payslipAuditEntity.blacklist,
      entityId: options.id,
      fromState: 'listed',
      toState: 'removed',
      data: row,
      ip: options.ip,
    });
  });
}

/**
 * Conditions on the person's own not-downloaded documents of a kind: the "new payslips" to-do, whose prepared
 * statement gives `userId` as a placeholder.
 */
export function ownNewCondition(userId: number | Placeholder, kind: PayslipKind): SQL | undefined {
  return and(
    eq(payslips.userId, userId),
    eq(payslips.kind, kind),
    eq(payslips.status, 'convalidated'),
    isNull(payslips.firstDownloadedAt),
  );
}

/** Who may be put on the blacklist: current and former employees (not deleted), by name, surname or codice fiscale. */
export async function listBlacklistCandidates(options: {
  db: Executor;
  search: string;
}): Promise<PayslipBlacklistCandidate[]> {
  const search = options.search.trim();
  const like = search ? containsPattern(search) : null;
  const rows = await options.db
    .select({
      id: users.id,
      name: users.name,
      surname: users.surname,
      fiscalCode: users.fiscalCode,
      employeeType: users.employeeType,
    })
    .from(users)
    .where(
      and(
        isNull(users.deletedAt),
        like
          ? or(
              ilike(users.name, like),
              ilike(users.surname, like),
              ilike(users.fiscalCode, like),
              ilike(sql`${users.name} || ' ' || ${users.surname}`, like),
              ilike(sql`${users.surname} || ' ' || ${users.name}`, like),
            )
          : undefined,
      ),
    )
    .orderBy(asc(users.surname), asc(users.name), asc(users.id))
    .limit(20);
  return rows.map(({ employeeType, ...row }) => ({ ...row, former: employeeType === 'EX' }));
}
