import { z } from 'zod';
import { dataOf, isoDateSchema, requiredText } from './common';
import { isoMonthSchema, monthDays } from './dates';

// Balances (spec §3 Balance, §6 Shops › bank › balances view/edit/generate): a shop's cash at a date, the cash fund
// kept in the till plus the cash still to deposit. Accounting generates each shop's balance at a month's end from the
// reports and deposits, and may correct one with a reason; the figure computed live stays beside it.

export const balanceSources = ['generated', 'edited'] as const;
export type BalanceSource = (typeof balanceSources)[number];

/** A correction: at most ±€10,000,000.00 (a balance may be negative when more was deposited than recorded). */
const amount = z.number().int().min(-1_000_000_000).max(1_000_000_000);

/** A month-end balance as stored: what generation computed and the amount that stands (the same unless edited). */
export const storedBalanceSchema = z.object({
  id: z.number().int(),
  shopId: z.number().int(),
  /** The month's last day. */
  date: isoDateSchema,
  amountCents: z.number().int(),
  computedCents: z.number().int(),
  source: z.enum(balanceSources),
  /** Why the amount was corrected (edited only). */
  reason: z.string().nullable(),
  generatedBy: z.string().nullable(),
  editedBy: z.string().nullable(),
  updatedAt: z.string(),
});
export type StoredBalance = z.infer<typeof storedBalanceSchema>;

/** A shop's balance at a date, computed live. */
export const liveBalanceSchema = z.object({
  shopId: z.number().int(),
  shopCode: z.string(),
  shopName: z.string(),
  /** The cash fund of the shop's latest closed report on or before the date (0 without one). */
  cashFundCents: z.number().int(),
  /** The closed reports' cash less the deposits, up to the end of the date. */
  cashToDepositCents: z.number().int(),
  /** cashFundCents + cashToDepositCents. */
  balanceCents: z.number().int(),
});
export type LiveBalance = z.infer<typeof liveBalanceSchema>;

export const balancesQuerySchema = z.object({
  /** The balance at the end of this day; today when absent (a later day is read as today). */
  date: isoDateSchema.optional(),
});

/** Every shop of the viewer at a date, with the balance stored for that month's end when it was generated. */
export const balancesAnswerSchema = dataOf(
  z.object({
    date: isoDateSchema,
    /** The last day of the date's month: the stored balances beside the live ones are of this day. */
    monthEnd: isoDateSchema,
    shops: z.array(liveBalanceSchema.extend({ stored: storedBalanceSchema.nullable() })),
    totals: z.object({
      cashFundCents: z.number().int(),
      cashToDepositCents: z.number().int(),
      balanceCents: z.number().int(),
    }),
  }),
);
export type Balances = z.infer<typeof balancesAnswerSchema>['data'];

export const balanceMonthQuerySchema = z.object({ month: isoMonthSchema });

/** The month-end balances stored for a month, each with the figure computed live now (a difference shows a change). */
export const balanceMonthAnswerSchema = dataOf(
  z.object({
    month: isoMonthSchema,
    monthEnd: isoDateSchema,
    /** Whether the month is over (business clock): only then can it be generated. */
    ended: z.boolean(),
    balances: z.array(
      storedBalanceSchema.extend({ shopCode: z.string(), shopName: z.string(), liveCents: z.number().int() }),
    ),
  }),
);
export type BalanceMonth = z.infer<typeof balanceMonthAnswerSchema>['data'];
export type BalanceMonthRow = BalanceMonth['balances'][number];

export const balanceGenerateBodySchema = z.object({ month: isoMonthSchema });
export type BalanceGenerateBody = z.input<typeof balanceGenerateBodySchema>;
export const balanceGenerateAnswerSchema = dataOf(
  z.object({
    month: isoMonthSchema,
    /** Rows written for the first time. */
    created: z.number().int(),
    /** Rows whose figures changed (an edited row keeps its amount: only its computed figure moves). */
    updated: z.number().int(),
    unchanged: z.number().int(),
  }),
);
export type BalanceGenerateResult = z.infer<typeof balanceGenerateAnswerSchema>['data'];

export const balanceEditBodySchema = z.object({
  amountCents: amount,
  reason: requiredText(500, { multiLine: true }),
});
export type BalanceEditBody = z.input<typeof balanceEditBodySchema>;
export const balanceAnswerSchema = dataOf(storedBalanceSchema);

/** A month can be generated once its last day is over: the business day is after it. */
export function isMonthEnded(month: string, today: string): boolean {
  return monthDays(month).to < today;
}
