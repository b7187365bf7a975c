import { type Access, allAbilities, isAbility } from '@bottega/contracts/permissions';
import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  api,
  chooseShop,
  createTestApp,
  createUserWithAbilities,
  findShopId,
  signIn,
  type TestApp,
  testAppKey,
} from '../../test/harness';
import { buildApp } from '../app';
import { userShops } from '../modules/shops/shops.schema';
import { userGroups } from '../modules/user-groups/user-groups.schema';
import { assertShopInScope, shopsInScope } from './access';
import { issueCsrfToken, isValidCsrfToken } from './crypto';
import { AppError } from './errors';
import { invalidateSessions } from './session-cache';
import { resolveSession, type SessionContext } from './sessions';

// Small, so a sign-in fits and a slightly bigger body does not.
const bodyLimit = 2048;

let test: TestApp;
beforeAll(async () => {
  test = await createTestApp({ BODY_LIMIT_BYTES: String(bodyLimit) });
});
afterAll(() => test?.close());

/** API routes that do not say who may call them, or say something that is no access level. */
function undeclaredApiRoutes(app: FastifyInstance): string[] {
  const known = new Set<string>(['public', 'authenticated', 'customer', ...allAbilities]);
  const declared = (access: Access | undefined) =>
    access !== undefined && (typeof access === 'string' ? known.has(access) : access.anyOf.every(isAbility));
  return app.routeRegistry
    .filter((route) => route.url.startsWith('/api/') && !declared(route.access))
    .map((route) => {
      const access = typeof route.access === 'object' ? route.access.anyOf.join(' | ') : route.access;
      return `${route.method} ${route.url} (${access})`;
    });
}

describe('every API route declares its access', () => {
  it('has no API route without a valid access', () => {
    const apiRoutes = test.app.routeRegistry.filter((route) => route.url.startsWith('/api/'));
    expect(apiRoutes.length).toBeGreaterThan(10);
    expect(apiRoutes.map((route) => `${route.method} ${route.url}`)).toEqual(
      expect.arrayContaining(['POST /api/auth/login', 'GET /api/auth/user', 'GET /api/dashboard']),
    );
    expect(undeclaredApiRoutes(test.app)).toEqual([]);
  });

  it('catches, and closes, a route that forgets it', async () => {
    const app = await buildApp({ config: test.config, db: test.db });
    try {
      app.get('/api/forgotten', async () => ({ data: 'secret' }));
      app.get('/api/misspelled', { config: { access: 'employees.everything' as 'public' } }, async () => ({}));
      const misspelledAmong = { anyOf: ['employees.manage.view', 'employees.everything'] } as unknown as 'public';
      app.get('/api/misspelled-among', { config: { access: misspelledAmong } }, async () => ({}));
      expect(undeclaredApiRoutes(app)).toEqual([
        'GET /api/forgotten (undefined)',
        'HEAD /api/forgotten (undefined)',
        'GET /api/misspelled (employees.everything)',
        'HEAD /api/misspelled (employees.everything)',
        'GET /api/misspelled-among (employees.manage.view | employees.everything)',
        'HEAD /api/misspelled-among (employees.manage.view | employees.everything)',
      ]);
      const token = await signIn(app, 'admin');
      const response = await api(app, { url: '/api/forgotten', token });
      expect(response.statusCode).toBe(403);
      expect(response.json().code).toBe('forbidden');
    } finally {
      await app.close();
    }
  });
});

describe('CSRF', () => {
  const credentials = { login: 'admin', password: 'bottega2026' };
  const cases: [string, Record<string, string>][] = [
    ['no X-Requested-With', { 'x-csrf-token': issueCsrfToken(testAppKey) }],
    ['another X-Requested-With', { 'x-requested-with': 'fetch', 'x-csrf-token': issueCsrfToken(testAppKey) }],
    ['no X-CSRF-TOKEN', { 'x-requested-with': 'XMLHttpRequest' }],
    [
      'a tampered X-CSRF-TOKEN',
      { 'x-requested-with': 'XMLHttpRequest', 'x-csrf-token': `${issueCsrfToken(testAppKey)}x` },
    ],
    [
      'an X-CSRF-TOKEN of another key',
      { 'x-requested-with': 'XMLHttpRequest', 'x-csrf-token': issueCsrfToken('another-key-0123456789-0123456789-abc') },
    ],
  ];

  it.each(cases)('refuses a state-changing call with %s: 403 csrfMismatch', async (_, headers) => {
    const response = await api(test.app, {
      method: 'POST',
      url: '/api/auth/login',
      body: credentials,
      csrf: false,
      headers,
    });
    expect(response.statusCode).toBe(403);
    expect(response.json()).toEqual({ code: 'csrfMismatch', message: 'La pagina è scaduta: ricaricala e riprova.' });
  });

  it('checks CSRF on signed-in calls too, before anything else', async () => {
    const token = await signIn(test.app, 'admin');
    const response = await api(test.app, {
      method: 'POST',
      url: '/api/notifications/read',
      token,
      csrf: false,
      lng: 'en',
    });
    expect(response.statusCode).toBe(403);
    expect(response.json()).toEqual({
      code: 'csrfMismatch',
      message: 'This page has expired: reload it and try again.',
    });
  });

  it('lets the same call through with both headers, and reads need neither', async () => {
    const response = await api(test.app, { method: 'POST', url: '/api/auth/login', body: credentials });
    expect(response.statusCode).toBe(200);
    const token = response.json().data.token;
    expect((await api(test.app, { url: '/api/auth/user', token, csrf: false })).statusCode).toBe(200);
  });
});

