import { z } from 'zod';
import { dataOf, languageSchema, requiredText, text } from './common';

export const signInBodySchema = z.object({
  login: requiredText(254),
  password: text(1024, { trim: false }).min(1),
  remember: z.boolean().default(false),
});
export type SignInBody = z.infer<typeof signInBodySchema>;

export const shopSummarySchema = z.object({
  id: z.number().int(),
  name: z.string(),
  code: z.string(),
  city: z.string(),
  companyName: z.string(),
});
export type ShopSummary = z.infer<typeof shopSummarySchema>;

/** A session was opened: the token, and what the web does next (registration, shop choice). */
export const signedInSchema = z.object({
  step: z.literal('signedIn'),
  token: z.string(),
  expiresAt: z.iso.datetime(),
  /** Spec §4: the sign-in answer says whether registration must be completed first. */
  registration: z.boolean(),
  shops: z.array(shopSummarySchema),
});
export type SignedIn = z.infer<typeof signedInSchema>;

/**
 * The password was right but a second step is due: `mfaCode` (enter a code or a recovery code) or
 * `mfaSetup` (the user's group must use two-factor and it is not set up yet). `challenge` is an
 * opaque, short-lived token for that step.
 */
export const secondStepSchema = z.object({
  step: z.enum(['mfaCode', 'mfaSetup']),
  challenge: z.string(),
});

export const signInAnswerSchema = dataOf(z.discriminatedUnion('step', [signedInSchema, secondStepSchema]));
export type SignInAnswer = z.infer<typeof signInAnswerSchema>;

export const chooseShopBodySchema = z.object({ shopId: z.number().int().positive() });

export const authUserSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  avatar: z.string().nullable(),
  can: z.array(z.string()),
  userGroup: z.array(z.object({ id: z.number().int(), name: z.string() })),
  lng: languageSchema,
  shop: shopSummarySchema.nullable(),
});
export type AuthUser = z.infer<typeof authUserSchema>;
export const authUserAnswerSchema = dataOf(authUserSchema);

export const shopsAnswerSchema = dataOf(z.array(shopSummarySchema));

export const broadcastingAuthBodySchema = z.object({
  socketId: text(100, { trim: false }).min(1),
  channelName: text(200, { trim: false }).min(1),
});
export const broadcastingAuthAnswerSchema = dataOf(z.object({ auth: z.string() }));

export const translationOverridesQuerySchema = z.object({ lng: languageSchema });
export const translationOverridesAnswerSchema = dataOf(z.record(z.string(), z.string()));

export const publicSettingsSchema = dataOf(
  z.object({
    footer: z.object({
      corporate: z.string(),
      customerService: z.string(),
      shop: z.string(),
      contact: z.string(),
    }),
    /** The server runs with the demo data: screens may offer its sample files (the demo bank's statement). */
    demo: z.boolean(),
  }),
);
export type PublicSettings = z.infer<typeof publicSettingsSchema>['data'];
