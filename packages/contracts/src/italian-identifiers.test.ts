import { afterEach, describe, expect, it, vi } from 'vitest';
import type { z } from 'zod';
import { validationRules } from './errors';
import {
  bicSchema,
  capSchema,
  checkBic,
  checkCap,
  checkFiscalCode,
  checkIban,
  checkVatNumber,
  fiscalCodeSchema,
  ibanSchema,
  vatNumberSchema,
} from './italian-identifiers';

// Check characters below are worked out by hand with the official tables, so the vectors do not
// depend on the code under test. Odd positions (1st, 3rd … 15th) use the odd table
// (0/A=1 1/B=0 2/C=5 3/D=7 4/E=9 5/F=13 6/G=15 7/H=17 8/I=19 9/J=21 K=2 L=4 M=18 N=20 O=11 P=3 Q=6
// R=8 S=12 T=14 U=16 V=10 W=22 X=25 Y=24 Z=23); even positions count digits 0–9 and letters A=0 … Z=25.
// The check character is the letter at (sum mod 26), A=0.

describe('checkFiscalCode', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('accepts a man born on 10 December 1985 in San Giuliano Terme (A562)', () => {
    // RSSMRA85T10A562: odd R S R 8 T 0 5 2 = 8+12+8+19+14+1+13+5 = 80;
    // even S M A 5 1 A 6 = 18+12+0+5+1+0+6 = 42; 122 mod 26 = 18 → S.
    expect(checkFiscalCode('RSSMRA85T10A562S')).toEqual({
      valid: true,
      normalized: 'RSSMRA85T10A562S',
      birthday: '1985-12-10',
      sex: 'M',
      omocode: false,
    });
  });

  it('accepts a woman, whose day of birth is written plus 40', () => {
    // Laura Bianchi, 1 January 1990, Rome (H501): day 01 + 40 = 41.
    // BNCLRA90A41H501: odd B C R 9 A 1 5 1 = 0+5+8+21+1+0+13+0 = 48;
    // even N L A 0 4 H 0 = 13+11+0+0+4+7+0 = 35; 83 mod 26 = 5 → F.
    expect(checkFiscalCode('BNCLRA90A41H501F')).toEqual({
      valid: true,
      normalized: 'BNCLRA90A41H501F',
      birthday: '1990-01-01',
      sex: 'F',
      omocode: false,
    });
  });

  it('ignores case and spaces and returns the normalized code', () => {
    const result = checkFiscalCode(' rssmra 85t10 a562s ');
    expect(result).toMatchObject({ valid: true, normalized: 'RSSMRA85T10A562S' });
  });

  it('decodes omocodia letters before reading the date and checks the code as written', () => {
    // Place digits 5 6 2 become R S N (L=0 M=1 N=2 P=3 Q=4 R=5 S=6 T=7 U=8 V=9).
    // From the sum 122 of RSSMRA85T10A562: 13th (odd) 5=13 → R=8 (−5), 14th (even) 6=6 → S=18 (+12),
    // 15th (odd) 2=5 → N=20 (+15); 144 mod 26 = 14 → O.
    expect(checkFiscalCode('RSSMRA85T10ARSNO')).toEqual({
      valid: true,
      normalized: 'RSSMRA85T10ARSNO',
      birthday: '1985-12-10',
      sex: 'M',
      omocode: true,
    });
    // Also the day's second digit 0 → L: 11th (odd) 0=1 → L=4 (+3); 147 mod 26 = 17 → R.
    expect(checkFiscalCode('RSSMRA85T1LARSNR')).toMatchObject({ valid: true, birthday: '1985-12-10', omocode: true });
    // The same code with the check character of the plain one is wrong: omocodia letters count as letters.
    expect(checkFiscalCode('RSSMRA85T10ARSNS')).toEqual({ valid: false, reason: 'checkCharacter' });
  });

  it('rejects a wrong check character', () => {
    expect(checkFiscalCode('RSSMRA85T10A562T')).toEqual({ valid: false, reason: 'checkCharacter' });
    expect(checkFiscalCode('BNCLRA90A41H501A')).toEqual({ valid: false, reason: 'checkCharacter' });
  });

  it('rejects a letter that is no month', () => {
    // F, G, I … are not among A B C D E H L M P R S T.
    expect(checkFiscalCode('RSSMRA85F10A562S')).toEqual({ valid: false, reason: 'month' });
    expect(checkFiscalCode('RSSMRA85Z10A562S')).toEqual({ valid: false, reason: 'month' });
  });

  it('rejects impossible days', () => {
    expect(checkFiscalCode('RSSMRA85T32A562S')).toEqual({ valid: false, reason: 'day' });
    expect(checkFiscalCode('RSSMRA85T72A562S')).toEqual({ valid: false, reason: 'day' });
    expect(checkFiscalCode('RSSMRA85T00A562S')).toEqual({ valid: false, reason: 'day' });
    expect(checkFiscalCode('RSSMRA85T40A562S')).toEqual({ valid: false, reason: 'day' });
    // 30 February (B), for a man and for a woman (70).
    expect(checkFiscalCode('RSSMRA85B30A562S')).toEqual({ valid: false, reason: 'day' });
    expect(checkFiscalCode('RSSMRA85B70A562S')).toEqual({ valid: false, reason: 'day' });
  });

  it('rejects malformed codes', () => {
    expect(checkFiscalCode('')).toEqual({ valid: false, reason: 'format' });
    expect(checkFiscalCode('RSSMRA85T10A562')).toEqual({ valid: false, reason: 'format' });
    expect(checkFiscalCode('RSSMRA85T10A562SX')).toEqual({ valid: false, reason: 'format' });
    // A digit among the name letters, a letter outside L–V among the digits, a digit as place letter.
    expect(checkFiscalCode('RSSMR185T10A562S')).toEqual({ valid: false, reason: 'format' });
    expect(checkFiscalCode('RSSMRA8AT10A562S')).toEqual({ valid: false, reason: 'format' });
    expect(checkFiscalCode('RSSMRA85T101562S')).toEqual({ valid: false, reason: 'format' });
  });

  it('checks agreement with a given birthday and sex', () => {
    expect(checkFiscalCode('RSSMRA85T10A562S', { birthday: '1985-12-10', sex: 'M' })).toMatchObject({ valid: true });
    // Only the last two digits of the year are in the code.
    expect(checkFiscalCode('RSSMRA85T10A562S', { birthday: '1885-12-10' })).toMatchObject({ valid: true });
    expect(checkFiscalCode('RSSMRA85T10A562S', { birthday: '1985-12-11' })).toEqual({
      valid: false,
      reason: 'birthdayMismatch',
    });
    expect(checkFiscalCode('RSSMRA85T10A562S', { birthday: '1985-11-10' })).toEqual({
      valid: false,
      reason: 'birthdayMismatch',
    });
    expect(checkFiscalCode('RSSMRA85T10A562S', { birthday: '1986-12-10' })).toEqual({
      valid: false,
      reason: 'birthdayMismatch',
    });
    expect(checkFiscalCode('BNCLRA90A41H501F', { birthday: '1990-01-01', sex: 'F' })).toMatchObject({ valid: true });
    expect(checkFiscalCode('BNCLRA90A41H501F', { sex: 'M' })).toEqual({ valid: false, reason: 'sexMismatch' });
    // The omocode variant carries the same birthday.
    expect(checkFiscalCode('RSSMRA85T1LARSNR', { birthday: '1985-12-10' })).toMatchObject({ valid: true });
    // A birthday still being typed is left to the date field.
    expect(checkFiscalCode('RSSMRA85T10A562S', { birthday: '1985-1' })).toMatchObject({ valid: true });
  });

  it('takes the most recent birth date that is not in the future', () => {
    // RSSMRA26T10A562: from the sum 122 of RSSMRA85T10A562, 7th (odd) 8=19 → 2=5 (−14),
    // 8th (even) 5 → 6 (+1); 109 mod 26 = 5 → F.
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-06-01T10:00:00Z'));
    expect(checkFiscalCode('RSSMRA26T10A562F')).toMatchObject({ valid: true, birthday: '1926-12-10' });
    expect(checkFiscalCode('RSSMRA85T10A562S')).toMatchObject({ valid: true, birthday: '1985-12-10' });
    vi.setSystemTime(new Date('2026-12-10T10:00:00Z'));
    expect(checkFiscalCode('RSSMRA26T10A562F')).toMatchObject({ valid: true, birthday: '2026-12-10' });
  });
});

