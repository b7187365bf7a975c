import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createThrottle } from './request-throttle';

/** Calls that each take `duration` ms and record how many of them run at once. */
function trackedCalls(count: number, duration: number) {
  const state = { running: 0, mostRunning: 0, started: 0 };
  const calls = Array.from({ length: count }, (_, index) => async () => {
    state.started++;
    state.running++;
    state.mostRunning = Math.max(state.mostRunning, state.running);
    await new Promise((resolve) => setTimeout(resolve, duration));
    state.running--;
    return index;
  });
  return { state, calls };
}

const limits = { concurrency: 40, perSecond: 5 };

describe('createThrottle', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('starts at most the given number per second, in order', async () => {
    const { state, calls } = trackedCalls(12, 10);
    const throttle = createThrottle(limits);
    const results = Promise.all(calls.map((call) => throttle.schedule(call)));
    await vi.advanceTimersByTimeAsync(0);
    expect(state.started).toBe(5);
    await vi.advanceTimersByTimeAsync(999);
    expect(state.started).toBe(5);
    await vi.advanceTimersByTimeAsync(1);
    expect(state.started).toBe(10);
    await vi.advanceTimersByTimeAsync(1000);
    expect(state.started).toBe(12);
    await vi.advanceTimersByTimeAsync(10);
    expect(await results).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11]);
  });

  it('keeps no more than the given number running at once', async () => {
    // Slow calls: at 5 a second, 40 are under way after 8 seconds and no more start until one ends.
    const { state, calls } = trackedCalls(60, 20_000);
    const throttle = createThrottle(limits);
    const results = Promise.all(calls.map((call) => throttle.schedule(call)));
    await vi.advanceTimersByTimeAsync(15_000);
    expect(state.started).toBe(40);
    expect(state.running).toBe(40);
    await vi.advanceTimersByTimeAsync(5_000);
    expect(state.started).toBeGreaterThan(40);
    await vi.advanceTimersByTimeAsync(60_000);
    await results;
    expect(state.mostRunning).toBe(40);
    expect(state.started).toBe(60);
  });

  it('holds the rate across calls scheduled later', async () => {
    const { state, calls } = trackedCalls(8, 1);
    const throttle = createThrottle(limits);
    const first = Promise.all(calls.slice(0, 4).map((call) => throttle.schedule(call)));
    await vi.advanceTimersByTimeAsync(100);
    await first;
    const second = Promise.all(calls.slice(4).map((call) => throttle.schedule(call)));
    await vi.advanceTimersByTimeAsync(0);
    expect(state.started).toBe(5);
    await vi.advanceTimersByTimeAsync(1000);
    await second;
    expect(state.started).toBe(8);
  });

  it('goes on after a failure and passes it on', async () => {
    const throttle = createThrottle({ concurrency: 1, perSecond: 5 });
    const failed = throttle.schedule(() => Promise.reject(new Error('refused')));
    const next = throttle.schedule(() => Promise.resolve('ok'));
    await expect(failed).rejects.toThrow('refused');
    await expect(next).resolves.toBe('ok');
  });
});
