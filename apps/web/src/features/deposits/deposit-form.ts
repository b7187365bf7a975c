// The deposit form's values as typed and the body the server takes (spec §3 Deposit, §5 "editing a deposit requires a
// shop and an employee to be selected first"): checked with the contracts' schema before anything is sent.
import { type Deposit, type DepositBody, depositBodySchema } from '@bottega/contracts/deposits';
import { formatMoney } from '@bottega/contracts/money';
import type { TFunction } from 'i18next';
import { validateWith } from '../../lib/form-validation';
import { parseMoney } from '../../lib/parse-money';

export type DepositFormValues = {
  /** Ids as the selects keep them; empty while none is chosen. */
  shopId: string;
  carriedBy: string;
  date: string;
  /** Euro as typed (1.250,00). */
  amount: string;
  comments: string;
};

export function depositFormOf(deposit: Deposit | null, defaults: { shopId: number | null; today: string }) {
  if (!deposit) {
    return {
      shopId: defaults.shopId ? String(defaults.shopId) : '',
      carriedBy: '',
      date: defaults.today,
      amount: '',
      comments: '',
    };
  }
  return {
    shopId: String(deposit.shopId),
    carriedBy: deposit.carriedBy ? String(deposit.carriedBy.id) : '',
    date: deposit.date,
    amount: formatMoney(deposit.amountCents).replace(/^€\s/, ''),
    comments: deposit.comments,
  };
}

/** The shop and the carrier are chosen: only then can the deposit be saved (§5). */
export function depositFormReady(values: DepositFormValues): boolean {
  return values.shopId !== '' && values.carriedBy !== '';
}

export function depositBodyOf(values: DepositFormValues): DepositBody {
  const amount = parseMoney(values.amount);
  return {
    shopId: values.shopId === '' ? (undefined as unknown as number) : Number(values.shopId),
    carriedBy: values.carriedBy === '' ? (undefined as unknown as number) : Number(values.carriedBy),
    date: values.date,
    amountCents: amount === null ? (undefined as unknown as number) : amount,
    comments: values.comments,
  };
}

/** Field → message, named as the form's fields: the amount's message sits on what was typed. */
export function validateDepositForm(values: DepositFormValues, t: TFunction): Record<string, string> {
  const { amountCents, ...errors } = validateWith(depositBodySchema, depositBodyOf(values), t);
  return amountCents ? { ...errors, amount: amountCents } : errors;
}

/** The server's field errors on the form's fields. */
export function depositFormErrorsOf(errors: Record<string, string>): Record<string, string> {
  const { amountCents, ...rest } = errors;
  return amountCents ? { ...rest, amount: amountCents } : rest;
}
