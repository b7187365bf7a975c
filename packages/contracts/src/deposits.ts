import { z } from 'zod';
import { cashReportStatuses } from './cash-register';
import { dataOf, isoDateSchema, pageOf, paginationQuerySchema, text } from './common';
import { isoMonthSchema } from './dates';

// Deposits (spec §3 Deposit, §4 Deposits, §5): the cash a shop takes to the bank. Shop staff record each one (date,
// amount, the employee who carried it with their deposit card, the shop, who registered it); accounting convalidates
// it against the bank's statement, after which it is fixed. Until then it can be edited or deleted.

export const depositStates = ['entered', 'convalidated'] as const;
export type DepositState = (typeof depositStates)[number];

/** One deposit: €0.01 to €1,000,000.00. */
const amount = z.number().int().min(1).max(1_000_000_00);

export const depositBodySchema = z.object({
  shopId: z.number().int().positive(),
  date: isoDateSchema,
  amountCents: amount,
  /** The employee who carried the cash to the bank (their deposit card is taken from their record). */
  carriedBy: z.number().int().positive(),
  comments: text(500, { multiLine: true }).default(''),
});
export type DepositBody = z.input<typeof depositBodySchema>;

export const depositSchema = z.object({
  id: z.number().int(),
  shopId: z.number().int(),
  shopCode: z.string(),
  shopName: z.string(),
  date: isoDateSchema,
  amountCents: z.number().int(),
  carriedBy: z.object({ id: z.number().int(), name: z.string() }).nullable(),
  /** The carrier's deposit card when the deposit was recorded: the bank's line names it. */
  cardNumber: z.string(),
  comments: z.string(),
  registeredBy: z.string().nullable(),
  createdAt: z.string(),
  state: z.enum(depositStates),
  convalidatedBy: z.string().nullable(),
  convalidatedAt: z.string().nullable(),
  /** The bank credits it arrived in, linked when accounting convalidated it (deposit/check). */
  bankLines: z.array(
    z.object({
      id: z.number().int(),
      bookingDate: isoDateSchema,
      amountCents: z.number().int(),
      description: z.string(),
    }),
  ),
});
export type Deposit = z.infer<typeof depositSchema>;
export const depositAnswerSchema = dataOf(depositSchema);

export const depositListQuerySchema = paginationQuerySchema.extend({
  shopId: z.coerce.number().int().positive().optional(),
  month: isoMonthSchema.optional(),
  state: z.enum(depositStates).optional(),
});
export type DepositListQuery = z.input<typeof depositListQuerySchema>;
/** The archive's CSV: a month of the deposits the filters select (a bounded file). */
export const depositExportQuerySchema = depositListQuerySchema
  .omit({ page: true, perPage: true, month: true })
  .extend({ month: isoMonthSchema });
export type DepositExportQuery = z.input<typeof depositExportQuerySchema>;
export const depositPageSchema = pageOf(depositSchema).extend({
  /** The sum of every deposit the filters select, not only this page's. */
  totals: z.object({ amountCents: z.number().int(), count: z.number().int() }),
});
export type DepositPage = z.infer<typeof depositPageSchema>;

/** The people of a shop who may carry its cash to the bank, with their deposit card. */
export const depositCarrierSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  cardNumber: z.string(),
});
export type DepositCarrier = z.infer<typeof depositCarrierSchema>;
export const depositCarriersAnswerSchema = dataOf(z.array(depositCarrierSchema));

// ——— Cash to deposit (shops/cashToDeposit) ———

/**
 * Per shop and day: the cash of the closed report (its daily cash, already net of the till expenses paid that day)
 * less the deposits of that day, and the running balance still to take to the bank. The balance is paid off oldest
 * first, so `waitingSince` is the first day whose cash is not all deposited yet.
 */
