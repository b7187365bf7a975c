import { z } from 'zod';
import { businessDate } from './dates';
import type { ValidationRule } from './errors';

// Validators for the Italian identifiers staff type into forms: codice fiscale, partita IVA, IBAN,
// BIC and CAP. The check functions are pure, so the web forms and the server answer alike, and each
// failure names its reason so the UI can say exactly what is wrong.

/** Whitespace never carries meaning in these identifiers: people type them in groups. */
function normalize(value: string): string {
  return value.replace(/\s+/g, '').toUpperCase();
}

// ---------------------------------------------------------------------------------------------
// Codice fiscale

export type FiscalCodeFailure = 'format' | 'month' | 'day' | 'checkCharacter' | 'birthdayMismatch' | 'sexMismatch';

export type FiscalCodeCheck =
  | {
      valid: true;
      normalized: string;
      /** YYYY-MM-DD; the code only holds two year digits, so the century is inferred (see below). */
      birthday: string | null;
      sex: 'M' | 'F';
      /** True when some digits were replaced by letters to tell apart two people with the same code. */
      omocode: boolean;
    }
  | { valid: false; reason: FiscalCodeFailure };

/** Month letters, January to December. */
const monthLetters = 'ABCDEHLMPRST';

/** Omocodia letters standing for the digits 0 to 9. */
const omocodeLetters = 'LMNPQRSTUV';

/** Positions of the seven digits (year, day, place number) that omocodia may turn into letters. */
const omocodePositions = [6, 7, 9, 10, 12, 13, 14] as const;

const fiscalCodeShape = /^[A-Z]{6}[0-9LMNPQRSTUV]{2}[A-Z][0-9LMNPQRSTUV]{2}[A-Z][0-9LMNPQRSTUV]{3}[A-Z]$/;

/** Values of the characters in odd positions (1st, 3rd … 15th) for the check character, by the official table. */
const oddValues: Record<string, number> = {
  '0': 1,
  '1': 0,
  '2': 5,
  '3': 7,
  '4': 9,
  '5': 13,
  '6': 15,
  '7': 17,
  '8': 19,
  '9': 21,
  A: 1,
  B: 0,
  C: 5,
  D: 7,
  E: 9,
  F: 13,
  G: 15,
  H: 17,
  I: 19,
  J: 21,
  K: 2,
  L: 4,
  M: 18,
  N: 20,
  O: 11,
  P: 3,
  Q: 6,
  R: 8,
  S: 12,
  T: 14,
  U: 16,
  V: 10,
  W: 22,
  X: 25,
  Y: 24,
  Z: 23,
};

/** Characters in even positions count 0–9 for digits and 0–25 for the letters A–Z. */
function evenValue(character: string): number {
  return /[0-9]/.test(character) ? Number(character) : character.charCodeAt(0) - 65;
}

/** The check character over the first 15 characters as written (omocodia letters count as letters). */
export function fiscalCodeCheckCharacter(firstFifteen: string): string {
  let sum = 0;
  for (let index = 0; index < 15; index++) {
    const character = firstFifteen.charAt(index);
    // Index 0 is the 1st character, an odd position in the official numbering.
    sum += index % 2 === 0 ? (oddValues[character] ?? 0) : evenValue(character);
  }
  return String.fromCharCode(65 + (sum % 26));
}

function daysInMonth(year: number, month: number): number {
  return new Date(Date.UTC(year, month, 0)).getUTCDate();
}

const twoDigits = (value: number) => String(value).padStart(2, '0');

/**
 * Checks a codice fiscale: shape, month letter, day, check character and, when given, agreement
 * with the person's birthday and sex. Input is case-insensitive and spaces are ignored.
 */