describe('bad requests are answered, localized, never with a 500', () => {
  it('answers malformed JSON with 400 malformedJson', async () => {
    for (const [lng, message] of [
      [undefined, 'La richiesta non è leggibile (JSON non valido).'],
      ['en', 'The request cannot be read (invalid JSON).'],
    ] as const) {
      const response = await api(test.app, { method: 'POST', url: '/api/auth/login', body: '{"login": "admin",', lng });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({ code: 'malformedJson', message });
    }
  });

  it('answers wrong types with 422 and a localized message per field', async () => {
    const body = { login: 5, password: 'bottega2026', remember: 'yes' };
    const italian = await api(test.app, { method: 'POST', url: '/api/auth/login', body });
    expect(italian.statusCode).toBe(422);
    expect(italian.json()).toEqual({
      code: 'validation',
      message: 'Alcuni dati non sono validi: correggi i campi evidenziati.',
      errors: { login: ['Valore non valido.'], remember: ['Valore non valido.'] },
    });
    const english = await api(test.app, { method: 'POST', url: '/api/auth/login', body, lng: 'en' });
    expect(english.statusCode).toBe(422);
    expect(english.json()).toEqual({
      code: 'validation',
      message: 'Some data is not valid: correct the highlighted fields.',
      errors: { login: ['Invalid value.'], remember: ['Invalid value.'] },
    });
  });

  it('calls a missing or empty field required, and a too long one by its limit', async () => {
    const missing = await api(test.app, { method: 'POST', url: '/api/auth/login', body: { password: 'x' } });
    expect(missing.statusCode).toBe(422);
    expect(missing.json().errors).toEqual({ login: ['Campo obbligatorio.'] });

    const empty = await api(test.app, {
      method: 'POST',
      url: '/api/auth/login',
      body: { login: '   ', password: null },
      lng: 'en',
    });
    expect(empty.json().errors).toEqual({ login: ['This field is required.'], password: ['This field is required.'] });

    const long = await api(test.app, {
      method: 'POST',
      url: '/api/auth/login',
      body: { login: 'a'.repeat(300), password: 'x' },
    });
    expect(long.json().errors).toEqual({ login: ['Inserisci al massimo 254 caratteri.'] });
  });

  it('validates the query string the same way', async () => {
    const token = await signIn(test.app, 'admin');
    const response = await api(test.app, { url: '/api/notifications?page=0&perPage=1000', token });
    expect(response.statusCode).toBe(422);
    expect(response.json().errors).toEqual({ page: ['Il valore minimo è 1.'], perPage: ['Il valore massimo è 100.'] });
  });

  it('answers a body bigger than BODY_LIMIT_BYTES with 413 payloadTooLarge', async () => {
    const body = { login: 'admin', password: 'x'.repeat(bodyLimit) };
    for (const [lng, message] of [
      [undefined, 'I dati inviati sono troppo grandi.'],
      ['en', 'The data sent is too large.'],
    ] as const) {
      const response = await api(test.app, { method: 'POST', url: '/api/auth/login', body, lng });
      expect(response.statusCode).toBe(413);
      expect(response.json()).toEqual({ code: 'payloadTooLarge', message });
    }
  });

  it('answers an unknown API path with a JSON 404 routeNotFound, whatever the method', async () => {
    for (const method of ['GET', 'POST', 'DELETE'] as const) {
      const response = await api(test.app, {
        method,
        url: '/api/no/such/thing',
        body: method === 'GET' ? undefined : {},
      });
      expect(response.statusCode).toBe(404);
      expect(response.headers['content-type']).toContain('application/json');
      expect(response.json()).toEqual({ code: 'routeNotFound', message: 'Indirizzo sconosciuto.' });
    }
  });

  it('never answers a 500 to any of these', async () => {
    const requests = [
      { method: 'POST' as const, url: '/api/auth/login', body: '{' },
      { method: 'POST' as const, url: '/api/auth/login', body: '' },
      { method: 'POST' as const, url: '/api/auth/login', body: '[]' },
      { method: 'POST' as const, url: '/api/auth/login', body: 'null' },
      { method: 'POST' as const, url: '/api/auth/login', body: { login: { $ne: '' }, password: ['x'] } },
      {
        method: 'POST' as const,
        url: '/api/auth/login',
        body: 'login=admin',
        headers: { 'content-type': 'text/plain' },
      },
      { method: 'POST' as const, url: '/api/auth/login', body: 'x'.repeat(bodyLimit * 2) },
      { method: 'POST' as const, url: '/api/auth/shop', body: { shopId: 'MI01' } },
      { method: 'GET' as const, url: '/api/language/variable' },
      { method: 'GET' as const, url: '/api/language/variable?lng[]=it' },
      { method: 'GET' as const, url: '/api/nothing-here' },
    ];
    for (const request of requests) {
      const response = await api(test.app, request);
      expect(response.statusCode, `${request.method} ${request.url} ${String(request.body)}`).toBeGreaterThanOrEqual(
        400,
      );
      expect(response.statusCode, `${request.method} ${request.url} ${String(request.body)}`).toBeLessThan(500);
      expect(Object.keys(response.json())).toEqual(expect.arrayContaining(['code', 'message']));
    }
  });
});

