// Backup and restore (npm run backup / npm run restore): one gzipped tar archive holding the database — every table of
// one consistent snapshot, as JSON lines — and every stored file, with SHA-256 checksums of each table and each file.
// The tables are written as rows, not as an engine's files, so an embedded installation's archive restores into
// PostgreSQL as well (the way from a trial to production). A restore goes into an empty installation of the same
// version, in one transaction: every table is refilled exactly as it was (triggers and foreign-key checks held back,
// as pg_restore does, so kept aggregates are not counted twice), the sequences set, each table's checksum compared
// before anything is committed, and each file's after it is written.
import { createHash } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdtemp, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { createGunzip, createGzip } from 'node:zlib';
import { sql } from 'drizzle-orm';
import { extract as tarExtract, pack as tarPack } from 'tar-stream';
import { hashed } from './crypto';
import type { Database, Executor } from './db';
import { bodyBytes, type Storage } from './storage-contract';

/** The archive's layout version: a restore refuses any other. */
const formatVersion = 1;
/** Rows read and written at a time. */
const batchRows = 1000;

export type TableSummary = { rows: number; sha256: string };
export type BackupManifest = {
  format: number;
  createdAt: string;
  database: 'pglite' | 'postgres';
  /** The migrations the database had (their hashes, in order): a restore needs a build with exactly these. */
  migrations: string[];
  tables: Record<string, TableSummary>;
  sequences: Record<string, number | null>;
  files: { key: string; size: number; sha256: string }[];
};

export type BackupProgress = { step: 'table' | 'file'; name: string; done: number; total: number };

type Rows<T> = { rows: T[] };
const rowsOf = async <T>(executor: Executor, query: ReturnType<typeof sql>) =>
  ((await executor.execute(query)) as unknown as Rows<T>).rows;

/** The application's tables (schema public), in name order. */
async function tableNames(executor: Executor): Promise<string[]> {
  const rows = await rowsOf<{ name: string }>(
    executor,
    sql`SELECT tablename AS name FROM pg_tables WHERE schemaname = 'public' ORDER BY tablename`,
  );
  return rows.map((row) => row.name);
}

/** The migrations applied, in order, by their hash. */
export async function appliedMigrations(executor: Executor): Promise<string[]> {
  const rows = await rowsOf<{ hash: string }>(
    executor,
    sql`SELECT hash FROM drizzle.__drizzle_migrations ORDER BY created_at, id`,
  );
  return rows.map((row) => row.hash);
}

/** A stable order for a table's rows: its primary key, or the whole row for a table without one. */
async function orderOf(executor: Executor, table: string): Promise<ReturnType<typeof sql>> {
  const rows = await rowsOf<{ name: string }>(
    executor,
    sql`SELECT a.attname AS name FROM pg_index i
        JOIN pg_attribute a ON a.attrelid = i.indrelid AND a.attnum = ANY(i.indkey)
        WHERE i.indrelid = ${`public.${table}`}::regclass AND i.indisprimary
        ORDER BY array_position(i.indkey, a.attnum)`,
  );
  if (rows.length === 0) return sql`1`;
  return sql.join(
    rows.map((row) => sql.identifier(row.name)),
    sql`, `,
  );
}

/**
 * Each row of a table as one JSON line, in a stable order, through a cursor (a table of millions of rows is never held
 * whole). Runs inside the caller's transaction, whose snapshot it reads.
 */
async function* tableLines(executor: Executor, table: string): AsyncGenerator<string> {
  const cursor = `backup_${table}`;
  const order = await orderOf(executor, table);
  await executor.execute(
    sql`DECLARE ${sql.identifier(cursor)} NO SCROLL CURSOR FOR
        SELECT row_to_json(t)::text AS line FROM ${sql.identifier(table)} t ORDER BY ${order}`,
  );
  try {
    for (;;) {
      const rows = await rowsOf<{ line: string }>(
        executor,
        sql`FETCH ${sql.raw(String(batchRows))} FROM ${sql.identifier(cursor)}`,
      );
      for (const row of rows) yield row.line;
      if (rows.length < batchRows) return;
    }
  } finally {
    await executor.execute(sql`CLOSE ${sql.identifier(cursor)}`);
  }
}

/** Row count and checksum of every table, read in the caller's transaction (its clock in UTC). */
async function summarizeTables(executor: Executor): Promise<Record<string, TableSummary>> {
  const summaries: Record<string, TableSummary> = {};
  for (const table of await tableNames(executor)) {
    const hash = createHash('sha256');
    let rows = 0;
    for await (const line of tableLines(executor, table)) {
      hash.update(`${line}\n`);
      rows += 1;
    }
    summaries[table] = { rows, sha256: hash.digest('hex') };
  }
  return summaries;
}

/** The database as of one instant: read-only, repeatable read, timestamps written in UTC whatever the server's zone. */
async function inSnapshot<T>(db: Database, work: (tx: Executor) => Promise<T>): Promise<T> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`SET TRANSACTION ISOLATION LEVEL REPEATABLE READ, READ ONLY`);
    await tx.execute(sql`SET LOCAL TIME ZONE 'UTC'`);
    return work(tx);
  });
}

