// The logistics files (issue 25): five kinds of file of lines, created and edited while saved, sent for processing,
// given back or processed — stock movements written and the transport document numbered in its type's series, in one
// transaction with the file locked — and emailed. One transition table (contracts' logisticsFileTransitions), every
// move audited. A file with a shop on either side is that shop's: other shops' people get the kind's 404.
import { businessDate } from '@bottega/contracts/dates';
import type { ErrorCode } from '@bottega/contracts/errors';
import {
  formatDocumentNumber,
  type LogisticsFile,
  type LogisticsFileKind,
  type LogisticsFileListQuery,
  type LogisticsFileState,
  type LogisticsFileSummary,
  type LogisticsFileTransition,
  type LogisticsLine,
  type LogisticsSide,
  logisticsAbility,
  logisticsChangedEvent,
  type logisticsFileBodySchema,
  type logisticsFileListQuerySchema,
  logisticsFileRoutes,
  nextLogisticsFileState,
  type StockLocationType,
} from '@bottega/contracts/logistics';
import { shopChannel, userChannel } from '@bottega/contracts/notifications';
import type { Ability } from '@bottega/contracts/permissions';
import { and, asc, desc, eq, gte, inArray, isNull, lte, or, type SQL, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { inScopePlaceholder, shopsInScope } from '../../platform/access';
import { writeAudit } from '../../platform/audit';
import { containsPattern, type Database, type Executor } from '../../platform/db';
import { AppError } from '../../platform/errors';
import type { Realtime } from '../../platform/realtime';
import { holdsAbility, type SessionContext } from '../../platform/sessions';
import { users } from '../employees/employees.schema';
import { products } from '../sales/sales.schema';
import { documentNumbers, documentTypes, logisticsFileLines, logisticsFiles } from './logistics.schema';
import { loadSides, sideKey } from './logistics-registry.service';

export type LogisticsFileInput = z.output<typeof logisticsFileBodySchema>;
type ListQuery = z.output<typeof logisticsFileListQuerySchema>;
type FileRow = typeof logisticsFiles.$inferSelect;

/** Each kind's "… does not exist" (§8). */
export const logisticsFileNotFound = {
  inFile: 'inFileNotFound',
  pickingFile: 'pickingFileNotFound',
  companyPickingFile: 'companyPickingFileNotFound',
  outFile: 'outFileNotFound',
  shopOutFile: 'shopOutFileNotFound',
} as const satisfies Record<LogisticsFileKind, ErrorCode>;

type Change = {
  db: Database;
  viewer: SessionContext;
  kind: LogisticsFileKind;
  now: Date;
  ip?: string | null;
  realtime?: Realtime;
};

// ——— Reading ———

/** Files the viewer may see: those without a shop side, and those of a shop in their scope. */
export function filesInReach(viewer: SessionContext): SQL | undefined {
  const scope = shopsInScope(viewer, 'shops');
  if (scope === 'all') return undefined;
  const noShop = and(isNull(logisticsFiles.fromShopId), isNull(logisticsFiles.toShopId));
  if (scope.length === 0) return noShop;
  return or(noShop, inArray(logisticsFiles.fromShopId, scope), inArray(logisticsFiles.toShopId, scope));
}

/**
 * filesInReach for a prepared statement, built once for every viewer: the same rule with the viewer's shops in the
 * `reach` placeholder (shopsInScopeValue; an empty list leaves the files without a shop side). Change the two together.
 */
export const filesInReachOfPlaceholder = or(
  and(isNull(logisticsFiles.fromShopId), isNull(logisticsFiles.toShopId)),
  inScopePlaceholder(logisticsFiles.fromShopId, 'reach'),
  inScopePlaceholder(logisticsFiles.toShopId, 'reach'),
) as SQL;

function inScope(viewer: SessionContext, row: Pick<FileRow, 'fromShopId' | 'toShopId'>): boolean {
  const scope = shopsInScope(viewer, 'shops');
  if (scope === 'all') return true;
  if (row.fromShopId === null && row.toShopId === null) return true;
  return [row.fromShopId, row.toShopId].some((shopId) => shopId !== null && scope.includes(shopId));
}

const summaryColumns = {
  row: logisticsFiles,
  createdBy: sql<string>`${users.name} || ' ' || ${users.surname}`,
};

function documentNumberOf(row: FileRow): string | null {
  if (row.kind === 'inFile') return row.supplierDocumentNumber === '' ? null : row.supplierDocumentNumber;
  if (row.documentNumber === null || row.documentSeries === null) return null;
  return formatDocumentNumber(row.documentNumber, row.documentSeries);
}

function unknownSide(type: string, id: number): LogisticsSide {
  return {
    type: type as LogisticsSide['type'],
    id,
    name: '',
    companyId: null,
    companyName: null,
    vatNumber: '',
    address: '',
    cap: '',
    city: '',
    province: '',
    country: 'IT',
    emails: [],
  };
}

function toSummary(row: FileRow, createdBy: string, sides: Map<string, LogisticsSide>): LogisticsFileSummary {
  return {
    id: row.id,
    kind: row.kind,
    state: row.state,
    date: row.date,
    from: sides.get(sideKey(row.fromType, row.fromId)) ?? unknownSide(row.fromType, row.fromId),
    to: sides.get(sideKey(row.toType, row.toId)) ?? unknownSide(row.toType, row.toId),
    documentTypeId: row.documentTypeId,
    documentNumber: documentNumberOf(row),
    documentDate: row.documentDate,
    lineCount: row.lineCount,
    totalQuantity: row.totalQuantity,
    createdBy,
    createdAt: row.createdAt.toISOString(),
    processedAt: row.processedAt?.toISOString() ?? null,
    emailedAt: row.emailedAt?.toISOString() ?? null,
    receivedAt: row.receivedAt?.toISOString() ?? null,
    receivedWithDifferences: row.receivedWithDifferences,
  };
}

/** The search box: the document's number ("12", "12/DDT", a supplier's), a counterpart's name, a product's code. */
function searchCondition(search: string): SQL {
  const pattern = containsPattern(search);
  const number = /^\d{1,9}$/.test(search) ? Number(search) : null;
  return sql`(
    ${number === null ? sql`false` : sql`${logisticsFiles.documentNumber} = ${number}`}
    OR (${logisticsFiles.documentNumber}::text || '/' || ${logisticsFiles.documentSeries}) ILIKE ${pattern}
    OR ${logisticsFiles.supplierDocumentNumber} ILIKE ${pattern}
    OR EXISTS (SELECT 1 FROM logistics_parties p
               WHERE ((p.id = ${logisticsFiles.fromId} AND ${logisticsFiles.fromType} <> 'shop')
                   OR (p.id = ${logisticsFiles.toId} AND ${logisticsFiles.toType} <> 'shop'))
                 AND p.name ILIKE ${pattern})
    OR EXISTS (SELECT 1 FROM shops s
               WHERE s.id IN (${logisticsFiles.fromShopId}, ${logisticsFiles.toShopId})
                 AND (s.name ILIKE ${pattern} OR s.code ILIKE ${pattern}))
    OR EXISTS (SELECT 1 FROM logistics_file_lines l JOIN products pr ON pr.id = l.product_id
               WHERE l.file_id = ${logisticsFiles.id} AND pr.code ILIKE ${pattern})
  )`;
}

/** A page of files matching `where`, newest first, each with both sides and its author (the lists' answer). */
export async function pageOfFiles(
  db: Executor,
  where: SQL | undefined,
  page: { page: number; perPage: number },
): Promise<{ data: LogisticsFileSummary[]; meta: { page: number; perPage: number; total: number } }> {
  const [rows, [counted]] = await Promise.all([
    db
      .select(summaryColumns)
      .from(logisticsFiles)
      .innerJoin(users, eq(users.id, logisticsFiles.createdBy))
      .where(where)
      .orderBy(desc(logisticsFiles.date), desc(logisticsFiles.id))
      .limit(page.perPage)
      .offset((page.page - 1) * page.perPage),
    db
      .select({ total: sql<number>`count(*)`.mapWith(Number) })
      .from(logisticsFiles)
      .where(where),
  ]);
  const sides = await loadSides(
    db,
    rows.flatMap(({ row }) => [
      { type: row.fromType, id: row.fromId },
      { type: row.toType, id: row.toId },
    ]),
  );
  return {
    data: rows.map(({ row, createdBy }) => toSummary(row, createdBy, sides)),
    meta: { page: page.page, perPage: page.perPage, total: counted?.total ?? 0 },
  };
}

export async function listLogisticsFiles(options: {
  db: Executor;
  viewer: SessionContext;
  kind: LogisticsFileKind;
  query: ListQuery;
}): Promise<{ data: LogisticsFileSummary[]; meta: { page: number; perPage: number; total: number } }> {
  const { query } = options;
  const where = and(
    eq(logisticsFiles.kind, options.kind),
    filesInReach(options.viewer),
    query.state ? eq(logisticsFiles.state, query.state) : undefined,
    query.shopId
      ? or(eq(logisticsFiles.fromShopId, query.shopId), eq(logisticsFiles.toShopId, query.shopId))
      : undefined,
    query.from ? gte(logisticsFiles.date, query.from) : undefined,
    query.to ? lte(logisticsFiles.date, query.to) : undefined,
    query.search ? searchCondition(query.search) : undefined,
  );
  return pageOfFiles(options.db, where, query);
}

/** The file row, if the viewer may see it; otherwise the kind's 404. `lock` takes it FOR UPDATE. */
async function fileRow(
  db: Executor,
  options: { viewer: SessionContext; kind: LogisticsFileKind; id: number; lock?: boolean },
): Promise<FileRow> {
  const query = db
    .select()
    .from(logisticsFiles)
    .where(and(eq(logisticsFiles.id, options.id), eq(logisticsFiles.kind, options.kind)));
  const [row] = options.lock ? await query.for('update') : await query;
  if (!row || !inScope(options.viewer, row)) throw new AppError(logisticsFileNotFound[options.kind]);
  return row;
}

export async function readLogisticsFile(db: Executor, row: FileRow): Promise<LogisticsFile> {
  // One after the other: inside a transaction the client runs one statement at a time anyway.
  const [author] = await db
    .select({ name: sql<string>`${users.name} || ' ' || ${users.surname}` })
    .from(users)
    .where(eq(users.id, row.createdBy));
  const lines = await db
    .select({
      position: logisticsFileLines.position,
      productId: logisticsFileLines.productId,
      productCode: products.code,
      // A line saved without its own words reads as the catalogue's (as resolveLines stores them).
      description: sql<string>`coalesce(nullif(${logisticsFileLines.description}, ''), left(${products.description}, 200))`,
      quantity: logisticsFileLines.quantity,
      unitPriceCents: logisticsFileLines.unitPriceCents,
      lot: logisticsFileLines.lot,
      receivedQuantity: logisticsFileLines.receivedQuantity,
    })
    .from(logisticsFileLines)
    .innerJoin(products, eq(products.id, logisticsFileLines.productId))
    .where(eq(logisticsFileLines.fileId, row.id))
    .orderBy(asc(logisticsFileLines.position));
  const sides = await loadSides(db, [
    { type: row.fromType, id: row.fromId },
    { type: row.toType, id: row.toId },
  ]);
  return {
    ...toSummary(row, author?.name ?? '', sides),
    supplierDocumentNumber: row.supplierDocumentNumber,
    supplierDocumentDate: row.supplierDocumentDate,
    transportReason: row.transportReason,
    carriedBy: row.carriedBy,
    carrierName: row.carrierName,
    goodsAppearance: row.goodsAppearance,
    packages: row.packages,
    weightGrams: row.weightGrams,
    notes: row.notes,
    givenBackReason: row.givenBackReason,
    lines: lines.map(
      ({ receivedQuantity: _received, ...line }): LogisticsLine => ({
        ...line,
      }),
    ),
    receivedDifferences: lines
      .filter((line) => line.receivedQuantity !== null && line.receivedQuantity !== line.quantity)
      .map((line) => ({ position: line.position, receivedQuantity: line.receivedQuantity ?? 0 })),
  };
}

export async function getLogisticsFile(options: {
  db: Executor;
  viewer: SessionContext;
  kind: LogisticsFileKind;
  id: number;
}): Promise<LogisticsFile> {
  return readLogisticsFile(options.db, await fileRow(options.db, options));
}

/** The file for a download: its row checked like a read. */
export async function fileForDownload(options: {
  db: Executor;
  viewer: SessionContext;
  kind: LogisticsFileKind;
  id: number;
}): Promise<LogisticsFile> {
  return getLogisticsFile(options);
}

// ——— Writing ———

type ResolvedLine = {
  productId: number;
  description: string;
  quantity: number;
  unitPriceCents: number | null;
  lot: string;
};

/** The catalogue's products of these codes, in one statement whatever their number (one JSON parameter). */
export async function productsByCode(
  db: Executor,
  codes: readonly string[],
): Promise<Map<string, { id: number; description: string }>> {
  const found = new Map<string, { id: number; description: string }>();
  if (codes.length === 0) return found;
  const rows = await db
    .select({ id: products.id, code: products.code, description: products.description })
    .from(products)
    .where(sql`${products.code} IN (SELECT jsonb_array_elements_text(${JSON.stringify([...new Set(codes)])}::jsonb))`);
  for (const row of rows) found.set(row.code, row);
  return found;
}

/** The lines with their products; every code not in the catalogue is a 422 naming its line. */
export async function resolveLines(db: Executor, lines: LogisticsFileInput['lines']): Promise<ResolvedLine[]> {
  const found = await productsByCode(
    db,
    lines.map((line) => line.productCode),
  );
  const errors: NonNullable<AppError['fieldErrors']> = {};
  const resolved = lines.map((line, index) => {
    const product = found.get(line.productCode);
    if (!product) {
      errors[`lines.${index}.productCode`] = [{ rule: 'unknownProduct', params: { value: line.productCode } }];
      return null;
    }
    return {
      productId: product.id,
      description: line.description === '' ? product.description.slice(0, 200) : line.description,
      quantity: line.quantity,
      unitPriceCents: line.unitPriceCents,
      lot: line.lot,
    };
  });
  if (Object.keys(errors).length > 0) throw new AppError('validation', {}, errors);
  return resolved as ResolvedLine[];
}

type CheckedHeader = {
  fromShopId: number | null;
  toShopId: number | null;
  documentTypeId: number | null;
};

/**
 * The kind's from/to rules (contracts' logisticsFileRoutes): the sides' types, both existing, not the same place, a
 * company picking file's warehouses of different companies (422 logisticsRouteInvalid); a shop side the person's own;
 * a document type of the sending company (an in-file is numbered by its supplier and takes none).
 */
async function checkHeader(
  db: Executor,
  viewer: SessionContext,
  kind: LogisticsFileKind,
  body: LogisticsFileInput,
): Promise<CheckedHeader> {
  const route = logisticsFileRoutes[kind];
  if (
    !(route.from as readonly string[]).includes(body.from.type) ||
    !(route.to as readonly string[]).includes(body.to.type) ||
    (body.from.type === body.to.type && body.from.id === body.to.id)
  ) {
    throw new AppError('logisticsRouteInvalid');
  }
  const sides = await loadSides(db, [body.from, body.to]);
  const from = sides.get(sideKey(body.from.type, body.from.id));
  const to = sides.get(sideKey(body.to.type, body.to.id));
  if (!from) throw new AppError('validation', {}, { 'from.id': [{ rule: 'invalid' }] });
  if (!to) throw new AppError('validation', {}, { 'to.id': [{ rule: 'invalid' }] });
  if (kind === 'companyPickingFile' && from.companyId === to.companyId) throw new AppError('logisticsRouteInvalid');
  const scope = shopsInScope(viewer, 'shops');
  for (const [field, side] of [
    ['from.id', from],
    ['to.id', to],
  ] as const) {
    // A shop-out file goes to any shop; the sender must be one's own, as must a picking file's shop for a person
    // who does not see all shops.
    if (side.type !== 'shop' || scope === 'all' || scope.includes(side.id)) continue;
    if (kind === 'shopOutFile' && field === 'to.id') continue;
    throw new AppError('validation', {}, { [field]: [{ rule: 'notAllowed' }] });
  }
  if (kind === 'inFile') {
    if (body.documentTypeId !== null)
      throw new AppError('validation', {}, { documentTypeId: [{ rule: 'notAllowed' }] });
  } else if (body.documentTypeId !== null) {
    const [type] = await db
      .select({ companyId: documentTypes.companyId })
      .from(documentTypes)
      .where(eq(documentTypes.id, body.documentTypeId));
    if (!type || type.companyId !== from.companyId)
      throw new AppError('validation', {}, { documentTypeId: [{ rule: 'invalid' }] });
  }
  return {
    fromShopId: from.type === 'shop' ? from.id : null,
    toShopId: to.type === 'shop' ? to.id : null,
    documentTypeId: body.documentTypeId,
  };
}

function headerValues(body: LogisticsFileInput, checked: CheckedHeader, lines: ResolvedLine[]) {
  return {
    fromType: body.from.type,
    fromId: body.from.id,
    toType: body.to.type,
    toId: body.to.id,
    fromShopId: checked.fromShopId,
    toShopId: checked.toShopId,
    date: body.date,
    documentTypeId: checked.documentTypeId,
    supplierDocumentNumber: body.supplierDocumentNumber,
    supplierDocumentDate: body.supplierDocumentDate,
    transportReason: body.transportReason,
    carriedBy: body.carriedBy,
    carrierName: body.carrierName,
    goodsAppearance: body.goodsAppearance,
    packages: body.packages,
    weightGrams: body.weightGrams,
    notes: body.notes,
    lineCount: lines.length,
    totalQuantity: lines.reduce((total, line) => total + line.quantity, 0),
  };
}

/** The lines replace the file's, written in one statement from one JSON parameter (5,000 lines a file is common). */
async function writeLines(db: Executor, fileId: number, lines: ResolvedLine[]) {
  await db.delete(logisticsFileLines).where(eq(logisticsFileLines.fileId, fileId));
  if (lines.length === 0) return;
  const rows = lines.map((line, index) => ({
    position: index + 1,
    product_id: line.productId,
    description: line.description,
    quantity: line.quantity,
    unit_price_cents: line.unitPriceCents,
    lot: line.lot,
  }));
  await db.execute(sql`
    INSERT INTO logistics_file_lines (file_id, position, product_id, description, quantity, unit_price_cents, lot)
    SELECT ${fileId}, position, product_id, description, quantity, unit_price_cents, lot
    FROM jsonb_to_recordset(${JSON.stringify(rows)}::jsonb)
      AS line(position int, product_id int, description text, quantity int, unit_price_cents bigint, lot text)`);
}

export async function createLogisticsFile(options: Change & { body: LogisticsFileInput }): Promise<LogisticsFile> {
  const { db, viewer, kind, body } = options;
  const file = await db.transaction(async (tx) => {
    const checked = await checkHeader(tx, viewer, kind, body);
    const lines = await resolveLines(tx, body.lines);
    const [row] = await tx
      .insert(logisticsFiles)
      .values({ kind, state: 'saved', createdBy: viewer.userId, ...headerValues(body, checked, lines) })
      .returning();
    if (!row) throw new Error('the file was not written');
    await writeLines(tx, row.id, lines);
    await writeAudit(tx, {
      actorId: viewer.userId,
      action: `logistics.${kind}.create`,
      entity: kind,
      entityId: row.id,
      toState: 'saved',
      data: { lineCount: row.lineCount, totalQuantity: row.totalQuantity },
      ip: options.ip,
    });
    return readLogisticsFile(tx, row);
  });
  await publishChange(db, options.realtime, file);
  return file;
}

export async function updateLogisticsFile(
  options: Change & { id: number; body: LogisticsFileInput },
): Promise<LogisticsFile> {
  const { db, viewer, kind, body } = options;
  const file = await db.transaction(async (tx) => {
    const before = await fileRow(tx, { viewer, kind, id: options.id, lock: true });
    if (before.state !== 'saved') throw new AppError('logisticsFileNotEditable');
    const checked = await checkHeader(tx, viewer, kind, body);
    const lines = await resolveLines(tx, body.lines);
    const [row] = await tx
      .update(logisticsFiles)
      .set({ ...headerValues(body, checked, lines), updatedAt: options.now })
      .where(eq(logisticsFiles.id, before.id))
      .returning();
    if (!row) throw new Error('the file vanished');
    await writeLines(tx, row.id, lines);
    await writeAudit(tx, {
      actorId: viewer.userId,
      action: `logistics.${kind}.update`,
      entity: kind,
      entityId: row.id,
      data: {
        before: { lineCount: before.lineCount, totalQuantity: before.totalQuantity, date: before.date },
        after: { lineCount: row.lineCount, totalQuantity: row.totalQuantity, date: row.date },
      },
      ip: options.ip,
    });
    return readLogisticsFile(tx, row);
  });
  await publishChange(db, options.realtime, file);
  return file;
}

export async function deleteLogisticsFile(options: Change & { id: number }): Promise<void> {
  const { db, viewer, kind } = options;
  const row = await db.transaction(async (tx) => {
    const before = await fileRow(tx, { viewer, kind, id: options.id, lock: true });
    if (before.state !== 'saved') throw new AppError('logisticsFileNotEditable');
    await tx.delete(logisticsFiles).where(eq(logisticsFiles.id, before.id));
    await writeAudit(tx, {
      actorId: viewer.userId,
      action: `logistics.${kind}.delete`,
      entity: kind,
      entityId: before.id,
      fromState: before.state,
      data: { lineCount: before.lineCount, totalQuantity: before.totalQuantity },
      ip: options.ip,
    });
    return before;
  });
  await publishRow(db, options.realtime, row);
}

// ——— Transitions ———

function assertMove(row: FileRow, transition: LogisticsFileTransition): LogisticsFileState {
  const next = nextLogisticsFileState(row.state, transition);
  if (next === null) throw new AppError('logisticsFileWrongState', { state: row.state });
  return next;
}

/** Send for processing (an empty file cannot go) or give back to be corrected, with the reason. */
export async function moveLogisticsFile(
  options: Change & { id: number; transition: 'send' | 'giveBack'; reason?: string },
): Promise<LogisticsFile> {
  const { db, viewer, kind, transition } = options;
  const file = await db.transaction(async (tx) => {
    const before = await fileRow(tx, { viewer, kind, id: options.id, lock: true });
    const next = assertMove(before, transition);
    if (transition === 'send' && before.lineCount === 0) throw new AppError('logisticsFileEmpty');
    const [row] = await tx
      .update(logisticsFiles)
      .set({
        state: next,
        updatedAt: options.now,
        ...(transition === 'giveBack' ? { givenBackReason: options.reason ?? '' } : {}),
      })
      .where(eq(logisticsFiles.id, before.id))
      .returning();
    if (!row) throw new Error('the file vanished');
    await writeAudit(tx, {
      actorId: viewer.userId,
      action: `logistics.${kind}.${transition}`,
      entity: kind,
      entityId: row.id,
      fromState: before.state,
      toState: next,
      reason: options.reason ?? null,
      ip: options.ip,
    });
    return readLogisticsFile(tx, row);
  });
  await publishChange(db, options.realtime, file);
  return file;
}

/** The company that sends: its series numbers the document. */
async function sendingCompany(db: Executor, row: FileRow): Promise<number | null> {
  const sides = await loadSides(db, [{ type: row.fromType, id: row.fromId }]);
  return sides.get(sideKey(row.fromType, row.fromId))?.companyId ?? null;
}

/**
 * The series numbering the file: the one it names, or the sending company's active type for its kind. Missing or
 * inactive: 422 documentTypeMissing.
 */
async function seriesOf(db: Executor, row: FileRow): Promise<{ id: number; code: string }> {
  const companyId = await sendingCompany(db, row);
  if (companyId === null) throw new AppError('documentTypeMissing');
  const [type] = await db
    .select({ id: documentTypes.id, code: documentTypes.code })
    .from(documentTypes)
    .where(
      and(
        eq(documentTypes.companyId, companyId),
        eq(documentTypes.active, true),
        row.documentTypeId === null
          ? sql`${documentTypes.kinds} @> ${JSON.stringify([row.kind])}::jsonb`
          : eq(documentTypes.id, row.documentTypeId),
      ),
    )
    .orderBy(asc(documentTypes.id))
    .limit(1);
  if (!type) throw new AppError('documentTypeMissing');
  return type;
}

/**
 * The next number of a series in a year. The upsert takes the series' row lock until the transaction ends, so
 * concurrent processing waits its turn (no duplicates) and a rollback gives the number back (no gaps).
 */
export async function takeDocumentNumber(db: Executor, documentTypeId: number, year: number): Promise<number> {
  const [row] = await db
    .insert(documentNumbers)
    .values({ documentTypeId, year, lastNumber: 1 })
    .onConflictDoUpdate({
      target: [documentNumbers.documentTypeId, documentNumbers.year],
      set: { lastNumber: sql`${documentNumbers.lastNumber} + 1` },
    })
    .returning({ lastNumber: documentNumbers.lastNumber });
  if (!row) throw new Error('no document number was taken');
  return row.lastNumber;
}

/** Where stock is kept on each side: a warehouse or a shop (a supplier keeps none of ours). */
function stockSides(row: FileRow): { type: StockLocationType; id: number; sign: 1 | -1 }[] {
  const sides: { type: StockLocationType; id: number; sign: 1 | -1 }[] = [];
  if (row.fromType !== 'supplier') sides.push({ type: row.fromType, id: row.fromId, sign: -1 });
  if (row.toType !== 'supplier') sides.push({ type: row.toType, id: row.toId, sign: 1 });
  return sides;
}

/** The file's lines as stock movements of each location, and the locations' levels moved by the same amounts. */
async function writeStockMovements(db: Executor, row: FileRow) {
  for (const side of stockSides(row)) {
    await db.execute(sql`
      INSERT INTO stock_movements (location_type, location_id, product_id, quantity, file_id, moved_on)
      SELECT ${side.type}, ${side.id}, product_id, ${side.sign} * quantity, file_id, ${row.date}::date
      FROM logistics_file_lines WHERE file_id = ${row.id}
      ORDER BY position`);
    await db.execute(sql`
      INSERT INTO stock_levels (location_type, location_id, product_id, moved, last_movement_on)
      SELECT ${side.type}, ${side.id}, product_id, ${side.sign} * sum(quantity), ${row.date}::date
      FROM logistics_file_lines WHERE file_id = ${row.id}
      GROUP BY product_id
      ORDER BY product_id
      ON CONFLICT (location_type, location_id, product_id) DO UPDATE
        SET moved = stock_levels.moved + excluded.moved,
            last_movement_on = greatest(stock_levels.last_movement_on, excluded.last_movement_on)`);
  }
}

/**
 * Processing, in one transaction with the file locked: the document numbered in its series for the year of its date
 * (an in-file keeps its supplier's number), the stock movements of each location and their levels.
 */
export async function processLogisticsFile(options: Change & { id: number }): Promise<LogisticsFile> {
  const { db, viewer, kind } = options;
  const file = await db.transaction(async (tx) => {
    const before = await fileRow(tx, { viewer, kind, id: options.id, lock: true });
    const next = assertMove(before, 'process');
    if (before.lineCount === 0) throw new AppError('logisticsFileEmpty');
    let document: Partial<FileRow>;
    if (kind === 'inFile') {
      document = { documentDate: before.supplierDocumentDate ?? before.date };
    } else {
      const series = await seriesOf(tx, before);
      const year = Number(before.date.slice(0, 4));
      const number = await takeDocumentNumber(tx, series.id, year);
      document = {
        documentTypeId: series.id,
        documentSeries: series.code,
        documentNumber: number,
        documentYear: year,
        documentDate: before.date,
      };
    }
    const [row] = await tx
      .update(logisticsFiles)
      .set({ ...document, state: next, processedBy: viewer.userId, processedAt: options.now, updatedAt: options.now })
      .where(eq(logisticsFiles.id, before.id))
      .returning();
    if (!row) throw new Error('the file vanished');
    await writeStockMovements(tx, row);
    await writeAudit(tx, {
      actorId: viewer.userId,
      action: `logistics.${kind}.process`,
      entity: kind,
      entityId: row.id,
      fromState: before.state,
      toState: next,
      data: { documentNumber: documentNumberOf(row), documentDate: row.documentDate },
      ip: options.ip,
    });
    return readLogisticsFile(tx, row);
  });
  await publishChange(db, options.realtime, file);
  return file;
}

/** Marks the file emailed (the caller writes the mails in the same transaction). */
export async function markLogisticsFileEmailed(
  tx: Executor,
  options: Omit<Change, 'db' | 'realtime'> & { id: number; recipients: string[] },
): Promise<FileRow> {
  const before = await fileRow(tx, { viewer: options.viewer, kind: options.kind, id: options.id, lock: true });
  const next = assertMove(before, 'email');
  const [row] = await tx
    .update(logisticsFiles)
    .set({ state: next, emailedAt: options.now, updatedAt: options.now })
    .where(eq(logisticsFiles.id, before.id))
    .returning();
  if (!row) throw new Error('the file vanished');
  await writeAudit(tx, {
    actorId: options.viewer.userId,
    action: `logistics.${options.kind}.email`,
    entity: options.kind,
    entityId: row.id,
    fromState: before.state,
    toState: next,
    data: { recipients: options.recipients },
    ip: options.ip,
  });
  return row;
}

/** The file row for a transition's precondition check outside a transaction. */
export async function lockedFileRow(
  tx: Executor,
  options: { viewer: SessionContext; kind: LogisticsFileKind; id: number },
): Promise<FileRow> {
  return fileRow(tx, { ...options, lock: true });
}

// ——— Realtime ———

/** People holding an ability (administrators hold every one). */
async function holdersOf(db: Executor, ability: Ability): Promise<number[]> {
  const answer = await db.execute(sql`
    SELECT u.id FROM users u
    WHERE u.deleted_at IS NULL AND ${holdsAbility(ability)}`);
  return (answer as unknown as { rows: { id: number }[] }).rows.map((row) => Number(row.id));
}

export function publishRow(
  db: Executor,
  realtime: Realtime | undefined,
  row: Pick<FileRow, 'id' | 'kind' | 'fromShopId' | 'toShopId'>,
) {
  return publishChange(db, realtime, {
    id: row.id,
    kind: row.kind,
    from: { type: row.fromShopId === null ? 'warehouse' : 'shop', id: row.fromShopId ?? 0 },
    to: { type: row.toShopId === null ? 'warehouse' : 'shop', id: row.toShopId ?? 0 },
  });
}

/** Tells the shops on either side and the office that processes the kind, so open lists refresh. */
export async function publishChange(
  db: Executor,
  realtime: Realtime | undefined,
  file: { id: number; kind: LogisticsFileKind; from: { type: string; id: number }; to: { type: string; id: number } },
): Promise<void> {
  if (!realtime) return;
  const payload = { fileId: file.id, kind: file.kind };
  for (const side of [file.from, file.to]) {
    if (side.type === 'shop') realtime.publish(shopChannel(side.id), logisticsChangedEvent, payload);
  }
  for (const userId of await holdersOf(db, logisticsAbility(file.kind, 'process'))) {
    realtime.publish(userChannel(userId), logisticsChangedEvent, payload);
  }
}

export function todayOf(now: Date): string {
  return businessDate(now);
}

export type { LogisticsFileListQuery };
