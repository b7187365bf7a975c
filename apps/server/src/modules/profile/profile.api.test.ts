import { and, desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  api,
  createTestApp,
  createUser,
  csrfHeaders,
  demoPassword,
  findUserId,
  lastMailTo,
  signIn,
  type TestApp,
} from '../../../test/harness';
import { auditLog } from '../../platform/audit.schema';
import { verifyPassword } from '../../platform/passwords';
import { users } from '../employees/employees.schema';

let test: TestApp;
/** Another setting: email and phone self-editable, registration not required, 1 KiB uploads. */
let custom: TestApp;
beforeAll(async () => {
  [test, custom] = await Promise.all([
    createTestApp(),
    createTestApp({
      PROFILE_SELF_EDITABLE: 'email, phone',
      REGISTRATION_REQUIRED: 'false',
      UPLOAD_LIMIT_BYTES: '1024',
    }),
  ]);
});
afterAll(async () => {
  await test?.close();
  await custom?.close();
});

/** A valid person: Mario Rossi, born 10/12/1985 (his codice fiscale says so). */
const valid = {
  phone: '+39 333 123 4567',
  fiscalCode: 'rssmra 85t10 a562s',
  birthday: '1985-12-10',
  identityCardNumber: 'CA12345AB',
  address: 'Via Roma 1',
  city: 'Pisa',
  cap: '56017',
  iban: 'it60 x054 2811 1010 0000 0123 456',
  bic: 'uncritmmxxx',
  bankName: 'Banca di Pisa',
};

const pngBytes = Uint8Array.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 73, 72, 68, 82, 1, 2]);
const pdfBytes = new TextEncoder().encode('%PDF-1.7\n1 0 obj\n<<>>\nendobj\n');

/** A multipart body with one file, as a browser sends it. */
async function multipart(bytes: Uint8Array, fileName: string, type: string) {
  const form = new FormData();
  form.append('file', new Blob([bytes], { type }), fileName);
  const request = new Request('http://localhost/', { method: 'POST', body: form });
  return {
    payload: Buffer.from(await request.arrayBuffer()),
    contentType: request.headers.get('content-type') as string,
  };
}

async function uploadAvatar(app: TestApp['app'], token: string, bytes: Uint8Array, fileName: string, type: string) {
  const body = await multipart(bytes, fileName, type);
  return app.inject({
    method: 'POST',
    url: '/api/profile/avatar',
    headers: { ...csrfHeaders(), authorization: `Bearer ${token}`, 'content-type': body.contentType },
    payload: body.payload,
  });
}

async function auditRows(db: TestApp['db'], action: string, userId: number) {
  return db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.action, action), eq(auditLog.entityId, String(userId))))
    .orderBy(desc(auditLog.id));
}

async function userRow(db: TestApp['db'], id: number) {
  const [row] = await db.select().from(users).where(eq(users.id, id));
  if (!row) throw new Error(`no user ${id}`);
  return row;
}

const signInAnswer = async (app: TestApp['app'], login: string, password = demoPassword) =>
  api(app, { method: 'POST', url: '/api/auth/login', body: { login, password } });

describe('GET /api/profile', () => {
  it('answers the own personal and bank data, what may be edited and whether registration is pending', async () => {
    const token = await signIn(test.app, 'dipendente');
    const response = await api(test.app, { url: '/api/profile', token });
    expect(response.statusCode).toBe(200);
    const { data } = response.json();
    const row = await userRow(test.db, await findUserId(test.db, 'dipendente'));
    expect(data).toEqual({
      id: row.id,
      username: 'dipendente',
      matricola: row.matricola,
      employeeType: 'OK',
      engagementDate: row.engagementDate,
      name: 'Marco',
      surname: 'Rossi',
      email: 'dipendente@bottega.example',
      pendingEmail: null,
      phone: row.phone,
      fiscalCode: row.fiscalCode ?? '',
      birthday: row.birthday,
      identityCardNumber: row.identityCardNumber,
      address: row.address,
      city: row.city,
      cap: row.cap,
      iban: row.iban,
      bic: row.bic,
      bankName: row.bankName,
      depositCardNumber: row.depositCardNumber,
      avatar: null,
      lng: 'it',
      registeredAt: row.registeredAt?.toISOString(),
      editable: ['phone', 'address', 'city', 'cap', 'iban', 'bic', 'bankName'],
      registration: { pending: false, editable: expect.any(Array) },
      avatarMaxBytes: 10 * 1_048_576,
    });
    // The password hash is never part of it.
    expect(response.body).not.toContain(row.passwordHash);
  });

  it('refuses an anonymous call', async () => {
    const response = await api(test.app, { url: '/api/profile' });
    expect(response.statusCode).toBe(401);
  });
});

