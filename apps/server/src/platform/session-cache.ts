// Resolved sessions kept in memory, so a signed-in request runs no SQL for its session after the first one.
// Anything that changes what a resolved session holds, or whether it is still valid, calls invalidateSessions()
// next to its write: the entries concerned are dropped at once in this process and, after the transaction commits,
// in every other process through a Redis channel. Entries also live at most SESSION_CACHE_TTL_MS, so even a missed
// invalidation heals within a minute, and expiry is checked on every request from the cached times.
import { PGlite } from '@electric-sql/pglite';
import { Redis } from 'ioredis';
import { LRUCache } from 'lru-cache';
import type { Database, Executor } from './db';

/** How many resolved sessions a process keeps (the least recently used go first). */
const SESSION_CACHE_SIZE = 5_000;
/** The safety net: an entry is read again from the database after this long, invalidated or not. */
export const SESSION_CACHE_TTL_MS = 60_000;
/** How long a change waits for Redis to take its invalidation before answering anyway. */
const PUBLISH_WAIT_MS = 1_000;
/** The Redis channel that carries invalidations between server processes. */
const INVALIDATION_CHANNEL = 'bottega:sessions:invalidate';

/** What an invalidation drops: one session, every session of a person, or everything (a group changed). */
export type SessionInvalidation = { sessionId: string } | { userId: number } | { all: true };

/** What the cache needs to know of a resolved session (SessionContext of platform/sessions.ts): whose it is. */
export type SessionKeys = { sessionId: string; userId: number };

/** A resolved session with the times its lifetimes are checked against on every request. */
export type CachedSession<Context extends SessionKeys = SessionKeys> = {
  context: Context;
  remember: boolean;
  createdAt: Date;
  lastUsedAt: Date;
  expiresAt: Date;
};

export type SessionCacheMode = 'local' | 'shared' | 'off';

/**
 * When the cache may be used, the one place that decides. The embedded database (PGlite) belongs to one process, so
 * every change goes through it: 'local'. On PostgreSQL several processes may share the data, so the cache is used only
 * when REDIS_URL carries their invalidations: 'shared'. PostgreSQL without Redis: 'off', every request reads its
 * session from the database as another process may have changed a group unseen.
 */
export function sessionCacheMode(db: Database, redisUrl: string | undefined): SessionCacheMode {
  if ((db as unknown as { $client?: unknown }).$client instanceof PGlite) return 'local';
  return redisUrl ? 'shared' : 'off';
}

export type SessionCache<Context extends SessionKeys = SessionKeys> = {
  mode: SessionCacheMode;
  /** False while the cache must not be trusted (off, or the Redis subscription is not up): read the database. */
  usable: () => boolean;
  get: (tokenHash: string) => CachedSession<Context> | undefined;
  /** Taken before reading a session from the database: `set` keeps the result only if nothing was invalidated since. */
  mark: () => number;
  set: (tokenHash: string, entry: CachedSession<Context>, mark: number) => void;
  drop: (tokenHash: string) => void;
  /**
   * Drops the entries here and (unless `publish` is false) tells the other processes: resolves once Redis has taken
   * the message, or at once when Redis is not reachable (the message then waits for it, never the request).
   */
  invalidate: (target: SessionInvalidation, options?: { publish: boolean }) => Promise<void>;
  /** Resolves once the cache is usable (the Redis subscription is up); tests wait for it. */
  ready: () => Promise<void>;
  close: () => Promise<void>;
};

type Logger = { warn: (details: object, message: string) => void };

type Invalidatable = Pick<SessionCache, 'invalidate'>;
const caches = new Set<Invalidatable>();
const cachesByDatabase = new WeakMap<object, Set<Invalidatable>>();
/** A transaction → what to invalidate once its outermost transaction has ended (committed or not). */
const transactionScopes = new WeakMap<object, { db: object; pending: SessionInvalidation[] }>();
const trackedDatabases = new WeakSet<object>();

function matches(entry: CachedSession, target: SessionInvalidation): boolean {
  if ('all' in target) return true;
  if ('sessionId' in target) return entry.context.sessionId === target.sessionId;
  return entry.context.userId === target.userId;
}

function parseInvalidation(message: string): SessionInvalidation {
  try {
    const parsed = JSON.parse(message) as Record<string, unknown>;
    if (typeof parsed.sessionId === 'string') return { sessionId: parsed.sessionId };
    if (typeof parsed.userId === 'number') return { userId: parsed.userId };
  } catch {
    // An unreadable message is treated as the widest one.
  }
  return { all: true };
}

