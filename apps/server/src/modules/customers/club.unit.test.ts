import { describe, expect, it } from 'vitest';
import { ean13, maskedDestination, smsNumber } from './club.service';
import { birthdayKeysOn } from './customers.jobs';

describe('the club’s small rules', () => {
  it('issues EAN-13 card numbers with their check digit', () => {
    // Known EAN-13s: 4006381333931, 9780306406157.
    expect(ean13('400638133393')).toBe('4006381333931');
    expect(ean13('978030640615')).toBe('9780306406157');
    expect(ean13('290000000042')).toMatch(/^29\d{11}$/);
  });

  it('writes the SMS number as + and digits, and masks where a code went', () => {
    expect(smsNumber('+39', '347 123-4567')).toBe('+393471234567');
    expect(maskedDestination('sms', '+393471234567')).toBe('+39 •••• 4567');
    expect(maskedDestination('email', 'anna.rossi@club.test')).toBe('a•••@club.test');
  });

  it('finds the birthdays of a day: 28 February also holds 29 February outside leap years', () => {
    expect(birthdayKeysOn('2027-03-08')).toEqual([308]);
    expect(birthdayKeysOn('2027-02-28')).toEqual([228, 229]);
    expect(birthdayKeysOn('2028-02-28')).toEqual([228]);
    expect(birthdayKeysOn('2028-02-29')).toEqual([229]);
  });
});