export const cashToDepositDaySchema = z.object({
  date: isoDateSchema,
  /** The day's report, if any: only a closed one's cash counts. */
  reportStatus: z.enum(cashReportStatuses).nullable(),
  /** The closed report's daily cash; null when the day has no closed report. */
  cashCents: z.number().int().nullable(),
  expensesCents: z.number().int(),
  depositsCents: z.number().int(),
  /** Still to deposit at the end of the day. */
  balanceCents: z.number().int(),
});
export type CashToDepositDay = z.infer<typeof cashToDepositDaySchema>;

export const cashToDepositShopSchema = z.object({
  shopId: z.number().int(),
  shopCode: z.string(),
  shopName: z.string(),
  balanceCents: z.number().int(),
  /** The oldest day whose cash is still (partly) in the shop; null when all is deposited. */
  waitingSince: isoDateSchema.nullable(),
  /** Days from waitingSince to today (business clock). */
  waitingDays: z.number().int().nullable(),
  lastDepositDate: isoDateSchema.nullable(),
});
export type CashToDepositShop = z.infer<typeof cashToDepositShopSchema>;
export const cashToDepositQuerySchema = paginationQuerySchema.extend({
  /** The balance at the end of this day; today when absent. */
  date: isoDateSchema.optional(),
});
export const cashToDepositPageSchema = pageOf(cashToDepositShopSchema).extend({
  totals: z.object({ balanceCents: z.number().int(), waitingShops: z.number().int() }),
  date: isoDateSchema,
});
export type CashToDepositPage = z.infer<typeof cashToDepositPageSchema>;

export const cashToDepositDaysQuerySchema = z.object({ month: isoMonthSchema });
export const cashToDepositDaysAnswerSchema = dataOf(
  z.object({
    shop: cashToDepositShopSchema,
    month: isoMonthSchema,
    /** The balance carried into the month's first day. */
    openingCents: z.number().int(),
    days: z.array(cashToDepositDaySchema),
  }),
);
export type CashToDepositDays = z.infer<typeof cashToDepositDaysAnswerSchema>['data'];

export const cashToDepositDayParamsSchema = z.object({
  id: z.coerce.number().int().positive(),
  date: isoDateSchema,
});
export const cashToDepositDayAnswerSchema = dataOf(
  z.object({
    shop: z.object({ id: z.number().int(), code: z.string(), name: z.string() }),
    date: isoDateSchema,
    report: z
      .object({
        id: z.number().int(),
        status: z.string(),
        totalCents: z.number().int().nullable(),
        posCents: z.number().int().nullable(),
        dailyCashCents: z.number().int().nullable(),
        cashFundCents: z.number().int().nullable(),
      })
      .nullable(),
    expenses: z.array(z.object({ id: z.number().int(), description: z.string(), amountCents: z.number().int() })),
    deposits: z.array(depositSchema),
    openingCents: z.number().int(),
    balanceCents: z.number().int(),
  }),
);
export type CashToDepositDayDetail = z.infer<typeof cashToDepositDayAnswerSchema>['data'];

/**
 * The running balance of cash still to deposit over consecutive days: each day adds its cash and takes away its
 * deposits. Deposits pay off the oldest cash first, so the cash still waiting at the end is the most recent cash:
 * walking back from the last day, `waitingSince` is the day where the cash taken since then first covers the
 * balance (null when nothing waits; `openingSince` when even all of the days' cash does not cover it).
 */
export function runCashToDeposit(options: {
  openingCents: number;
  /** The oldest day the opening balance has been waiting since, if any. */
  openingSince: string | null;
  days: { date: string; cashCents: number; depositsCents: number }[];
}): { balances: number[]; waitingSince: string | null } {
  let balance = options.openingCents;
  const balances = options.days.map((day) => {
    balance += day.cashCents - day.depositsCents;
    return balance;
  });
  if (balance <= 0) return { balances, waitingSince: null };
  let uncovered = balance;
  for (let index = options.days.length - 1; index >= 0; index -= 1) {
    const day = options.days[index] as { date: string; cashCents: number };
    if (day.cashCents <= 0) continue;
    uncovered -= day.cashCents;
    if (uncovered <= 0) return { balances, waitingSince: day.date };
  }
  return { balances, waitingSince: options.openingSince };
}
