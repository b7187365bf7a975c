import { formatMoney } from '@bottega/contracts/money';
import { describe, expect, it } from 'vitest';
import { formatDate, formatDateTime, formatRelativeTime } from './format-date';
import { formatFileSize } from './format-file-size';

describe('formatMoney', () => {
  it.each([
    [123456, '€ 1.234,56'],
    [0, '€ 0,00'],
    [5, '€ 0,05'],
    [-123456, '-€ 1.234,56'],
    [100000000, '€ 1.000.000,00'],
    [999, '€ 9,99'],
  ])('shows %i cents as %s', (cents, shown) => {
    expect(formatMoney(cents)).toBe(shown);
  });

  it('shows zero for an empty value', () => {
    expect(formatMoney(null)).toBe('€ 0,00');
    expect(formatMoney(undefined)).toBe('€ 0,00');
    expect(formatMoney(Number.NaN)).toBe('€ 0,00');
  });
});

describe('formatDate', () => {
  it('turns YYYY-MM-DD into DD/MM/YYYY', () => {
    expect(formatDate('2026-11-22')).toBe('22/11/2026');
    expect(formatDate('2024-02-29T10:00:00Z')).toBe('29/02/2024');
  });

  it('leaves empty and unknown values readable', () => {
    expect(formatDate('')).toBe('');
    expect(formatDate(null)).toBe('');
    expect(formatDate('not a date')).toBe('not a date');
  });
});

describe('formatFileSize', () => {
  it.each([
    [0, '0 B'],
    [1023, '1023 B'],
    [1024, '1,0 KiB'],
    [1536, '1,5 KiB'],
    [1048576, '1,0 MiB'],
    [5 * 1024 ** 3, '5,0 GiB'],
    [200 * 1024, '200 KiB'],
  ])('shows %i bytes as %s', (bytes, shown) => {
    expect(formatFileSize(bytes)).toBe(shown);
  });

  it('treats empty and negative sizes as zero', () => {
    expect(formatFileSize(null)).toBe('0 B');
    expect(formatFileSize(-5)).toBe('0 B');
  });
});

describe('formatDateTime', () => {
  it('shows an instant on Italian time as DD/MM/YYYY HH:mm', () => {
    expect(formatDateTime('2026-11-22T09:05:00Z')).toBe('22/11/2026 10:05');
    expect(formatDateTime('2026-07-01T22:30:00Z')).toBe('02/07/2026 00:30');
  });

  it('leaves empty and unreadable values readable', () => {
    expect(formatDateTime(null)).toBe('');
    expect(formatDateTime('yesterday')).toBe('yesterday');
  });
});

describe('formatRelativeTime', () => {
  const now = new Date('2026-11-25T15:00:00Z');
  const ago = (seconds: number) => new Date(now.getTime() - seconds * 1000).toISOString();

  it.each([
    [10, 'ora'],
    [-30, 'ora'],
    [5 * 60, '5 minuti fa'],
    [3 * 3600, '3 ore fa'],
    [26 * 3600, 'ieri'],
    [3 * 86_400, '3 giorni fa'],
  ])('tells %i seconds ago as "%s"', (seconds, shown) => {
    expect(formatRelativeTime(ago(seconds), now, 'it')).toBe(shown);
  });

  it('speaks the reader’s language', () => {
    expect(formatRelativeTime(ago(5 * 60), now, 'en')).toBe('5 minutes ago');
    expect(formatRelativeTime(ago(26 * 3600), now, 'de')).toBe('gestern');
  });

  it('gives the date past a week, on Italian time', () => {
    expect(formatRelativeTime('2026-11-10T23:30:00Z', now, 'it')).toBe('11/11/2026');
  });

  it('shows what is not an instant as it is', () => {
    expect(formatRelativeTime('not a date', now, 'it')).toBe('not a date');
  });
});
