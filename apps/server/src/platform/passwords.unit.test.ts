import { dictionary } from '@zxcvbn-ts/language-common';
import { describe, expect, it } from 'vitest';
import { AppError } from './errors';
import { assertAcceptablePassword, type PasswordOwner, passwordWeakness } from './passwords';

const owner: PasswordOwner = {
  username: 'noshifts',
  name: 'Maria Grazia',
  surname: 'Lucà',
  email: 'm.esposito@bottega.example',
};

describe('the new-password policy', () => {
  it('draws on a common-password list of at least 10,000 entries', () => {
    expect(dictionary['passwords-common'].length).toBeGreaterThanOrEqual(10_000);
  });

  it('refuses common passwords, whatever their case, and the public demo password', async () => {
    for (const password of ['12345678', 'password', 'PASSWORD', 'Password1', 'qwerty123', 'iloveyou', 'bottega2026']) {
      expect(await passwordWeakness(password, owner), password).toBe('passwordTooCommon');
    }
  });

  it('refuses the username, either name, the surname or the email local part inside it (3+ characters)', async () => {
    for (const password of [
      'noshifts1',
      'xNoShifts!',
      'maria-2031-x',
      'grazia#77wq',
      'xx-luca-9981',
      'zz LUCÀ 44',
      'my m.esposito key',
      'esposito!8812',
    ]) {
      expect(await passwordWeakness(password, owner), password).toBe('passwordContainsPersonalData');
    }
  });

  it('accepts a password that is neither common nor personal, short name parts included', async () => {
    const shortNames: PasswordOwner = { username: 'al', name: 'Al', surname: 'De', email: null };
    expect(await passwordWeakness('vialedelsole-74', shortNames)).toBeNull();
    // The username counts whole: people pick it as one word.
    const dotted: PasswordOwner = { username: 'e2e.tester', name: 'Mario', surname: 'Rossi', email: null };
    expect(await passwordWeakness('Bottega-e2e-2', dotted)).toBeNull();
    for (const password of ['Trenino-Rosso-42', 'nuova-password-2026', 'correct horse battery staple']) {
      expect(await passwordWeakness(password, owner), password).toBeNull();
    }
  });

  it('throws 422 with its own code and the reason on the password field', async () => {
    const refusal = await assertAcceptablePassword('password', owner).catch((error: unknown) => error);
    expect(refusal).toBeInstanceOf(AppError);
    expect(refusal).toMatchObject({
      code: 'passwordTooCommon',
      status: 422,
      fieldErrors: { password: [{ rule: 'passwordTooCommon' }] },
    });
    await expect(assertAcceptablePassword('Trenino-Rosso-42', owner)).resolves.toBeUndefined();
  });
});
