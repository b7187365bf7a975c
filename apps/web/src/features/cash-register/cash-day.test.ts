import { afterEach, describe, expect, it, vi } from 'vitest';
import { ltr, monthName, monthParam, shiftMonth, shownDayStatus, weekdayOf } from './cash-day';

describe('cash register days', () => {
  it('names the weekday of a business day in each language, whatever the time zone', () => {
    expect(weekdayOf('2026-03-14', 'it')).toBe('sabato');
    expect(weekdayOf('2026-03-16', 'en')).toBe('Monday');
    expect(weekdayOf('2026-03-15', 'de')).toBe('Sonntag');
  });

  it('names a month', () => {
    expect(monthName('2026-03', 'it')).toBe('marzo 2026');
    expect(monthName('2026-12', 'en')).toBe('December 2026');
  });

  it('moves across years', () => {
    expect(shiftMonth('2026-01', -1)).toBe('2025-12');
    expect(shiftMonth('2026-12', 1)).toBe('2027-01');
    expect(shiftMonth('2026-03', 0)).toBe('2026-03');
  });

  it('reads the month of the address, never a malformed one', () => {
    expect(monthParam('2026-02', '2026-03')).toBe('2026-02');
    expect(monthParam('2026-04', '2026-03')).toBe('2026-04');
    expect(monthParam('2026-13', '2026-03')).toBe('2026-03');
    expect(monthParam(null, '2026-03')).toBe('2026-03');
  });
});

describe('ltr', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('isolates a value in a right-to-left page so that the sentence keeps its order', () => {
    vi.stubGlobal('document', { documentElement: { dir: 'rtl' } });
    expect(ltr('2026-W47')).toBe('\u20662026-W47\u2069');
  });

  it('leaves it as is in a left-to-right page', () => {
    vi.stubGlobal('document', { documentElement: { dir: 'ltr' } });
    expect(ltr('2026-W47')).toBe('2026-W47');
    expect(ltr(42)).toBe('42');
  });
});

describe('shownDayStatus', () => {
  const today = '2026-11-25';
  it('shows the days after today as still to come, whatever they hold', () => {
    expect(shownDayStatus({ businessDate: '2026-11-26', status: 'noSales' }, today)).toBe('upcoming');
    expect(shownDayStatus({ businessDate: '2026-11-29', status: 'missing' }, today)).toBe('upcoming');
  });

  it('shows today without a report as in progress, with or without sales so far', () => {
    expect(shownDayStatus({ businessDate: today, status: 'missing' }, today)).toBe('today');
    expect(shownDayStatus({ businessDate: today, status: 'noSales' }, today)).toBe('today');
    expect(shownDayStatus({ businessDate: today, status: 'open' }, today)).toBe('open');
  });

  it('shows the past days as their reports have them', () => {
    expect(shownDayStatus({ businessDate: '2026-11-24', status: 'missing' }, today)).toBe('missing');
    expect(shownDayStatus({ businessDate: '2026-11-23', status: 'closed' }, today)).toBe('closed');
    expect(shownDayStatus({ businessDate: '2026-11-22', status: 'noSales' }, today)).toBe('noSales');
  });
});
