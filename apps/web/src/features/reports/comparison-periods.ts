// The comparison screen's periods (report/comparison): a month against the month before or a year before, or two
// custom ranges from the address. The month still running is compared up to today, against the same number of days
// of the other month, so half a month is never set against a whole one.
import { addDays, monthDays, shiftMonth } from '@bottega/contracts/dates';

export const comparisonPresets = ['previousMonth', 'lastYear', 'custom'] as const;
export type ComparisonPreset = (typeof comparisonPresets)[number];
export type ComparisonPeriods = { from: string; to: string; againstFrom: string; againstTo: string };

const isoDate = /^\d{4}-\d{2}-\d{2}$/;

/** The two periods, or null when the custom ranges are missing or backwards. */
export function comparisonPeriods(
  preset: ComparisonPreset,
  month: string,
  params: URLSearchParams,
  today: string,
): ComparisonPeriods | null {
  if (preset === 'custom') {
    const values = ['from', 'to', 'againstFrom', 'againstTo'].map((name) => params.get(name) ?? '');
    if (!values.every((value) => isoDate.test(value))) return null;
    const [from, to, againstFrom, againstTo] = values as [string, string, string, string];
    if (from > to || againstFrom > againstTo) return null;
    return { from, to, againstFrom, againstTo };
  }
  const current = monthDays(month);
  const against = monthDays(shiftMonth(month, preset === 'lastYear' ? -12 : -1));
  if (current.to <= today)
    return { from: current.from, to: current.to, againstFrom: against.from, againstTo: against.to };
  const days = Math.round((Date.parse(today) - Date.parse(current.from)) / 86_400_000);
  const againstTo = [addDays(against.from, days), against.to].sort()[0] as string;
  return { from: current.from, to: today, againstFrom: against.from, againstTo };
}
