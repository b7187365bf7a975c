import { and, desc, eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  api,
  createTestApp,
  createUser,
  csrfHeaders,
  demoPassword,
  lastMailTo as lastMailToIn,
  signIn,
  type TestApp,
} from '../../../test/harness';
import { auditLog } from '../../platform/audit.schema';
import { hashToken } from '../../platform/crypto';
import { mailOutbox } from '../../platform/mail.schema';
import { passwordResets, users } from '../employees/employees.schema';
import { emailKey, requestsPerAddress } from './password-reset.service';

let test: TestApp;
beforeAll(async () => {
  test = await createTestApp({ PUBLIC_URL: 'https://bottega.example' });
});
afterAll(() => test?.close());

// Every call comes from its own network address unless a test says otherwise, so the
// per-address throttle only shows where it is the point.
let addressSequence = 0;
const freshAddress = () => `10.1.${Math.floor(addressSequence / 250)}.${(addressSequence++ % 250) + 1}`;

function post(
  app: FastifyInstance,
  url: string,
  body: unknown,
  options: { ip?: string; lng?: string; csrf?: boolean } = {},
) {
  return app.inject({
    method: 'POST',
    url,
    headers: {
      ...(options.csrf === false ? {} : csrfHeaders()),
      ...(options.lng ? { 'accept-language': options.lng } : {}),
    },
    payload: body as Record<string, unknown>,
    remoteAddress: options.ip ?? freshAddress(),
  });
}

const requestLink = (email: string, options: { ip?: string; lng?: string; app?: FastifyInstance } = {}) =>
  post(options.app ?? test.app, '/api/auth/password-reset/request', { email }, options);
const checkLink = (token: string) => post(test.app, '/api/auth/password-reset/check', { token });
const reset = (token: string, password: string, passwordConfirmation = password, lng?: string) =>
  post(test.app, '/api/auth/password-reset', { token, password, passwordConfirmation }, { lng });

/** The newest mail to this address, and the token of its link (unsealed, as SMTP would carry it). */
const lastMailTo = (email: string) => lastMailToIn(test.db, email);

async function newUser() {
  const user = await createUser(test.db);
  return { ...user, email: `${user.username}@test.example` };
}

/** Makes the requests for this address look `seconds` older, as if that time had passed. */
async function age(email: string, seconds: number) {
  await test.db
    .update(auditLog)
    .set({ at: sql`${auditLog.at} - make_interval(secs => ${seconds})` })
    .where(
      and(eq(auditLog.entity, 'passwordResetRequest'), eq(auditLog.entityId, emailKey(test.config.appKey, email))),
    );
}

async function signInStatus(login: string, password: string) {
  const response = await api(test.app, { method: 'POST', url: '/api/auth/login', body: { login, password } });
  return response.statusCode;
}

