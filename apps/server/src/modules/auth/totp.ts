// Time-based one-time codes (RFC 6238) for two-factor sign-in, through `otpauth`. A code is
// accepted for its own 30-second step or one step either side (clock drift), and only for a step
// later than the last one accepted: a code works once.
import { totpDigits, totpPeriodSeconds } from '@bottega/contracts/security';
import { Secret, TOTP } from 'otpauth';
import QRCode from 'qrcode';

export const totpIssuer = 'Bottega';

export type TotpAlgorithm = 'SHA1' | 'SHA256' | 'SHA512';

function totp(secretBase32: string, options: { label?: string; algorithm?: TotpAlgorithm; digits?: number } = {}) {
  return new TOTP({
    issuer: totpIssuer,
    label: options.label ?? totpIssuer,
    algorithm: options.algorithm ?? 'SHA1',
    digits: options.digits ?? totpDigits,
    period: totpPeriodSeconds,
    secret: Secret.fromBase32(secretBase32),
  });
}

/** A new 160-bit key, in base32 as authenticator apps show it. */
export function newTotpSecret(): string {
  return new Secret({ size: 20 }).base32;
}

/** The code for a moment: for tests and the simulator, never sent to anybody. */
export function totpCode(
  secretBase32: string,
  at: Date,
  options: { algorithm?: TotpAlgorithm; digits?: number } = {},
): string {
  return totp(secretBase32, options).generate({ timestamp: at.getTime() });
}

/** The 30-second step a moment falls in (RFC 6238 T). */
export function totpStep(at: Date): number {
  return Math.floor(at.getTime() / 1000 / totpPeriodSeconds);
}

/**
 * The step `code` belongs to when it is valid at `at` (± one step) and later than `lastUsedStep`,
 * or null: a wrong code, an old one, or a replay.
 */
export function acceptedTotpStep(options: {
  secret: string;
  code: string;
  at: Date;
  lastUsedStep: number | null;
  algorithm?: TotpAlgorithm;
  digits?: number;
}): number | null {
  const delta = totp(options.secret, options).validate({
    token: options.code,
    timestamp: options.at.getTime(),
    window: 1,
  });
  if (delta === null) return null;
  const step = totpStep(options.at) + delta;
  return options.lastUsedStep !== null && step <= options.lastUsedStep ? null : step;
}

/** What the setup screen shows: the otpauth URI, as a QR code (SVG data URL), and the key in text. */
export async function totpEnrolment(secretBase32: string, accountLabel: string) {
  const otpauthUri = totp(secretBase32, { label: accountLabel }).toString();
  const svg = await QRCode.toString(otpauthUri, { type: 'svg', margin: 1, errorCorrectionLevel: 'M' });
  return {
    secret: secretBase32.match(/.{1,4}/g)?.join(' ') ?? secretBase32,
    otpauthUri,
    qrCode: `data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}`,
  };
}
