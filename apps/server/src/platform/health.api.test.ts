// The health probes (issue 29): alive while the process runs; ready only while the database answers, no migration is
// pending and the storage takes a write (Redis is checked in health.redis.test.ts), each check's outcome said and
// nothing more.
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { api, createTestApp } from '../../test/harness';

const test = await createTestApp();
afterAll(() => test.close());

describe('health', () => {
  it('answers alive without a session', async () => {
    const response = await api(test.app, { url: '/health/live', csrf: false });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ status: 'alive' });
  });

  it('answers ready with each check, Redis not configured', async () => {
    const response = await api(test.app, { url: '/health/ready', csrf: false });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({
      status: 'ready',
      checks: { database: 'ok', migrations: 'ok', redis: 'notConfigured', storage: 'ok' },
    });
    expect(response.headers['cache-control']).toBe('no-store');
  });

  it('is not ready while a migration of this build has not run, and says which check', async () => {
    const rows = await test.db.execute(
      sql`SELECT id, hash, created_at FROM drizzle.__drizzle_migrations ORDER BY id DESC LIMIT 1`,
    );
    const last = (rows as unknown as { rows: { id: number; hash: string; created_at: string }[] }).rows[0];
    if (!last) throw new Error('no migration recorded');
    await test.db.execute(sql`DELETE FROM drizzle.__drizzle_migrations WHERE id = ${last.id}`);
    try {
      const response = await api(test.app, { url: '/health/ready', csrf: false });
      expect(response.statusCode).toBe(503);
      expect(response.json()).toEqual({
        status: 'notReady',
        checks: { database: 'ok', migrations: 'pending', redis: 'notConfigured', storage: 'ok' },
      });
    } finally {
      await test.db.execute(
        sql`INSERT INTO drizzle.__drizzle_migrations (id, hash, created_at) VALUES (${last.id}, ${last.hash}, ${last.created_at})`,
      );
    }
  });

  it('is not ready while the storage refuses a write, telling no reason to the caller', async () => {
    // A plain file where the probe's folder would go: the write fails as on a full or read-only disk.
    const blocked = path.join(test.config.dataDir, 'files', 'health');
    mkdirSync(path.dirname(blocked), { recursive: true });
    rmSync(blocked, { recursive: true, force: true });
    writeFileSync(blocked, 'not a folder');
    try {
      const response = await api(test.app, { url: '/health/ready', csrf: false });
      expect(response.statusCode).toBe(503);
      expect(response.json().checks.storage).toBe('failed');
      expect(response.body).not.toContain(test.config.dataDir);
    } finally {
      rmSync(blocked, { force: true });
    }
    expect((await api(test.app, { url: '/health/ready', csrf: false })).statusCode).toBe(200);
  });
});
