// Two-factor sign-in, recovery codes, passkeys, sessions and the presence check, through the API.
import { and, desc, eq } from 'drizzle-orm';
import { Secret, TOTP } from 'otpauth';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  api,
  chooseShop,
  createGroup,
  createTestApp,
  createUser,
  createUserWithAbilities,
  demoPassword,
  findUserId,
  signIn,
  type TestApp,
} from '../../../test/harness';
import { VirtualAuthenticator } from '../../../test/virtual-authenticator';
import { auditLog } from '../../platform/audit.schema';
import { passkeys, userMfa } from './auth.schema';

let test: TestApp;
beforeAll(async () => {
  test = await createTestApp();
});
afterAll(() => test?.close());
afterEach(() => {
  vi.useRealTimers();
});

/** The server's clock (JavaScript Date only) moved on by whole 30-second steps, so later codes become current. */
function advanceSteps(steps: number) {
  const now = Date.now();
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(now + steps * 30_000);
}

function codeAt(secretText: string, at = Date.now()): string {
  return new TOTP({ secret: Secret.fromBase32(secretText.replace(/ /g, '')) }).generate({ timestamp: at });
}

const post = (url: string, body: unknown, token?: string, lng?: string) =>
  api(test.app, { method: 'POST', url, body, token, lng });

async function auditActions(entityId: number | string) {
  const rows = await test.db
    .select({ action: auditLog.action })
    .from(auditLog)
    .where(eq(auditLog.entityId, String(entityId)))
    .orderBy(desc(auditLog.id));
  return rows.map((row) => row.action);
}

/** A fresh user with two-factor on: their token, key and recovery codes. */
async function userWithMfa(abilities: Parameters<typeof createUserWithAbilities>[1] = []) {
  const user = await createUserWithAbilities(test.db, abilities, { shops: ['MI01'] });
  const token = await signIn(test.app, user.username);
  const setup = await post('/api/profile/mfa/setup', {}, token);
  expect(setup.statusCode).toBe(200);
  const { secret } = setup.json().data;
  const confirm = await post('/api/profile/mfa/confirm', { code: codeAt(secret) }, token);
  expect(confirm.statusCode).toBe(200);
  return { ...user, token, secret: secret as string, recoveryCodes: confirm.json().data.recoveryCodes as string[] };
}

describe('two-factor setup from the profile', () => {
  it('shows the key as a QR code and text, turns on with a first code and gives ten recovery codes once', async () => {
    const user = await createUserWithAbilities(test.db, [], { shops: ['MI01'] });
    const token = await signIn(test.app, user.username);
    const before = await api(test.app, { url: '/api/profile/mfa', token });
    expect(before.json().data).toEqual({ enabled: false, enabledAt: null, required: false, recoveryCodesLeft: 0 });

    const setup = await post('/api/profile/mfa/setup', {}, token);
    const { secret, otpauthUri, qrCode } = setup.json().data;
    expect(otpauthUri).toContain(`otpauth://totp/Bottega:${user.username}?`);
    expect(otpauthUri).toContain('issuer=Bottega');
    expect(qrCode).toMatch(/^data:image\/svg\+xml;base64,/);
    expect(secret).toMatch(/^[A-Z2-7]{4}( [A-Z2-7]{4})+$/);

    const wrong = await post('/api/profile/mfa/confirm', { code: '000000' }, token, 'en');
    expect(wrong.statusCode).toBe(422);
    expect(wrong.json()).toMatchObject({ code: 'invalidMfaCode', message: 'Invalid code.' });
    const malformed = await post('/api/profile/mfa/confirm', { code: '12ab' }, token);
    expect(malformed.statusCode).toBe(422);
    expect(malformed.json().errors.code).toBeDefined();

    const confirm = await post('/api/profile/mfa/confirm', { code: codeAt(secret) }, token);
    expect(confirm.statusCode).toBe(200);
    const codes: string[] = confirm.json().data.recoveryCodes;
    expect(codes).toHaveLength(10);
    expect(new Set(codes).size).toBe(10);
    for (const code of codes) expect(code).toMatch(/^[A-HJ-NP-Z2-9]{5}-[A-HJ-NP-Z2-9]{5}$/);

    const after = (await api(test.app, { url: '/api/profile/mfa', token })).json().data;
    expect(after).toMatchObject({ enabled: true, required: false, recoveryCodesLeft: 10 });
    expect((await post('/api/profile/mfa/setup', {}, token)).json().code).toBe('mfaAlreadyEnabled');
    expect(await auditActions(user.id)).toContain('auth.mfaEnabled');
    // The key is sealed at rest.
    const [row] = await test.db.select().from(userMfa).where(eq(userMfa.userId, user.id));
    expect(row?.secretSealed).not.toContain(secret.replace(/ /g, ''));
  });
});

