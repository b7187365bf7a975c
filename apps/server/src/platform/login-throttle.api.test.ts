// The sign-in lockout with its counters in the database: PGlite, and PostgreSQL when TEST_DATABASE_URL is set.
import { inArray } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { loginThrottles } from '../modules/auth/auth.schema';
import { accountKey } from './login-throttle';
import { loginThrottleScenarios, newAddress } from './login-throttle.scenarios';

const { servers, testApp } = loginThrottleScenarios({});

it("deletes the rows of keys quiet for the longest window (the cap's hour) once it writes a new one, and only those", async () => {
  const { one, advance } = servers();
  const rowsOf = async (account: string, ip: string) => {
    const keys = [`pair:${account}:${ip}`, `ip:${ip}`, `account:${account}`, `cap:${account}`];
    const rows = await testApp().db.select().from(loginThrottles).where(inArray(loginThrottles.key, keys));
    return rows.length;
  };
  const quiet = { account: accountKey(null, 'quiet'), ip: newAddress() };
  const busy = { account: accountKey(null, 'busy'), ip: newAddress() };
  await one.recordFailure({ ...quiet, userId: null });
  advance(60_000);
  await one.recordFailure({ ...busy, userId: null });
  advance(59 * 60_000);
  const fresh = { account: accountKey(null, 'fresh'), ip: newAddress() };
  await one.recordFailure({ ...fresh, userId: null });
  expect([await rowsOf(quiet.account, quiet.ip), await rowsOf(busy.account, busy.ip)]).toEqual([0, 4]);
  expect(await rowsOf(fresh.account, fresh.ip)).toBe(4);
});
