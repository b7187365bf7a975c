// What a log line may show (issue 29): URLs without their secrets, fields without secret values, errors without the
// database's row values, and the request id a caller may choose.
import type { IncomingMessage } from 'node:http';
import { DrizzleQueryError } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { censorSecrets, maskUrl, maskUrlsIn, redactedValue, requestIdOf, serializeError } from './logging';

const token = 'kQ3x_9vLr2Zp8WmN4tYb7cFh1sJd6gAe0uVo5iXq-Rw';

describe('maskUrl', () => {
  it.each([
    ['/api/shops/12/cash-reports', '/api/shops/12/cash-reports'],
    ['/api/shops/12/expense-authorisations/3/revoke', '/api/shops/12/expense-authorisations/3/revoke'],
    ['/assets/index-D4f8Gk2a.js', '/assets/index-D4f8Gk2a.js'],
    [`/reset-password?token=${token}`, '/reset-password?token=[redacted]'],
    [`/set-password?token=${token}&lng=en`, '/set-password?token=[redacted]&lng=[redacted]'],
    [`/confirm-email?token=${token}`, '/confirm-email?token=[redacted]'],
    ['/club/register?invite=Ab3dEf9hIj', '/club/register?invite=[redacted]'],
    [`/api/automation/public-media/7/1790000000/${token}`, '/api/automation/public-media/7/1790000000/[redacted]'],
    [`/somewhere?${token}`, '/somewhere?[redacted]'],
    ['/api/jobs?page=2', '/api/jobs?page=[redacted]'],
    ['/page#access_token=abc', '/page#[redacted]'],
    [
      'https://api.telegram.org/bot123456789:AAHdqTcvCH1vGWJxfSeofSAs0K5PALDsaw/sendMessage',
      'https://api.telegram.org/[redacted]/sendMessage',
    ],
    [
      'http://admin:S3gret@192.168.1.20:88/cgi-bin/CGIProxy.fcgi?usr=admin&pwd=S3gret',
      'http://[redacted]@192.168.1.20:88/cgi-bin/CGIProxy.fcgi?usr=[redacted]&pwd=[redacted]',
    ],
  ])('%s', (url, masked) => {
    expect(maskUrl(url)).toBe(masked);
  });

  it('masks the URLs within a text and leaves the rest', () => {
    const text = `fetch failed for https://bottega.example/reset-password?token=${token} (see /api/x?code=123456 too)`;
    expect(maskUrlsIn(text)).toBe(
      'fetch failed for https://bottega.example/reset-password?token=[redacted] (see /api/x?code=[redacted] too)',
    );
    expect(maskUrlsIn('at file:///work/main/apps/server/src/app.ts:12:3')).toBe(
      'at file:///work/main/apps/server/src/app.ts:12:3',
    );
  });
});

