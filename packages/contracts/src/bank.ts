// Bank statements (issue 21, spec §6 Shops › bank › upload, §8 bank transmission errors): the files accounting
// uploads, the lines read from them and how each credit was matched to the shops' deposits.

export const bankUploadStates = ['processing', 'imported', 'failed'] as const;
export type BankUploadState = (typeof bankUploadStates)[number];

/** Why a file was refused, as the parser said (kind, and the line and field or the sums where it has them). */
export type BankUploadFailure =
  | { kind: 'unreadable' | 'doctype' | 'encoding' | 'tooLarge' | 'gaveUp' }
  | { kind: 'field'; line: number; field: string }
  | { kind: 'unbalanced'; statementId: string; openingCents: number; movementsCents: number; closingCents: number };

/**
 * Spec §8 bank transmission errors: what a line can fail with when its accounting entry is built (the account of no
 * shop, the day with no closed report, credits and deposits that do not sum, a shop deposited more cash than it
 * had) or when its text names a deposit card nobody has.
 */
export const bankLineProblems = [
  'masterDocument',
  'firstNote',
  'movements',
  'progressiveDebitCredit',
  'depositCardNotFound',
] as const;
export type BankLineProblem = (typeof bankLineProblems)[number];
