import { z } from 'zod';
import { dataOf, isoDateSchema, pageOf, requiredText, text } from './common';
import { jobSchema } from './jobs';

// The shops' sales feed: receipts from the system register (with lines and payments) and the fiscal
// printer's daily close ("chiusura fiscale", Z report). The daily cash closing, analytics, rankings,
// the loyalty club and marketing read it. Money is integer euro cents; business dates YYYY-MM-DD in
// Europe/Rome; instants ISO 8601 with offset.

/** Largest batch one ingestion call takes. */
export const ingestBatchMax = 1000;

export const receiptTypes = ['sale', 'return', 'cancelled'] as const;
export type ReceiptType = (typeof receiptTypes)[number];

export const paymentMethods = ['cash', 'creditCard', 'bancomat', 'voucher', 'other'] as const;
export type PaymentMethod = (typeof paymentMethods)[number];

/** Where a fiscal close came from: read from the printer, sent by the shop's agent, typed or uploaded by a person. */
export const fiscalCloseSources = ['printer', 'agent', 'manual', 'file'] as const;
export type FiscalCloseSource = (typeof fiscalCloseSources)[number];

const cents = z.number().int().min(-100_000_000_00).max(100_000_000_00);
const positiveCents = z.number().int().min(0).max(100_000_000_00);
const code = requiredText(40);
/** Numbers the database keeps as 4-byte integers. */
const counter = z.number().int().max(2_147_483_647);

/** VAT rate in basis points: 2200 is 22 %, 1000 is 10 %, 400 is 4 %, 0 exempt. */
export const vatRateSchema = z.number().int().min(0).max(10_000);

export const receiptLineSchema = z.object({
  productCode: code,
  description: text(200).default(''),
  /** Pieces; negative on a return. */
  quantity: z.number().int().min(-100_000).max(100_000),
  unitPriceCents: cents,
  discountCents: cents.default(0),
  priceList: text(40).default(''),
  subtotalCents: cents,
  vatRate: vatRateSchema,
});
export type ReceiptLine = z.infer<typeof receiptLineSchema>;

export const receiptPaymentSchema = z.object({ method: z.enum(paymentMethods), amountCents: cents });
export type ReceiptPayment = z.infer<typeof receiptPaymentSchema>;

/**
 * One receipt as the shop's register sends it. Its identity is (shop, register, business date,
 * receipt number): the same receipt sent again is stored once; sent again with other content, it is
 * reported as a changed resend and the stored one is kept.
 *
 * Besides this schema, the server refuses a receipt whose
 * - lines' subtotals, less the receipt's discount, are not its total (totalsMismatch);
 * - lines' quantities do not add up to its pieces (piecesMismatch);
 * - payments do not add up to its total, or, cancelled, add up to anything but zero (paymentsMismatch);
 * - total or pieces have the wrong sign: below zero on a sale, above zero on a return (wrongSign);
 * - business date is neither the Italian date it was issued on nor, before 06:00, the day before (businessDateMismatch);
 * - employee is neither a username nor a matricola of Bottega (unknownEmployee).
 */
export const receiptRecordSchema = z.object({
  registerCode: code,
  businessDate: isoDateSchema,
  issuedAt: z.iso.datetime({ offset: true }),
  receiptNumber: counter.positive(),
  /** The register's progressive document number (across days). */
  sequenceNumber: counter.nonnegative(),
  type: z.enum(receiptTypes),
  /** The employee at the till, by username or matricola, when the register knows it. */
  employee: text(60).nullable().default(null),
  /** The loyalty card scanned, when there was one. */
  loyaltyCard: text(40).nullable().default(null),
  orderNumber: text(40).nullable().default(null),
  totalCents: cents,
  discountCents: cents.default(0),
  pieces: z.number().int().min(-100_000).max(100_000),
  lines: z.array(receiptLineSchema).max(500),
  payments: z.array(receiptPaymentSchema).max(20),
});
export type ReceiptRecord = z.infer<typeof receiptRecordSchema>;
export type ReceiptRecordInput = z.input<typeof receiptRecordSchema>;

