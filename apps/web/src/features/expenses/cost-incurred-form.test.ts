import type { CostIncurred } from '@bottega/contracts/expenses';
import type { TFunction } from 'i18next';
import { describe, expect, it } from 'vitest';
import { costBodyOf, costFormOf, costMaxCents, pickedCosts, validateCostForm } from './cost-incurred-form';

const t = ((key: string, params?: Record<string, unknown>) =>
  params ? `${key} ${JSON.stringify(params)}` : key) as unknown as TFunction;

function cost(values: Partial<CostIncurred> = {}): CostIncurred {
  return {
    id: 1,
    shopId: 1,
    shopCode: 'MI01',
    shopName: 'Milano Centro',
    date: '2026-11-20',
    amountCents: 2_500,
    comments: 'Detersivi',
    insertedBy: 'Marco Rossi',
    blocked: false,
    authorisation: {
      id: 3,
      description: 'Pulizie',
      maxAmountCents: 10_000,
      usedCents: 7_000,
      leftCents: 3_000,
      authorisedBy: 'Laura Bianchi',
    },
    report: { id: 8, status: 'closed' },
    attachments: [],
    convalidatedAt: null,
    convalidatedBy: null,
    ...values,
  };
}

describe('cost incurred form', () => {
  it('starts from the expense and sends cents', () => {
    expect(costFormOf(cost())).toEqual({ amount: '25,00', comments: 'Detersivi' });
    expect(costBodyOf({ amount: '1.234,5', comments: 'x' })).toEqual({ amountCents: 123_450, comments: 'x' });
  });

  it('allows what the authorisation leaves plus what the expense holds itself', () => {
    expect(costMaxCents(cost())).toBe(5_500);
    expect(validateCostForm({ amount: '55,00', comments: '' }, 5_500, t)).toEqual({});
    expect(validateCostForm({ amount: '55,01', comments: '' }, 5_500, t).amount).toContain(
      'errors:expenseOverAuthorisation',
    );
  });

  it('refuses an amount that is not one, a missing one and hostile comments', () => {
    expect(validateCostForm({ amount: 'dieci', comments: '' }, 5_500, t).amount).toBe('validation:invalid');
    expect(validateCostForm({ amount: '', comments: '' }, 5_500, t).amount).toBeDefined();
    expect(validateCostForm({ amount: '0', comments: '' }, 5_500, t).amount).toBeDefined();
    expect(validateCostForm({ amount: '1', comments: 'a\u0000b' }, 5_500, t).comments).toBeDefined();
  });

  it('sums the picked expenses still on the page', () => {
    const costs = [cost({ id: 1, amountCents: 100 }), cost({ id: 2, amountCents: 250 }), cost({ id: 3 })];
    const picked = pickedCosts(costs, [2, 1, 99]);
    expect(picked.costs.map((each) => each.id)).toEqual([1, 2]);
    expect(picked.amountCents).toBe(350);
  });
});
