import { z } from 'zod';
import { dataOf, isoDateSchema, languageSchema, phoneSchema, requiredText, text } from './common';
import {
  birthdayGiftPoints,
  genders,
  loyaltyLevelSchema,
  loyaltySummarySchema,
  maxDiscountPercent,
  referralPoints,
} from './customers';
import { passwordMinLength } from './profile';

// The loyalty club: the customers' own phone-first app at /club (spec §1, §2 customer portal screens, §4 Customer
// OTP). Customers are a realm of their own: a club session reaches only /api/club/*, a staff session never does.

export const otpChannels = ['email', 'sms'] as const;
export type OtpChannel = (typeof otpChannels)[number];
export const otpLength = 6;
/** A code is good for 10 minutes, once. */
export const otpTtlMinutes = 10;
/** §4: resend possible — after this wait. */
export const otpResendSeconds = 60;
/** Codes sent to one email or one phone number in 24 hours (§3: counts kept by email and by SMS). */
export const otpDailyLimit = 5;
/** Registrations one client address may make in an hour: each sends an SMS, which costs the company. */
export const registrationsPerAddressHourly = 10;
/** Wrong tries before a code is spent. */
export const otpMaxAttempts = 5;
/** A club session lasts this long after its last use (a phone stays signed in). */
export const clubSessionDays = 30;
/** Country calling codes offered first; any + and 1–4 digits is taken. */
export const commonCountryCodes = ['+39', '+41', '+43', '+33', '+49', '+34', '+359', '+40', '+44', '+1'] as const;

export const countryCodeSchema = z
  .string()
  .trim()
  .superRefine((value, context) => {
    if (/^\+[1-9]\d{0,3}$/.test(value)) return;
    context.addIssue({
      code: 'custom',
      message: 'phone',
      params: { rule: 'phone', reason: 'countryCode' },
      input: value,
    });
  });

const password = text(1024, { trim: false }).min(passwordMinLength);
const email = requiredText(254)
  .pipe(z.email())
  .transform((value) => value.toLowerCase());

export const clubRegistrationSchema = z.object({
  firstName: requiredText(60),
  lastName: requiredText(60),
  email,
  password,
  countryCode: countryCodeSchema,
  phone: phoneSchema,
  birthday: isoDateSchema,
  gender: z.enum(genders),
  address: text(200),
  city: text(100),
  state: text(60),
  zip: text(10),
  /** The shop the customer calls theirs. */
  shopId: z.number().int().positive(),
  /** Privacy consent is required; marketing consent is separate and free. */
  privacyConsent: z.boolean().superRefine((value, context) => {
    if (!value) context.addIssue({ code: 'custom', message: 'required', params: { rule: 'required' }, input: value });
  }),
  marketingConsent: z.boolean(),
  /** The friend's invitation code from their link, when there was one. */
  inviteCode: text(40).optional(),
  /** A card the customer already carries (its receipts become theirs); a new one is issued otherwise. */
  cardNumber: text(40).optional(),
  language: languageSchema.default('it'),
});
export type ClubRegistration = z.input<typeof clubRegistrationSchema>;

export const clubSignInSchema = z.object({ email, password: text(1024, { trim: false }).min(1) });
export const otpSendSchema = z.object({ channel: z.enum(otpChannels) });
export const otpVerifySchema = z.object({
  channel: z.enum(otpChannels),
  code: z
    .string()
    .trim()
    .regex(new RegExp(`^\\d{${otpLength}}$`)),
});
export const clubForgotSchema = z.object({ email });
export const clubResetSchema = z.object({
  email,
  code: otpVerifySchema.shape.code,
  password,
});
export const clubDeleteSchema = z.object({ password: text(1024, { trim: false }).min(1) });

/** The customer as they see themselves. `confirmed` once both the email and the phone are. */
export const clubProfileSchema = z.object({
  id: z.number().int(),
  firstName: z.string(),
  lastName: z.string(),
  email: z.string(),
  emailConfirmed: z.boolean(),
  countryCode: z.string(),
  phone: z.string(),
  phoneConfirmed: z.boolean(),
  confirmed: z.boolean(),
  birthday: isoDateSchema,
  gender: z.enum(genders),
  address: z.string(),
  city: z.string(),
  state: z.string(),
  zip: z.string(),
  shop: z.object({ id: z.number().int(), name: z.string(), city: z.string() }).nullable(),
  cardNumber: z.string(),
  subscribedAt: z.iso.datetime(),
  marketingConsent: z.boolean(),
  language: languageSchema,
  /** The code of the customer's invitation link: /club/register?invite=<code>. */
  inviteCode: z.string(),
});
export type ClubProfile = z.infer<typeof clubProfileSchema>;
export const clubProfileAnswerSchema = dataOf(clubProfileSchema);

/** What the customer may change themselves (the email and the phone are confirmed anew when changed). */
export const clubProfileEditSchema = clubRegistrationSchema
  .pick({
    firstName: true,
    lastName: true,
    gender: true,
    address: true,
    city: true,
    state: true,
    zip: true,
    shopId: true,
    marketingConsent: true,
    language: true,
  })
  .extend({ birthday: isoDateSchema });

export const clubSessionAnswerSchema = dataOf(z.object({ token: z.string(), customer: clubProfileSchema }));

export const otpSentAnswerSchema = dataOf(
  z.object({
    channel: z.enum(otpChannels),
    /** Where it went, masked: m•••@example.com, +39 •••• 4567. */
    sentTo: z.string(),
    /** When another code may be asked for. */
    resendAt: z.iso.datetime(),
    expiresAt: z.iso.datetime(),
  }),
);

/** Public, before sign-in: what the registration page promises and offers. */
export const clubInfoSchema = z.object({
  registrationOpen: z.boolean(),
  maxDiscountPercent: z.literal(maxDiscountPercent),
  birthdayGiftPoints: z.literal(birthdayGiftPoints),
  referralPoints: z.literal(referralPoints),
  levels: z.array(loyaltyLevelSchema),
  shops: z.array(z.object({ id: z.number().int(), name: z.string(), city: z.string() })),
  otpResendSeconds: z.number().int(),
  /** The inviting friend's first name, when the page was opened with ?invite=. */
  invitedBy: z.string().nullable(),
});
export const clubInfoAnswerSchema = dataOf(clubInfoSchema);
export const clubInfoQuerySchema = z.object({ invite: text(40).optional() });

export const clubLoyaltySchema = loyaltySummarySchema.extend({
  birthday: z.object({
    points: z.number().int(),
    /** The last gift, and the day of the next one. */
    lastGivenOn: isoDateSchema.nullable(),
    nextOn: isoDateSchema,
  }),
  invitations: z.object({
    code: z.string(),
    /** Friends who registered with the link, and those who confirmed (and gave points). */
    registered: z.number().int(),
    confirmed: z.number().int(),
    pointsEarned: z.number().int(),
  }),
});
export type ClubLoyalty = z.infer<typeof clubLoyaltySchema>;
export const clubLoyaltyAnswerSchema = dataOf(clubLoyaltySchema);
