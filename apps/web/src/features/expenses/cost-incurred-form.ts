// Accounting's correction of a cost incurred before convalidating it (spec §4, §6 costs incurred edit): the amount,
// within what its authorisation leaves for it, and the comments; checked as the server checks them again.
import { type CostIncurred, type CostIncurredBody, costIncurredBodySchema } from '@bottega/contracts/expenses';
import { formatMoney } from '@bottega/contracts/money';
import type { TFunction } from 'i18next';
import { validateWith } from '../../lib/form-validation';
import { parseMoney } from '../../lib/parse-money';
import { moneyInText } from '../../ui/money';

export type CostFormValues = { amount: string; comments: string };

export function costFormOf(cost: CostIncurred): CostFormValues {
  return { amount: formatMoney(cost.amountCents).replace('€ ', ''), comments: cost.comments };
}

/** What the expense may amount to: what its authorisation leaves, plus what it holds itself (it frees that). */
export function costMaxCents(cost: CostIncurred): number {
  return cost.authorisation.leftCents + cost.amountCents;
}

export function costBodyOf(values: CostFormValues): CostIncurredBody {
  return { amountCents: parseMoney(values.amount) as number, comments: values.comments };
}

export function validateCostForm(values: CostFormValues, maxCents: number, t: TFunction): Record<string, string> {
  const errors = validateWith(costIncurredBodySchema, costBodyOf(values), t);
  const mapped: Record<string, string> = {};
  const amountCents = parseMoney(values.amount);
  if (Number.isNaN(amountCents)) mapped.amount = t('validation:invalid');
  else if (errors.amountCents) mapped.amount = errors.amountCents;
  else if ((amountCents ?? 0) > maxCents) {
    mapped.amount = t('errors:expenseOverAuthorisation', { left: moneyInText(maxCents) });
  }
  if (errors.comments) mapped.comments = errors.comments;
  return mapped;
}

/** The picked expenses still on the page, and their sum: what the confirmation names. */
export function pickedCosts(costs: CostIncurred[], ids: number[]): { costs: CostIncurred[]; amountCents: number } {
  const picked = costs.filter((cost) => ids.includes(cost.id));
  return { costs: picked, amountCents: picked.reduce((sum, cost) => sum + cost.amountCents, 0) };
}
