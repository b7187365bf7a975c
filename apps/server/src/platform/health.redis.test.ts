// Readiness with REDIS_URL (issue 29): ready while Redis answers, not ready (503, redis failed) when it does not.
// Runs when TEST_REDIS_URL is set (CI sets it to the machine's Redis).
import Fastify from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { afterAll, expect, it } from 'vitest';
import { api, createTestApp } from '../../test/harness';
import { registerHealth } from './health';
import { createStorage } from './storage';

const reachable = await createTestApp({ REDIS_URL: process.env.TEST_REDIS_URL as string });
// Only the probes, on the same database, with a Redis nothing listens for (the app's other Redis clients would
// reconnect in the background for the rest of the run).
const unreachable = Fastify();
unreachable.setValidatorCompiler(validatorCompiler);
unreachable.setSerializerCompiler(serializerCompiler);
registerHealth(unreachable, {
  db: reachable.db,
  config: { redisUrl: 'redis://127.0.0.1:1' },
  storage: createStorage(reachable.config),
});
afterAll(async () => {
  await unreachable.close();
  await reachable.close();
});

it('is ready while Redis answers', async () => {
  const response = await api(reachable.app, { url: '/health/ready', csrf: false });
  expect(response.statusCode, response.body).toBe(200);
  expect(response.json().checks.redis).toBe('ok');
});

it('is not ready when Redis does not answer', async () => {
  const response = await api(unreachable, { url: '/health/ready', csrf: false });
  expect(response.statusCode).toBe(503);
  expect(response.json()).toMatchObject({ status: 'notReady', checks: { redis: 'failed', database: 'ok' } });
});
