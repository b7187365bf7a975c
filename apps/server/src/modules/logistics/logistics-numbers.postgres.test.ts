// Document numbers under concurrent processing (issue 25): 40 picking files of one series processed at once over
// several PostgreSQL connections (two pools, as two server processes would), some of them failing after taking their
// number so their transaction rolls back. The series ends with no gap and no duplicate: numbers 1…n, one per processed
// file, and document_numbers says n. Runs in the api-postgres project only (vitest.config.ts).
import { defaultTransportReason, logisticsFileBodySchema } from '@bottega/contracts/logistics';
import { allAbilities } from '@bottega/contracts/permissions';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPostgresDatabase } from '../../../test/harness';
import { type DatabaseHandle, openDatabase } from '../../platform/db';
import type { SessionContext } from '../../platform/sessions';
import { companies } from '../companies/companies.schema';
import { users } from '../employees/employees.schema';
import { products } from '../sales/sales.schema';
import { shops } from '../shops/shops.schema';
import { documentNumbers, documentTypes, logisticsFiles, logisticsParties } from './logistics.schema';
import {
  createLogisticsFile,
  moveLogisticsFile,
  processLogisticsFile,
  takeDocumentNumber,
} from './logistics-files.service';

const fileCount = 40;

describe('document numbers on PostgreSQL', () => {
  let created: { url: string; drop: () => Promise<void> };
  let first: DatabaseHandle;
  let second: DatabaseHandle;
  let viewer: SessionContext;
  let typeId: number;
  const fileIds: number[] = [];

  beforeAll(async () => {
    created = await createPostgresDatabase();
    first = openDatabase({ databaseUrl: created.url });
    second = openDatabase({ databaseUrl: created.url });
    await first.migrate();
    const { db } = first;
    const [company] = await db
      .insert(companies)
      .values({ name: 'Concorrenza S.r.l.', companyCode: 'CONC', vatNumber: '01234567890' })
      .returning();
    const [shop] = await db
      .insert(shops)
      .values({ companyId: company?.id as number, name: 'Negozio', code: 'C001', accountNumber: '100000000001' })
      .returning();
    const [user] = await db
      .insert(users)
      .values({ username: 'office', email: 'office@example.test', passwordHash: 'x', name: 'Office', surname: 'Bench' })
      .returning();
    await db.insert(products).values({ code: 'CC01', description: 'Articolo', vatRate: 2200 });
    const [warehouse] = await db
      .insert(logisticsParties)
      .values({ type: 'warehouse', companyId: company?.id as number, name: 'Magazzino' })
      .returning();
    const [type] = await db
      .insert(documentTypes)
      .values({ companyId: company?.id as number, code: 'DDT', name: 'DDT', kinds: ['pickingFile'] })
      .returning();
    typeId = type?.id as number;
    viewer = {
      sessionId: 'concurrency',
      userId: user?.id as number,
      shopId: null,
      remember: false,
      user: { id: user?.id as number, name: 'Office', surname: 'Bench', avatar: null, lng: 'it' },
      groups: [],
      abilities: new Set(allAbilities),
      isAdmin: true,
      shopIds: [],
      shop: null,
    };
    for (let index = 0; index < fileCount; index += 1) {
      const change = { db, viewer, kind: 'pickingFile' as const, now: new Date() };
      const file = await createLogisticsFile({
        ...change,
        body: logisticsFileBodySchema.parse({
          from: { type: 'warehouse', id: warehouse?.id },
          to: { type: 'shop', id: shop?.id },
          date: '2026-11-20',
          transportReason: defaultTransportReason.pickingFile,
          lines: [{ productCode: 'CC01', quantity: 1 + index }],
        }),
      });
      await moveLogisticsFile({ ...change, id: file.id, transition: 'send' });
      fileIds.push(file.id);
    }
  }, 120_000);

  afterAll(async () => {
    await first?.close();
    await second?.close();
    await created?.drop();
  });

  it('numbers concurrent processing without gaps or duplicates, a rolled-back number given back', async () => {
    // Every fifth attempt takes a number in a transaction that then fails: the number must come back.
    const failing = Array.from({ length: fileCount / 5 }, async (_, index) => {
      const database = index % 2 === 0 ? first : second;
      await database.db
        .transaction(async (tx) => {
          await takeDocumentNumber(tx, typeId, 2026);
          await tx.execute(sql`SELECT pg_sleep(0.01)`);
          throw new Error('rolled back on purpose');
        })
        .catch(() => undefined);
    });
    const processing = fileIds.map((id, index) =>
      processLogisticsFile({
        db: (index % 2 === 0 ? first : second).db,
        viewer,
        kind: 'pickingFile',
        id,
        now: new Date(),
      }),
    );
    // The same file processed twice at once: one wins, the other finds it processed (409).
    const twice = processLogisticsFile({
      db: second.db,
      viewer,
      kind: 'pickingFile',
      id: fileIds[0] as number,
      now: new Date(),
    });
    const results = await Promise.allSettled([...processing, twice, ...failing]);
    const refused = results.filter((result) => result.status === 'rejected');
    expect(refused).toHaveLength(1);
    expect(String((refused[0] as PromiseRejectedResult).reason)).toContain('logisticsFileWrongState');

    const numbers = (
      await first.db
        .select({ number: logisticsFiles.documentNumber })
        .from(logisticsFiles)
        .where(and(eq(logisticsFiles.documentTypeId, typeId), eq(logisticsFiles.documentYear, 2026)))
    )
      .map((row) => row.number as number)
      .sort((a, b) => a - b);
    expect(numbers).toEqual(Array.from({ length: fileCount }, (_, index) => index + 1));
    const [series] = await first.db
      .select({ lastNumber: documentNumbers.lastNumber })
      .from(documentNumbers)
      .where(eq(documentNumbers.documentTypeId, typeId));
    expect(series?.lastNumber).toBe(fileCount);
    const [moved] = await first.db
      .execute(sql`SELECT count(*)::int AS value FROM stock_movements`)
      .then((answer) => (answer as unknown as { rows: { value: number }[] }).rows);
    expect(moved?.value).toBe(fileCount * 2);
  }, 120_000);
});
