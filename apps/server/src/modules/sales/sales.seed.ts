// Simulated sales written the way a shop's register and printer would send them: products into the
// catalogue, then the generator's batches through the ingestion service, so the per-day totals are
// kept as in production and ingestion is what the data generation and the benchmarks measure.
import { addDays, businessDate } from '@bottega/contracts/dates';
import { and, asc, eq, inArray, max } from 'drizzle-orm';
import type { SimulatedPrinter } from '../../integrations/fiscal-printer/fiscal-printer.simulator';
import { type Database, type Executor, readTogether } from '../../platform/db';
import { installationFacts } from '../../platform/installation.schema';
import { users } from '../employees/employees.schema';
import { shopClosureDays, shops, shopWorkingHours, userShops } from '../shops/shops.schema';
import {
  type GeneratorContext,
  generateCatalogue,
  generateSalesBatches,
  generateShopDay,
  type SalesProduct,
  type SalesShop,
  salesHistoryStart,
  shopDeviceSerial,
} from './sales.generator';
import { productPrices, products, salesDays } from './sales.schema';
import { ingestFiscalCloses, ingestReceipts } from './sales-ingest.service';

/** Days of history a first start shows. */
export const demoSalesDays = 90;

/**
 * Receipts of an ordinary weekday in a demo shop. Fewer than a real shop's few hundred, so the first
 * start on the embedded database stays quick; the benchmark data set uses the realistic volume.
 */
export const demoReceiptsPerDay = 15;

/** Adds the catalogue's products and prices that are missing (by product code). */
export async function seedProducts(db: Database, catalogue: readonly SalesProduct[]): Promise<void> {
  const inserted = await db
    .insert(products)
    .values(
      catalogue.map((product) => ({
        code: product.code,
        description: product.description,
        department: product.department,
        vatRate: product.vatRate,
      })),
    )
    .onConflictDoNothing()
    .returning({ id: products.id, code: products.code });
  const priced = new Map(catalogue.map((product) => [product.code, product.prices]));
  const prices = inserted.flatMap((row) =>
    Object.entries(priced.get(row.code) ?? {}).map(([priceList, priceCents]) => ({
      productId: row.id,
      priceList,
      priceCents,
    })),
  );
  if (prices.length > 0) await db.insert(productPrices).values(prices).onConflictDoNothing();
}

/**
 * The shops as the generator sees them: opening hours, closure days and their people, named by
 * username or, with `staffBy: 'matricola'`, by the matricola (people without one left out).
 */
export async function loadSalesShops(
  db: Executor,
  codes: readonly string[],
  options: { staffBy?: 'username' | 'matricola' } = {},
): Promise<{ id: number; shop: SalesShop }[]> {
  if (codes.length === 0) return [];
  const rows = await db
    .select({ id: shops.id, code: shops.code })
    .from(shops)
    .where(inArray(shops.code, [...codes]))
    .orderBy(asc(shops.code));
  const ids = rows.map((row) => row.id);
  if (ids.length === 0) return [];
  const [hours, closures, people] = await readTogether(db, [
    () => db.select().from(shopWorkingHours).where(inArray(shopWorkingHours.shopId, ids)),
    () => db.select().from(shopClosureDays).where(inArray(shopClosureDays.shopId, ids)),
    () =>
      db
        .select({ shopId: userShops.shopId, username: users.username, matricola: users.matricola })
        .from(userShops)
        .innerJoin(users, eq(users.id, userShops.userId))
        .where(inArray(userShops.shopId, ids))
        .orderBy(asc(users.username)),
  ]);
  return rows.map((row) => ({
    id: row.id,
    shop: {
      code: row.code,
      hours: hours
        .filter((slot) => slot.shopId === row.id)
        .sort((a, b) => a.weekday - b.weekday || a.slot - b.slot)
        .map((slot) => ({ weekday: slot.weekday, opensAt: slot.opensAt, closesAt: slot.closesAt })),
      closedDays: closures.filter((closure) => closure.shopId === row.id).map((closure) => closure.day),
      employees: people.flatMap((person) => {
        const name = options.staffBy === 'matricola' ? person.matricola : person.username;
        return person.shopId === row.id && name ? [name] : [];
      }),
    },
  }));
}

export type SalesProgress = { receipts: number; duplicates: number; closes: number; businessDate: string };

export type SalesIngestSummary = SalesProgress & { rejected: number; firstRejection: string | null };

/**
 * Streams the shops' history from `from` to `to` through the ingestion service, `concurrency` batches
 * at a time (a PostgreSQL server takes several at once; PGlite serves one query at a time anyway).
 * Receipts are sent as from no register credential; fiscal closes as read from the printer.
 */
export async function ingestSalesHistory(
  options: GeneratorContext & {
    db: Database;
    shops: readonly { id: number; shop: SalesShop }[];
    from: string;
    to: string;
    concurrency?: number;
    onProgress?: (progress: SalesProgress) => void;
  },
): Promise<SalesIngestSummary> {
  const { db } = options;
  const shopIds = new Map(options.shops.map(({ id, shop }) => [shop.code, id]));
  const batches = generateSalesBatches({ ...options, shops: options.shops.map(({ shop }) => shop) });
  const summary: SalesIngestSummary = {
    receipts: 0,
    duplicates: 0,
    closes: 0,
    businessDate: options.from,
    rejected: 0,
    firstRejection: null,
  };
  // Workers share one stream: each takes the next batch when its previous one is stored.
  const worker = async () => {
    for (let next = batches.next(); !next.done; next = batches.next()) {
      const batch = next.value;
      const shopId = shopIds.get(batch.shopCode) as number;
      const result =
        batch.kind === 'receipts'
          ? await ingestReceipts({ db, shopId, clientId: null, records: batch.records, lng: 'en' })
          : await ingestFiscalCloses({
              db,
              shopId,
              clientId: null,
              source: 'printer',
              records: batch.records,
              lng: 'en',
            });
      if (batch.kind === 'receipts') {
        summary.receipts += result.accepted;
        summary.businessDate = batch.businessDate;
      } else {
        summary.closes += result.accepted;
      }
      summary.duplicates += result.duplicates;
      summary.rejected += result.rejected.length;
      const [first] = result.rejected;
      if (first && !summary.firstRejection) {
        summary.firstRejection = `${batch.shopCode} ${first.reference}: ${first.reason} (${first.message})`;
      }
      options.onProgress?.(summary);
    }
  };
  await Promise.all(Array.from({ length: Math.max(1, options.concurrency ?? 1) }, worker));
  return summary;
}

