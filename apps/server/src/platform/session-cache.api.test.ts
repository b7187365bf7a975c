// Resolved sessions are served from memory after the first request (platform/session-cache.ts), yet every change
// to what a session holds, or to whether it is valid, shows on the very next request.
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  api,
  chooseShop,
  createTestApp,
  createUserWithAbilities,
  demoPassword,
  employeeUpdateBody,
  findShopId,
  signIn,
  type TestApp,
} from '../../test/harness';
import { hashToken } from './crypto';
import { resolveSession } from './sessions';

let test: TestApp;
let adminToken: string;
/** On PostgreSQL without Redis (the api-postgres project) the cache is off and every request reads the database. */
let cacheOn: boolean;

beforeAll(async () => {
  test = await createTestApp();
  adminToken = await signIn(test.app, 'admin');
  cacheOn = test.app.sessionCache.mode !== 'off';
});
afterEach(() => {
  vi.useRealTimers();
});
afterAll(async () => {
  await test?.close();
});

const dashboardAbilities = ['employees.dashboard', 'shops.manage.view'] as const;

/** A first request, after which the session is in the cache (when the cache is on). */
async function warm(token: string) {
  const response = await api(test.app, { url: '/api/auth/user', token });
  expect(response.statusCode, response.body).toBe(200);
  expect(test.app.sessionCache.get(hashToken(token)) !== undefined).toBe(cacheOn);
}

async function updateBodyOf(id: number, overrides: Record<string, unknown>) {
  const employee = (await api(test.app, { url: `/api/employees/${id}`, token: adminToken })).json().data;
  return employeeUpdateBody(employee, overrides);
}

