import { profileFieldSchemas, registrationBodySchema } from '@bottega/contracts/profile';
import type { UseFormReturnType } from '@mantine/form';
import type { TFunction } from 'i18next';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { firstFieldErrors, identifiersCheckedOnBlur, validateWith } from './form-validation';

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

describe('validateWith on text no one types', () => {
  it('words a control character or a lone surrogate as the server does (textCharacters)', () => {
    const schema = z.object({ address: profileFieldSchemas.address, city: profileFieldSchemas.city });
    expect(validateWith(schema, { address: 'Via Roma\u00001', city: 'Pisa\ud800' }, t)).toEqual({
      address: 'validation:textCharacters',
      city: 'validation:textCharacters',
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

describe('identifiersCheckedOnBlur', () => {
  /** Just what the option touches of a Mantine form: its values and its errors. */
  function formWith(values: Record<string, string>) {
    const errors: Record<string, string> = { fiscalCode: 'an old message' };
    const form = {
      getValues: () => values,
      setFieldError: (path: string, message: string) => {
        errors[path] = message;
      },
      clearFieldError: (path: string) => {
        delete errors[path];
      },
    };
    return { errors, form: form as unknown as UseFormReturnType<Record<string, string>> };
  }
  const check = identifiersCheckedOnBlur((values: Record<string, string>) =>
    validateWith(registrationBodySchema, values, t),
  );
  const leave = (field: string, form: UseFormReturnType<Record<string, string>>) =>
    (check.enhanceGetInputProps({ field, form }) as { onBlur?: () => void }).onBlur?.();

  it('words a wrong identifier as the save would, the moment its field is left', () => {
    const { errors, form } = formWith({ fiscalCode: 'RSSMRA85T10A562T', iban: 'IT61X0542811101000000123456' });
    leave('iban', form);
    expect(errors.iban).toBe('validation:ibanChecksum');
    leave('fiscalCode', form);
    expect(errors.fiscalCode).toBe('validation:fiscalCodeCheck');
  });

  it('clears the message once the identifier is right, and leaves an empty field to the save', () => {
    const right = formWith({ fiscalCode: 'PRVLNE90A41F205K' });
    leave('fiscalCode', right.form);
    expect(right.errors.fiscalCode).toBeUndefined();
    const empty = formWith({ fiscalCode: '' });
    leave('fiscalCode', empty.form);
    expect(empty.errors.fiscalCode).toBeUndefined();
  });

  it('leaves the other fields to Mantine', () => {
    const { form } = formWith({ phone: '' });
    expect(check.enhanceGetInputProps({ field: 'phone', form })).toEqual({});
  });
});
