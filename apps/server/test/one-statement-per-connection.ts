// Set up before every PostgreSQL test file: a statement sent on a pg connection that is still running one fails the
// test. pg 8 queues it with a deprecation warning and pg 9 refuses it; it happens when a transaction's reads are
// started together (`Promise.all` on a transaction), which `readTogether` in platform/db.ts runs one after another.
import pg from 'pg';

type BusyClient = pg.Client & { _activeQuery?: unknown; _queryQueue: unknown[] };
const guarded = Symbol.for('bottega.oneStatementPerConnection');
const prototype = pg.Client.prototype as typeof pg.Client.prototype & { [guarded]?: true };
// The files of a worker share their modules (isolate: false), and this runs before each of them: once is enough.
if (!prototype[guarded]) {
  prototype[guarded] = true;
  const query = prototype.query;
  prototype.query = function (this: BusyClient, ...args: unknown[]) {
    if (this._activeQuery || this._queryQueue.length > 0) {
      const text = typeof args[0] === 'string' ? args[0] : (args[0] as { text?: string } | undefined)?.text;
      throw new Error(`a second statement on a pg connection still running one: ${String(text).slice(0, 200)}`);
    }
    return (query as (...parameters: unknown[]) => unknown).apply(this, args);
  } as typeof prototype.query;
}
