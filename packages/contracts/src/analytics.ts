import { z } from 'zod';
import { dataOf, isoDateSchema } from './common';
import { addDays } from './dates';
import { periodDays } from './reports';

// The sales report (spec §2 Accountancy › shops/analytics; §6 Shops › analytics › sales report): any period and any
// set of shops, read from the sales feed's kept aggregates (sales_days, sales_day_hours), against the same weekdays a
// year before. Money in cents.

/** The longest period the report covers: two years (a leap year's day included). */
export const salesReportMaxDays = 731;

/** A year before, aligned by weekday: 52 weeks back, so a Saturday is compared with a Saturday. */
export const yearOverYearDays = 364;

/** The same period a year before, on the same weekdays. */
export function previousYearPeriod(period: { from: string; to: string }): { from: string; to: string } {
  return { from: addDays(period.from, -yearOverYearDays), to: addDays(period.to, -yearOverYearDays) };
}

/** Shop ids as the address carries them: `3,7,12` (at most 500); every shop the viewer reaches when absent. */
const shopIdListSchema = z
  .string()
  .regex(/^\d{1,9}(,\d{1,9}){0,499}$/)
  .transform((value) => [...new Set(value.split(',').map(Number))]);

const salesReportPeriod = {
  from: isoDateSchema,
  to: isoDateSchema,
  shops: shopIdListSchema.optional(),
};

function periodIsValid(query: { from: string; to: string }, context: z.RefinementCtx): void {
  const days = periodDays(query.from, query.to);
  if (days < 1 || days > salesReportMaxDays) {
    context.addIssue({ code: 'custom', path: ['to'], message: 'invalid' });
  }
}

export const salesReportQuerySchema = z.object(salesReportPeriod).superRefine(periodIsValid);
export type SalesReportQuery = z.infer<typeof salesReportQuerySchema>;

export const salesReportExportFormats = ['csv', 'xlsx'] as const;
export const salesReportExportQuerySchema = z
  .object({ ...salesReportPeriod, format: z.enum(salesReportExportFormats).default('csv') })
  .superRefine(periodIsValid);

/** What the kept aggregates add up to over some days and shops. */
export const salesSumsSchema = z.object({
  /** Sales less returns. */
  takingsCents: z.number().int(),
  /** Sales receipts (returns and cancelled ones count apart). */
  receipts: z.number().int(),
  /** Pieces sold less pieces returned. */
  pieces: z.number().int(),
  returnsCount: z.number().int(),
  /** Money given back on returns, as a positive amount. */
  returnsCents: z.number().int(),
  /** Discounts given (the receipts' and their lines'), less those a return gave back. */
  discountCents: z.number().int(),
  cancelledCount: z.number().int(),
  cancelledCents: z.number().int(),
  /** The payment mix. */
  cashCents: z.number().int(),
  creditCardCents: z.number().int(),
  bancomatCents: z.number().int(),
  voucherCents: z.number().int(),
  otherCents: z.number().int(),
});
export type SalesSums = z.infer<typeof salesSumsSchema>;

export const salesSumKeys = Object.keys(salesSumsSchema.shape) as (keyof SalesSums)[];

export const salesFiguresSchema = salesSumsSchema.extend({
  /** Takings per receipt, rounded to the cent; null without receipts. */
  averageReceiptCents: z.number().int().nullable(),
  /** Pieces per receipt to two decimals; null without receipts. */
  piecesPerReceipt: z.number().nullable(),
});
export type SalesFigures = z.infer<typeof salesFiguresSchema>;

export function emptySalesSums(): SalesSums {
  return Object.fromEntries(salesSumKeys.map((key) => [key, 0])) as SalesSums;
}

/** Adds `more` into `into`. */
export function addSalesSums(into: SalesSums, more: SalesSums): SalesSums {
  for (const key of salesSumKeys) into[key] += more[key];
  return into;
}

/** The sums with their averages, computed once, here, for the server, the screen and the tests. */
export function salesFigures(sums: SalesSums): SalesFigures {
  return {
    ...sums,
    averageReceiptCents: sums.receipts > 0 ? Math.round(sums.takingsCents / sums.receipts) : null,
    piecesPerReceipt: sums.receipts > 0 ? Math.round((sums.pieces / sums.receipts) * 100) / 100 : null,
  };
}

/**
 * Budget against actual: the daily budgets of the budgeted shop-days in the period (budgets of any state: the month as
 * it stands), and the takings of those same shop-days — so a period reaching past the budgeted months, or a shop
 * without a budget, does not count against it. Over a month still running it reads as progress: the days to come
 * have their budget and no takings yet.
 */
export const budgetAgainstActualSchema = z.object({
  budgetCents: z.number().int(),
  takingsCents: z.number().int(),
});
export type BudgetAgainstActual = z.infer<typeof budgetAgainstActualSchema>;

/** Takings as a share of the budget, in whole per cent; null without a budget. */
export function budgetShare(budget: BudgetAgainstActual | null): number | null {
  return budget && budget.budgetCents > 0 ? Math.round((budget.takingsCents / budget.budgetCents) * 100) : null;
}

export const salesReportDaySchema = salesFiguresSchema.extend({
  date: isoDateSchema,
  /** The same weekday a year before, and its takings. */
  previousDate: isoDateSchema,
  previousTakingsCents: z.number().int(),
  /** The shops' budgets of the day; null when none of them has one. */
  budgetCents: z.number().int().nullable(),
});
export type SalesReportDay = z.infer<typeof salesReportDaySchema>;

/** One cell of the heat map: a weekday (ISO, 1 Monday … 7 Sunday) at an hour of issue (0–23, Italian time). */
export const salesHeatCellSchema = z.object({
  weekday: z.number().int().min(1).max(7),
  hour: z.number().int().min(0).max(23),
  receipts: z.number().int(),
  takingsCents: z.number().int(),
});
export type SalesHeatCell = z.infer<typeof salesHeatCellSchema>;

export const salesReportShopSchema = z.object({
  shopId: z.number().int(),
  shopCode: z.string(),
  shopName: z.string(),
  current: salesFiguresSchema,
  previous: salesFiguresSchema,
  /** Null when the shop has no budget in the period. */
  budget: budgetAgainstActualSchema.nullable(),
});
export type SalesReportShop = z.infer<typeof salesReportShopSchema>;

export const salesReportSchema = z.object({
  period: z.object({ from: isoDateSchema, to: isoDateSchema }),
  previousPeriod: z.object({ from: isoDateSchema, to: isoDateSchema }),
  /** The shops the report covers: those asked for, or every shop the viewer reaches. */
  shopIds: z.array(z.number().int()),
  current: salesFiguresSchema,
  previous: salesFiguresSchema,
  /** Null when no shop of the report has a budget in the period. */
  budget: budgetAgainstActualSchema.nullable(),
  /** Every day of the period, days without sales at zero. */
  days: z.array(salesReportDaySchema),
  /** The period's cells with sales; the others are empty. */
  heatMap: z.array(salesHeatCellSchema),
  /** Per shop, by code. */
  shops: z.array(salesReportShopSchema),
});
export type SalesReport = z.infer<typeof salesReportSchema>;
export const salesReportAnswerSchema = dataOf(salesReportSchema);
