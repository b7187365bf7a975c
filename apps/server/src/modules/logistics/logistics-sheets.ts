// A file's lines as a sheet, both ways: the download (CSV the way Italian Excel opens it — semicolons, a BOM — and
// XLSX), and the import of a CSV or XLSX of lines with a report of every bad row, which stores nothing: the screen puts
// the lines in its form. Headers in Italian or English (contracts' logisticsImportColumns).
import { isTypedText, type Language } from '@bottega/contracts/common';
import {
  type LogisticsFile,
  type LogisticsImportRowError,
  logisticsFileMaxLines,
  logisticsImportColumns,
  type logisticsLineBodySchema,
  logisticsQuantityMax,
} from '@bottega/contracts/logistics';
import type { z } from 'zod';
import type { CsvFileRecord } from '../../platform/csv-file';
import type { Executor } from '../../platform/db';
import { AppError } from '../../platform/errors';
import { translate } from '../../platform/i18n';
import { readSheetFile, SheetFileUnreadable } from '../../platform/sheet-file';
import { decimalComma, receiptsCsvRows, spreadsheetText } from '../sales/sales-export.csv';
import { productsByCode } from './logistics-files.service';

/** An import larger than this is refused before it is read. */
export const logisticsImportMaxBytes = 5 * 1024 * 1024;

type LogisticsLineBody = z.output<typeof logisticsLineBodySchema>;

const xlsxType = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

type Column = keyof typeof logisticsImportColumns;
const columnOrder: Column[] = ['productCode', 'description', 'quantity', 'unitPrice', 'lot'];

/** The base of a download's name: the kind and the document's number, or the file's id before it has one. */
function baseName(file: LogisticsFile): string {
  const number = file.documentNumber?.replace(/[^A-Za-z0-9-]+/g, '-') ?? `${file.id}`;
  return `${file.kind}-${number}`;
}

function headings(lng: Language): string[] {
  return columnOrder.map((column) => translate(lng, `logistics-files:lines.${column}`));
}

export async function linesFile(
  file: LogisticsFile,
  format: 'csv' | 'xlsx',
  lng: Language,
): Promise<{ bytes: Uint8Array; fileName: string; type: string }> {
  if (format === 'csv') {
    const rows = [
      headings(lng),
      ...file.lines.map((line) => [
        spreadsheetText(line.productCode),
        spreadsheetText(line.description),
        String(line.quantity),
        line.unitPriceCents === null ? '' : decimalComma(line.unitPriceCents),
        spreadsheetText(line.lot),
      ]),
    ];
    const bytes = Buffer.concat([Buffer.from('\uFEFF', 'utf8'), receiptsCsvRows(rows)]);
    return { bytes, fileName: `${baseName(file)}.csv`, type: 'text/csv; charset=utf-8' };
  }
  const { default: ExcelJS } = await import('exceljs');
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet(translate(lng, 'logistics-files:lines.sheet'), {
    views: [{ state: 'frozen', ySplit: 1, rightToLeft: lng === 'ar' }],
  });
  sheet.addRow(headings(lng)).font = { bold: true };
  for (const line of file.lines) {
    const row = sheet.addRow([
      line.productCode,
      line.description,
      line.quantity,
      line.unitPriceCents === null ? null : line.unitPriceCents / 100,
      line.lot,
    ]);
    row.getCell(4).numFmt = '"€" #,##0.00';
  }
  sheet.columns.forEach((column, index) => {
    column.width = index === 1 ? 40 : 14;
  });
  return {
    bytes: new Uint8Array(await workbook.xlsx.writeBuffer()),
    fileName: `${baseName(file)}.xlsx`,
    type: xlsxType,
  };
}

// ——— Import ———

/** A header cell as the column names are written: lower case, no accents but the ones listed, single spaces. */
function normalHeader(value: string): string {
  return value.trim().toLowerCase().replace(/\s+/g, ' ');
}

function locate(header: string[]): Partial<Record<Column, number>> {
  const located: Partial<Record<Column, number>> = {};
  header.forEach((cell, index) => {
    const name = normalHeader(cell);
    for (const column of columnOrder) {
      if (located[column] === undefined && (logisticsImportColumns[column] as readonly string[]).includes(name))
        located[column] = index;
    }
  });
  return located;
}

type SheetRow = { row: number; cells: string[] };

async function readRows(bytes: Uint8Array): Promise<SheetRow[]> {
  let records: CsvFileRecord[];
  try {
    records = await readSheetFile(bytes, { maximumRecords: logisticsFileMaxLines });
  } catch (error) {
    if (!(error instanceof SheetFileUnreadable)) throw error;
    if (error.reason === 'spreadsheet') throw new AppError('fileTypeNotAllowed');
    throw new AppError(
      'validation',
      {},
      { file: [{ rule: error.reason === 'encoding' ? 'textCharacters' : 'invalid' }] },
    );
  }
  if (records.length > logisticsFileMaxLines + 1)
    throw new AppError('validation', {}, { file: [{ rule: 'max', params: { max: logisticsFileMaxLines } }] });
  return records.map(({ record, line }) => ({ row: line, cells: record }));
}

