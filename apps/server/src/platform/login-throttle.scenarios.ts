// How the sign-in lockout behaves, written once and run against each store: the database
// (login-throttle.api.test.ts) and Redis (login-throttle.redis.test.ts).
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createTestApp, createUser, type TestApp } from '../../test/harness';
import { auditLog } from './audit.schema';
import { AppError } from './errors';
import { accountKey, createLoginThrottle, type LoginThrottle, type SignInAttempt } from './login-throttle';

const settings = { maxAttempts: 5, windowMinutes: 15, maxLockMinutes: 1440 };
const window = 15 * 60_000;

/** 0 when the call goes through, the seconds it says to wait when it answers tooManyAttempts. */
async function secondsToWait(call: Promise<void>): Promise<number> {
  try {
    await call;
    return 0;
  } catch (error) {
    if (error instanceof AppError && error.code === 'tooManyAttempts') return error.params.seconds as number;
    throw error;
  }
}

/** What each of `times` failures in a row answers (0: the caller's own error, else the seconds to wait). */
async function failures(throttle: LoginThrottle, attempt: SignInAttempt, times: number): Promise<number[]> {
  const answers: number[] = [];
  for (let count = 0; count < times; count += 1) {
    answers.push(await secondsToWait(throttle.recordFailure({ ...attempt, userId: null })));
  }
  return answers;
}

let addressSequence = 0;
/** A client address no other scenario of the file uses, IPv4 and IPv6 in turn. */
export function newAddress(): string {
  addressSequence += 1;
  return addressSequence % 2 ? `10.0.0.${addressSequence}` : `2001:db8::${addressSequence.toString(16)}`;
}

/**
 * Registers the scenarios in the calling test file. `store` chooses the counters' home (nothing: the
 * database). Answers what a file needs for checks of its own store.
 */