describe('checkVatNumber', () => {
  it('accepts numbers whose check digit is right', () => {
    // 0123456789: odd positions 0+2+4+6+8 = 20; even 1 3 5 7 9 doubled 2 6 10→1 14→5 18→9 = 23;
    // 43 → (10 − 3) mod 10 = 7.
    expect(checkVatNumber('01234567897')).toEqual({ valid: true, normalized: '01234567897' });
    // 1234567890: odd 1+3+5+7+9 = 25; even 2 4 6 8 0 doubled 4 8 12→3 16→7 0 = 22; 47 → 3.
    expect(checkVatNumber('12345678903')).toEqual({ valid: true, normalized: '12345678903' });
    expect(checkVatNumber(' 0123 4567 897 ')).toEqual({ valid: true, normalized: '01234567897' });
  });

  it('rejects a wrong check digit', () => {
    expect(checkVatNumber('01234567890')).toEqual({ valid: false, reason: 'checkDigit' });
    expect(checkVatNumber('12345678901')).toEqual({ valid: false, reason: 'checkDigit' });
  });

  it('rejects anything that is not 11 digits, and all zeros', () => {
    expect(checkVatNumber('0123456789A')).toEqual({ valid: false, reason: 'format' });
    expect(checkVatNumber('IT01234567897')).toEqual({ valid: false, reason: 'format' });
    expect(checkVatNumber('0123456789')).toEqual({ valid: false, reason: 'format' });
    expect(checkVatNumber('012345678970')).toEqual({ valid: false, reason: 'format' });
    expect(checkVatNumber('00000000000')).toEqual({ valid: false, reason: 'format' });
  });
});

