// Sessions, the one way every module starts, resolves and ends them. A session has two lifetimes: an idle
// timeout that slides while it is used (SESSION_HOURS, SESSION_REMEMBER_DAYS with "remember me") and an
// absolute one from the sign-in that never moves (SESSION_ABSOLUTE_HOURS, SESSION_REMEMBER_ABSOLUTE_DAYS),
// after which the person signs in again however busy the session was.

import type { ShopSummary } from '@bottega/contracts/auth';
import { type Language, storedLanguageSchema } from '@bottega/contracts/common';
import {
  type Ability,
  ADMIN_GROUP_ID,
  allAbilities,
  BOSS_GROUP_NAME,
  isAbility,
  isAdminGroup,
  viewAllAbilities,
} from '@bottega/contracts/permissions';
import type { UserSession } from '@bottega/contracts/security';
import { and, asc, eq, isNull, ne, type SQL, sql } from 'drizzle-orm';
import type { Config } from '../config';
// Who a session's person is, their groups and their shops: read from the modules' tables, never their services.
import { companies } from '../modules/companies/companies.schema';
import { users } from '../modules/employees/employees.schema';
import { shops, userShops } from '../modules/shops/shops.schema';
import { userGroupMembers, userGroups } from '../modules/user-groups/user-groups.schema';
import { hashToken, newToken } from './crypto';
import type { Database, Executor } from './db';
import { type CachedSession, invalidateSessions, type SessionCache } from './session-cache';
import { sessions } from './sessions.schema';

/** Only touch last_used_at / expires_at once a minute, so reads do not turn into writes. */
const SLIDE_AFTER_MS = 60_000;

export type SessionConfig = Pick<
  Config,
  'sessionHours' | 'sessionRememberDays' | 'sessionAbsoluteHours' | 'sessionRememberAbsoluteDays'
>;

export type SessionContext = {
  sessionId: string;
  userId: number;
  shopId: number | null;
  remember: boolean;
  user: { id: number; name: string; surname: string; avatar: string | null; lng: Language };
  groups: { id: number; name: string }[];
  /** In catalogue order (sorted), shared read-only by the requests of a cached session. */
  abilities: ReadonlySet<Ability>;
  isAdmin: boolean;
  /** The shops the user belongs to (user ↔ shop membership). */
  shopIds: number[];
  /**
   * The chosen shop as people see it named (null without one), read with the session: the signed-in user's answer
   * needs no SQL. Editing a shop or renaming its company drops every cached session.
   */
  shop: ShopSummary | null;
};

const hourMs = 3_600_000;
const dayMs = 24 * hourMs;

function idleTimeoutMs(config: SessionConfig, remember: boolean): number {
  return remember ? config.sessionRememberDays * dayMs : config.sessionHours * hourMs;
}

/** When a session signed in at `signedInAt` ends at the latest, however much it is used. */
function absoluteEnd(config: SessionConfig, remember: boolean, signedInAt: Date): Date {
  const lifetime = remember ? config.sessionRememberAbsoluteDays * dayMs : config.sessionAbsoluteHours * hourMs;
  return new Date(signedInAt.getTime() + lifetime);
}

/** The end of the idle timeout from `now`, never past the absolute end. */
function idleEnd(config: SessionConfig, remember: boolean, signedInAt: Date, now: Date): Date {
  const idle = now.getTime() + idleTimeoutMs(config, remember);
  return new Date(Math.min(idle, absoluteEnd(config, remember, signedInAt).getTime()));
}

export function seesAllShops(context: Pick<SessionContext, 'isAdmin' | 'abilities'>): boolean {
  return context.isAdmin || context.abilities.has(viewAllAbilities.shops);
}

/**
 * The SQL condition "the user `userId` holds `ability`", for queries over many people: a group of theirs stores it,
 * or their first group makes them an administrator, who holds every ability (as loadUserAccess reads it).
 */
export function holdsAbility(ability: Ability, userId: SQL = sql`u.id`): SQL {
  return sql`(EXISTS (SELECT 1 FROM user_group_members m JOIN user_groups g ON g.id = m.group_id
                      WHERE m.user_id = ${userId} AND ${ability} = ANY(g.permissions))
              OR coalesce((SELECT g.id = ${ADMIN_GROUP_ID} OR g.name = ${BOSS_GROUP_NAME}
                           FROM user_group_members m JOIN user_groups g ON g.id = m.group_id
                           WHERE m.user_id = ${userId} ORDER BY m.position, g.id LIMIT 1), false))`;
}

