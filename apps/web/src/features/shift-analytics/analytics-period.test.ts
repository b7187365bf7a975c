import { describe, expect, it } from 'vitest';
import { convertPeriod, currentPeriod, monthName, seriesLabel, stepPeriod, weekParts } from './analytics-period';

describe('the analytics period', () => {
  it('starts at this week or this month', () => {
    expect(currentPeriod('week', '2026-11-26')).toBe('2026-W48');
    expect(currentPeriod('month', '2026-11-26')).toBe('2026-11');
  });

  it('steps weeks and months across the year', () => {
    expect(stepPeriod('2026-W48', 1)).toBe('2026-W49');
    expect(stepPeriod('2026-W53', 1)).toBe('2027-W01');
    expect(stepPeriod('2027-W01', -1)).toBe('2026-W53');
    expect(stepPeriod('2026-12', 1)).toBe('2027-01');
    expect(stepPeriod('2026-01', -1)).toBe('2025-12');
  });

  it('keeps the period when its kind changes', () => {
    expect(convertPeriod('2026-11', 'week')).toBe('2026-W44');
    expect(convertPeriod('2026-W48', 'month')).toBe('2026-11');
  });

  it('names weeks, months and the chart’s points', () => {
    expect(weekParts('2026-W48')).toEqual({ number: 48, from: '23/11/2026', to: '29/11/2026' });
    expect(monthName('2026-11', 'it')).toBe('Novembre 2026');
    expect(monthName('2026-11', 'en')).toBe('November 2026');
    expect(seriesLabel('2026-11-23', 'day', 'it')).toBe('23/11');
    expect(seriesLabel('2026-W48', 'week', 'it')).toBe('W48');
    expect(seriesLabel('2026-11', 'month', 'en')).toBe('Nov');
  });
});