describe('asking for a link', () => {
  it('writes a mail in the recipient language with a single-use link stored only hashed', async () => {
    const user = await newUser();
    await test.db.update(users).set({ lng: 'en' }).where(eq(users.id, user.id));
    const response = await requestLink(user.email.toUpperCase());
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({ data: { ok: true } });

    const { mail, token } = await lastMailTo(user.email);
    expect(mail).toMatchObject({ template: 'passwordReset', lng: 'en', subject: 'Reset your Bottega password' });
    expect(mail.sentAt).toBeNull();
    expect(mail.text).toContain('Hello Test,');
    // The outbox shows the link redacted; the token itself is only sealed, for the SMTP copy.
    expect(mail.text).toContain('https://bottega.example/reset-password?token=[redacted]');
    expect(mail.html).toContain('href="https://bottega.example/reset-password?token=[redacted]"');
    expect(JSON.stringify(mail)).not.toContain(token);
    expect(token).toMatch(/^[\w-]{43}$/);

    const [stored] = await test.db.select().from(passwordResets).where(eq(passwordResets.userId, user.id));
    expect(stored?.tokenHash).toBe(hashToken(token));
    expect(JSON.stringify(stored)).not.toContain(token);
    const minutesLeft = ((stored?.expiresAt.getTime() ?? 0) - Date.now()) / 60_000;
    expect(minutesLeft).toBeGreaterThan(59);
    expect(minutesLeft).toBeLessThanOrEqual(60);

    const [audit] = await test.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.action, 'auth.passwordResetRequested'))
      .orderBy(desc(auditLog.id))
      .limit(1);
    expect(audit).toMatchObject({ entity: 'passwordResetRequest', actorId: null });
    expect(audit?.data).toMatchObject({ userId: user.id });
  });

  it('answers exactly the same for an address that matches nobody, and stores not the address', async () => {
    const user = await newUser();
    const known = await requestLink(user.email);
    const unknown = await requestLink('nobody-here@test.example');
    expect(unknown.statusCode).toBe(known.statusCode);
    expect(unknown.body).toBe(known.body);

    const mails = await test.db.select().from(mailOutbox).where(eq(mailOutbox.recipient, 'nobody-here@test.example'));
    expect(mails).toEqual([]);
    const [audit] = await test.db
      .select()
      .from(auditLog)
      .where(
        and(
          eq(auditLog.action, 'auth.passwordResetRequested'),
          eq(auditLog.entityId, emailKey(test.config.appKey, 'nobody-here@test.example')),
        ),
      );
    expect(audit?.data).toEqual({ unknownEmail: true });
    const everything = JSON.stringify(await test.db.select().from(auditLog));
    expect(everything).not.toContain('nobody-here');
  });

  it('throttles each address, telling the true seconds left, known or not', async () => {
    const user = await newUser();
    for (const email of [user.email, 'ghost@test.example']) {
      expect((await requestLink(email)).statusCode).toBe(200);
      const again = await requestLink(email);
      expect(again.statusCode).toBe(429);
      expect(again.json()).toMatchObject({ code: 'resetThrottled' });
      expect(again.json().message).toMatch(/attendi (59 secondi|1 minuto) prima/);

      await age(email, 45);
      const later = await requestLink(email, { lng: 'en' });
      expect(later.statusCode).toBe(429);
      expect(later.json().message).toMatch(/\b1[45] seconds\b/);

      await age(email, 16);
      expect((await requestLink(email)).statusCode).toBe(200);
    }
    // Only the requests that went through count: one mail per accepted request to the known address.
    const mails = await test.db.select().from(mailOutbox).where(eq(mailOutbox.recipient, user.email));
    expect(mails).toHaveLength(2);
    const throttled = await test.db
      .select()
      .from(auditLog)
      .where(
        and(
          eq(auditLog.action, 'auth.passwordResetThrottled'),
          eq(auditLog.entityId, emailKey(test.config.appKey, user.email)),
        ),
      );
    expect(throttled).toHaveLength(2);
  });

  it(`lets one network address ask ${requestsPerAddress} times within the throttle time, then waits`, async () => {
    const ip = '192.0.2.77';
    for (let index = 0; index < requestsPerAddress; index += 1) {
      expect((await requestLink(`someone${index}@test.example`, { ip })).statusCode).toBe(200);
    }
    const refused = await requestLink('yet-another@test.example', { ip });
    expect(refused.statusCode).toBe(429);
    expect(refused.json().code).toBe('resetThrottled');
    expect((await requestLink('yet-another@test.example', { ip: '192.0.2.78' })).statusCode).toBe(200);
  });

  it('refuses a malformed address with a field error and a call without the CSRF token', async () => {
    const malformed = await requestLink('not an email', { lng: 'en' });
    expect(malformed.statusCode).toBe(422);
    expect(malformed.json().errors.email).toEqual(['Enter a valid email address.']);
    const forged = await post(
      test.app,
      '/api/auth/password-reset/request',
      { email: 'x@test.example' },
      { csrf: false },
    );
    expect(forged.statusCode).toBe(403);
    expect(forged.json().code).toBe('csrfMismatch');
  });

  it('keeps only the newest link working', async () => {
    const user = await newUser();
    await requestLink(user.email);
    const first = await lastMailTo(user.email);
    await age(user.email, 61);
    await requestLink(user.email);
    const second = await lastMailTo(user.email);
    expect(second.token).not.toBe(first.token);
    expect((await checkLink(first.token)).json().code).toBe('resetTokenInvalid');
    expect((await checkLink(second.token)).statusCode).toBe(200);
  });
});

describe('with PASSWORD_RESET_REVEAL_UNKNOWN_EMAIL', () => {
  let revealing: TestApp;
  beforeAll(async () => {
    revealing = await createTestApp({ PASSWORD_RESET_REVEAL_UNKNOWN_EMAIL: 'true' });
  });
  afterAll(() => revealing?.close());

  it('says that no user has an unknown address, and still sends known ones their link', async () => {
    const unknown = await requestLink('nobody@test.example', { app: revealing.app });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({
      code: 'userNotFoundForEmail',
      message: 'Nessun utente ha questo indirizzo email.',
    });
    const known = await requestLink('dipendente@bottega.example', { app: revealing.app });
    expect(known.statusCode).toBe(200);
  });

  it('is off by default', () => {
    expect(test.config.passwordReset.revealUnknownEmail).toBe(false);
  });
});

