// Budgets (issue 23, spec §3 Budget, §5 budget rounding): the rules a month's budget is made with, shared by the
// server (which stores what they give) and the screen (which shows them while the area manager types). Money is
// integer cents.
import { z } from 'zod';
import { dataOf, isoDateSchema, pageOf, paginationQuerySchema, text } from './common';
import { isoMonthSchema, isoWeekday } from './dates';

/**
 * How each weekday sells, Monday first: last year's takings of the same month summed per ISO weekday and divided by
 * how many of that weekday had takings. A weekday that sold nothing weighs 0; with no history at all every weekday
 * weighs the same.
 */
export function weekdayShape(lastYear: readonly { date: string; cents: number }[]): number[] {
  const sums = Array.from({ length: 7 }, () => 0);
  const counts = Array.from({ length: 7 }, () => 0);
  for (const day of lastYear) {
    if (day.cents <= 0) continue;
    const index = isoWeekday(day.date) - 1;
    sums[index] = (sums[index] ?? 0) + day.cents;
    counts[index] = (counts[index] ?? 0) + 1;
  }
  const shape = sums.map((sum, index) => ((counts[index] ?? 0) > 0 ? sum / (counts[index] as number) : 0));
  return shape.some((weight) => weight > 0) ? shape : Array.from({ length: 7 }, () => 1);
}

/**
 * The month's budget spread over its open days by the weekday shape, to the cent: each open day gets its weekday's
 * share, rounded down, and the cents left go one by one to the days whose share lost most in the rounding (the
 * earliest first on a tie), so the days always add up to the month. Closed days get nothing; when the shape gives
 * every open day 0, they share it equally.
 */
export function spreadBudget(options: {
  totalCents: number;
  days: readonly { date: string; open: boolean }[];
  shape: readonly number[];
}): { date: string; cents: number }[] {
  const open = options.days.filter((day) => day.open);
  const weights = open.map((day) => options.shape[isoWeekday(day.date) - 1] ?? 0);
  const weightSum = weights.reduce((sum, weight) => sum + weight, 0);
  const shares =
    weightSum > 0
      ? weights.map((weight) => (options.totalCents * weight) / weightSum)
      : open.map(() => options.totalCents / Math.max(open.length, 1));
  const cents = shares.map((share) => Math.floor(share));
  let left = options.totalCents - cents.reduce((sum, value) => sum + value, 0);
  const byLoss = shares
    .map((share, index) => ({ index, loss: share - Math.floor(share) }))
    .sort((left, right) => right.loss - left.loss || left.index - right.index);
  for (const { index } of byLoss) {
    if (left <= 0) break;
    cents[index] = (cents[index] ?? 0) + 1;
    left -= 1;
  }
  const byDate = new Map(open.map((day, index) => [day.date, cents[index] ?? 0]));
  return options.days.map((day) => ({ date: day.date, cents: byDate.get(day.date) ?? 0 }));
}

/**
 * Spec §5: the rounding prompt offers a budget as a whole amount — to the euro, to ten and to a hundred euro (the
 * nearest of each) — leaving out what equals the amount typed or an option already offered.
 */
export function roundingOptions(cents: number): number[] {
  const options = [100, 1_000, 10_000].map((step) => Math.round(cents / step) * step);
  return [...new Set(options)].filter((option) => option !== cents && option > 0);
}

/** Last year's figure raised (or lowered) by a percentage, to the cent: "copy from last year +5 %". */
export function fromLastYear(lastYearCents: number, percent: number): number {
  return Math.round((lastYearCents * (100 + percent)) / 100);
}

// ——— A shop's month (spec §4 Budget) ———

/**
 * Created, or edited after it was sent or confirmed (a draft either way: the shop sees nothing yet); sent to the
 * shop; confirmed by the shop's staff. `none` is a month without a budget yet.
 */
export const budgetStates = ['created', 'edited', 'sent', 'confirmed'] as const;
export type BudgetState = (typeof budgetStates)[number];
export type BudgetMonthState = BudgetState | 'none';

/**
 * The budget's moves, one table: what each move turns each state into. A state a move does not list refuses it —
 * sending what is already sent or confirmed is §8 "budget already sent" (nothing changed since), confirming what is
 * not sent is budgetNotSent. Saving a sent or confirmed budget makes it edited again, to be sent and confirmed again.
 */
export const budgetTransitions = {
  save: { none: 'created', created: 'created', edited: 'edited', sent: 'edited', confirmed: 'edited' },
  send: { created: 'sent', edited: 'sent' },
  confirm: { sent: 'confirmed' },
} as const satisfies Record<string, Partial<Record<BudgetMonthState, BudgetState>>>;
export type BudgetAction = keyof typeof budgetTransitions;

/** The state a move leads to from `from`, or null when the move is refused there. */
export function nextBudgetState(from: BudgetMonthState, action: BudgetAction): BudgetState | null {
  return (budgetTransitions[action] as Partial<Record<BudgetMonthState, BudgetState>>)[from] ?? null;
}

/** The sales budget's days after one day is edited: the month total is always their sum (the day drives). */
export function withDayEdited(
  days: readonly { date: string; cents: number }[],
  date: string,
  cents: number,
): { days: { date: string; cents: number }[]; totalCents: number } {
  const next = days.map((day) =>
    day.date === date ? { date: day.date, cents } : { date: day.date, cents: day.cents },
  );
  return { days: next, totalCents: next.reduce((sum, day) => sum + day.cents, 0) };
}

