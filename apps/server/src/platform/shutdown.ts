// A graceful stop (SIGTERM from an orchestrator, a rolling restart): first /health/ready answers 503 so the load
// balancer sends no more requests here (for SHUTDOWN_DRAIN_SECONDS, its time to notice); then the server stops
// accepting connections, finishes the requests in flight and the running jobs, and hands back to the queue the jobs
// that outlast SHUTDOWN_TIMEOUT_SECONDS, so another process runs them at once. No request is dropped, no job lost.
import { setTimeout as sleep } from 'node:timers/promises';
import type { FastifyInstance } from 'fastify';

/**
 * Answers whether the process is stopping (readiness then fails). While it is, every answer says `Connection: close`:
 * a kept-alive connection would otherwise outlive its last request and hold the close for the keep-alive timeout.
 */
export function registerShutdown(app: FastifyInstance): void {
  app.decorate('draining', false);
  app.addHook('onSend', (_request, reply, payload, done) => {
    if (app.draining) reply.header('connection', 'close');
    done(null, payload);
  });
}

/** Drains and closes the app; resolves once it is closed, or when the deadline passes (then the caller exits anyway). */
export async function shutDown(app: FastifyInstance, reason: string): Promise<'closed' | 'timedOut'> {
  const { drainMs, timeoutMs } = app.config.shutdown;
  app.draining = true;
  app.log.info({ reason, drainMs, timeoutMs }, 'draining: readiness now fails');
  if (drainMs > 0) await sleep(drainMs);
  app.log.info('closing: no new connections; finishing requests and jobs');
  // A little beyond the jobs' own grace (they are handed back at timeoutMs): a request that never ends must not keep
  // the process from stopping.
  const deadline = sleep(timeoutMs + 5000, 'timedOut' as const, { ref: false });
  const outcome = await Promise.race([app.close().then(() => 'closed' as const), deadline]);
  app.log.info({ outcome }, 'stopped');
  return outcome;
}
