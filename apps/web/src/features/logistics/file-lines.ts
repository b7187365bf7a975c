// The lines of a file as the editor holds them while typed: texts, so a half-typed quantity or price stays as typed,
// turned into the contracts' body on save. Rows pasted from a spreadsheet (tab-separated, as Excel, LibreOffice and
// Google Sheets copy them) become lines the same way an import does: every bad row reported, none dropped.
import {
  type LogisticsImportRowError,
  type LogisticsLine,
  type LogisticsLineBody,
  logisticsImportColumns,
  logisticsQuantityMax,
} from '@bottega/contracts/logistics';
import { parseMoney } from '../../lib/parse-money';

export type LineDraft = {
  /** Stable across edits, so React keeps a row's inputs while rows above it come and go. */
  key: string;
  productCode: string;
  description: string;
  quantity: string;
  price: string;
  lot: string;
};

let nextKey = 0;
export function newLineKey(): string {
  nextKey += 1;
  return `line-${nextKey}`;
}

export function emptyLine(): LineDraft {
  return { key: newLineKey(), productCode: '', description: '', quantity: '', price: '', lot: '' };
}

/** Cents shown the Italian way in an input: 1250 → "12,50". */
export function centsAsTyped(cents: number | null): string {
  if (cents === null) return '';
  return `${Math.trunc(cents / 100)},${String(cents % 100).padStart(2, '0')}`;
}

export function draftOfLine(line: LogisticsLine | LogisticsLineBody): LineDraft {
  return {
    key: newLineKey(),
    productCode: line.productCode,
    description: line.description ?? '',
    quantity: String(line.quantity),
    price: centsAsTyped(line.unitPriceCents ?? null),
    lot: line.lot ?? '',
  };
}

/** A whole number of pieces between 1 and the contracts' maximum, or the rule it breaks. */
export function quantityOf(text: string): number | 'required' | 'integer' | 'min' | 'max' {
  const compact = text.trim().replace(/\./g, '');
  if (compact === '') return 'required';
  if (!/^-?\d+$/.test(compact)) return 'integer';
  const quantity = Number(compact);
  if (quantity < 1) return 'min';
  if (quantity > logisticsQuantityMax) return 'max';
  return quantity;
}

/** Cents of a typed price (empty: none), or 'invalid'. */
export function priceOf(text: string): number | null | 'invalid' {
  const cents = parseMoney(text);
  if (cents === null) return null;
  return Number.isNaN(cents) || cents < 0 ? 'invalid' : cents;
}

/** A row with nothing typed in it: left out on save rather than refused. */
export function isBlankLine(line: LineDraft): boolean {
  return [line.productCode, line.description, line.quantity, line.price, line.lot].every((text) => text.trim() === '');
}

/**
 * The body's lines, or the first message per cell (`lines.<index>.<field>` → validation rule) when a typed line is
 * not one yet. Blank rows are left out.
 */
export function linesOfDrafts(drafts: readonly LineDraft[]): {
  lines: LogisticsLineBody[];
  errors: Record<string, string>;
} {
  const lines: LogisticsLineBody[] = [];
  const errors: Record<string, string> = {};
  drafts.forEach((draft, index) => {
    if (isBlankLine(draft)) return;
    const quantity = quantityOf(draft.quantity);
    const price = priceOf(draft.price);
    if (draft.productCode.trim() === '') errors[`lines.${index}.productCode`] = 'required';
    if (typeof quantity === 'string') errors[`lines.${index}.quantity`] = quantity;
    if (price === 'invalid') errors[`lines.${index}.unitPriceCents`] = 'invalid';
    if (typeof quantity === 'string' || price === 'invalid' || draft.productCode.trim() === '') return;
    lines.push({
      productCode: draft.productCode.trim(),
      description: draft.description.trim(),
      quantity,
      unitPriceCents: price,
      lot: draft.lot.trim(),
    });
  });
  return { lines, errors };
}

type Column = 'productCode' | 'description' | 'quantity' | 'unitPrice' | 'lot';
const defaultOrder: Column[] = ['productCode', 'description', 'quantity', 'unitPrice', 'lot'];

function columnOfHeader(cell: string): Column | undefined {
  const name = cell.trim().toLowerCase();
  return (Object.keys(logisticsImportColumns) as Column[]).find((column) =>
    (logisticsImportColumns[column] as readonly string[]).includes(name),
  );
}

/**
 * Rows pasted from a spreadsheet. A first row naming the columns (the import's headers, Italian or English) says
 * their order; without it two cells are code and quantity, more are code, description, quantity, price, lot. Rows
 * numbered as the person sees them (1 is the first pasted); blank rows skipped.
 */
export function parsePastedRows(text: string): { lines: LineDraft[]; errors: LogisticsImportRowError[] } {
  const rows = text
    .replace(/\r\n?/g, '\n')
    .split('\n')
    .map((row, index) => ({ number: index + 1, cells: row.split('\t') }))
    .filter((row) => row.cells.some((cell) => cell.trim() !== ''));
  const first = rows[0];
  const headers = first?.cells.map(columnOfHeader) ?? [];
  const named = headers.includes('productCode') && headers.includes('quantity');
  const body = named ? rows.slice(1) : rows;
  const lines: LineDraft[] = [];
  const errors: LogisticsImportRowError[] = [];
  for (const row of body) {
    const order: (Column | undefined)[] = named
      ? headers
      : row.cells.length <= 2
        ? ['productCode', 'quantity']
        : defaultOrder;
    const cell = (column: Column) => {
      const at = order.indexOf(column);
      return at === -1 ? '' : (row.cells[at] ?? '').trim();
    };
    const line: LineDraft = {
      key: newLineKey(),
      productCode: cell('productCode'),
      description: cell('description'),
      quantity: cell('quantity'),
      price: cell('unitPrice'),
      lot: cell('lot'),
    };
    let bad = false;
    if (line.productCode === '') {
      errors.push({ row: row.number, column: 'productCode', rule: 'required', value: '' });
      bad = true;
    } else if (line.productCode.length > 40) {
      errors.push({ row: row.number, column: 'productCode', rule: 'maxLength', value: line.productCode });
      bad = true;
    }
    const quantity = quantityOf(line.quantity);
    if (typeof quantity === 'string') {
      errors.push({ row: row.number, column: 'quantity', rule: quantity, value: line.quantity });
      bad = true;
    }
    if (priceOf(line.price) === 'invalid') {
      errors.push({ row: row.number, column: 'unitPrice', rule: 'invalid', value: line.price });
      bad = true;
    }
    if (!bad) lines.push({ ...line, quantity: String(quantity) });
  }
  return { lines, errors };
}
