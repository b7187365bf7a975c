// What generating a month-end balance again does to the row already there (spec §6 balances generate/edit).

import type { BalanceSource } from '@bottega/contracts/balances';

type StoredFigures = { amountCents: number; computedCents: number; source: BalanceSource };

/**
 * The figures a stored balance takes when its month is generated again with `computedCents`, or null when nothing
 * changes. A generated row follows the computation; an edited one keeps the amount a person set (and their reason)
 * and only refreshes the computed figure beside it, so a correction is never silently overwritten.
 */
export function regeneratedBalance(
  stored: StoredFigures,
  computedCents: number,
): { amountCents: number; computedCents: number } | null {
  const amountCents = stored.source === 'edited' ? stored.amountCents : computedCents;
  if (amountCents === stored.amountCents && computedCents === stored.computedCents) return null;
  return { amountCents, computedCents };
}
