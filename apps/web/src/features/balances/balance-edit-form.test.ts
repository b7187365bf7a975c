import type { TFunction } from 'i18next';
import { describe, expect, it } from 'vitest';
import { balanceEditBodyOf, balanceEditFormOf, validateBalanceEdit } from './balance-edit-form';

const t = ((key: string) => key) as unknown as TFunction;

describe('correcting a month-end balance', () => {
  it('opens on the amount that stands, negative ones too, with no reason', () => {
    expect(balanceEditFormOf(125_050)).toEqual({ amount: '1.250,50', reason: '' });
    expect(balanceEditBodyOf(balanceEditFormOf(-1_234))).toEqual({ amountCents: -1_234, reason: '' });
  });

  it('needs a reason and an amount, and names each wrong field', () => {
    const values = { amount: '1.250,50', reason: 'Conteggio in cassaforte' };
    expect(balanceEditBodyOf(values)).toEqual({ amountCents: 125_050, reason: 'Conteggio in cassaforte' });
    expect(validateBalanceEdit(values, t)).toEqual({});
    expect(validateBalanceEdit({ ...values, reason: '  ' }, t)).toEqual({ reason: 'validation:required' });
    expect(validateBalanceEdit({ ...values, amount: '' }, t)).toEqual({ amount: 'validation:required' });
    expect(validateBalanceEdit({ ...values, amount: 'mille' }, t)).toEqual({ amount: 'validation:invalid' });
    expect(validateBalanceEdit({ ...values, reason: 'r'.repeat(501) }, t)).toEqual({ reason: 'validation:maxLength' });
  });
});