export function checkFiscalCode(code: string, person?: { birthday?: string; sex?: 'M' | 'F' }): FiscalCodeCheck {
  const normalized = normalize(code);
  if (!fiscalCodeShape.test(normalized)) return { valid: false, reason: 'format' };

  const characters = [...normalized];
  let omocode = false;
  for (const position of omocodePositions) {
    const letterIndex = omocodeLetters.indexOf(characters[position] ?? '');
    if (letterIndex >= 0) {
      characters[position] = String(letterIndex);
      omocode = true;
    }
  }
  const decoded = characters.join('');

  const month = monthLetters.indexOf(decoded.charAt(8)) + 1;
  if (month === 0) return { valid: false, reason: 'month' };

  const yearInCentury = Number(decoded.slice(6, 8));
  const encodedDay = Number(decoded.slice(9, 11));
  // Women's day of birth is written plus 40.
  const sex = encodedDay > 40 ? 'F' : 'M';
  const day = sex === 'F' ? encodedDay - 40 : encodedDay;

  // The century is not written: take the most recent birthday that is not after today.
  const today = businessDate();
  let year = 2000 + yearInCentury;
  if (`${year}-${twoDigits(month)}-${twoDigits(day)}` > today) year -= 100;
  if (day < 1 || day > daysInMonth(year, month)) return { valid: false, reason: 'day' };

  if (fiscalCodeCheckCharacter(normalized) !== normalized.charAt(15)) {
    return { valid: false, reason: 'checkCharacter' };
  }

  // A birthday not yet typed in full is the date field's problem, not the code's.
  const given = person?.birthday?.match(/^(\d{4})-(\d{2})-(\d{2})$/);
  if (given) {
    const [, givenYear, givenMonth, givenDay] = given;
    const agrees =
      Number(givenYear) % 100 === yearInCentury && Number(givenMonth) === month && Number(givenDay) === day;
    if (!agrees) return { valid: false, reason: 'birthdayMismatch' };
  }
  if (person?.sex && person.sex !== sex) return { valid: false, reason: 'sexMismatch' };

  return { valid: true, normalized, birthday: `${year}-${twoDigits(month)}-${twoDigits(day)}`, sex, omocode };
}

// ---------------------------------------------------------------------------------------------
// Partita IVA

export type VatNumberCheck = { valid: true; normalized: string } | { valid: false; reason: 'format' | 'checkDigit' };

/**
 * Checks a partita IVA: 11 digits whose last one is the check digit over the first ten (digits in
 * odd positions are added as they are, those in even positions doubled, less 9 when over 9).
 */
export function checkVatNumber(value: string): VatNumberCheck {
  const normalized = normalize(value);
  // All zeros passes the check digit but is never issued.
  if (!/^\d{11}$/.test(normalized) || /^0+$/.test(normalized)) return { valid: false, reason: 'format' };

  let sum = 0;
  for (let index = 0; index < 10; index++) {
    const digit = Number(normalized.charAt(index));
    if (index % 2 === 0) {
      sum += digit;
    } else {
      const doubled = digit * 2;
      sum += doubled > 9 ? doubled - 9 : doubled;
    }
  }
  const checkDigit = (10 - (sum % 10)) % 10;
  if (checkDigit !== Number(normalized.charAt(10))) return { valid: false, reason: 'checkDigit' };
  return { valid: true, normalized };
}

// ---------------------------------------------------------------------------------------------
// IBAN

export type IbanCheck =
  | { valid: true; normalized: string }
  | { valid: false; reason: 'format' | 'length' | 'checksum' };

/** IBAN length by country, from the SWIFT IBAN registry (ISO 13616). */
export const ibanLengths: Readonly<Record<string, number>> = {
  AD: 24,
  AE: 23,
  AL: 28,
  AT: 20,
  AZ: 28,
  BA: 20,
  BE: 16,
  BG: 22,
  BH: 22,
  BR: 29,
  CH: 21,
  CY: 28,
  CZ: 24,
  DE: 22,
  DK: 18,
  EE: 20,
  ES: 24,
  FI: 18,
  FR: 27,
  GB: 22,
  GE: 22,
  GI: 23,
  GR: 27,
  HR: 21,
  HU: 28,
  IE: 22,
  IL: 23,
  IS: 26,
  IT: 27,
  LI: 21,
  LT: 20,
  LU: 20,
  LV: 21,
  MC: 27,
  MD: 24,
  ME: 22,
  MK: 19,
  MT: 31,
  NL: 18,
  NO: 15,
  PL: 28,
  PT: 25,
  RO: 24,
  RS: 22,
  SA: 24,
  SE: 24,
  SI: 19,
  SK: 24,
  SM: 27,
  TR: 26,
  UA: 29,
  VA: 22,
  XK: 20,
};

/** Italian (and San Marino) BBAN: CIN letter, 5-digit ABI (bank), 5-digit CAB (branch), 12-character account. */
const italianIbanShape = /^(IT|SM)\d{2}[A-Z]\d{5}\d{5}[A-Z0-9]{12}$/;

