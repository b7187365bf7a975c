// Test rows for stock, delivery notes and document checks: products, warehouses and suppliers, and processed files
// with their lines, the stock movements they wrote and the stock levels those add up to, inserted straight into the
// tables as processing leaves them. Tests only; the files' own service writes the same rows when it processes one.
import type { LogisticsFileKind, LogisticsPartyType } from '@bottega/contracts/logistics';
import { eq, inArray, sql } from 'drizzle-orm';
import type { Executor } from '../../platform/db';
import { companies } from '../companies/companies.schema';
import { products } from '../sales/sales.schema';
import { logisticsFileLines, logisticsFiles, logisticsParties, stockLevels, stockMovements } from './logistics.schema';

let sequence = 0;

/** Catalogue products by code (description "Prodotto <code>"), created when missing; their ids by code. */
export async function ensureProducts(db: Executor, codes: readonly string[]): Promise<Map<string, number>> {
  if (codes.length > 0)
    await db
      .insert(products)
      .values(codes.map((code) => ({ code, description: `Prodotto ${code}`, vatRate: 2200 })))
      .onConflictDoNothing();
  const rows =
    codes.length === 0
      ? []
      : await db
          .select({ id: products.id, code: products.code })
          .from(products)
          .where(inArray(products.code, [...codes]));
  return new Map(rows.map((row) => [row.code, row.id]));
}

/** A warehouse of the company with this code (the first company when none is given). */
export async function createWarehouse(db: Executor, options: { name?: string; companyCode?: string } = {}) {
  const [company] = await db
    .select({ id: companies.id })
    .from(companies)
    .where(options.companyCode ? eq(companies.companyCode, options.companyCode) : undefined)
    .orderBy(companies.id)
    .limit(1);
  if (!company) throw new Error('no company for the warehouse');
  sequence += 1;
  const [row] = await db
    .insert(logisticsParties)
    .values({
      type: 'warehouse',
      companyId: company.id,
      name: options.name ?? `Magazzino ${sequence}`,
      city: 'Milano',
      emails: ['magazzino@bottega.example'],
    })
    .returning({ id: logisticsParties.id });
  return row?.id as number;
}

export async function createSupplier(db: Executor, name?: string): Promise<number> {
  sequence += 1;
  const [row] = await db
    .insert(logisticsParties)
    .values({ type: 'supplier', name: name ?? `Fornitore ${sequence}`, emails: ['ordini@fornitore.example'] })
    .returning({ id: logisticsParties.id });
  return row?.id as number;
}

type Side = { type: LogisticsPartyType; id: number };

export type ProcessedFileOptions = {
  kind: LogisticsFileKind;
  from: Side;
  to: Side;
  date: string;
  createdBy: number;
  lines: { productId: number; quantity: number }[];
  state?: 'processed' | 'emailed';
  /** The transport document's series and number (default "DDT" and the next test number); its date is the file's. */
  series?: string;
  number?: number;
  documentDate?: string;
};

/**
 * A processed file as processing leaves it: numbered, its lines, one movement per line and stock location (out of
 * the sender, into the recipient; a supplier keeps no stock), and the stock levels moved by as much.
 */
export async function createProcessedFile(db: Executor, options: ProcessedFileOptions): Promise<number> {
  sequence += 1;
  const documentDate = options.documentDate ?? options.date;
  const [file] = await db
    .insert(logisticsFiles)
    .values({
      kind: options.kind,
      state: options.state ?? 'processed',
      fromType: options.from.type,
      fromId: options.from.id,
      toType: options.to.type,
      toId: options.to.id,
      fromShopId: options.from.type === 'shop' ? options.from.id : null,
      toShopId: options.to.type === 'shop' ? options.to.id : null,
      date: options.date,
      documentSeries: options.series ?? 'DDT',
      documentNumber: options.number ?? 100_000 + sequence,
      documentYear: Number(documentDate.slice(0, 4)),
      documentDate,
      transportReason: 'transfer',
      goodsAppearance: 'cartoni',
      lineCount: options.lines.length,
      totalQuantity: options.lines.reduce((total, line) => total + line.quantity, 0),
      createdBy: options.createdBy,
      processedBy: options.createdBy,
      processedAt: new Date(`${options.date}T12:00:00Z`),
      emailedAt: options.state === 'emailed' ? new Date(`${options.date}T13:00:00Z`) : null,
    })
    .returning({ id: logisticsFiles.id });
  const fileId = file?.id as number;
  if (options.lines.length === 0) return fileId;
  await db
    .insert(logisticsFileLines)
    .values(options.lines.map((line, index) => ({ fileId, position: index + 1, ...line })));
  const movements = [];
  for (const [side, sign] of [
    [options.from, -1],
    [options.to, 1],
  ] as const) {
    if (side.type === 'supplier') continue;
    for (const line of options.lines)
      movements.push({
        locationType: side.type,
        locationId: side.id,
        productId: line.productId,
        quantity: sign * line.quantity,
        fileId,
        movedOn: options.date,
      });
  }
  if (movements.length === 0) return fileId;
  await db.insert(stockMovements).values(movements);
  // One level row per location and product: the file's movements added up first.
  const levels = new Map<string, (typeof movements)[number]>();
  for (const movement of movements) {
    const key = `${movement.locationType}:${movement.locationId}:${movement.productId}`;
    const level = levels.get(key);
    if (level) level.quantity += movement.quantity;
    else levels.set(key, { ...movement });
  }
  await db
    .insert(stockLevels)
    .values(
      [...levels.values()].map((level) => ({
        locationType: level.locationType,
        locationId: level.locationId,
        productId: level.productId,
        moved: level.quantity,
        lastMovementOn: level.movedOn,
      })),
    )
    .onConflictDoUpdate({
      target: [stockLevels.locationType, stockLevels.locationId, stockLevels.productId],
      set: {
        moved: sql`${stockLevels.moved} + excluded.moved`,
        lastMovementOn: sql`greatest(${stockLevels.lastMovementOn}, excluded.last_movement_on)`,
      },
    });
  return fileId;
}
