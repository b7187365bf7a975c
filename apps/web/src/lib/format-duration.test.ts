import { describe, expect, it } from 'vitest';
import { formatMinutes } from './format-duration';

describe('formatMinutes', () => {
  it('writes hours and minutes in the reader’s language', () => {
    expect(formatMinutes(480, 'it')).toBe('8h');
    expect(formatMinutes(510, 'it')).toBe('8h 30min');
    expect(formatMinutes(45, 'it')).toBe('45min');
    expect(formatMinutes(0, 'it')).toBe('0min');
    expect(formatMinutes(-90, 'it')).toBe('−1h 30min');
    expect(formatMinutes(510, 'ar')).toBe('8 س و30 د');
  });
});