describe('signing in with two-factor', () => {
  it('asks for a code after the password; a code works once; one step of drift is accepted', async () => {
    const user = await userWithMfa();
    const first = await post('/api/auth/login', { login: user.username, password: demoPassword, remember: true });
    expect(first.statusCode).toBe(200);
    const { step, challenge } = first.json().data;
    expect(step).toBe('mfaCode');
    expect(first.json().data.token).toBeUndefined();

    // The code just used to confirm the setup is a replay.
    const replay = await post('/api/auth/mfa', { challenge, code: codeAt(user.secret) }, undefined, 'en');
    expect(replay.statusCode).toBe(422);
    expect(replay.json().code).toBe('invalidMfaCode');

    // The next step's code, typed a little early (clock drift), is accepted once.
    const next = codeAt(user.secret, Date.now() + 30_000);
    const ok = await post('/api/auth/mfa', { challenge, code: next.replace(/(\d{3})/, '$1 ') });
    expect(ok.statusCode).toBe(200);
    expect(ok.json().data).toMatchObject({ step: 'signedIn', expiresAt: expect.any(String) });
    const token = ok.json().data.token;
    expect((await api(test.app, { url: '/api/auth/user', token })).statusCode).toBe(200);

    // The step is used up, and so is the code.
    expect((await post('/api/auth/mfa', { challenge, code: next })).json().code).toBe('signInStepExpired');
    const again = await post('/api/auth/login', { login: user.username, password: demoPassword });
    const replayed = await post('/api/auth/mfa', { challenge: again.json().data.challenge, code: next });
    expect(replayed.json().code).toBe('invalidMfaCode');

    const sessions = (await api(test.app, { url: '/api/profile/sessions', token })).json().data;
    expect(sessions.find((session: { current: boolean }) => session.current).method).toBe('mfa');
  });

  it('refuses codes two steps away', async () => {
    const user = await userWithMfa();
    const { challenge } = (await post('/api/auth/login', { login: user.username, password: demoPassword })).json().data;
    // Not at the end of a 30-second step: the server must count from the same step as the codes below.
    const intoStep = Date.now() % 30_000;
    if (intoStep > 27_000) await new Promise((resolve) => setTimeout(resolve, 30_500 - intoStep));
    const tooLate = await post('/api/auth/mfa', { challenge, code: codeAt(user.secret, Date.now() + 60_000) });
    expect(tooLate.json().code).toBe('invalidMfaCode');
    const tooEarly = await post('/api/auth/mfa', { challenge, code: codeAt(user.secret, Date.now() - 60_000) });
    expect(tooEarly.json().code).toBe('invalidMfaCode');
  });

  it('accepts each recovery code once, however it is typed', async () => {
    const user = await userWithMfa();
    const [recovery] = user.recoveryCodes;
    const start = async () =>
      (await post('/api/auth/login', { login: user.username, password: demoPassword })).json().data.challenge;
    const typed = ` ${recovery?.toLowerCase().replace('-', ' - ')} `;
    const ok = await post('/api/auth/mfa', { challenge: await start(), recoveryCode: typed });
    expect(ok.statusCode).toBe(200);
    expect(ok.json().data.step).toBe('signedIn');
    const reused = await post('/api/auth/mfa', { challenge: await start(), recoveryCode: recovery }, undefined, 'de');
    expect(reused.statusCode).toBe(422);
    expect(reused.json().message).toBe('Ungültiger Code.');
    const status = (await api(test.app, { url: '/api/profile/mfa', token: user.token })).json().data;
    expect(status.recoveryCodesLeft).toBe(9);
    expect(await auditActions(user.id)).toContain('auth.recoveryCodeUsed');
  });

  it('answers an unknown or forged step with signInStepExpired', async () => {
    const response = await post('/api/auth/mfa', { challenge: 'not-a-real-step', code: '123456' }, undefined, 'en');
    expect(response.statusCode).toBe(401);
    expect(response.json().message).toBe('The sign-in has expired: enter your username and password again.');
  });

  it('regenerates recovery codes with a current code: the old ones stop working', async () => {
    const user = await userWithMfa();
    advanceSteps(1);
    const response = await post('/api/profile/mfa/recovery-codes', { code: codeAt(user.secret) }, user.token);
    expect(response.statusCode, response.body).toBe(200);
    const fresh: string[] = response.json().data.recoveryCodes;
    expect(fresh.some((code) => user.recoveryCodes.includes(code))).toBe(false);
    const { challenge } = (await post('/api/auth/login', { login: user.username, password: demoPassword })).json().data;
    expect((await post('/api/auth/mfa', { challenge, recoveryCode: user.recoveryCodes[0] })).statusCode).toBe(422);
    const fresh0 = await post('/api/auth/mfa', { challenge, recoveryCode: fresh[0] });
    expect(fresh0.statusCode, fresh0.body).toBe(200);
  });

  it('turns off with a current code, and signing in asks only the password again', async () => {
    const user = await userWithMfa();
    expect((await post('/api/profile/mfa/disable', { code: '000000' }, user.token)).statusCode).toBe(422);
    advanceSteps(1);
    const off = await post('/api/profile/mfa/disable', { code: codeAt(user.secret) }, user.token);
    expect(off.statusCode).toBe(200);
    const login = await post('/api/auth/login', { login: user.username, password: demoPassword });
    expect(login.json().data.step).toBe('signedIn');
    expect(await auditActions(user.id)).toContain('auth.mfaDisabled');
  });
});

