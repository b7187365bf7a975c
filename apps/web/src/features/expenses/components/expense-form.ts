// The expense form of a cash report and the authorisations it may use (spec §3 Authorised expense, §5 costs
// must be authorised by management before entry): what is left of each, and the checks the server makes
// again, worded the same way before anything is sent.
import {
  type Expense,
  type ExpenseAuthorisation,
  type ExpenseAuthorisationBody,
  type ExpenseBody,
  expenseAuthorisationBodySchema,
  expenseBodySchema,
} from '@bottega/contracts/expenses';
import { formatMoney } from '@bottega/contracts/money';
import type { TFunction } from 'i18next';
import { validateWith } from '../../../lib/form-validation';
import { parseMoney } from '../../../lib/parse-money';
import { moneyInText } from '../../../ui/money';

export type ExpenseFormValues = {
  /** The authorisation's id as the select keeps it; empty while none is chosen. */
  authorisationId: string;
  /** Euro as typed (12,50). */
  amount: string;
  comments: string;
};

/** An authorisation the expense may go on, with what is left of it for this expense. */
export type ExpenseAuthorisationChoice = { id: number; description: string; validTo: string; leftCents: number };

export function expenseFormOf(expense: Expense | null): ExpenseFormValues {
  if (!expense) return { authorisationId: '', amount: '', comments: '' };
  return {
    authorisationId: String(expense.authorisationId),
    amount: formatMoney(expense.amountCents).replace('€ ', ''),
    comments: expense.comments,
  };
}

/**
 * What the expense may use of each authorisation usable on the day: the maximum less what was entered, plus
 * the expense's own amount when it is being changed (it frees what it held). The expense's authorisation is
 * kept even when the server no longer lists it (used up by this very expense).
 */
export function expenseAuthorisationChoices(
  usable: ExpenseAuthorisation[],
  editing: Expense | null,
): ExpenseAuthorisationChoice[] {
  const choices = usable.map((authorisation) => ({
    id: authorisation.id,
    description: authorisation.description,
    validTo: authorisation.validTo,
    leftCents:
      authorisation.maxAmountCents -
      authorisation.usedCents +
      (editing && editing.authorisationId === authorisation.id ? editing.amountCents : 0),
  }));
  if (editing && !choices.some((choice) => choice.id === editing.authorisationId)) {
    choices.push({
      id: editing.authorisationId,
      description: editing.authorisation,
      validTo: editing.date,
      leftCents: editing.amountCents,
    });
  }
  return choices.filter((choice) => choice.leftCents > 0);
}

export function expenseBodyOf(values: ExpenseFormValues): ExpenseBody {
  const amount = parseMoney(values.amount);
  return {
    authorisationId: values.authorisationId === '' ? (null as unknown as number) : Number(values.authorisationId),
    amountCents: amount as number,
    comments: values.comments,
  };
}

/** A typed amount that is not one (a word, three decimals) is invalid, not missing. */
function moneyError(typed: string, t: TFunction): string | null {
  return Number.isNaN(parseMoney(typed)) ? t('validation:invalid') : null;
}

/** The contract's checks, then the one the server makes on what is left of the chosen authorisation. */
export function validateExpenseForm(
  values: ExpenseFormValues,
  choices: ExpenseAuthorisationChoice[],
  t: TFunction,
): Record<string, string> {
  const body = expenseBodyOf(values);
  const errors = validateWith(expenseBodySchema, body, t);
  const amountError = moneyError(values.amount, t) ?? errors.amountCents;
  const mapped: Record<string, string> = {};
  if (errors.authorisationId) mapped.authorisationId = errors.authorisationId;
  if (amountError) mapped.amount = amountError;
  if (errors.comments) mapped.comments = errors.comments;
  const chosen = choices.find((choice) => choice.id === body.authorisationId);
  if (!mapped.amount && chosen && body.amountCents > chosen.leftCents) {
    mapped.amount = t('errors:expenseOverAuthorisation', { left: moneyInText(chosen.leftCents) });
  }
  return mapped;
}

/** The server's field errors under the form's names (amountCents is typed in `amount`). */
export function expenseFormErrorsOf(fieldErrors: Record<string, string>): Record<string, string> {
  const { amountCents, ...rest } = fieldErrors;
  return amountCents ? { ...rest, amount: amountCents } : rest;
}

// ——— A new authorisation (management) ———

export type ExpenseAuthorisationFormValues = {
  description: string;
  /** Euro as typed. */
  maxAmount: string;
  validFrom: string;
  validTo: string;
};

export function emptyExpenseAuthorisationForm(today: string): ExpenseAuthorisationFormValues {
  return { description: '', maxAmount: '', validFrom: today, validTo: today };
}

export function expenseAuthorisationBodyOf(values: ExpenseAuthorisationFormValues): ExpenseAuthorisationBody {
  return {
    description: values.description,
    maxAmountCents: parseMoney(values.maxAmount) as number,
    validFrom: values.validFrom,
    validTo: values.validTo,
  };
}

/** Field → message under the form's names (the maximum is typed in `maxAmount`). */
export function expenseAuthorisationFormErrorsOf(errors: Record<string, string>): Record<string, string> {
  const { maxAmountCents, ...rest } = errors;
  return maxAmountCents ? { ...rest, maxAmount: maxAmountCents } : rest;
}

export function validateExpenseAuthorisationForm(
  values: ExpenseAuthorisationFormValues,
  t: TFunction,
): Record<string, string> {
  const errors = expenseAuthorisationFormErrorsOf(
    validateWith(expenseAuthorisationBodySchema, expenseAuthorisationBodyOf(values), t),
  );
  const amountError = moneyError(values.maxAmount, t);
  return amountError ? { ...errors, maxAmount: amountError } : errors;
}
