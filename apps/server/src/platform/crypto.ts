// Tokens and signatures. Bearer tokens carry 256 random bits and are stored only as SHA-256;
// CSRF tokens and realtime channel grants are HMACs with the app key, so any server node can check them.
import { createCipheriv, createDecipheriv, createHash, createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { type Readable, Transform } from 'node:stream';

export function newToken(): string {
  return randomBytes(32).toString('base64url');
}

export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

/**
 * A stream passed on unchanged while its SHA-256 is taken (a file copied or archived, and checked against the copy);
 * an error of the source ends it too. `digest` answers once the stream has been read to its end.
 */
export function hashed(source: Readable): { stream: Readable; digest: () => string } {
  const hash = createHash('sha256');
  const stream = new Transform({
    transform(chunk: Buffer, _encoding, done) {
      hash.update(chunk);
      done(null, chunk);
    },
  });
  source.on('error', (error) => stream.destroy(error));
  return { stream: source.pipe(stream), digest: () => hash.digest('hex') };
}

export function sign(appKey: string, purpose: string, value: string): string {
  return createHmac('sha256', appKey).update(`${purpose}\n${value}`).digest('base64url');
}

export function safeEqual(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}

/** A CSRF token for the page's meta tag: a random nonce and its signature. */
export function issueCsrfToken(appKey: string): string {
  const nonce = randomBytes(16).toString('base64url');
  return `${nonce}.${sign(appKey, 'csrf', nonce)}`;
}

export function isValidCsrfToken(appKey: string, token: string | undefined): boolean {
  if (!token) return false;
  const [nonce, signature] = token.split('.');
  return Boolean(nonce && signature) && safeEqual(signature as string, sign(appKey, 'csrf', nonce as string));
}

/** The key for secrets at rest, derived from the app key so rotating APP_KEY is one setting. */
function secretKey(appKey: string): Buffer {
  return createHash('sha256').update(`secrets\n${appKey}`).digest();
}

/** AES-256-GCM for secrets the app must reuse (router and camera passwords): `iv.tag.ciphertext`. */
export function encryptSecret(appKey: string, plain: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', secretKey(appKey), iv);
  const encrypted = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
  return [iv, cipher.getAuthTag(), encrypted].map((part) => part.toString('base64url')).join('.');
}

export function decryptSecret(appKey: string, sealed: string): string {
  const [iv, tag, encrypted] = sealed.split('.').map((part) => Buffer.from(part, 'base64url'));
  if (!iv || !tag || !encrypted) throw new Error('malformed secret');
  const decipher = createDecipheriv('aes-256-gcm', secretKey(appKey), iv);
  decipher.setAuthTag(tag);
  return Buffer.concat([decipher.update(encrypted), decipher.final()]).toString('utf8');
}

/** The key for files at rest (payslips), apart from the secrets' key. */
function fileKey(appKey: string): Buffer {
  return createHash('sha256').update(`files\n${appKey}`).digest();
}

/** AES-256-GCM for a file's bytes: iv (12) · tag (16) · ciphertext. */
export function sealBytes(appKey: string, plain: Uint8Array): Uint8Array {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', fileKey(appKey), iv);
  const encrypted = Buffer.concat([cipher.update(plain), cipher.final()]);
  return Buffer.concat([iv, cipher.getAuthTag(), encrypted]);
}

/** The bytes sealed by sealBytes; throws when they were changed or sealed with another key. */
export function openBytes(appKey: string, sealed: Uint8Array): Uint8Array {
  const bytes = Buffer.from(sealed.buffer, sealed.byteOffset, sealed.byteLength);
  const decipher = createDecipheriv('aes-256-gcm', fileKey(appKey), bytes.subarray(0, 12));
  decipher.setAuthTag(bytes.subarray(12, 28));
  return new Uint8Array(Buffer.concat([decipher.update(bytes.subarray(28)), decipher.final()]));
}