describe('groups that must use two-factor', () => {
  it('take the user through setup at sign-in, which cannot be skipped or turned off', async () => {
    const group = await createGroup(test.db, ['security.mustUseMfa']);
    const user = await createUser(test.db, { groups: [group.id], shops: ['MI01'] });
    const login = await post('/api/auth/login', { login: user.username, password: demoPassword });
    expect(login.json().data.step).toBe('mfaSetup');
    const { challenge } = login.json().data;
    // The setup step is not a code step: no session can be had without finishing it.
    expect((await post('/api/auth/mfa', { challenge, code: '123456' })).json().code).toBe('signInStepExpired');

    const setup = await post('/api/auth/mfa/setup', { challenge });
    expect(setup.statusCode).toBe(200);
    const { secret } = setup.json().data;
    expect((await post('/api/auth/mfa/setup/confirm', { challenge, code: '000000' })).statusCode).toBe(422);
    const done = await post('/api/auth/mfa/setup/confirm', { challenge, code: codeAt(secret) });
    expect(done.statusCode).toBe(200);
    expect(done.json().data).toMatchObject({ step: 'signedIn' });
    expect(done.json().data.recoveryCodes).toHaveLength(10);
    const token = done.json().data.token;

    const status = (await api(test.app, { url: '/api/profile/mfa', token })).json().data;
    expect(status).toMatchObject({ enabled: true, required: true });
    advanceSteps(1);
    const off = await post('/api/profile/mfa/disable', { code: codeAt(secret) }, token, 'it');
    expect(off.statusCode).toBe(409);
    expect(off.json().code).toBe('mfaRequired');

    const next = await post('/api/auth/login', { login: user.username, password: demoPassword });
    expect(next.json().data.step).toBe('mfaCode');
  });

  it('is an obligation of the group, not implied for admins', async () => {
    const login = await post('/api/auth/login', { login: 'admin', password: demoPassword });
    expect(login.json().data.step).toBe('signedIn');
  });
});

