import type { LogisticsFileSummary, LogisticsSide } from '@bottega/contracts/logistics';

/** The kinds that reach or leave a shop, the only ones a shop's archive holds. */
export const shopNoteKinds = ['pickingFile', 'shopOutFile'] as const;

/** In: the shop is the recipient; out: the sender (a shop-out file between two shops is in for one, out for the other). */
export function directionOf(note: Pick<LogisticsFileSummary, 'to'>, shopId: number | null): 'in' | 'out' {
  return note.to.type === 'shop' && note.to.id === shopId ? 'in' : 'out';
}

/** The other side of the note, from the shop's point of view. */
export function counterpartOf(note: Pick<LogisticsFileSummary, 'from' | 'to'>, shopId: number | null): LogisticsSide {
  return directionOf(note, shopId) === 'in' ? note.from : note.to;
}
