// Brute-force lockout for sign-in (spec §8: "too many attempts, retry after N minutes", the limit not shown).
//
// A browser where the person signed in before carries a device cookie for them (OWASP "Slow Down Online
// Guessing Attacks with Device Cookies", see modules/auth/device-cookie.ts). The counters an attempt
// touches depend on it:
// - with a valid device cookie for the account, a failure counts on that cookie alone (`device`: like a
//   pair, LOGIN_MAX_ATTEMPTS in LOGIN_WINDOW_MINUTES, doubling) — and the account's locks for untrusted
//   clients do not apply to it, so a stranger's failures elsewhere never keep the owner's own browser out;
// - without one (untrusted client), a failure counts on three keys: the pair (account + client address),
//   the address alone and the account alone.
// - either way, on the account's absolute cap: at most 100 failures in an hour (ASVS 6.3.1), counted
//   from the first one, however they are spread over clients and cookies.
// The account is `u<user id>` when the login matched someone, else `l<SHA-256 of the lower-cased login>`,
// so a login that matches nobody is counted and locked exactly like a real one: the answers never tell
// which logins exist.
// - pair and device: LOGIN_MAX_ATTEMPTS (5) failures within LOGIN_WINDOW_MINUTES (15) lock it for one
//   window, and each lock in a row doubles the next one, up to LOGIN_MAX_LOCK_MINUTES (1440);
// - address: 4 × as many (a shop's tablets share one address), growing the same way;
// - account, from every untrusted client: 4 × as many, and its lock lasts one window and never grows.
// Why the account's lock never grows: the pair and the address are the stranger's own, so the only
// lock a stranger can put on somebody who signs in from elsewhere without a device cookie is the
// account's. It lasts one window; while it holds, the stranger's attempts are refused uncounted, so they
// cannot stretch it; locking it again takes another 4 × LOGIN_MAX_ATTEMPTS failures, from at least four
// addresses since each pair locks after LOGIN_MAX_ATTEMPTS, and those pairs' (and addresses') locks
// double every time. With the defaults untrusted clients thus make at most 80 failures in an hour, so
// they alone never reach the cap, and a browser with a device cookie keeps its share of it.
//
// The failure that reaches a limit already answers 429 with the lock's length, so the person learns at
// once how long to wait instead of on the next try. A success clears the counters of its pair, device
// cookie and (without a device cookie) the account's; the address keeps everyone else's and the cap
// keeps the hour's guesses. Lock starts are audited.
//
// A key that has been quiet for one window (nothing counted and no lock in force) is forgotten, lock
// history included: the doubling only bites whoever keeps trying. Counters are shared by every server
// process: in the database (an advisory lock per key serialises updates) or, with REDIS_URL, in Redis
// (a compare-and-set script; keys expire once forgotten). The rules are the pure functions below, the
// same for both stores.
import { and, inArray, isNull, lte, or, sql } from 'drizzle-orm';
import { Redis } from 'ioredis';
import type { Config } from '../config';
import { loginThrottles } from '../modules/auth/auth.schema';
import { writeAudit } from './audit';
import { hashToken } from './crypto';
import type { Database, Executor } from './db';
import { AppError } from './errors';

export type ThrottleScope = 'pair' | 'address' | 'account' | 'device' | 'cap';

/** ASVS 6.3.1: no more failed guesses than this in an hour on one account, from wherever they come. */
export const accountHourlyCap = 100;

/** What one scope allows, in milliseconds. */
export type ScopeRule = { limit: number; windowMs: number; maxLockMs: number };

/** The counters of one key; instants are epoch milliseconds. */
export type ThrottleState = {
  /** Failures counted in the current window; back to 0 when they start a lock. */
  failures: number;
  windowStartedAt: number;
  lockedUntil: number | null;
  /** Locks in a row: each one doubles the next (up to the scope's longest). */
  lockouts: number;
  /** When the last failure was counted. */
  updatedAt: number;
};

/** A key's counters, or undefined when it has none. */
type Stored = ThrottleState | undefined;