/** Euros as people type them: 12,50 or 12.50 or 1.234,50 → cents; undefined when not a price. */
function parseEuros(value: string): number | undefined {
  const compact = value.replace(/[€\s]/g, '');
  let normal = compact;
  if (/^\d{1,3}(\.\d{3})+(,\d{1,2})?$/.test(compact)) normal = compact.replace(/\./g, '').replace(',', '.');
  else normal = compact.replace(',', '.');
  if (!/^\d+(\.\d{1,2})?$/.test(normal)) return undefined;
  const cents = Math.round(Number(normal) * 100);
  return cents <= 100_000_000 ? cents : undefined;
}

const limits = { productCode: 40, description: 200, lot: 40 } as const;

/**
 * The lines of a sheet, every bad row reported (row, column, rule, value) and every unknown code listed once in the
 * order met. A file that cannot be read at all is a 4xx: not UTF-8 (UTF-16, NUL), not a sheet, too big, too long.
 */
export async function importLogisticsLines(options: {
  db: Executor;
  bytes: Uint8Array;
}): Promise<{ lines: LogisticsLineBody[]; errors: LogisticsImportRowError[]; unknownProducts: string[] }> {
  if (options.bytes.byteLength > logisticsImportMaxBytes) throw new AppError('fileTooLarge', { max: '5 MiB' });
  const [header, ...body] = await readRows(options.bytes);
  if (!header) throw new AppError('validation', {}, { file: [{ rule: 'required' }] });
  const dataRows = body.filter((row) => row.cells.some((cell) => cell !== ''));
  const at = locate(header.cells);
  const missing = (['productCode', 'quantity'] as const).filter((column) => at[column] === undefined);
  if (missing.length > 0)
    return {
      lines: [],
      errors: missing.map((column) => ({ row: header.row, column, rule: 'required', value: '' })),
      unknownProducts: [],
    };
  const codes = [...new Set(dataRows.map((row) => (row.cells[at.productCode ?? 0] ?? '').trim()).filter(Boolean))];
  const known = new Set((await productsByCode(options.db, codes)).keys());
  const lines: LogisticsLineBody[] = [];
  const errors: LogisticsImportRowError[] = [];
  const unknownProducts: string[] = [];
  for (const { row, cells } of dataRows) {
    const cell = (column: Column) => {
      const index = at[column];
      return index === undefined ? '' : (cells[index] ?? '').trim();
    };
    const fail = (column: Column, rule: string, value: string) =>
      errors.push({ row, column, rule, value: value.slice(0, 100) });
    let bad = false;
    for (const column of ['productCode', 'description', 'lot'] as const) {
      const value = cell(column);
      if (!isTypedText(value)) {
        fail(column, 'textCharacters', '');
        bad = true;
      } else if (value.length > limits[column]) {
        fail(column, 'maxLength', value);
        bad = true;
      }
    }
    const code = cell('productCode');
    if (code === '') {
      fail('productCode', 'required', '');
      bad = true;
    } else if (!bad && !known.has(code)) {
      fail('productCode', 'unknownProduct', code);
      if (!unknownProducts.includes(code)) unknownProducts.push(code);
      bad = true;
    }
    const quantityText = cell('quantity');
    const quantity = Number(quantityText.replace(/\s/g, ''));
    if (quantityText === '') {
      fail('quantity', 'required', '');
      bad = true;
    } else if (!/^-?\d+$/.test(quantityText.replace(/\s/g, ''))) {
      fail('quantity', 'integer', quantityText);
      bad = true;
    } else if (quantity < 1) {
      fail('quantity', 'min', quantityText);
      bad = true;
    } else if (quantity > logisticsQuantityMax) {
      fail('quantity', 'max', quantityText);
      bad = true;
    }
    const priceText = cell('unitPrice');
    const unitPriceCents = priceText === '' ? null : parseEuros(priceText);
    if (unitPriceCents === undefined) {
      fail('unitPrice', 'invalid', priceText);
      bad = true;
    }
    if (bad) continue;
    lines.push({
      productCode: code,
      description: cell('description'),
      quantity,
      unitPriceCents: unitPriceCents ?? null,
      lot: cell('lot'),
    });
  }
  // A file with any bad row imports nothing: the report says what to fix.
  return { lines: errors.length > 0 ? [] : lines, errors, unknownProducts };
}