describe('the session cache', () => {
  it('is on with the embedded database, off on PostgreSQL without Redis', () => {
    expect(test.app.sessionCache.mode).toBe(process.env.BOTTEGA_TEST_DB === 'postgres' ? 'off' : 'local');
  });

  it('resolves a warmed session without a single SQL statement', async () => {
    if (!cacheOn) return;
    const user = await createUserWithAbilities(test.db, ['employees.dashboard'], { shops: ['MI01'] });
    const token = await signIn(test.app, user.username);
    await warm(token);
    const statements = ['select', 'update', 'insert', 'delete', 'execute'].map((method) =>
      vi.spyOn(test.db, method as 'select'),
    );
    try {
      const resolved = await resolveSession({
        db: test.db,
        config: test.config,
        token,
        cache: test.app.sessionCache,
      });
      expect(resolved).toMatchObject({ status: 'active', session: { userId: user.id } });
      for (const statement of statements) expect(statement).not.toHaveBeenCalled();
    } finally {
      for (const statement of statements) statement.mockRestore();
    }
  });

  it('refuses an ability taken from the group on the next request', async () => {
    const user = await createUserWithAbilities(test.db, [...dashboardAbilities], { shops: ['MI01'] });
    const token = await signIn(test.app, user.username);
    await warm(token);
    const shopId = await findShopId(test.db, 'MI01');
    expect((await api(test.app, { url: `/api/shops/${shopId}`, token })).statusCode).toBe(200);

    const group = (await api(test.app, { url: `/api/user-groups/${user.groupId}`, token: adminToken })).json().data;
    const edited = await api(test.app, {
      method: 'PUT',
      url: `/api/user-groups/${user.groupId}`,
      token: adminToken,
      body: { name: group.name, permissions: ['employees.dashboard'] },
    });
    expect(edited.statusCode, edited.body).toBe(200);
    expect((await api(test.app, { url: `/api/shops/${shopId}`, token })).statusCode).toBe(403);
  });

  it('refuses a token signed out, or revoked from another device, on the next request', async () => {
    const user = await createUserWithAbilities(test.db, ['employees.dashboard'], { shops: ['MI01'] });
    const token = await signIn(test.app, user.username);
    await warm(token);
    expect((await api(test.app, { url: '/api/auth/logout', token })).statusCode).toBe(200);
    expect((await api(test.app, { url: '/api/auth/user', token })).statusCode).toBe(401);

    const [phone, laptop] = [await signIn(test.app, user.username), await signIn(test.app, user.username)];
    await warm(phone);
    await warm(laptop);
    const sessions = (await api(test.app, { url: '/api/profile/sessions', token: laptop })).json().data;
    const phoneSession = sessions.find((session: { current: boolean }) => !session.current);
    const revoked = await api(test.app, {
      method: 'DELETE',
      url: `/api/profile/sessions/${phoneSession.id}`,
      token: laptop,
    });
    expect(revoked.statusCode, revoked.body).toBe(200);
    expect((await api(test.app, { url: '/api/auth/user', token: phone })).statusCode).toBe(401);
    expect((await api(test.app, { url: '/api/auth/user', token: laptop })).statusCode).toBe(200);
  });

  it('answers 404 for the record of a shop the user was just removed from', async () => {
    const user = await createUserWithAbilities(test.db, [...dashboardAbilities], { shops: ['MI01', 'MI02'] });
    const token = await signIn(test.app, user.username);
    await warm(token);
    const [milan, navigli] = [await findShopId(test.db, 'MI01'), await findShopId(test.db, 'MI02')];
    expect((await api(test.app, { url: `/api/shops/${navigli}`, token })).statusCode).toBe(200);

    const body = await updateBodyOf(user.id, { shopId: milan, shopIds: [milan] });
    const updated = await api(test.app, { method: 'PUT', url: `/api/employees/${user.id}`, token: adminToken, body });
    expect(updated.statusCode, updated.body).toBe(200);
    expect((await api(test.app, { url: `/api/shops/${navigli}`, token })).statusCode).toBe(404);
    expect((await api(test.app, { url: `/api/shops/${milan}`, token })).statusCode).toBe(200);
  });

  it('ends the other sessions at once when the password changes', async () => {
    const user = await createUserWithAbilities(test.db, ['employees.dashboard'], { shops: ['MI01'] });
    const [here, elsewhere] = [await signIn(test.app, user.username), await signIn(test.app, user.username)];
    await warm(here);
    await warm(elsewhere);
    const password = 'Tre-Cavalli-Corrono-Lungo-il-Naviglio-42';
    const changed = await api(test.app, {
      method: 'PUT',
      url: '/api/profile/password',
      token: here,
      body: { currentPassword: demoPassword, password, passwordConfirmation: password },
    });
    expect(changed.statusCode, changed.body).toBe(200);
    expect((await api(test.app, { url: '/api/auth/user', token: elsewhere })).statusCode).toBe(401);
    expect((await api(test.app, { url: '/api/auth/user', token: here })).statusCode).toBe(200);
  });

  it('ends the sessions of an employee who leaves, or is deleted, at once', async () => {
    const leaving = await createUserWithAbilities(test.db, ['employees.dashboard'], { shops: ['MI01'] });
    const token = await signIn(test.app, leaving.username);
    await warm(token);
    const left = await api(test.app, {
      method: 'PUT',
      url: `/api/employees/${leaving.id}/type`,
      token: adminToken,
      body: { employeeType: 'EX' },
    });
    expect(left.statusCode, left.body).toBe(200);
    expect((await api(test.app, { url: '/api/auth/user', token })).statusCode).toBe(401);

    const deleted = await createUserWithAbilities(test.db, ['employees.dashboard'], { shops: ['MI01'] });
    const deletedToken = await signIn(test.app, deleted.username);
    await warm(deletedToken);
    const removed = await api(test.app, { method: 'DELETE', url: `/api/employees/${deleted.id}`, token: adminToken });
    expect(removed.statusCode, removed.body).toBe(200);
    expect((await api(test.app, { url: '/api/auth/user', token: deletedToken })).statusCode).toBe(401);
  });

  it('shows a new language or name on the next request', async () => {
    const user = await createUserWithAbilities(test.db, ['employees.dashboard'], { shops: ['MI01'] });
    const token = await signIn(test.app, user.username);
    await warm(token);
    const changed = await api(test.app, { method: 'PUT', url: '/api/profile/language', token, body: { lng: 'de' } });
    expect(changed.statusCode, changed.body).toBe(200);
    expect((await api(test.app, { url: '/api/auth/user', token })).json().data.lng).toBe('de');
  });

  it("shows the chosen shop's new name, and its company's, on the next request", async () => {
    const user = await createUserWithAbilities(test.db, ['employees.dashboard'], { shops: ['MI02'] });
    const token = await signIn(test.app, user.username);
    await chooseShop(test.app, token, 'MI02');
    await warm(token);
    const shopOf = async () => (await api(test.app, { url: '/api/auth/user', token })).json().data.shop;
    const before = await shopOf();

    const shopId = await findShopId(test.db, 'MI02');
    const { id, companyName, routerPasswordSet, createdAt, updatedAt, ...shop } = (
      await api(test.app, { url: `/api/shops/${shopId}`, token: adminToken })
    ).json().data;
    const renamed = await api(test.app, {
      method: 'PUT',
      url: `/api/shops/${shopId}`,
      token: adminToken,
      body: { ...shop, name: 'Milano Navigli Nuovo', city: 'Milano (MI)' },
    });
    expect(renamed.statusCode, renamed.body).toBe(200);
    expect(await shopOf()).toEqual({ ...before, name: 'Milano Navigli Nuovo', city: 'Milano (MI)' });

    const company = (await api(test.app, { url: `/api/companies/${shop.companyId}`, token: adminToken })).json().data;
    const companyRenamed = await api(test.app, {
      method: 'PUT',
      url: `/api/companies/${shop.companyId}`,
      token: adminToken,
      body: { name: `${company.name} S.p.A.`, companyCode: company.companyCode, vatNumber: company.vatNumber },
    });
    expect(companyRenamed.statusCode, companyRenamed.body).toBe(200);
    expect((await shopOf()).companyName).toBe(`${company.name} S.p.A.`);
  });

  it('refuses a cached session once its lifetime is over', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    const user = await createUserWithAbilities(test.db, ['employees.dashboard'], { shops: ['MI01'] });
    const token = await signIn(test.app, user.username);
    await warm(token);
    // Idle past the timeout: the cached expiry alone says no.
    vi.setSystemTime(Date.now() + (test.config.sessionHours + 1) * 3_600_000);
    const response = await api(test.app, { url: '/api/auth/user', token, lng: 'en' });
    expect(response.statusCode).toBe(401);
    expect(response.json().code).toBe('sessionExpired');
  });
});
