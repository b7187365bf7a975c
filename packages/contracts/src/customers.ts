import { z } from 'zod';
import { shopSummarySchema } from './auth';
import { dataOf, isoDateSchema, pageOf, paginationQuerySchema, requiredText, text } from './common';
import { receiptTypes } from './sales';

// The shops' customers and the loyalty club, as marketing sees them (spec §1 Marketing and loyalty club, §2
// Marketing, §3 Customer and Customer sale, §6 Customers, §9). A customer is a loyalty card: every card the
// registers scan is one, registered in the club or not. Bottega stores no payment card data: §3's "credit card
// number" is the loyalty card's number.

/** §9: points count over the last 12 months, rolling. */
export const pointsWindowMonths = 12;
/** §9: the birthday gift, once a year on the birthday. */
export const birthdayGiftPoints = 40;
/** §9: inviting a friend who registers and confirms. */
export const referralPoints = 40;
/** §9: registration promises discounts up to 15 %. */
export const maxDiscountPercent = 15;
/** One point for each whole euro of a receipt's total; a return takes back the points of its euros. */
export const centsPerPoint = 100;
export const maxLoyaltyLevels = 10;

export const genders = ['female', 'male', 'other', 'unspecified'] as const;
export type Gender = (typeof genders)[number];

/** Why points were given or taken: a receipt (a sale, a return) or a gift (birthday, an invited friend). */
export const pointKinds = ['sale', 'return', 'birthday', 'referral'] as const;
export type PointKind = (typeof pointKinds)[number];

// ——— Levels ———

export const loyaltyLevelSchema = z.object({
  name: requiredText(40),
  /** Points in the window from which the level is reached; the first level's is 0. */
  minPoints: z.number().int().min(0).max(1_000_000),
  discountPercent: z.number().int().min(0).max(maxDiscountPercent),
});
export type LoyaltyLevel = z.infer<typeof loyaltyLevelSchema>;

/** Out of the box: three levels. Their names and thresholds are a setting (§9 does not show them). */
export const defaultLoyaltyLevels: LoyaltyLevel[] = [
  { name: 'Bronzo', minPoints: 0, discountPercent: 5 },
  { name: 'Argento', minPoints: 300, discountPercent: 10 },
  { name: 'Oro', minPoints: 800, discountPercent: 15 },
];

/** Levels are valid when the first starts at 0 and each asks more points than the one before, with unique names. */
export const loyaltyLevelsSchema = z
  .array(loyaltyLevelSchema)
  .min(1)
  .max(maxLoyaltyLevels)
  .superRefine((levels, context) => {
    if (levels[0] && levels[0].minPoints !== 0) {
      context.addIssue({ code: 'custom', path: [0, 'minPoints'], message: 'max', params: { rule: 'max', max: 0 } });
    }
    const names = new Set<string>();
    levels.forEach((level, index) => {
      const before = levels[index - 1];
      if (before && level.minPoints <= before.minPoints) {
        context.addIssue({
          code: 'custom',
          path: [index, 'minPoints'],
          message: 'min',
          params: { rule: 'min', min: before.minPoints + 1 },
        });
      }
      const key = level.name.toLocaleLowerCase('it');
      if (names.has(key)) {
        context.addIssue({ code: 'custom', path: [index, 'name'], message: 'unique', params: { rule: 'unique' } });
      }
      names.add(key);
    });
  });

/** The points of a receipt: its whole euros, negative for a return; a cancelled receipt gives none. */
export function receiptPoints(type: (typeof receiptTypes)[number], totalCents: number): number {
  if (type === 'cancelled') return 0;
  return Math.trunc(totalCents / centsPerPoint);
}

export type LevelProgress = {
  level: (LoyaltyLevel & { index: number }) | null;
  next: (LoyaltyLevel & { index: number; missingPoints: number }) | null;
};

/** The level reached with `points` and what is missing for the next one (levels ordered by minPoints). */
export function levelProgress(levels: readonly LoyaltyLevel[], points: number): LevelProgress {
  let reached = -1;
  levels.forEach((level, index) => {
    if (points >= level.minPoints) reached = index;
  });
  const current = levels[reached];
  const level = current ? { ...current, index: reached } : null;
  const following = levels[reached + 1];
  const next = following ? { ...following, index: reached + 1, missingPoints: following.minPoints - points } : null;
  return { level, next };
}

