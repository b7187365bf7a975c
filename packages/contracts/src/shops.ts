import { z } from 'zod';
import {
  dataOf,
  emptyOr,
  isoDateSchema,
  pageOf,
  paginationQuerySchema,
  phoneSchema,
  requiredText,
  text,
} from './common';
import { capSchema } from './italian-identifiers';

// Shops (spec §2 Management › shops, §3 Shop): the shop's record, its closures (closed for good,
// and single closure days) and its weekly working hours.

/** Countries a shop can be in: Italy and its neighbours; the web names them in the reader's language. */
export const shopCountries = ['IT', 'SM', 'VA', 'CH', 'AT', 'FR', 'DE', 'SI', 'ES', 'MT'] as const;
export type ShopCountry = (typeof shopCountries)[number];

/** Countries with Italian postal codes (CAP): San Marino and the Vatican use them too. */
const capCountries: readonly string[] = ['IT', 'SM', 'VA'];

/** The ranking portals a shop's ranking can come from (spec §3: "one named option"). */
export const rankingPortals = ['retailRanking'] as const;
export type RankingPortal = (typeof rankingPortals)[number];

/** Which shops a list shows: open ones unless asked otherwise (closed ones need shops.manage.viewClosed). */
export const shopStatuses = ['open', 'closed', 'all'] as const;
export type ShopStatus = (typeof shopStatuses)[number];

const upperCase = (value: string) => value.toUpperCase();

/**
 * A check across fields that runs even when a field failed its own check (Zod skips refinements
 * after a failed transform by default), so a form shows every problem at once. The values may be
 * partly invalid: checks look at each field's type before using it.
 */
function crossCheck<T>(check: (values: Partial<Record<keyof T, unknown>>, context: z.RefinementCtx) => void) {
  return z.superRefine<T>((values, context) => check(values as Partial<Record<keyof T, unknown>>, context), {
    when: (payload) => typeof payload.value === 'object' && payload.value !== null,
  });
}

/** A custom issue with one of the validation rules (locales/<lng>/validation.json) as its message. */
function ruleIssue(rule: string, path: PropertyKey[], input: unknown, params: Record<string, unknown> = {}) {
  return { code: 'custom' as const, message: rule, path, input, params: { rule, ...params } };
}

/** An IPv4 or IPv6 address, as the fiscal printer and the router are reached at. */
export const ipAddressSchema = z
  .string()
  .trim()
  .superRefine((value, context) => {
    if (z.ipv4().safeParse(value).success || z.ipv6().safeParse(value).success) return;
    context.addIssue(ruleIssue('ipAddress', [], value));
  });

export const shopListQuerySchema = paginationQuerySchema.extend({
  /** Matches the name, the code (business / deposit id) or the city. */
  search: text(100).optional(),
  companyId: z.coerce.number().int().positive().optional(),
  section: text(100).optional(),
  status: z.enum(shopStatuses).default('open'),
});
export type ShopListQuery = z.input<typeof shopListQuerySchema>;
export type ShopListFilters = z.output<typeof shopListQuerySchema>;

export const shopListItemSchema = z.object({
  id: z.number().int(),
  code: z.string(),
  name: z.string(),
  companyId: z.number().int(),
  companyName: z.string(),
  section: z.string(),
  address: z.string(),
  city: z.string(),
  province: z.string(),
  phone: z.string(),
  closed: z.boolean(),
  closedOn: z.string().nullable(),
});
export type ShopListItem = z.infer<typeof shopListItemSchema>;
export const shopPageSchema = pageOf(shopListItemSchema);

/**
 * Minutes the time clock waits before calling a start late or missing, a stop early or a break long (spec §6 Shifts
 * notifications): each shop's own, this one until it is changed.
 */
export const defaultShiftGraceMinutes = 5;
export const maxShiftGraceMinutes = 120;

/** Being closed for good needs the day it closed; an open shop has no closing day. */
function checkClosedOn(values: { closed?: unknown; closedOn?: unknown }, context: z.RefinementCtx) {
  if (values.closed === true && !values.closedOn) {
    context.addIssue(ruleIssue('required', ['closedOn'], values.closedOn));
  }
}

/**
 * Every field of spec §3 Shop. `routerPassword` is write-only: left out it stays as it is, null
 * clears it, a string replaces it (stored encrypted). Optional fields are empty strings when unset.
 */
