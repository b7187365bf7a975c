import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { api, createTestApp, type TestApp } from '../../test/harness';

let test: TestApp;
const hour = 3_600_000;
const day = 24 * hour;
/** The sign-in of every test: Monday 2026-11-23, 09:00 in Rome. */
const signedInAt = Date.parse('2026-11-23T08:00:00Z');

beforeAll(async () => {
  // Short settings so the two lifetimes are easy to tell apart: idle 1 h / 5 days, absolute 3 h / 7 days.
  test = await createTestApp({
    SESSION_HOURS: '1',
    SESSION_ABSOLUTE_HOURS: '3',
    SESSION_REMEMBER_DAYS: '5',
    SESSION_REMEMBER_ABSOLUTE_DAYS: '7',
  });
});
afterEach(() => {
  vi.useRealTimers();
});
afterAll(async () => {
  await test?.close();
});

/** Only Date is faked: the sessions' clock moves, the database and the timers of the server do not. */
function at(instant: number) {
  vi.setSystemTime(instant);
}

async function signInAt(remember: boolean): Promise<{ token: string; expiresAt: string }> {
  vi.useFakeTimers({ toFake: ['Date'] });
  at(signedInAt);
  const response = await api(test.app, {
    method: 'POST',
    url: '/api/auth/login',
    body: { login: 'developer', password: 'bottega2026', remember },
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json().data;
}

async function statusAt(instant: number, token: string) {
  at(instant);
  const response = await api(test.app, { url: '/api/auth/user', token, lng: 'en' });
  return response.statusCode === 200 ? 200 : response.json();
}

describe('session lifetimes', () => {
  it('slides the idle timeout while the session is used, never past the absolute lifetime', async () => {
    const { token, expiresAt } = await signInAt(false);
    expect(expiresAt).toBe(new Date(signedInAt + hour).toISOString());
    // Each use within the hour moves the idle end an hour on from it.
    expect(await statusAt(signedInAt + 50 * 60_000, token)).toBe(200);
    expect(await statusAt(signedInAt + 100 * 60_000, token)).toBe(200);
    expect(await statusAt(signedInAt + 150 * 60_000, token)).toBe(200);
    // In use all along, yet three hours after signing in it is over.
    expect(await statusAt(signedInAt + 3 * hour + 60_000, token)).toEqual({
      code: 'sessionExpired',
      message: 'Your session has expired: please sign in again.',
    });
  });

  it('ends a session left unused for the idle timeout', async () => {
    const { token } = await signInAt(false);
    expect(await statusAt(signedInAt + hour + 60_000, token)).toMatchObject({ code: 'sessionExpired' });
  });

  it('keeps a remembered session for days, up to its own absolute lifetime', async () => {
    const { token, expiresAt } = await signInAt(true);
    expect(expiresAt).toBe(new Date(signedInAt + 5 * day).toISOString());
    expect(await statusAt(signedInAt + 4 * day, token)).toBe(200);
    expect(await statusAt(signedInAt + 7 * day - hour, token)).toBe(200);
    expect(await statusAt(signedInAt + 7 * day + 60_000, token)).toMatchObject({ code: 'sessionExpired' });
  });

  it('tells an unknown or signed-out token from an expired one', async () => {
    const { token } = await signInAt(false);
    at(signedInAt + 60_000);
    const signedOut = await api(test.app, { url: '/api/auth/logout', token });
    expect(signedOut.statusCode, signedOut.body).toBeLessThan(300);
    expect(await statusAt(signedInAt + 2 * 60_000, token)).toMatchObject({ code: 'unauthenticated' });
    expect(await statusAt(signedInAt + 2 * 60_000, 'not-a-token')).toMatchObject({ code: 'unauthenticated' });
  });
});
