// readTogether: reads that do not depend on each other run at once on the database, and one after another in a
// transaction, whose one connection runs one statement at a time (on PostgreSQL the suite's setup fails a second one).
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openEmptyDatabase } from '../../test/harness';
import { type DatabaseHandle, type Executor, readTogether } from './db';

let database: DatabaseHandle;

beforeAll(async () => {
  database = await openEmptyDatabase();
});
afterAll(async () => {
  await database?.close();
});

/** Three reads that log when each starts and ends; each waits a little inside PostgreSQL. */
function loggedReads(db: Executor, log: string[]) {
  const read = (name: string, answer: number) => async () => {
    log.push(`${name} starts`);
    await db.execute(sql`SELECT pg_sleep(0.02)`);
    log.push(`${name} ends`);
    return answer;
  };
  return [read('a', 1), read('b', 2), read('c', 3)] as const;
}

describe('readTogether', () => {
  it('starts every read at once on the database and answers in their order', async () => {
    const log: string[] = [];
    const answers = await readTogether(database.db, loggedReads(database.db, log));
    expect(answers).toEqual([1, 2, 3]);
    expect(log.slice(0, 3)).toEqual(['a starts', 'b starts', 'c starts']);
  });

  it('runs them one after another in a transaction, answering in their order', async () => {
    const log: string[] = [];
    const answers = await database.db.transaction((tx) => readTogether(tx, loggedReads(tx, log)));
    expect(answers).toEqual([1, 2, 3]);
    expect(log).toEqual(['a starts', 'a ends', 'b starts', 'b ends', 'c starts', 'c ends']);
  });

  it('takes reads that answer without the database, as a branch with nothing to read does', async () => {
    const answers = await database.db.transaction((tx) =>
      readTogether(tx, [() => [] as number[], () => tx.execute(sql`SELECT 1 AS one`)]),
    );
    expect(answers[0]).toEqual([]);
    expect((answers[1] as unknown as { rows: { one: number }[] }).rows[0]?.one).toBe(1);
  });
});
