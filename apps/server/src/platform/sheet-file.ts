// A sheet people upload as CSV (saved from a spreadsheet, platform/csv-file.ts) or as the spreadsheet itself (XLSX):
// the records and the row each is on, whichever it is. An XLSX is told by its content (a ZIP archive), not its name;
// its first worksheet is read, each cell as the spreadsheet shows it. Each reader of such a sheet judges its columns.
import { type CsvFileRecord, CsvFileUnreadable, readCsvFile } from './csv-file';

/** Why a sheet cannot be read at all: not UTF-8 text, broken CSV quoting, or a damaged spreadsheet. */
export class SheetFileUnreadable extends Error {
  constructor(readonly reason: 'encoding' | 'quoting' | 'spreadsheet') {
    super(reason);
  }
}

/** A ZIP archive's local file header, which every XLSX starts with. */
function isZip(bytes: Uint8Array): boolean {
  return bytes[0] === 0x50 && bytes[1] === 0x4b && bytes[2] === 0x03 && bytes[3] === 0x04;
}

async function readXlsx(bytes: Uint8Array, maximumRecords: number): Promise<CsvFileRecord[]> {
  // exceljs is loaded with the first workbook, not with every start of the server.
  const { default: ExcelJS } = await import('exceljs');
  const workbook = new ExcelJS.Workbook();
  try {
    await workbook.xlsx.load(Buffer.from(bytes) as unknown as ArrayBuffer);
  } catch {
    throw new SheetFileUnreadable('spreadsheet');
  }
  const sheet = workbook.worksheets[0];
  if (!sheet) return [];
  const records: CsvFileRecord[] = [];
  sheet.eachRow({ includeEmpty: false }, (row, line) => {
    // The header and one over the limit are enough to tell the caller the sheet is too long.
    if (records.length >= maximumRecords + 2) return;
    const record: string[] = [];
    for (let column = 1; column <= row.cellCount; column += 1) record.push(row.getCell(column).text.trim());
    if (record.some((cell) => cell !== '')) records.push({ record, line });
  });
  return records;
}

/** The header and the records of a CSV or XLSX sheet, empty rows skipped, at most `maximumRecords` + 2 read. */
export async function readSheetFile(bytes: Uint8Array, options: { maximumRecords: number }): Promise<CsvFileRecord[]> {
  if (isZip(bytes)) return readXlsx(bytes, options.maximumRecords);
  try {
    return readCsvFile(bytes, options);
  } catch (error) {
    if (error instanceof CsvFileUnreadable) throw new SheetFileUnreadable(error.reason);
    throw error;
  }
}

/** The position of the first header cell naming one of `names` (case and accents as typed, spaces trimmed). */
export function findColumn(header: readonly string[], names: readonly string[]): number | undefined {
  const index = header.findIndex((cell) => names.includes(cell.trim().toLowerCase()));
  return index === -1 ? undefined : index;
}