/** How far the points are on the way from this level to the next, 0–100: full at the last level, empty without any. */
export function levelProgressPercent(summary: {
  points: number;
  level: { minPoints: number } | null;
  next: { minPoints: number } | null;
}): number {
  if (!summary.next) return summary.level ? 100 : 0;
  const from = summary.level?.minPoints ?? 0;
  const span = summary.next.minPoints - from;
  if (span <= 0) return 0;
  return Math.round(Math.min(100, Math.max(0, ((summary.points - from) / span) * 100)));
}

/** The first business date inside the window ending on `today` (YYYY-MM-DD): the day after today 12 months ago. */
export function pointsWindowStart(today: string): string {
  const [year, month, day] = today.split('-').map(Number) as [number, number, number];
  const lastDay = new Date(Date.UTC(year - 1, month, 0)).getUTCDate();
  const start = new Date(Date.UTC(year - 1, month - 1, Math.min(day, lastDay) + 1));
  return start.toISOString().slice(0, 10);
}

/** The day of `year` a birthday falls on: 29 February is celebrated on the 28th in the other years. */
export function birthdayIn(birthday: string, year: number): string {
  const [, month, day] = birthday.split('-').map(Number) as [number, number, number];
  const lastDay = new Date(Date.UTC(year, month, 0)).getUTCDate();
  return `${year}-${String(month).padStart(2, '0')}-${String(Math.min(day, lastDay)).padStart(2, '0')}`;
}

// ——— Answers shared by marketing and the club ———

export const levelSchema = loyaltyLevelSchema.extend({ index: z.number().int() });
export const loyaltySummarySchema = z.object({
  points: z.number().int(),
  /** The window the points count in: from its first to its last day. */
  windowStart: isoDateSchema,
  windowEnd: isoDateSchema,
  level: levelSchema.nullable(),
  next: levelSchema.extend({ missingPoints: z.number().int() }).nullable(),
  levels: z.array(loyaltyLevelSchema),
});
export type LoyaltySummary = z.infer<typeof loyaltySummarySchema>;

/** One line of a customer's points history. */
export const pointEntrySchema = z.object({
  date: isoDateSchema,
  kind: z.enum(pointKinds),
  points: z.number().int(),
  /** Whether it still counts: inside the 12-month window. */
  counted: z.boolean(),
  shopName: z.string().nullable(),
  receiptNumber: z.number().int().nullable(),
  totalCents: z.number().int().nullable(),
  /** The invited friend's first name, for a referral. */
  friendName: z.string().nullable(),
});
export type PointEntry = z.infer<typeof pointEntrySchema>;
export const pointEntryPageSchema = pageOf(pointEntrySchema);

// ——— Marketing: customers and club members ———

export const registrationFilters = ['all', 'registered', 'nonRegistered'] as const;

export const customerListQuerySchema = paginationQuerySchema.extend({
  /** Words matched against the card number, names, email and phone. */
  search: text(100).optional(),
  registered: z.enum(registrationFilters).default('all'),
  shopId: z.coerce.number().int().positive().optional(),
  // users/search: one field each.
  card: text(40).optional(),
  name: text(100).optional(),
  email: text(254).optional(),
  phone: text(40).optional(),
  city: text(100).optional(),
  /** Born in this month (1–12). */
  birthdayMonth: z.coerce.number().int().min(1).max(12).optional(),
  marketingConsent: z.enum(['yes', 'no']).optional(),
});
export type CustomerListQuery = z.input<typeof customerListQuerySchema>;

const shopRef = z.object({ id: z.number().int(), code: z.string(), name: z.string() });

export const customerRowSchema = z.object({
  id: z.number().int(),
  cardNumber: z.string(),
  registered: z.boolean(),
  firstName: z.string().nullable(),
  lastName: z.string().nullable(),
  email: z.string().nullable(),
  phone: z.string().nullable(),
  city: z.string().nullable(),
  shop: shopRef.nullable(),
  firstSeenOn: isoDateSchema.nullable(),
  lastPurchaseOn: isoDateSchema.nullable(),
  subscribedAt: z.iso.datetime().nullable(),
  points: z.number().int(),
  levelName: z.string().nullable(),
  /** Whether the member agreed to marketing messages (§1: consent to marketing is separate from privacy). */
  marketingConsent: z.boolean(),
  /** Asked to be forgotten: the person's data is gone, the card's receipts stay for the books. */
  erased: z.boolean(),
});
export type CustomerRow = z.infer<typeof customerRowSchema>;
export const customerPageSchema = pageOf(customerRowSchema);