describe('resetting another user’s two-factor', () => {
  it('needs "can reset MFA", reaches only people in scope, is audited, and fails when there is nothing to reset', async () => {
    const user = await userWithMfa();
    const url = `/api/employees/${user.id}/mfa/reset`;

    const without = await createUserWithAbilities(test.db, ['employees.view'], { shops: ['MI01'] });
    const withoutToken = await signIn(test.app, without.username);
    expect((await post(url, {}, withoutToken)).statusCode).toBe(403);

    const elsewhere = await createUserWithAbilities(test.db, ['security.canResetMfa', 'employees.view'], {
      shops: ['RM01'],
    });
    const elsewhereToken = await signIn(test.app, elsewhere.username);
    await chooseShop(test.app, elsewhereToken, 'RM01');
    expect((await post(url, {}, elsewhereToken)).statusCode).toBe(404);

    const resetter = await createUserWithAbilities(test.db, ['security.canResetMfa', 'employees.view'], {
      shops: ['MI01'],
    });
    const token = await signIn(test.app, resetter.username);
    await chooseShop(test.app, token, 'MI01');
    const detail = await api(test.app, { url: `/api/employees/${user.id}`, token });
    expect(detail.json().data.mfaEnabled).toBe(true);

    expect((await post(url, {}, token)).statusCode).toBe(200);
    expect((await api(test.app, { url: `/api/employees/${user.id}`, token })).json().data.mfaEnabled).toBe(false);
    const [entry] = await test.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'auth.mfaReset'), eq(auditLog.entityId, String(user.id))));
    expect(entry).toMatchObject({ actorId: resetter.id, fromState: 'on', toState: 'off' });

    const again = await post(url, {}, token, 'en');
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe('Two-factor authentication is not on for this user.');
    const login = await post('/api/auth/login', { login: user.username, password: demoPassword });
    expect(login.json().data.step).toBe('signedIn');
  });
});

describe('passkeys', () => {
  const origin = () => test.config.publicUrl;

  async function registerPasskey(token: string, authenticator: VirtualAuthenticator, name = 'Tablet del negozio') {
    const options = (await post('/api/profile/passkeys/options', {}, token)).json().data;
    return post(
      '/api/profile/passkeys',
      { challenge: options.challenge, name, response: authenticator.register(options.options) },
      token,
    );
  }

  it('need the fingerprint-registration ability', async () => {
    const user = await createUserWithAbilities(test.db, [], { shops: ['MI01'] });
    const token = await signIn(test.app, user.username);
    expect((await api(test.app, { url: '/api/profile/passkeys', token })).statusCode).toBe(403);
    expect((await post('/api/profile/passkeys/options', {}, token)).statusCode).toBe(403);
  });

  it('are registered, named, listed, used to sign in without a password or code, and removed', async () => {
    const user = await userWithMfa(['employees.fingerprintRegistration']);
    const authenticator = new VirtualAuthenticator(origin());
    const created = await registerPasskey(user.token, authenticator);
    expect(created.statusCode).toBe(201);
    expect(created.json().data).toMatchObject({ name: 'Tablet del negozio', lastUsedAt: null });
    const list = (await api(test.app, { url: '/api/profile/passkeys', token: user.token })).json().data;
    expect(list).toHaveLength(1);

    const options = (await post('/api/auth/passkey/options', {})).json().data;
    expect(options.options.allowCredentials).toEqual([]);
    expect(options.options.userVerification).toBe('required');
    const signedIn = await post('/api/auth/passkey', {
      challenge: options.challenge,
      response: authenticator.authenticate(options.options),
      remember: true,
    });
    expect(signedIn.statusCode).toBe(200);
    expect(signedIn.json().data.step).toBe('signedIn');
    const token = signedIn.json().data.token;
    const me = (await api(test.app, { url: '/api/auth/user', token })).json().data;
    expect(me.id).toBe(user.id);
    const [stored] = await test.db.select().from(passkeys).where(eq(passkeys.userId, user.id));
    expect(stored?.counter).toBe(1);
    expect(stored?.lastUsedAt).not.toBeNull();

    // A ceremony is used once.
    const replay = await post('/api/auth/passkey', {
      challenge: options.challenge,
      response: authenticator.authenticate(options.options),
    });
    expect(replay.json().code).toBe('passkeyFailed');

    const other = await createUserWithAbilities(test.db, ['employees.fingerprintRegistration'], { shops: ['MI01'] });
    const otherToken = await signIn(test.app, other.username);
    const id = list[0].id;
    expect(
      (await api(test.app, { method: 'DELETE', url: `/api/profile/passkeys/${id}`, token: otherToken })).statusCode,
    ).toBe(404);
    expect(
      (await api(test.app, { method: 'DELETE', url: `/api/profile/passkeys/${id}`, token: user.token })).statusCode,
    ).toBe(200);
    expect(await auditActions(id)).toEqual(['passkey.removed', 'passkey.registered']);
  });

  it('tells the browser what is registered, and refuses a wrong origin and a forged assertion', async () => {
    const user = await createUserWithAbilities(test.db, ['employees.fingerprintRegistration'], { shops: ['MI01'] });
    const token = await signIn(test.app, user.username);
    const authenticator = new VirtualAuthenticator(origin());
    expect((await registerPasskey(token, authenticator)).statusCode).toBe(201);

    const options = (await post('/api/profile/passkeys/options', {}, token)).json().data;
    // The browser is told which authenticators to refuse ('already registered' on its side).
    expect(options.options.excludeCredentials).toHaveLength(1);

    const wrongOrigin = (await post('/api/profile/passkeys/options', {}, token)).json().data;
    const foreign = await post(
      '/api/profile/passkeys',
      {
        challenge: wrongOrigin.challenge,
        name: 'Phishing',
        response: authenticator.register(wrongOrigin.options, { origin: 'https://evil.example' }),
      },
      token,
      'en',
    );
    expect(foreign.statusCode).toBe(400);
    expect(foreign.json().message).toBe('The request timed out or failed: try again.');

    const signInOptions = (await post('/api/auth/passkey/options', {})).json().data;
    const assertion = authenticator.authenticate(signInOptions.options);
    assertion.response.signature = Buffer.from('forged').toString('base64url');
    const forged = await post('/api/auth/passkey', { challenge: signInOptions.challenge, response: assertion });
    expect(forged.statusCode).toBe(400);
    expect(forged.json().code).toBe('passkeyFailed');
  });

  it('answers “already registered” for a credential id that is already stored', async () => {
    const user = await createUserWithAbilities(test.db, ['employees.fingerprintRegistration'], { shops: ['MI01'] });
    const token = await signIn(test.app, user.username);
    const authenticator = new VirtualAuthenticator(origin());
    expect((await registerPasskey(token, authenticator)).statusCode).toBe(201);
    // Another account presents a credential whose id is already stored (same physical authenticator).
    const other = await createUserWithAbilities(test.db, ['employees.fingerprintRegistration'], { shops: ['MI01'] });
    const otherToken = await signIn(test.app, other.username);
    const options = (await post('/api/profile/passkeys/options', {}, otherToken)).json().data;
    const response = authenticator.register(options.options, { reuse: authenticator.credentials[0] });
    const answer = await post(
      '/api/profile/passkeys',
      { challenge: options.challenge, name: 'Copy', response },
      otherToken,
      'en',
    );
    expect(answer.statusCode).toBe(409);
    expect(answer.json().message).toBe('This fingerprint is already registered.');
  });
});

