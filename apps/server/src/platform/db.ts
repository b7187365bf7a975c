// The database: embedded PGlite under DATA_DIR when DATABASE_URL is unset, PostgreSQL otherwise.
// Both speak the same SQL, so one Drizzle schema and one set of migrations serve both.
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { sql } from 'drizzle-orm';
import { drizzle as drizzleNodePostgres } from 'drizzle-orm/node-postgres';
import { migrate as migrateNodePostgres } from 'drizzle-orm/node-postgres/migrator';
import { type PgDatabase, type PgQueryResultHKT, PgTransaction } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import { repositoryRoot } from '../config';
import * as schema from '../schema';

export type Schema = typeof schema;
export type Database = PgDatabase<PgQueryResultHKT, Schema>;
/** A transaction or the database itself: services accept either. */
export type Executor = Pick<Database, 'select' | 'insert' | 'update' | 'delete' | 'execute' | 'query'>;

export type DatabaseHandle = {
  db: Database;
  kind: 'pglite' | 'postgres';
  migrate: () => Promise<void>;
  close: () => Promise<void>;
};

export const migrationsFolder = path.join(repositoryRoot, 'apps/server/migrations');

/** PostgreSQL's extensions the migrations create; PGlite loads them from its own build. */
const extensions = { pg_trgm };

/** Arbitrary constant: the advisory lock that lets one server process migrate while others wait. */
const MIGRATION_LOCK_ID = 7_220_451;

export function openDatabase(options: {
  databaseUrl?: string;
  dataDir?: string;
  inMemory?: boolean;
  /** An in-memory database starting as this dump of another (PGlite dumpDataDir): the tests' migrated schema. */
  fromDump?: Blob;
}): DatabaseHandle {
  if (options.databaseUrl) {
    const pool = new pg.Pool({ connectionString: options.databaseUrl, max: 10 });
    // An idle connection the server closes (restart, failover, a dropped database) is discarded by
    // the pool and replaced on the next query; without a listener its 'error' would crash the process.
    pool.on('error', (error) => {
      process.emitWarning(`idle database connection lost: ${error.message}`);
    });
    const db = drizzleNodePostgres(pool, { schema }) as unknown as Database;
    return {
      db,
      kind: 'postgres',
      migrate: async () => {
        const client = await pool.connect();
        try {
          await client.query('SELECT pg_advisory_lock($1)', [MIGRATION_LOCK_ID]);
          await migrateNodePostgres(drizzleNodePostgres(client, { schema }), { migrationsFolder });
        } finally {
          await client.query('SELECT pg_advisory_unlock($1)', [MIGRATION_LOCK_ID]).catch(() => undefined);
          client.release();
        }
      },
      close: () => pool.end(),
    };
  }
  let client: PGlite;
  if (options.inMemory) {
    client = options.fromDump ? new PGlite({ loadDataDir: options.fromDump, extensions }) : new PGlite({ extensions });
  } else {
    const directory = path.join(options.dataDir ?? 'data', 'pgdata');
    mkdirSync(directory, { recursive: true });
    client = new PGlite(directory, { extensions });
  }
  const db = drizzlePglite(client, { schema });
  return {
    db: db as unknown as Database,
    kind: 'pglite',
    migrate: () => migratePglite(db, { migrationsFolder }),
    close: () => client.close(),
  };
}

/**
 * A hot statement prepared once per database handle (`.prepare(name)` with `sql.placeholder`s): its SQL is built once
 * rather than on every request, and PostgreSQL parses and plans it once per connection. Given a transaction, it is
 * prepared for that transaction alone.
 */
export function preparedPerDatabase<Statement>(prepare: (db: Executor) => Statement): (db: Executor) => Statement {
  const prepared = new WeakMap<Executor, Statement>();
  return (db) => {
    let statement = prepared.get(db);
    if (!statement) {
      statement = prepare(db);
      prepared.set(db, statement);
    }
    return statement;
  };
}

/** What readTogether answers: each read's awaited answer, in their order. */
type AnswersOf<Reads extends readonly (() => unknown)[]> = {
  -readonly [Index in keyof Reads]: Awaited<ReturnType<Reads[Index]>>;
};

/**
 * Reads that do not depend on each other, given as functions that start them: at once on the database (each on a
 * connection of its own), one after another in a transaction, whose one connection runs one statement at a time —
 * `pg` queues a second one today with a deprecation warning, and pg 9 refuses it.
 */
export async function readTogether<const Reads extends readonly (() => unknown)[]>(
  db: Executor,
  reads: Reads,
): Promise<AnswersOf<Reads>> {
  if (!(db instanceof PgTransaction)) return (await Promise.all(reads.map((read) => read()))) as AnswersOf<Reads>;
  const answers: unknown[] = [];
  for (const read of reads) answers.push(await read());
  return answers as AnswersOf<Reads>;
}

export async function databaseIsEmpty(db: Database): Promise<boolean> {
  const rows = await db.execute(sql`SELECT count(*)::int AS count FROM users`);
  return Number((rows as unknown as { rows: { count: number }[] }).rows[0]?.count ?? 0) === 0;
}

/** An ILIKE pattern matching `search` anywhere, with `%`, `_` and `\` typed by people taken literally. */
export function containsPattern(search: string): string {
  return `%${search.replace(/[%_\\]/g, '\\$&')}%`;
}