export const customerSchema = customerRowSchema.extend({
  countryCode: z.string().nullable(),
  gender: z.enum(genders).nullable(),
  birthday: isoDateSchema.nullable(),
  address: z.string().nullable(),
  state: z.string().nullable(),
  zip: z.string().nullable(),
  emailConfirmedAt: z.iso.datetime().nullable(),
  phoneConfirmedAt: z.iso.datetime().nullable(),
  privacyConsentAt: z.iso.datetime().nullable(),
  marketingConsentAt: z.iso.datetime().nullable(),
  language: z.string().nullable(),
  referredBy: z.object({ id: z.number().int(), name: z.string() }).nullable(),
  invitedCount: z.number().int(),
  loyalty: loyaltySummarySchema,
  /** Receipts (sales and returns) in the window and what they came to. */
  receiptsInWindow: z.number().int(),
  spentInWindowCents: z.number().int(),
});
export type Customer = z.infer<typeof customerSchema>;
export const customerAnswerSchema = dataOf(customerSchema);

/**
 * What marketing may change of a member: not the password, and not the email or phone (the one-time codes and a
 * new password go there, so changing them would hand the account over); those the customer changes in the club.
 * Marketing consent can only be withdrawn (on the customer's request), never given on their behalf.
 */
export const customerEditSchema = z.object({
  firstName: requiredText(60),
  lastName: requiredText(60),
  gender: z.enum(genders),
  birthday: isoDateSchema,
  address: text(200),
  city: text(100),
  state: text(60),
  zip: text(10),
  shopId: z.number().int().positive(),
  marketingConsent: z.boolean(),
});
export type CustomerEdit = z.infer<typeof customerEditSchema>;

/** §3 Customer sale: one line of a receipt that carried the customer's card. */
export const customerSaleSchema = z.object({
  receiptId: z.number().int(),
  lineNumber: z.number().int(),
  shop: shopRef,
  receiptDate: isoDateSchema,
  issuedAt: z.iso.datetime(),
  type: z.enum(receiptTypes),
  receiptNumber: z.number().int(),
  sequenceNumber: z.number().int(),
  productCode: z.string(),
  /** The product's description in the catalogue, when it is there. */
  product: z.string().nullable(),
  description: z.string(),
  quantity: z.number().int(),
  /** Quantity × unit price, before the discount. */
  amountCents: z.number().int(),
  discountCents: z.number().int(),
  subtotalCents: z.number().int(),
  /** The receipt's pieces. */
  totalItems: z.number().int(),
  priceList: z.string(),
  /** Who was at the till. */
  user: z.string().nullable(),
  orderNumber: z.string().nullable(),
  loyaltyCard: z.string().nullable(),
});
export type CustomerSale = z.infer<typeof customerSaleSchema>;
export const customerSalePageSchema = pageOf(customerSaleSchema);

/** The shops of marketing's filters and forms: those whose customers the caller reaches. */
export const customerShopsAnswerSchema = dataOf(z.array(shopSummarySchema));

// ——— Discounted sales ———

export const discountedSalesQuerySchema = paginationQuerySchema.extend({
  shopId: z.coerce.number().int().positive().optional(),
  from: isoDateSchema,
  to: isoDateSchema,
  /** Product code or description. */
  product: text(100).optional(),
  /** Card number or the customer's name. */
  customer: text(100).optional(),
});
export type DiscountedSalesQuery = z.input<typeof discountedSalesQuerySchema>;
/** Longest period one request may span. */
export const discountedSalesMaxDays = 366;

export const discountedSalesTotalsSchema = z.object({
  lines: z.number().int(),
  pieces: z.number().int(),
  amountCents: z.number().int(),
  discountCents: z.number().int(),
  subtotalCents: z.number().int(),
});
export const discountedSalesPageSchema = pageOf(customerSaleSchema).extend({ totals: discountedSalesTotalsSchema });

// ——— The club's settings ———

export const clubSettingsSchema = z.object({
  levels: loyaltyLevelsSchema,
  /** §8: while suspended, registration shows the maintenance message and stores nothing. */
  registrationSuspended: z.boolean(),
});
export type ClubSettings = z.infer<typeof clubSettingsSchema>;
export const clubSettingsAnswerSchema = dataOf(clubSettingsSchema);
