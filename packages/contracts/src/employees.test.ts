import { describe, expect, it } from 'vitest';
import { employeeCreateBodySchema, employeeUpdateBodySchema } from './employees';

const valid = {
  name: ' Andrea ',
  surname: 'Ricci',
  matricola: '',
  username: 'aricci',
  email: ' andrea.ricci@bottega.example ',
  depositCardNumber: '',
  shopId: 1,
  shopIds: [1],
  groupIds: [2],
  phone: '',
  fiscalCode: 'rccndr 87r03 a944x',
  engagementDate: null,
  birthday: '1987-10-03',
  identityCardNumber: '',
  address: '',
  city: '',
  cap: '',
  iban: '',
  bic: '',
  bankName: '',
  useFingerprint: false,
};

/** Field → the message keys of its issues. */
function issues(result: { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } }) {
  const found: Record<string, string[]> = {};
  for (const issue of result.error?.issues ?? []) {
    const field = issue.path.join('.');
    found[field] = [...(found[field] ?? []), issue.message];
  }
  return found;
}

describe('employeeCreateBodySchema', () => {
  it('trims, normalizes the identifiers and lets optional ones be blank', () => {
    const parsed = employeeCreateBodySchema.parse(valid);
    expect(parsed).toMatchObject({
      name: 'Andrea',
      email: 'andrea.ricci@bottega.example',
      fiscalCode: 'RCCNDR87R03A944X',
    });
    expect(parsed.iban).toBe('');
    expect(parsed.cap).toBe('');
  });

  it('reports a fiscal code that disagrees with the birthday on the fiscal code', () => {
    const result = employeeCreateBodySchema.safeParse({ ...valid, birthday: '1987-10-04' });
    expect(issues(result)).toEqual({ fiscalCode: ['fiscalCodeBirthday'] });
  });

  it('takes no password: the new employee chooses their own through the invitation', () => {
    const parsed = employeeCreateBodySchema.parse({ ...valid, password: 'segreta2026', passwordConfirmation: 'x' });
    expect(parsed).not.toHaveProperty('password');
    expect(parsed).not.toHaveProperty('passwordConfirmation');
  });

  it('keeps the rule and reason of a bad IBAN, BIC or CAP, and refuses a username with spaces', () => {
    const result = employeeCreateBodySchema.safeParse({
      ...valid,
      iban: 'IT48X0503403200000000987655',
      bic: 'XX',
      cap: '123',
      username: 'andrea ricci',
    });
    expect(result.success).toBe(false);
    const byField = Object.fromEntries((result.error?.issues ?? []).map((issue) => [issue.path.join('.'), issue]));
    expect(byField.iban).toMatchObject({ params: { rule: 'iban', reason: 'checksum' } });
    expect(byField.bic).toMatchObject({ params: { rule: 'bic' } });
    expect(byField.cap).toMatchObject({ params: { rule: 'cap' } });
    expect(byField.username?.code).toBe('invalid_format');
  });
});

describe('employeeUpdateBodySchema', () => {
  it('leaves shops and groups out when they do not change, and never carries a password', () => {
    const { shopId, shopIds, groupIds, ...rest } = valid;
    expect(employeeUpdateBodySchema.safeParse(rest).success).toBe(true);
    expect(employeeUpdateBodySchema.parse({ ...rest, password: 'nuovapass1' })).not.toHaveProperty('password');
  });
});
