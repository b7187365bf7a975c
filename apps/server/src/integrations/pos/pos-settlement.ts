// The acquirer's POS settlement file: one CSV row per card transaction of the shops' terminals, which accounting
// downloads from the acquirer's portal and uploads to compare the money settled with what the shops reported.
// The portal's export has changed over time (Italian or English headers, `;` or `,`, Italian or English numbers
// and dates), so the reader accepts every variant it has produced, and refuses the whole file at the first row it
// cannot read: a settlement read in part would make every day after the bad row look short.

import { posUploadMaxBytes } from '@bottega/contracts/pos';
import { type CsvFileRecord, CsvFileUnreadable, readCsvFile } from '../../platform/csv-file';

export type PosSettlementState = 'accepted' | 'refused' | 'reversed';

export type PosSettlementRow = {
  /** The row's line in the file (the header is line 1), for the person fixing the file. */
  line: number;
  date: string;
  merchantCode: string;
  terminal: string;
  cardType: string;
  amountCents: number;
  state: PosSettlementState;
  authorisationCode: string;
};

/**
 * Why a file is refused: not a CSV at all (or broken quoting), not UTF-8 text, over the limits, a header missing
 * columns (named by their field names), or the first row with a value that cannot be read (line and field name).
 */
export type PosSettlementProblem =
  | { kind: 'unreadable' }
  | { kind: 'encoding' }
  | { kind: 'tooLarge' }
  | { kind: 'header'; missing: string[] }
  | { kind: 'field'; line: number; field: string };

export class PosSettlementError extends Error {
  constructor(readonly problem: PosSettlementProblem) {
    super(describeProblem(problem));
    this.name = 'PosSettlementError';
  }
}

function describeProblem(problem: PosSettlementProblem): string {
  switch (problem.kind) {
    case 'unreadable':
      return 'Not a readable settlement CSV';
    case 'encoding':
      return 'The file is not UTF-8 text';
    case 'tooLarge':
      return 'The file is over the size or row limit';
    case 'header':
      return `The header lacks the columns ${problem.missing.join(', ')}`;
    case 'field':
      return `Unreadable ${problem.field} at line ${problem.line}`;
  }
}

/** A month of every shop's terminals is a few thousand rows; the limits only stop a wrong or hostile upload. */
export const posSettlementMaximumBytes = posUploadMaxBytes;
export const posSettlementMaximumRows = 200_000;
/** Codes and card types are short; a longer value is a shifted column or garbage, not data. */
export const posSettlementMaximumTextLength = 100;

type TextField = 'merchantCode' | 'terminal' | 'cardType' | 'authorisationCode';
type Field = 'date' | TextField | 'amountCents' | 'state';

/** The header names the portal has used, lower case with single spaces (underscores and dashes read as spaces). */
const headerNames: Record<Field, readonly string[]> = {
  date: ['data', 'date'],
  merchantCode: ['codice esercente', 'merchant code'],
  terminal: ['terminale', 'terminal'],
  cardType: ['tipo carta', 'card type'],
  amountCents: ['importo', 'amount'],
  state: ['stato', 'state'],
  authorisationCode: ['codice autorizzazione', 'authorisation code', 'authorization code'],
};

const fields = Object.keys(headerNames) as Field[];

/**
 * The state words of the portal's exports in either language (and gender): a transaction carried out, one the
 * issuer declined, and one cancelled or reversed after it was carried out.
 */
const stateWords = new Map<string, PosSettlementState>(
  Object.entries({
    eseguita: 'accepted',
    eseguito: 'accepted',
    ok: 'accepted',
    approvata: 'accepted',
    approvato: 'accepted',
    approved: 'accepted',
    accepted: 'accepted',
    rifiutata: 'refused',
    rifiutato: 'refused',
    negata: 'refused',
    negato: 'refused',
    declined: 'refused',
    refused: 'refused',
    ko: 'refused',
    stornata: 'reversed',
    stornato: 'reversed',
    annullata: 'reversed',
    annullato: 'reversed',
    reversed: 'reversed',
    cancelled: 'reversed',
    canceled: 'reversed',
  } satisfies Record<string, PosSettlementState>),
);

/** Which text fields must have a value: a refused transaction has no authorisation code. */
const requiredText: Record<TextField, boolean> = {
  merchantCode: true,
  terminal: true,
  cardType: true,
  authorisationCode: false,
};

function normaliseHeaderName(name: string): string {
  return name.trim().toLowerCase().replace(/[_-]+/g, ' ').replace(/\s+/g, ' ');
}

/**
 * Euro amounts as the exports write them: `1234,56` and `1234.56`, with thousands separators `1.234,56` (or
 * `1,234.56`), a whole `1234`, and a leading minus for a reversal. The decimal separator is the one followed by one
 * or two digits at the end; `1.234` (thousands or three decimals?) is refused rather than guessed.
 */