export function createSessionCache<Context extends SessionKeys = SessionKeys>(options: {
  db: Database;
  redisUrl?: string;
  logger?: Logger;
  /** Tests only: a cache of this mode whatever the database. */
  mode?: SessionCacheMode;
}): SessionCache<Context> {
  const mode = options.mode ?? sessionCacheMode(options.db, options.redisUrl);
  const entries = new LRUCache<string, CachedSession<Context>>({ max: SESSION_CACHE_SIZE, ttl: SESSION_CACHE_TTL_MS });
  let generation = 0;
  let subscribed = mode === 'local';
  let readyWaiters: (() => void)[] = [];
  const clients: Redis[] = [];

  const dropLocally = (target: SessionInvalidation) => {
    generation += 1;
    if ('all' in target) {
      entries.clear();
      return;
    }
    const dropped = [...entries.entries()].filter(([, entry]) => matches(entry, target));
    for (const [tokenHash] of dropped) entries.delete(tokenHash);
  };
  const setSubscribed = (value: boolean) => {
    // Whatever was published while the subscription was down is lost: start again from nothing.
    dropLocally({ all: true });
    subscribed = value;
    if (value) {
      for (const resolve of readyWaiters) resolve();
      readyWaiters = [];
    }
  };

  let publisher: Redis | undefined;
  if (mode === 'shared' && options.redisUrl) {
    publisher = new Redis(options.redisUrl);
    const subscriber = publisher.duplicate();
    clients.push(publisher, subscriber);
    const warn = (error: Error) => options.logger?.warn({ err: error }, 'session cache: redis error');
    publisher.on('error', warn);
    subscriber.on('error', warn);
    subscriber.on('message', (channel: string, message: string) => {
      if (channel === INVALIDATION_CHANNEL) dropLocally(parseInvalidation(message));
    });
    for (const event of ['close', 'end', 'reconnecting']) subscriber.on(event, () => setSubscribed(false));
    // On every (re)connection: usable again only once Redis has confirmed the subscription, and from an empty cache.
    subscriber.on('ready', () => {
      subscriber
        .subscribe(INVALIDATION_CHANNEL)
        .then(() => setSubscribed(true))
        .catch(warn);
    });
  }

  const cache: SessionCache<Context> = {
    mode,
    usable: () => mode !== 'off' && subscribed,
    get: (tokenHash) => (cache.usable() ? entries.get(tokenHash) : undefined),
    mark: () => generation,
    set: (tokenHash, entry, mark) => {
      if (cache.usable() && mark === generation) entries.set(tokenHash, entry);
    },
    drop: (tokenHash) => {
      entries.delete(tokenHash);
    },
    invalidate: async (target, how = { publish: true }) => {
      dropLocally(target);
      if (!how.publish || !publisher) return;
      const published = publisher.publish(INVALIDATION_CHANNEL, JSON.stringify(target)).then(
        () => undefined,
        (error: Error) => options.logger?.warn({ err: error }, 'session cache: invalidation not published'),
      );
      if (publisher.status !== 'ready') return;
      await Promise.race([published, new Promise((resolve) => setTimeout(resolve, PUBLISH_WAIT_MS).unref())]);
    },
    ready: () =>
      mode === 'off' || subscribed ? Promise.resolve() : new Promise<void>((resolve) => readyWaiters.push(resolve)),
    close: async () => {
      caches.delete(cache);
      cachesByDatabase.get(options.db)?.delete(cache);
      subscribed = false;
      entries.clear();
      await Promise.all(clients.map((client) => client.quit().catch(() => undefined)));
    },
  };
  if (mode !== 'off') {
    caches.add(cache);
    const ofDatabase = cachesByDatabase.get(options.db) ?? new Set<Invalidatable>();
    ofDatabase.add(cache);
    cachesByDatabase.set(options.db, ofDatabase);
    trackTransactions(options.db);
  }
  return cache;
}

async function flush(db: object, pending: SessionInvalidation[]): Promise<void> {
  if (pending.length === 0) return;
  const targets = pending.some((target) => 'all' in target) ? [{ all: true } as const] : pending;
  const caches = [...(cachesByDatabase.get(db) ?? [])];
  await Promise.all(caches.flatMap((cache) => targets.map((target) => cache.invalidate(target))));
}

type TransactionRunner = (run: (tx: unknown) => Promise<unknown>, config?: unknown) => Promise<unknown>;

/** Every transaction of `db` (and its savepoints) remembers its database and the invalidations to send at its end. */
function trackTransactions(db: object): void {
  if (trackedDatabases.has(db)) return;
  trackedDatabases.add(db);
  const target = db as { transaction: TransactionRunner };
  const original = target.transaction.bind(db) as TransactionRunner;
  target.transaction = async (run, config) => {
    const scope = { db, pending: [] as SessionInvalidation[] };
    try {
      return await original(async (tx) => {
        enterTransaction(tx, scope);
        return run(tx);
      }, config);
    } finally {
      // After the commit (or the rollback: invalidating more is harmless), never before, or another request could
      // read the old rows again and keep them.
      await flush(scope.db, scope.pending);
    }
  };
}

function enterTransaction(tx: unknown, scope: { db: object; pending: SessionInvalidation[] }): void {
  if (typeof tx !== 'object' || tx === null) return;
  transactionScopes.set(tx, scope);
  const nested = tx as { transaction?: TransactionRunner };
  if (typeof nested.transaction !== 'function') return;
  const original = nested.transaction.bind(tx) as TransactionRunner;
  nested.transaction = (run, config) =>
    original(async (inner) => {
      enterTransaction(inner, scope);
      return run(inner);
    }, config);
}

/**
 * Call next to every write that changes a resolved session (its person, groups, abilities, shops, chosen shop) or
 * ends one. Inside a transaction the entries are dropped here at once and everywhere once it has ended; on the
 * database itself, everywhere at once. An executor the cache does not know drops everything in this process.
 */
export async function invalidateSessions(executor: Executor, target: SessionInvalidation): Promise<void> {
  const scope = transactionScopes.get(executor);
  if (scope) {
    for (const cache of cachesByDatabase.get(scope.db) ?? []) await cache.invalidate(target, { publish: false });
    scope.pending.push(target);
    return;
  }
  const ofDatabase = cachesByDatabase.get(executor);
  await Promise.all([...(ofDatabase ?? caches)].map((cache) => cache.invalidate(ofDatabase ? target : { all: true })));
}
