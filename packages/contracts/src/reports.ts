import { z } from 'zod';
import { cashReportStatuses } from './cash-register';
import { dataOf, isoDateSchema } from './common';
import { depositStates } from './deposits';

// Accounting's reports (spec §2 Accountancy › report/firstNote, report/comparison; §6 Shops › analytics: first note,
// compare inventory). Money in cents.

/** The longest period either report covers: a year and a day (a leap year's 366 days). */
export const reportMaxDays = 366;

const dayMs = 86_400_000;

/** Days from `from` to `to`, both counted. */
export function periodDays(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / dayMs) + 1;
}

/** The period's refinement: `to` not before `from`, and no longer than reportMaxDays. */
function periodIsValid(period: { from: string; to: string }, context: z.RefinementCtx, prefix = ''): void {
  const days = periodDays(period.from, period.to);
  if (days < 1 || days > reportMaxDays) {
    context.addIssue({ code: 'custom', path: [prefix ? `${prefix}To` : 'to'], message: 'invalid' });
  }
}

// ——— First note (prima nota) ———

export const firstNoteQuerySchema = z
  .object({ from: isoDateSchema, to: isoDateSchema })
  .superRefine((query, context) => periodIsValid(query, context));
export type FirstNoteQuery = z.infer<typeof firstNoteQuerySchema>;

export const firstNoteExportQuerySchema = z
  .object({ from: isoDateSchema, to: isoDateSchema, format: z.enum(['csv', 'xlsx']).default('csv') })
  .superRefine((query, context) => periodIsValid(query, context));

export const firstNoteDepositSchema = z.object({
  id: z.number().int(),
  amountCents: z.number().int(),
  state: z.enum(depositStates),
  /** The bank credits a convalidated deposit arrived in. */
  bankLines: z.array(
    z.object({
      id: z.number().int(),
      bookingDate: isoDateSchema,
      amountCents: z.number().int(),
      description: z.string(),
    }),
  ),
});
export type FirstNoteDeposit = z.infer<typeof firstNoteDepositSchema>;

export const firstNoteDaySchema = z.object({
  date: isoDateSchema,
  /** The day's cash report, whatever its state; only a closed one's figures enter the book. */
  reportId: z.number().int().nullable(),
  reportStatus: z.enum(cashReportStatuses).nullable(),
  /** The closed report's takings by payment type; zero for a day without a closed report. */
  totalCents: z.number().int(),
  /** Cash taken, before the till expenses (the report's daily cash is after them). */
  cashCents: z.number().int(),
  creditCardCents: z.number().int(),
  bancomatCents: z.number().int(),
  vouchersCents: z.number().int(),
  /** What the total holds beyond cash, cards and vouchers. */
  otherCents: z.number().int(),
  expenses: z.array(z.object({ id: z.number().int(), description: z.string(), amountCents: z.number().int() })),
  expensesCents: z.number().int(),
  deposits: z.array(firstNoteDepositSchema),
  depositsCents: z.number().int(),
  /** The cash fund left in the till at the end of the day (the closed report's); null without one. */
  cashFundCents: z.number().int().nullable(),
  /** Cash still to deposit at the end of the day (the cash to deposit statement). */
  balanceCents: z.number().int(),
});
export type FirstNoteDay = z.infer<typeof firstNoteDaySchema>;

export const firstNoteTotalsSchema = z.object({
  totalCents: z.number().int(),
  cashCents: z.number().int(),
  creditCardCents: z.number().int(),
  bancomatCents: z.number().int(),
  vouchersCents: z.number().int(),
  otherCents: z.number().int(),
  expensesCents: z.number().int(),
  depositsCents: z.number().int(),
});
export type FirstNoteTotals = z.infer<typeof firstNoteTotalsSchema>;

export const firstNoteSchema = z.object({
  shop: z.object({ id: z.number().int(), code: z.string(), name: z.string() }),
  from: isoDateSchema,
  to: isoDateSchema,
  /** Cash to deposit carried in from the day before `from`, and left at the end of `to`. */
  openingCents: z.number().int(),
  closingCents: z.number().int(),
  /** The cash fund at the start (the last closed report before `from`) and at the end of the period. */
  openingFundCents: z.number().int(),
  closingFundCents: z.number().int(),
  days: z.array(firstNoteDaySchema),
  totals: firstNoteTotalsSchema,
});
export type FirstNote = z.infer<typeof firstNoteSchema>;
export const firstNoteAnswerSchema = dataOf(firstNoteSchema);

/** The totals of some days, summed. */
export function firstNoteTotals(days: FirstNoteDay[]): FirstNoteTotals {
  const totals: FirstNoteTotals = {
    totalCents: 0,
    cashCents: 0,
    creditCardCents: 0,
    bancomatCents: 0,
    vouchersCents: 0,
    otherCents: 0,
    expensesCents: 0,
    depositsCents: 0,
  };
  for (const day of days) {
    for (const key of Object.keys(totals) as (keyof FirstNoteTotals)[]) totals[key] += day[key];
  }
  return totals;
}

