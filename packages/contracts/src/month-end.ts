import { z } from 'zod';
import { dataOf, isoDateSchema, requiredText } from './common';
import { isoMonthSchema } from './dates';

// Month end (issue 22, spec §4 Monthly reports, §8 accounting transmission errors): each shop's month is convalidated
// by accounting after three checks — total compensation (the daily reports against the fiscal printer's closes),
// total POS (the reports against the acquirer's settlement) and total cash (the reports' cash against the deposits
// the bank confirmed) — then transmitted to the accounting system, after which it shows as confirmed.

export const monthChecks = ['compensation', 'pos', 'cash'] as const;
export type MonthCheck = (typeof monthChecks)[number];

/** Why a day fails a check. */
export const monthDayProblems = [
  // compensation
  'reportNotClosed',
  'fiscalCloseMissing',
  'reportWithoutFiscalClose',
  'compensationDiffers',
  // pos
  'posDiffers',
  // cash
  'cashNotDeposited',
  'depositNotConfirmed',
] as const;
export type MonthDayProblem = (typeof monthDayProblems)[number];

export const monthDaySchema = z.object({
  date: isoDateSchema,
  problem: z.enum(monthDayProblems),
  /** What the shop's report says and what the other side says, when the problem is a difference. */
  reportCents: z.number().int().nullable(),
  otherCents: z.number().int().nullable(),
});
export type MonthDay = z.infer<typeof monthDaySchema>;

export const monthCheckSchema = z.object({
  check: z.enum(monthChecks),
  ok: z.boolean(),
  days: z.array(monthDaySchema),
});
export type MonthCheckResult = z.infer<typeof monthCheckSchema>;

/** The journal entries of a month as the accounting system receives them (spec §8 names each kind's error). */
export const accountingEntryKinds = [
  'dailyCompensation',
  'totalCompensation',
  'net',
  'vat',
  'gross',
  'vatMovement',
  'debitCredit',
] as const;
export type AccountingEntryKind = (typeof accountingEntryKinds)[number];

export const monthStates = ['open', 'transmitting', 'confirmed', 'refused'] as const;
export type MonthState = (typeof monthStates)[number];

export const monthRefusalSchema = z.object({
  /** The entry's line in the transmitted file. */
  line: z.number().int(),
  kind: z.enum(accountingEntryKinds),
  /** The accounting system's own words, kept as it said them. */
  message: z.string(),
});
export type MonthRefusal = z.infer<typeof monthRefusalSchema>;

export const shopMonthSchema = z.object({
  shopId: z.number().int(),
  shopCode: z.string(),
  shopName: z.string(),
  month: isoMonthSchema,
  /** The month is over (it can be convalidated only then). */
  ended: z.boolean(),
  checks: z.array(monthCheckSchema),
  state: z.enum(monthStates),
  convalidatedBy: z.string().nullable(),
  convalidatedAt: z.string().nullable(),
  transmittedAt: z.string().nullable(),
  /** The entries the accounting system refused at the last transmission. */
  refusals: z.array(monthRefusalSchema),
});
export type ShopMonth = z.infer<typeof shopMonthSchema>;

export const monthQuerySchema = z.object({ month: isoMonthSchema });
export const monthParamsSchema = z.object({ shopId: z.coerce.number().int().positive(), month: isoMonthSchema });
export const shopMonthsAnswerSchema = dataOf(z.array(shopMonthSchema));
export const shopMonthAnswerSchema = dataOf(shopMonthSchema);
export const monthReopenBodySchema = z.object({ reason: requiredText(500, { multiLine: true }) });
export type MonthReopenBody = z.infer<typeof monthReopenBodySchema>;
