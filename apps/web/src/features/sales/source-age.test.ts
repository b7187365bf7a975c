import { describe, expect, it } from 'vitest';
import { isStale, timeAgo } from './source-age';

const now = Date.parse('2026-03-14T12:00:00Z');

describe('isStale', () => {
  it('warns after more than a day', () => {
    expect(isStale('2026-03-13T12:00:00Z', now)).toBe(false);
    expect(isStale('2026-03-13T11:59:00Z', now)).toBe(true);
    expect(isStale('2026-03-14T11:00:00+01:00', now)).toBe(false);
  });
});

describe('timeAgo', () => {
  it('says minutes, hours, then days', () => {
    expect(timeAgo('2026-03-14T11:55:00Z', now, 'it')).toBe('5 minuti fa');
    expect(timeAgo('2026-03-14T09:00:00Z', now, 'it')).toBe('3 ore fa');
    expect(timeAgo('2026-03-13T10:00:00Z', now, 'it')).toBe('ieri');
    expect(timeAgo('2026-03-02T12:00:00Z', now, 'en')).toBe('12 days ago');
  });

  it('never speaks of the future when clocks disagree', () => {
    expect(timeAgo('2026-03-14T12:01:00Z', now, 'it')).toBe('ora');
  });
});
