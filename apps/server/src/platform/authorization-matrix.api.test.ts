// The authorization matrix, generated from app.routeRegistry so every route added later is covered
// without a new test: for each route that needs an ability (or any one of several), a user lacking exactly
// those is refused and a user holding only one of them is let through; signed-in routes refuse anonymous
// calls; and shop routes never let a member of one shop into another shop.
import {
  type Ability,
  type Access,
  accessAbilities,
  allAbilities,
  isAbility,
  viewAllAbilities,
} from '@bottega/contracts/permissions';
import { afterAll, describe, expect, it } from 'vitest';
import { api, createTestApp, createUserWithAbilities, findShopId, signIn } from '../../test/harness';
import type { RegisteredRoute } from '../app';

// One app (and one database) for the whole file; the cases are generated from its routes.
const test = await createTestApp();
afterAll(() => test.close());

const routes = test.app.routeRegistry.filter((route) => route.method !== 'HEAD');
/** The abilities a route asks for, any one of which lets the caller through. */
const needed = (route: RegisteredRoute) => (route.access === undefined ? [] : accessAbilities(route.access));
const abilityRoutes = routes.filter((route) => needed(route).length > 0);
const signedInRoutes = routes.filter((route) => route.access !== undefined && route.access !== 'public');
const viewAll = new Set<string>(Object.values(viewAllAbilities));
// A holder of a "view all" ability sees every shop by definition, so it has no "other shop" to be kept out of.
const shopRoutes = routes.filter(
  (route) => route.shop && route.access !== 'public' && !needed(route).some((ability) => viewAll.has(ability)),
);
/** One name per access: an ability, or the abilities any one of which will do. */
const accessKey = (access: Access | undefined) =>
  access === undefined || typeof access === 'string' ? String(access) : access.anyOf.join(' | ');

const label = (route: RegisteredRoute) => `${route.method} ${route.url}`;

/** The URL with every parameter filled with an existing-looking value. */
function concreteUrl(url: string): string {
  return url.replace(/:[^/]+/g, '1').replace(/\*$/, 'x');
}

/** The call as the web would make it; state-changing methods carry an (empty) JSON body. */
function call(route: RegisteredRoute, token: string | undefined, query = '') {
  const hasBody = route.method === 'POST' || route.method === 'PUT' || route.method === 'PATCH';
  return api(test.app, {
    method: route.method as 'GET',
    url: `${concreteUrl(route.url)}${query}`,
    token,
    body: hasBody ? {} : undefined,
  });
}

/** The members' shop, and another shop they do not belong to. */
const shopA = 'MI01';
const shopB = 'NA01';
const shopBName = 'Napoli Toledo';

type Signed = { username: string; token: string };

/**
 * The users of the matrix, each signed in once (argon2 is slow on purpose) with shop A chosen:
 * per access (not per route) one lacking exactly its abilities, per ability one holding only it, plus
 * the members the shop routes are called as.
 */
async function setUp() {
  const shopAId = await findShopId(test.db, shopA);
  const shopBId = await findShopId(test.db, shopB);
  const signedInUser = async (abilities: readonly Ability[]): Promise<Signed> => {
    const user = await createUserWithAbilities(test.db, abilities, { shops: [shopA] });
    const token = await signIn(test.app, user.username);
    const chosen = await api(test.app, { method: 'POST', url: '/api/auth/shop', token, body: { shopId: shopAId } });
    if (chosen.statusCode !== 200) throw new Error(`${user.username} could not choose ${shopA}: ${chosen.body}`);
    return { username: user.username, token };
  };

  const lacking = new Map<string, Signed>();
  const holding = new Map<Ability, Signed>();
  for (const route of abilityRoutes) {
    const abilities = needed(route);
    if (!abilities.every(isAbility)) continue; // the registry test names it
    const key = accessKey(route.access);
    // "Must use MFA" obliges rather than permits: left out, so these users sign in with a password alone.
    const everyOther = allAbilities.filter((other) => !abilities.includes(other) && other !== 'security.mustUseMfa');
    if (!lacking.has(key)) lacking.set(key, await signedInUser(everyOther));
    for (const ability of abilities) if (!holding.has(ability)) holding.set(ability, await signedInUser([ability]));
  }
  // Shop-route members hold (one of) what the route needs, nothing more ('authenticated' routes: nothing).
  const shopMembers = new Map<string, Signed>();
  for (const route of shopRoutes) {
    const key = accessKey(route.access);
    const first = needed(route)[0];
    if (!shopMembers.has(key)) shopMembers.set(key, (first && holding.get(first)) ?? (await signedInUser([])));
  }
  return { shopBId, lacking, holding, shopMembers };
}