export function scopeRules(settings: Config['loginThrottle']): Record<ThrottleScope, ScopeRule> {
  const windowMs = settings.windowMinutes * 60_000;
  const maxLockMs = settings.maxLockMinutes * 60_000;
  const hourMs = 60 * 60_000;
  return {
    pair: { limit: settings.maxAttempts, windowMs, maxLockMs },
    device: { limit: settings.maxAttempts, windowMs, maxLockMs },
    address: { limit: 4 * settings.maxAttempts, windowMs, maxLockMs },
    // One window at most, whatever the lock history: see the module comment.
    account: { limit: 4 * settings.maxAttempts, windowMs, maxLockMs: Math.min(windowMs, maxLockMs) },
    // The hour from the first failure, then locked for an hour: never more than the cap in it.
    cap: { limit: accountHourlyCap, windowMs: hourMs, maxLockMs: hourMs },
  };
}

/** The length of the `lockouts`-th lock in a row: one window, doubling each time, never beyond the longest. */
export function lockMilliseconds(rule: ScopeRule, lockouts: number): number {
  return Math.min(rule.windowMs * 2 ** (lockouts - 1), rule.maxLockMs);
}

/** Seconds until the key's lock ends, rounded up; 0 when it is not locked. */
export function secondsLocked(state: Stored, now: number): number {
  return state?.lockedUntil && state.lockedUntil > now ? Math.ceil((state.lockedUntil - now) / 1000) : 0;
}

/** From this instant the key is forgotten: one window after its last count and the end of its last lock. */
export function forgetAt(state: ThrottleState, windowMs: number): number {
  return Math.max(state.updatedAt, state.lockedUntil ?? 0) + windowMs;
}

/** Counts one failure on a key that is not locked; reaching the limit starts a lock. */
export function countFailure(rule: ScopeRule, current: Stored, now: number): ThrottleState {
  const remembered = current && now < forgetAt(current, rule.windowMs) ? current : undefined;
  const sameWindow = remembered !== undefined && now < remembered.windowStartedAt + rule.windowMs;
  const failures = (sameWindow ? remembered.failures : 0) + 1;
  const windowStartedAt = sameWindow ? remembered.windowStartedAt : now;
  const lockouts = remembered?.lockouts ?? 0;
  if (failures < rule.limit) return { failures, windowStartedAt, lockedUntil: null, lockouts, updatedAt: now };
  const lockedUntil = now + lockMilliseconds(rule, lockouts + 1);
  return { failures: 0, windowStartedAt, lockedUntil, lockouts: lockouts + 1, updatedAt: now };
}

/** The account part of the keys: the user when the login matched one, else the login's SHA-256. */
export function accountKey(userId: number | null, login: string): string {
  return userId === null ? `l${hashToken(login.toLowerCase())}` : `u${userId}`;
}

/**
 * A sign-in attempt: its account (see accountKey), the client address and, when the browser holds a
 * valid device cookie for the account, that cookie's id.
 */
export type SignInAttempt = { account: string; ip: string; device?: string };

export type LoginThrottle = {
  /**
   * Call before checking the password (or code). Throws AppError('tooManyAttempts', { seconds }) when a
   * key of the attempt is locked; seconds: the longest wait, rounded up.
   */
  assertAllowed(attempt: SignInAttempt): Promise<void>;
  /**
   * Counts a failure on the attempt's unlocked keys. Audits (action 'auth.lockedOut') each lock it starts,
   * and throws AppError('tooManyAttempts', { seconds }) when a key of the attempt is locked afterwards —
   * the failure reaching a limit included; otherwise returns, and the caller answers its own error.
   */
  recordFailure(attempt: SignInAttempt & { userId: number | null }): Promise<void>;
  /**
   * Clears the counters of the pair and of the device cookie presented, and without one the account's
   * (not the address's: other people share it; not the cap: it holds the hour's guesses).
   */
  recordSuccess(attempt: SignInAttempt): Promise<void>;
};

