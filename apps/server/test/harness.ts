// Test harness: a fresh, migrated and seeded database per app (PGlite in memory, or a brand-new
// PostgreSQL database when BOTTEGA_TEST_DB=postgres), the app built on it, sign-in helpers, and
// factories for users and groups.
import { createHash, randomBytes } from 'node:crypto';
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Ability } from '@bottega/contracts/permissions';
import { and, desc, eq, inArray } from 'drizzle-orm';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import pg from 'pg';
import { io, type Socket } from 'socket.io-client';
import { buildApp } from '../src/app';
import { type Config, loadConfig, repositoryRoot } from '../src/config';
import { users } from '../src/modules/employees/employees.schema';
import { shops, userShops } from '../src/modules/shops/shops.schema';
import { userGroupMembers, userGroups } from '../src/modules/user-groups/user-groups.schema';
import { decryptSecret, issueCsrfToken } from '../src/platform/crypto';
import { type Database, type DatabaseHandle, migrationsFolder, openDatabase } from '../src/platform/db';
import type { LogStream } from '../src/platform/logging';
import { mailOutbox } from '../src/platform/mail.schema';
import { hashPassword } from '../src/platform/passwords';
import { smsOutbox } from '../src/platform/sms.schema';
import { createStorage } from '../src/platform/storage';
import { demoPassword, seedDemoData, seedUserGroups } from '../src/seed';
import { startTestBucket } from './s3-server';

export { demoPassword };

/** Fixed, so tests can sign and check CSRF tokens and channel grants themselves. */
export const testAppKey = 'test-app-key-0123456789-abcdefghijklmnopqrstuvwxyz';

/** The page the fallback serves; the server adds the CSRF meta tag before `</head>`. */
export const testIndexHtml =
  '<!doctype html>\n<html>\n  <head>\n    <title>Bottega</title>\n  </head>\n  <body></body>\n</html>\n';

export type TestApp = { app: FastifyInstance; db: Database; config: Config; close: () => Promise<void> };

/** A configuration like production's, with temp folders, a fixed key and no logs; `overrides` are environment variables. */
export function testConfig(folder: string, overrides: Record<string, string> = {}): Config {
  return loadConfig({
    APP_KEY: testAppKey,
    DATA_DIR: path.join(folder, 'data'),
    WEB_DIST: path.join(folder, 'web'),
    LOG_LEVEL: 'silent',
    ...overrides,
  });
}

/** The migrations' own hash: a database migrated once is reused until a migration is added or changed. */
function migrationsHash(): string {
  const hash = createHash('sha256');
  for (const name of readdirSync(migrationsFolder, { recursive: true }).map(String).sort()) {
    const file = path.join(migrationsFolder, name);
    if (name.endsWith('.sql') || name.endsWith('.json')) hash.update(name).update(readFileSync(file));
  }
  return hash.digest('hex').slice(0, 16);
}