describe('PUT /api/profile', () => {
  it('changes the self-editable fields, normalized, and audits each from and to', async () => {
    const user = await createUser(test.db);
    const token = await signIn(test.app, user.username);
    const response = await api(test.app, {
      method: 'PUT',
      url: '/api/profile',
      token,
      body: { phone: '+39 02 1234567', iban: valid.iban, cap: '20121', city: 'Milano' },
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().data).toMatchObject({
      phone: '+39 02 1234567',
      iban: 'IT60X0542811101000000123456',
      cap: '20121',
      city: 'Milano',
    });
    const [audit] = await auditRows(test.db, 'profile.updated', user.id);
    expect(audit?.actorId).toBe(user.id);
    expect(audit?.data).toEqual({
      changes: {
        phone: { from: '', to: '+39 02 1234567' },
        iban: { from: '', to: 'IT60X0542811101000000123456' },
        cap: { from: '', to: '20121' },
        city: { from: '', to: 'Milano' },
      },
    });
  });

  it('refuses a new value for a field outside the setting with 403 forbidden, and changes nothing', async () => {
    const user = await createUser(test.db, { name: 'Anna' });
    const token = await signIn(test.app, user.username);
    const response = await api(test.app, {
      method: 'PUT',
      url: '/api/profile',
      token,
      body: { phone: '3331234567', name: 'Annalisa' },
    });
    expect(response.statusCode).toBe(403);
    expect(response.json()).toEqual({ code: 'forbidden', message: 'Non hai il permesso per questa operazione.' });
    const row = await userRow(test.db, user.id);
    expect(row.name).toBe('Anna');
    expect(row.phone).toBe('');
    expect(await auditRows(test.db, 'profile.updated', user.id)).toEqual([]);
  });

  it('accepts a read-only field sent back unchanged', async () => {
    const user = await createUser(test.db, { name: 'Bruno' });
    const token = await signIn(test.app, user.username);
    const response = await api(test.app, {
      method: 'PUT',
      url: '/api/profile',
      token,
      body: { name: 'Bruno', email: `${user.username}@test.example`, phone: '3331234567' },
    });
    expect(response.statusCode, response.body).toBe(200);
    const [audit] = await auditRows(test.db, 'profile.updated', user.id);
    expect(audit?.data).toEqual({ changes: { phone: { from: '', to: '3331234567' } } });
  });

  it('follows the PROFILE_SELF_EDITABLE setting', async () => {
    const user = await createUser(custom.db);
    const other = await createUser(custom.db);
    const token = await signIn(custom.app, user.username);
    const profile = (await api(custom.app, { url: '/api/profile', token })).json().data;
    expect(profile.editable).toEqual(['email', 'phone']);

    const iban = await api(custom.app, { method: 'PUT', url: '/api/profile', token, body: { iban: valid.iban } });
    expect(iban.statusCode).toBe(403);

    const taken = await api(custom.app, {
      method: 'PUT',
      url: '/api/profile',
      token,
      body: { email: `${other.username.toUpperCase()}@test.example` },
    });
    expect(taken.statusCode).toBe(422);
    expect(taken.json().errors).toEqual({ email: ['Questo valore è già in uso.'] });

    const email = await api(custom.app, {
      method: 'PUT',
      url: '/api/profile',
      token,
      body: { email: 'new.address@test.example' },
    });
    expect(email.statusCode, email.body).toBe(200);
    // The address changes only once the link mailed to it is opened (from the new mailbox).
    expect(email.json().data).toMatchObject({
      email: `${user.username}@test.example`,
      pendingEmail: 'new.address@test.example',
    });
    const { token: link } = await lastMailTo(custom.db, 'new.address@test.example', 'emailChange');
    const confirmed = await api(custom.app, {
      method: 'POST',
      url: '/api/auth/email-confirmation',
      body: { token: link },
    });
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    const after = (await api(custom.app, { url: '/api/profile', token })).json().data;
    expect(after).toMatchObject({ email: 'new.address@test.example', pendingEmail: null });
  });

  it('refuses invalid values with localized field messages', async () => {
    const token = await signIn(test.app, 'dipendente');
    const response = await api(test.app, {
      method: 'PUT',
      url: '/api/profile',
      token,
      body: { iban: 'IT61X0542811101000000123456', cap: '561', bic: 'BCITITM', phone: 'call me' },
    });
    expect(response.statusCode).toBe(422);
    expect(response.json()).toEqual({
      code: 'validation',
      message: 'Alcuni dati non sono validi: correggi i campi evidenziati.',
      errors: {
        iban: ["L'IBAN non supera il controllo: verifica le cifre."],
        cap: ['Il CAP deve avere 5 cifre.'],
        bic: ['Codice BIC/SWIFT non valido.'],
        phone: ['Numero di telefono non valido.'],
      },
    });
    const english = await api(test.app, {
      method: 'PUT',
      url: '/api/profile',
      token,
      lng: 'en',
      body: { cap: '561' },
    });
    expect(english.json().errors.cap).toEqual([expect.not.stringContaining('CAP deve')]);
  });

  it('lets a person clear their BIC', async () => {
    const user = await createUser(test.db);
    await test.db.update(users).set({ bic: 'UNCRITMMXXX' }).where(eq(users.id, user.id));
    const token = await signIn(test.app, user.username);
    const response = await api(test.app, { method: 'PUT', url: '/api/profile', token, body: { bic: '' } });
    expect(response.statusCode, response.body).toBe(200);
    expect((await userRow(test.db, user.id)).bic).toBe('');
  });
});

describe('registration', () => {
  it('is asked for at sign-in while registered_at is empty, and no more once completed', async () => {
    const user = await createUser(test.db);
    const before = await signInAnswer(test.app, user.username);
    expect(before.json().data.registration).toBe(true);
    const token = before.json().data.token;
    const profile = (await api(test.app, { url: '/api/profile', token })).json().data;
    expect(profile.registration).toEqual({
      pending: true,
      editable: [
        'phone',
        'fiscalCode',
        'birthday',
        'identityCardNumber',
        'address',
        'city',
        'cap',
        'iban',
        'bic',
        'bankName',
      ],
    });

    const response = await api(test.app, { method: 'POST', url: '/api/profile/registration', token, body: valid });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().data).toMatchObject({
      fiscalCode: 'RSSMRA85T10A562S',
      birthday: '1985-12-10',
      iban: 'IT60X0542811101000000123456',
      bic: 'UNCRITMMXXX',
      registration: { pending: false },
    });
    const row = await userRow(test.db, user.id);
    expect(row.registeredAt).toBeInstanceOf(Date);
    expect(row.fiscalCode).toBe('RSSMRA85T10A562S');

    const [audit] = await auditRows(test.db, 'profile.registrationCompleted', user.id);
    expect(audit).toMatchObject({ actorId: user.id, fromState: 'pending', toState: 'registered' });
    expect(audit?.data).toMatchObject({ changes: { fiscalCode: { from: '', to: 'RSSMRA85T10A562S' } } });

    const after = await signInAnswer(test.app, user.username);
    expect(after.json().data.registration).toBe(false);

    const again = await api(test.app, { method: 'POST', url: '/api/profile/registration', token, body: valid });
    expect(again.statusCode).toBe(400);
  });

  it('is never asked for when REGISTRATION_REQUIRED is off', async () => {
    const user = await createUser(custom.db);
    const answer = await signInAnswer(custom.app, user.username);
    expect(answer.json().data.registration).toBe(false);
    const profile = (await api(custom.app, { url: '/api/profile', token: answer.json().data.token })).json().data;
    expect(profile.registration.pending).toBe(false);
  });

  it('refuses wrong identifiers with Italian messages', async () => {
    const user = await createUser(test.db);
    const token = await signIn(test.app, user.username);
    const response = await api(test.app, {
      method: 'POST',
      url: '/api/profile/registration',
      token,
      body: {
        ...valid,
        fiscalCode: 'RSSMRA85T10A562T',
        iban: 'IT61X0542811101000000123456',
        cap: '5601A',
        address: ' ',
      },
    });
    expect(response.statusCode).toBe(422);
    expect(response.json().errors).toEqual({
      fiscalCode: ['Il carattere di controllo del codice fiscale non è corretto.'],
      iban: ["L'IBAN non supera il controllo: verifica le cifre."],
      cap: ['Il CAP deve avere 5 cifre.'],
      address: ['Campo obbligatorio.'],
    });

    const mismatch = await api(test.app, {
      method: 'POST',
      url: '/api/profile/registration',
      token,
      body: { ...valid, birthday: '1985-12-11' },
    });
    expect(mismatch.statusCode).toBe(422);
    expect(mismatch.json().errors).toEqual({
      fiscalCode: ['Il codice fiscale non corrisponde alla data di nascita.'],
    });

    const missing = await api(test.app, { method: 'POST', url: '/api/profile/registration', token, body: {} });
    expect(missing.statusCode).toBe(422);
    expect(Object.keys(missing.json().errors).sort()).toEqual(
      ['address', 'bankName', 'birthday', 'cap', 'city', 'fiscalCode', 'iban', 'identityCardNumber', 'phone'].sort(),
    );
    expect((await userRow(test.db, user.id)).registeredAt).toBeNull();
  });

  it('keeps what the office set correctly, and lets the person fix what it left wrong', async () => {
    const user = await createUser(test.db);
    await test.db
      .update(users)
      .set({ fiscalCode: 'RSSMRA85T10A562S', birthday: '1985-12-10', iban: 'IT61X0542811101000000123456' })
      .where(eq(users.id, user.id));
    const token = await signIn(test.app, user.username);
    const profile = (await api(test.app, { url: '/api/profile', token })).json().data;
    expect(profile.registration.editable).not.toContain('fiscalCode');
    expect(profile.registration.editable).not.toContain('birthday');
    expect(profile.registration.editable).toContain('iban');

    const changed = await api(test.app, {
      method: 'POST',
      url: '/api/profile/registration',
      token,
      body: { ...valid, fiscalCode: 'VRDLNE90A41F205O', birthday: '1990-01-01' },
    });
    expect(changed.statusCode).toBe(403);

    const kept = await api(test.app, { method: 'POST', url: '/api/profile/registration', token, body: valid });
    expect(kept.statusCode, kept.body).toBe(200);
    const row = await userRow(test.db, user.id);
    expect(row.iban).toBe('IT60X0542811101000000123456');
    expect(row.registeredAt).not.toBeNull();
  });

  it('does not refuse the other calls of a person who has not registered yet (the web keeps them on the page)', async () => {
    const user = await createUser(test.db);
    const token = await signIn(test.app, user.username);
    expect((await api(test.app, { url: '/api/auth/user', token })).statusCode).toBe(200);
    expect((await api(test.app, { url: '/api/notifications', token })).statusCode).toBe(200);
  });
});

