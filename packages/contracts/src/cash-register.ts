import { z } from 'zod';
import { dataOf, isoDateSchema, pageOf, paginationQuerySchema, text } from './common';
import { isoMonthSchema, isoWeekSchema } from './dates';
import { fiscalCloseSources, paymentMethods } from './sales';

// The daily cash-register report of a shop (spec §3 Cash-register report, §4 Cash report, §5 Cash register,
// §8 Cash register) and the weekly cash. The shop's staff count the till every evening and enter the day's
// figures; each is checked against the system register (the sales feed's day) and the fiscal values against the
// fiscal printer's close. One employee confirms partially, another closes the day; a closed day is locked.
// Money in cents, counts as integers; the rules below are shared by the server (which decides) and the screen.

/** open: being filled; partial: confirmed by one employee; closed: confirmed by a second one, locked. */
export const cashReportStatuses = ['open', 'partial', 'closed'] as const;
export type CashReportStatus = (typeof cashReportStatuses)[number];

/** Every euro note and coin, in cents, largest first. */
export const cashDenominations = [50000, 20000, 10000, 5000, 2000, 1000, 500, 200, 100, 50, 20, 10, 5, 2, 1] as const;
export type CashDenomination = (typeof cashDenominations)[number];
/** Notes are 5 € and up; the rest are coins. */
export const smallestNote = 500;

const maxCents = 100_000_000_00;
const maxCount = 1_000_000;
const amount = z.number().int().min(0).max(maxCents);
/** A day's figure may be negative: a day of returns refunded in cash or to a card. */
const signedAmount = z.number().int().min(-maxCents).max(maxCents);
const quantity = z.number().int().min(0).max(maxCount);

/** The report's figures (spec §3), each null until entered. */
export const cashReportAmountFields = [
  'totalCents',
  'creditCardCents',
  'bancomatCents',
  'posSubtotalCents',
  'fiscalPosCents',
  'cancelledCents',
  'returnsCents',
  'vouchersCents',
  'dailyCashCents',
  'cashFundCents',
] as const;
export const cashReportCountFields = [
  'returnedReceiptsCount',
  'returnedPiecesCount',
  'receiptsCount',
  'piecesCount',
  'loyaltyCustomersCount',
] as const;
export const cashReportFields = [...cashReportAmountFields, ...cashReportCountFields] as const;
export type CashReportField = (typeof cashReportFields)[number];

/** How many of each note and coin are in the till, by denomination in cents ("50000": 2). */
export const cashCountSchema = z.record(
  z.string().refine((key) => (cashDenominations as readonly number[]).includes(Number(key))),
  quantity,
);
export type CashCount = Record<string, number>;

export const cashReportValuesSchema = z.object({
  ...Object.fromEntries(
    cashReportAmountFields.map((field) => [field, (field === 'cashFundCents' ? amount : signedAmount).nullable()]),
  ),
  ...Object.fromEntries(cashReportCountFields.map((field) => [field, quantity.nullable()])),
} as Record<CashReportField, z.ZodNullable<typeof amount>>);
export type CashReportValues = z.infer<typeof cashReportValuesSchema>;

/** What a save, a confirmation or a correction sends: the figures, the count, the comments and the version read. */
export const cashReportBodySchema = z.object({
  values: cashReportValuesSchema,
  cashCount: cashCountSchema,
  comments: text(2000, { multiLine: true }),
  /** The version the screen was showing: a save over somebody else's newer one is refused (409). */
  version: z.number().int().min(0),
});
export type CashReportBody = z.infer<typeof cashReportBodySchema>;

/** A confirmation may accept the fiscal printer's difference from the registers, with a reason (editReports only). */
export const cashReportConfirmBodySchema = cashReportBodySchema.extend({
  acceptFiscalDifference: text(500, { multiLine: true }).min(3).optional(),
});

