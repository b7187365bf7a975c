// Bank statements as files a shop downloads from its bank's home banking and uploads here: ISO 20022 CAMT.053 (XML,
// what every bank offers today) and the Italian CBI "Rendicontazione movimenti di conto corrente" flat file (record
// "RH", what Italian corporate banking still exports). Both are read into one model, checked to add up, or refused
// as a whole with the reason, so a half-read statement never reaches the accounts.

import { type BankStatement, BankStatementError, maximumStatementBytes } from './bank-statement-model';
import { parseCamt053 } from './camt053';
import { parseCbiMovements } from './cbi';

export {
  type BankStatement,
  type BankStatementEntry,
  BankStatementError,
  type BankStatementProblem,
} from './bank-statement-model';

const utf8Bom = [0xef, 0xbb, 0xbf];

function startsWith(bytes: Uint8Array, prefix: readonly number[], at = 0): boolean {
  return prefix.every((byte, index) => bytes[at + index] === byte);
}

/** Which parser a file is for, from its first bytes: a CBI flow opens with " RH", an XML document with "<". */
function detectFormat(bytes: Uint8Array): 'camt053' | 'cbi' | undefined {
  const start = startsWith(bytes, utf8Bom) ? utf8Bom.length : 0;
  if (startsWith(bytes, [0x20, 0x52, 0x48], start)) return 'cbi';
  let index = start;
  while (index < bytes.length && [0x20, 0x09, 0x0d, 0x0a].includes(bytes[index] ?? 0)) index += 1;
  return bytes[index] === 0x3c ? 'camt053' : undefined;
}

/**
 * Reads a bank statement file (CAMT.053 or CBI RH, detected from its content) into its statements. Throws
 * BankStatementError when the file is not one, is hostile or too large, has a malformed record, or when any of its
 * statements does not add up: opening balance + the sum of its booked entries must be its closing balance.
 */
export function parseBankStatement(bytes: Uint8Array): BankStatement[] {
  if (bytes.length > maximumStatementBytes) throw new BankStatementError({ kind: 'tooLarge' });
  // UTF-16 and UTF-32 (with a byte order mark or without, where every ASCII character carries a NUL) are not what
  // either format is written in; a NUL byte is not text in any of them.
  if (startsWith(bytes, [0xff, 0xfe]) || startsWith(bytes, [0xfe, 0xff]) || bytes.includes(0))
    throw new BankStatementError({ kind: 'encoding' });
  const format = detectFormat(bytes);
  if (!format) throw new BankStatementError({ kind: 'unreadable' });
  const statements = format === 'camt053' ? parseCamt053(bytes) : parseCbiMovements(bytes);
  for (const statement of statements) {
    const movementsCents = statement.entries.reduce((sum, entry) => sum + entry.amountCents, 0);
    if (statement.openingCents + movementsCents !== statement.closingCents)
      throw new BankStatementError({
        kind: 'unbalanced',
        statementId: statement.statementId,
        openingCents: statement.openingCents,
        movementsCents,
        closingCents: statement.closingCents,
      });
  }
  return statements;
}