export function parseEuroCents(value: string): number | undefined {
  const match =
    /^(-?)(?:(\d{1,11})|(\d{1,11})[.,](\d{1,2})|(\d{1,3}(?:\.\d{3}){1,3}),(\d{1,2})|(\d{1,3}(?:,\d{3}){1,3})\.(\d{1,2}))$/.exec(
      value,
    );
  if (!match) return undefined;
  const euros = (match[2] ?? match[3] ?? match[5] ?? match[7] ?? '').replace(/[.,]/g, '');
  const decimals = (match[4] ?? match[6] ?? match[8] ?? '').padEnd(2, '0');
  const cents = Number(euros) * 100 + Number(decimals);
  return match[1] === '-' && cents !== 0 ? -cents : cents;
}

/** `YYYY-MM-DD` or the Italian `DD/MM/YYYY`, as `YYYY-MM-DD`; a day that does not exist (31/02) is refused. */
export function parseSettlementDate(value: string): string | undefined {
  const iso = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  const italian = /^(\d{2})\/(\d{2})\/(\d{4})$/.exec(value);
  const [year, month, day] = iso ? [iso[1], iso[2], iso[3]] : italian ? [italian[3], italian[2], italian[1]] : [];
  if (!year || !month || !day) return undefined;
  const date = new Date(Date.UTC(Number(year), Number(month) - 1, Number(day)));
  if (date.getUTCFullYear() !== Number(year) || date.getUTCMonth() !== Number(month) - 1) return undefined;
  if (date.getUTCDate() !== Number(day)) return undefined;
  return `${year}-${month}-${day}`;
}

/** Where each field is in the file: the first column whose header is one of the field's names. */
function locateColumns(header: string[]): Record<Field, number> {
  const names = header.map(normaliseHeaderName);
  const columns = {} as Record<Field, number>;
  const missing: string[] = [];
  for (const field of fields) {
    const column = names.findIndex((name) => headerNames[field].includes(name));
    if (column === -1) missing.push(field);
    else columns[field] = column;
  }
  if (missing.length > 0) throw new PosSettlementError({ kind: 'header', missing });
  return columns;
}

/** A text value that is one line of printable text, at most the length limit. */
function readText(value: string, field: TextField, line: number): string {
  // biome-ignore lint/suspicious/noControlCharactersInRegex: refusing control characters is the point
  const valid = [...value].length <= posSettlementMaximumTextLength && !/[\u0000-\u001f\u007f]/.test(value);
  if (!valid || (requiredText[field] && value === '')) throw new PosSettlementError({ kind: 'field', line, field });
  return value;
}

/**
 * Reads a settlement file into its rows, or refuses it as a whole with the first problem found. Rows whose every
 * cell is empty (spreadsheets save them as `;;;;;;`) are skipped; extra columns are ignored.
 */
export function parsePosSettlement(bytes: Uint8Array): PosSettlementRow[] {
  if (bytes.byteLength > posSettlementMaximumBytes) throw new PosSettlementError({ kind: 'tooLarge' });
  let records: CsvFileRecord[];
  try {
    records = readCsvFile(bytes, { maximumRecords: posSettlementMaximumRows });
  } catch (error) {
    if (error instanceof CsvFileUnreadable)
      throw new PosSettlementError({ kind: error.reason === 'encoding' ? 'encoding' : 'unreadable' });
    throw error;
  }
  const [header, ...body] = records;
  if (!header) throw new PosSettlementError({ kind: 'unreadable' });
  if (body.length > posSettlementMaximumRows) throw new PosSettlementError({ kind: 'tooLarge' });
  const columns = locateColumns(header.record);
  const rows: PosSettlementRow[] = [];
  for (const { record, line } of body) {
    if (record.every((cell) => cell === '')) continue;
    const cell = (field: Field) => record[columns[field]] ?? '';
    const date = parseSettlementDate(cell('date'));
    if (!date) throw new PosSettlementError({ kind: 'field', line, field: 'date' });
    const merchantCode = readText(cell('merchantCode'), 'merchantCode', line);
    const terminal = readText(cell('terminal'), 'terminal', line);
    const cardType = readText(cell('cardType'), 'cardType', line);
    const amountCents = parseEuroCents(cell('amountCents'));
    if (amountCents === undefined) throw new PosSettlementError({ kind: 'field', line, field: 'amountCents' });
    const state = stateWords.get(cell('state').toLowerCase());
    if (!state) throw new PosSettlementError({ kind: 'field', line, field: 'state' });
    const authorisationCode = readText(cell('authorisationCode'), 'authorisationCode', line);
    rows.push({ line, date, merchantCode, terminal, cardType, amountCents, state, authorisationCode });
  }
  return rows;
}
