import type { Deposit } from '@bottega/contracts/deposits';
import type { TFunction } from 'i18next';
import { describe, expect, it } from 'vitest';
import { depositBodyOf, depositFormOf, depositFormReady, validateDepositForm } from './deposit-form';

const t = ((key: string) => key) as unknown as TFunction;

describe('the deposit form', () => {
  it('starts on the session’s shop and today, with nobody chosen: not ready until shop and carrier are (§5)', () => {
    const values = depositFormOf(null, { shopId: 4, today: '2026-11-26' });
    expect(values).toEqual({ shopId: '4', carriedBy: '', date: '2026-11-26', amount: '', comments: '' });
    expect(depositFormReady(values)).toBe(false);
    expect(depositFormReady({ ...values, carriedBy: '9' })).toBe(true);
    expect(depositFormReady({ ...values, shopId: '', carriedBy: '9' })).toBe(false);
  });

  it('reads the typed euro as cents and names each wrong field', () => {
    const values = { shopId: '4', carriedBy: '9', date: '2026-11-25', amount: '1.250,50', comments: '' };
    expect(depositBodyOf(values)).toEqual({
      shopId: 4,
      carriedBy: 9,
      date: '2026-11-25',
      amountCents: 125_050,
      comments: '',
    });
    expect(validateDepositForm(values, t)).toEqual({});
    expect(validateDepositForm({ ...values, amount: '' }, t)).toEqual({ amount: 'validation:required' });
    expect(validateDepositForm({ ...values, amount: 'mille' }, t)).toEqual({ amount: 'validation:invalid' });
    expect(validateDepositForm({ ...values, amount: '0' }, t)).toEqual({ amount: 'validation:min' });
    expect(validateDepositForm({ ...values, carriedBy: '' }, t)).toEqual({ carriedBy: 'validation:required' });
    expect(validateDepositForm({ ...values, date: '' }, t)).toEqual({ date: 'validation:date' });
  });

  it('fills in a deposit to correct', () => {
    const deposit = {
      id: 1,
      shopId: 4,
      date: '2026-11-20',
      amountCents: 98_765,
      carriedBy: { id: 9, name: 'Giulia Verdi' },
      comments: 'busta 3',
    } as Deposit;
    expect(depositFormOf(deposit, { shopId: null, today: '2026-11-26' })).toEqual({
      shopId: '4',
      carriedBy: '9',
      date: '2026-11-20',
      amount: '987,65',
      comments: 'busta 3',
    });
  });
});
