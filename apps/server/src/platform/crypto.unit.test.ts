import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { hashToken, issueCsrfToken, isValidCsrfToken, newToken, openBytes, sealBytes } from './crypto';

const appKey = 'unit-test-app-key-0123456789-abcdefghij';

describe('CSRF tokens', () => {
  it('accepts a token issued with the same key, and every issue is different', () => {
    const token = issueCsrfToken(appKey);
    expect(token).toMatch(/^[\w-]+\.[\w-]+$/);
    expect(isValidCsrfToken(appKey, token)).toBe(true);
    expect(issueCsrfToken(appKey)).not.toBe(token);
  });

  it('refuses a token with a changed nonce or signature, or signed with another key', () => {
    const [nonce, signature] = issueCsrfToken(appKey).split('.') as [string, string];
    const flip = (text: string) => (text[0] === 'A' ? 'B' : 'A') + text.slice(1);
    expect(isValidCsrfToken(appKey, `${flip(nonce)}.${signature}`)).toBe(false);
    expect(isValidCsrfToken(appKey, `${nonce}.${flip(signature)}`)).toBe(false);
    expect(isValidCsrfToken(appKey, `${nonce}.${signature}x`)).toBe(false);
    expect(isValidCsrfToken('another-app-key-0123456789-abcdefghij', `${nonce}.${signature}`)).toBe(false);
  });

  it('refuses a missing or malformed token', () => {
    expect(isValidCsrfToken(appKey, undefined)).toBe(false);
    expect(isValidCsrfToken(appKey, '')).toBe(false);
    expect(isValidCsrfToken(appKey, 'no-dot')).toBe(false);
    expect(isValidCsrfToken(appKey, '.')).toBe(false);
  });
});

describe('bearer tokens', () => {
  it('are 256 random bits in base64url', () => {
    const token = newToken();
    expect(token).toMatch(/^[\w-]{43}$/);
    expect(newToken()).not.toBe(token);
  });

  it('are hashed with SHA-256 in hex', () => {
    expect(hashToken('abc')).toBe('ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad');
    const token = newToken();
    expect(hashToken(token)).toBe(createHash('sha256').update(token).digest('hex'));
    expect(hashToken(token)).not.toBe(token);
  });
});

describe('files sealed at rest', () => {
  it('open to the same bytes with the same key, never show them, and differ every time', () => {
    const plain = new TextEncoder().encode('%PDF-1.7 RSSMRA85T10A562S');
    const sealed = sealBytes(appKey, plain);
    expect(Buffer.from(sealed).includes(Buffer.from('RSSMRA85T10A562S'))).toBe(false);
    expect(Buffer.from(sealBytes(appKey, plain)).equals(Buffer.from(sealed))).toBe(false);
    expect(new TextDecoder().decode(openBytes(appKey, sealed))).toBe('%PDF-1.7 RSSMRA85T10A562S');
  });

  it('refuse bytes changed at rest or sealed with another key', () => {
    const sealed = sealBytes(appKey, new Uint8Array([1, 2, 3, 4]));
    const changed = sealed.slice();
    changed[changed.length - 1] = (changed[changed.length - 1] as number) ^ 1;
    expect(() => openBytes(appKey, changed)).toThrow();
    expect(() => openBytes('another key', sealed)).toThrow();
  });
});
