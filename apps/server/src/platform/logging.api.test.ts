// Logs without secrets (issue 29): the app logs at trace level into a collector while real flows handle passwords,
// session tokens, reset and invitation links, one-time codes, a TOTP key and recovery codes, an IBAN, a camera's and a
// router's password, bot, webhook and SMS keys, a signed media link and errors carrying such values; no line holds
// any of them. Every line is JSON, a request's lines carry its id (X-Request-Id, echoed on the answer) and the lines
// of a job a request queued carry that request's id too.
import { createServer } from 'node:net';
import { eq, sql } from 'drizzle-orm';
import { Secret, TOTP } from 'otpauth';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  api,
  createTestApp,
  createUser,
  demoPassword,
  findShopId,
  lastMailTo,
  lastSmsTo,
  signIn,
  type TestApp,
} from '../../test/harness';
import { companies } from '../modules/companies/companies.schema';
import { pollTelegramUpdatesJob } from '../modules/profile/telegram-link.service';
import { userGroups } from '../modules/user-groups/user-groups.schema';
import { enqueueJob } from './jobs';
import { jobs } from './jobs.schema';

/** Every line the app wrote, and every secret it handled: none may be found in the former. */
const lines: string[] = [];
const secrets = new Set<string>();
const secret = <T extends string>(value: T): T => {
  secrets.add(value);
  return value;
};

/** A port nothing listens on: mail, SMS, Telegram and a camera are refused there, and their jobs fail and log. */
async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

const nowhere = `127.0.0.1:${await closedPort()}`;
const botToken = secret('123456789:AAHdqTcvCH1vGWJxfSeofSAs0K5PALDsaw');
const smsKey = secret('sms-key-5f1c2a9e7b');
let test: TestApp;
let adminToken: string;

beforeAll(async () => {
  test = await createTestApp(
    {
      LOG_LEVEL: 'trace',
      PUBLIC_URL: 'https://bottega.example',
      SMTP_URL: `smtp://${nowhere}`,
      MAIL_FROM: 'Bottega <no-reply@bottega.example>',
      TELEGRAM_API_URL: `http://${nowhere}`,
      TELEGRAM_BOT_TOKEN: botToken,
      TELEGRAM_BOT_USERNAME: 'TestBot',
      SMS_API_URL: `http://${nowhere}`,
      SMS_API_KEY: smsKey,
      CAMERA_TIMEOUT_MS: '500',
    },
    { logStream: { write: (line) => lines.push(line) } },
  );
  // Handlers that fail with secrets in hand: a query whose parameters are a password and an IBAN, and an error
  // naming a reset link and carrying a token (routes added before the app is ready, as a module's would be).
  test.app.post('/api/test/failing-query', { config: { access: 'public' } }, async () => {
    await test.app.db.execute(
      sql`insert into nowhere values (${secret('Query-Passw0rd!')}, ${secret('IT60X0542811101000000123456')})`,
    );
  });
  test.app.post('/api/test/failing-call', { config: { access: 'public' } }, async () => {
    const link = `https://bottega.example/reset-password?token=${secret('Fa1lingLinkToken_abcdefghijklmnop')}`;
    throw Object.assign(new Error(`could not reach ${link}`), { token: secret('err-field-token-0123456789') });
  });
  adminToken = secret(await signIn(test.app, 'admin'));
});
afterAll(() => test?.close());

const post = (url: string, body: unknown, token?: string, headers?: Record<string, string>) =>
  api(test.app, { method: 'POST', url, body, token, headers });

function codeOf(key: string): string {
  return new TOTP({ secret: Secret.fromBase32(key) }).generate();
}