export const vatBreakdownSchema = z.array(z.object({ vatRate: vatRateSchema, taxableCents: cents, taxCents: cents }));

/**
 * The fiscal printer's daily close: one per shop, device and business date. Refused when its VAT
 * breakdown's taxable and tax amounts do not add up to its total, or a rate's tax is more than a cent
 * away from taxable × rate (vatMismatch), and when its business date is neither the Italian date of
 * closedAt nor, before 06:00, the day before (businessDateMismatch).
 */
export const fiscalCloseRecordSchema = z.object({
  /** The printer's serial number (matricola). */
  deviceSerial: code,
  businessDate: isoDateSchema,
  closedAt: z.iso.datetime({ offset: true }),
  /** The Z report number. */
  closeNumber: counter.positive(),
  totalCents: cents,
  documentsCount: counter.nonnegative(),
  returnsCents: positiveCents,
  cancellationsCents: positiveCents,
  electronicPaymentsCents: positiveCents,
  vatBreakdown: vatBreakdownSchema,
});
export type FiscalCloseRecord = z.infer<typeof fiscalCloseRecordSchema>;

export const receiptBatchSchema = z.object({ receipts: z.array(z.unknown()).min(1).max(ingestBatchMax) });
export const fiscalCloseBatchSchema = z.object({ closes: z.array(z.unknown()).min(1).max(ingestBatchMax) });

/** Why a record of a batch was refused; the batch's valid records are kept all the same. */
export const rejectionReasons = [
  'invalid',
  'changedResend',
  'unknownEmployee',
  'totalsMismatch',
  'paymentsMismatch',
  'businessDateMismatch',
  'piecesMismatch',
  'wrongSign',
  'vatMismatch',
] as const;
export type RejectionReason = (typeof rejectionReasons)[number];

export const ingestResultSchema = z.object({
  accepted: z.number().int(),
  duplicates: z.number().int(),
  rejected: z.array(
    z.object({
      index: z.number().int(),
      reference: z.string(),
      reason: z.enum(rejectionReasons),
      message: z.string(),
    }),
  ),
});
export type IngestResult = z.infer<typeof ingestResultSchema>;
export const ingestAnswerSchema = dataOf(ingestResultSchema);

// ——— The shop's sales-feed screen ———

/** A client credential of a shop's register or agent: the secret is shown once, at creation. */
export const salesClientSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  clientId: z.string(),
  createdAt: z.iso.datetime(),
  createdBy: z.string().nullable(),
  lastUsedAt: z.iso.datetime().nullable(),
  revokedAt: z.iso.datetime().nullable(),
});
export type SalesClient = z.infer<typeof salesClientSchema>;
export const salesClientsAnswerSchema = dataOf(z.array(salesClientSchema));
export const salesClientCreateBodySchema = z.object({ name: requiredText(60) });
export const salesClientCreatedAnswerSchema = dataOf(salesClientSchema.extend({ secret: z.string() }));

export const salesSourceSchema = z.object({
  kind: z.enum(['register', 'printer']),
  code: z.string(),
  lastReceivedAt: z.iso.datetime(),
  lastBusinessDate: isoDateSchema,
});

export const salesFeedQuerySchema = z.object({
  /** How many days back the missing fiscal closes are looked for. */
  days: z.coerce.number().int().min(1).max(366).default(60),
});

export const salesFeedSchema = z.object({
  sources: z.array(salesSourceSchema),
  /** Business days with receipts but no fiscal close, newest first. */
  missingFiscalCloses: z.array(isoDateSchema),
});
export const salesFeedAnswerSchema = dataOf(salesFeedSchema);

export const salesRejectionSchema = z.object({
  id: z.number().int(),
  kind: z.enum(['receipt', 'fiscalClose']),
  reference: z.string(),
  reason: z.enum(rejectionReasons),
  message: z.string(),
  receivedAt: z.iso.datetime(),
});
export const salesRejectionsAnswerSchema = pageOf(salesRejectionSchema);

