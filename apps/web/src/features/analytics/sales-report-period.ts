// The sales report's period presets, computed from the business date today (the address keeps the choice).

import { salesReportMaxDays } from '@bottega/contracts/analytics';
import { monthDays, shiftMonth } from '@bottega/contracts/dates';
import { periodDays } from '@bottega/contracts/reports';

export const salesReportPresets = ['thisMonth', 'lastMonth', 'thisYear', 'last12Months', 'custom'] as const;
export type SalesReportPreset = (typeof salesReportPresets)[number];

/**
 * The days a preset covers: this month and this year up to today, last month whole, the last twelve whole months;
 * custom is what the address says, null when it is no period the report takes.
 */
export function salesReportPeriod(
  preset: SalesReportPreset,
  today: string,
  custom: { from: string | null; to: string | null },
): { from: string; to: string } | null {
  const month = today.slice(0, 7);
  switch (preset) {
    case 'thisMonth':
      return { from: `${month}-01`, to: today };
    case 'lastMonth':
      return monthDays(shiftMonth(month, -1));
    case 'thisYear':
      return { from: `${today.slice(0, 4)}-01-01`, to: today };
    case 'last12Months':
      return { from: monthDays(shiftMonth(month, -12)).from, to: monthDays(shiftMonth(month, -1)).to };
    case 'custom': {
      const { from, to } = custom;
      if (!from || !to || !/^\d{4}-\d{2}-\d{2}$/.test(from) || !/^\d{4}-\d{2}-\d{2}$/.test(to)) return null;
      const days = periodDays(from, to);
      return days >= 1 && days <= salesReportMaxDays ? { from, to } : null;
    }
  }
}
