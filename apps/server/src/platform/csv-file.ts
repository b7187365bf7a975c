// The CSV files people save from a spreadsheet and upload (the POS settlement, the ranking portal's file): UTF-8 with
// or without a BOM, `;` (Italian Excel) or `,` as the header line says, Windows or Unix line ends. Each reader of such a
// file judges its columns; this reads the records and the line each starts on, or says why the file cannot be read.
import { CsvError, parse } from 'csv-parse/sync';

/** Why a file cannot be read as CSV at all: not UTF-8 text (UTF-16 and binary files carry NUL), or broken quoting. */
export class CsvFileUnreadable extends Error {
  constructor(readonly reason: 'encoding' | 'quoting') {
    super(reason);
  }
}

/** One record of the file and the line it starts on (a quoted value may span lines). */
export type CsvFileRecord = { record: string[]; line: number };

function decodeText(bytes: Uint8Array): string {
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true, ignoreBOM: false }).decode(bytes);
  } catch {
    throw new CsvFileUnreadable('encoding');
  }
  if (text.includes('\u0000')) throw new CsvFileUnreadable('encoding');
  // One line-break convention, so that csv-parse counts lines the same way for every file.
  return text.replace(/\r\n?/g, '\n');
}

/** The header's names hold no separator, so a `;` in the first line means the Italian export, otherwise `,`. */
function detectDelimiter(text: string): ';' | ',' {
  const headerEnd = text.indexOf('\n');
  return text.slice(0, headerEnd === -1 ? text.length : headerEnd).includes(';') ? ';' : ',';
}

/**
 * The header and the records of a file, trimmed, empty lines skipped, at most `maximumRecords` + 2 read (the header
 * and one over the limit are enough to tell the caller the file is too long).
 */
export function readCsvFile(bytes: Uint8Array, options: { maximumRecords: number }): CsvFileRecord[] {
  const text = decodeText(bytes);
  let parsed: { record: string[]; info: { lines: number } }[];
  try {
    // With `info` csv-parse answers { record, info } per record, which its typings do not express.
    parsed = parse(text, {
      delimiter: detectDelimiter(text),
      record_delimiter: '\n',
      info: true,
      trim: true,
      skip_empty_lines: true,
      relax_column_count: true,
      to: options.maximumRecords + 2,
    }) as unknown as typeof parsed;
  } catch (error) {
    // Broken quoting leaves no way to tell where a record ends: the file as a whole cannot be read.
    if (error instanceof CsvError) throw new CsvFileUnreadable('quoting');
    throw error;
  }
  // csv-parse counts the line a record ends on; a quoted value may span lines, and the record starts before them.
  return parsed.map(({ record, info }) => ({
    record,
    line: info.lines - record.reduce((count, cell) => count + (cell.match(/\n/g)?.length ?? 0), 0),
  }));
}
