// The statement model both formats are read into, and why a file was refused. Kept apart from bank-statement.ts so
// the format parsers can use them without importing the module that imports them; bank-statement.ts re-exports them.

export type BankStatementProblem =
  /** Neither a CAMT.053 XML nor a CBI "RH" flat file. */
  | { kind: 'unreadable' }
  /** XML declaring a DOCTYPE or entities: refused before any parser runs. */
  | { kind: 'doctype' }
  /** Not valid UTF-8 (CAMT), not printable ASCII/Latin-1 (CBI), UTF-16, or control characters such as NUL. */
  | { kind: 'encoding' }
  /** More than 20 MiB, or more than 100,000 entries. */
  | { kind: 'tooLarge' }
  /** A record or element missing or malformed: the 1-based line where it is (or where it was expected) and which. */
  | { kind: 'field'; line: number; field: string }
  /** A statement whose opening balance plus its entries is not its closing balance. */
  | { kind: 'unbalanced'; statementId: string; openingCents: number; movementsCents: number; closingCents: number };

function describe(problem: BankStatementProblem): string {
  switch (problem.kind) {
    case 'unreadable':
      return 'Not a CAMT.053 or CBI bank statement';
    case 'doctype':
      return 'The XML declares a DOCTYPE or entities';
    case 'encoding':
      return 'The file is not text in the format’s encoding';
    case 'tooLarge':
      return 'The file is too large';
    case 'field':
      return `Line ${problem.line}: missing or malformed ${problem.field}`;
    case 'unbalanced':
      return `Statement ${problem.statementId} does not add up: ${problem.openingCents} + ${problem.movementsCents} ≠ ${problem.closingCents}`;
  }
}

export class BankStatementError extends Error {
  constructor(readonly problem: BankStatementProblem) {
    super(describe(problem));
    this.name = 'BankStatementError';
  }
}

/** Limits on what one upload may hold: a year of a busy shop's account is far below both. */
export const maximumStatementBytes = 20 * 1024 * 1024;
export const maximumStatementEntries = 100_000;

export type BankStatementEntry = {
  /** 1-based line in the file where the entry starts (the `<Ntry>` tag, the CBI 62 record). */
  line: number;
  /** The bank's own entry reference (CAMT AcctSvcrRef, else NtryRef; CBI 62 "riferimento banca") when given. */
  bankReference: string | null;
  /** YYYY-MM-DD */
  bookingDate: string;
  valueDate: string | null;
  /** Integer cents, positive = credit, negative = debit. */
  amountCents: number;
  /** Remittance text: CAMT Ustrd, Strd creditor references, AddtlNtryInf, AddtlTxInf; CBI 62 description + 63 records. */
  description: string;
  counterparty: string | null;
};

export type BankStatement = {
  format: 'camt053' | 'cbi';
  statementId: string;
  /** The IBAN, or for a CBI file without IBAN check digits ABI + CAB + account number (22 characters). */
  account: string;
  currency: string;
  openingDate: string;
  closingDate: string;
  openingCents: number;
  closingCents: number;
  entries: BankStatementEntry[];
};
