// Two server processes on one PostgreSQL database with REDIS_URL: each keeps resolved sessions in memory, and a change
// made through one is refused by the other on its very next request. Runs when TEST_REDIS_URL and TEST_DATABASE_URL
// are set (CI sets both).
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  api,
  createPostgresDatabase,
  createUserWithAbilities,
  findShopId,
  signIn,
  testConfig,
  testIndexHtml,
} from '../../test/harness';
import { buildApp } from '../app';
import { seedDemoData, seedUserGroups } from '../seed';
import { hashToken } from './crypto';
import { type DatabaseHandle, openDatabase } from './db';
import { createStorage } from './storage';

const redisUrl = process.env.TEST_REDIS_URL as string;
const onPostgres = Boolean(process.env.TEST_DATABASE_URL);

describe.skipIf(!onPostgres)('sessions cached by two server processes on one database', () => {
  let folder: string;
  let drop: () => Promise<void>;
  const handles: DatabaseHandle[] = [];
  /** Two apps, each with its own connection pool and session cache: two processes as far as the cache can tell. */
  let one: FastifyInstance;
  let other: FastifyInstance;
  let adminToken: string;

  beforeAll(async () => {
    folder = mkdtempSync(path.join(tmpdir(), 'bottega-session-cache-'));
    const config = testConfig(folder, { REDIS_URL: redisUrl });
    mkdirSync(config.webDist, { recursive: true });
    writeFileSync(path.join(config.webDist, 'index.html'), testIndexHtml);
    const created = await createPostgresDatabase();
    drop = created.drop;
    handles.push(openDatabase({ databaseUrl: created.url }), openDatabase({ databaseUrl: created.url }));
    const [first, second] = handles as [DatabaseHandle, DatabaseHandle];
    await first.migrate();
    await seedUserGroups(first.db);
    await seedDemoData(first.db, createStorage(config));
    one = await buildApp({ config, db: first.db });
    other = await buildApp({ config, db: second.db });
    await Promise.all([one.sessionCache.ready(), other.sessionCache.ready()]);
    adminToken = await signIn(one, 'admin');
  });

  afterAll(async () => {
    await Promise.all([one?.close(), other?.close()]);
    await Promise.all(handles.map((handle) => handle.close()));
    await drop?.();
    rmSync(folder, { recursive: true, force: true });
  });

  /** A first request on each process, after which both hold the session. */
  async function warmOnBoth(token: string) {
    for (const app of [one, other]) {
      expect((await api(app, { url: '/api/auth/user', token })).statusCode).toBe(200);
      expect(app.sessionCache.get(hashToken(token))).toBeDefined();
    }
  }

  it('is on with PostgreSQL and Redis', () => {
    expect(one.sessionCache.mode).toBe('shared');
    expect(other.sessionCache.usable()).toBe(true);
  });

  it('refuses on the other process an ability taken from the group through one', async () => {
    const user = await createUserWithAbilities(one.db, ['employees.dashboard', 'shops.manage.view'], {
      shops: ['MI01'],
    });
    const token = await signIn(one, user.username);
    await warmOnBoth(token);
    const shopId = await findShopId(one.db, 'MI01');
    expect((await api(other, { url: `/api/shops/${shopId}`, token })).statusCode).toBe(200);

    const group = (await api(one, { url: `/api/user-groups/${user.groupId}`, token: adminToken })).json().data;
    const edited = await api(one, {
      method: 'PUT',
      url: `/api/user-groups/${user.groupId}`,
      token: adminToken,
      body: { name: group.name, permissions: ['employees.dashboard'] },
    });
    expect(edited.statusCode, edited.body).toBe(200);
    await expect.poll(() => other.sessionCache.get(hashToken(token)), { timeout: 2_000 }).toBeUndefined();
    expect((await api(other, { url: `/api/shops/${shopId}`, token })).statusCode).toBe(403);
  });

  it('refuses on the other process a token signed out, or revoked, through one', async () => {
    const user = await createUserWithAbilities(one.db, ['employees.dashboard'], { shops: ['MI01'] });
    const token = await signIn(one, user.username);
    await warmOnBoth(token);
    expect((await api(one, { url: '/api/auth/logout', token })).statusCode).toBe(200);
    await expect.poll(() => other.sessionCache.get(hashToken(token)), { timeout: 2_000 }).toBeUndefined();
    expect((await api(other, { url: '/api/auth/user', token })).statusCode).toBe(401);

    const [phone, laptop] = [await signIn(one, user.username), await signIn(one, user.username)];
    await warmOnBoth(phone);
    await warmOnBoth(laptop);
    const sessions = (await api(one, { url: '/api/profile/sessions', token: laptop })).json().data;
    const phoneSession = sessions.find((session: { current: boolean }) => !session.current);
    const revoked = await api(one, {
      method: 'DELETE',
      url: `/api/profile/sessions/${phoneSession.id}`,
      token: laptop,
    });
    expect(revoked.statusCode, revoked.body).toBe(200);
    await expect.poll(() => other.sessionCache.get(hashToken(phone)), { timeout: 2_000 }).toBeUndefined();
    expect((await api(other, { url: '/api/auth/user', token: phone })).statusCode).toBe(401);
    expect((await api(other, { url: '/api/auth/user', token: laptop })).statusCode).toBe(200);
  });

  it('ends on the other process the sessions of an employee who leaves through one', async () => {
    const user = await createUserWithAbilities(one.db, ['employees.dashboard'], { shops: ['MI01'] });
    const token = await signIn(one, user.username);
    await warmOnBoth(token);
    const left = await api(one, {
      method: 'PUT',
      url: `/api/employees/${user.id}/type`,
      token: adminToken,
      body: { employeeType: 'EX' },
    });
    expect(left.statusCode, left.body).toBe(200);
    await expect.poll(() => other.sessionCache.get(hashToken(token)), { timeout: 2_000 }).toBeUndefined();
    expect((await api(other, { url: '/api/auth/user', token })).statusCode).toBe(401);
  });
});
