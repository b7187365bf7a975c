// The discounted sales export: the lines the screen's filters select, as CSV in Italian Excel's format (the receipts
// export's), headings in the caller's language. Capped, like every export of the app, to what a spreadsheet opens.
import type { Language } from '@bottega/contracts/common';
import type { discountedSalesQuerySchema } from '@bottega/contracts/customers';
import { formatDate } from '@bottega/contracts/dates';
import type { z } from 'zod';
import type { Database } from '../../platform/db';
import { translate } from '../../platform/i18n';
import type { SessionContext } from '../../platform/sessions';
import { decimalComma, receiptsCsvRows, spreadsheetText } from '../sales/sales-export.csv';
import { discountedSalesForExport } from './customers.service';

export const discountedSalesColumns = [
  'date',
  'shop',
  'type',
  'receiptNumber',
  'productCode',
  'description',
  'quantity',
  'amount',
  'discount',
  'subtotal',
  'priceList',
  'card',
  'user',
] as const;

export async function exportDiscountedSales(options: {
  db: Database;
  viewer: SessionContext;
  now: Date;
  query: Omit<z.output<typeof discountedSalesQuerySchema>, 'page' | 'perPage'>;
  lng: Language;
}) {
  const { lng } = options;
  const lines = await discountedSalesForExport(options);
  const headings = discountedSalesColumns.map((column) =>
    translate(lng, `customers:discountedExport.columns.${column}`),
  );
  const rows = lines.map((line) => [
    formatDate(line.receiptDate),
    spreadsheetText(`${line.shop.code} · ${line.shop.name}`),
    translate(lng, `customers:discountedExport.types.${line.type}`),
    String(line.receiptNumber),
    spreadsheetText(line.productCode),
    spreadsheetText(line.description || line.product),
    String(line.quantity),
    decimalComma(line.amountCents),
    decimalComma(line.discountCents),
    decimalComma(line.subtotalCents),
    spreadsheetText(line.priceList),
    spreadsheetText(line.loyaltyCard),
    spreadsheetText(line.user),
  ]);
  return {
    bytes: Buffer.concat([Buffer.from('\uFEFF', 'utf8'), receiptsCsvRows([headings, ...rows])]),
    fileName: `${translate(lng, 'customers:discountedExport.fileName')}-${options.query.from}-${options.query.to}.csv`,
    type: 'text/csv; charset=utf-8',
  };
}