describe('presence check (shift punches)', () => {
  it('confirms the user by password, counts wrong passwords, and is audited', async () => {
    const user = await createUserWithAbilities(test.db, [], { shops: ['MI01'] });
    const token = await signIn(test.app, user.username);
    const options = (await post('/api/auth/presence/options', { userId: user.id }, token)).json().data;
    expect(options).toMatchObject({ userId: user.id, passkey: null });
    const wrong = await post('/api/auth/presence', { userId: user.id, password: 'nope' }, token, 'en');
    expect(wrong.statusCode).toBe(422);
    expect(wrong.json().code).toBe('wrongPassword');
    const ok = await post('/api/auth/presence', { userId: user.id, password: demoPassword }, token);
    expect(ok.statusCode).toBe(200);
    expect(ok.json().data).toMatchObject({ userId: user.id, method: 'password' });
    expect(await auditActions(user.id)).toEqual(expect.arrayContaining(['presence.confirmed', 'presence.refused']));
  });

  it('reaches a colleague of the session’s shop, not someone of another shop', async () => {
    const tablet = await createUserWithAbilities(test.db, [], { shops: ['MI01'] });
    const token = await signIn(test.app, tablet.username);
    await chooseShop(test.app, token, 'MI01');
    const colleague = await createUserWithAbilities(test.db, [], { shops: ['MI01'] });
    const stranger = await createUserWithAbilities(test.db, [], { shops: ['RM01'] });
    const ok = await post('/api/auth/presence', { userId: colleague.id, password: demoPassword }, token);
    expect(ok.statusCode).toBe(200);
    const refused = await post('/api/auth/presence', { userId: stranger.id, password: demoPassword }, token);
    expect(refused.statusCode).toBe(403);
    expect((await post('/api/auth/presence/options', { userId: stranger.id }, token)).statusCode).toBe(403);
  });

  it('confirms by the user’s own passkey, never by someone else’s', async () => {
    const user = await createUserWithAbilities(test.db, ['employees.fingerprintRegistration'], { shops: ['MI01'] });
    const token = await signIn(test.app, user.username);
    await chooseShop(test.app, token, 'MI01');
    const mine = new VirtualAuthenticator(test.config.publicUrl);
    const registration = (await post('/api/profile/passkeys/options', {}, token)).json().data;
    await post(
      '/api/profile/passkeys',
      { challenge: registration.challenge, name: 'Mio', response: mine.register(registration.options) },
      token,
    );

    const colleague = await createUserWithAbilities(test.db, ['employees.fingerprintRegistration'], {
      shops: ['MI01'],
    });
    const colleagueToken = await signIn(test.app, colleague.username);
    const theirs = new VirtualAuthenticator(test.config.publicUrl);
    const theirRegistration = (await post('/api/profile/passkeys/options', {}, colleagueToken)).json().data;
    await post(
      '/api/profile/passkeys',
      { challenge: theirRegistration.challenge, name: 'Suo', response: theirs.register(theirRegistration.options) },
      colleagueToken,
    );

    const options = (await post('/api/auth/presence/options', { userId: user.id }, token)).json().data;
    expect(options.passkey.options.allowCredentials).toHaveLength(1);
    const impostor = await post(
      '/api/auth/presence',
      { userId: user.id, challenge: options.passkey.challenge, response: theirs.authenticate(options.passkey.options) },
      token,
    );
    expect(impostor.json().code).toBe('passkeyFailed');

    const again = (await post('/api/auth/presence/options', { userId: user.id }, token)).json().data;
    const ok = await post(
      '/api/auth/presence',
      { userId: user.id, challenge: again.passkey.challenge, response: mine.authenticate(again.passkey.options) },
      token,
    );
    expect(ok.statusCode).toBe(200);
    expect(ok.json().data.method).toBe('passkey');
  });
});

