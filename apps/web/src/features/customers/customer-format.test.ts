import { describe, expect, it } from 'vitest';
import { instantDate, percentText } from './customer-format';

describe('the marketing formats', () => {
  it("write an instant's day on Italian time", () => {
    expect(instantDate('2026-03-14T22:30:00.000Z')).toBe('14/03/2026');
    // Past 23:00 UTC in summer it is already the next day in Italy.
    expect(instantDate('2026-07-31T22:30:00.000Z')).toBe('01/08/2026');
    expect(instantDate(null)).toBe('');
  });

  it('keep a percentage whole in right-to-left text', () => {
    expect(percentText(15)).toBe('\u206615 %\u2069');
  });
});
