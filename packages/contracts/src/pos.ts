import { z } from 'zod';
import { dataOf, isoDateSchema, pageOf, paginationQuerySchema, text } from './common';
import { isoMonthSchema } from './dates';
import { jobSchema } from './jobs';

// The POS archive (issue 21, spec §3 POS entry, §6 Shops › bank › POS archive): the acquirer's settled card
// transactions per shop and day.

export const posEntryStates = ['accepted', 'refused', 'reversed'] as const;
export type PosEntryState = (typeof posEntryStates)[number];

/**
 * What a row adds to the money settled on its day: an accepted transaction its amount; a reversal takes its amount
 * back (whatever sign the file writes it with: the portal writes a minus, older exports did not); a refused one moves
 * no money. The server sums the same rule in SQL (pos.service.ts settledAmount).
 */
export function settledCents(row: { state: PosEntryState; amountCents: number }): number {
  if (row.state === 'accepted') return row.amountCents;
  return row.state === 'reversed' ? -Math.abs(row.amountCents) : 0;
}

/** A month of every shop's terminals is a few hundred kilobytes; the limit stops a wrong or hostile upload. */
export const posUploadMaxBytes = 20 * 1024 * 1024;

export const posUploadStates = ['processing', 'imported', 'failed'] as const;
export type PosUploadState = (typeof posUploadStates)[number];

/** The settlement's fields, as a refused file's problem names them (the web translates each). */
export const posSettlementFields = [
  'date',
  'merchantCode',
  'terminal',
  'cardType',
  'amountCents',
  'state',
  'authorisationCode',
] as const;
export type PosSettlementField = (typeof posSettlementFields)[number];

/**
 * Why an upload failed, nothing of it imported: not a CSV (or broken quoting), not UTF-8 text (NUL bytes, a binary
 * file), over the size or row limit, a header without some columns, the first row with a value that cannot be read
 * (its line, the header being line 1, and the field), or its job gave up (the file could not be read from Storage).
 */
export const posUploadFailureSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('unreadable') }),
  z.object({ kind: z.literal('encoding') }),
  z.object({ kind: z.literal('tooLarge') }),
  z.object({ kind: z.literal('header'), missing: z.array(z.enum(posSettlementFields)) }),
  z.object({ kind: z.literal('field'), line: z.number().int(), field: z.enum(posSettlementFields) }),
  z.object({ kind: z.literal('gaveUp') }),
]);
export type PosUploadFailure = z.infer<typeof posUploadFailureSchema>;

export const posUploadSchema = z.object({
  id: z.number().int(),
  fileName: z.string(),
  size: z.number().int(),
  state: z.enum(posUploadStates),
  failure: posUploadFailureSchema.nullable(),
  /** Rows of the file given to a shop (known once imported). */
  rows: z.number().int(),
  /** Of which new to the archive: a file uploaded again adds none. */
  newRows: z.number().int(),
  /** Merchant codes no shop has, with their rows: left out of the archive. */
  unknownMerchants: z.array(z.object({ merchantCode: z.string(), rows: z.number().int() })),
  firstDate: isoDateSchema.nullable(),
  lastDate: isoDateSchema.nullable(),
  /** The import job, for its progress (GET /api/jobs/:id, only for the person who uploaded). */
  jobId: z.number().int().nullable(),
  uploadedBy: z.object({ id: z.number().int(), name: z.string() }).nullable(),
  createdAt: z.iso.datetime(),
});
export type PosUpload = z.infer<typeof posUploadSchema>;
export const posUploadAnswerSchema = dataOf(posUploadSchema);
export const posUploadPageSchema = pageOf(posUploadSchema);
/** The answer to an upload: its row and its import job, to follow until it ends. */
export const posUploadStartedSchema = dataOf(z.object({ upload: posUploadSchema, job: jobSchema }));

export const posEntrySchema = z.object({
  id: z.number().int(),
  uploadId: z.number().int(),
  shopId: z.number().int(),
  shopCode: z.string(),
  shopName: z.string(),
  date: isoDateSchema,
  merchantCode: z.string(),
  terminal: z.string(),
  cardType: z.string(),
  amountCents: z.number().int(),
  state: z.enum(posEntryStates),
  authorisationCode: z.string(),
});
export type PosEntry = z.infer<typeof posEntrySchema>;

/** The archive's filters: a month, or a range of days (from/to win over the month), a shop, a card type, a state. */
export const posEntryFiltersSchema = z.object({
  shopId: z.coerce.number().int().positive().optional(),
  month: isoMonthSchema.optional(),
  from: isoDateSchema.optional(),
  to: isoDateSchema.optional(),
  cardType: text(100).optional(),
  state: z.enum(posEntryStates).optional(),
});
export type PosEntryFilters = z.input<typeof posEntryFiltersSchema>;
export const posEntryListQuerySchema = paginationQuerySchema.extend(posEntryFiltersSchema.shape);
/** The CSV export: a month at a time (the archive grows by thousands of rows a month), with the other filters. */
export const posEntryExportQuerySchema = posEntryFiltersSchema.omit({ from: true, to: true }).extend({
  month: isoMonthSchema,
});
export type PosEntryExportQuery = z.input<typeof posEntryExportQuerySchema>;
export type PosEntryListQuery = z.input<typeof posEntryListQuerySchema>;

export const posEntryPageSchema = pageOf(posEntrySchema).extend({
  /** Of every entry the filters select, not only this page's: how many, and the money settled (see settledCents). */
  totals: z.object({ count: z.number().int(), settledCents: z.number().int() }),
  /** The card types of the entries the other filters select, for the card type filter. */
  cardTypes: z.array(z.string()),
});
export type PosEntryPage = z.infer<typeof posEntryPageSchema>;

export const posComparisonQuerySchema = z.object({
  month: isoMonthSchema,
  shopId: z.coerce.number().int().positive().optional(),
});
export type PosComparisonQuery = z.input<typeof posComparisonQuerySchema>;

/** One shop's day three ways (spec §4 total POS check): settled, reported in the cash report, recorded as sold. */
export const posComparisonDaySchema = z.object({
  shopId: z.number().int(),
  shopCode: z.string(),
  shopName: z.string(),
  date: isoDateSchema,
  /** The money settled (0 when the file names no transaction that day). */
  settlementCents: z.number().int(),
  /** The cash report's POS subtotal; null: no report, or its POS not entered. */
  reportCents: z.number().int().nullable(),
  /** The sales feed's card and bancomat payments; null: no sales recorded. */
  salesCents: z.number().int().nullable(),
  /** The report or the sales, where present, disagree with the settlement. */
  differs: z.boolean(),
});
export type PosComparisonDay = z.infer<typeof posComparisonDaySchema>;
export const posComparisonAnswerSchema = dataOf(
  z.object({
    month: isoMonthSchema,
    days: z.array(posComparisonDaySchema),
    differing: z.number().int(),
  }),
);
export type PosComparison = z.infer<typeof posComparisonAnswerSchema>['data'];