describe('log lines', () => {
  it('carry no password of a sign-in, right or wrong, nor the session token', async () => {
    const user = await createUser(test.db);
    secret(await signIn(test.app, user.username, demoPassword));
    const wrong = await post('/api/auth/login', { login: user.username, password: secret('Sbagliata-Pw-2026!') });
    expect(wrong.json().code).toBe('invalidCredentials');
  });

  it('carry no TOTP key, one-time code, recovery code or sign-in step', async () => {
    const user = await createUser(test.db);
    const token = secret(await signIn(test.app, user.username));
    const setup = await post('/api/profile/mfa/setup', {}, token);
    expect(setup.statusCode, setup.body).toBe(200);
    const shown = secret(setup.json().data.secret as string);
    const key = secret(shown.replace(/ /g, ''));
    const confirm = await post('/api/profile/mfa/confirm', { code: secret(codeOf(key)) }, token);
    expect(confirm.statusCode, confirm.body).toBe(200);
    const recoveryCodes = (confirm.json().data.recoveryCodes as string[]).map(secret);
    const first = await post('/api/auth/login', { login: user.username, password: demoPassword });
    const challenge = secret(first.json().data.challenge as string);
    const second = await post('/api/auth/mfa', { challenge, recoveryCode: recoveryCodes[0] });
    expect(second.statusCode, second.body).toBe(200);
    secret(second.json().data.token as string);
  });

  it('carry no reset link, its token or the new password, the web page of the link included', async () => {
    const user = await createUser(test.db);
    const email = `${user.username}@test.example`;
    expect((await post('/api/auth/password-reset/request', { email })).statusCode).toBe(200);
    const { token } = await lastMailTo(test.db, email, 'passwordReset');
    secret(token);
    const page = await api(test.app, { url: `/reset-password?token=${encodeURIComponent(token)}`, csrf: false });
    expect(page.statusCode).toBe(200);
    expect((await post('/api/auth/password-reset/check', { token })).statusCode).toBe(200);
    const password = secret('Nuova-Passw0rd-Lunga!');
    const reset = await post('/api/auth/password-reset', { token, password, passwordConfirmation: password });
    expect(reset.statusCode, reset.body).toBe(200);
    // The mail, sent to an SMTP server that refuses it, fails and is retried: its link is not in that line either.
    await test.app.jobs.drain();
  });

  it("carry no invitation link nor an employee's IBAN and BIC", async () => {
    const shopId = await findShopId(test.db, 'MI01');
    const [group] = await test.db.select().from(userGroups).where(eq(userGroups.name, 'Dipendente'));
    const email = 'giulia.logging@bottega.example';
    const created = await post(
      '/api/employees',
      {
        name: 'Giulia',
        surname: 'Registro',
        matricola: 'L0001',
        username: 'gregistro',
        email,
        depositCardNumber: '',
        shopId,
        shopIds: [shopId],
        groupIds: [group?.id],
        phone: '+39 333 1234567',
        fiscalCode: '',
        engagementDate: '2024-03-01',
        birthday: null,
        identityCardNumber: 'CA1234567',
        address: 'Via Toledo 256',
        city: 'Napoli',
        cap: '80134',
        iban: secret('IT48X0503403200000000987654'),
        bic: secret('BAPPIT21'),
        bankName: 'Banco BPM',
        useFingerprint: false,
      },
      adminToken,
    );
    expect(created.statusCode, created.body).toBe(201);
    const { token } = await lastMailTo(test.db, email, 'setPassword');
    secret(token);
    expect((await api(test.app, { url: `/set-password?token=${token}`, csrf: false })).statusCode).toBe(200);
    const password = secret('Invito-Passw0rd-2026');
    const done = await post('/api/auth/password-reset', { token, password, passwordConfirmation: password });
    expect(done.statusCode, done.body).toBe(200);
  });

  it("carry no camera's password, nor its basic credentials, when saved, revealed and reached", async () => {
    const password = secret('S3gret-cam-pwd!');
    secret(Buffer.from(`camlog:${password}`).toString('base64'));
    const body = {
      name: 'Ingresso log',
      shopId: await findShopId(test.db, 'MI01'),
      type: 'foscamHd',
      link: `http://${nowhere}`,
      username: 'camlog',
      password,
    };
    const saved = await post('/api/cameras', body, adminToken);
    expect(saved.statusCode, saved.body).toBe(201);
    const { id } = saved.json().data;
    const revealed = await post(`/api/cameras/${id}/password/reveal`, {}, adminToken);
    expect(revealed.json().data.password).toBe(password);
    expect((await post('/api/cameras/test', { ...body, cameraId: id }, adminToken)).statusCode).toBe(200);
    await api(test.app, { url: `/api/cameras/${id}/snapshot`, token: adminToken });
  });

  it('carry no router password or bank account of a shop', async () => {
    const [company] = await test.db.select().from(companies).limit(1);
    const saved = await post(
      '/api/shops',
      {
        name: 'Bergamo Log',
        code: 'lg01',
        companyId: company?.id,
        address: 'Via Gombito 7',
        country: 'IT',
        province: 'bg',
        city: 'Bergamo',
        cap: '24129',
        phone: '+39 035 123 4567',
        email: 'bergamo.log@bottega.example',
        fiscalPrinterIp: '192.168.40.20',
        routerIp: '192.168.40.1',
        routerUsername: 'bottega-lg01',
        routerPassword: secret('R0uter segreto log!'),
        accountNumber: secret('000055598765'),
        merchantCode: '4570099001',
        closed: false,
        closedOn: null,
        section: 'Nord',
        isRanked: true,
        hasRankingPortal: true,
        rankingPortal: 'retailRanking',
      },
      adminToken,
    );
    expect(saved.statusCode, saved.body).toBe(201);
    const reveal = await post(`/api/shops/${saved.json().data.id}/router-password/reveal`, {}, adminToken);
    expect(reveal.statusCode, reveal.body).toBe(200);
  });

  it("carry no bot token, Telegram link code, webhook secret, SMS key or club customer's codes", async () => {
    const code = await post('/api/profile/telegram/link-code', {}, adminToken);
    expect(code.statusCode, code.body).toBe(200);
    secret(code.json().data.code as string);
    await enqueueJob(test.db, pollTelegramUpdatesJob, {});

    const account = await post(
      '/api/automation/accounts',
      {
        network: 'webhook',
        name: 'Newsletter log',
        handle: '',
        shopId: await findShopId(test.db, 'MI01'),
        webhookUrl: `http://${nowhere}/hook`,
        token: secret('whsec-logging-0123456789abcdef'),
      },
      adminToken,
    );
    expect(account.statusCode, account.body).toBe(201);

    const phone = '347 7654321';
    const registered = await post('/api/club/register', {
      firstName: 'Anna',
      lastName: 'Registro',
      email: 'anna.registro@club.test',
      password: secret('Club-Passw0rd-lunga'),
      countryCode: '+39',
      phone,
      birthday: '1990-05-17',
      gender: 'female',
      address: 'Via Dante 3',
      city: 'Milano',
      state: 'MI',
      zip: '20121',
      shopId: await findShopId(test.db, 'MI01'),
      privacyConsent: true,
      marketingConsent: false,
      language: 'it',
    });
    expect(registered.statusCode, registered.body).toBe(201);
    const customerToken = secret(registered.json().data.token as string);
    secret(registered.json().data.customer.inviteCode as string);
    const emailCode = secret((await lastMailTo(test.db, 'anna.registro@club.test', 'clubCode')).token);
    const smsCode = secret((await lastSmsTo(test.db, `+39${phone.replace(/\D/g, '')}`)).code);
    for (const [channel, value] of [
      ['email', emailCode],
      ['sms', smsCode],
    ]) {
      const verified = await post('/api/club/otp/verify', { channel, code: value }, customerToken);
      expect(verified.statusCode, verified.body).toBe(200);
    }
    // The bot is read, the mails and SMS are sent: each refused, each job logs its failure.
    await test.app.jobs.drain();
  });

  it('carry no signed media link, nor the secrets of errors thrown by handlers', async () => {
    const signature = secret('kQ3x_9vLr2Zp8WmN4tYb7cFh1sJd6gAe0uVo5iXq-Rw');
    const media = await api(test.app, { url: `/api/automation/public-media/1/9999999999/${signature}`, csrf: false });
    expect(media.statusCode).toBe(404);
    expect((await post('/api/test/failing-query', {})).statusCode).toBe(500);
    expect((await post('/api/test/failing-call', { password: secret('Body-Passw0rd!') })).statusCode).toBe(500);
    const logged = lines.map((line) => JSON.parse(line));
    expect(logged.some((line) => line.err?.type === 'DrizzleQueryError' && line.err.params === '[redacted]')).toBe(
      true,
    );
    expect(logged.some((line) => line.err?.message?.includes('reset-password?token=[redacted]'))).toBe(true);
  });

  it('tell the request id, chosen by the caller when it is safe, and echo it', async () => {
    const chosen = await api(test.app, { url: '/health/live', csrf: false, headers: { 'x-request-id': 'lb-42.a_b' } });
    expect(chosen.headers['x-request-id']).toBe('lb-42.a_b');
    const unsafe = await api(test.app, {
      url: '/api/nowhere',
      csrf: false,
      headers: { 'x-request-id': 'no spaces please' },
    });
    expect(unsafe.statusCode).toBe(404);
    expect(unsafe.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
    const logged = lines.map((line) => JSON.parse(line));
    expect(logged.filter((line) => line.reqId === 'lb-42.a_b').map((line) => line.msg)).toEqual([
      'incoming request',
      'request completed',
    ]);
    expect(logged.some((line) => line.reqId === unsafe.headers['x-request-id'])).toBe(true);
  });

  it("follow a request into the jobs it queued: their lines carry the request's id", async () => {
    const user = await createUser(test.db);
    const requestId = 'reset-request-0001';
    const response = await post(
      '/api/auth/password-reset/request',
      { email: `${user.username}@test.example` },
      undefined,
      { 'x-request-id': requestId },
    );
    expect(response.statusCode).toBe(200);
    expect(response.headers['x-request-id']).toBe(requestId);
    secret((await lastMailTo(test.db, `${user.username}@test.example`, 'passwordReset')).token);
    const [job] = await test.db.select().from(jobs).where(eq(jobs.requestId, requestId));
    expect(job?.kind).toBe('mail.deliver');
    await test.app.jobs.drain();
    const failure = lines.map((line) => JSON.parse(line)).find((line) => line.job === job?.id);
    expect(failure).toMatchObject({ reqId: requestId, job: job?.id, kind: 'mail.deliver', level: 40 });
    expect(failure.msg).toBe('job failed, to be retried');
  });

  it('are JSON, a request id on every line of a request, and hold none of the secrets above', () => {
    expect(lines.length).toBeGreaterThan(50);
    const logged = lines.map((line) => JSON.parse(line));
    for (const line of logged) if (line.req || line.res) expect(line.reqId).toEqual(expect.any(String));
    expect(logged.filter((line) => line.level >= 40).length).toBeGreaterThan(3);
    const text = lines.join('');
    // A six-digit code can turn up by chance inside a line's time or duration: codes are looked for in its texts.
    const texts = JSON.stringify(logged, (_key, value) => (typeof value === 'number' ? null : value));
    expect(secrets.size).toBeGreaterThan(30);
    for (const value of secrets) {
      const within = /^\d+$/.test(value) ? texts : text;
      expect(within, value).not.toContain(value);
      expect(within, value).not.toContain(encodeURIComponent(value));
    }
  });
});
