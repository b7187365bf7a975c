import { registrationBodySchema } from '@bottega/contracts/profile';
import type { TFunction } from 'i18next';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { firstFieldErrors, validateWith } from './form-validation';

/** Answers the key and its parameters, so the mapping itself is what is checked. */
const t = ((key: string, params?: Record<string, unknown>) =>
  params ? `${key} ${JSON.stringify(params)}` : key) as unknown as TFunction;

describe('validateWith', () => {
  it('words each failure with the rule the server would use', () => {
    const errors = validateWith(
      registrationBodySchema,
      {
        phone: '',
        fiscalCode: 'RSSMRA85T10A562T',
        birthday: '2999-01-01',
        identityCardNumber: 'x'.repeat(31),
        address: 'Via Roma 1',
        city: 'Pisa',
        cap: '561',
        iban: 'IT61X0542811101000000123456',
        bic: '',
        bankName: 'Banca',
      },
      t,
    );
    expect(errors).toEqual({
      phone: 'validation:required',
      fiscalCode: 'validation:fiscalCodeCheck',
      birthday: 'validation:date',
      identityCardNumber: 'validation:maxLength {"max":30}',
      cap: 'validation:cap',
      iban: 'validation:ibanChecksum',
    });
  });
});

describe('validateWith on values of the wrong kind', () => {
  it('tells a value that does not read (a money text parsed to NaN) from a missing one', () => {
    const schema = z.object({ amount: z.number().int(), note: z.string() });
    expect(validateWith(schema, { amount: Number.NaN, note: undefined }, t)).toEqual({
      amount: 'validation:invalid',
      note: 'validation:required',
    });
  });
});

describe('firstFieldErrors', () => {
  it('keeps the first message of each field', () => {
    expect(firstFieldErrors({ iban: ['one', 'two'], cap: [] })).toEqual({ iban: 'one' });
  });
});
