import { z } from 'zod';
import { dataOf, isoDateSchema, requiredText, text } from './common';

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
  createdAt: z.string(),
});
export type Expense = z.infer<typeof expenseSchema>;
export const expenseAnswerSchema = dataOf(expenseSchema);
export const expensesAnswerSchema = dataOf(z.array(expenseSchema));
export const expenseParamsSchema = z.object({
  reportId: z.coerce.number().int().positive(),
  expenseId: z.coerce.number().int().positive(),
});
