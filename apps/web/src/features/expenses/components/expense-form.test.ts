import type { Expense, ExpenseAuthorisation } from '@bottega/contracts/expenses';
import type { TFunction } from 'i18next';
import { describe, expect, it } from 'vitest';
import {
  emptyExpenseAuthorisationForm,
  expenseAuthorisationBodyOf,
  expenseAuthorisationChoices,
  expenseBodyOf,
  expenseFormErrorsOf,
  expenseFormOf,
  validateExpenseAuthorisationForm,
  validateExpenseForm,
} from './expense-form';

const t = ((key: string, params?: Record<string, unknown>) =>
  params ? `${key} ${JSON.stringify(params)}` : key) as unknown as TFunction;

function authorisation(values: Partial<ExpenseAuthorisation>): ExpenseAuthorisation {
  return {
    id: 1,
    shopId: 1,
    description: 'Pulizie',
    maxAmountCents: 10_000,
    usedCents: 0,
    validFrom: '2026-11-01',
    validTo: '2026-11-30',
    authorisedBy: 'Admin',
    createdAt: '2026-11-01T08:00:00Z',
    revokedAt: null,
    ...values,
  };
}

const expense: Expense = {
  id: 9,
  reportId: 4,
  shopId: 1,
  authorisationId: 1,
  authorisation: 'Pulizie',
  amountCents: 2_500,
  comments: 'Detersivi',
  date: '2026-11-22',
  insertedBy: 'Dipendente',
  blocked: false,
  convalidatedAt: null,
  createdAt: '2026-11-22T18:00:00Z',
};

describe('the authorisations an expense may use', () => {
  it('offers what is left of each one, and hides those with nothing left', () => {
    const choices = expenseAuthorisationChoices(
      [authorisation({ usedCents: 4_000 }), authorisation({ id: 2, description: 'Cancelleria', usedCents: 10_000 })],
      null,
    );
    expect(choices).toEqual([{ id: 1, description: 'Pulizie', validTo: '2026-11-30', leftCents: 6_000 }]);
  });

  it('gives back its own amount to the expense being changed', () => {
    const choices = expenseAuthorisationChoices([authorisation({ usedCents: 10_000 })], expense);
    expect(choices).toEqual([{ id: 1, description: 'Pulizie', validTo: '2026-11-30', leftCents: 2_500 }]);
  });

  it('keeps the authorisation of the expense being changed when the server no longer lists it', () => {
    expect(expenseAuthorisationChoices([], expense)).toEqual([
      { id: 1, description: 'Pulizie', validTo: '2026-11-22', leftCents: 2_500 },
    ]);
  });
});

describe('the expense form', () => {
  const choices = [{ id: 1, description: 'Pulizie', validTo: '2026-11-30', leftCents: 6_000 }];

  it('reads euro as typed into cents', () => {
    expect(expenseBodyOf({ authorisationId: '1', amount: '12,50', comments: ' x ' })).toEqual({
      authorisationId: 1,
      amountCents: 1250,
      comments: ' x ',
    });
    expect(expenseFormOf(expense)).toEqual({ authorisationId: '1', amount: '25,00', comments: 'Detersivi' });
    expect(expenseFormOf(null)).toEqual({ authorisationId: '', amount: '', comments: '' });
  });

  it('asks for an authorisation and an amount', () => {
    expect(validateExpenseForm({ authorisationId: '', amount: '', comments: '' }, choices, t)).toEqual({
      authorisationId: 'validation:required',
      amount: 'validation:required',
    });
    expect(validateExpenseForm({ authorisationId: '1', amount: 'dodici', comments: '' }, choices, t)).toEqual({
      amount: 'validation:invalid',
    });
    expect(validateExpenseForm({ authorisationId: '1', amount: '0', comments: '' }, choices, t)).toEqual({
      amount: 'validation:min {"min":1}',
    });
  });

  it('refuses more than is left of the authorisation, saying how much is', () => {
    expect(validateExpenseForm({ authorisationId: '1', amount: '60,01', comments: '' }, choices, t)).toEqual({
      amount: 'errors:expenseOverAuthorisation {"left":"\u2066€ 60,00\u2069"}',
    });
    expect(validateExpenseForm({ authorisationId: '1', amount: '60', comments: '' }, choices, t)).toEqual({});
  });

  it('puts the server’s amount error on the amount typed', () => {
    expect(expenseFormErrorsOf({ amountCents: 'too much', comments: 'long' })).toEqual({
      amount: 'too much',
      comments: 'long',
    });
  });
});

describe('the new authorisation form', () => {
  it('starts on today and checks the dates’ order and the amount', () => {
    const values = emptyExpenseAuthorisationForm('2026-11-22');
    expect(values).toEqual({ description: '', maxAmount: '', validFrom: '2026-11-22', validTo: '2026-11-22' });
    expect(
      validateExpenseAuthorisationForm(
        { description: 'Pulizie', maxAmount: '150', validFrom: '2026-11-22', validTo: '2026-11-21' },
        t,
      ),
    ).toEqual({ validTo: 'validation:dateRange' });
    expect(validateExpenseAuthorisationForm({ ...values, description: 'Pulizie', maxAmount: '1,234' }, t)).toEqual({
      maxAmount: 'validation:invalid',
    });
    expect(validateExpenseAuthorisationForm(values, t)).toEqual({
      description: 'validation:required',
      maxAmount: 'validation:required',
    });
    expect(
      expenseAuthorisationBodyOf({
        description: 'Pulizie',
        maxAmount: '1.500,00',
        validFrom: '2026-11-22',
        validTo: '2026-11-30',
      }),
    ).toEqual({ description: 'Pulizie', maxAmountCents: 150_000, validFrom: '2026-11-22', validTo: '2026-11-30' });
  });
});