describe('checkIban', () => {
  // Check digits = 98 − (BBAN + country letters as 10–35 + "00") mod 97:
  // IT: 330542811101000000123456182900 mod 97 = 38 → 60;
  // DE: 370400440532013000131400 mod 97 = 9 → 89;
  // GB: 3214282912345698765432161100 mod 97 = 16 → 82.
  it('accepts valid IBANs and returns them without spaces', () => {
    expect(checkIban('IT60X0542811101000000123456')).toEqual({
      valid: true,
      normalized: 'IT60X0542811101000000123456',
    });
    expect(checkIban('DE89 3704 0044 0532 0130 00')).toEqual({ valid: true, normalized: 'DE89370400440532013000' });
    expect(checkIban('GB82 WEST 1234 5698 7654 32')).toEqual({ valid: true, normalized: 'GB82WEST12345698765432' });
  });

  it('normalizes lower case and spaces', () => {
    expect(checkIban(' it60 x054 2811 1010 0000 0123 456 ')).toEqual({
      valid: true,
      normalized: 'IT60X0542811101000000123456',
    });
  });

  it('rejects a wrong checksum', () => {
    // Changing the check digits or one account digit moves the remainder away from 1.
    expect(checkIban('IT61X0542811101000000123456')).toEqual({ valid: false, reason: 'checksum' });
    expect(checkIban('IT60X0542811101000000123457')).toEqual({ valid: false, reason: 'checksum' });
    expect(checkIban('DE89370400440532013001')).toEqual({ valid: false, reason: 'checksum' });
  });

  it("rejects a length that is not the country's", () => {
    expect(checkIban('IT60X054281110100000012345')).toEqual({ valid: false, reason: 'length' });
    expect(checkIban('IT60X05428111010000001234567')).toEqual({ valid: false, reason: 'length' });
    expect(checkIban('DE8937040044053201300')).toEqual({ valid: false, reason: 'length' });
    expect(checkIban('BE6853900754703')).toEqual({ valid: false, reason: 'length' });
    expect(checkIban('IT60X054')).toEqual({ valid: false, reason: 'length' });
    // A country without a known length still has to fit 15–34 characters.
    expect(checkIban('ZZ12ABC')).toEqual({ valid: false, reason: 'length' });
    expect(checkIban(`ZZ12${'1'.repeat(31)}`)).toEqual({ valid: false, reason: 'length' });
  });

  it('checks the Italian layout: CIN letter, ABI and CAB digits, 12-character account', () => {
    expect(checkIban('IT6010542811101000000123456')).toEqual({ valid: false, reason: 'format' });
    expect(checkIban('IT60X05428A1101000000123456')).toEqual({ valid: false, reason: 'format' });
  });

  it('rejects malformed input', () => {
    expect(checkIban('')).toEqual({ valid: false, reason: 'format' });
    expect(checkIban('6060X0542811101000000123456')).toEqual({ valid: false, reason: 'format' });
    expect(checkIban('ITXXX0542811101000000123456')).toEqual({ valid: false, reason: 'format' });
    expect(checkIban('IT60-X054-2811-1010-0000-0123-456')).toEqual({ valid: false, reason: 'format' });
  });
});

