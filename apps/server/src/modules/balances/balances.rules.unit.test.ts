import { isMonthEnded } from '@bottega/contracts/balances';
import { describe, expect, it } from 'vitest';
import { regeneratedBalance } from './balances.rules';

describe('generating a month-end balance again', () => {
  it('follows the computation for a generated balance', () => {
    expect(regeneratedBalance({ amountCents: 100, computedCents: 100, source: 'generated' }, 150)).toEqual({
      amountCents: 150,
      computedCents: 150,
    });
  });

  it('keeps the amount of an edited balance and refreshes only the computed figure', () => {
    expect(regeneratedBalance({ amountCents: 120, computedCents: 100, source: 'edited' }, 150)).toEqual({
      amountCents: 120,
      computedCents: 150,
    });
  });

  it('changes nothing when the computation has not moved', () => {
    expect(regeneratedBalance({ amountCents: 100, computedCents: 100, source: 'generated' }, 100)).toBeNull();
    expect(regeneratedBalance({ amountCents: 120, computedCents: 100, source: 'edited' }, 100)).toBeNull();
  });
});

describe('a month ended', () => {
  it('is over from the day after its last day', () => {
    expect(isMonthEnded('2026-02', '2026-02-28')).toBe(false);
    expect(isMonthEnded('2026-02', '2026-03-01')).toBe(true);
    expect(isMonthEnded('2026-03', '2026-03-12')).toBe(false);
    expect(isMonthEnded('2025-12', '2026-01-01')).toBe(true);
  });
});