export const shopBodySchema = z
  .object({
    name: requiredText(200),
    /** The business / deposit id the till and the bank know the shop by; kept in capitals. */
    code: requiredText(50).overwrite(upperCase),
    companyId: z.number().int().positive(),
    address: requiredText(200),
    country: z.enum(shopCountries).default('IT'),
    /** Sigla della provincia (MI, RM …); required in Italy. */
    province: text(2).overwrite(upperCase),
    city: requiredText(100),
    /** A CAP (5 digits) in Italy, San Marino and the Vatican; the local postal code elsewhere. */
    cap: requiredText(10),
    phone: emptyOr(phoneSchema),
    email: emptyOr(z.email().max(254)),
    fiscalPrinterIp: emptyOr(ipAddressSchema),
    routerIp: emptyOr(ipAddressSchema),
    routerUsername: text(100),
    // Not trimmed: a space can be part of a password.
    routerPassword: text(200, { trim: false }).min(1).nullable().optional(),
    accountNumber: text(50),
    merchantCode: text(50),
    closed: z.boolean().default(false),
    closedOn: isoDateSchema.nullable().default(null),
    /** The area the shop belongs to (Nord, Centro, Sud …), used to group and filter shops. */
    section: text(100),
    isRanked: z.boolean().default(false),
    hasRankingPortal: z.boolean().default(false),
    rankingPortal: z.enum(rankingPortals).nullable().default(null),
    /** Left out: a new shop takes the default, an edited one keeps its own. */
    shiftGraceMinutes: z.number().int().min(0).max(maxShiftGraceMinutes).optional(),
  })
  .check(
    crossCheck((values, context) => {
      const country = typeof values.country === 'string' ? values.country : 'IT';
      if (capCountries.includes(country) && typeof values.cap === 'string' && values.cap !== '') {
        const cap = capSchema.safeParse(values.cap);
        for (const issue of cap.success ? [] : cap.error.issues) {
          context.addIssue({ ...issue, code: 'custom', path: ['cap'], input: values.cap } as z.core.$ZodRawIssue);
        }
      }
      // Longer than two letters is already the field's own maxLength issue.
      const province = typeof values.province === 'string' && values.province.length <= 2 ? values.province : null;
      if (country === 'IT' && province !== null && !/^[A-Z]{2}$/.test(province)) {
        context.addIssue(ruleIssue(province === '' ? 'required' : 'province', ['province'], province));
      }
      checkClosedOn(values, context);
      if (values.hasRankingPortal === true && !values.rankingPortal) {
        context.addIssue(ruleIssue('required', ['rankingPortal'], values.rankingPortal));
      }
    }),
  );
export type ShopBody = z.input<typeof shopBodySchema>;
export type ShopValues = z.output<typeof shopBodySchema>;

export const shopSchema = z.object({
  id: z.number().int(),
  code: z.string(),
  name: z.string(),
  companyId: z.number().int(),
  companyName: z.string(),
  address: z.string(),
  country: z.string(),
  province: z.string(),
  city: z.string(),
  cap: z.string(),
  phone: z.string(),
  email: z.string(),
  fiscalPrinterIp: z.string(),
  routerIp: z.string(),
  routerUsername: z.string(),
  /** Whether a router password is stored; the password itself is never part of a shop's answer. */
  routerPasswordSet: z.boolean(),
  accountNumber: z.string(),
  merchantCode: z.string(),
  closed: z.boolean(),
  closedOn: z.string().nullable(),
  section: z.string(),
  isRanked: z.boolean(),
  hasRankingPortal: z.boolean(),
  rankingPortal: z.string().nullable(),
  shiftGraceMinutes: z.number().int(),
  createdAt: z.iso.datetime(),
  updatedAt: z.iso.datetime(),
});
export type Shop = z.infer<typeof shopSchema>;
export const shopAnswerSchema = dataOf(shopSchema);

/** The router password in clear, for the people who may change it (the reading is audited). */
export const routerPasswordAnswerSchema = dataOf(z.object({ routerPassword: z.string().nullable() }));

/** The choices of the shop forms and filters. */
export const shopOptionsSchema = z.object({
  companies: z.array(z.object({ id: z.number().int(), name: z.string(), companyCode: z.string() })),
  /** Sections in use, for the filter and as suggestions when typing one. */
  sections: z.array(z.string()),
});
export type ShopOptions = z.infer<typeof shopOptionsSchema>;
export const shopOptionsAnswerSchema = dataOf(shopOptionsSchema);

// ---------------------------------------------------------------------------------------------
// Closures: closed for good (flag and day), and single closure days (holidays, works, inventory)