export function loginThrottleScenarios(store: { redisUrl?: string; redisKeyPrefix?: string }) {
  let test: TestApp;
  const throttles: { close(): Promise<void> }[] = [];
  beforeAll(async () => {
    test = await createTestApp();
  });
  afterAll(async () => {
    await Promise.all(throttles.map((throttle) => throttle.close()));
    await test?.close();
  });

  /** Two server processes sharing the counters, on a clock that moves only when told to. */
  function servers() {
    let now = Date.UTC(2026, 2, 2, 9, 0, 0);
    const open = () => {
      const throttle = createLoginThrottle({ db: test.db, settings, ...store, now: () => new Date(now) });
      throttles.push(throttle);
      return throttle;
    };
    return {
      one: open(),
      two: open(),
      advance: (milliseconds: number) => {
        now += milliseconds;
      },
    };
  }

  async function knownUser() {
    const user = await createUser(test.db);
    return { userId: user.id, account: accountKey(user.id, user.username) };
  }

  function lockAudits(ip: string) {
    return test.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'auth.lockedOut'), eq(auditLog.ip, ip)))
      .orderBy(auditLog.id);
  }

  it('locks a pair at the fifth failure, which already answers the true wait, for one window', async () => {
    const { one, two, advance } = servers();
    const { account } = await knownUser();
    const attempt = { account, ip: newAddress() };
    await one.assertAllowed(attempt);
    expect(await failures(one, attempt, 5)).toEqual([0, 0, 0, 0, 900]);
    // Every server process sees the lock, with the seconds left rounded up.
    expect(await secondsToWait(one.assertAllowed(attempt))).toBe(900);
    advance(100_400);
    expect(await secondsToWait(two.assertAllowed(attempt))).toBe(800);
    advance(799_599);
    expect(await secondsToWait(two.assertAllowed(attempt))).toBe(1);
    advance(1);
    expect(await secondsToWait(one.assertAllowed(attempt))).toBe(0);
    // The same account from another address was never locked.
    expect(await secondsToWait(one.assertAllowed({ account, ip: newAddress() }))).toBe(0);
  });

  it('doubles the lock for each lock in a row, and forgets them after a window of quiet', async () => {
    const { one, two, advance } = servers();
    const attempt = { account: (await knownUser()).account, ip: newAddress() };
    expect(await failures(one, attempt, 5)).toEqual([0, 0, 0, 0, 900]);
    advance(900_000);
    expect(await failures(two, attempt, 5)).toEqual([0, 0, 0, 0, 1800]);
    advance(1_800_000);
    expect(await failures(one, attempt, 5)).toEqual([0, 0, 0, 0, 3600]);
    advance(3_600_000 + window);
    expect(await failures(two, attempt, 5)).toEqual([0, 0, 0, 0, 900]);
  });

  it('clears the pair and the account on a success', async () => {
    const { one, two } = servers();
    const attempt = { account: (await knownUser()).account, ip: newAddress() };
    expect(await failures(one, attempt, 4)).toEqual([0, 0, 0, 0]);
    await two.recordSuccess(attempt);
    expect(await failures(two, attempt, 5)).toEqual([0, 0, 0, 0, 900]);
  });

  it('keeps counting the address through successes: 20 failures from it lock it for everyone', async () => {
    const { one } = servers();
    const ip = newAddress();
    for (let person = 0; person < 4; person += 1) {
      const attempt = { account: (await knownUser()).account, ip };
      expect(await failures(one, attempt, 4)).toEqual([0, 0, 0, 0]);
      await one.recordSuccess(attempt);
    }
    const last = { account: (await knownUser()).account, ip };
    expect(await failures(one, last, 4)).toEqual([0, 0, 0, 900]);
    expect(await secondsToWait(one.assertAllowed({ account: (await knownUser()).account, ip }))).toBe(900);
    expect((await lockAudits(ip)).map((row) => row.data)).toEqual([{ scope: 'address', seconds: 900 }]);
  });

  it("lets a stranger's failures from other addresses lock an account one window at a time, never longer", async () => {
    const { one, two, advance } = servers();
    const { account } = await knownUser();
    const owner = { account, ip: newAddress() };
    const strangers = [newAddress(), newAddress(), newAddress(), newAddress()];
    const strangerRound = async (pairLock: number) => {
      for (const ip of strangers) expect(await failures(one, { account, ip }, 5)).toEqual([0, 0, 0, 0, pairLock]);
    };

    await strangerRound(900);
    expect(await secondsToWait(two.assertAllowed(owner))).toBe(900);
    advance(window);
    expect(await secondsToWait(two.assertAllowed(owner))).toBe(0);

    // Again at once: the stranger's own locks double, the account's stays one window.
    await strangerRound(1800);
    expect(await secondsToWait(two.assertAllowed(owner))).toBe(900);
    advance(window);
    expect(await secondsToWait(two.assertAllowed(owner))).toBe(0);
    expect(await secondsToWait(one.assertAllowed({ account, ip: strangers[0] as string }))).toBe(900);

    const accountLocks = (await lockAudits(strangers[3] as string)).filter((row) => row.data?.scope === 'account');
    expect(accountLocks.map((row) => row.data)).toEqual([
      { scope: 'account', seconds: 900 },
      { scope: 'account', seconds: 900 },
    ]);
  });

  it('leaves the lock of an account as it is while it holds, so a stranger cannot stretch it', async () => {
    const { one, advance } = servers();
    const { account } = await knownUser();
    for (let address = 0; address < 4; address += 1) await failures(one, { account, ip: newAddress() }, 5);
    advance(600_000);
    expect(await secondsToWait(one.assertAllowed({ account, ip: newAddress() }))).toBe(300);
    // A failure that passed the check just before the lock began is counted on its pair and address only.
    expect(await failures(one, { account, ip: newAddress() }, 1)).toEqual([300]);
    advance(300_000);
    expect(await secondsToWait(one.assertAllowed({ account, ip: newAddress() }))).toBe(0);
  });

  it('counts and locks a login that matches nobody exactly like a known one', async () => {
    const { one } = servers();
    const known = { account: (await knownUser()).account, ip: newAddress() };
    const login = `Nobody${newAddress()}`;
    const unknown = { account: accountKey(null, login), ip: newAddress() };
    expect(await failures(one, unknown, 5)).toEqual(await failures(one, known, 5));
    expect(await secondsToWait(one.assertAllowed(unknown))).toBe(900);
    // However it is spelt.
    const shouted = { account: accountKey(null, login.toUpperCase()), ip: unknown.ip };
    expect(await secondsToWait(one.assertAllowed(shouted))).toBe(900);
  });

  it('audits each lock it starts, with the user when the login matched one', async () => {
    const { one } = servers();
    const { userId, account } = await knownUser();
    const known = { account, ip: newAddress() };
    for (let count = 0; count < 5; count += 1) {
      await secondsToWait(one.recordFailure({ ...known, userId }));
    }
    const unknown = { account: accountKey(null, `ghost-${known.ip}`), ip: newAddress() };
    await failures(one, unknown, 5);

    const [knownLock, ...others] = await lockAudits(known.ip);
    expect(others).toEqual([]);
    expect(knownLock).toMatchObject({
      actorId: null,
      action: 'auth.lockedOut',
      entity: 'user',
      entityId: String(userId),
      data: { scope: 'pair', seconds: 900 },
      ip: known.ip,
    });
    expect(await lockAudits(unknown.ip)).toMatchObject([
      { entity: 'user', entityId: null, data: { scope: 'pair', seconds: 900 } },
    ]);
  });

  it("lets the owner's browser with a device cookie in while a stranger keeps the account locked for untrusted clients", async () => {
    const { one, two } = servers();
    const { account } = await knownUser();
    for (let address = 0; address < 4; address += 1) await failures(one, { account, ip: newAddress() }, 5);
    // Without a device cookie, from anywhere: locked for the window.
    expect(await secondsToWait(two.assertAllowed({ account, ip: newAddress() }))).toBe(900);
    // With one, from the very addresses that failed: in.
    const owner = { account, ip: newAddress(), device: 'owner-browser' };
    expect(await secondsToWait(two.assertAllowed(owner))).toBe(0);
    // Its own failures lock that cookie only, and leave the account's lock for untrusted clients as it was.
    expect(await failures(one, owner, 5)).toEqual([0, 0, 0, 0, 900]);
    expect(await secondsToWait(two.assertAllowed(owner))).toBe(900);
    expect(await secondsToWait(two.assertAllowed({ ...owner, device: 'office-pc' }))).toBe(0);
    // A success with the cookie clears the cookie's counters, not the untrusted clients' lock.
    await one.recordSuccess({ ...owner, device: 'office-pc' });
    expect(await secondsToWait(two.assertAllowed({ account, ip: newAddress() }))).toBe(900);
  });

  it('never lets more than 100 failures on an account through in an hour, from untrusted clients and cookies together', async () => {
    const { one, two, advance } = servers();
    const { account } = await knownUser();
    // The most untrusted clients can do in an hour: four account locks of 20 failures each.
    for (let round = 0; round < 4; round += 1) {
      for (let address = 0; address < 4; address += 1) {
        const answers = await failures(one, { account, ip: newAddress() }, 5);
        expect(answers.at(-1)).toBe(900);
      }
      if (round < 3) advance(window);
    }
    // 80 so far: a browser with a device cookie still gets in, and its 20 more reach the cap.
    const devices = ['a', 'b', 'c', 'd'].map((device) => ({ account, ip: newAddress(), device }));
    expect(await secondsToWait(two.assertAllowed(devices[0] as SignInAttempt))).toBe(0);
    for (const device of devices.slice(0, 3)) expect(await failures(two, device, 5)).toEqual([0, 0, 0, 0, 900]);
    // The hundredth failure of the hour locks the account for everyone, cookies included, for an hour.
    expect(await failures(two, devices[3] as SignInAttempt, 5)).toEqual([0, 0, 0, 0, 3600]);
    expect(await secondsToWait(one.assertAllowed({ account, ip: newAddress(), device: 'e' }))).toBe(3600);
    expect(await secondsToWait(one.assertAllowed({ account, ip: newAddress() }))).toBe(3600);
    advance(3_600_000);
    expect(await secondsToWait(one.assertAllowed({ account, ip: newAddress(), device: 'e' }))).toBe(0);
    const capLocks = (await lockAudits(devices[3]?.ip as string)).filter((row) => row.data?.scope === 'cap');
    expect(capLocks.map((row) => row.data)).toEqual([{ scope: 'cap', seconds: 3600 }]);
  });

  it('counts failures arriving together on several server processes once each', async () => {
    const { one, two } = servers();
    const attempt = { account: (await knownUser()).account, ip: newAddress() };
    const answers = await Promise.all(
      Array.from({ length: 10 }, (_, index) =>
        secondsToWait((index % 2 ? one : two).recordFailure({ ...attempt, userId: null })),
      ),
    );
    // Four plain failures, the one reaching the limit and five arriving after it: all told to wait.
    expect(answers.filter((seconds) => seconds === 0)).toHaveLength(4);
    expect(answers.filter((seconds) => seconds === 900)).toHaveLength(6);
    expect(await lockAudits(attempt.ip)).toHaveLength(1);
  });

  return { servers, testApp: () => test };
}
