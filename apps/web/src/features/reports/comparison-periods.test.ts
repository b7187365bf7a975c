import { describe, expect, it } from 'vitest';
import { comparisonPeriods } from './comparison-periods';

const none = new URLSearchParams();

describe('comparisonPeriods', () => {
  it('sets a past month against the whole month before or a year before', () => {
    expect(comparisonPeriods('previousMonth', '2026-03', none, '2026-11-26')).toEqual({
      from: '2026-03-01',
      to: '2026-03-31',
      againstFrom: '2026-02-01',
      againstTo: '2026-02-28',
    });
    expect(comparisonPeriods('lastYear', '2026-01', none, '2026-11-26')).toEqual({
      from: '2026-01-01',
      to: '2026-01-31',
      againstFrom: '2025-01-01',
      againstTo: '2025-01-31',
    });
  });

  it('compares the running month up to today, day for day, within the other month', () => {
    expect(comparisonPeriods('previousMonth', '2026-11', none, '2026-11-26')).toEqual({
      from: '2026-11-01',
      to: '2026-11-26',
      againstFrom: '2026-10-01',
      againstTo: '2026-10-26',
    });
    // 1–30 March against February: February ends first.
    expect(comparisonPeriods('previousMonth', '2026-03', none, '2026-03-30')?.againstTo).toBe('2026-02-28');
  });

  it('takes custom ranges from the address, none when missing or backwards', () => {
    const params = new URLSearchParams({
      from: '2026-06-01',
      to: '2026-06-15',
      againstFrom: '2025-06-01',
      againstTo: '2025-06-15',
    });
    expect(comparisonPeriods('custom', '2026-11', params, '2026-11-26')).toEqual({
      from: '2026-06-01',
      to: '2026-06-15',
      againstFrom: '2025-06-01',
      againstTo: '2025-06-15',
    });
    params.set('to', '2026-05-01');
    expect(comparisonPeriods('custom', '2026-11', params, '2026-11-26')).toBeNull();
    expect(comparisonPeriods('custom', '2026-11', none, '2026-11-26')).toBeNull();
  });
});