export const shopClosedBodySchema = z
  .object({ closed: z.boolean(), closedOn: isoDateSchema.nullable().default(null) })
  .check(crossCheck(checkClosedOn));
export type ShopClosedBody = z.input<typeof shopClosedBodySchema>;

/** Longest run of closure days added at once (a summer closure, works): about three months. */
export const maxClosureDays = 92;

/** One day, or every day from `from` to `to`, with the same reason; a day already there takes the new reason. */
export const closureDaysBodySchema = z
  .object({
    from: isoDateSchema,
    to: isoDateSchema.nullable().optional(),
    reason: requiredText(200),
  })
  .superRefine((values, context) => {
    if (!values.to || typeof values.from !== 'string') return;
    if (values.to < values.from) {
      context.addIssue(ruleIssue('dateRange', ['to'], values.to));
      return;
    }
    const days = (Date.parse(values.to) - Date.parse(values.from)) / 86_400_000 + 1;
    if (days > maxClosureDays)
      context.addIssue(ruleIssue('dateRangeTooLong', ['to'], values.to, { max: maxClosureDays }));
  });
export type ClosureDaysBody = z.input<typeof closureDaysBodySchema>;

export const closureDayParamsSchema = z.object({ id: z.coerce.number().int().positive(), day: isoDateSchema });

export const shopClosuresSchema = z.object({
  closed: z.boolean(),
  closedOn: z.string().nullable(),
  days: z.array(z.object({ day: z.string(), reason: z.string() })),
});
export type ShopClosures = z.infer<typeof shopClosuresSchema>;
export const shopClosuresAnswerSchema = dataOf(shopClosuresSchema);

// ---------------------------------------------------------------------------------------------
// Working hours: per ISO weekday (1 Monday … 7 Sunday) none, one or more opening slots

export const weekdays = [1, 2, 3, 4, 5, 6, 7] as const;

/** A split opening has two slots; four leave room for unusual days without inviting mistakes. */
export const maxSlotsPerDay = 4;

/** HH:MM on the 24-hour clock. */
export const timeOfDaySchema = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/);

export const workingSlotSchema = z.object({ opensAt: timeOfDaySchema, closesAt: timeOfDaySchema });
export type WorkingSlot = z.infer<typeof workingSlotSchema>;

/** Each slot opens before it closes; slots of the same day may touch but not overlap. */
export function slotIssues(slots: readonly WorkingSlot[]): { index: number; field: keyof WorkingSlot; rule: string }[] {
  const issues: { index: number; field: keyof WorkingSlot; rule: string }[] = [];
  slots.forEach((slot, index) => {
    if (slot.opensAt >= slot.closesAt) issues.push({ index, field: 'closesAt', rule: 'slotOrder' });
  });
  const ordered = slots.map((slot, index) => ({ ...slot, index })).sort((a, b) => a.opensAt.localeCompare(b.opensAt));
  for (let position = 1; position < ordered.length; position++) {
    const previous = ordered[position - 1];
    const current = ordered[position];
    if (previous && current && current.opensAt < previous.closesAt) {
      issues.push({ index: current.index, field: 'opensAt', rule: 'slotOverlap' });
    }
  }
  return issues;
}

export const workingDaySchema = z
  .object({
    weekday: z.number().int().min(1).max(7),
    slots: z.array(workingSlotSchema).max(maxSlotsPerDay),
  })
  .superRefine((day, context) => {
    if (!Array.isArray(day.slots)) return;
    const wellFormed = day.slots.every((slot) => workingSlotSchema.safeParse(slot).success);
    if (!wellFormed) return;
    for (const issue of slotIssues(day.slots)) {
      context.addIssue(
        ruleIssue(issue.rule, ['slots', issue.index, issue.field], day.slots[issue.index]?.[issue.field]),
      );
    }
  });

/** The whole week; a weekday left out, or with no slots, is a closing day. */
export const workingHoursSchema = z
  .object({ days: z.array(workingDaySchema).max(weekdays.length) })
  .superRefine((week, context) => {
    if (!Array.isArray(week.days)) return;
    const seen = new Set<number>();
    week.days.forEach((day, index) => {
      if (seen.has(day.weekday)) context.addIssue(ruleIssue('unique', ['days', index, 'weekday'], day.weekday));
      seen.add(day.weekday);
    });
  });
export type WorkingHours = z.infer<typeof workingHoursSchema>;
export type WorkingDay = z.infer<typeof workingDaySchema>;
export const workingHoursAnswerSchema = dataOf(workingHoursSchema);
