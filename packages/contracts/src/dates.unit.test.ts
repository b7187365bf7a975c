import { describe, expect, it } from 'vitest';
import { businessDate } from './dates';

describe('businessDate', () => {
  it('takes the day in Europe/Rome, not in UTC', () => {
    // 23:30 UTC on 28 March 2026 is 00:30 CET on the 29th (summer time starts later that night).
    expect(businessDate(new Date('2026-03-28T23:30:00Z'))).toBe('2026-03-29');
    expect(businessDate(new Date('2026-03-28T22:59:59Z'))).toBe('2026-03-28');
  });

  it('follows summer time', () => {
    // CEST is UTC+2: 22:30 UTC is already the next day, 21:59 UTC is not.
    expect(businessDate(new Date('2026-07-15T22:30:00Z'))).toBe('2026-07-16');
    expect(businessDate(new Date('2026-07-15T21:59:00Z'))).toBe('2026-07-15');
    // Back to CET (UTC+1) after 25 October 2026.
    expect(businessDate(new Date('2026-10-25T22:30:00Z'))).toBe('2026-10-25');
  });

  it('is today as YYYY-MM-DD by default', () => {
    const before = businessDate(new Date());
    const today = businessDate();
    expect(today).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect([before, businessDate(new Date())]).toContain(today);
  });
});