/** The generator's settings for the demo: what made the receipts is what the simulated printers answer. */
const demoSeed = 1;
let demoCatalogue: SalesProduct[] | undefined;
function demoContext(now: Date): GeneratorContext {
  demoCatalogue ??= generateCatalogue({ seed: demoSeed });
  return { seed: demoSeed, catalogue: demoCatalogue, receiptsPerDay: demoReceiptsPerDay, now };
}

/** The installation fact that marks a database the demo created (see installation.schema.ts). */
const demoFactKey = 'demo';

/** What the demo fixes when it seeds: each shop's registers as the generator sees them, by shop id. */
type DemoFact = { seededAt: string; salesShops: { id: number; shop: SalesShop }[] };

/**
 * Marks the database as the demo's, in the transaction that seeds it. The shops' hours and till staff
 * (by matricola) are fixed here, so what the registers send later never depends on what people change
 * afterwards: a receipt generated again is the same receipt, not a refused changed resend.
 */
export async function markDemoDatabase(tx: Executor, options: { now: Date }): Promise<void> {
  const codes = (await tx.select({ code: shops.code }).from(shops)).map((row) => row.code);
  const value: DemoFact = {
    seededAt: options.now.toISOString(),
    salesShops: await loadSalesShops(tx, codes, { staffBy: 'matricola' }),
  };
  await tx.insert(installationFacts).values({ key: demoFactKey, value });
}

async function readDemoFact(db: Executor): Promise<DemoFact | null> {
  const [row] = await db
    .select({ value: installationFacts.value })
    .from(installationFacts)
    .where(eq(installationFacts.key, demoFactKey));
  return row ? (row.value as DemoFact) : null;
}

/** Whether the demo created this database: only then may simulated sales and closes reach it. */
export async function isDemoDatabase(db: Executor): Promise<boolean> {
  return (await readDemoFact(db)) !== null;
}

/** The demo shops still open, as fixed when the demo was seeded; null on a database the demo did not create. */
async function openDemoSalesShops(db: Executor): Promise<{ id: number; shop: SalesShop }[] | null> {
  const fact = await readDemoFact(db);
  if (!fact) return null;
  const ids = fact.salesShops.map((entry) => entry.id);
  if (ids.length === 0) return [];
  const open = await db
    .select({ id: shops.id })
    .from(shops)
    .where(and(inArray(shops.id, ids), eq(shops.closed, false)));
  const openIds = new Set(open.map((row) => row.id));
  return fact.salesShops.filter((entry) => openIds.has(entry.id));
}

/**
 * The demo shops' sales, as their registers would have sent them by `now`: at the first start the last 90
 * days and today up to the current hour, with the catalogue they sell; later, from the last day received on
 * (what was already there comes back as duplicates), so a demo left running keeps receiving the day's sales.
 * On a database the demo did not create it writes nothing and answers null.
 */
export async function seedDemoSales(db: Database, options: { now?: Date } = {}): Promise<SalesIngestSummary | null> {
  const salesShops = await openDemoSalesShops(db);
  if (!salesShops) return null;
  const context = demoContext(options.now ?? new Date());
  await seedProducts(db, context.catalogue);
  const today = businessDate(context.now);
  const [latest] = await db.select({ date: max(salesDays.businessDate) }).from(salesDays);
  const first = addDays(today, 1 - demoSalesDays);
  const summary = await ingestSalesHistory({
    db,
    shops: salesShops,
    from: latest?.date && latest.date > first ? latest.date : first,
    to: today,
    ...context,
  });
  // Every generated record is meant to be accepted: a refusal is a bug of the generator.
  if (summary.rejected > 0) throw new Error(`demo sales refused: ${summary.firstRejection}`);
  return summary;
}

/**
 * The simulated fiscal printer of the demo shop now coded `code`: its serial and the closes of its
 * generated days; null for another shop or on a database the demo did not create.
 */
export async function demoFiscalPrinter(
  db: Database,
  code: string,
  now: () => Date = () => new Date(),
): Promise<SimulatedPrinter | null> {
  const [shop] = await db.select({ id: shops.id }).from(shops).where(eq(shops.code, code));
  const entry = shop && (await openDemoSalesShops(db))?.find((candidate) => candidate.id === shop.id);
  if (!entry) return null;
  return {
    serial: shopDeviceSerial(entry.shop, demoContext(now())),
    closeOf: (date) => {
      if (date < salesHistoryStart) return null;
      const close = generateShopDay({ ...demoContext(now()), shop: entry.shop, businessDate: date }).fiscalClose;
      if (!close) return null;
      const { deviceSerial: _serial, businessDate: _date, ...rest } = close;
      return rest;
    },
  };
}
