// The correction of a month-end balance as typed and the body the server takes: an amount in euro (it may be negative)
// and the reason, required; checked with the contracts' schema before anything is sent.
import { type BalanceEditBody, balanceEditBodySchema } from '@bottega/contracts/balances';
import { formatMoney } from '@bottega/contracts/money';
import type { TFunction } from 'i18next';
import { validateWith } from '../../lib/form-validation';
import { parseMoney } from '../../lib/parse-money';

export type BalanceEditValues = {
  /** Euro as typed (1.250,00). */
  amount: string;
  reason: string;
};

/** The form opens on the amount that stands, without the euro sign (the field shows it), and an empty reason. */
export function balanceEditFormOf(amountCents: number): BalanceEditValues {
  return { amount: formatMoney(amountCents).replace('€', '').replace(/\s/g, ''), reason: '' };
}

export function balanceEditBodyOf(values: BalanceEditValues): BalanceEditBody {
  const amount = parseMoney(values.amount);
  return { amountCents: amount === null ? (undefined as unknown as number) : amount, reason: values.reason };
}

/** Field → message, named as the form's fields: the amount's message sits on what was typed. */
export function validateBalanceEdit(values: BalanceEditValues, t: TFunction): Record<string, string> {
  const { amountCents, ...errors } = validateWith(balanceEditBodySchema, balanceEditBodyOf(values), t);
  return amountCents ? { ...errors, amount: amountCents } : errors;
}