describe('setting the new password', () => {
  it('checks the link before the password is typed', async () => {
    const user = await newUser();
    await requestLink(user.email);
    const { token } = await lastMailTo(user.email);
    expect((await checkLink(token)).json()).toEqual({ data: { ok: true } });
    const unknown = await checkLink('not-a-token');
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().code).toBe('resetTokenInvalid');
  });

  it('asks for at least 8 characters, typed twice the same', async () => {
    const user = await newUser();
    await requestLink(user.email);
    const { token } = await lastMailTo(user.email);
    const short = await reset(token, 'short', 'short', 'en');
    expect(short.statusCode).toBe(422);
    expect(short.json().errors.password).toEqual(['Enter at least 8 characters.']);
    const different = await reset(token, 'a long password', 'another password', 'en');
    expect(different.statusCode).toBe(422);
    expect(Object.keys(different.json().errors)).toEqual(['passwordConfirmation']);
    // Refused input does not use the link up.
    expect((await checkLink(token)).statusCode).toBe(200);
  });

  it('refuses a common password or one containing personal data, and the link stays usable', async () => {
    const user = await newUser();
    await requestLink(user.email);
    const { token } = await lastMailTo(user.email);
    const cases = [
      { password: '12345678', code: 'passwordTooCommon', field: 'Password too common: it is one of the most used.' },
      { password: 'bottega2026', code: 'passwordTooCommon', field: 'Password too common: it is one of the most used.' },
      {
        password: `my ${user.username.toUpperCase()}!`,
        code: 'passwordContainsPersonalData',
        field: 'The password cannot contain your username, name, surname or email.',
      },
    ];
    for (const { password, code, field } of cases) {
      const response = await reset(token, password, password, 'en');
      expect(response.statusCode, password).toBe(422);
      expect(response.json().code, password).toBe(code);
      expect(response.json().errors, password).toEqual({ password: [field] });
    }
    expect((await checkLink(token)).statusCode).toBe(200);
    expect(await signInStatus(user.username, demoPassword)).toBe(200);
    expect((await reset(token, 'Trenino-Rosso-42')).statusCode).toBe(200);
  });

  it('sets the password, signs the person out everywhere, works once and is audited', async () => {
    const user = await newUser();
    const sessions = [await signIn(test.app, user.username), await signIn(test.app, user.username)];
    await requestLink(user.email);
    const { token } = await lastMailTo(user.email);

    const done = await reset(token, 'una password nuova');
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json()).toEqual({ data: { ok: true } });

    for (const session of sessions) {
      const me = await api(test.app, { url: '/api/auth/user', token: session });
      expect(me.statusCode).toBe(401);
    }
    expect(await signInStatus(user.username, demoPassword)).toBe(401);
    expect(await signInStatus(user.username, 'una password nuova')).toBe(200);

    const [audit] = await test.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'auth.passwordReset'), eq(auditLog.entityId, String(user.id))));
    expect(audit).toMatchObject({ actorId: user.id, entity: 'user' });
    expect(audit?.data).toMatchObject({ revokedSessions: 2 });
    expect(JSON.stringify(audit)).not.toContain('una password nuova');

    const again = await reset(token, "ancora un'altra password");
    expect(again.statusCode).toBe(400);
    expect(again.json()).toEqual({
      code: 'resetTokenInvalid',
      message: 'Il link per reimpostare la password non è valido o è già stato usato.',
    });
    expect(await signInStatus(user.username, 'una password nuova')).toBe(200);
    const failures = await test.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'auth.passwordResetFailed'), eq(auditLog.entityId, String(user.id))));
    expect(failures.map((failure) => failure.reason)).toEqual(['resetTokenInvalid']);
  });

  it('refuses an expired link and leaves the password as it was', async () => {
    const user = await newUser();
    await requestLink(user.email);
    const { token } = await lastMailTo(user.email);
    await test.db
      .update(passwordResets)
      .set({ expiresAt: new Date(Date.now() - 60_000) })
      .where(eq(passwordResets.tokenHash, hashToken(token)));

    const checked = await checkLink(token);
    expect(checked.statusCode).toBe(410);
    expect(checked.json().code).toBe('resetLinkExpired');
    const refused = await reset(token, 'una password nuova', 'una password nuova', 'de');
    expect(refused.statusCode).toBe(410);
    expect(refused.json()).toEqual({
      code: 'resetLinkExpired',
      message: expect.stringContaining('abgelaufen'),
    });
    expect(await signInStatus(user.username, demoPassword)).toBe(200);
    const [failure] = await test.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'auth.passwordResetFailed'), eq(auditLog.entityId, String(user.id))));
    expect(failure?.reason).toBe('resetLinkExpired');
  });

  it('refuses an unknown token and audits the attempt without a user', async () => {
    const response = await reset('x'.repeat(43), 'una password nuova');
    expect(response.statusCode).toBe(400);
    expect(response.json().code).toBe('resetTokenInvalid');
    const [failure] = await test.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.action, 'auth.passwordResetFailed'))
      .orderBy(desc(auditLog.id))
      .limit(1);
    expect(failure).toMatchObject({ entityId: null, reason: 'resetTokenInvalid' });
  });
});