describe('the web app and the API reference', () => {
  it('answers any non-API page with index.html carrying a valid CSRF token', async () => {
    for (const url of ['/app/anything', '/', '/dashboard/some/deep/link?x=1']) {
      const response = await api(test.app, { url, csrf: false });
      expect(response.statusCode, url).toBe(200);
      expect(response.headers['content-type']).toContain('text/html');
      expect(response.headers['cache-control']).toBe('no-store');
      const token = /<meta name="csrf-token" content="([^"]+)">/.exec(response.body)?.[1];
      expect(token, url).toBeDefined();
      expect(isValidCsrfToken(testAppKey, token)).toBe(true);
      expect(response.body.indexOf('csrf-token')).toBeLessThan(response.body.indexOf('</head>'));
    }
  });

  it('never serves index.html as a static file, so every page load gets a token and is not cached', async () => {
    const response = await api(test.app, { url: '/index.html', csrf: false });
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('no-store');
    expect(response.body).toContain('name="csrf-token"');
  });

  it('caches content-hashed assets for good and other files only with revalidation', async () => {
    const asset = await api(test.app, { url: '/assets/index-abc123.js', csrf: false });
    expect(asset.statusCode).toBe(200);
    expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    const icon = await api(test.app, { url: '/favicon.svg', csrf: false });
    expect(icon.statusCode).toBe(200);
    expect(icon.headers['cache-control']).toBe('no-cache');
  });

  it('answers the bare /api path with the JSON 404, not the web page', async () => {
    for (const url of ['/api', '/api?x=1']) {
      const response = await api(test.app, { url, csrf: false });
      expect(response.statusCode, url).toBe(404);
      expect(response.json().code).toBe('routeNotFound');
    }
  });

  it('refuses a text body on a JSON route as an unsupported media type', async () => {
    const response = await api(test.app, {
      method: 'POST',
      url: '/api/auth/login',
      body: 'login=admin',
      headers: { 'content-type': 'text/plain' },
    });
    expect(response.statusCode).toBe(415);
    expect(response.json().code).toBe('unsupportedMediaType');
  });

  it('publishes the OpenAPI document with the auth paths', async () => {
    const response = await api(test.app, { url: '/api/openapi.json' });
    expect(response.statusCode).toBe(200);
    const document = response.json();
    expect(document.openapi).toMatch(/^3\./);
    expect(document.paths).toHaveProperty(['/api/auth/login', 'post']);
    expect(document.paths).toHaveProperty(['/api/auth/user', 'get']);
  });

  it('serves the API reference page at /api/docs', async () => {
    let response = await api(test.app, { url: '/api/docs' });
    if (response.statusCode === 302) {
      response = await api(test.app, {
        url: new URL(String(response.headers.location), 'http://localhost/api/').pathname,
      });
    }
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('text/html');
    expect(response.body).toContain('swagger');
  });
});

