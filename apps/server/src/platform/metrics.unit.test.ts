import { Counter, Registry } from 'prom-client';
import { describe, expect, it } from 'vitest';
import type { Database } from './db';
import { countDelivery, databasePool, isMetricsToken, registerPoolGauges } from './metrics';

const token = 'metrics-token-0123456789-abcdefghijklmnopqrstuvwxyz';

describe('isMetricsToken', () => {
  it('takes only the exact token as a bearer', () => {
    expect(isMetricsToken(`Bearer ${token}`, token)).toBe(true);
    expect(isMetricsToken(`Bearer   ${token}  `, token)).toBe(true);
    for (const header of [
      undefined,
      '',
      'Bearer ',
      token,
      `bearer ${token}`,
      `Basic ${token}`,
      `Bearer ${token}x`,
      `Bearer ${token.slice(1)}`,
      `Bearer ${token.toUpperCase()}`,
    ]) {
      expect(isMetricsToken(header, token), String(header)).toBe(false);
    }
  });
});

describe('countDelivery', () => {
  const counter = () => new Counter({ name: 'deliveries_total', help: 'test', labelNames: ['outcome'], registers: [] });
  const value = async (deliveries: Counter<'outcome'>, outcome: string) =>
    (await deliveries.get()).values.find((sample) => sample.labels.outcome === outcome)?.value ?? 0;

  it('counts a delivery that went as sent', async () => {
    const deliveries = counter();
    await countDelivery(deliveries, async () => undefined);
    expect([await value(deliveries, 'sent'), await value(deliveries, 'failed')]).toEqual([1, 0]);
  });

  it('counts a refused one as failed, and passes its error on', async () => {
    const deliveries = counter();
    const refusal = new Error('451 try later');
    await expect(countDelivery(deliveries, () => Promise.reject(refusal))).rejects.toBe(refusal);
    expect([await value(deliveries, 'sent'), await value(deliveries, 'failed')]).toEqual([0, 1]);
  });

  it('still delivers without a counter (a worker outside an app)', async () => {
    let delivered = false;
    await countDelivery(undefined, async () => {
      delivered = true;
    });
    expect(delivered).toBe(true);
  });
});

describe('the database pool gauges', () => {
  it('find node-postgres’s pool under the Drizzle handle, and none under PGlite', () => {
    const pool = { totalCount: 4, idleCount: 1, waitingCount: 0, query: () => undefined };
    expect(databasePool({ $client: pool } as unknown as Database)).toBe(pool);
    const pglite = { query: () => undefined, exec: () => undefined, waitReady: Promise.resolve() };
    expect(databasePool({ $client: pglite } as unknown as Database)).toBeUndefined();
  });

  it('read the pool at each scrape', async () => {
    const registry = new Registry();
    const pool = { totalCount: 4, idleCount: 1, waitingCount: 0 };
    registerPoolGauges(registry, pool);
    const text = async () => registry.metrics();
    expect(await text()).toContain('bottega_db_pool_connections 4');
    pool.totalCount = 10;
    pool.idleCount = 0;
    pool.waitingCount = 3;
    const later = await text();
    expect(later).toContain('bottega_db_pool_connections 10');
    expect(later).toContain('bottega_db_pool_idle_connections 0');
    expect(later).toContain('bottega_db_pool_waiting_requests 3');
  });
});