/** A user's groups (the first decides whether they are an administrator), abilities and shops. */
export async function loadUserAccess(db: Executor, userId: number) {
  const groups = await db
    .select({ id: userGroups.id, name: userGroups.name, permissions: userGroups.permissions })
    .from(userGroupMembers)
    .innerJoin(userGroups, eq(userGroups.id, userGroupMembers.groupId))
    .where(eq(userGroupMembers.userId, userId))
    .orderBy(asc(userGroupMembers.position), asc(userGroups.id));
  const isAdmin = isAdminGroup(groups[0]);
  const abilities: ReadonlySet<Ability> = new Set<Ability>(
    (isAdmin ? [...allAbilities] : groups.flatMap((group) => group.permissions.filter(isAbility))).sort(),
  );
  const memberships = await db.select({ shopId: userShops.shopId }).from(userShops).where(eq(userShops.userId, userId));
  return {
    groups: groups.map(({ id, name }) => ({ id, name })),
    abilities,
    isAdmin,
    shopIds: memberships.map((membership) => membership.shopId),
  };
}

/** Opens a session for a person whose every sign-in factor was checked: its id, bearer token and first expiry. */
export async function startSession(options: {
  db: Executor;
  config: SessionConfig;
  userId: number;
  remember: boolean;
  method: UserSession['method'];
  client: { userAgent?: string; ip: string };
  now?: Date;
}): Promise<{ id: string; token: string; expiresAt: Date }> {
  const { config, remember, client } = options;
  // Stamped here rather than by the database, so the lifetimes count on the same clock that checks them.
  const now = options.now ?? new Date();
  const token = newToken();
  const expiresAt = idleEnd(config, remember, now, now);
  const [session] = await options.db
    .insert(sessions)
    .values({
      userId: options.userId,
      tokenHash: hashToken(token),
      remember,
      method: options.method,
      userAgent: client.userAgent?.slice(0, 500) ?? null,
      ip: client.ip,
      createdAt: now,
      lastUsedAt: now,
      expiresAt,
    })
    .returning({ id: sessions.id });
  return { id: session?.id as string, token, expiresAt };
}

/** A copy for one request: nothing a request does to its session reaches the cached one (abilities are read-only). */
function copyOf(context: SessionContext): SessionContext {
  return {
    ...context,
    user: { ...context.user },
    groups: context.groups.map((group) => ({ ...group })),
    shopIds: [...context.shopIds],
    shop: context.shop && { ...context.shop },
  };
}

/**
 * A session from the cache (platform/session-cache.ts) when its lifetimes allow: no SQL, but for sliding the idle
 * timeout once a minute. Undefined sends the caller to the database: not cached, or cached as expired (another
 * process may have slid it since), or revoked behind the cache's back.
 */
async function resolveCachedSession(
  db: Database,
  config: SessionConfig,
  cache: SessionCache<SessionContext>,
  tokenHash: string,
  now: Date,
): Promise<SessionContext | undefined> {
  const entry = cache.get(tokenHash);
  if (!entry) return undefined;
  const ends = Math.min(entry.expiresAt.getTime(), absoluteEnd(config, entry.remember, entry.createdAt).getTime());
  if (ends <= now.getTime()) {
    cache.drop(tokenHash);
    return undefined;
  }
  if (now.getTime() - entry.lastUsedAt.getTime() > SLIDE_AFTER_MS) {
    const expiresAt = idleEnd(config, entry.remember, entry.createdAt, now);
    const slid = await db
      .update(sessions)
      .set({ lastUsedAt: now, expiresAt })
      .where(and(eq(sessions.id, entry.context.sessionId), isNull(sessions.revokedAt)))
      .returning({ id: sessions.id });
    if (slid.length === 0) {
      cache.drop(tokenHash);
      return undefined;
    }
    entry.lastUsedAt = now;
    entry.expiresAt = expiresAt;
  }
  return copyOf(entry.context);
}

/**
 * The session behind a bearer token: `expired` when its idle timeout or its absolute lifetime has passed,
 * `unknown` when there is no such token, it was revoked or its person is gone. Using it slides the idle
 * timeout (at most once a minute), never past the absolute end. With a usable `cache` a session read once is
 * served from memory until something about it changes (platform/session-cache.ts).
 */
