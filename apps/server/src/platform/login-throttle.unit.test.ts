import { describe, expect, it } from 'vitest';
import {
  accountKey,
  countFailure,
  forgetAt,
  lockMilliseconds,
  scopeRules,
  secondsLocked,
  type ThrottleState,
} from './login-throttle';

const minute = 60_000;
const rules = scopeRules({ maxAttempts: 5, windowMinutes: 15, maxLockMinutes: 1440 });
const start = Date.UTC(2026, 2, 2, 9, 0, 0);

/** Counts `times` failures at `at` on a key that starts as `state`. */
function fail(rule: (typeof rules)['pair'], state: ThrottleState | undefined, at: number, times: number) {
  let current = state;
  for (let count = 0; count < times; count += 1) current = countFailure(rule, current, at);
  return current as ThrottleState;
}

describe('scopeRules', () => {
  it('gives the pair and a device cookie the limit, the address and the account four times as much, the account 100 an hour', () => {
    expect(rules).toEqual({
      pair: { limit: 5, windowMs: 15 * minute, maxLockMs: 1440 * minute },
      address: { limit: 20, windowMs: 15 * minute, maxLockMs: 1440 * minute },
      account: { limit: 20, windowMs: 15 * minute, maxLockMs: 15 * minute },
      device: { limit: 5, windowMs: 15 * minute, maxLockMs: 1440 * minute },
      cap: { limit: 100, windowMs: 60 * minute, maxLockMs: 60 * minute },
    });
    // The account's lock never outlasts the longest lock either.
    expect(scopeRules({ maxAttempts: 3, windowMinutes: 30, maxLockMinutes: 10 }).account.maxLockMs).toBe(10 * minute);
  });
});

describe('lockMilliseconds', () => {
  it('locks one window, doubling for each lock in a row, up to the longest lock', () => {
    const lengths = [1, 2, 3, 4, 5, 6, 7, 8, 40].map((lockouts) => lockMilliseconds(rules.pair, lockouts) / minute);
    expect(lengths).toEqual([15, 30, 60, 120, 240, 480, 960, 1440, 1440]);
  });

  it('never grows the account lock beyond one window', () => {
    expect([1, 2, 10].map((lockouts) => lockMilliseconds(rules.account, lockouts) / minute)).toEqual([15, 15, 15]);
  });
});

describe('countFailure', () => {
  it('counts failures within the window and locks at the limit, starting the count afresh', () => {
    const four = fail(rules.pair, undefined, start, 4);
    expect(four).toEqual({ failures: 4, windowStartedAt: start, lockedUntil: null, lockouts: 0, updatedAt: start });
    const fifth = countFailure(rules.pair, four, start + minute);
    expect(fifth).toEqual({
      failures: 0,
      windowStartedAt: start,
      lockedUntil: start + 16 * minute,
      lockouts: 1,
      updatedAt: start + minute,
    });
  });

  it('starts a new window once the current one is over', () => {
    const four = fail(rules.pair, undefined, start, 4);
    const later = countFailure(rules.pair, four, start + 15 * minute);
    expect(later).toMatchObject({ failures: 1, windowStartedAt: start + 15 * minute, lockedUntil: null });
  });

  it('doubles the lock for a lock in a row, and forgets it after a window of quiet', () => {
    const first = fail(rules.pair, undefined, start, 5);
    const firstEnds = start + 15 * minute;
    // Failing again as soon as the lock ends: twice as long.
    const second = fail(rules.pair, first, firstEnds, 5);
    expect(second).toMatchObject({ lockouts: 2, lockedUntil: firstEnds + 30 * minute });
    // A window of quiet after the first lock, less one millisecond, is not enough …
    const almost = fail(rules.pair, first, firstEnds + 15 * minute - 1, 5);
    expect(almost.lockouts).toBe(2);
    // … a full one is: the next lock is one window again.
    expect(forgetAt(first, rules.pair.windowMs)).toBe(firstEnds + 15 * minute);
    const rested = fail(rules.pair, first, firstEnds + 15 * minute, 5);
    expect(rested).toMatchObject({ lockouts: 1, lockedUntil: firstEnds + 30 * minute });
  });

  it('keeps the history while failures keep coming, counted from the last one', () => {
    const first = fail(rules.pair, undefined, start, 5);
    const afterLock = countFailure(rules.pair, first, start + 20 * minute);
    expect(afterLock).toMatchObject({ failures: 1, lockouts: 1, lockedUntil: null });
    expect(forgetAt(afterLock, rules.pair.windowMs)).toBe(start + 35 * minute);
    // Still in the window that failure opened: four more reach the limit.
    const third = fail(rules.pair, afterLock, start + 34 * minute, 4);
    expect(third).toMatchObject({ lockouts: 2, lockedUntil: start + 64 * minute });
  });

  it('locks the account one window however often it was locked before', () => {
    let state: ThrottleState | undefined;
    let at = start;
    for (let lock = 0; lock < 4; lock += 1) {
      state = fail(rules.account, state, at, 20);
      expect(state.lockedUntil).toBe(at + 15 * minute);
      at = state.lockedUntil as number;
    }
    expect(state?.lockouts).toBe(4);
  });
});

describe('secondsLocked', () => {
  it('tells the seconds left, rounded up, and 0 once the lock is over or when there is none', () => {
    const locked: ThrottleState = {
      failures: 0,
      windowStartedAt: start,
      lockedUntil: start + 900_000,
      lockouts: 1,
      updatedAt: start,
    };
    expect(secondsLocked(locked, start)).toBe(900);
    expect(secondsLocked(locked, start + 100_500)).toBe(800);
    expect(secondsLocked(locked, start + 899_999)).toBe(1);
    expect(secondsLocked(locked, start + 900_000)).toBe(0);
    expect(secondsLocked({ ...locked, lockedUntil: null }, start)).toBe(0);
    expect(secondsLocked(undefined, start)).toBe(0);
  });
});

describe('accountKey', () => {
  it('names a known user by id and any other login by its hash, whatever the case', () => {
    expect(accountKey(42, 'Mario.Rossi')).toBe('u42');
    expect(accountKey(null, 'Nobody@Example.com')).toBe(accountKey(null, 'nobody@example.com'));
    expect(accountKey(null, 'nobody@example.com')).toMatch(/^l[0-9a-f]{64}$/);
    expect(accountKey(null, 'nobody@example.com')).not.toContain('nobody');
    expect(accountKey(null, 'someone')).not.toBe(accountKey(null, 'somebody'));
  });
});
