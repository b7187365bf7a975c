import { describe, expect, it } from 'vitest';
import {
  dateTimeText,
  instantToRomeDateTime,
  pickerText,
  romeClockOf,
  romeDateOf,
  romeDateTimeToInstant,
} from './post-time';

describe('romeDateTimeToInstant', () => {
  it('reads the picker value on Rome’s clock, winter and summer', () => {
    expect(romeDateTimeToInstant('2026-01-15 19:45:00')).toBe('2026-01-15T18:45:00.000Z');
    expect(romeDateTimeToInstant('2026-07-15 19:45:00')).toBe('2026-07-15T17:45:00.000Z');
    expect(romeDateTimeToInstant('2026-07-15 09:05')).toBe('2026-07-15T07:05:00.000Z');
  });

  it('takes the day before in UTC for a time after midnight in Rome', () => {
    expect(romeDateTimeToInstant('2026-03-01 00:30:00')).toBe('2026-02-28T23:30:00.000Z');
  });

  it('handles the nights summer time changes', () => {
    // The spring night skips 02:00–03:00: 02:30 does not exist and is taken as 03:30 summer time.
    expect(romeDateTimeToInstant('2026-03-29 01:30:00')).toBe('2026-03-29T00:30:00.000Z');
    expect(romeDateTimeToInstant('2026-03-29 02:30:00')).toBe('2026-03-29T01:30:00.000Z');
    expect(romeDateTimeToInstant('2026-03-29 12:00:00')).toBe('2026-03-29T10:00:00.000Z');
    // The autumn night repeats 02:00–03:00.
    expect(romeDateTimeToInstant('2026-10-25 01:30:00')).toBe('2026-10-24T23:30:00.000Z');
    expect(romeDateTimeToInstant('2026-10-25 12:00:00')).toBe('2026-10-25T11:00:00.000Z');
  });

  it('refuses what is no date-time', () => {
    expect(romeDateTimeToInstant(null)).toBeNull();
    expect(romeDateTimeToInstant('')).toBeNull();
    expect(romeDateTimeToInstant('2026-02-30 10:00:00')).toBeNull();
    expect(romeDateTimeToInstant('2026-01-15 25:00:00')).toBeNull();
    expect(romeDateTimeToInstant('15/01/2026 10:00')).toBeNull();
  });
});

describe('instantToRomeDateTime', () => {
  it('puts an instant on Rome’s clock', () => {
    expect(instantToRomeDateTime('2026-01-15T18:45:00.000Z')).toBe('2026-01-15 19:45:00');
    expect(instantToRomeDateTime('2026-07-15T22:30:00Z')).toBe('2026-07-16 00:30:00');
    expect(instantToRomeDateTime('2026-07-15T19:45:00+02:00')).toBe('2026-07-15 19:45:00');
    expect(instantToRomeDateTime(null)).toBeNull();
    expect(instantToRomeDateTime('nonsense')).toBeNull();
  });

  it('goes back and forth', () => {
    for (const wall of ['2026-01-01 00:00:00', '2026-03-29 03:15:00', '2026-06-30 23:59:00', '2026-12-31 12:00:00']) {
      expect(instantToRomeDateTime(romeDateTimeToInstant(wall))).toBe(wall);
    }
  });

  it('gives the day and the clock time', () => {
    expect(romeDateOf('2026-07-15T22:30:00Z')).toBe('2026-07-16');
    expect(romeClockOf('2026-07-15T22:30:00Z')).toBe('00:30');
    expect(romeDateOf('x')).toBe('');
  });
});

describe('dateTimeText', () => {
  it('writes the instant on Italian time, isolated left to right', () => {
    expect(dateTimeText('2026-07-15T17:45:00.000Z')).toBe('\u206615/07/2026 19:45\u2069');
    expect(dateTimeText(null)).toBe('');
  });
});

describe('pickerText', () => {
  it('shows the picker value as the app writes dates', () => {
    expect(pickerText('2026-11-30 17:56:00')).toBe('\u206630/11/2026 17:56\u2069');
    expect(pickerText('nonsense')).toBe('nonsense');
  });
});