/**
 * The close by the second person: the figures are those of the partial confirmation, frozen since, so only the
 * version read (the day must be as the person saw it) and an accepted fiscal difference go with it.
 */
export const cashReportCloseBodySchema = z.object({
  version: z.number().int().min(0),
  acceptFiscalDifference: text(500, { multiLine: true }).min(3).optional(),
});
export type CashReportCloseBody = z.infer<typeof cashReportCloseBodySchema>;

/** Withdrawing a partial confirmation (back to in progress, so the figures can change again): the version read. */
export const cashReportWithdrawBodySchema = z.object({ version: z.number().int().min(0) });

/**
 * A correction after closing (shops.analytics.editReports): the new figures and why. It may accept a fiscal
 * difference too, else a day closed with an accepted one could never be corrected.
 */
export const cashReportCorrectionBodySchema = cashReportConfirmBodySchema.extend({
  reason: text(500, { multiLine: true }).min(3),
});

/**
 * The system register's values of the day (the sales feed's `sales_days`), under the report's field names.
 * `dailyCashCents` is the cash taken less the expenses paid from the till.
 */
export const cashSystemValuesSchema = z.object({
  totalCents: z.number().int(),
  creditCardCents: z.number().int(),
  bancomatCents: z.number().int(),
  posSubtotalCents: z.number().int(),
  cancelledCents: z.number().int(),
  returnsCents: z.number().int(),
  vouchersCents: z.number().int(),
  dailyCashCents: z.number().int(),
  returnedReceiptsCount: z.number().int(),
  returnedPiecesCount: z.number().int(),
  receiptsCount: z.number().int(),
  piecesCount: z.number().int(),
  loyaltyCustomersCount: z.number().int(),
});
export type CashSystemValues = z.infer<typeof cashSystemValuesSchema>;

/** The fields compared with the system register (all but the fiscal POS and the cash fund). */
export const systemCheckedFields = Object.keys(cashSystemValuesSchema.shape) as (keyof CashSystemValues)[];

/** The fiscal printer's close under the report's field names, with where it came from. */
export const cashFiscalValuesSchema = z.object({
  totalCents: z.number().int(),
  fiscalPosCents: z.number().int(),
  cancelledCents: z.number().int(),
  returnsCents: z.number().int(),
  closeNumber: z.number().int(),
  deviceSerial: z.string(),
  closedAt: z.string(),
  source: z.enum(fiscalCloseSources),
});
export type CashFiscalValues = z.infer<typeof cashFiscalValuesSchema>;

/** The fiscal values, each beside the system value it must equal (fiscal POS against credit card + bancomat). */
export const fiscalCheckedFields = ['totalCents', 'fiscalPosCents', 'cancelledCents', 'returnsCents'] as const;
export type FiscalCheckedField = (typeof fiscalCheckedFields)[number];

export function systemValueOfFiscalField(field: FiscalCheckedField, system: CashSystemValues): number {
  return field === 'fiscalPosCents' ? system.posSubtotalCents : system[field];
}

/** Total of a count, in cents. */
export function cashCountTotal(count: CashCount): number {
  return cashDenominations.reduce((sum, denomination) => sum + denomination * (count[String(denomination)] ?? 0), 0);
}

/** Notes and coins making `cents`, largest first, as a cashier counts a till (the demo's counts, tests). */
export function cashCountOf(cents: number): CashCount {
  const count: CashCount = {};
  let rest = Math.max(0, cents);
  for (const denomination of cashDenominations) {
    const pieces = Math.floor(rest / denomination);
    if (pieces > 0) count[String(denomination)] = pieces;
    rest -= pieces * denomination;
  }
  return count;
}

