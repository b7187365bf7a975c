import { Secret } from 'otpauth';
import { describe, expect, it } from 'vitest';
import { acceptedTotpStep, newTotpSecret, totpCode, totpEnrolment, totpStep } from './totp';

// RFC 6238 Appendix B: the seeds are the ASCII digits repeated to the hash's key length.
const seeds = {
  SHA1: Secret.fromUTF8('12345678901234567890').base32,
  SHA256: Secret.fromUTF8('12345678901234567890123456789012').base32,
  SHA512: Secret.fromUTF8('1234567890123456789012345678901234567890123456789012345678901234').base32,
} as const;

const vectors: [seconds: number, sha1: string, sha256: string, sha512: string][] = [
  [59, '94287082', '46119246', '90693936'],
  [1111111109, '07081804', '68084774', '25091201'],
  [1111111111, '14050471', '67062674', '99943326'],
  [1234567890, '89005924', '91819424', '93441116'],
  [2000000000, '69279037', '90698825', '38618901'],
  [20000000000, '65353130', '77737706', '47863826'],
];

describe('RFC 6238 Appendix B test vectors', () => {
  for (const [seconds, sha1, sha256, sha512] of vectors) {
    const at = new Date(seconds * 1000);
    it(`T=${seconds}`, () => {
      expect(totpCode(seeds.SHA1, at, { algorithm: 'SHA1', digits: 8 })).toBe(sha1);
      expect(totpCode(seeds.SHA256, at, { algorithm: 'SHA256', digits: 8 })).toBe(sha256);
      expect(totpCode(seeds.SHA512, at, { algorithm: 'SHA512', digits: 8 })).toBe(sha512);
    });
    it(`T=${seconds} is accepted by the verifier`, () => {
      for (const [algorithm, code] of [
        ['SHA1', sha1],
        ['SHA256', sha256],
        ['SHA512', sha512],
      ] as const) {
        const step = acceptedTotpStep({ secret: seeds[algorithm], code, at, lastUsedStep: null, algorithm, digits: 8 });
        expect(step).toBe(totpStep(at));
      }
    });
  }
});

describe('acceptedTotpStep', () => {
  const secret = newTotpSecret();
  const at = new Date('2026-11-22T10:00:15Z');
  const step = totpStep(at);

  it('accepts the current code once: the same step again is a replay', () => {
    const code = totpCode(secret, at);
    expect(acceptedTotpStep({ secret, code, at, lastUsedStep: null })).toBe(step);
    expect(acceptedTotpStep({ secret, code, at, lastUsedStep: step })).toBeNull();
  });

  it('accepts one step of clock drift either way, not two', () => {
    const previous = totpCode(secret, new Date(at.getTime() - 30_000));
    const next = totpCode(secret, new Date(at.getTime() + 30_000));
    const tooOld = totpCode(secret, new Date(at.getTime() - 60_000));
    expect(acceptedTotpStep({ secret, code: previous, at, lastUsedStep: null })).toBe(step - 1);
    expect(acceptedTotpStep({ secret, code: next, at, lastUsedStep: null })).toBe(step + 1);
    expect(acceptedTotpStep({ secret, code: tooOld, at, lastUsedStep: null })).toBeNull();
  });

  it('refuses an older code once a later one was used', () => {
    const previous = totpCode(secret, new Date(at.getTime() - 30_000));
    expect(acceptedTotpStep({ secret, code: previous, at, lastUsedStep: step })).toBeNull();
  });

  it('refuses a wrong code and another key’s code', () => {
    const code = totpCode(secret, at);
    const wrong = String((Number(code) + 1) % 1_000_000).padStart(6, '0');
    expect(acceptedTotpStep({ secret, code: wrong, at, lastUsedStep: null })).toBeNull();
    expect(acceptedTotpStep({ secret: newTotpSecret(), code, at, lastUsedStep: null })).toBeNull();
  });
});

describe('totpEnrolment', () => {
  it('gives an otpauth URI with the issuer, the key in groups of four and an SVG QR code', async () => {
    const secret = newTotpSecret();
    const enrolment = await totpEnrolment(secret, 'mario.rossi');
    expect(enrolment.otpauthUri).toMatch(/^otpauth:\/\/totp\/Bottega:mario\.rossi\?/);
    expect(enrolment.otpauthUri).toContain('issuer=Bottega');
    expect(enrolment.otpauthUri).toContain(`secret=${secret}`);
    expect(enrolment.secret.replace(/ /g, '')).toBe(secret);
    expect(Buffer.from(enrolment.qrCode.split(',')[1] ?? '', 'base64').toString()).toContain('<svg');
  });
});