/** Where the counters live; both stores apply the same rules through `change`. */
type ThrottleStore = {
  read(keys: string[]): Promise<Stored[]>;
  /**
   * Reads the keys and writes the states `change` computes from them (returning the same object leaves a
   * key as it is), atomically across server processes. Answers the states read and written.
   */
  update(
    keys: string[],
    now: number,
    change: (states: Stored[]) => ThrottleState[],
  ): Promise<{ before: Stored[]; after: ThrottleState[] }>;
  remove(keys: string[]): Promise<void>;
  close(): Promise<void>;
};

/** Namespace of the advisory locks serialising updates of one key (7_220_452 is the password reset's). */
const lockNamespace = 7_220_453;

function databaseStore(db: Database, windowMs: number): ThrottleStore {
  const read = async (executor: Executor, keys: string[]): Promise<Stored[]> => {
    const rows = await executor.select().from(loginThrottles).where(inArray(loginThrottles.key, keys));
    return keys.map((key) => {
      const row = rows.find((candidate) => candidate.key === key);
      return (
        row && {
          failures: row.failures,
          windowStartedAt: row.windowStartedAt.getTime(),
          lockedUntil: row.lockedUntil?.getTime() ?? null,
          lockouts: row.lockouts,
          updatedAt: row.updatedAt.getTime(),
        }
      );
    });
  };

  /**
   * Deletes the rows forgotten for good (see forgetAt), so the table holds only live counters. SKIP LOCKED:
   * it never waits for a row a sign-in is updating, so it can never deadlock with one.
   */
  const deleteForgotten = async (now: number) => {
    const cutoff = new Date(now - windowMs);
    const forgotten = db
      .select({ key: loginThrottles.key })
      .from(loginThrottles)
      .where(
        and(
          lte(loginThrottles.updatedAt, cutoff),
          or(isNull(loginThrottles.lockedUntil), lte(loginThrottles.lockedUntil, cutoff)),
        ),
      )
      .for('update', { skipLocked: true });
    await db.delete(loginThrottles).where(inArray(loginThrottles.key, forgotten));
  };

  return {
    read: (keys) => read(db, keys),
    async update(keys, now, change) {
      const result = await db.transaction(async (tx) => {
        // Always in the same order, so two processes never each hold a key the other waits for.
        for (const key of [...keys].sort()) {
          await tx.execute(sql`SELECT pg_advisory_xact_lock(${lockNamespace}, hashtext(${key}))`);
        }
        const before = await read(tx, keys);
        const after = change(before);
        for (const [index, state] of after.entries()) {
          if (state === before[index]) continue;
          const row = {
            failures: state.failures,
            windowStartedAt: new Date(state.windowStartedAt),
            lockedUntil: state.lockedUntil === null ? null : new Date(state.lockedUntil),
            lockouts: state.lockouts,
            updatedAt: new Date(state.updatedAt),
          };
          await tx
            .insert(loginThrottles)
            .values({ key: keys[index] as string, ...row })
            .onConflictDoUpdate({ target: loginThrottles.key, set: row });
        }
        return { before, after };
      });
      // Only a new row makes the table grow.
      if (result.before.includes(undefined)) await deleteForgotten(now);
      return result;
    },
    async remove(keys) {
      await db.delete(loginThrottles).where(inArray(loginThrottles.key, keys));
    },
    close: async () => undefined,
  };
}

/**
 * Sets every key to its new value (ARGV after the expected ones) with its lifetime in ms (ARGV last), but
 * only when every key still holds what was read (ARGV first; '' for none). Answers 1 when set, 0 when not.
 */
const compareAndSetScript = `
local count = #KEYS
for index, key in ipairs(KEYS) do
  if (redis.call('GET', key) or '') ~= ARGV[index] then return 0 end
end
for index, key in ipairs(KEYS) do
  redis.call('SET', key, ARGV[count + index], 'PX', ARGV[2 * count + index])
end
return 1
`;

/** A compare-and-set fails only when another failure's went through in between, so this is never reached in practice. */
const maxRounds = 50;

