// Tokens and signatures. Bearer tokens carry 256 random bits and are stored only as SHA-256;
// CSRF tokens and realtime channel grants are HMACs with the app key, so any server node can check them.
import { createHash, createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

export function newToken(): string {
  return randomBytes(32).toString('base64url');
}

export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
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