describe('checkBic', () => {
  it('accepts 8- and 11-character codes', () => {
    expect(checkBic('UNCRITMMXXX')).toEqual({ valid: true, normalized: 'UNCRITMMXXX' });
    expect(checkBic('BCITITMM')).toEqual({ valid: true, normalized: 'BCITITMM' });
    expect(checkBic('bcit it mm')).toEqual({ valid: true, normalized: 'BCITITMM' });
  });

  it('rejects other shapes', () => {
    for (const value of [
      '',
      'BCITITM',
      'BCITITMMX',
      'BCITITMMXX',
      'BCITITMMXXXX',
      'BC1TITMM',
      'BCIT1TMM',
      'BCITITM-',
    ]) {
      expect(checkBic(value)).toEqual({ valid: false, reason: 'format' });
    }
  });
});

describe('checkCap', () => {
  it('accepts five digits', () => {
    expect(checkCap('00118')).toEqual({ valid: true, normalized: '00118' });
    expect(checkCap(' 56017 ')).toEqual({ valid: true, normalized: '56017' });
  });

  it('rejects anything else', () => {
    for (const value of ['', '5601', '560170', '5601A', 'I-56017']) {
      expect(checkCap(value)).toEqual({ valid: false, reason: 'format' });
    }
  });
});

describe('identifier schemas', () => {
  function onlyIssue(result: z.ZodSafeParseResult<string>) {
    expect(result.success).toBe(false);
    expect(result.error?.issues).toHaveLength(1);
    return result.error?.issues[0];
  }

  it('produce the normalized value', () => {
    expect(fiscalCodeSchema.parse('  rssmra 85t10 a562s ')).toBe('RSSMRA85T10A562S');
    expect(vatNumberSchema.parse(' 0123 4567 897')).toBe('01234567897');
    expect(ibanSchema.parse('it60 x054 2811 1010 0000 0123 456')).toBe('IT60X0542811101000000123456');
    expect(bicSchema.parse(' uncritmmxxx ')).toBe('UNCRITMMXXX');
    expect(capSchema.parse(' 56017 ')).toBe('56017');
  });

  it('add a custom issue that names the rule and the reason', () => {
    expect(onlyIssue(fiscalCodeSchema.safeParse('RSSMRA85T10A562T'))).toMatchObject({
      code: 'custom',
      path: [],
      message: 'fiscalCodeCheck',
      params: { rule: 'fiscalCode', reason: 'checkCharacter' },
    });
    expect(onlyIssue(fiscalCodeSchema.safeParse('RSSMRA85F10A562S'))).toMatchObject({
      code: 'custom',
      message: 'fiscalCode',
      params: { rule: 'fiscalCode', reason: 'month' },
    });
    expect(onlyIssue(vatNumberSchema.safeParse('01234567890'))).toMatchObject({
      code: 'custom',
      message: 'vatNumberCheck',
      params: { rule: 'vatNumber', reason: 'checkDigit' },
    });
    expect(onlyIssue(vatNumberSchema.safeParse('0123456789'))).toMatchObject({
      params: { rule: 'vatNumber', reason: 'format' },
    });
    expect(onlyIssue(ibanSchema.safeParse('IT61X0542811101000000123456'))).toMatchObject({
      code: 'custom',
      message: 'ibanChecksum',
      params: { rule: 'iban', reason: 'checksum' },
    });
    expect(onlyIssue(ibanSchema.safeParse('IT60X054281110100000012345'))).toMatchObject({
      params: { rule: 'iban', reason: 'length' },
    });
    expect(onlyIssue(bicSchema.safeParse('BCITITM'))).toMatchObject({
      code: 'custom',
      message: 'bic',
      params: { rule: 'bic', reason: 'format' },
    });
    expect(onlyIssue(capSchema.safeParse('5601'))).toMatchObject({
      code: 'custom',
      message: 'cap',
      params: { rule: 'cap', reason: 'format' },
    });
  });

  it('use messages that are validation message keys', () => {
    const bad = [
      fiscalCodeSchema.safeParse('RSSMRA85T10A562T'),
      fiscalCodeSchema.safeParse('x'),
      vatNumberSchema.safeParse('01234567890'),
      vatNumberSchema.safeParse('x'),
      ibanSchema.safeParse('IT61X0542811101000000123456'),
      ibanSchema.safeParse('x'),
      bicSchema.safeParse('x'),
      capSchema.safeParse('x'),
    ];
    const messages = bad.flatMap((result) => result.error?.issues.map((issue) => issue.message) ?? []);
    expect(messages).toHaveLength(bad.length);
    expect(messages.filter((message) => !(validationRules as readonly string[]).includes(message))).toEqual([]);
  });

  it('still reject a value that is not a string', () => {
    expect(fiscalCodeSchema.safeParse(42).error?.issues[0]?.code).toBe('invalid_type');
  });
});
