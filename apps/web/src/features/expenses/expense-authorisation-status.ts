// Where an authorisation stands on a day, for the management list: revoked, not valid yet, expired, used up
// to its maximum, or usable. The server decides what may be entered; this only labels the rows.
import type { ExpenseAuthorisation } from '@bottega/contracts/expenses';

export const expenseAuthorisationStatuses = ['active', 'upcoming', 'expired', 'usedUp', 'revoked'] as const;
export type ExpenseAuthorisationStatus = (typeof expenseAuthorisationStatuses)[number];

export function expenseAuthorisationStatus(
  authorisation: Pick<ExpenseAuthorisation, 'revokedAt' | 'validFrom' | 'validTo' | 'maxAmountCents' | 'usedCents'>,
  today: string,
): ExpenseAuthorisationStatus {
  if (authorisation.revokedAt) return 'revoked';
  if (today < authorisation.validFrom) return 'upcoming';
  if (today > authorisation.validTo) return 'expired';
  if (authorisation.usedCents >= authorisation.maxAmountCents) return 'usedUp';
  return 'active';
}

/** What is left to spend, never below zero. */
export function expenseAuthorisationLeft(authorisation: Pick<ExpenseAuthorisation, 'maxAmountCents' | 'usedCents'>) {
  return Math.max(0, authorisation.maxAmountCents - authorisation.usedCents);
}
