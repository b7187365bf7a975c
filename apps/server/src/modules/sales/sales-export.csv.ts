// The receipts export's file: one CSV row per receipt line, written the way Italian Excel opens a file by a double
// click with no import wizard — fields separated by semicolons (its list separator, since the comma is the decimal
// mark), euros with a decimal comma and no thousands separator (read as numbers, not text), dates DD/MM/YYYY, and
// a UTF-8 byte order mark, without which Excel reads the file as Windows-1252 and garbles every accented letter.
// csv-stringify does the quoting; the cells are formatted here, so the format is tested without a database.
import type { Language } from '@bottega/contracts/common';
import { businessTimeZone, formatDate } from '@bottega/contracts/dates';
import type { StoredReceipt } from '@bottega/contracts/sales';
import { type Options, stringify } from 'csv-stringify/sync';
import { translate } from '../../platform/i18n';

/** The columns, in order; their headings are sales:export.columns.<name> in the requester's language. */
export const receiptsExportColumns = [
  'date',
  'time',
  'register',
  'receiptNumber',
  'type',
  'employee',
  'productCode',
  'description',
  'quantity',
  'unitPrice',
  'subtotal',
  'vatRate',
  'payments',
] as const;

const csvOptions: Options = {
  delimiter: ';',
  // Windows line ends, as Excel writes them; a line break inside a cell is quoted like a semicolon.
  record_delimiter: 'windows',
  quote_record_delimiter: true,
};

/** Euro cents as Italian Excel reads a number: -1234,50 (no thousands separator, no currency sign). */
export function decimalComma(cents: number): string {
  const sign = cents < 0 ? '-' : '';
  const whole = Math.abs(cents);
  return `${sign}${Math.floor(whole / 100)},${String(whole % 100).padStart(2, '0')}`;
}

/** A VAT rate in basis points as a percentage number: 2200 → 22, 550 → 5,5. */
export function vatPercent(basisPoints: number): string {
  return String(basisPoints / 100).replace('.', ',');
}

/**
 * Text from a register (a product description, a register code) as a cell that stays text: one starting with
 * = + - @ (or a tab or carriage return) would be run as a formula when the file is opened — "CSV injection" —
 * so it is prefixed with an apostrophe, which Excel shows as nothing more than a text marker.
 */
export function spreadsheetText(value: string | null | undefined): string {
  const text = value ?? '';
  return /^[=+\-@\t\r]/.test(text) ? `'${text}` : text;
}

const wallClock = new Intl.DateTimeFormat('en-GB', {
  timeZone: businessTimeZone,
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
  hour12: false,
});

/** HH:MM:SS on the shop's wall clock (Rome) of an ISO instant. */
export function wallTime(instant: string): string {
  return wallClock.format(new Date(instant));
}

/** "Contanti 20,00 + Carta di credito 25,00": how the receipt was paid, repeated on each of its lines. */
export function paymentsSummary(payments: StoredReceipt['payments'], lng: Language): string {
  return payments
    .map(
      (payment) =>
        `${translate(lng, `cash-report-details:paymentMethods.${payment.method}`)} ${decimalComma(payment.amountCents)}`,
    )
    .join(' + ');
}

/**
 * A receipt's rows, one per line in the register's order. A receipt without lines (a cancelled one may have
 * none) still gets one row with the product cells empty, so every receipt of the day is in the file.
 */
export function receiptExportRows(receipt: StoredReceipt, lng: Language): string[][] {
  const head = [
    formatDate(receipt.businessDate),
    wallTime(receipt.issuedAt),
    spreadsheetText(receipt.registerCode),
    String(receipt.receiptNumber),
    translate(lng, `cash-report-details:receipts.types.${receipt.type}`),
    spreadsheetText(receipt.employeeName),
  ];
  const payments = spreadsheetText(paymentsSummary(receipt.payments, lng));
  if (receipt.lines.length === 0) return [[...head, '', '', '', '', '', '', payments]];
  return receipt.lines.map((line) => [
    ...head,
    spreadsheetText(line.productCode),
    spreadsheetText(line.description),
    String(line.quantity),
    decimalComma(line.unitPriceCents),
    decimalComma(line.subtotalCents),
    vatPercent(line.vatRate),
    payments,
  ]);
}

/** The file's first bytes: the byte order mark and the headings. */
export function receiptsCsvHeading(lng: Language): Uint8Array {
  const headings = receiptsExportColumns.map((column) => translate(lng, `sales:export.columns.${column}`));
  return Buffer.from(stringify([headings], { ...csvOptions, bom: true }), 'utf8');
}

/** Rows as the next bytes of the file (no byte order mark: it opens the file once). */
export function receiptsCsvRows(rows: string[][]): Uint8Array {
  return Buffer.from(stringify(rows, csvOptions), 'utf8');
}