/**
 * A closed report's takings by payment type: its daily cash is after the till expenses, so the cash taken is that
 * plus the expenses; what the total holds beyond cash, cards and vouchers is the rest ("others").
 */
export function takingsByPayment(report: {
  totalCents: number | null;
  dailyCashCents: number | null;
  creditCardCents: number | null;
  bancomatCents: number | null;
  vouchersCents: number | null;
  expensesCents: number;
}): Pick<
  FirstNoteDay,
  'totalCents' | 'cashCents' | 'creditCardCents' | 'bancomatCents' | 'vouchersCents' | 'otherCents'
> {
  const totalCents = report.totalCents ?? 0;
  const cashCents = (report.dailyCashCents ?? 0) + report.expensesCents;
  const creditCardCents = report.creditCardCents ?? 0;
  const bancomatCents = report.bancomatCents ?? 0;
  const vouchersCents = report.vouchersCents ?? 0;
  return {
    totalCents,
    cashCents,
    creditCardCents,
    bancomatCents,
    vouchersCents,
    otherCents: totalCents - cashCents - creditCardCents - bancomatCents - vouchersCents,
  };
}

// ——— Comparison (compare inventory) ———

export const comparisonQuerySchema = z
  .object({
    /** One shop; every shop the viewer reaches when absent. */
    shopId: z.coerce.number().int().positive().optional(),
    from: isoDateSchema,
    to: isoDateSchema,
    againstFrom: isoDateSchema,
    againstTo: isoDateSchema,
  })
  .superRefine((query, context) => {
    periodIsValid(query, context);
    periodIsValid({ from: query.againstFrom, to: query.againstTo }, context, 'against');
  });
export type ComparisonQuery = z.infer<typeof comparisonQuerySchema>;

export const comparisonFiguresSchema = z.object({
  /** Sales feed (system register): takings net of returns, receipts, pieces, returns. */
  takingsCents: z.number().int(),
  receipts: z.number().int(),
  /** Takings per receipt, rounded to the cent; null without receipts. */
  averageReceiptCents: z.number().int().nullable(),
  /** Pieces per receipt to two decimals; null without receipts. */
  piecesPerReceipt: z.number().nullable(),
  returnsCount: z.number().int(),
  returnsCents: z.number().int(),
  /** The fiscal printers' closes. */
  fiscalCents: z.number().int(),
  /** The bank: cards settled (the POS archive, accepted less reversed) and cash deposited. */
  posSettledCents: z.number().int(),
  depositsCents: z.number().int(),
  bankCents: z.number().int(),
});
export type ComparisonFigures = z.infer<typeof comparisonFiguresSchema>;

export const comparisonShopSchema = z.object({
  shopId: z.number().int(),
  shopCode: z.string(),
  shopName: z.string(),
  current: comparisonFiguresSchema,
  against: comparisonFiguresSchema,
});

export const comparisonSchema = z.object({
  period: z.object({ from: isoDateSchema, to: isoDateSchema }),
  against: z.object({ from: isoDateSchema, to: isoDateSchema }),
  current: comparisonFiguresSchema,
  previous: comparisonFiguresSchema,
  /** Day by day takings, the n-th day of each period side by side (the chart). */
  days: z.array(
    z.object({
      index: z.number().int(),
      date: isoDateSchema.nullable(),
      againstDate: isoDateSchema.nullable(),
      takingsCents: z.number().int().nullable(),
      againstTakingsCents: z.number().int().nullable(),
    }),
  ),
  shops: z.array(comparisonShopSchema),
});
export type Comparison = z.infer<typeof comparisonSchema>;
export const comparisonAnswerSchema = dataOf(comparisonSchema);

/** Figures from the summed feeds: the averages computed once, here, for the server and the tests. */
export function comparisonFigures(sums: {
  takingsCents: number;
  receipts: number;
  pieces: number;
  returnsCount: number;
  returnsCents: number;
  fiscalCents: number;
  posSettledCents: number;
  depositsCents: number;
}): ComparisonFigures {
  return {
    takingsCents: sums.takingsCents,
    receipts: sums.receipts,
    averageReceiptCents: sums.receipts > 0 ? Math.round(sums.takingsCents / sums.receipts) : null,
    piecesPerReceipt: sums.receipts > 0 ? Math.round((sums.pieces / sums.receipts) * 100) / 100 : null,
    returnsCount: sums.returnsCount,
    returnsCents: sums.returnsCents,
    fiscalCents: sums.fiscalCents,
    posSettledCents: sums.posSettledCents,
    depositsCents: sums.depositsCents,
    bankCents: sums.posSettledCents + sums.depositsCents,
  };
}

/** The change from `before` to `now` in percent to one decimal; null when there is nothing to compare with. */
export function changePercent(now: number | null, before: number | null): number | null {
  if (now === null || before === null || before === 0) return null;
  return Math.round(((now - before) / Math.abs(before)) * 1000) / 10;
}
