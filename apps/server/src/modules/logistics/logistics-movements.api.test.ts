// Stock after any chain of processed files (issue 25, property test with fast-check): whatever kinds, sides, products
// and quantities are processed, and whichever files are left unprocessed, each location's stock_levels equals the sum
// of its stock_movements, and both equal what the processed files' lines say (out of the sender, into the recipient,
// suppliers keeping none of ours).
import { defaultTransportReason, type LogisticsFileKind, logisticsFileBodySchema } from '@bottega/contracts/logistics';
import { allAbilities } from '@bottega/contracts/permissions';
import { eq, inArray } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, findShopId, findUserId, type TestApp } from '../../../test/harness';
import type { SessionContext } from '../../platform/sessions';
import { products } from '../sales/sales.schema';
import { logisticsFileLines, logisticsFiles, logisticsParties, stockLevels, stockMovements } from './logistics.schema';
import { createLogisticsFile, moveLogisticsFile, processLogisticsFile } from './logistics-files.service';

let test: TestApp;
let viewer: SessionContext;
const codes = ['PS01', 'PS02', 'PS03', 'PS04', 'PS05'];
type Place = { type: 'supplier' | 'warehouse' | 'shop'; id: number; companyId: number | null };
let suppliers: Place[];
let warehouses: Place[];
let shopPlaces: Place[];

beforeAll(async () => {
  test = await createTestApp();
  await test.db.insert(products).values(codes.map((code) => ({ code, description: code, vatRate: 2200 })));
  const adminId = await findUserId(test.db, 'admin');
  viewer = {
    sessionId: 'property',
    userId: adminId,
    shopId: null,
    remember: false,
    user: { id: adminId, name: 'Admin', surname: '', avatar: null, lng: 'it' },
    groups: [],
    abilities: new Set(allAbilities),
    isAdmin: true,
    shopIds: [],
    shop: null,
  };
  const parties = await test.db.select().from(logisticsParties);
  suppliers = parties
    .filter((party) => party.type === 'supplier')
    .map((party) => ({ type: 'supplier', id: party.id, companyId: null }));
  warehouses = parties
    .filter((party) => party.type === 'warehouse')
    .map((party) => ({ type: 'warehouse', id: party.id, companyId: party.companyId }));
  shopPlaces = [];
  for (const code of ['MI01', 'MI02', 'NA01'])
    shopPlaces.push({ type: 'shop', id: await findShopId(test.db, code), companyId: null });
}, 300_000);
afterAll(() => test?.close());

/** A route the kind takes, picked by three indexes. */
function route(kind: LogisticsFileKind, a: number, b: number): { from: Place; to: Place } {
  const pick = <T>(list: T[], index: number) => list[index % list.length] as T;
  switch (kind) {
    case 'inFile':
      return { from: pick(suppliers, a), to: pick(warehouses, b) };
    case 'pickingFile':
      return { from: pick(warehouses, a), to: pick(shopPlaces, b) };
    case 'companyPickingFile': {
      const from = pick(warehouses, a);
      return {
        from,
        to: pick(
          warehouses.filter((warehouse) => warehouse.companyId !== from.companyId),
          b,
        ),
      };
    }
    case 'outFile':
      return { from: pick(warehouses, a), to: pick(suppliers, b) };
    case 'shopOutFile': {
      const from = pick(shopPlaces, a);
      const targets = [...warehouses, ...shopPlaces.filter((shop) => shop.id !== from.id)];
      return { from, to: pick(targets, b) };
    }
  }
}

const fileArbitrary = fc.record({
  kind: fc.constantFrom<LogisticsFileKind>('inFile', 'pickingFile', 'companyPickingFile', 'outFile', 'shopOutFile'),
  a: fc.nat(10),
  b: fc.nat(10),
  processed: fc.boolean(),
  lines: fc.array(fc.record({ product: fc.nat(codes.length - 1), quantity: fc.integer({ min: 1, max: 500 }) }), {
    minLength: 1,
    maxLength: 6,
  }),
});

const key = (type: string, id: number, productId: number) => `${type}:${id}:${productId}`;

async function levels(): Promise<Map<string, number>> {
  const rows = await test.db.select().from(stockLevels);
  return new Map(
    rows
      .filter((row) => row.moved !== 0)
      .map((row) => [key(row.locationType, row.locationId, row.productId), row.moved]),
  );
}

async function movementSums(): Promise<Map<string, number>> {
  const sums = new Map<string, number>();
  for (const row of await test.db.select().from(stockMovements)) {
    const at = key(row.locationType, row.locationId, row.productId);
    sums.set(at, (sums.get(at) ?? 0) + row.quantity);
  }
  for (const [at, value] of sums) if (value === 0) sums.delete(at);
  return sums;
}

/** What the processed files' lines say, recomputed from nothing but the files. */
async function fromLines(): Promise<Map<string, number>> {
  const files = await test.db
    .select()
    .from(logisticsFiles)
    .where(inArray(logisticsFiles.state, ['processed', 'emailed']));
  const sums = new Map<string, number>();
  for (const file of files) {
    const fileLines = await test.db.select().from(logisticsFileLines).where(eq(logisticsFileLines.fileId, file.id));
    for (const line of fileLines) {
      for (const [type, id, sign] of [
        [file.fromType, file.fromId, -1],
        [file.toType, file.toId, 1],
      ] as const) {
        if (type === 'supplier') continue;
        const at = key(type, id, line.productId);
        sums.set(at, (sums.get(at) ?? 0) + sign * line.quantity);
      }
    }
  }
  for (const [at, value] of sums) if (value === 0) sums.delete(at);
  return sums;
}

describe('stock after a chain of processed files', () => {
  it('equals the sum of the movements and the recomputation from the lines', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(fileArbitrary, { minLength: 1, maxLength: 5 }), async (chain) => {
        for (const [index, step] of chain.entries()) {
          const { from, to } = route(step.kind, step.a, step.b);
          const change = { db: test.db, viewer, kind: step.kind, now: new Date() };
          const file = await createLogisticsFile({
            ...change,
            body: logisticsFileBodySchema.parse({
              from: { type: from.type, id: from.id },
              to: { type: to.type, id: to.id },
              date: `2026-0${1 + (index % 9)}-15`,
              transportReason: defaultTransportReason[step.kind],
              lines: step.lines.map((line) => ({ productCode: codes[line.product], quantity: line.quantity })),
            }),
          });
          if (!step.processed) continue;
          await moveLogisticsFile({ ...change, id: file.id, transition: 'send' });
          await processLogisticsFile({ ...change, id: file.id });
        }
        const [stored, moved, recomputed] = await Promise.all([levels(), movementSums(), fromLines()]);
        expect(stored).toEqual(moved);
        expect(stored).toEqual(recomputed);
      }),
      { numRuns: 12 },
    );
  }, 300_000);
});
