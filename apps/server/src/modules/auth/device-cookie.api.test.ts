// Device cookies at sign-in: the browser where a person signed in before is not locked out by a stranger's failures.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, createUser, csrfHeaders, demoPassword, type TestApp } from '../../../test/harness';
import { deviceIdOf, newDeviceCookie } from './device-cookie';

let test: TestApp;
beforeAll(async () => {
  test = await createTestApp();
});
afterAll(() => test?.close());

function signInFrom(options: { ip: string; login: string; password: string; cookie?: string }) {
  return test.app.inject({
    method: 'POST',
    url: '/api/auth/login',
    remoteAddress: options.ip,
    headers: { ...csrfHeaders(), ...(options.cookie ? { cookie: options.cookie } : {}) },
    payload: { login: options.login, password: options.password, remember: false },
  });
}

describe('device cookies', () => {
  it('are given after a complete sign-in: HttpOnly, SameSite=Strict, a year long, bound to the user', async () => {
    const user = await createUser(test.db);
    const answer = await signInFrom({ ip: '192.0.2.10', login: user.username, password: demoPassword });
    expect(answer.statusCode).toBe(200);
    const [cookie] = answer.cookies;
    expect(cookie).toMatchObject({
      name: `bottega_device_${user.id}`,
      path: '/api/auth',
      httpOnly: true,
      sameSite: 'Strict',
      maxAge: 365 * 86_400,
    });
    // Not secure on plain http (localhost), where the browser would drop it.
    expect(cookie?.secure).toBeUndefined();
    expect(deviceIdOf(test.config.appKey, user.id, cookie?.value)).toEqual(expect.any(String));
    expect(deviceIdOf(test.config.appKey, user.id + 1, cookie?.value)).toBeUndefined();
    expect(deviceIdOf('another-app-key-0123456789-abcdefghijkl', user.id, cookie?.value)).toBeUndefined();
    // No cookie for a wrong password.
    const wrong = await signInFrom({ ip: '192.0.2.10', login: user.username, password: 'wrong' });
    expect(wrong.cookies).toEqual([]);
  });

  it("let the owner's browser in while a stranger keeps the account locked for every other client", async () => {
    const user = await createUser(test.db);
    const owner = await signInFrom({ ip: '192.0.2.20', login: user.username, password: demoPassword });
    const device = owner.cookies[0] as { name: string; value: string };
    const cookie = `${device.name}=${device.value}`;
    // A stranger: five wrong passwords from each of four addresses lock the account for untrusted clients.
    const strangers: number[] = [];
    for (const ip of ['198.51.100.1', '198.51.100.2', '198.51.100.3', '198.51.100.4']) {
      for (let count = 0; count < 5; count += 1) {
        strangers.push((await signInFrom({ ip, login: user.username, password: 'guess' })).statusCode);
      }
    }
    expect(strangers.filter((status) => status === 429)).toHaveLength(4);
    // The owner from a new browser: refused, with the wait.
    const elsewhere = await signInFrom({ ip: '192.0.2.20', login: user.username, password: demoPassword });
    expect(elsewhere.statusCode).toBe(429);
    expect(elsewhere.headers['retry-after']).toBe('900');
    // From the browser with the device cookie: in, with a fresh cookie.
    const trusted = await signInFrom({ ip: '192.0.2.20', login: user.username, password: demoPassword, cookie });
    expect(trusted.statusCode).toBe(200);
    expect(trusted.json().data.step).toBe('signedIn');
    expect(trusted.cookies[0]?.name).toBe(device.name);
    // A cookie forged for this user from another's is worthless: counted as untrusted, so refused.
    const other = await createUser(test.db);
    const forged = `${device.name}=${newDeviceCookie(test.config.appKey, other.id)}`;
    const refused = await signInFrom({
      ip: '192.0.2.20',
      login: user.username,
      password: demoPassword,
      cookie: forged,
    });
    expect(refused.statusCode).toBe(429);
  });

  describe('behind https', () => {
    // Its own app, started in a hook (which may take longer than a test on a busy machine).
    let secure: TestApp;
    beforeAll(async () => {
      secure = await createTestApp({ PUBLIC_URL: 'https://bottega.example.com' });
    });
    afterAll(() => secure?.close());

    it('are Secure when the app is reached over https', async () => {
      const user = await createUser(secure.db);
      const answer = await secure.app.inject({
        method: 'POST',
        url: '/api/auth/login',
        headers: csrfHeaders(),
        payload: { login: user.username, password: demoPassword, remember: false },
      });
      expect(answer.cookies[0]).toMatchObject({ secure: true, sameSite: 'Strict', httpOnly: true });
    });
  });
});