describe('censorSecrets', () => {
  it('replaces secret fields at any depth and keeps whether a secret is set', () => {
    const fields = {
      user: 12,
      body: { login: 'admin', password: 'Segreta!2026', remember: true },
      camera: { username: 'cam1', cameraPassword: 'S3gret-pwd!', passwordSet: true },
      shop: { routerPassword: 'R0uter segreto!', accountNumber: '000055512345', code: 'MI01' },
      employee: { iban: 'IT48X0503403200000000987654', bic: 'BAPPIT21', bankName: 'Banco BPM' },
      mfa: { code: '123456', recoveryCodes: ['a1b2-c3d4'], otpauthUri: 'otpauth://totp/Bottega:x?secret=ABC' },
      account: { botToken: '123:abc', accessToken: 'EAAB', webhookSecret: 'whsec', apiKey: 'key', tokenSet: false },
      headers: { authorization: 'Bearer abc', cookie: 'a=b', 'x-csrf-token': 'csrf', 'set-cookie': ['a=b'] },
      list: [{ deep: { deeper: { token: 'nested' } } }],
      link: `https://bottega.example/set-password?token=${token}`,
      shown: null,
    };
    expect(censorSecrets(fields)).toEqual({
      user: 12,
      body: { login: 'admin', password: redactedValue, remember: true },
      camera: { username: 'cam1', cameraPassword: redactedValue, passwordSet: true },
      shop: { routerPassword: redactedValue, accountNumber: redactedValue, code: redactedValue },
      employee: { iban: redactedValue, bic: redactedValue, bankName: 'Banco BPM' },
      mfa: { code: redactedValue, recoveryCodes: redactedValue, otpauthUri: redactedValue },
      account: {
        botToken: redactedValue,
        accessToken: redactedValue,
        webhookSecret: redactedValue,
        apiKey: redactedValue,
        tokenSet: false,
      },
      headers: {
        authorization: redactedValue,
        cookie: redactedValue,
        'x-csrf-token': redactedValue,
        'set-cookie': redactedValue,
      },
      list: [{ deep: { deeper: { token: redactedValue } } }],
      link: 'https://bottega.example/set-password?token=[redacted]',
      shown: null,
    });
    // Nothing logged is changed in place.
    expect(fields.body.password).toBe('Segreta!2026');
  });

  it('answers the very value when there is nothing to hide, and ends on a cycle', () => {
    const fields = { job: 3, kind: 'mail.deliver', nested: { list: [1, 'two'] } };
    expect(censorSecrets(fields)).toBe(fields);
    const cycle: Record<string, unknown> = { name: 'loop' };
    cycle.self = cycle;
    expect(JSON.stringify(censorSecrets(cycle))).toContain(redactedValue);
  });
});

describe('serializeError', () => {
  it('leaves out the query parameters and failing row of a database error, keeping what failed', () => {
    const cause = Object.assign(new Error('relation "nowhere" does not exist'), {
      code: '42P01',
      detail: 'Failing row contains (7, IT48X0503403200000000987654).',
    });
    const error = new DrizzleQueryError(
      'insert into "nowhere" values ($1, $2)',
      [7, 'IT48X0503403200000000987654'],
      cause,
    );
    const serialized = serializeError(error);
    const text = JSON.stringify(serialized);
    expect(text).not.toContain('IT48X0503403200000000987654');
    expect(serialized).toMatchObject({
      type: 'DrizzleQueryError',
      query: 'insert into "nowhere" values ($1, $2)',
      params: redactedValue,
    });
    expect(serialized.message).toBe(
      'Failed query: insert into "nowhere" values ($1, $2)\nparams: [redacted]: relation "nowhere" does not exist',
    );
    expect(serialized.stack).toContain('caused by: Error: relation "nowhere" does not exist');
  });

  it('keeps the code of a failure, censors secret fields and masks URLs in the message', () => {
    const error = Object.assign(new Error(`could not open https://bottega.example/reset-password?token=${token}`), {
      code: 'ECONNREFUSED',
      details: { password: 'Segreta!2026', shop: 'MI01' },
    });
    const serialized = serializeError(error);
    expect(serialized).toMatchObject({
      type: 'Error',
      code: 'ECONNREFUSED',
      details: { password: redactedValue, shop: 'MI01' },
      message: 'could not open https://bottega.example/reset-password?token=[redacted]',
    });
    expect(JSON.stringify(serialized)).not.toContain(token);
  });

  it('serializes each error of an aggregate', () => {
    const error = new AggregateError([Object.assign(new Error('one'), { token: 'abc' })], 'all failed');
    expect(serializeError(error).aggregateErrors).toEqual([
      expect.objectContaining({ message: 'one', token: '[redacted]' }),
    ]);
  });
});

describe('requestIdOf', () => {
  const request = (value?: string) =>
    ({ headers: value === undefined ? {} : { 'x-request-id': value } }) as IncomingMessage;

  it('keeps a short, plain X-Request-Id and makes a UUID otherwise', () => {
    expect(requestIdOf(request('lb-7f3a.42_x'))).toBe('lb-7f3a.42_x');
    for (const unsafe of [undefined, '', 'a'.repeat(65), 'with space', '"quoted"', 'line\nbreak', 'ü']) {
      expect(requestIdOf(request(unsafe))).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/);
    }
  });
});