/** Row count and checksum of every table as of now: what an archive's manifest says of the database it was taken of. */
export function summarizeDatabase(db: Database): Promise<Record<string, TableSummary>> {
  return inSnapshot(db, summarizeTables);
}

/** Writes a stream as one entry of the archive, the size known beforehand. */
async function addEntry(
  archive: ReturnType<typeof tarPack>,
  name: string,
  size: number,
  source: AsyncIterable<Uint8Array> | Iterable<Uint8Array>,
) {
  await new Promise<void>((resolve, reject) => {
    const sink = archive.entry({ name, size, mode: 0o600 }, (error) => (error ? reject(error) : resolve()));
    (async () => {
      for await (const chunk of source) {
        if (!sink.write(chunk)) await new Promise<void>((drained) => sink.once('drain', () => drained()));
      }
      // streamx's types ask for a last chunk; it takes none.
      sink.end(undefined);
    })().catch((error: unknown) => {
      sink.destroy(error as Error);
      reject(error);
    });
  });
}

/**
 * Writes the archive to `file`: the database's snapshot table by table (each first to a temporary file, since a tar
 * entry states its size before its content), the sequences, then every stored file, and the manifest last.
 */
export async function writeBackup(options: {
  db: Database;
  kind: 'pglite' | 'postgres';
  storage: Storage;
  file: string;
  now: Date;
  onProgress?: (progress: BackupProgress) => void;
}): Promise<BackupManifest> {
  const archive = tarPack();
  const written = pipeline(archive, createGzip(), createWriteStream(options.file, { mode: 0o600 }));
  const work = await mkdtemp(path.join(tmpdir(), 'bottega-backup-'));
  try {
    const { tables, sequences, migrations } = await inSnapshot(options.db, async (tx) => {
      const names = await tableNames(tx);
      const summaries: Record<string, TableSummary> = {};
      for (const [index, table] of names.entries()) {
        options.onProgress?.({ step: 'table', name: table, done: index, total: names.length });
        const spool = path.join(work, `${table}.jsonl`);
        const hash = createHash('sha256');
        let rows = 0;
        const lines = async function* () {
          for await (const line of tableLines(tx, table)) {
            const text = `${line}\n`;
            hash.update(text);
            rows += 1;
            yield text;
          }
        };
        await pipeline(Readable.from(lines()), createWriteStream(spool));
        summaries[table] = { rows, sha256: hash.digest('hex') };
        await addEntry(archive, `database/${table}.jsonl`, (await stat(spool)).size, createReadStream(spool));
        await rm(spool);
      }
      const sequenceRows = await rowsOf<{ name: string; value: string | null }>(
        tx,
        sql`SELECT sequencename AS name, last_value::text AS value FROM pg_sequences WHERE schemaname = 'public'`,
      );
      return {
        tables: summaries,
        sequences: Object.fromEntries(
          sequenceRows.map((row) => [row.name, row.value === null ? null : Number(row.value)]),
        ),
        migrations: await appliedMigrations(tx),
      };
    });
    const objects: { key: string; size: number }[] = [];
    for await (const object of options.storage.list()) objects.push(object);
    const files: BackupManifest['files'] = [];
    for (const [index, object] of objects.entries()) {
      options.onProgress?.({ step: 'file', name: object.key, done: index, total: objects.length });
      const { stream, digest } = hashed(await options.storage.stream(object.key));
      await addEntry(archive, `files/${object.key}`, object.size, stream);
      files.push({ key: object.key, size: object.size, sha256: digest() });
    }
    const manifest: BackupManifest = {
      format: formatVersion,
      createdAt: options.now.toISOString(),
      database: options.kind,
      migrations,
      tables,
      sequences,
      files,
    };
    const text = Buffer.from(JSON.stringify(manifest, null, 2));
    await addEntry(archive, 'manifest.json', text.length, [text]);
    archive.finalize();
    await written;
    return manifest;
  } catch (error) {
    archive.destroy(error as Error);
    await written.catch(() => undefined);
    await rm(options.file, { force: true });
    throw error;
  } finally {
    await rm(work, { recursive: true, force: true });
  }
}

export class RestoreRefused extends Error {}

/** The columns a restore writes: every one but the generated ones, which the database computes again. */
async function writableColumns(executor: Executor, table: string): Promise<string[]> {
  const rows = await rowsOf<{ name: string }>(
    executor,
    sql`SELECT column_name AS name FROM information_schema.columns
        WHERE table_schema = 'public' AND table_name = ${table} AND is_generated = 'NEVER'
        ORDER BY ordinal_position`,
  );
  return rows.map((row) => row.name);
}

/** Inserts JSON lines into a table a batch at a time, each line turned back into a row by the table's own types. */
async function insertLines(executor: Executor, table: string, columns: string[], lines: string[]) {
  if (lines.length === 0) return;
  const list = sql.join(
    columns.map((column) => sql.identifier(column)),
    sql`, `,
  );
  await executor.execute(
    sql`INSERT INTO ${sql.identifier(table)} (${list}) OVERRIDING SYSTEM VALUE
        SELECT ${list} FROM json_populate_recordset(NULL::${sql.identifier(table)}, ${`[${lines.join(',')}]`}::json)`,
  );
}