/** Every field the rules find wrong, and why: the screen marks them, the server refuses with them. */
export type CashReportCheck = {
  /** Fields not yet entered. */
  missing: CashReportField[];
  /** Entered values that differ from the system register (§8: data must match system values). */
  systemMismatches: (keyof CashSystemValues)[];
  /** Fiscal values that differ from the system register, and the entered fiscal POS from the printer's (§8). */
  fiscalMismatches: FiscalCheckedField[];
  /**
   * The note and coin count against the cash in the till (§5): the whole drawer is counted, so it must equal the
   * day's cash plus the cash fund (the float that stays in the till).
   */
  cashCountTotalCents: number;
  cashCountMatches: boolean;
  /** POS subtotal must be credit card + bancomat as entered. */
  posSubtotalAdds: boolean;
};

/** The rules of §5 on a report's figures; `fiscal` null when there is no close yet (a separate rule). */
export function checkCashReport(options: {
  values: CashReportValues;
  cashCount: CashCount;
  system: CashSystemValues;
  fiscal: Pick<CashFiscalValues, FiscalCheckedField> | null;
}): CashReportCheck {
  const { values, system, fiscal } = options;
  const missing = cashReportFields.filter((field) => values[field] === null || values[field] === undefined);
  const systemMismatches = systemCheckedFields.filter(
    (field) => values[field] !== null && values[field] !== undefined && values[field] !== system[field],
  );
  const fiscalMismatches: FiscalCheckedField[] = [];
  if (fiscal) {
    for (const field of fiscalCheckedFields) {
      if (fiscal[field] !== systemValueOfFiscalField(field, system)) fiscalMismatches.push(field);
    }
    if (values.fiscalPosCents !== null && values.fiscalPosCents !== fiscal.fiscalPosCents) {
      if (!fiscalMismatches.includes('fiscalPosCents')) fiscalMismatches.push('fiscalPosCents');
    }
  }
  const cashCountTotalCents = cashCountTotal(options.cashCount);
  return {
    missing,
    systemMismatches,
    fiscalMismatches,
    cashCountTotalCents,
    cashCountMatches:
      values.dailyCashCents !== null &&
      values.cashFundCents !== null &&
      cashCountTotalCents === values.dailyCashCents + values.cashFundCents,
    posSubtotalAdds:
      values.posSubtotalCents === null ||
      values.creditCardCents === null ||
      values.bancomatCents === null ||
      values.posSubtotalCents === values.creditCardCents + values.bancomatCents,
  };
}

/** From this hour (Rome) on the week's Sunday the weekly cash may be filled (§5: on Sunday evening). */
export const weeklyCashOpensAtHour = 18;

// ——— The report ———

const person = z.object({ id: z.number().int(), name: z.string() }).nullable();

export const cashReportSchema = z.object({
  id: z.number().int(),
  shopId: z.number().int(),
  shopName: z.string(),
  businessDate: isoDateSchema,
  week: isoWeekSchema,
  status: z.enum(cashReportStatuses),
  values: cashReportValuesSchema,
  cashCount: cashCountSchema,
  comments: z.string(),
  version: z.number().int(),
  /** The system register's day; all zeros when the feed has nothing for it. */
  system: cashSystemValuesSchema,
  /** The day's fiscal close, null while it is missing. */
  fiscal: cashFiscalValuesSchema.nullable(),
  /** Authorised expenses paid from the till and entered in this report. */
  expensesCents: z.number().int(),
  partialBy: person,
  partialAt: z.string().nullable(),
  closedBy: person,
  closedAt: z.string().nullable(),
  updatedBy: person,
  updatedAt: z.string(),
  /** The previous week's weekly cash is still to be filled (§5), for users who must close it first. */
  previousWeekPending: z.string().nullable(),
  /** What the viewer may do now; the server refuses the rest. */
  can: z.object({
    edit: z.boolean(),
    confirm: z.boolean(),
    close: z.boolean(),
    /** Withdraw the partial confirmation (partial → open): needed before the frozen figures change again. */
    withdraw: z.boolean(),
    correct: z.boolean(),
  }),
});
export type CashReport = z.infer<typeof cashReportSchema>;
export const cashReportAnswerSchema = dataOf(cashReportSchema);