function redisStore(redisUrl: string, keyPrefix: string, windowMs: number): ThrottleStore {
  const redis = new Redis(redisUrl, { keyPrefix });
  const parse = (raw: string | null): Stored => (raw ? (JSON.parse(raw) as ThrottleState) : undefined);
  return {
    read: async (keys) => (await redis.mget(keys)).map(parse),
    async update(keys, now, change) {
      for (let round = 0; round < maxRounds; round += 1) {
        const raw = await redis.mget(keys);
        const before = raw.map(parse);
        const after = change(before);
        if (after.every((state, index) => state === before[index])) return { before, after };
        const written = await redis.eval(
          compareAndSetScript,
          keys.length,
          ...keys,
          ...raw.map((value) => value ?? ''),
          ...after.map((state) => JSON.stringify(state)),
          // Gone from Redis once forgotten; at least 1 ms, as PX needs.
          ...after.map((state) => Math.max(1, forgetAt(state, windowMs) - now)),
        );
        if (written === 1) return { before, after };
      }
      throw new Error(`login throttle: counters still changing after ${maxRounds} compare-and-set rounds`);
    },
    async remove(keys) {
      await redis.del(keys);
    },
    close: async () => {
      await redis.quit().catch(() => undefined);
    },
  };
}

export function createLoginThrottle(options: {
  db: Database;
  settings: Config['loginThrottle'];
  /** Counters in Redis instead of the database. */
  redisUrl?: string;
  /** Namespace of the Redis keys (tests use one of their own per run). */
  redisKeyPrefix?: string;
  /** The clock, injectable for tests. */
  now?: () => Date;
}): LoginThrottle & { close(): Promise<void> } {
  const rules = scopeRules(options.settings);
  // A key is kept as long as the longest window may still need it (the cap's hour, by default); the rules
  // themselves forget each key after its own window.
  const longestWindowMs = Math.max(...Object.values(rules).map((rule) => rule.windowMs));
  const store = options.redisUrl
    ? redisStore(options.redisUrl, options.redisKeyPrefix ?? 'bottega:login-throttle:', longestWindowMs)
    : databaseStore(options.db, longestWindowMs);
  const clock = () => (options.now ? options.now() : new Date()).getTime();
  /** The keys an attempt is counted on and checked against, by scope: see the module comment. */
  const keysOf = (attempt: SignInAttempt): Partial<Record<ThrottleScope, string>> => {
    const cap = `cap:${attempt.account}`;
    if (attempt.device !== undefined) return { device: `device:${attempt.account}:${attempt.device}`, cap };
    return {
      pair: `pair:${attempt.account}:${attempt.ip}`,
      address: `ip:${attempt.ip}`,
      account: `account:${attempt.account}`,
      cap,
    };
  };
  const longestLock = (states: Stored[], now: number) =>
    Math.max(0, ...states.map((state) => secondsLocked(state, now)));

  return {
    async assertAllowed(attempt) {
      const now = clock();
      const seconds = longestLock(await store.read(Object.values(keysOf(attempt)) as string[]), now);
      if (seconds > 0) throw new AppError('tooManyAttempts', { seconds });
    },
    async recordFailure(attempt) {
      const entries = Object.entries(keysOf(attempt)) as [ThrottleScope, string][];
      const now = clock();
      // A locked key is left alone: a failure gets here only by passing the check before the lock began.
      const { before, after } = await store.update(
        entries.map(([, key]) => key),
        now,
        (states) =>
          entries.map(([scope], index) => {
            const state = states[index];
            return state && secondsLocked(state, now) > 0 ? state : countFailure(rules[scope], state, now);
          }),
      );
      for (const [index, [scope]] of entries.entries()) {
        const seconds = secondsLocked(after[index], now);
        if (seconds === 0 || secondsLocked(before[index], now) > 0) continue;
        await writeAudit(options.db, {
          actorId: null,
          action: 'auth.lockedOut',
          entity: 'user',
          entityId: attempt.userId,
          data: { scope, seconds },
          ip: attempt.ip,
        });
      }
      const seconds = longestLock(after, now);
      if (seconds > 0) throw new AppError('tooManyAttempts', { seconds });
    },
    async recordSuccess(attempt) {
      const { pair, account, device } = keysOf(attempt);
      await store.remove([pair, account, device].filter((key) => key !== undefined));
    },
    close: () => store.close(),
  };
}
