import { z } from 'zod';
import { cashReportStatuses } from './cash-register';
import { dataOf, isoDateSchema, pageOf, paginationQuerySchema, requiredText, text } from './common';
import { isoMonthSchema } from './dates';

// Authorised expenses (spec §3 Authorised expense, §5 "costs must be authorised by management before entry"):
// management authorises a shop to spend up to an amount on something between two dates; the shop's staff then
// enter what they paid from the till in the daily cash report, within what is left of an authorisation.

const amount = z.number().int().min(1).max(100_000_00);

export const expenseAuthorisationBodySchema = z
  .object({
    description: requiredText(200),
    maxAmountCents: amount,
    validFrom: isoDateSchema,
    validTo: isoDateSchema,
  })
  .superRefine((body, context) => {
    if (body.validFrom <= body.validTo) return;
    context.addIssue({
      code: 'custom',
      message: 'dateRange',
      params: { rule: 'dateRange' },
      path: ['validTo'],
      input: body.validTo,
    });
  });
export type ExpenseAuthorisationBody = z.input<typeof expenseAuthorisationBodySchema>;

export const expenseAuthorisationSchema = z.object({
  id: z.number().int(),
  shopId: z.number().int(),
  description: z.string(),
  maxAmountCents: z.number().int(),
  /** Entered so far against it. */
  usedCents: z.number().int(),
  validFrom: isoDateSchema,
  validTo: isoDateSchema,
  authorisedBy: z.string().nullable(),
  createdAt: z.string(),
  revokedAt: z.string().nullable(),
});
export type ExpenseAuthorisation = z.infer<typeof expenseAuthorisationSchema>;
export const expenseAuthorisationAnswerSchema = dataOf(expenseAuthorisationSchema);
export const expenseAuthorisationsAnswerSchema = dataOf(z.array(expenseAuthorisationSchema));
export const expenseAuthorisationsQuerySchema = z.object({
  /** Only those usable on this day (valid, not revoked, something left). */
  date: isoDateSchema.optional(),
});
export const expenseAuthorisationParamsSchema = z.object({
  id: z.coerce.number().int().positive(),
  authorisationId: z.coerce.number().int().positive(),
});

export const expenseBodySchema = z.object({
  authorisationId: z.number().int().positive(),
  amountCents: amount,
  comments: text(500, { multiLine: true }).default(''),
});
export type ExpenseBody = z.input<typeof expenseBodySchema>;

export const expenseSchema = z.object({
  id: z.number().int(),
  reportId: z.number().int(),
  shopId: z.number().int(),
  authorisationId: z.number().int(),
  authorisation: z.string(),
  amountCents: z.number().int(),
  comments: z.string(),
  date: isoDateSchema,
  insertedBy: z.string().nullable(),
  blocked: z.boolean(),
  /** When accounting convalidated it (fixed from then on), or null. */
  convalidatedAt: z.string().nullable(),
  createdAt: z.string(),
});
export type Expense = z.infer<typeof expenseSchema>;
export const expenseAnswerSchema = dataOf(expenseSchema);
export const expensesAnswerSchema = dataOf(z.array(expenseSchema));
export const expenseParamsSchema = z.object({
  reportId: z.coerce.number().int().positive(),
  expenseId: z.coerce.number().int().positive(),
});

// ——— Costs incurred (spec §2 costsIncurred/convalidate and archive, §4): accounting convalidates the expenses the
// shops entered in their closed cash reports; until then it may correct (amount within the authorisation, comments) or
// delete them; once convalidated they are fixed and in the archive.

export const costIncurredStates = ['toConvalidate', 'convalidated'] as const;
export type CostIncurredState = (typeof costIncurredStates)[number];

export const costIncurredSchema = z.object({
  id: z.number().int(),
  shopId: z.number().int(),
  shopCode: z.string(),
  shopName: z.string(),
  date: isoDateSchema,
  amountCents: z.number().int(),
  comments: z.string(),
  insertedBy: z.string().nullable(),
  blocked: z.boolean(),
  /** The management authorisation it was entered against, with what is left of it now. */
  authorisation: z.object({
    id: z.number().int(),
    description: z.string(),
    maxAmountCents: z.number().int(),
    usedCents: z.number().int(),
    leftCents: z.number().int(),
    authorisedBy: z.string().nullable(),
  }),
  /** The cash report it is in, and the report's attachments (the photos of the day's slips and receipts). */
  report: z.object({ id: z.number().int(), status: z.enum(cashReportStatuses) }),
  attachments: z.array(z.object({ id: z.number().int(), fileName: z.string(), contentType: z.string() })),
  convalidatedAt: z.string().nullable(),
  convalidatedBy: z.string().nullable(),
});
export type CostIncurred = z.infer<typeof costIncurredSchema>;
export const costIncurredAnswerSchema = dataOf(costIncurredSchema);

export const costsIncurredQuerySchema = paginationQuerySchema.extend({
  shopId: z.coerce.number().int().positive().optional(),
  month: isoMonthSchema.optional(),
});
export type CostsIncurredQuery = z.input<typeof costsIncurredQuerySchema>;
export const costsIncurredPageSchema = pageOf(costIncurredSchema).extend({
  /** The sum of every expense the filters select, not only this page's. */
  totals: z.object({ amountCents: z.number().int(), count: z.number().int() }),
});
export type CostsIncurredPage = z.infer<typeof costsIncurredPageSchema>;

/** The archive: a month of convalidated expenses, by shop. */
export const costsArchiveQuerySchema = costsIncurredQuerySchema.omit({ month: true }).extend({ month: isoMonthSchema });
export type CostsArchiveQuery = z.input<typeof costsArchiveQuerySchema>;
export const costsArchivePageSchema = costsIncurredPageSchema.extend({
  /** Each shop's total of the month, in shop code order. */
  shops: z.array(
    z.object({
      shopId: z.number().int(),
      shopCode: z.string(),
      shopName: z.string(),
      amountCents: z.number().int(),
      count: z.number().int(),
    }),
  ),
});
export type CostsArchivePage = z.infer<typeof costsArchivePageSchema>;
export const costsArchiveExportQuerySchema = costsArchiveQuerySchema.omit({ page: true, perPage: true });
export type CostsArchiveExportQuery = z.input<typeof costsArchiveExportQuerySchema>;

/** Convalidates one expense or several at once (all or none). */
export const costsConvalidateBodySchema = z.object({
  ids: z
    .array(z.number().int().positive())
    .min(1)
    .max(200)
    .refine((ids) => new Set(ids).size === ids.length, { message: 'distinct' }),
});
export type CostsConvalidateBody = z.input<typeof costsConvalidateBodySchema>;
export const costsConvalidatedAnswerSchema = dataOf(z.object({ convalidated: z.number().int() }));

/** Accounting's correction before convalidation: the amount (within the authorisation) and the comments. */
export const costIncurredBodySchema = z.object({
  amountCents: amount,
  comments: text(500, { multiLine: true }).default(''),
});
export type CostIncurredBody = z.input<typeof costIncurredBodySchema>;
