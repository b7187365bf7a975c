// The client address the sign-in lockout counts: X-Forwarded-For is believed only from a proxy listed in TRUST_PROXY.
import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, createTestApp, csrfHeaders, type TestApp } from '../../../test/harness';
import { auditLog } from '../../platform/audit.schema';

const proxy = '10.20.30.40';

let test: TestApp;
beforeAll(async () => {
  test = await createTestApp({ TRUST_PROXY: `${proxy},192.168.0.0/16` });
});
afterAll(() => test?.close());

/** A wrong password for a login of its own, from `socket`, claiming to come from `forwarded`. */
function wrongPassword(socket: string, forwarded: string, login: string) {
  return test.app.inject({
    method: 'POST',
    url: '/api/auth/login',
    remoteAddress: socket,
    headers: { ...csrfHeaders(), 'x-forwarded-for': forwarded, 'content-type': 'application/json' },
    payload: { login, password: 'not-the-password', remember: false },
  });
}

async function failureAddresses(logins: string[]) {
  const rows = await test.db
    .select({ ip: auditLog.ip })
    .from(auditLog)
    .where(and(eq(auditLog.action, 'auth.signInFailed'), inArray(auditLog.ip, logins)));
  return rows.map((row) => row.ip);
}

describe('the client address behind a proxy', () => {
  it('ignores X-Forwarded-For from a client that is not a trusted proxy: the lockout counts its socket', async () => {
    const socket = '203.0.113.7';
    const statuses: number[] = [];
    for (let index = 0; index < 20; index += 1) {
      statuses.push(
        (await wrongPassword(socket, `198.51.100.${index + 1}`, `rotating-${index}@example.com`)).statusCode,
      );
    }
    // Twenty failures from one address lock it, whatever addresses it claimed.
    expect(statuses.slice(0, 19)).toEqual(Array(19).fill(401));
    expect(statuses[19]).toBe(429);
    const blocked = await api(test.app, {
      method: 'POST',
      url: '/api/auth/login',
      body: { login: 'someone-else', password: 'x', remember: false },
      headers: { 'x-forwarded-for': '198.51.100.200' },
    });
    // The same claim from another socket is not locked: the lock is on 203.0.113.7.
    expect(blocked.statusCode).toBe(401);
    expect((await wrongPassword(socket, '198.51.100.201', 'fresh@example.com')).statusCode).toBe(429);
    expect(await failureAddresses(['198.51.100.1', '198.51.100.19'])).toEqual([]);
  });

  it('takes the client address from X-Forwarded-For when the socket is a trusted proxy', async () => {
    const statuses: number[] = [];
    for (let index = 0; index < 20; index += 1) {
      const forwarded = `198.51.100.${100 + index}`;
      statuses.push((await wrongPassword(proxy, forwarded, `behind-proxy-${index}@example.com`)).statusCode);
    }
    // Twenty clients behind the proxy, one failure each: nobody is locked.
    expect(statuses).toEqual(Array(20).fill(401));
    expect(await failureAddresses(['198.51.100.100', '198.51.100.119'])).toEqual(['198.51.100.100', '198.51.100.119']);
    // A range is trusted like a single address.
    const fromRange = await wrongPassword('192.168.4.5', '198.51.100.150', 'behind-range@example.com');
    expect(fromRange.statusCode).toBe(401);
    expect(await failureAddresses(['198.51.100.150'])).toEqual(['198.51.100.150']);
  });
});
