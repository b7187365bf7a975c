import { z } from 'zod';
import { signedInSchema } from './auth';
import { dataOf, requiredText, text } from './common';

// Two-factor sign-in (TOTP), recovery codes, passkeys (WebAuthn), the user's sessions and the
// "is this person present" check used by shift punches.

export const totpDigits = 6;
export const totpPeriodSeconds = 30;
export const recoveryCodeCount = 10;
export const passkeyNameMaxLength = 60;

/** A six-digit code as typed: spaces are ignored. */
export const totpCodeSchema = z
  .string()
  .transform((value) => value.replace(/\s/g, ''))
  .pipe(z.string().regex(/^\d{6}$/));

/** A recovery code as typed: case, spaces and dashes are ignored (`ABCD-EFGH-JK`). */
export const recoveryCodeSchema = z
  .string()
  .transform((value) => value.replace(/[\s-]/g, '').toUpperCase())
  .pipe(z.string().regex(/^[A-Z2-9]{10}$/));

export const mfaSignInBodySchema = z.union([
  z.object({ challenge: text(100, { trim: false }).min(1), code: totpCodeSchema }),
  z.object({ challenge: text(100, { trim: false }).min(1), recoveryCode: recoveryCodeSchema }),
]);
export type MfaSignInBody = z.input<typeof mfaSignInBodySchema>;

export const challengeBodySchema = z.object({ challenge: text(100, { trim: false }).min(1) });

/** What an authenticator app needs: the otpauth URI, its QR code (SVG data URL) and the key in text. */
export const totpSetupSchema = z.object({
  secret: z.string(),
  otpauthUri: z.string(),
  qrCode: z.string(),
});
export type TotpSetup = z.infer<typeof totpSetupSchema>;
export const totpSetupAnswerSchema = dataOf(totpSetupSchema);

export const recoveryCodesSchema = z.array(z.string()).length(recoveryCodeCount);
export const recoveryCodesAnswerSchema = dataOf(z.object({ recoveryCodes: recoveryCodesSchema }));

export const mfaSetupSignInBodySchema = z.object({
  challenge: text(100, { trim: false }).min(1),
  code: totpCodeSchema,
});
/** The forced setup at sign-in ends signed in, with the recovery codes to keep. */
export const mfaSetupSignInAnswerSchema = dataOf(signedInSchema.extend({ recoveryCodes: recoveryCodesSchema }));

export const codeBodySchema = z.object({ code: totpCodeSchema });

export const mfaStatusSchema = z.object({
  enabled: z.boolean(),
  enabledAt: z.iso.datetime().nullable(),
  /** The user's group must use two-factor: it cannot be turned off. */
  required: z.boolean(),
  recoveryCodesLeft: z.number().int(),
});
export type MfaStatus = z.infer<typeof mfaStatusSchema>;
export const mfaStatusAnswerSchema = dataOf(mfaStatusSchema);

// WebAuthn options and responses are produced and read by @simplewebauthn on both sides; the
// contract only carries them through.
const webAuthnJsonSchema = z.record(z.string(), z.unknown());

/** A WebAuthn ceremony: its options for the browser and the token that names it on the way back. */
export const ceremonySchema = z.object({ challenge: z.string(), options: webAuthnJsonSchema });
export const ceremonyAnswerSchema = dataOf(ceremonySchema);

export const passkeySchema = z.object({
  id: z.number().int(),
  name: z.string(),
  createdAt: z.iso.datetime(),
  lastUsedAt: z.iso.datetime().nullable(),
});
export type Passkey = z.infer<typeof passkeySchema>;
export const passkeysAnswerSchema = dataOf(z.array(passkeySchema));
export const passkeyAnswerSchema = dataOf(passkeySchema);

export const passkeyRegisterBodySchema = z.object({
  challenge: text(100, { trim: false }).min(1),
  name: requiredText(passkeyNameMaxLength),
  response: webAuthnJsonSchema,
});

/** Nobody is named: the authenticator offers its own passkeys, so the answer never tells who has an account. */
export const passkeySignInOptionsBodySchema = z.object({});
export const passkeySignInBodySchema = z.object({
  challenge: text(100, { trim: false }).min(1),
  response: webAuthnJsonSchema,
  remember: z.boolean().default(false),
});

export const sessionMethods = ['password', 'mfa', 'passkey'] as const;
export const sessionSchema = z.object({
  id: z.string(),
  device: z.object({ browser: z.string().nullable(), os: z.string().nullable() }),
  ip: z.string().nullable(),
  method: z.enum(sessionMethods),
  createdAt: z.iso.datetime(),
  lastUsedAt: z.iso.datetime(),
  current: z.boolean(),
});
export type UserSession = z.infer<typeof sessionSchema>;
export const sessionsAnswerSchema = dataOf(z.array(sessionSchema));
export const sessionIdParamSchema = z.object({ id: z.uuid() });

/** "Is user X here?": by passkey when they have one, otherwise (or by choice) by password. */
export const presenceOptionsBodySchema = z.object({ userId: z.number().int().positive() });
export const presenceOptionsAnswerSchema = dataOf(
  z.object({ userId: z.number().int(), name: z.string(), passkey: ceremonySchema.nullable() }),
);
export const presenceBodySchema = z.union([
  z.object({ userId: z.number().int().positive(), password: text(1024, { trim: false }).min(1) }),
  z.object({
    userId: z.number().int().positive(),
    challenge: text(100, { trim: false }).min(1),
    response: webAuthnJsonSchema,
  }),
]);
export type PresenceBody = z.infer<typeof presenceBodySchema>;
export const presenceAnswerSchema = dataOf(
  z.object({ userId: z.number().int(), method: z.enum(['password', 'passkey']), confirmedAt: z.iso.datetime() }),
);