/** ISO 13616 remainder: the first four characters moved to the end, letters read as 10–35, modulo 97. */
function ibanRemainder(iban: string): number {
  const rearranged = iban.slice(4) + iban.slice(0, 4);
  let remainder = 0;
  for (const character of rearranged) {
    const value = /[0-9]/.test(character) ? character : String(character.charCodeAt(0) - 55);
    // Digit by digit keeps the running number far below Number.MAX_SAFE_INTEGER.
    for (const digit of value) remainder = (remainder * 10 + Number(digit)) % 97;
  }
  return remainder;
}

/** Checks an IBAN: shape, the country's length, the Italian layout, and the mod-97 checksum. */
export function checkIban(value: string): IbanCheck {
  const normalized = normalize(value);
  if (!/^[A-Z]{2}\d{2}[A-Z0-9]+$/.test(normalized)) return { valid: false, reason: 'format' };
  const expectedLength = ibanLengths[normalized.slice(0, 2)];
  // A country missing from the table gets the bounds ISO 13616 sets for all: 15 (Norway) to 34 characters.
  const rightLength =
    expectedLength === undefined
      ? normalized.length >= 15 && normalized.length <= 34
      : normalized.length === expectedLength;
  if (!rightLength) return { valid: false, reason: 'length' };
  if (/^(IT|SM)/.test(normalized) && !italianIbanShape.test(normalized)) return { valid: false, reason: 'format' };
  if (ibanRemainder(normalized) !== 1) return { valid: false, reason: 'checksum' };
  return { valid: true, normalized };
}

// ---------------------------------------------------------------------------------------------
// BIC, CAP

export type BicCheck = { valid: true; normalized: string } | { valid: false; reason: 'format' };

/** Checks a BIC (SWIFT code): bank (4 letters), country (2 letters), location (2), optional branch (3). */
export function checkBic(value: string): BicCheck {
  const normalized = normalize(value);
  if (!/^[A-Z]{4}[A-Z]{2}[A-Z0-9]{2}([A-Z0-9]{3})?$/.test(normalized)) return { valid: false, reason: 'format' };
  return { valid: true, normalized };
}

export type CapCheck = { valid: true; normalized: string } | { valid: false; reason: 'format' };

/** Checks an Italian postal code (CAP): exactly five digits. */
export function checkCap(value: string): CapCheck {
  const normalized = normalize(value);
  if (!/^\d{5}$/.test(normalized)) return { valid: false, reason: 'format' };
  return { valid: true, normalized };
}

// ---------------------------------------------------------------------------------------------
// Zod schemas for forms and routes

export type IdentifierRule = 'fiscalCode' | 'vatNumber' | 'iban' | 'bic' | 'cap';

/** Reasons with a sharper message than their rule's own (locales/<lng>/validation.json). */
const messageByReason: Partial<Record<string, ValidationRule>> = {
  'fiscalCode.checkCharacter': 'fiscalCodeCheck',
  'fiscalCode.birthdayMismatch': 'fiscalCodeBirthday',
  'vatNumber.checkDigit': 'vatNumberCheck',
  'iban.checksum': 'ibanChecksum',
};

/**
 * A string that is trimmed, normalized (upper case, no spaces) and then checked. A failure is one
 * custom issue with `params: { rule, reason }`; its message is the validation message key, so a form
 * can show `validation:<message>` and the server maps rule and reason the same way.
 */
function identifierSchema(
  rule: IdentifierRule,
  check: (value: string) => { valid: true } | { valid: false; reason: string },
) {
  return z
    .string()
    .trim()
    .overwrite(normalize)
    .superRefine((value, context) => {
      const result = check(value);
      if (result.valid) return;
      context.addIssue({
        code: 'custom',
        message: messageByReason[`${rule}.${result.reason}`] ?? rule,
        params: { rule, reason: result.reason },
        input: value,
      });
    });
}

export const fiscalCodeSchema = identifierSchema('fiscalCode', (value) => checkFiscalCode(value));
export const vatNumberSchema = identifierSchema('vatNumber', checkVatNumber);
export const ibanSchema = identifierSchema('iban', checkIban);
export const bicSchema = identifierSchema('bic', checkBic);
export const capSchema = identifierSchema('cap', checkCap);
