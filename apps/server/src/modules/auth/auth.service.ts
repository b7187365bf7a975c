// Sign-in, the session behind a bearer token, the shop chosen for it, and sign-out.
import type { AuthUser, ShopSummary, SignedIn, SignInAnswer } from '@bottega/contracts/auth';
import { type Language, languageSchema } from '@bottega/contracts/common';
import { type Ability, allAbilities, isAbility, isAdminGroup, viewAllAbilities } from '@bottega/contracts/permissions';
import type { UserSession } from '@bottega/contracts/security';
import { and, asc, eq, gt, isNull, or, sql } from 'drizzle-orm';
import type { Config } from '../../config';
import { writeAudit } from '../../platform/audit';
import { hashToken, newToken } from '../../platform/crypto';
import type { Database } from '../../platform/db';
import { AppError } from '../../platform/errors';
import { accountKey, type LoginThrottle } from '../../platform/login-throttle';
import { decoyPasswordHash, verifyPassword } from '../../platform/passwords';
import { users } from '../employees/employees.schema';
import { avatarUrl, isRegistrationPending } from '../profile/profile.service';
import { userShops } from '../shops/shops.schema';
import { findShopSummary, listOpenShopSummaries } from '../shops/shops.service';
import { userGroupMembers, userGroups } from '../user-groups/user-groups.schema';
import { sessions } from './auth.schema';
import { issueChallenge } from './challenges';
import { secondStepFor } from './mfa.service';

/** Only touch last_used_at / expires_at once a minute, so reads do not turn into writes. */
const SLIDE_AFTER_MS = 60_000;

export type SessionContext = {
  sessionId: string;
  userId: number;
  shopId: number | null;
  remember: boolean;
  user: { id: number; name: string; surname: string; avatar: string | null; lng: Language };
  groups: { id: number; name: string }[];
  abilities: Set<Ability>;
  isAdmin: boolean;
  /** The shops the user belongs to (user ↔ shop membership). */
  shopIds: number[];
};

function sessionLifetimeMs(config: Pick<Config, 'sessionHours' | 'sessionRememberDays'>, remember: boolean): number {
  return remember ? config.sessionRememberDays * 86_400_000 : config.sessionHours * 3_600_000;
}

type SignInConfig = Pick<Config, 'sessionHours' | 'sessionRememberDays' | 'registrationRequired'>;

/** Where a sign-in request comes from: kept on the session and in the audit log. */
export type Client = { userAgent?: string; ip: string };

/**
 * Opens a session once every factor has been checked: the token, and what the web does next. A
 * complete sign-in also clears the failed-attempt counters of the account on that address.
 */
export async function openSession(options: {
  db: Database;
  config: SignInConfig;
  throttle: LoginThrottle;
  userId: number;
  remember: boolean;
  method: UserSession['method'];
  client: Client;
}): Promise<SignedIn> {
  const { db, userId, client } = options;
  const [user] = await db
    .select({ registeredAt: users.registeredAt })
    .from(users)
    .where(and(eq(users.id, userId), isNull(users.deletedAt)));
  if (!user) throw new AppError('invalidCredentials');
  const token = newToken();
  const expiresAt = new Date(Date.now() + sessionLifetimeMs(options.config, options.remember));
  const [session] = await db
    .insert(sessions)
    .values({
      userId,
      tokenHash: hashToken(token),
      remember: options.remember,
      method: options.method,
      userAgent: client.userAgent?.slice(0, 500) ?? null,
      ip: client.ip,
      expiresAt,
    })
    .returning({ id: sessions.id });
  await writeAudit(db, {
    actorId: userId,
    action: 'auth.signedIn',
    entity: 'session',
    entityId: session?.id,
    toState: 'active',
    data: { remember: options.remember, method: options.method },
    ip: client.ip,
  });
  await options.throttle.recordSuccess({ account: accountKey(userId, ''), ip: client.ip });
  const context = await loadUserContext(db, userId);
  return {
    step: 'signedIn',
    token,
    expiresAt: expiresAt.toISOString(),
    // Spec §4: the web sends the person to /app/registration first (see the profile module).
    registration: isRegistrationPending(options.config, user.registeredAt),
    shops: await listSelectableShops({ db, userId, seesAllShops: seesAllShops(context) }),
  };
}

/**
 * Step one: the password. Locked-out accounts and addresses are refused before the password is
 * even checked. With two-factor on (or required by the user's group and not yet set up) the answer
 * is the second step instead of a session.
 */
export async function signIn(options: {
  db: Database;
  config: SignInConfig;
  throttle: LoginThrottle;
  login: string;
  password: string;
  remember: boolean;
  client: Client;
}): Promise<SignInAnswer['data']> {
  const { db, login, client, throttle } = options;
  const [user] = await db
    .select({ id: users.id, passwordHash: users.passwordHash })
    .from(users)
    .where(
      and(
        isNull(users.deletedAt),
        or(sql`lower(${users.username}) = lower(${login})`, sql`lower(${users.email}) = lower(${login})`),
      ),
    )
    .limit(1);
  const attempt = { account: accountKey(user?.id ?? null, login), ip: client.ip };
  await throttle.assertAllowed(attempt);
  const valid = await verifyPassword(user?.passwordHash ?? (await decoyPasswordHash()), options.password);
  if (!user || !valid) {
    // Nobody acted yet: the attempt is recorded against the account it aimed at, never with what was
    // typed when it matched no account (that is often a password typed into the wrong box).
    await writeAudit(db, {
      actorId: null,
      action: 'auth.signInFailed',
      entity: 'user',
      entityId: user?.id ?? null,
      data: user ? {} : { unknownLogin: true },
      ip: client.ip,
    });
    await throttle.recordFailure({ ...attempt, userId: user?.id ?? null });
    throw new AppError('invalidCredentials');
  }
  const secondStep = await secondStepFor(db, user.id);
  if (secondStep) {
    const challenge = await issueChallenge(db, { purpose: secondStep, userId: user.id, remember: options.remember });
    await writeAudit(db, {
      actorId: user.id,
      action: 'auth.passwordAccepted',
      entity: 'user',
      entityId: user.id,
      data: { next: secondStep },
      ip: client.ip,
    });
    return { step: secondStep, challenge };
  }
  return openSession({ ...options, userId: user.id, method: 'password' });
}

