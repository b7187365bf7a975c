import type { TFunction } from 'i18next';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError, apiErrorOf } from './api-client';
import { errorMessage, formatWait, secondsToWait } from './error-message';

const t = ((key: string) => key) as unknown as TFunction;

describe('apiErrorOf', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    vi.setSystemTime(new Date('2026-11-23T08:00:00Z'));
  });
  afterEach(() => vi.useRealTimers());

  it('reads code, message and field errors from the body, and a 429’s Retry-After as the instant to try again', () => {
    const error = apiErrorOf(429, { code: 'tooManyAttempts', message: 'Riprova tra 900 secondi.' }, '900');
    expect(error).toBeInstanceOf(ApiError);
    expect(error.code).toBe('tooManyAttempts');
    expect(error.message).toBe('Riprova tra 900 secondi.');
    expect(error.retryAt).toBe(Date.parse('2026-11-23T08:15:00Z'));
    const invalid = apiErrorOf(422, { code: 'validation', message: '', errors: { iban: ['IBAN non valido'] } });
    expect(invalid.fieldErrors).toEqual({ iban: ['IBAN non valido'] });
    expect(invalid.retryAt).toBeNull();
  });

  it('ignores a Retry-After on other statuses, and one that is not a positive number of seconds', () => {
    expect(apiErrorOf(503, {}, '30').retryAt).toBeNull();
    expect(apiErrorOf(429, {}, 'Wed, 21 Oct 2026 07:28:00 GMT').retryAt).toBeNull();
    expect(apiErrorOf(429, {}, '0').retryAt).toBeNull();
    expect(apiErrorOf(429, {}, null).retryAt).toBeNull();
  });

  it('answers "internal" for a body that is not ours (a proxy’s error page)', () => {
    expect(apiErrorOf(502, null).code).toBe('internal');
  });
});

describe('secondsToWait', () => {
  const error = new ApiError(429, 'tooManyAttempts', '', {}, 100_000);

  it('counts whole seconds down to the retry instant, rounding up, then 0', () => {
    expect(secondsToWait(error, 10_000)).toBe(90);
    expect(secondsToWait(error, 99_001)).toBe(1);
    expect(secondsToWait(error, 100_000)).toBe(0);
    expect(secondsToWait(error, 120_000)).toBe(0);
  });

  it('is 0 for errors without a wait, and for anything else', () => {
    expect(secondsToWait(new ApiError(401, 'invalidCredentials', ''), 0)).toBe(0);
    expect(secondsToWait(new Error('boom'), 0)).toBe(0);
    expect(secondsToWait(null, 0)).toBe(0);
  });
});

describe('errorMessage', () => {
  it('prefers the server’s localized message, else our words for its code, else a generic one', () => {
    expect(errorMessage(new ApiError(409, 'lastAdmin', 'Serve un amministratore.'), t)).toBe(
      'Serve un amministratore.',
    );
    expect(errorMessage(new ApiError(0, 'network', ''), t)).toBe('errors:network');
    expect(errorMessage(new Error('boom'), t)).toBe('errors:internal');
    expect(errorMessage(null, t)).toBeNull();
  });
});

describe('formatWait', () => {
  const counted = ((key: string, options: { count: number }) => `${key}:${options.count}`) as unknown as TFunction;

  it('tells whole minutes, rounded up, and seconds only under a minute', () => {
    expect(formatWait(895, counted)).toBe('common:wait.minutes:15');
    expect(formatWait(60, counted)).toBe('common:wait.minutes:1');
    expect(formatWait(61, counted)).toBe('common:wait.minutes:2');
    expect(formatWait(59, counted)).toBe('common:wait.seconds:59');
    expect(formatWait(0.2, counted)).toBe('common:wait.seconds:1');
  });
});