/** Last year's average receipt (cents) and pieces per receipt (hundredths), 0 without receipts. */
export function receiptAverages(figures: { takingsCents: number; receiptsCount: number; pieces: number }): {
  averageReceiptCents: number;
  piecesPerReceipt: number;
} {
  if (figures.receiptsCount <= 0) return { averageReceiptCents: 0, piecesPerReceipt: 0 };
  return {
    averageReceiptCents: Math.round(figures.takingsCents / figures.receiptsCount),
    piecesPerReceipt: Math.round((figures.pieces * 100) / figures.receiptsCount),
  };
}

/** A month's sales budget: at most ten million euro. */
export const maxBudgetCents = 10_000_000_00;
const budgetCents = z.number().int().min(0).max(maxBudgetCents);

export const budgetParamsSchema = z.object({ shopId: z.coerce.number().int().positive(), month: isoMonthSchema });
export const budgetShopParamsSchema = z.object({ shopId: z.coerce.number().int().positive() });
export const budgetMonthQuerySchema = z.object({ month: isoMonthSchema });

/**
 * A save. The month total drives unless days are sent: `salesCents` alone is spread over the open days by last year's
 * weekday shape; `days` (every day of the month) are kept as typed and the total becomes their sum.
 */
export const budgetBodySchema = z
  .object({
    salesCents: budgetCents.optional(),
    days: z
      .array(z.object({ date: isoDateSchema, cents: budgetCents }))
      .max(31)
      .optional(),
    /** The average receipt value target, cents. */
    averageReceiptCents: z.number().int().min(0).max(100_000_00),
    /** The average pieces per receipt target, hundredths (2,35 pieces is 235). */
    piecesPerReceipt: z.number().int().min(0).max(100_00),
    notes: text(500, { multiLine: true }).default(''),
  })
  .superRefine((body, context) => {
    if ((body.salesCents === undefined) !== (body.days === undefined)) return;
    context.addIssue({
      code: 'custom',
      message: 'required',
      params: { rule: 'required' },
      path: ['salesCents'],
      input: body.salesCents,
    });
  });
export type BudgetBody = z.input<typeof budgetBodySchema>;

export const budgetDaySchema = z.object({
  date: isoDateSchema,
  /** Open by the shop's working hours and closures. */
  open: z.boolean(),
  /** The same ISO weekday 364 days earlier, and what it took. */
  lastYearDate: isoDateSchema,
  lastYearCents: z.number().int(),
  cents: z.number().int(),
});
export type BudgetDay = z.infer<typeof budgetDaySchema>;

export const budgetLastYearSchema = z.object({
  /** The same calendar month a year earlier. */
  month: isoMonthSchema,
  takingsCents: z.number().int(),
  receiptsCount: z.number().int(),
  pieces: z.number().int(),
  averageReceiptCents: z.number().int(),
  piecesPerReceipt: z.number().int(),
});

const byWhom = z.object({ by: z.string().nullable(), at: z.string() }).nullable();

export const budgetMonthSchema = z.object({
  shopId: z.number().int(),
  shopCode: z.string(),
  shopName: z.string(),
  month: isoMonthSchema,
  state: z.enum([...budgetStates, 'none']),
  salesCents: z.number().int(),
  averageReceiptCents: z.number().int(),
  piecesPerReceipt: z.number().int(),
  notes: z.string(),
  lastYear: budgetLastYearSchema,
  /** Last year's weekday shape (Monday first), what the month is spread by. */
  shape: z.array(z.number()).length(7),
  days: z.array(budgetDaySchema),
  created: byWhom,
  edited: byWhom,
  sent: byWhom,
  confirmed: byWhom,
});
export type BudgetMonth = z.infer<typeof budgetMonthSchema>;
export const budgetMonthAnswerSchema = dataOf(budgetMonthSchema);
export const budgetToConfirmAnswerSchema = dataOf(budgetMonthSchema.nullable());

/** Takings against the budget: today, and the month up to today included. */
export const budgetProgressSchema = z.object({
  today: isoDateSchema,
  todayCents: z.number().int(),
  todayBudgetCents: z.number().int(),
  monthToDateCents: z.number().int(),
  budgetToDateCents: z.number().int(),
  monthBudgetCents: z.number().int(),
});
export type BudgetProgress = z.infer<typeof budgetProgressSchema>;

/** Percent of a budget reached, null without a budget. */
export function budgetPercent(cents: number, budgetCents: number): number | null {
  return budgetCents > 0 ? Math.round((cents * 100) / budgetCents) : null;
}

export const budgetShopSchema = z.object({
  shopId: z.number().int(),
  shopCode: z.string(),
  shopName: z.string(),
  state: z.enum([...budgetStates, 'none']),
  salesCents: z.number().int(),
  lastYearCents: z.number().int(),
  /** Today's figures only for the current month; otherwise the month's whole figures. */
  progress: budgetProgressSchema,
});
export type BudgetShop = z.infer<typeof budgetShopSchema>;

export const budgetListQuerySchema = paginationQuerySchema.extend({
  month: isoMonthSchema,
  /** By shop code, or by the share of the budget reached to date, highest first (shops without a budget last). */
  sort: z.enum(['shop', 'progress']).default('shop'),
});
export const budgetListAnswerSchema = pageOf(budgetShopSchema);
export const budgetProgressAnswerSchema = dataOf(budgetProgressSchema.extend({ shopId: z.number().int() }));
export const budgetsSentAnswerSchema = dataOf(z.object({ sent: z.number().int() }));
