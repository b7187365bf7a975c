// The sign-in lockout with its counters in Redis (REDIS_URL). Runs when TEST_REDIS_URL is set; the keys of
// each run live under a prefix of their own, so runs sharing a Redis never meet.
import { randomBytes } from 'node:crypto';
import { Redis } from 'ioredis';
import { afterAll, expect, it } from 'vitest';
import { accountKey } from './login-throttle';
import { loginThrottleScenarios, newAddress } from './login-throttle.scenarios';

const redisUrl = process.env.TEST_REDIS_URL as string;
const redisKeyPrefix = `bottega-test:${randomBytes(8).toString('hex')}:login-throttle:`;
const { servers } = loginThrottleScenarios({ redisUrl, redisKeyPrefix });

const redis = new Redis(redisUrl, { keyPrefix: redisKeyPrefix });
afterAll(() => redis.quit());

it("lets a key expire once forgotten: the longest window (the cap's hour) after its last failure, or after the end of its lock", async () => {
  const { one } = servers();
  const attempt = { account: accountKey(null, 'expiring'), ip: newAddress() };
  await one.recordFailure({ ...attempt, userId: null });
  expect(await redis.pttl(`ip:${attempt.ip}`)).toBeGreaterThan(60 * 60_000 - 5_000);
  expect(await redis.pttl(`ip:${attempt.ip}`)).toBeLessThanOrEqual(60 * 60_000);
  for (let count = 0; count < 4; count += 1)
    await one.recordFailure({ ...attempt, userId: null }).catch(() => undefined);
  const pairLife = await redis.pttl(`pair:${attempt.account}:${attempt.ip}`);
  expect(pairLife).toBeGreaterThan(75 * 60_000 - 5_000);
  expect(pairLife).toBeLessThanOrEqual(75 * 60_000);
});
