// `npm run bench:logistics`: a 5,000-line file imported and processed under 3 s (issue 25). On a fresh PostgreSQL
// database (TEST_DATABASE_URL; made here and dropped after) it writes a company with its warehouse and series, a
// supplier and a catalogue of 5,000 products, then measures, as the warehouse does it: the CSV of 5,000 lines read
// (importLogisticsLines), the in-file created with them, sent and processed (its stock movements and levels written);
// then the same for a picking file numbered in its series (two locations moved). Each step is also timed alone.

import { logisticsFileBodySchema } from '@bottega/contracts/logistics';
import { allAbilities } from '@bottega/contracts/permissions';
import { sql } from 'drizzle-orm';
import {
  createLogisticsFile,
  moveLogisticsFile,
  processLogisticsFile,
} from '../apps/server/src/modules/logistics/logistics-files.service';
import { importLogisticsLines } from '../apps/server/src/modules/logistics/logistics-sheets';
import { openDatabase } from '../apps/server/src/platform/db';
import type { SessionContext } from '../apps/server/src/platform/sessions';
import { createPostgresDatabase } from '../apps/server/test/harness';
import { insertBenchShops, measure, rowsOf } from './deposits-data';

const lineCount = Number(process.env.BENCH_LINES ?? 5000);
const samples = Number(process.env.BENCH_SAMPLES ?? 5);
const target = 3000;

async function bench(): Promise<boolean> {
  const created = await createPostgresDatabase();
  const handle = openDatabase({ databaseUrl: created.url });
  let met = true;
  try {
    await handle.migrate();
    const { db } = handle;
    await insertBenchShops(db, 1);
    await db.execute(sql`
      INSERT INTO users (username, email, password_hash, name, surname)
      VALUES ('bench', 'bench@bench.example', 'x', 'Bench', 'Magazzino')`);
    await db.execute(sql`
      INSERT INTO products (code, description, vat_rate)
      SELECT 'B' || lpad(n::text, 6, '0'), 'Articolo di prova ' || n, 2200 FROM generate_series(1, ${lineCount}) AS n`);
    await db.execute(sql`
      INSERT INTO logistics_parties (type, company_id, name, emails)
      VALUES ('warehouse', (SELECT id FROM companies WHERE company_code = 'BENCH'), 'Magazzino Bench', '[]'),
             ('supplier', NULL, 'Fornitore Bench', '["bench@supplier.example"]')`);
    await db.execute(sql`
      INSERT INTO document_types (company_id, code, name, kinds)
      VALUES ((SELECT id FROM companies WHERE company_code = 'BENCH'), 'DDT', 'DDT', '["pickingFile"]')`);
    await db.execute(sql`ANALYZE`);
    const [ids] = await rowsOf<{ user: number; warehouse: number; supplier: number; shop: number }>(
      db,
      sql`SELECT (SELECT id FROM users WHERE username = 'bench') AS "user",
        (SELECT id FROM logistics_parties WHERE type = 'warehouse') AS warehouse,
        (SELECT id FROM logistics_parties WHERE type = 'supplier') AS supplier,
        (SELECT id FROM shops ORDER BY id LIMIT 1) AS shop`,
    );
    if (!ids) throw new Error('the bench data was not written');
    const viewer: SessionContext = {
      sessionId: 'bench',
      userId: ids.user,
      shopId: null,
      shop: null,
      remember: false,
      user: { id: ids.user, name: 'Bench', surname: 'Magazzino', avatar: null, lng: 'it' },
      groups: [{ id: 0, name: 'Amministratore' }],
      abilities: new Set(allAbilities),
      isAdmin: true,
      shopIds: [],
    };
    const csv = Buffer.from(
      [
        'Codice;Descrizione;Quantità;Prezzo;Lotto',
        ...Array.from(
          { length: lineCount },
          (_, index) =>
            `B${String(index + 1).padStart(6, '0')};;${1 + (index % 24)};${(index % 90) + 1},50;L${index % 40}`,
        ),
      ].join('\r\n'),
    );
    console.log(`a ${lineCount}-line CSV of ${(csv.byteLength / 1024).toFixed(0)} KiB`);

    const now = new Date();
    const importOnly = () => importLogisticsLines({ db, bytes: csv });
    met = (await measure(`import: ${lineCount} lines read and checked`, { samples, warmUps: 1 }, importOnly)) && met;

    const imported = await importOnly();
    if (imported.errors.length > 0)
      throw new Error(`the bench CSV has bad rows: ${JSON.stringify(imported.errors[0])}`);
    const timed = async <T>(label: string, run: () => Promise<T>): Promise<T> => {
      const started = performance.now();
      const result = await run();
      if (process.env.BENCH_STEPS) console.log(`  ${label}: ${(performance.now() - started).toFixed(0)} ms`);
      return result;
    };
    const chain = async (kind: 'inFile' | 'pickingFile', withImport: boolean) => {
      const lines = withImport ? (await timed('import', importOnly)).lines : imported.lines;
      const body = logisticsFileBodySchema.parse({
        from: kind === 'inFile' ? { type: 'supplier', id: ids.supplier } : { type: 'warehouse', id: ids.warehouse },
        to: kind === 'inFile' ? { type: 'warehouse', id: ids.warehouse } : { type: 'shop', id: ids.shop },
        date: '2026-11-20',
        transportReason: kind === 'inFile' ? 'purchase' : 'transfer',
        lines,
      });
      const change = { db, viewer, kind, now };
      const file = await timed('create', () => createLogisticsFile({ ...change, body }));
      await timed('send', () => moveLogisticsFile({ ...change, id: file.id, transition: 'send' }));
      return timed('process', () => processLogisticsFile({ ...change, id: file.id }));
    };
    met =
      (await measure(
        `in-file: ${lineCount} lines imported, created, sent and processed`,
        { samples, warmUps: 1, target },
        () => chain('inFile', true),
      )) && met;
    met =
      (await measure(
        `picking file: ${lineCount} lines imported, created, sent, numbered and processed (two locations)`,
        { samples, warmUps: 1, target },
        () => chain('pickingFile', true),
      )) && met;
    const [counts] = await rowsOf<Record<string, number>>(
      db,
      sql`SELECT (SELECT count(*) FROM stock_movements)::int AS movements,
        (SELECT count(*) FROM stock_levels)::int AS levels,
        (SELECT max(last_number) FROM document_numbers)::int AS "lastNumber"`,
    );
    console.log(`written: ${JSON.stringify(counts)}`);
  } finally {
    await handle.close();
    await created.drop();
  }
  return met;
}

if (!process.env.TEST_DATABASE_URL) {
  console.error('bench:logistics needs TEST_DATABASE_URL (a PostgreSQL server; a fresh database is made on it).');
  process.exit(1);
}
if (!(await bench())) process.exitCode = 1;
