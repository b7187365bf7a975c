import { describe, expect, it } from 'vitest';
import { phoneSchema } from './common';
import {
  passwordChangeBodySchema,
  profileFieldSchemas,
  profileUpdateBodySchema,
  registrationBodySchema,
} from './profile';

const valid = {
  phone: '+39 333 123 4567',
  fiscalCode: 'RSSMRA85T10A562S',
  birthday: '1985-12-10',
  identityCardNumber: 'CA12345AB',
  address: 'Via Roma 1',
  city: 'Pisa',
  cap: '56017',
  iban: 'IT60X0542811101000000123456',
  bankName: 'Banca di Pisa',
};

const messages = (result: { error?: { issues: { path: PropertyKey[]; message: string }[] } }) =>
  Object.fromEntries((result.error?.issues ?? []).map((issue) => [issue.path.join('.'), issue.message]));

describe('phoneSchema', () => {
  it.each(['+39 333 123 4567', '02-1234567', '(06) 123.4567', '3331234567'])('accepts %s', (phone) => {
    expect(phoneSchema.safeParse(phone).success).toBe(true);
  });
  it.each(['call me', '12345', '+39 333 123 4567 8901 23', '333+1234567'])(
    'refuses %s with the phone rule',
    (phone) => {
      expect(phoneSchema.safeParse(phone).error?.issues[0]).toMatchObject({
        message: 'phone',
        params: { rule: 'phone' },
      });
    },
  );
});

describe('profile field schemas', () => {
  it('call an empty identifier required, not malformed', () => {
    for (const field of ['phone', 'fiscalCode', 'birthday', 'cap', 'iban'] as const) {
      expect(profileFieldSchemas[field].safeParse('').error?.issues[0]?.code, field).toBe('too_small');
    }
  });

  it('refuse a birthday in the future or before 1900 as an invalid date', () => {
    for (const birthday of ['2999-01-01', '1899-12-31', '2024-02-30']) {
      expect(profileFieldSchemas.birthday.safeParse(birthday).error?.issues[0], birthday).toMatchObject({
        code: 'invalid_format',
        format: 'date',
      });
    }
  });

  it('let the BIC be empty or a valid code, normalized', () => {
    expect(profileUpdateBodySchema.parse({ bic: ' ' })).toEqual({ bic: '' });
    expect(profileUpdateBodySchema.parse({ bic: 'uncr itmm' })).toEqual({ bic: 'UNCRITMM' });
    expect(messages(profileUpdateBodySchema.safeParse({ bic: 'BCITITM' }))).toEqual({ bic: 'bic' });
  });
});

describe('registrationBodySchema', () => {
  it('normalizes the identifiers and leaves the BIC empty when not given', () => {
    expect(registrationBodySchema.parse({ ...valid, fiscalCode: 'rssmra 85t10 a562s' })).toEqual({
      ...valid,
      bic: '',
    });
  });

  it('reports a codice fiscale that disagrees with the birthday on the fiscal code', () => {
    expect(messages(registrationBodySchema.safeParse({ ...valid, birthday: '1985-12-11' }))).toEqual({
      fiscalCode: 'fiscalCodeBirthday',
    });
  });

  it('names each wrong identifier by its rule', () => {
    const result = registrationBodySchema.safeParse({
      ...valid,
      fiscalCode: 'RSSMRA85T10A562T',
      iban: 'IT61X0542811101000000123456',
      cap: '561',
    });
    expect(messages(result)).toEqual({ fiscalCode: 'fiscalCodeCheck', iban: 'ibanChecksum', cap: 'cap' });
  });
});

describe('passwordChangeBodySchema', () => {
  it('asks for 8 characters and a matching confirmation', () => {
    const result = passwordChangeBodySchema.safeParse({
      currentPassword: 'x',
      password: 'short',
      passwordConfirmation: 'other',
    });
    expect(messages(result)).toEqual({ password: expect.any(String), passwordConfirmation: 'confirmed' });
    expect(result.error?.issues[0]).toMatchObject({ code: 'too_small', minimum: 8 });
    const mismatch = passwordChangeBodySchema.safeParse({
      currentPassword: 'x',
      password: 'long enough',
      passwordConfirmation: 'other',
    });
    expect(messages(mismatch)).toEqual({ passwordConfirmation: 'confirmed' });
  });
});