describe('the session’s shop is checked again on every request', () => {
  const dashboard = (token: string) => api(test.app, { url: '/api/dashboard', token });
  const chosenShop = async (token: string) => (await api(test.app, { url: '/api/auth/user', token })).json().data.shop;

  it('drops a shop the user was removed from: shopRequired until they choose again', async () => {
    const user = await createUserWithAbilities(test.db, ['employees.dashboard'], { shops: ['MI01', 'MI02'] });
    const token = await signIn(test.app, user.username);
    await chooseShop(test.app, token, 'MI02');
    expect((await dashboard(token)).statusCode).toBe(200);

    const navigli = await findShopId(test.db, 'MI02');
    await test.db.delete(userShops).where(and(eq(userShops.userId, user.id), eq(userShops.shopId, navigli)));
    await invalidateSessions(test.db, { userId: user.id }); // as the services do next to such a write
    const refused = await dashboard(token);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().code).toBe('shopRequired');
    expect(await chosenShop(token)).toBeNull();

    const response = await api(test.app, { method: 'POST', url: '/api/auth/shop', token, body: { shopId: navigli } });
    expect(response.json().code).toBe('shopNotAllowed');
    await chooseShop(test.app, token, 'MI01');
    expect((await dashboard(token)).json().data.shop.code).toBe('MI01');
  });

  it('lets a holder of shops.manage.viewAllList keep any shop, member or not', async () => {
    const user = await createUserWithAbilities(test.db, ['employees.dashboard', 'shops.manage.viewAllList'], {
      shops: ['MI01'],
    });
    const token = await signIn(test.app, user.username);
    await chooseShop(test.app, token, 'MI01');
    await test.db.delete(userShops).where(eq(userShops.userId, user.id));
    await invalidateSessions(test.db, { userId: user.id });
    expect((await dashboard(token)).json().data.shop.code).toBe('MI01');
    await chooseShop(test.app, token, 'NA01');
    expect((await dashboard(token)).json().data.shop.code).toBe('NA01');

    // Losing "view all" takes back a shop they do not belong to, on the very next request.
    await test.db
      .update(userGroups)
      .set({ permissions: ['employees.dashboard'] })
      .where(eq(userGroups.id, user.groupId));
    await invalidateSessions(test.db, { all: true });
    expect((await dashboard(token)).json().code).toBe('shopRequired');
    expect(await chosenShop(token)).toBeNull();
  });

  it('lets an administrator keep any shop without belonging to it', async () => {
    for (const username of ['admin', 'boss']) {
      const token = await signIn(test.app, username);
      await chooseShop(test.app, token, 'RM02');
      expect((await dashboard(token)).json().data.shop.code, username).toBe('RM02');
      expect((await chosenShop(token)).code, username).toBe('RM02');
    }
  });
});

describe('shopsInScope and assertShopInScope', () => {
  async function sessionOf(username: string): Promise<SessionContext> {
    const token = await signIn(test.app, username);
    const resolved = await resolveSession({ db: test.db, config: test.config, token });
    if (resolved.status !== 'active') throw new Error(`no session for ${username}`);
    return resolved.session;
  }

  it('gives administrators every shop in every area', async () => {
    for (const username of ['admin', 'boss']) {
      const session = await sessionOf(username);
      for (const area of ['shops', 'cameras', 'customers'] as const) {
        expect(shopsInScope(session, area), `${username} ${area}`).toBe('all');
        expect(() => assertShopInScope(session, area, 999_999)).not.toThrow();
      }
    }
  });

  it('gives every shop in an area to holders of that area’s "view all" ability only', async () => {
    const session = await sessionOf('contabilita'); // holds shops.manage.viewAllList, belongs to no shop
    expect(shopsInScope(session, 'shops')).toBe('all');
    expect(shopsInScope(session, 'cameras')).toEqual([]);
    expect(shopsInScope(session, 'customers')).toEqual([]);

    const cameras = await createUserWithAbilities(test.db, ['security.video.viewAll'], { shops: ['TO01'] });
    const camerasSession = await sessionOf(cameras.username);
    expect(shopsInScope(camerasSession, 'cameras')).toBe('all');
    expect(shopsInScope(camerasSession, 'shops')).toEqual([await findShopId(test.db, 'TO01')]);
    const customers = await createUserWithAbilities(test.db, ['customers.allShops']);
    expect(shopsInScope(await sessionOf(customers.username), 'customers')).toBe('all');
  });

  it('limits everybody else to the shops they belong to', async () => {
    const session = await sessionOf('dipendente');
    const own = [await findShopId(test.db, 'MI01'), await findShopId(test.db, 'MI02')];
    expect([...(shopsInScope(session, 'shops') as number[])].sort((a, b) => a - b)).toEqual(own.sort((a, b) => a - b));
    for (const shopId of own) expect(() => assertShopInScope(session, 'shops', shopId)).not.toThrow();
  });

  it('answers another shop’s record as not found (404), so ids cannot be probed', async () => {
    const session = await sessionOf('dipendente');
    const turin = await findShopId(test.db, 'TO01');
    let thrown: unknown;
    try {
      assertShopInScope(session, 'shops', turin);
    } catch (error) {
      thrown = error;
    }
    expect(thrown).toBeInstanceOf(AppError);
    expect((thrown as AppError).code).toBe('notFound');
    expect((thrown as AppError).status).toBe(404);
    expect(() => assertShopInScope(session, 'cameras', turin)).toThrow(AppError);
  });
});