describe('sessions', () => {
  const chromeOnAndroid =
    'Mozilla/5.0 (Linux; Android 14; SM-X200) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';

  it('are listed with device and method, and revoked one by one', async () => {
    const user = await createUserWithAbilities(test.db, [], { shops: ['MI01'] });
    const tablet = await api(test.app, {
      method: 'POST',
      url: '/api/auth/login',
      body: { login: user.username, password: demoPassword },
      headers: { 'user-agent': chromeOnAndroid },
    });
    const tabletToken = tablet.json().data.token;
    const token = await signIn(test.app, user.username);
    const list = (await api(test.app, { url: '/api/profile/sessions', token })).json().data;
    expect(list).toHaveLength(2);
    const other = list.find((session: { current: boolean }) => !session.current);
    expect(other).toMatchObject({ device: { browser: 'Chrome 131', os: 'Android 14' }, method: 'password' });

    const stranger = await signIn(test.app, (await createUser(test.db, { shops: ['MI01'] })).username);
    const url = `/api/profile/sessions/${other.id}`;
    expect((await api(test.app, { method: 'DELETE', url, token: stranger })).statusCode).toBe(404);
    expect((await api(test.app, { method: 'DELETE', url, token })).statusCode).toBe(200);
    expect((await api(test.app, { url: '/api/auth/user', token: tabletToken })).statusCode).toBe(401);
    expect((await api(test.app, { url: '/api/profile/sessions', token })).json().data).toHaveLength(1);
    expect(await auditActions(other.id)).toContain('auth.sessionRevoked');
  });

  it('end when the employee becomes a former employee', async () => {
    const user = await createUserWithAbilities(test.db, [], { shops: ['MI01'] });
    const token = await signIn(test.app, user.username);
    const admin = await signIn(test.app, 'admin');
    const change = await api(test.app, {
      method: 'PUT',
      url: `/api/employees/${user.id}/type`,
      token: admin,
      body: { employeeType: 'EX' },
    });
    expect(change.statusCode).toBe(200);
    expect((await api(test.app, { url: '/api/auth/user', token })).statusCode).toBe(401);
    // They sign in again, as a former employee.
    expect((await post('/api/auth/login', { login: user.username, password: demoPassword })).statusCode).toBe(200);
    expect(await findUserId(test.db, user.username)).toBe(user.id);
  });
});