export async function resolveSession(options: {
  db: Database;
  config: SessionConfig;
  token: string;
  now?: Date;
  cache?: SessionCache<SessionContext>;
}): Promise<{ status: 'active'; session: SessionContext } | { status: 'expired' | 'unknown' }> {
  const { db, config } = options;
  const now = options.now ?? new Date();
  const tokenHash = hashToken(options.token);
  const cache = options.cache?.usable() ? options.cache : undefined;
  if (cache) {
    const cached = await resolveCachedSession(db, config, cache, tokenHash, now);
    if (cached) return { status: 'active', session: cached };
  }
  // Taken before reading: an invalidation arriving while the rows are read keeps them out of the cache.
  const mark = cache?.mark() ?? 0;
  const [row] = await db
    .select({
      sessionId: sessions.id,
      shopId: sessions.shopId,
      remember: sessions.remember,
      createdAt: sessions.createdAt,
      lastUsedAt: sessions.lastUsedAt,
      expiresAt: sessions.expiresAt,
      userId: users.id,
      name: users.name,
      surname: users.surname,
      avatar: users.avatar,
      lng: users.lng,
      shopName: shops.name,
      shopCode: shops.code,
      shopCity: shops.city,
      companyName: companies.name,
    })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .leftJoin(shops, eq(shops.id, sessions.shopId))
    .leftJoin(companies, eq(companies.id, shops.companyId))
    .where(and(eq(sessions.tokenHash, tokenHash), isNull(sessions.revokedAt), isNull(users.deletedAt)))
    .limit(1);
  if (!row) return { status: 'unknown' };
  // The absolute end is counted from the sign-in with today's setting, so shortening it applies at once.
  const ends = Math.min(row.expiresAt.getTime(), absoluteEnd(config, row.remember, row.createdAt).getTime());
  if (ends <= now.getTime()) return { status: 'expired' };
  let { lastUsedAt, expiresAt } = row;
  if (now.getTime() - row.lastUsedAt.getTime() > SLIDE_AFTER_MS) {
    lastUsedAt = now;
    expiresAt = idleEnd(config, row.remember, row.createdAt, now);
    await db.update(sessions).set({ lastUsedAt, expiresAt }).where(eq(sessions.id, row.sessionId));
  }
  const access = await loadUserAccess(db, row.userId);
  // A shop the user no longer belongs to stops being theirs at once: they choose again.
  const shopId =
    row.shopId !== null && (seesAllShops(access) || access.shopIds.includes(row.shopId)) ? row.shopId : null;
  const session: SessionContext = {
    sessionId: row.sessionId,
    userId: row.userId,
    shopId,
    remember: row.remember,
    user: {
      id: row.userId,
      name: row.name,
      surname: row.surname,
      avatar: row.avatar,
      lng: storedLanguageSchema.parse(row.lng),
    },
    ...access,
    shop:
      shopId !== null &&
      row.shopName !== null &&
      row.shopCode !== null &&
      row.shopCity !== null &&
      row.companyName !== null
        ? { id: shopId, name: row.shopName, code: row.shopCode, city: row.shopCity, companyName: row.companyName }
        : null,
  };
  if (cache) {
    const entry: CachedSession<SessionContext> = {
      context: session,
      remember: row.remember,
      createdAt: row.createdAt,
      lastUsedAt,
      expiresAt,
    };
    cache.set(tokenHash, entry, mark);
    return { status: 'active', session: copyOf(session) };
  }
  return { status: 'active', session };
}

/** Ends one open session of a user (signing out, or one of their devices); false when there was none. */
export async function revokeSession(db: Executor, options: { userId: number; sessionId: string }): Promise<boolean> {
  const revoked = await db
    .update(sessions)
    .set({ revokedAt: new Date() })
    .where(and(eq(sessions.id, options.sessionId), eq(sessions.userId, options.userId), isNull(sessions.revokedAt)))
    .returning({ id: sessions.id });
  await invalidateSessions(db, { sessionId: options.sessionId });
  return revoked.length > 0;
}

/** Ends every open session of a user (all but one when `exceptSessionId` is given); how many ended. */
export async function revokeUserSessions(tx: Executor, userId: number, exceptSessionId?: string): Promise<number> {
  const revoked = await tx
    .update(sessions)
    .set({ revokedAt: new Date() })
    .where(
      and(
        eq(sessions.userId, userId),
        isNull(sessions.revokedAt),
        exceptSessionId ? ne(sessions.id, exceptSessionId) : undefined,
      ),
    )
    .returning({ id: sessions.id });
  await invalidateSessions(tx, { userId });
  return revoked.length;
}