const { shopBId, lacking, holding, shopMembers } = await setUp().catch(async (error: unknown) => {
  await test.close();
  throw error;
});

describe('the route registry', () => {
  it('has routes needing an ability, signed-in routes and shop routes to check', () => {
    expect(abilityRoutes.length).toBeGreaterThan(5);
    expect(signedInRoutes.length).toBeGreaterThan(abilityRoutes.length);
    expect(shopRoutes.map(label)).toContain('GET /api/dashboard');
  });

  it('declares only abilities of the catalog (or public / authenticated) on every route', () => {
    const known = new Set<string>(['public', 'authenticated', 'customer', ...allAbilities]);
    const unknown = routes.filter(
      (route) =>
        route.access === undefined ||
        (typeof route.access === 'string' ? !known.has(route.access) : !route.access.anyOf.every(isAbility)),
    );
    expect(unknown.map((route) => `${label(route)} (${accessKey(route.access)})`)).toEqual([]);
  });

  it('asks for two abilities at least where a route takes any one of several', () => {
    const lists = routes.flatMap((route) => (typeof route.access === 'object' ? [route] : []));
    expect(lists.map(label)).toContain('GET /api/delivery-notes');
    for (const route of lists) expect(needed(route).length, label(route)).toBeGreaterThan(1);
  });
});

describe.each(abilityRoutes.map((route) => [label(route), route] as const))('%s', (_, route) => {
  const abilities = needed(route);
  const key = accessKey(route.access);

  it(`refuses a user lacking only ${key} with 403 forbidden`, async () => {
    const user = lacking.get(key);
    expect(user, `${key} is not of the catalog`).toBeDefined();
    if (!user) return;
    const me = (await api(test.app, { url: '/api/auth/user', token: user.token })).json().data;
    // Every ability but these and the obligation to use two-factor.
    expect(me.can).toHaveLength(allAbilities.length - abilities.length - 1);
    for (const ability of abilities) expect(me.can).not.toContain(ability);
    const response = await call(route, user.token);
    expect(response.statusCode, response.body).toBe(403);
    expect(response.json().code).toBe('forbidden');
  });

  it.each(abilities)('lets a user holding only %s through', async (ability) => {
    const user = holding.get(ability);
    expect(user, `${ability} is not an ability of the catalog`).toBeDefined();
    if (!user) return;
    const response = await call(route, user.token);
    expect(response.statusCode, response.body).not.toBe(401);
    // Past the route's check, the delegation rule may still refuse (id 1 is the admin group): that 403 is
    // the service's own, proof the call got through.
    if (response.statusCode === 403) expect(response.json().code, response.body).toBe('abilityNotHeld');
    expect(response.statusCode, response.body).toBeLessThan(500);
    // A routeNotFound would mean the call never reached the route, proving nothing; a file sent is the route's own.
    if (String(response.headers['content-type']).includes('json'))
      expect(response.json().code, response.body).not.toBe('routeNotFound');
  });
});

describe.each(signedInRoutes.map((route) => [label(route), route] as const))('%s', (_, route) => {
  it('refuses an anonymous call with 401 unauthenticated', async () => {
    const response = await call(route, undefined);
    expect(response.statusCode, response.body).toBe(401);
    expect(response.json().code).toBe('unauthenticated');
  });
});

describe.each(shopRoutes.map((route) => [label(route), route] as const))('%s (shop route)', (_, route) => {
  it(`keeps a member of ${shopA} only out of ${shopB}`, async () => {
    const member = shopMembers.get(accessKey(route.access)) as Signed;
    const refused = await api(test.app, {
      method: 'POST',
      url: '/api/auth/shop',
      token: member.token,
      body: { shopId: shopBId },
    });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().code).toBe('shopNotAllowed');
    const me = (await api(test.app, { url: '/api/auth/user', token: member.token })).json().data;
    expect(me.shop.code).toBe(shopA);

    for (const query of ['', `?shopId=${shopBId}&shop=${shopBId}&businessPoint=${shopBId}&shopCode=${shopB}`]) {
      const response = await call(route, member.token, query);
      expect([401, 403], response.body).not.toContain(response.statusCode);
      expect(response.json().code, response.body).not.toBe('routeNotFound');
      expect(response.body, query).not.toContain(shopB);
      expect(response.body, query).not.toContain(shopBName);
    }
  });

  it('refuses a session that has chosen no shop with 409 shopRequired', async () => {
    const member = shopMembers.get(accessKey(route.access)) as Signed;
    const token = await signIn(test.app, member.username);
    const response = await call(route, token);
    expect(response.statusCode, response.body).toBe(409);
    expect(response.json().code).toBe('shopRequired');
  });
});
