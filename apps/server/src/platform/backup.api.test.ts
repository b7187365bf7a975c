// Backup and restore (issue 29): an installation's archive, restored into an empty one, gives back every table (same
// row count, same checksum), every sequence and every file byte for byte; an archive changed after it was written,
// one of another version, or a restore into an installation already in use, is refused with nothing committed.
import { createHash, randomBytes } from 'node:crypto';
import { createReadStream, createWriteStream, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { createGunzip, createGzip } from 'node:zlib';
import { sql } from 'drizzle-orm';
import { extract as tarExtract, pack as tarPack } from 'tar-stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, findShopId, openEmptyDatabase, testAppKey } from '../../test/harness';
import { ingestReceipts } from '../modules/sales/sales-ingest.service';
import { type BackupManifest, RestoreRefused, restoreBackup, summarizeDatabase, writeBackup } from './backup';
import type { DatabaseHandle } from './db';
import { createLocalStorage, sealedStorage } from './storage';

const test = await createTestApp();
const folder = mkdtempSync(path.join(tmpdir(), 'bottega-backup-test-'));
const archiveFile = path.join(folder, 'backup.tar.gz');
const opened: DatabaseHandle[] = [];
let manifest: BackupManifest;
const bigFile = randomBytes(3 * 1024 * 1024);
let bigKey: string;
let sealedKey: string;

const sha256 = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');
const count = async (database: DatabaseHandle, table: string) => {
  const rows = await database.db.execute(sql`SELECT count(*)::int AS count FROM ${sql.identifier(table)}`);
  return (rows as unknown as { rows: { count: number }[] }).rows[0]?.count ?? 0;
};

async function emptyInstallation() {
  const database = await openEmptyDatabase();
  opened.push(database);
  const storage = createLocalStorage(mkdtempSync(path.join(folder, 'files-')));
  return { database, storage };
}

/** A copy of the archive with one entry's content changed, as a disk error or a hand edit would. */
async function tampered(change: (name: string, content: Buffer) => Buffer): Promise<string> {
  const target = path.join(folder, `tampered-${randomBytes(4).toString('hex')}.tar.gz`);
  const source = tarExtract();
  const output = tarPack();
  const reading = pipeline(createReadStream(archiveFile), createGunzip(), source);
  const writing = pipeline(output, createGzip(), createWriteStream(target));
  for await (const entry of source) {
    const chunks: Buffer[] = [];
    for await (const chunk of entry) chunks.push(Buffer.from(chunk as Uint8Array));
    const content = change(entry.header.name, Buffer.concat(chunks));
    await new Promise<void>((resolve, reject) =>
      output.entry({ name: entry.header.name, size: content.length }, content, (error) =>
        error ? reject(error) : resolve(),
      ),
    );
  }
  await reading;
  output.finalize();
  await writing;
  return target;
}

/** A receipt of register R1 with one line per [code, quantity, unit cents]. */
function receipt(receiptNumber: number, lines: [string, number, number][]) {
  const records = lines.map(([productCode, quantity, unitPriceCents]) => ({
    productCode,
    description: productCode,
    quantity,
    unitPriceCents,
    subtotalCents: quantity * unitPriceCents,
    vatRate: 2200,
  }));
  const totalCents = records.reduce((total, line) => total + line.subtotalCents, 0);
  return {
    registerCode: 'R1',
    businessDate: '2026-11-20',
    issuedAt: `2026-11-20T10:0${receiptNumber}:00+01:00`,
    receiptNumber,
    sequenceNumber: 100 + receiptNumber,
    type: 'sale',
    employee: null,
    totalCents,
    pieces: records.reduce((total, line) => total + line.quantity, 0),
    lines: records,
    payments: [{ method: 'cash', amountCents: totalCents }],
  };
}

beforeAll(async () => {
  const sold = await ingestReceipts({
    db: test.db,
    shopId: await findShopId(test.db, 'MI01'),
    clientId: null,
    records: [receipt(1, [['P1', 2, 1500]]), receipt(2, [['P1', 1, 1500]])],
  });
  expect(sold.accepted).toBe(2);
  bigKey = await test.app.storage.put('files/company', Readable.from([bigFile]), 'pdf');
  sealedKey = await sealedStorage(test.app.storage, testAppKey).put(
    'payslips/2026-10',
    bigFile.subarray(0, 100),
    'pdf',
  );
  manifest = await writeBackup({
    db: test.db,
    kind: process.env.BOTTEGA_TEST_DB === 'postgres' ? 'postgres' : 'pglite',
    storage: test.app.storage,
    file: archiveFile,
    now: new Date('2026-11-27T23:00:00Z'),
  });
});

afterAll(async () => {
  for (const database of opened) await database.close();
  await test.close();
  rmSync(folder, { recursive: true, force: true });
});

describe('a backup', () => {
  it('lists every table with its rows and checksum, and every stored file with its size and checksum', async () => {
    expect(Object.keys(manifest.tables).length).toBeGreaterThan(90);
    expect(manifest.tables.users?.rows).toBeGreaterThan(5);
    // Rows that triggers keep aggregates of: restoring them must not count them a second time.
    // Rows that triggers keep aggregates of: restoring them must not count them a second time.
    expect(manifest.tables.receipt_lines?.rows).toBe(2);
    expect(manifest.tables.shop_product_sales?.rows).toBeGreaterThan(0);
    expect(manifest.tables).toEqual(await summarizeDatabase(test.db));
    expect(manifest.migrations.length).toBeGreaterThan(30);
    expect(manifest.files).toContainEqual({ key: bigKey, size: bigFile.length, sha256: sha256(bigFile) });
    expect(manifest.files.map((file) => file.key)).toContain(sealedKey);
  });

  it('restores into an empty installation: every table, sequence and file as it was; not into one in use', async () => {
    const { database, storage } = await emptyInstallation();
    const progress: string[] = [];
    const restored = await restoreBackup({
      db: database.db,
      storage,
      file: archiveFile,
      onProgress: (step) => progress.push(step.step),
    });
    expect(restored.tables).toEqual(manifest.tables);
    expect(await summarizeDatabase(database.db)).toEqual(manifest.tables);
    expect(progress).toContain('table');
    expect(progress).toContain('file');
    for (const file of manifest.files) expect(sha256(await storage.get(file.key)), file.key).toBe(file.sha256);
    // Sealed files stay sealed, and open with the app key as before.
    expect(Buffer.from(await sealedStorage(storage, testAppKey).get(sealedKey)).equals(bigFile.subarray(0, 100))).toBe(
      true,
    );
    // The next id continues after the restored ones.
    const next = async (target: DatabaseHandle) => {
      const rows = await target.db.execute(sql`SELECT last_value::int AS value FROM users_id_seq`);
      return (rows as unknown as { rows: { value: number }[] }).rows[0]?.value;
    };
    expect(await next(database)).toBe(await next({ db: test.db } as DatabaseHandle));

    // Now in use: a second restore into it is refused and changes nothing there.
    await expect(restoreBackup({ db: database.db, storage, file: archiveFile })).rejects.toThrow(/not empty/);
    expect(await summarizeDatabase(database.db)).toEqual(manifest.tables);
  });

  it('refuses an archive whose table was changed after it was written, committing nothing', async () => {
    const file = await tampered((name, content) =>
      name === 'database/shops.jsonl' ? Buffer.from(content.toString('utf8').replace('"Milano', '"Milan0')) : content,
    );
    const { database, storage } = await emptyInstallation();
    const refusal = restoreBackup({ db: database.db, storage, file });
    await expect(refusal).rejects.toBeInstanceOf(RestoreRefused);
    await expect(refusal).rejects.toThrow(/table shops differs/);
    expect(await count(database, 'users')).toBe(0);
    expect(await count(database, 'shops')).toBe(0);
  });

  it('refuses an archive whose file was changed, or one written by another version', async () => {
    const changedFile = await tampered((name, content) =>
      name === `files/${bigKey}`
        ? Buffer.concat([content.subarray(0, -1), Buffer.from([(content.at(-1) ?? 0) ^ 1])])
        : content,
    );
    const first = await emptyInstallation();
    await expect(restoreBackup({ db: first.database.db, storage: first.storage, file: changedFile })).rejects.toThrow(
      /differs from the archive/,
    );
    expect(await count(first.database, 'users')).toBe(0);

    const otherVersion = await tampered((name, content) => {
      if (name !== 'manifest.json') return content;
      const parsed = JSON.parse(content.toString('utf8')) as BackupManifest;
      return Buffer.from(JSON.stringify({ ...parsed, migrations: [...parsed.migrations, 'f'.repeat(64)] }));
    });
    const second = await emptyInstallation();
    await expect(
      restoreBackup({ db: second.database.db, storage: second.storage, file: otherVersion }),
    ).rejects.toThrow(/restore it with the version that wrote it/);
    expect(await count(second.database, 'users')).toBe(0);
  });
});
