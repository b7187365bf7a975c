// The POS archive (issue 21, spec §3 POS entry, §4 total POS check, §6 Shops › bank › POS archive): accounting uploads
// the acquirer's settlement file, a job imports it (pos.jobs.ts); the archive lists the entries of the viewer's shops
// with their totals, and the comparison puts each shop's day settled beside its cash report's POS subtotal and the
// sales feed's card payments. Uploads are the accounting office's files, covering every shop: not scoped to shops;
// entries and the comparison are (another shop asked for answers 404).
import type { Language } from '@bottega/contracts/common';
import { formatDate, monthDays } from '@bottega/contracts/dates';
import type { Job } from '@bottega/contracts/jobs';
import type {
  PosComparison,
  PosEntry,
  PosEntryPage,
  PosUpload,
  PosUploadFailure,
  posComparisonQuerySchema,
  posEntryFiltersSchema,
  posEntryListQuerySchema,
} from '@bottega/contracts/pos';
import { type AnyColumn, and, asc, count, desc, eq, gte, inArray, isNotNull, lte, type SQL, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { shopsInScope } from '../../platform/access';
import { writeAudit } from '../../platform/audit';
import type { Database, Executor } from '../../platform/db';
import { AppError } from '../../platform/errors';
import type { Upload } from '../../platform/file-transfer';
import { translate } from '../../platform/i18n';
import { enqueueJob, startFileJob } from '../../platform/jobs';
import type { SessionContext } from '../../platform/sessions';
import type { Storage } from '../../platform/storage';
import { cashReports } from '../cash-register/cash-register.schema';
import { users } from '../employees/employees.schema';
import { salesDays } from '../sales/sales.schema';
import { decimalComma, receiptsCsvRows, spreadsheetText } from '../sales/sales-export.csv';
import { shops } from '../shops/shops.schema';
import { importPosSettlementJob, posAuditEntity } from './pos.jobs';
import { posEntries, posUploads } from './pos.schema';
import { comparePosDays } from './pos-comparison';

type Call = { db: Database; viewer: SessionContext };
type EntryListQuery = z.output<typeof posEntryListQuerySchema>;
type EntryFilters = z.output<typeof posEntryFiltersSchema>;
type ComparisonQuery = z.output<typeof posComparisonQuerySchema>;

/** contracts settledCents in SQL: what an entry adds to its day's money settled. */
export const settledAmount = sql`CASE ${posEntries.state} WHEN 'accepted' THEN ${posEntries.amountCents} WHEN 'reversed' THEN -abs(${posEntries.amountCents}) ELSE 0 END`;

const uploadColumns = {
  id: posUploads.id,
  fileName: posUploads.fileName,
  size: posUploads.size,
  state: posUploads.state,
  failure: posUploads.failure,
  rows: posUploads.rows,
  newRows: posUploads.newRows,
  unknownMerchants: posUploads.unknownMerchants,
  firstDate: posUploads.firstDate,
  lastDate: posUploads.lastDate,
  jobId: posUploads.jobId,
  uploaderId: users.id,
  uploaderName: sql<string | null>`${users.name} || ' ' || ${users.surname}`,
  createdAt: posUploads.createdAt,
};

function selectUploads(db: Executor) {
  return db.select(uploadColumns).from(posUploads).leftJoin(users, eq(users.id, posUploads.uploadedBy));
}

type UploadRow = Awaited<ReturnType<typeof selectUploads>>[number];

function toUpload(row: UploadRow): PosUpload {
  const { uploaderId, uploaderName, createdAt, ...rest } = row;
  return {
    ...rest,
    state: row.state as PosUpload['state'],
    failure: row.failure as PosUploadFailure | null,
    unknownMerchants: row.unknownMerchants ?? [],
    uploadedBy: uploaderId === null ? null : { id: uploaderId, name: uploaderName ?? '' },
    createdAt: createdAt.toISOString(),
  };
}

export async function getUpload(options: { db: Executor; id: number }): Promise<PosUpload> {
  const [row] = await selectUploads(options.db).where(eq(posUploads.id, options.id));
  if (!row) throw new AppError('notFound');
  return toUpload(row);
}

/** An upload's file as it was sent, to download (the demo's, to try the upload with). */
export async function readUploadFile(options: {
  db: Executor;
  storage: Storage;
  id: number;
}): Promise<{ bytes: Uint8Array; fileName: string }> {
  const [row] = await options.db
    .select({ fileName: posUploads.fileName, storageKey: posUploads.storageKey })
    .from(posUploads)
    .where(eq(posUploads.id, options.id));
  if (!row) throw new AppError('notFound');
  return { bytes: await options.storage.get(row.storageKey), fileName: row.fileName };
}

/** The uploads, newest first. */
export async function listUploads(options: {
  db: Executor;
  query: { page: number; perPage: number };
}): Promise<{ data: PosUpload[]; meta: { page: number; perPage: number; total: number } }> {
  const { db, query } = options;
  const [rows, [total]] = await Promise.all([
    selectUploads(db)
      .orderBy(desc(posUploads.createdAt), desc(posUploads.id))
      .limit(query.perPage)
      .offset((query.page - 1) * query.perPage),
    db.select({ value: count() }).from(posUploads),
  ]);
  return { data: rows.map(toUpload), meta: { page: query.page, perPage: query.perPage, total: total?.value ?? 0 } };
}

/**
 * Takes a settlement file: kept in Storage as sent, the upload recorded, audited and its import queued in one
 * transaction (the caller kicks the jobs once committed). Whether it can be read is the job's to say: the upload then
 * fails with the problem, line and field.
 */
export async function startUpload(options: {
  db: Database;
  storage: Storage;
  viewer: SessionContext;
  file: Upload;
  ip?: string;
}): Promise<{ upload: PosUpload; job: Job }> {
  const { db, viewer, file } = options;
  const { id, job } = await startFileJob({
    db,
    storage: options.storage,
    file: { area: 'pos-uploads', bytes: file.bytes, extension: 'csv' },
    record: async (tx, storageKey) => {
      const [row] = await tx
        .insert(posUploads)
        .values({
          fileName: file.fileName.slice(0, 255) || 'pos.csv',
          size: file.bytes.byteLength,
          storageKey,
          uploadedBy: viewer.userId,
        })
        .returning({ id: posUploads.id });
      if (!row) throw new Error('the upload was not recorded');
      const jobId = await enqueueJob(tx, importPosSettlementJob, { uploadId: row.id }, { startedBy: viewer.userId });
      await tx.update(posUploads).set({ jobId }).where(eq(posUploads.id, row.id));
      await writeAudit(tx, {
        actorId: viewer.userId,
        action: 'posUpload.uploaded',
        entity: posAuditEntity,
        entityId: row.id,
        toState: 'processing',
        data: { fileName: file.fileName.slice(0, 255), size: file.bytes.byteLength },
        ip: options.ip,
      });
      return { id: row.id, jobId };
    },
  });
  return { upload: await getUpload({ db, id }), job };
}

/** The shops the viewer reaches, checked against the one asked for (404 when not theirs); 'none' when none. */
function shopScope(viewer: SessionContext, shopId: number | undefined): 'all' | number[] | 'none' {
  const scope = shopsInScope(viewer, 'shops');
  if (shopId !== undefined && scope !== 'all' && !scope.includes(shopId)) throw new AppError('notFound');
  if (shopId !== undefined) return [shopId];
  return scope !== 'all' && scope.length === 0 ? 'none' : scope;
}

/** The days asked for: from/to when given (either alone is open-ended), else the month, else every day. */
function dayRange(query: { month?: string; from?: string; to?: string }): { from?: string; to?: string } {
  if (query.from !== undefined || query.to !== undefined) {
    if (query.from !== undefined && query.to !== undefined && query.from > query.to) {
      throw new AppError('validation', {}, { to: [{ rule: 'invalid' }] });
    }
    return { from: query.from, to: query.to };
  }
  return query.month ? monthDays(query.month) : {};
}

const entryColumns = {
  id: posEntries.id,
  uploadId: posEntries.uploadId,
  shopId: posEntries.shopId,
  shopCode: shops.code,
  shopName: shops.name,
  date: posEntries.date,
  merchantCode: posEntries.merchantCode,
  terminal: posEntries.terminal,
  cardType: posEntries.cardType,
  amountCents: posEntries.amountCents,
  state: posEntries.state,
  authorisationCode: posEntries.authorisationCode,
};

/**
 * The archive's filters in SQL: `common` all but the card type (the card types to choose from), `where` all of them;
 * 'none' when the viewer reaches no shop.
 */
function entryConditions(viewer: SessionContext, filters: EntryFilters): { common?: SQL; where?: SQL } | 'none' {
  const scope = shopScope(viewer, filters.shopId);
  if (scope === 'none') return 'none';
  const days = dayRange(filters);
  const common = and(
    scope === 'all' ? undefined : inArray(posEntries.shopId, scope),
    days.from ? gte(posEntries.date, days.from) : undefined,
    days.to ? lte(posEntries.date, days.to) : undefined,
    filters.state ? eq(posEntries.state, filters.state) : undefined,
  );
  return { common, where: and(common, filters.cardType ? eq(posEntries.cardType, filters.cardType) : undefined) };
}

function selectEntries(db: Executor, where: SQL | undefined) {
  return db
    .select(entryColumns)
    .from(posEntries)
    .innerJoin(shops, eq(shops.id, posEntries.shopId))
    .where(where)
    .orderBy(desc(posEntries.date), asc(shops.code), asc(posEntries.id));
}

/** A page of the archive, newest day first, with the totals of every entry the filters select. */
export async function listEntries(options: Call & { query: EntryListQuery }): Promise<PosEntryPage> {
  const { db, viewer, query } = options;
  const conditions = entryConditions(viewer, query);
  const meta = { page: query.page, perPage: query.perPage, total: 0 };
  if (conditions === 'none') return { data: [], meta, totals: { count: 0, settledCents: 0 }, cardTypes: [] };
  const { common, where } = conditions;
  const [rows, [totals], cardTypes] = await Promise.all([
    selectEntries(db, where)
      .limit(query.perPage)
      .offset((query.page - 1) * query.perPage),
    db
      .select({ count: count(), settledCents: sql<number>`coalesce(sum(${settledAmount}), 0)`.mapWith(Number) })
      .from(posEntries)
      .where(where),
    db.selectDistinct({ cardType: posEntries.cardType }).from(posEntries).where(common).orderBy(posEntries.cardType),
  ]);
  return {
    data: rows.map((row): PosEntry => row),
    meta: { ...meta, total: totals?.count ?? 0 },
    totals: { count: totals?.count ?? 0, settledCents: totals?.settledCents ?? 0 },
    cardTypes: cardTypes.map((row) => row.cardType),
  };
}

/** The columns of the export, in order; their headings are pos:export.columns.<name> in the requester's language. */
const exportColumns = [
  'date',
  'shop',
  'merchantCode',
  'terminal',
  'cardType',
  'amount',
  'state',
  'authorisationCode',
] as const;

/**
 * Every entry the filters select as a CSV Italian Excel opens as it is (sales-export.csv.ts: semicolons, decimal
 * comma, DD/MM/YYYY, a byte order mark), newest day first, headings and states in the requester's language.
 */
export async function exportEntries(
  options: Call & { filters: EntryFilters; lng: Language },
): Promise<{ bytes: Uint8Array; fileName: string; type: string }> {
  const { db, viewer, filters, lng } = options;
  const conditions = entryConditions(viewer, filters);
  const rows = conditions === 'none' ? [] : await selectEntries(db, conditions.where);
  const headings = exportColumns.map((column) => translate(lng, `pos:export.columns.${column}`));
  const body = rows.map((row) => [
    formatDate(row.date),
    spreadsheetText(`${row.shopCode} · ${row.shopName}`),
    spreadsheetText(row.merchantCode),
    spreadsheetText(row.terminal),
    spreadsheetText(row.cardType),
    decimalComma(row.amountCents),
    translate(lng, `pos:states.${row.state}`),
    spreadsheetText(row.authorisationCode),
  ]);
  const days = dayRange(filters);
  const period = days.from || days.to ? `-${days.from ?? ''}_${days.to ?? ''}` : '';
  return {
    bytes: Buffer.concat([Buffer.from('\uFEFF', 'utf8'), receiptsCsvRows([headings, ...body])]),
    fileName: `${translate(lng, 'pos:export.fileName')}${period}.csv`,
    type: 'text/csv; charset=utf-8',
  };
}

/**
 * A month's comparison, per shop and day (contracts posComparisonDaySchema), summed in SQL per shop and day. Only the
 * days an imported settlement file covers are compared: a day no file has reached yet is not settled, not short.
 */
export async function comparePos(options: Call & { query: ComparisonQuery }): Promise<PosComparison> {
  const { db, viewer, query } = options;
  const scope = shopScope(viewer, query.shopId);
  const answer: PosComparison = { month: query.month, days: [], differing: 0 };
  if (scope === 'none') return answer;
  const { from, to } = monthDays(query.month);
  const covered = await db
    .select({ firstDate: posUploads.firstDate, lastDate: posUploads.lastDate })
    .from(posUploads)
    .where(and(eq(posUploads.state, 'imported'), lte(posUploads.firstDate, to), gte(posUploads.lastDate, from)));
  if (covered.length === 0) return answer;
  const inScope = (column: AnyColumn) => (scope === 'all' ? undefined : inArray(column, scope));
  const [settlement, reports, sales] = await Promise.all([
    db
      .select({
        shopId: posEntries.shopId,
        date: posEntries.date,
        amountCents: sql<number>`sum(${settledAmount})`.mapWith(Number),
      })
      .from(posEntries)
      .where(and(inScope(posEntries.shopId), gte(posEntries.date, from), lte(posEntries.date, to)))
      .groupBy(posEntries.shopId, posEntries.date),
    db
      .select({ shopId: cashReports.shopId, date: cashReports.businessDate, posCents: cashReports.posSubtotalCents })
      .from(cashReports)
      .where(
        and(
          inScope(cashReports.shopId),
          gte(cashReports.businessDate, from),
          lte(cashReports.businessDate, to),
          isNotNull(cashReports.posSubtotalCents),
        ),
      ),
    db
      .select({
        shopId: salesDays.shopId,
        date: salesDays.businessDate,
        cardCents: sql<number>`${salesDays.creditCardCents} + ${salesDays.bancomatCents}`.mapWith(Number),
      })
      .from(salesDays)
      .where(and(inScope(salesDays.shopId), gte(salesDays.businessDate, from), lte(salesDays.businessDate, to))),
  ]);
  const isCovered = (date: string) =>
    covered.some((range) => (range.firstDate ?? '') <= date && date <= (range.lastDate ?? ''));
  const days = comparePosDays({
    settlement,
    reports: reports.map((row) => ({ ...row, posCents: row.posCents ?? 0 })),
    sales,
  }).filter((day) => isCovered(day.date));
  if (days.length === 0) return answer;
  const names = await db
    .select({ id: shops.id, code: shops.code, name: shops.name })
    .from(shops)
    .where(inArray(shops.id, [...new Set(days.map((day) => day.shopId))]));
  const shopOf = new Map(names.map((shop) => [shop.id, shop]));
  return {
    month: query.month,
    days: days.map((day) => ({
      ...day,
      shopCode: shopOf.get(day.shopId)?.code ?? '',
      shopName: shopOf.get(day.shopId)?.name ?? '',
    })),
    differing: days.filter((day) => day.differs).length,
  };
}