export function seesAllShops(context: Pick<SessionContext, 'isAdmin' | 'abilities'>): boolean {
  return context.isAdmin || context.abilities.has(viewAllAbilities.shops);
}

async function loadUserContext(db: Database, userId: number) {
  const groups = await db
    .select({ id: userGroups.id, name: userGroups.name, permissions: userGroups.permissions })
    .from(userGroupMembers)
    .innerJoin(userGroups, eq(userGroups.id, userGroupMembers.groupId))
    .where(eq(userGroupMembers.userId, userId))
    .orderBy(asc(userGroupMembers.position), asc(userGroups.id));
  const isAdmin = isAdminGroup(groups[0]);
  const abilities = new Set<Ability>(
    isAdmin ? allAbilities : groups.flatMap((group) => group.permissions.filter(isAbility)),
  );
  const memberships = await db.select({ shopId: userShops.shopId }).from(userShops).where(eq(userShops.userId, userId));
  return {
    groups: groups.map(({ id, name }) => ({ id, name })),
    abilities,
    isAdmin,
    shopIds: memberships.map((membership) => membership.shopId),
  };
}

/** The session behind a bearer token, or null when it is unknown, expired, revoked or its user is gone. */
export async function resolveSession(options: {
  db: Database;
  config: Pick<Config, 'sessionHours' | 'sessionRememberDays'>;
  token: string;
}): Promise<SessionContext | null> {
  const { db } = options;
  const now = new Date();
  const [row] = await db
    .select({
      sessionId: sessions.id,
      shopId: sessions.shopId,
      remember: sessions.remember,
      lastUsedAt: sessions.lastUsedAt,
      userId: users.id,
      name: users.name,
      surname: users.surname,
      avatar: users.avatar,
      lng: users.lng,
    })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(
      and(
        eq(sessions.tokenHash, hashToken(options.token)),
        isNull(sessions.revokedAt),
        gt(sessions.expiresAt, now),
        isNull(users.deletedAt),
      ),
    )
    .limit(1);
  if (!row) return null;
  if (now.getTime() - row.lastUsedAt.getTime() > SLIDE_AFTER_MS) {
    await db
      .update(sessions)
      .set({ lastUsedAt: now, expiresAt: new Date(now.getTime() + sessionLifetimeMs(options.config, row.remember)) })
      .where(eq(sessions.id, row.sessionId));
  }
  const context = await loadUserContext(db, row.userId);
  // A shop the user no longer belongs to stops being theirs at once: they choose again.
  const shopId =
    row.shopId !== null && (seesAllShops(context) || context.shopIds.includes(row.shopId)) ? row.shopId : null;
  return {
    sessionId: row.sessionId,
    userId: row.userId,
    shopId,
    remember: row.remember,
    user: {
      id: row.userId,
      name: row.name,
      surname: row.surname,
      avatar: row.avatar,
      lng: languageSchema.catch('it').parse(row.lng),
    },
    ...context,
  };
}

/** The shops a user may work in: their own, or every open shop for those who see all shops. */
export function listSelectableShops(options: {
  db: Database;
  userId: number;
  seesAllShops: boolean;
}): Promise<ShopSummary[]> {
  return listOpenShopSummaries({ db: options.db, memberId: options.seesAllShops ? undefined : options.userId });
}

export function listShopsForSession(options: { db: Database; session: SessionContext }): Promise<ShopSummary[]> {
  return listSelectableShops({
    db: options.db,
    userId: options.session.userId,
    seesAllShops: seesAllShops(options.session),
  });
}

export async function chooseShop(options: { db: Database; session: SessionContext; shopId: number; ip?: string }) {
  const { db, session, shopId } = options;
  const allowed = await listShopsForSession({ db, session });
  const shop = allowed.find((candidate) => candidate.id === shopId);
  if (!shop) throw new AppError('shopNotAllowed');
  await db.update(sessions).set({ shopId }).where(eq(sessions.id, session.sessionId));
  await writeAudit(db, {
    actorId: session.userId,
    action: 'auth.shopChosen',
    entity: 'session',
    entityId: session.sessionId,
    fromState: session.shopId === null ? null : String(session.shopId),
    toState: String(shopId),
    ip: options.ip,
  });
  return shop;
}

export async function describeAuthUser(options: { db: Database; session: SessionContext }): Promise<AuthUser> {
  const { db, session } = options;
  const shop = session.shopId === null ? null : await findShopSummary({ db, shopId: session.shopId });
  return {
    id: session.userId,
    name: `${session.user.name} ${session.user.surname}`.trim(),
    avatar: avatarUrl(session.userId, session.user.avatar),
    can: [...session.abilities].sort(),
    userGroup: session.groups,
    lng: session.user.lng,
    shop,
  };
}

export async function signOut(options: { db: Database; session: SessionContext; ip?: string }) {
  const { db, session } = options;
  await db.update(sessions).set({ revokedAt: new Date() }).where(eq(sessions.id, session.sessionId));
  await writeAudit(db, {
    actorId: session.userId,
    action: 'auth.signedOut',
    entity: 'session',
    entityId: session.sessionId,
    fromState: 'active',
    toState: 'revoked',
    ip: options.ip,
  });
}