export const cashReportCreateBodySchema = z.object({ businessDate: isoDateSchema });

export const cashReportParamsSchema = z.object({ reportId: z.coerce.number().int().positive() });

/** One day of a shop's month: its report (if any) and what the feed and the printer have. */
export const cashRegisterDaySchema = z.object({
  businessDate: isoDateSchema,
  reportId: z.number().int().nullable(),
  /** missing: no report yet. */
  status: z.enum([...cashReportStatuses, 'missing']),
  systemTotalCents: z.number().int(),
  receiptsCount: z.number().int(),
  enteredTotalCents: z.number().int().nullable(),
  hasFiscalClose: z.boolean(),
});
export type CashRegisterDay = z.infer<typeof cashRegisterDaySchema>;

export const cashRegisterMonthQuerySchema = z.object({
  month: isoMonthSchema,
});
export const cashRegisterMonthAnswerSchema = dataOf(z.array(cashRegisterDaySchema));

/** A day with sales and no closed report, across the shops the viewer may see (shops.cashRegister.viewUnclosed). */
export const unclosedDaySchema = cashRegisterDaySchema.extend({
  shopId: z.number().int(),
  shopName: z.string(),
});
export const unclosedDaysQuerySchema = paginationQuerySchema.extend({
  shopId: z.coerce.number().int().positive().optional(),
});
export const unclosedDaysPageSchema = pageOf(unclosedDaySchema);

// ——— Sales details and receipts of the day ———

export const cashReportSalesDetailsSchema = z.object({
  byDepartment: z.array(z.object({ department: z.string(), pieces: z.number().int(), amountCents: z.number().int() })),
  byPayment: z.array(z.object({ method: z.enum(paymentMethods), amountCents: z.number().int() })),
  byRegister: z.array(
    z.object({ registerCode: z.string(), receiptsCount: z.number().int(), amountCents: z.number().int() }),
  ),
});
export const cashReportSalesDetailsAnswerSchema = dataOf(cashReportSalesDetailsSchema);

export const cashReportReceiptsQuerySchema = paginationQuerySchema.extend({
  /** Receipt number, register, employee, loyalty card or amount (12,50). */
  search: text(60).default(''),
});

export const cashReportReceiptSchema = z.object({
  id: z.number().int(),
  registerCode: z.string(),
  receiptNumber: z.number().int(),
  issuedAt: z.string(),
  type: z.enum(['sale', 'return', 'cancelled']),
  employee: z.string().nullable(),
  loyaltyCard: z.string().nullable(),
  totalCents: z.number().int(),
  pieces: z.number().int(),
  /** The invoice requested for it, if any. */
  invoiceId: z.number().int().nullable(),
});
export const cashReportReceiptsPageSchema = pageOf(cashReportReceiptSchema);

// ——— Attachments ———

export const cashReportAttachmentMimeTypes = ['image/jpeg', 'image/png', 'image/webp', 'application/pdf'] as const;

export const cashReportAttachmentSchema = z.object({
  id: z.number().int(),
  fileName: z.string(),
  contentType: z.string(),
  size: z.number().int(),
  uploadedBy: z.string().nullable(),
  uploadedAt: z.string(),
});
export const cashReportAttachmentsAnswerSchema = dataOf(z.array(cashReportAttachmentSchema));
export const cashReportAttachmentAnswerSchema = dataOf(cashReportAttachmentSchema);
export const cashReportAttachmentParamsSchema = cashReportParamsSchema.extend({
  attachmentId: z.coerce.number().int().positive(),
});

// ——— Weekly cash ———

export const weeklyCashParamsSchema = z.object({ id: z.coerce.number().int().positive(), week: isoWeekSchema });

/** Why a week cannot be filled yet: too early (before Sunday 18:00), days not closed, already filled. */
export const weeklyCashBlocks = ['beforeSundayEvening', 'daysNotClosed', 'filled'] as const;