/** Runs statements on TEST_DATABASE_URL's database in one connection of their own. */
async function onTestServer<T>(work: (client: pg.Client) => Promise<T>): Promise<T> {
  const baseUrl = process.env.TEST_DATABASE_URL;
  if (!baseUrl) throw new Error('BOTTEGA_TEST_DB=postgres needs TEST_DATABASE_URL');
  const client = new pg.Client({ connectionString: baseUrl });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

function databaseUrl(name: string): string {
  const url = new URL(process.env.TEST_DATABASE_URL ?? '');
  url.pathname = `/${name}`;
  return url.toString();
}

/** Arbitrary constant: the advisory lock under which one test process builds the migrated template. */
const TEMPLATE_LOCK_ID = 7_220_452;

/**
 * The name of a database on the test server with every migration applied, which new databases are copied from:
 * migrating from nothing took most of a second for every API test file. Built once per set of migrations (its name
 * carries their hash), under a lock, migrated under another name and renamed when complete, so a copy is never taken
 * of half a template; the templates of older migrations are dropped then.
 */
async function migratedTemplate(): Promise<string> {
  const name = `bottega_template_${migrationsHash()}`;
  const exists = (client: pg.Client) =>
    client.query('SELECT 1 FROM pg_database WHERE datname = $1', [name]).then((answer) => answer.rowCount === 1);
  return onTestServer(async (client) => {
    if (await exists(client)) return name;
    await client.query('SELECT pg_advisory_lock($1)', [TEMPLATE_LOCK_ID]);
    try {
      if (await exists(client)) return name;
      const older = await client.query<{ datname: string }>(
        "SELECT datname FROM pg_database WHERE datname LIKE 'bottega\\_template\\_%'",
      );
      for (const { datname } of older.rows) await client.query(`DROP DATABASE IF EXISTS "${datname}" WITH (FORCE)`);
      const building = `bottega_building_${randomBytes(8).toString('hex')}`;
      await client.query(`CREATE DATABASE "${building}"`);
      const database = openDatabase({ databaseUrl: databaseUrl(building) });
      try {
        await database.migrate();
      } finally {
        await database.close();
      }
      await client.query(`ALTER DATABASE "${building}" RENAME TO "${name}"`);
      return name;
    } finally {
      await client.query('SELECT pg_advisory_unlock($1)', [TEMPLATE_LOCK_ID]);
    }
  });
}

/**
 * A brand-new database on TEST_DATABASE_URL with every migration applied (a copy of the migrated template), dropped
 * (even with open connections) by `drop`.
 */
export async function createPostgresDatabase(): Promise<{ url: string; drop: () => Promise<void> }> {
  const template = await migratedTemplate();
  const name = `bottega_test_${randomBytes(8).toString('hex')}`;
  await onTestServer((client) => client.query(`CREATE DATABASE "${name}" TEMPLATE "${template}"`));
  return {
    url: databaseUrl(name),
    drop: () => onTestServer((client) => client.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`)).then(() => {}),
  };
}

/**
 * An embedded database with every migration applied. Migrating PGlite from nothing takes seconds, and every API test
 * file builds its own database: the first one to need it migrates once and keeps a dump of the result (in
 * node_modules/.cache, named by the migrations' own hash, so a new migration makes a new dump); the others start from
 * that dump in about a second.
 */
async function openMigratedPglite(): Promise<DatabaseHandle> {
  const cacheFolder = path.join(repositoryRoot, 'node_modules/.cache/bottega-tests');
  const dumpFile = path.join(cacheFolder, `pglite-migrated-${migrationsHash()}.tar`);
  if (existsSync(dumpFile)) return openDatabase({ inMemory: true, fromDump: new Blob([readFileSync(dumpFile)]) });
  const database = openDatabase({ inMemory: true });
  await database.migrate();
  const client = (database.db as unknown as { $client: { dumpDataDir: (compression: 'none') => Promise<Blob> } })
    .$client;
  const dump = Buffer.from(await (await client.dumpDataDir('none')).arrayBuffer());
  mkdirSync(cacheFolder, { recursive: true });
  // Written aside and renamed: a file running at the same time never reads half a dump.
  const partial = `${dumpFile}.${process.pid}`;
  writeFileSync(partial, dump);
  renameSync(partial, dumpFile);
  return database;
}

/** A database with every migration applied and nothing else, of the kind the suite runs on: a restore's target. */
export async function openEmptyDatabase(): Promise<DatabaseHandle> {
  if (process.env.BOTTEGA_TEST_DB !== 'postgres') return openMigratedPglite();
  const postgres = await createPostgresDatabase();
  const database = openDatabase({ databaseUrl: postgres.url });
  await database.migrate();
  return {
    ...database,
    close: async () => {
      await database.close();
      await postgres.drop();
    },
  };
}

/**
 * A migrated, seeded database and the app on it. With BOTTEGA_TEST_STORAGE=s3 (the api-s3 project) its files are kept
 * in a bucket of a local S3-protocol server instead of the temp folder.
 */
export async function createTestApp(
  overrides: Record<string, string> = {},
  options: { logStream?: LogStream } = {},
): Promise<TestApp> {
  const folder = mkdtempSync(path.join(tmpdir(), 'bottega-test-'));
  const bucket = process.env.BOTTEGA_TEST_STORAGE === 's3' ? await startTestBucket() : undefined;
  const config = testConfig(folder, { ...bucket?.environment, ...overrides });
  mkdirSync(config.webDist, { recursive: true });
  writeFileSync(path.join(config.webDist, 'index.html'), testIndexHtml);
  mkdirSync(path.join(config.webDist, 'assets'), { recursive: true });
  writeFileSync(path.join(config.webDist, 'assets', 'index-abc123.js'), 'console.log("bottega");');
  writeFileSync(path.join(config.webDist, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');

  const postgres = process.env.BOTTEGA_TEST_DB === 'postgres' ? await createPostgresDatabase() : undefined;
  let database: DatabaseHandle | undefined;
  let app: FastifyInstance | undefined;
  const close = async () => {
    await app?.close();
    await database?.close();
    await postgres?.drop();
    await bucket?.close();
    rmSync(folder, { recursive: true, force: true });
  };
  try {
    database = postgres ? openDatabase({ databaseUrl: postgres.url }) : await openMigratedPglite();
    // Nothing to do on a database started from the migrated dump; the migrator checks and returns.
    await database.migrate();
    await seedUserGroups(database.db);
    await seedDemoData(database.db, createStorage(config));
    app = await buildApp({ config, db: database.db, logStream: options.logStream });
    return { app, db: database.db, config, close };
  } catch (error) {
    await close().catch(() => undefined);
    throw error;
  }
}

/** The keys the app's storage keeps under a folder (`employees/12/`), on the disk or in the bucket alike. */
export async function storedKeys(app: FastifyInstance, folder: string): Promise<string[]> {
  const keys: string[] = [];
  for await (const object of app.storage.list()) if (object.key.startsWith(folder)) keys.push(object.key);
  return keys;
}

/** What the web sends on every state-changing call: the script marker and the page's CSRF token. */
export function csrfHeaders(appKey: string = testAppKey): Record<string, string> {
  return { 'x-requested-with': 'XMLHttpRequest', 'x-csrf-token': issueCsrfToken(appKey) };
}

export type ApiRequest = {
  method?: InjectOptions['method'];
  url: string;
  token?: string;
  /** Serialized as JSON unless it is a string (sent as is, with the headers given). */
  body?: unknown;
  /** Accept-Language; none means the server's default (Italian). */
  lng?: string;
  /** false leaves out the CSRF headers. */
  csrf?: boolean;
  headers?: Record<string, string>;
};

/** A call as the web makes it: bearer token, CSRF headers and language added. */
export function api(app: FastifyInstance, request: ApiRequest): Promise<LightMyRequestResponse> {
  const headers: Record<string, string> = {
    ...(request.csrf === false ? {} : csrfHeaders()),
    ...(request.token ? { authorization: `Bearer ${request.token}` } : {}),
    ...(request.lng ? { 'accept-language': request.lng } : {}),
    ...(typeof request.body === 'string' ? { 'content-type': 'application/json' } : {}),
    ...request.headers,
  };
  return app.inject({
    method: request.method ?? 'GET',
    url: request.url,
    headers,
    ...(request.body === undefined ? {} : { payload: request.body as InjectOptions['payload'] }),
  });
}

/** A file sent as the browser's FormData does: text fields first, then the one file, in a multipart body. */
export function multipart(
  file: { name: string; type?: string; bytes: Uint8Array | string },
  fields: Record<string, string> = {},
): { payload: Buffer; contentType: string } {
  const boundary = `----bottega${Math.random().toString(16).slice(2)}`;
  const head = Object.entries(fields)
    .map(([name, value]) => `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`)
    .join('');
  const part = `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${file.name}"\r\nContent-Type: ${file.type ?? 'application/octet-stream'}\r\n\r\n`;
  return {
    payload: Buffer.concat([Buffer.from(head + part), Buffer.from(file.bytes), Buffer.from(`\r\n--${boundary}--\r\n`)]),
    contentType: `multipart/form-data; boundary=${boundary}`,
  };
}

function expectOk(response: LightMyRequestResponse, what: string): void {
  if (response.statusCode !== 200) throw new Error(`${what} answered ${response.statusCode}: ${response.body}`);
}

/** Signs in with a password alone (no two-factor) and returns the bearer token. */
export async function signIn(
  app: FastifyInstance,
  login: string,
  password: string = demoPassword,
  remember = false,
): Promise<string> {
  const response = await api(app, { method: 'POST', url: '/api/auth/login', body: { login, password, remember } });
  expectOk(response, `sign-in of ${login}`);
  const { data } = response.json();
  if (data.step !== 'signedIn') throw new Error(`sign-in of ${login} asks for a second step: ${data.step}`);
  return data.token;
}

/** Chooses one of the session's selectable shops by code and returns the shop. */
export async function chooseShop(app: FastifyInstance, token: string, code: string) {
  const shopId = await findShopId(app.db, code);
  const response = await api(app, { method: 'POST', url: '/api/auth/shop', token, body: { shopId } });
  expectOk(response, `choice of shop ${code}`);
  return response.json().data.shop as { id: number; code: string; name: string; city: string; companyName: string };
}

/**
 * The newest mail to this address and the secret of its link, unsealed with the test app key: what
 * the recipient would get over SMTP (the outbox itself shows it only as [redacted]).
 */
export async function lastMailTo(db: Database, email: string, template?: string) {
  const [mail] = await db
    .select()
    .from(mailOutbox)
    .where(and(eq(mailOutbox.recipient, email), template ? eq(mailOutbox.template, template) : undefined))
    .orderBy(desc(mailOutbox.id))
    .limit(1);
  if (!mail) throw new Error(`no mail to ${email}`);
  if (!mail.sealedSecret) throw new Error(`the mail to ${email} holds no secret`);
  return { mail, token: decryptSecret(testAppKey, mail.sealedSecret) };
}

/** The newest SMS to this number and its code, unsealed with the test app key: what the phone would show. */
export async function lastSmsTo(db: Database, number: string) {
  const [sms] = await db
    .select()
    .from(smsOutbox)
    .where(eq(smsOutbox.recipient, number))
    .orderBy(desc(smsOutbox.id))
    .limit(1);
  if (!sms) throw new Error(`no SMS to ${number}`);
  if (!sms.sealedSecret) throw new Error(`the SMS to ${number} holds no code`);
  return { sms, code: decryptSecret(testAppKey, sms.sealedSecret) };
}

/** The update body of an employee (their GET answer) as the edit form sends it back, with `overrides`. */
export function employeeUpdateBody(employee: Record<string, unknown>, overrides: Record<string, unknown> = {}) {
  const shops = employee.shops as { id: number; isMain: boolean }[];
  const groups = employee.groups as { id: number }[];
  const pick = [
    'name',
    'surname',
    'username',
    'email',
    'depositCardNumber',
    'phone',
    'engagementDate',
    'birthday',
    'identityCardNumber',
    'address',
    'city',
    'cap',
    'iban',
    'bic',
    'bankName',
    'useFingerprint',
  ];
  return {
    ...Object.fromEntries(pick.map((key) => [key, employee[key]])),
    matricola: employee.matricola ?? '',
    fiscalCode: employee.fiscalCode ?? '',
    shopId: shops.find((item) => item.isMain)?.id ?? null,
    shopIds: shops.map((item) => item.id),
    groupIds: groups.map((item) => item.id),
    ...overrides,
  };
}

export async function findUserId(db: Database, username: string): Promise<number> {
  const [row] = await db.select({ id: users.id }).from(users).where(eq(users.username, username));
  if (!row) throw new Error(`no user ${username} in the test database`);
  return row.id;
}

export async function findShopId(db: Database, code: string): Promise<number> {
  const [row] = await db.select({ id: shops.id }).from(shops).where(eq(shops.code, code));
  if (!row) throw new Error(`no shop ${code} in the test database`);
  return row.id;
}

/** Starts the app on a free loopback port and connects a realtime socket to it. */
export async function connectSocket(app: FastifyInstance): Promise<Socket> {
  if (!app.server.listening) await app.listen({ port: 0, host: '127.0.0.1' });
  const { port } = app.server.address() as AddressInfo;
  const socket = io(`http://127.0.0.1:${port}`, { path: '/socket.io', transports: ['websocket'], reconnection: false });
  await new Promise<void>((resolve, reject) => {
    socket.once('connect', resolve);
    socket.once('connect_error', reject);
  });
  return socket;
}

/** The demo password hashed once per test process: argon2 is slow on purpose. */
let demoPasswordHash: Promise<string> | undefined;

/** Makes names unique within a test database. */
let factorySequence = 0;
function nextName(prefix: string): string {
  factorySequence += 1;
  return `${prefix}${factorySequence}${randomBytes(3).toString('hex')}`;
}

/** A user group holding exactly these abilities, never an admin one (its name is not BOSS and it is never id 1). */
export async function createGroup(
  db: Database,
  abilities: readonly Ability[],
  options: { name?: string } = {},
): Promise<{ id: number; name: string }> {
  const name = options.name ?? nextName('Test group ');
  const [group] = await db
    .insert(userGroups)
    .values({ name, permissions: [...abilities] })
    .returning({ id: userGroups.id, name: userGroups.name });
  if (!group) throw new Error(`group ${name} was not created`);
  return group;
}

/**
 * A user signing in with the demo password, member of `groups` in that order (the first decides
 * admin) and of the shops with the given codes (the first is the main one).
 */
export async function createUser(
  db: Database,
  options: { groups?: number[]; shops?: string[]; username?: string; name?: string; surname?: string } = {},
): Promise<{ id: number; username: string }> {
  const username = options.username ?? nextName('user');
  demoPasswordHash ??= hashPassword(demoPassword);
  const [user] = await db
    .insert(users)
    .values({
      username,
      email: `${username}@test.example`,
      passwordHash: await demoPasswordHash,
      name: options.name ?? 'Test',
      surname: options.surname ?? username,
    })
    .returning({ id: users.id });
  if (!user) throw new Error(`user ${username} was not created`);
  for (const [position, groupId] of (options.groups ?? []).entries()) {
    await db.insert(userGroupMembers).values({ userId: user.id, groupId, position });
  }
  const codes = options.shops ?? [];
  if (codes.length > 0) {
    const rows = await db.select({ id: shops.id, code: shops.code }).from(shops).where(inArray(shops.code, codes));
    for (const [index, code] of codes.entries()) {
      const shop = rows.find((row) => row.code === code);
      if (!shop) throw new Error(`no shop ${code} in the test database`);
      await db.insert(userShops).values({ userId: user.id, shopId: shop.id, isMain: index === 0 });
    }
  }
  return { id: user.id, username };
}

/** A user whose only group holds exactly `abilities` (a fresh, non-admin group), member of `shops`. */
export async function createUserWithAbilities(
  db: Database,
  abilities: readonly Ability[],
  options: { shops?: string[] } = {},
): Promise<{ id: number; username: string; groupId: number }> {
  const group = await createGroup(db, abilities);
  const user = await createUser(db, { groups: [group.id], shops: options.shops });
  return { ...user, groupId: group.id };
}