/** A day's totals of a shop, kept up to date as receipts arrive (never recomputed on read). */
export const salesDaySchema = z.object({
  shopId: z.number().int(),
  businessDate: isoDateSchema,
  receiptsCount: z.number().int(),
  pieces: z.number().int(),
  takingsCents: z.number().int(),
  returnsCount: z.number().int(),
  returnsCents: z.number().int(),
  returnedPieces: z.number().int(),
  cancelledCount: z.number().int(),
  cancelledCents: z.number().int(),
  cashCents: z.number().int(),
  creditCardCents: z.number().int(),
  bancomatCents: z.number().int(),
  voucherCents: z.number().int(),
  otherCents: z.number().int(),
  loyaltyCustomers: z.number().int(),
});
export type SalesDay = z.infer<typeof salesDaySchema>;

export const salesDaysQuerySchema = z
  .object({ from: isoDateSchema, to: isoDateSchema })
  .superRefine((query, context) => {
    if (query.from <= query.to) return;
    context.addIssue({
      code: 'custom',
      message: 'dateRange',
      path: ['to'],
      input: query.to,
      params: { rule: 'dateRange' },
    });
  });
export const salesDaysAnswerSchema = dataOf(z.array(salesDaySchema));

export const shopDayQuerySchema = z.object({ date: isoDateSchema });

/** A receipt as the shop's day shows it: the employee by name, lines and payments in order. */
export const storedReceiptSchema = receiptRecordSchema
  .omit({ employee: true })
  .extend({ id: z.number().int(), employeeId: z.number().int().nullable(), employeeName: z.string().nullable() });
export type StoredReceipt = z.infer<typeof storedReceiptSchema>;
export const shopDayReceiptsAnswerSchema = dataOf(z.array(storedReceiptSchema));

/** A stored fiscal close: `source` says whether a person entered it (printer unreachable). */
export const fiscalCloseSchema = fiscalCloseRecordSchema.extend({
  id: z.number().int(),
  source: z.enum(fiscalCloseSources),
  enteredBy: z.string().nullable(),
  receivedAt: z.iso.datetime(),
});
export type FiscalClose = z.infer<typeof fiscalCloseSchema>;
export const fiscalCloseAnswerSchema = dataOf(fiscalCloseSchema);

/** Read the close of this business day from the shop's fiscal printer. */
export const readPrinterBodySchema = z.object({ businessDate: isoDateSchema });

// ---------------------------------------------------------------------------------------------
// The receipts export: a shop's receipt lines over a range of days as a CSV file, written by a job

/** Longest range one export covers: a quarter, so a file stays within what a spreadsheet opens comfortably. */
export const salesExportMaxDays = 93;

/** Days from `from` to `to`, both counted (UTC arithmetic on calendar dates: no daylight-saving hour in the way). */
export function daysInRange(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000) + 1;
}

/** From ≤ to, at most salesExportMaxDays; the server also refuses a day after today (the rule `futureDate`). */
export const salesExportBodySchema = z
  .object({ from: isoDateSchema, to: isoDateSchema })
  .superRefine((body, context) => {
    const rule = (name: string, params: Record<string, unknown> = {}) =>
      context.addIssue({
        code: 'custom',
        message: name,
        path: ['to'],
        input: body.to,
        params: { rule: name, ...params },
      });
    if (body.from > body.to) rule('dateRange');
    else if (daysInRange(body.from, body.to) > salesExportMaxDays)
      rule('dateRangeTooLong', { max: salesExportMaxDays });
  });
export type SalesExportBody = z.infer<typeof salesExportBodySchema>;

/** An export as its job (state, progress, and once done `result.link` to download it) with the range it covers. */
export const salesExportSchema = jobSchema.extend({ from: isoDateSchema, to: isoDateSchema });
export type SalesExport = z.infer<typeof salesExportSchema>;
export const salesExportAnswerSchema = dataOf(salesExportSchema);
export const salesExportsAnswerSchema = dataOf(z.array(salesExportSchema));

/** What a finished export leaves in its job's result. */
export const salesExportResultSchema = z.object({
  key: z.string(),
  fileName: z.string(),
  rows: z.number().int(),
  link: z.string(),
});
export type SalesExportResult = z.infer<typeof salesExportResultSchema>;