/** missing: the day had sales but has no report; noSales: neither sales nor a report (closed shop, future day). */
export const weeklyCashDayStatuses = [...cashReportStatuses, 'missing', 'noSales'] as const;
export type WeeklyCashDayStatus = (typeof weeklyCashDayStatuses)[number];

/** A day of the week as its report has it (zeros without one); only closed days count in the week's sums. */
export const weeklyCashDaySchema = z.object({
  businessDate: isoDateSchema,
  status: z.enum(weeklyCashDayStatuses),
  reportId: z.number().int().nullable(),
  totalCents: z.number().int(),
  posCents: z.number().int(),
  dailyCashCents: z.number().int(),
  /** The till's fund as the day's report has it: the screen offers the last one as the week's fund. */
  cashFundCents: z.number().int().nullable(),
});
export type WeeklyCashDay = z.infer<typeof weeklyCashDaySchema>;

/** A day that keeps the week from being filled: it had sales or a report, and is not closed. */
export function isWeeklyCashDayOpen(status: WeeklyCashDayStatus): boolean {
  return status !== 'closed' && status !== 'noSales';
}

/**
 * The week's difference: the cash that should have gone to the bank less what was deposited. The daily cash is
 * what was counted in the till each evening, already net of the authorised expenses paid from it (the system
 * register's daily cash is the cash taken less those expenses), and the fund stays in the till: so the cash due
 * to the bank is the sum of the daily cash. Positive: cash not deposited yet; negative: more deposited than taken.
 */
export function weeklyCashDifference(options: { dailyCashCents: number; depositsCents: number }): number {
  return options.dailyCashCents - options.depositsCents;
}

/** A week whose deposits differ from its cash is filled only with a note saying why (the comments). */
export function weeklyCashNeedsNote(options: { differenceCents: number; comments: string }): boolean {
  return options.differenceCents !== 0 && options.comments.trim() === '';
}

export const weeklyCashSchema = z.object({
  shopId: z.number().int(),
  shopName: z.string(),
  week: isoWeekSchema,
  days: z.array(weeklyCashDaySchema),
  /** Sums of the closed days (live until filled, then as they were when filled); expenses of those days' reports. */
  totalCents: z.number().int(),
  posCents: z.number().int(),
  dailyCashCents: z.number().int(),
  expensesCents: z.number().int(),
  /** As filled (null until then). */
  cashFundCents: z.number().int().nullable(),
  /** The deposits recorded for the week's days (live until filled, then as they were when filled). */
  depositsCents: z.number().int(),
  /** Cash of the week less deposits (weeklyCashDifference): live until filled, then as filled. */
  differenceCents: z.number().int(),
  comments: z.string(),
  filledBy: person,
  filledAt: z.string().nullable(),
  /** Null when it can be filled now. */
  blockedBy: z.enum(weeklyCashBlocks).nullable(),
  /** When it opens (the week's Sunday at 18:00, Rome). */
  opensAt: z.string(),
  /** Today on the server's business clock: the days after it are still to come, today is in progress. */
  today: isoDateSchema,
});
export type WeeklyCash = z.infer<typeof weeklyCashSchema>;
export const weeklyCashAnswerSchema = dataOf(weeklyCashSchema);

export type WeeklyCashBlock = (typeof weeklyCashBlocks)[number];

export const weeklyCashBodySchema = z.object({
  cashFundCents: amount,
  comments: text(2000, { multiLine: true }).default(''),
});

export const weeklyCashListQuerySchema = paginationQuerySchema.extend({
  shopId: z.coerce.number().int().positive().optional(),
});
export const weeklyCashListItemSchema = weeklyCashSchema.omit({ days: true, today: true });
export type WeeklyCashListItem = z.infer<typeof weeklyCashListItemSchema>;
export const weeklyCashPageSchema = pageOf(weeklyCashListItemSchema);
export type WeeklyCashBody = z.input<typeof weeklyCashBodySchema>;
