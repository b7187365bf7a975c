// The shop's delivery notes (shop/bds/archive, issue 25): the shop's archive of its bolle — every processed or emailed
// file (so a numbered transport document) the shop sent or was sent — searchable, with its lines, and the receiving
// shop's confirmation of what arrived: the pieces counted per line, flagged when any differs, once.

import type { ValidationRule } from '@bottega/contracts/errors';
import {
  type DeliveryNoteListQuery,
  type deliveryNoteListQuerySchema,
  formatDocumentNumber,
  type LogisticsChangedPayload,
  type LogisticsFile,
  type LogisticsFileSummary,
  type LogisticsReceiveBody,
  type LogisticsSide,
  logisticsChangedEvent,
} from '@bottega/contracts/logistics';
import { shopChannel } from '@bottega/contracts/notifications';
import type { Ability } from '@bottega/contracts/permissions';
import { and, asc, count, desc, eq, gte, inArray, isNull, lte, or, type SQL, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { writeAudit } from '../../platform/audit';
import { containsPattern, type Database, type Executor } from '../../platform/db';
import { AppError } from '../../platform/errors';
import type { Realtime } from '../../platform/realtime';
import type { SessionContext } from '../../platform/sessions';
import { users } from '../employees/employees.schema';
import { products } from '../sales/sales.schema';
import { shops } from '../shops/shops.schema';
import { logisticsFileLines, logisticsFiles, logisticsParties } from './logistics.schema';
import { loadSides, sideKey } from './logistics-registry.service';

/** Who may open the archive: the shop's people who see picking files or shop-out files. */
export const deliveryNoteViewAbilities = [
  'logistics.pickingFile.view',
  'logistics.shopOutFile.view',
] as const satisfies readonly Ability[];

/** Who confirms what arrived. */
export const deliveryNoteReceiveAbility = 'logistics.shopOutFile.edit' satisfies Ability;

/** Only a numbered transport document is a delivery note: a file once processed (and maybe emailed). */
const deliveredStates = ['processed', 'emailed'] as const;

const auditEntity = 'logisticsFile';

export function assertMayViewDeliveryNotes(session: SessionContext): void {
  if (session.isAdmin) return;
  if (!deliveryNoteViewAbilities.some((ability) => session.abilities.has(ability))) throw new AppError('forbidden');
}

/** The shop's side of a file, sender or recipient. */
function touchesShop(shopId: number): SQL {
  return or(eq(logisticsFiles.fromShopId, shopId), eq(logisticsFiles.toShopId, shopId)) as SQL;
}

const summaryColumns = {
  id: logisticsFiles.id,
  kind: logisticsFiles.kind,
  state: logisticsFiles.state,
  date: logisticsFiles.date,
  fromType: logisticsFiles.fromType,
  fromId: logisticsFiles.fromId,
  toType: logisticsFiles.toType,
  toId: logisticsFiles.toId,
  documentTypeId: logisticsFiles.documentTypeId,
  documentSeries: logisticsFiles.documentSeries,
  documentNumber: logisticsFiles.documentNumber,
  documentDate: logisticsFiles.documentDate,
  supplierDocumentNumber: logisticsFiles.supplierDocumentNumber,
  lineCount: logisticsFiles.lineCount,
  totalQuantity: logisticsFiles.totalQuantity,
  createdByName: users.name,
  createdBySurname: users.surname,
  createdAt: logisticsFiles.createdAt,
  processedAt: logisticsFiles.processedAt,
  emailedAt: logisticsFiles.emailedAt,
  receivedAt: logisticsFiles.receivedAt,
  receivedWithDifferences: logisticsFiles.receivedWithDifferences,
};
type SummaryRow = {
  [key in keyof typeof summaryColumns]: (typeof summaryColumns)[key]['_']['data'] | null;
} & { id: number; fromId: number; toId: number };

/** Both sides of every file, in two queries whatever the number of files (the registry's `loadSides`). */
async function sidesOf(
  db: Executor,
  rows: { fromType: string | null; fromId: number; toType: string | null; toId: number }[],
): Promise<(type: string | null, id: number) => LogisticsSide> {
  const sides = await loadSides(
    db,
    rows.flatMap((row) => [
      { type: row.fromType ?? '', id: row.fromId },
      { type: row.toType ?? '', id: row.toId },
    ]),
  );
  return (type, id) => {
    const side = sides.get(sideKey(type ?? '', id));
    if (!side) throw new Error(`logistics side ${type} ${id} is missing`);
    return side;
  };
}

function toSummary(row: SummaryRow, sideOf: (type: string | null, id: number) => LogisticsSide): LogisticsFileSummary {
  const numbered =
    row.documentNumber !== null && row.documentSeries !== null
      ? formatDocumentNumber(row.documentNumber, row.documentSeries)
      : row.kind === 'inFile' && row.supplierDocumentNumber
        ? row.supplierDocumentNumber
        : null;
  return {
    id: row.id,
    kind: row.kind as LogisticsFileSummary['kind'],
    state: row.state as LogisticsFileSummary['state'],
    date: row.date as string,
    from: sideOf(row.fromType, row.fromId),
    to: sideOf(row.toType, row.toId),
    documentTypeId: row.documentTypeId,
    documentNumber: numbered,
    documentDate: row.documentDate,
    lineCount: row.lineCount ?? 0,
    totalQuantity: row.totalQuantity ?? 0,
    createdBy: `${row.createdByName ?? ''} ${row.createdBySurname ?? ''}`.trim(),
    createdAt: (row.createdAt as Date).toISOString(),
    processedAt: row.processedAt?.toISOString() ?? null,
    emailedAt: row.emailedAt?.toISOString() ?? null,
    receivedAt: row.receivedAt?.toISOString() ?? null,
    receivedWithDifferences: row.receivedWithDifferences ?? false,
  };
}

type ListQuery = z.output<typeof deliveryNoteListQuerySchema>;

/** The words of a search, each matching the document's number or the counterpart's name. */
function searchConditions(search: string | undefined, shopId: number): SQL[] {
  const conditions: SQL[] = [];
  for (const term of (search ?? '').split(/\s+/).filter(Boolean)) {
    const pattern = containsPattern(term);
    conditions.push(
      or(
        sql`(${logisticsFiles.documentNumber}::text || '/' || ${logisticsFiles.documentSeries}) ILIKE ${pattern}`,
        sql`${logisticsFiles.supplierDocumentNumber} ILIKE ${pattern}`,
        sql`EXISTS (SELECT 1 FROM ${logisticsParties} WHERE ${logisticsParties.name} ILIKE ${pattern} AND (
          (${logisticsFiles.fromType} <> 'shop' AND ${logisticsParties.id} = ${logisticsFiles.fromId})
          OR (${logisticsFiles.toType} <> 'shop' AND ${logisticsParties.id} = ${logisticsFiles.toId})))`,
        sql`EXISTS (SELECT 1 FROM ${shops} WHERE ${shops.id} <> ${shopId}
          AND (${shops.name} ILIKE ${pattern} OR ${shops.code} ILIKE ${pattern}) AND (
          (${logisticsFiles.fromType} = 'shop' AND ${shops.id} = ${logisticsFiles.fromId})
          OR (${logisticsFiles.toType} = 'shop' AND ${shops.id} = ${logisticsFiles.toId})))`,
      ) as SQL,
    );
  }
  return conditions;
}

export async function listDeliveryNotes(options: {
  db: Executor;
  session: SessionContext;
  shopId: number;
  query: DeliveryNoteListQuery;
}) {
  const { db, session, shopId } = options;
  assertMayViewDeliveryNotes(session);
  const query = options.query as ListQuery;
  const where = and(
    inArray(logisticsFiles.state, [...deliveredStates]),
    query.direction === 'in'
      ? eq(logisticsFiles.toShopId, shopId)
      : query.direction === 'out'
        ? eq(logisticsFiles.fromShopId, shopId)
        : touchesShop(shopId),
    query.kind ? eq(logisticsFiles.kind, query.kind) : undefined,
    query.from ? gte(logisticsFiles.date, query.from) : undefined,
    query.to ? lte(logisticsFiles.date, query.to) : undefined,
    ...searchConditions(query.search, shopId),
  );
  const [rows, totals] = await Promise.all([
    db
      .select(summaryColumns)
      .from(logisticsFiles)
      .innerJoin(users, eq(users.id, logisticsFiles.createdBy))
      .where(where)
      .orderBy(desc(logisticsFiles.date), desc(logisticsFiles.id))
      .limit(query.perPage)
      .offset((query.page - 1) * query.perPage),
    db.select({ total: count() }).from(logisticsFiles).where(where),
  ]);
  const sideOf = await sidesOf(db, rows);
  return {
    data: rows.map((row) => toSummary(row as SummaryRow, sideOf)),
    meta: { page: query.page, perPage: query.perPage, total: totals[0]?.total ?? 0 },
  };
}

/** A delivery note of the shop; any other file — another shop's, one not processed yet — answers 404. */
async function findDeliveryNote(db: Executor, shopId: number, id: number) {
  const [file] = await db
    .select({
      ...summaryColumns,
      fromShopId: logisticsFiles.fromShopId,
      toShopId: logisticsFiles.toShopId,
      supplierDocumentDate: logisticsFiles.supplierDocumentDate,
      transportReason: logisticsFiles.transportReason,
      carriedBy: logisticsFiles.carriedBy,
      carrierName: logisticsFiles.carrierName,
      goodsAppearance: logisticsFiles.goodsAppearance,
      packages: logisticsFiles.packages,
      weightGrams: logisticsFiles.weightGrams,
      notes: logisticsFiles.notes,
      givenBackReason: logisticsFiles.givenBackReason,
    })
    .from(logisticsFiles)
    .innerJoin(users, eq(users.id, logisticsFiles.createdBy))
    .where(and(eq(logisticsFiles.id, id), inArray(logisticsFiles.state, [...deliveredStates]), touchesShop(shopId)));
  if (!file) throw new AppError('notFound');
  return file;
}

export async function getDeliveryNote(options: {
  db: Executor;
  session: SessionContext;
  shopId: number;
  id: number;
}): Promise<LogisticsFile> {
  assertMayViewDeliveryNotes(options.session);
  return readDeliveryNote(options.db, options.shopId, options.id);
}

async function readDeliveryNote(db: Executor, shopId: number, id: number): Promise<LogisticsFile> {
  const file = await findDeliveryNote(db, shopId, id);
  const lines = await db
    .select({
      position: logisticsFileLines.position,
      productId: logisticsFileLines.productId,
      productCode: products.code,
      catalogueDescription: products.description,
      description: logisticsFileLines.description,
      quantity: logisticsFileLines.quantity,
      unitPriceCents: logisticsFileLines.unitPriceCents,
      lot: logisticsFileLines.lot,
      receivedQuantity: logisticsFileLines.receivedQuantity,
    })
    .from(logisticsFileLines)
    .innerJoin(products, eq(products.id, logisticsFileLines.productId))
    .where(eq(logisticsFileLines.fileId, id))
    .orderBy(asc(logisticsFileLines.position));
  const sideOf = await sidesOf(db, [file]);
  return {
    ...toSummary(file as SummaryRow, sideOf),
    supplierDocumentNumber: file.supplierDocumentNumber,
    supplierDocumentDate: file.supplierDocumentDate,
    transportReason: file.transportReason,
    carriedBy: file.carriedBy,
    carrierName: file.carrierName,
    goodsAppearance: file.goodsAppearance,
    packages: file.packages,
    weightGrams: file.weightGrams,
    notes: file.notes,
    givenBackReason: file.givenBackReason,
    lines: lines.map((line) => ({
      position: line.position,
      productId: line.productId,
      productCode: line.productCode,
      description: line.description || line.catalogueDescription,
      quantity: line.quantity,
      unitPriceCents: line.unitPriceCents,
      lot: line.lot,
    })),
    receivedDifferences: lines.flatMap((line) =>
      line.receivedQuantity !== null && line.receivedQuantity !== line.quantity
        ? [{ position: line.position, receivedQuantity: line.receivedQuantity }]
        : [],
    ),
  };
}

/**
 * The receiving shop confirms what arrived: the pieces counted on every line, each position once. A line whose count
 * differs keeps it, and the file is flagged received with differences. Once only (409 logisticsAlreadyReceived): the
 * confirmation is what the shop signs for. Audited; the shops' open lists are told.
 */
export async function receiveDeliveryNote(options: {
  db: Database;
  session: SessionContext;
  shopId: number;
  id: number;
  body: LogisticsReceiveBody;
  now: Date;
  ip?: string;
  realtime?: Realtime;
}): Promise<LogisticsFile> {
  const { db, session, shopId, id, body, now } = options;
  const file = await findDeliveryNote(db, shopId, id);
  // The sender sees its own delivery note but does not sign for its arrival.
  if (file.toShopId !== shopId) throw new AppError('forbidden');
  if (file.receivedAt) throw new AppError('logisticsAlreadyReceived');

  await db.transaction(async (tx) => {
    const lines = await tx
      .select({ position: logisticsFileLines.position, quantity: logisticsFileLines.quantity })
      .from(logisticsFileLines)
      .where(eq(logisticsFileLines.fileId, id));
    const sent = new Map(lines.map((line) => [line.position, line.quantity]));
    const counted = new Map<number, number>();
    const lineErrors: Record<string, { rule: ValidationRule }[]> = {};
    body.lines.forEach((line, index) => {
      if (!sent.has(line.position)) lineErrors[`lines.${index}.position`] = [{ rule: 'invalid' }];
      else if (counted.has(line.position)) lineErrors[`lines.${index}.position`] = [{ rule: 'unique' }];
      counted.set(line.position, line.receivedQuantity);
    });
    if (Object.keys(lineErrors).length === 0 && counted.size !== sent.size) lineErrors.lines = [{ rule: 'required' }];
    if (Object.keys(lineErrors).length > 0) throw new AppError('validation', {}, lineErrors);

    const differences = [...counted].filter(([position, quantity]) => sent.get(position) !== quantity);
    // Conditional on not received yet: of two confirmations at once, one wins and the other is told.
    const [updated] = await tx
      .update(logisticsFiles)
      .set({ receivedAt: now, receivedBy: session.userId, receivedWithDifferences: differences.length > 0 })
      .where(and(eq(logisticsFiles.id, id), isNull(logisticsFiles.receivedAt)))
      .returning({ id: logisticsFiles.id });
    if (!updated) throw new AppError('logisticsAlreadyReceived');
    for (const [position, receivedQuantity] of differences)
      await tx
        .update(logisticsFileLines)
        .set({ receivedQuantity })
        .where(and(eq(logisticsFileLines.fileId, id), eq(logisticsFileLines.position, position)));
    await writeAudit(tx, {
      actorId: session.userId,
      action: 'logisticsFile.received',
      entity: auditEntity,
      entityId: id,
      data: {
        kind: file.kind,
        shopId,
        withDifferences: differences.length > 0,
        differences: differences.map(([position, receivedQuantity]) => ({
          position,
          sent: sent.get(position),
          receivedQuantity,
        })),
      },
      ip: options.ip,
    });
  });

  const payload: LogisticsChangedPayload = { fileId: id, kind: file.kind as LogisticsChangedPayload['kind'] };
  for (const touched of new Set([file.fromShopId, file.toShopId]))
    if (touched !== null) options.realtime?.publish(shopChannel(touched), logisticsChangedEvent, payload);
  return readDeliveryNote(db, shopId, id);
}