/**
 * Restores an archive into an empty installation (no user yet; its migrations applied by the same version). Nothing
 * is committed unless every table matches its checksum; a file that does not fails the restore too.
 */
export async function restoreBackup(options: {
  db: Database;
  storage: Storage;
  file: string;
  onProgress?: (progress: BackupProgress) => void;
}): Promise<BackupManifest> {
  const archive = tarExtract();
  const source = createReadStream(options.file);
  try {
    return await options.db.transaction(async (tx) => {
      const users = await rowsOf<{ count: number }>(tx, sql`SELECT count(*)::int AS count FROM users`);
      if (Number(users[0]?.count ?? 0) > 0) {
        throw new RestoreRefused('this installation is not empty: restore into a new database and storage');
      }
      const tables = await tableNames(tx);
      // What the migrations themselves inserted is replaced by the archive's rows, like everything else.
      await tx.execute(
        sql`TRUNCATE ${sql.join(
          tables.map((table) => sql.identifier(table)),
          sql`, `,
        )} RESTART IDENTITY CASCADE`,
      );
      await tx.execute(sql`SET LOCAL session_replication_role = replica`);
      const restoredTables = new Set<string>();
      const files: BackupManifest['files'] = [];
      let manifest: BackupManifest | undefined;
      // Read only from here: entries found before anyone iterates would be lost. Piped by hand, since tar-stream's
      // streams are streamx's, which node's pipeline does not drive as a destination.
      source
        .on('error', (error) => archive.destroy(error))
        .pipe(createGunzip())
        .on('error', (error) => archive.destroy(error))
        .pipe(archive as unknown as NodeJS.WritableStream);
      for await (const entry of archive) {
        const name = entry.header.name;
        if (name.startsWith('database/') && name.endsWith('.jsonl')) {
          const table = name.slice('database/'.length, -'.jsonl'.length);
          if (!tables.includes(table)) throw new RestoreRefused(`the archive has a table this version lacks: ${table}`);
          options.onProgress?.({ step: 'table', name: table, done: restoredTables.size, total: tables.length });
          const columns = await writableColumns(tx, table);
          let batch: string[] = [];
          for await (const line of createInterface({ input: Readable.from(entry), crlfDelay: Infinity })) {
            batch.push(line);
            if (batch.length === batchRows) {
              await insertLines(tx, table, columns, batch);
              batch = [];
            }
          }
          await insertLines(tx, table, columns, batch);
          restoredTables.add(table);
        } else if (name.startsWith('files/')) {
          const key = name.slice('files/'.length);
          options.onProgress?.({ step: 'file', name: key, done: files.length, total: 0 });
          const { stream, digest } = hashed(Readable.from(entry));
          await options.storage.write(key, stream);
          files.push({ key, size: entry.header.size, sha256: digest() });
        } else if (name === 'manifest.json') {
          manifest = JSON.parse(Buffer.from(await bodyBytes(Readable.from(entry))).toString('utf8')) as BackupManifest;
        } else {
          entry.resume();
        }
      }
      if (!manifest) throw new RestoreRefused('the archive has no manifest: it is cut short or not a Bottega backup');
      if (manifest.format !== formatVersion) throw new RestoreRefused(`unknown archive format ${manifest.format}`);
      const migrations = await appliedMigrations(tx);
      if (migrations.join() !== manifest.migrations.join()) {
        throw new RestoreRefused(
          `the archive was written with ${manifest.migrations.length} migrations and this version has ` +
            `${migrations.length}: restore it with the version that wrote it, then upgrade`,
        );
      }
      for (const [sequence, value] of Object.entries(manifest.sequences)) {
        if (value !== null) await tx.execute(sql`SELECT setval(${`public.${sequence}`}::regclass, ${value}, true)`);
      }
      await tx.execute(sql`SET LOCAL session_replication_role = DEFAULT`);
      await tx.execute(sql`SET LOCAL TIME ZONE 'UTC'`);
      const restored = await summarizeTables(tx);
      for (const [table, summary] of Object.entries(manifest.tables)) {
        const found = restored[table];
        if (found?.rows !== summary.rows || found.sha256 !== summary.sha256) {
          throw new RestoreRefused(
            `table ${table} differs from the archive (${found?.rows ?? 0} rows for ${summary.rows}): nothing restored`,
          );
        }
      }
      const byKey = new Map(files.map((file) => [file.key, file]));
      for (const expected of manifest.files) {
        const found = byKey.get(expected.key);
        if (found?.sha256 !== expected.sha256) {
          throw new RestoreRefused(`file ${expected.key} differs from the archive or is missing: nothing restored`);
        }
      }
      return manifest;
    });
  } catch (error) {
    source.destroy();
    archive.destroy();
    throw error;
  }
}
