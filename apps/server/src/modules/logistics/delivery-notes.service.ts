// The shop's delivery notes (shop/bds/archive, issue 25): the shop's archive of its bolle — every processed or emailed
// file (so a numbered transport document) the shop sent or was sent — searchable, with its lines, and the receiving
// shop's confirmation of what arrived: the pieces counted per line, flagged when any differs, once.

import type { ValidationRule } from '@bottega/contracts/errors';
import type {
  DeliveryNoteListQuery,
  deliveryNoteListQuerySchema,
  LogisticsFile,
  LogisticsReceiveBody,
} from '@bottega/contracts/logistics';
import type { Ability } from '@bottega/contracts/permissions';
import { and, eq, gte, inArray, isNull, lte, or, type SQL, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { writeAudit } from '../../platform/audit';
import { containsPattern, type Database, type Executor } from '../../platform/db';
import { AppError } from '../../platform/errors';
import type { Realtime } from '../../platform/realtime';
import type { SessionContext } from '../../platform/sessions';
import { shops } from '../shops/shops.schema';
import { logisticsFileLines, logisticsFiles, logisticsParties } from './logistics.schema';
import { pageOfFiles, publishRow, readLogisticsFile } from './logistics-files.service';

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

/** The shop's side of a file, sender or recipient. */
function touchesShop(shopId: number): SQL {
  return or(eq(logisticsFiles.fromShopId, shopId), eq(logisticsFiles.toShopId, shopId)) as SQL;
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

export async function listDeliveryNotes(options: { db: Executor; shopId: number; query: DeliveryNoteListQuery }) {
  const { db, shopId } = options;
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
  return pageOfFiles(db, where, query);
}

/** A delivery note of the shop; any other file — another shop's, one not processed yet — answers 404. */
async function findDeliveryNote(db: Executor, shopId: number, id: number) {
  const [file] = await db
    .select()
    .from(logisticsFiles)
    .where(and(eq(logisticsFiles.id, id), inArray(logisticsFiles.state, [...deliveredStates]), touchesShop(shopId)));
  if (!file) throw new AppError('notFound');
  return file;
}

export async function getDeliveryNote(options: { db: Executor; shopId: number; id: number }): Promise<LogisticsFile> {
  return readLogisticsFile(options.db, await findDeliveryNote(options.db, options.shopId, options.id));
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

  await publishRow(db, options.realtime, file);
  return getDeliveryNote({ db, shopId, id });
}
