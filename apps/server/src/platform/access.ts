// Who may call what. Every route declares `config.access` (public, authenticated, an ability or any of several)
// and may declare `config.shop: true` when it works on the session's shop. This hook is the only
// place that reads the bearer token; it runs before validation so 401/403 come before 422.
import { type Access, accessAbilities, viewAllAbilities } from '@bottega/contracts/permissions';
import { type SQL, type SQLWrapper, sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { currentTime } from './clock';
import { isValidCsrfToken } from './crypto';
import { type CustomerContext, resolveCustomerSession } from './customer-sessions';
import { AppError } from './errors';
import { createSessionCache, type SessionCache } from './session-cache';
import { resolveSession, type SessionContext } from './sessions';

declare module 'fastify' {
  interface FastifyInstance {
    /** Resolved sessions kept in memory while nothing about them changes (platform/session-cache.ts). */
    sessionCache: SessionCache<SessionContext>;
  }
  interface FastifyContextConfig {
    access?: Access;
    /** The route works on the session's chosen shop: refused with 'business point required' without one. */
    shop?: boolean;
    /** Machine-to-machine routes authenticate otherwise and skip the browser's CSRF check. */
    csrf?: false;
  }
  interface FastifyRequest {
    auth: SessionContext | null;
    /** The club customer of a route whose access is 'customer'. */
    customer: CustomerContext | null;
  }
}

const stateChanging = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

function bearerToken(request: FastifyRequest): string | undefined {
  const header = request.headers.authorization;
  if (!header?.startsWith('Bearer ')) return undefined;
  return header.slice('Bearer '.length).trim() || undefined;
}

/** The signed-in session of a route whose access is not public. */
export function sessionOf(request: FastifyRequest): SessionContext {
  if (!request.auth) throw new AppError('unauthenticated');
  return request.auth;
}

/** The signed-in club customer of a route whose access is 'customer'. */
export function customerOf(request: FastifyRequest): CustomerContext {
  if (!request.customer) throw new AppError('unauthenticated');
  return request.customer;
}

/** The chosen shop of a route declared with `shop: true`. */
export function shopOf(request: FastifyRequest): number {
  const shopId = sessionOf(request).shopId;
  if (shopId === null) throw new AppError('shopRequired');
  return shopId;
}

/**
 * The shops whose records the user may reach in an area: every shop ('all') for admins and holders
 * of the area's "view all" ability, otherwise only the shops they belong to.
 */
export function shopsInScope(session: SessionContext, area: keyof typeof viewAllAbilities): 'all' | number[] {
  return session.isAdmin || session.abilities.has(viewAllAbilities[area]) ? 'all' : session.shopIds;
}

/** shopsInScope as the value of a prepared statement's placeholder (`inScopePlaceholder`): null for every shop. */
export function shopsInScopeValue(session: SessionContext, area: keyof typeof viewAllAbilities): number[] | null {
  const scope = shopsInScope(session, area);
  return scope === 'all' ? null : scope;
}

/**
 * The scope check of a prepared statement: `column` is one of the shops in the int[] placeholder `name`, given by
 * shopsInScopeValue, or the placeholder is null (every shop). An empty list lets no shop through.
 */
export function inScopePlaceholder(column: SQLWrapper, name = 'scope'): SQL {
  return sql`(${sql.placeholder(name)}::int[] is null or ${column} = any(${sql.placeholder(name)}::int[]))`;
}

/** Another shop's record answers 404, as if it did not exist, so ids cannot be probed. */
export function assertShopInScope(session: SessionContext, area: keyof typeof viewAllAbilities, shopId: number): void {
  const scope = shopsInScope(session, area);
  if (scope !== 'all' && !scope.includes(shopId)) throw new AppError('notFound');
}

export function registerAccessControl(app: FastifyInstance): void {
  app.decorateRequest('auth', null);
  app.decorateRequest('customer', null);
  const sessionCache = createSessionCache<SessionContext>({
    db: app.db,
    redisUrl: app.config.redisUrl,
    logger: app.log,
  });
  app.decorate('sessionCache', sessionCache);
  app.addHook('onClose', () => sessionCache.close());
  app.addHook('onRequest', async (request) => {
    const config = request.routeOptions.config;
    if (!request.routeOptions.url) return; // unknown route: the not-found handler answers

    if (stateChanging.has(request.method) && config.csrf !== false) {
      const fromScript = request.headers['x-requested-with'] === 'XMLHttpRequest';
      const token = request.headers['x-csrf-token'];
      if (!fromScript || !isValidCsrfToken(app.config.appKey, typeof token === 'string' ? token : undefined)) {
        throw new AppError('csrfMismatch');
      }
    }

    const access = config.access;
    if (access === undefined) throw new AppError('forbidden'); // undeclared routes are closed (and fail a test)
    const token = bearerToken(request);
    if (access === 'public') {
      return;
    }
    // The club's realm: only a club session, looked up among the club's sessions alone.
    if (access === 'customer') {
      const customer = token ? await resolveCustomerSession(app.db, token, currentTime(app.config)) : null;
      if (!customer) throw new AppError('unauthenticated');
      request.customer = customer;
      return;
    }
    const resolved = token
      ? await resolveSession({ db: app.db, config: app.config, token, cache: sessionCache })
      : null;
    if (resolved?.status === 'expired') throw new AppError('sessionExpired');
    if (resolved?.status !== 'active') throw new AppError('unauthenticated');
    request.auth = resolved.session;
    const { abilities } = request.auth;
    const needed = accessAbilities(access);
    if (needed.length > 0 && !needed.some((ability) => abilities.has(ability))) {
      throw new AppError('forbidden');
    }
    if (config.shop && request.auth.shopId === null) throw new AppError('shopRequired');
  });
}
