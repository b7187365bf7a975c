import { describe, expect, it } from 'vitest';
import { salesReportPeriod } from './sales-report-period';

const none = { from: null, to: null };

describe('salesReportPeriod', () => {
  it('runs this month and this year up to today', () => {
    expect(salesReportPeriod('thisMonth', '2026-03-12', none)).toEqual({ from: '2026-03-01', to: '2026-03-12' });
    expect(salesReportPeriod('thisYear', '2026-03-12', none)).toEqual({ from: '2026-01-01', to: '2026-03-12' });
  });

  it('takes last month and the last twelve months whole, across the new year', () => {
    expect(salesReportPeriod('lastMonth', '2026-01-20', none)).toEqual({ from: '2025-12-01', to: '2025-12-31' });
    expect(salesReportPeriod('last12Months', '2026-03-12', none)).toEqual({ from: '2025-03-01', to: '2026-02-28' });
  });

  it('keeps a custom period of up to two years, and nothing else', () => {
    expect(salesReportPeriod('custom', '2026-03-12', { from: '2025-01-01', to: '2025-01-31' })).toEqual({
      from: '2025-01-01',
      to: '2025-01-31',
    });
    expect(salesReportPeriod('custom', '2026-03-12', { from: '2025-01-31', to: '2025-01-01' })).toBeNull();
    expect(salesReportPeriod('custom', '2026-03-12', { from: '2023-01-01', to: '2025-01-31' })).toBeNull();
    expect(salesReportPeriod('custom', '2026-03-12', { from: '2025-01-01', to: null })).toBeNull();
  });
});