describe('PUT /api/profile/password', () => {
  const change = (token: string, body: Record<string, string>, lng?: string) =>
    api(test.app, { method: 'PUT', url: '/api/profile/password', token, body, lng });

  it('refuses a wrong current password with wrongPassword, and audits the attempt', async () => {
    const user = await createUser(test.db);
    const token = await signIn(test.app, user.username);
    const response = await change(token, {
      currentPassword: 'not my password',
      password: 'a brand new one',
      passwordConfirmation: 'a brand new one',
    });
    expect(response.statusCode).toBe(422);
    expect(response.json()).toEqual({ code: 'wrongPassword', message: 'La password attuale non è corretta.' });
    expect((await signInAnswer(test.app, user.username)).statusCode).toBe(200);
    const [audit] = await auditRows(test.db, 'profile.passwordChangeRefused', user.id);
    expect(JSON.stringify(audit)).not.toContain('not my password');
  });

  it('asks for at least 8 characters and a matching confirmation', async () => {
    const token = await signIn(test.app, 'dipendente');
    const response = await change(token, {
      currentPassword: demoPassword,
      password: 'short',
      passwordConfirmation: 'x',
    });
    expect(response.statusCode).toBe(422);
    expect(response.json().errors).toEqual({
      password: ['Inserisci almeno 8 caratteri.'],
      passwordConfirmation: ['I valori non coincidono.'],
    });
  });

  it('locks out wrong current passwords like sign-in: 30 in a row end in 429 with Retry-After, for sign-in too', async () => {
    const user = await createUser(test.db);
    const token = await signIn(test.app, user.username);
    const guess = (currentPassword: string) =>
      change(token, { currentPassword, password: 'Trenino-Rosso-42', passwordConfirmation: 'Trenino-Rosso-42' });
    const answers = [];
    for (let attempt = 1; attempt <= 30; attempt += 1) answers.push(await guess(`guess number ${attempt}`));
    // The failure reaching the per-account-and-address limit already answers 429 (platform/login-throttle).
    const limit = test.config.loginThrottle.maxAttempts;
    expect(answers.slice(0, limit - 1).map((answer) => answer.json().code)).toEqual(
      Array(limit - 1).fill('wrongPassword'),
    );
    for (const answer of answers.slice(limit - 1)) {
      expect(answer.statusCode).toBe(429);
      expect(answer.json().code).toBe('tooManyAttempts');
      expect(Number(answer.headers['retry-after'])).toBeGreaterThan(0);
    }
    // Locked: the right password changes nothing now, and sign-in shares the lock.
    const right = await guess(demoPassword);
    expect(right.statusCode).toBe(429);
    expect((await signInAnswer(test.app, user.username)).statusCode).toBe(429);
    const [row] = await test.db.select({ hash: users.passwordHash }).from(users).where(eq(users.id, user.id));
    expect(await verifyPassword(row?.hash as string, demoPassword)).toBe(true);
    // Counted failures are audited; the locked-out ones never reached the password.
    expect(await auditRows(test.db, 'profile.passwordChangeRefused', user.id)).toHaveLength(limit);
  });

  it('refuses a common new password or one containing personal data, with the reason on the field', async () => {
    const user = await createUser(test.db, { username: 'gbianchi', name: 'Ginevra', surname: 'Bianchieri' });
    const token = await signIn(test.app, user.username);
    const noshifts = await signIn(test.app, 'noshifts');
    const common = {
      code: 'passwordTooCommon',
      message: "Questa password è tra le più usate e si indovina subito: scegline un'altra.",
      errors: { password: ['Password troppo comune: è tra le più usate.'] },
    };
    const personal = {
      code: 'passwordContainsPersonalData',
      message: "La password non può contenere il tuo username, nome, cognome o indirizzo email: scegline un'altra.",
      errors: { password: ['La password non può contenere username, nome, cognome o email.'] },
    };
    const cases = [
      { token, password: '12345678', expected: common },
      { token, password: 'password', expected: common },
      { token, password: 'bottega2026', expected: common },
      { token: noshifts, password: 'noshifts1', expected: personal },
      { token, password: 'ginevra-2031', expected: personal },
      { token, password: 'zz-BIANCHIERI-9', expected: personal },
      { token, password: 'x gbianchi x', expected: personal },
    ];
    for (const { token: caller, password, expected } of cases) {
      const response = await change(caller, {
        currentPassword: demoPassword,
        password,
        passwordConfirmation: password,
      });
      expect(response.statusCode, password).toBe(422);
      expect(response.json(), password).toEqual(expected);
    }
    const english = await change(
      token,
      { currentPassword: demoPassword, password: 'qwerty123', passwordConfirmation: 'qwerty123' },
      'en',
    );
    expect(english.json().errors).toEqual({ password: ['Password too common: it is one of the most used.'] });
    expect(await auditRows(test.db, 'profile.passwordChanged', user.id)).toEqual([]);
    expect((await signInAnswer(test.app, user.username)).statusCode).toBe(200);
  });

  it('changes the password and signs out every other session, not this one', async () => {
    const user = await createUser(test.db);
    const other = await signIn(test.app, user.username);
    const current = await signIn(test.app, user.username);
    const third = await signIn(test.app, user.username, demoPassword, true);
    const response = await change(current, {
      currentPassword: demoPassword,
      password: 'nuova-password-2026',
      passwordConfirmation: 'nuova-password-2026',
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({ data: { revokedSessions: 2 } });

    expect((await api(test.app, { url: '/api/profile', token: current })).statusCode).toBe(200);
    for (const token of [other, third]) {
      expect((await api(test.app, { url: '/api/profile', token })).statusCode).toBe(401);
    }
    expect((await signInAnswer(test.app, user.username)).statusCode).toBe(401);
    expect((await signInAnswer(test.app, user.username, 'nuova-password-2026')).statusCode).toBe(200);

    const [audit] = await auditRows(test.db, 'profile.passwordChanged', user.id);
    expect(audit).toMatchObject({ actorId: user.id, data: { revokedSessions: 2 } });
    expect(JSON.stringify(audit)).not.toContain('nuova-password');
    expect(JSON.stringify(audit)).not.toContain(demoPassword);
  });
});

describe('PUT /api/profile/language', () => {
  it('saves the language on the user, shown by api/auth/user, and audits it', async () => {
    const user = await createUser(test.db);
    const token = await signIn(test.app, user.username);
    const response = await api(test.app, { method: 'PUT', url: '/api/profile/language', token, body: { lng: 'de' } });
    expect(response.statusCode).toBe(200);
    expect((await api(test.app, { url: '/api/auth/user', token })).json().data.lng).toBe('de');
    const [audit] = await auditRows(test.db, 'profile.languageChanged', user.id);
    expect(audit).toMatchObject({ fromState: 'it', toState: 'de' });

    const unknown = await api(test.app, { method: 'PUT', url: '/api/profile/language', token, body: { lng: 'fr' } });
    expect(unknown.statusCode).toBe(422);
  });
});

describe('avatar', () => {
  it('stores an image whatever its name says, shows it in api/auth/user and serves it to signed-in users', async () => {
    const user = await createUser(test.db);
    const token = await signIn(test.app, user.username);
    // A PNG named .jpg and declared as JPEG: the content decides.
    const response = await uploadAvatar(test.app, token, pngBytes, 'me.jpg', 'image/jpeg');
    expect(response.statusCode, response.body).toBe(200);
    const url = response.json().data.avatar as string;
    expect(url).toMatch(new RegExp(`^/api/profile/avatar/${user.id}\\?v=[\\w-]{12}$`));

    const me = (await api(test.app, { url: '/api/auth/user', token })).json().data;
    expect(me.avatar).toBe(url);
    expect(Object.keys(me).sort()).toEqual(['avatar', 'can', 'id', 'lng', 'name', 'shop', 'userGroup']);

    const row = await userRow(test.db, user.id);
    expect(row.avatar).toMatch(new RegExp(`^avatars/${user.id}/[0-9a-f-]{36}\\.png$`));

    const colleague = await signIn(test.app, 'dipendente');
    const image = await api(test.app, { url, token: colleague });
    expect(image.statusCode).toBe(200);
    expect(image.headers['content-type']).toBe('image/png');
    expect(image.headers['x-content-type-options']).toBe('nosniff');
    expect(new Uint8Array(image.rawPayload)).toEqual(pngBytes);
    expect((await api(test.app, { url })).statusCode).toBe(401);

    const [audit] = await auditRows(test.db, 'profile.avatarChanged', user.id);
    expect(audit).toMatchObject({ fromState: null, toState: row.avatar, data: { mimeType: 'image/png', size: 18 } });
  });

  it('replaces the picture (a new URL, the old file removed) and removes it', async () => {
    const user = await createUser(test.db);
    const token = await signIn(test.app, user.username);
    const first = (await uploadAvatar(test.app, token, pngBytes, 'a.png', 'image/png')).json().data.avatar;
    const firstKey = (await userRow(test.db, user.id)).avatar as string;
    const webp = new TextEncoder().encode('RIFF\u0000\u0000\u0000\u0000WEBPVP8 ');
    const second = await uploadAvatar(test.app, token, webp, 'b.webp', 'image/webp');
    expect(second.statusCode, second.body).toBe(200);
    expect(second.json().data.avatar).not.toBe(first);
    await expect(test.app.storage.get(firstKey)).rejects.toThrow();
    expect((await api(test.app, { url: second.json().data.avatar, token })).headers['content-type']).toBe('image/webp');

    const removed = await api(test.app, { method: 'DELETE', url: '/api/profile/avatar', token });
    expect(removed.statusCode).toBe(200);
    expect(removed.json().data.avatar).toBeNull();
    expect((await api(test.app, { url: `/api/profile/avatar/${user.id}`, token })).statusCode).toBe(404);
    expect(await auditRows(test.db, 'profile.avatarRemoved', user.id)).toHaveLength(1);
  });

  it('refuses a PDF or a text file with 415 fileTypeNotAllowed', async () => {
    const user = await createUser(test.db);
    const token = await signIn(test.app, user.username);
    for (const [bytes, name, type] of [
      [pdfBytes, 'photo.png', 'image/png'],
      [new TextEncoder().encode('just some text'), 'photo.jpg', 'image/jpeg'],
    ] as const) {
      const response = await uploadAvatar(test.app, token, bytes, name, type);
      expect(response.statusCode, name).toBe(415);
      expect(response.json().code).toBe('fileTypeNotAllowed');
    }
    expect((await userRow(test.db, user.id)).avatar).toBeNull();
  });

  it('refuses a file over UPLOAD_LIMIT_BYTES with 413 fileTooLarge', async () => {
    const user = await createUser(custom.db);
    const token = await signIn(custom.app, user.username);
    const big = new Uint8Array(2048);
    big.set(pngBytes);
    const response = await uploadAvatar(custom.app, token, big, 'big.png', 'image/png');
    expect(response.statusCode).toBe(413);
    expect(response.json()).toEqual({ code: 'fileTooLarge', message: 'Il file è troppo grande: il massimo è 1 KiB.' });
    expect((await userRow(custom.db, user.id)).avatar).toBeNull();
  });

  it('answers 415 to a body that is not multipart and 422 to a form without a file', async () => {
    const token = await signIn(test.app, 'dipendente');
    const json = await api(test.app, { method: 'POST', url: '/api/profile/avatar', token, body: {} });
    expect(json.statusCode).toBe(415);
    const form = new FormData();
    form.append('note', 'no file');
    const request = new Request('http://localhost/', { method: 'POST', body: form });
    const empty = await test.app.inject({
      method: 'POST',
      url: '/api/profile/avatar',
      headers: {
        ...csrfHeaders(),
        authorization: `Bearer ${token}`,
        'content-type': request.headers.get('content-type') as string,
      },
      payload: Buffer.from(await request.arrayBuffer()),
    });
    expect(empty.statusCode).toBe(422);
    expect(empty.json().errors).toEqual({ file: ['Campo obbligatorio.'] });
  });
});
