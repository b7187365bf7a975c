import { describe, expect, it } from 'vitest';
import { expenseAuthorisationLeft, expenseAuthorisationStatus } from './expense-authorisation-status';

const base = {
  revokedAt: null,
  validFrom: '2026-11-10',
  validTo: '2026-11-20',
  maxAmountCents: 10_000,
  usedCents: 2_000,
};

describe('where an authorisation stands on a day', () => {
  it.each([
    ['2026-11-09', 'upcoming'],
    ['2026-11-10', 'active'],
    ['2026-11-20', 'active'],
    ['2026-11-21', 'expired'],
  ])('on %s it is %s', (today, status) => {
    expect(expenseAuthorisationStatus(base, today)).toBe(status);
  });

  it('is used up once nothing is left, and revoked above all', () => {
    expect(expenseAuthorisationStatus({ ...base, usedCents: 10_000 }, '2026-11-15')).toBe('usedUp');
    expect(expenseAuthorisationStatus({ ...base, revokedAt: '2026-11-12T10:00:00Z' }, '2026-11-15')).toBe('revoked');
  });

  it('leaves what is not used, never below zero', () => {
    expect(expenseAuthorisationLeft(base)).toBe(8_000);
    expect(expenseAuthorisationLeft({ maxAmountCents: 1_000, usedCents: 1_500 })).toBe(0);
  });
});
