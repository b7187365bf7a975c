// Sign-in, the shop chosen for the session, and sign-out (sessions themselves live in platform/sessions.ts).
import type { AuthUser, ShopSummary, SignedIn, SignInAnswer } from '@bottega/contracts/auth';
import type { UserSession } from '@bottega/contracts/security';
import { and, eq, isNull, or, sql } from 'drizzle-orm';
import type { Config } from '../../config';
import { writeAudit } from '../../platform/audit';
import type { Database } from '../../platform/db';
import { AppError } from '../../platform/errors';
import { accountKey, type LoginThrottle } from '../../platform/login-throttle';
import { decoyPasswordHash, verifyPassword } from '../../platform/passwords';
import { invalidateSessions } from '../../platform/session-cache';
import {
  loadUserAccess,
  revokeSession,
  type SessionConfig,
  type SessionContext,
  seesAllShops,
  startSession,
} from '../../platform/sessions';
import { sessions } from '../../platform/sessions.schema';
import { users } from '../employees/employees.schema';
import { avatarUrl, isRegistrationPending } from '../profile/profile.service';
import { findShopSummary, listOpenShopSummaries } from '../shops/shops.service';
import { issueChallenge } from './challenges';
import type { DeviceCookies } from './device-cookie';
import { secondStepFor } from './mfa.service';

/** What opening a session needs to know: the session lifetimes and whether registration comes first. */
export type SignInConfig = SessionConfig & Pick<Config, 'registrationRequired'>;

/**
 * Where a sign-in request comes from: kept on the session and in the audit log; and the browser's device
 * cookies, which decide the lockout counters its attempts count on.
 */
export type Client = { userAgent?: string; ip: string; device?: DeviceCookies };

/**
 * Opens a session once every factor has been checked: the token, and what the web does next. A
 * complete sign-in also clears the failed-attempt counters of the account on that address (or of the
 * device cookie presented), and gives the browser a fresh device cookie for the user.
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
  const session = await startSession({ ...options, db });
  await writeAudit(db, {
    actorId: userId,
    action: 'auth.signedIn',
    entity: 'session',
    entityId: session.id,
    toState: 'active',
    data: { remember: options.remember, method: options.method },
    ip: client.ip,
  });
  await options.throttle.recordSuccess({
    account: accountKey(userId, ''),
    ip: client.ip,
    device: client.device?.presented(userId),
  });
  client.device?.remember(userId);
  const access = await loadUserAccess(db, userId);
  return {
    step: 'signedIn',
    token: session.token,
    expiresAt: session.expiresAt.toISOString(),
    // Spec §4: the web sends the person to /app/registration first (see the profile module).
    registration: isRegistrationPending(options.config, user.registeredAt),
    shops: await listSelectableShops({ db, userId, seesAllShops: seesAllShops(access) }),
  };
}

/**
 * Step one: the password. Locked-out accounts and addresses are refused before the password is
 * even checked (a browser with a device cookie for the account: only its own lock and the cap). With two-factor on (or required by the user's group and not yet set up) the answer
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
  const attempt = {
    account: accountKey(user?.id ?? null, login),
    ip: client.ip,
    device: user ? client.device?.presented(user.id) : undefined,
  };
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
  await invalidateSessions(db, { sessionId: session.sessionId });
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
  const shop = session.shopId === null ? null : await findShopSummary({ db, shopId: session.shopId, session });
  return {
    id: session.userId,
    name: `${session.user.name} ${session.user.surname}`.trim(),
    avatar: avatarUrl(session.userId, session.user.avatar),
    can: [...session.abilities],
    userGroup: session.groups,
    lng: session.user.lng,
    shop,
  };
}

export async function signOut(options: { db: Database; session: SessionContext; ip?: string }) {
  const { db, session } = options;
  await revokeSession(db, { userId: session.userId, sessionId: session.sessionId });
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
