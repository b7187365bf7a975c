import { accessAbilities, allAbilities } from '@bottega/contracts/permissions';
import { and, asc, eq } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  api,
  chooseShop,
  createTestApp,
  createUser,
  createUserWithAbilities,
  csrfHeaders,
  employeeUpdateBody,
  findShopId,
  findUserId,
  lastMailTo,
  multipart,
  signIn,
  storedKeys,
  type TestApp,
} from '../../../test/harness';
import { auditLog } from '../../platform/audit.schema';
import { hashToken } from '../../platform/crypto';
import { mailOutbox } from '../../platform/mail.schema';
import { sessions } from '../../platform/sessions.schema';
import { defaultGroupAbilities } from '../../seed';
import { userShops } from '../shops/shops.schema';
import { userGroupMembers, userGroups } from '../user-groups/user-groups.schema';
import { emailChanges, employeeDocuments, passwordResets, users } from './employees.schema';

// A small upload limit, so "too large" needs no big file.
const uploadLimit = 64 * 1024;

let test: TestApp;
let adminToken: string;
let adminId: number;
let shop: Record<'MI01' | 'MI02' | 'TO01' | 'NA01', number>;
let group: Record<'Dipendente' | 'Contabilità' | 'Ex Dipendente' | 'Amministratore', number>;

beforeAll(async () => {
  test = await createTestApp({ UPLOAD_LIMIT_BYTES: String(uploadLimit) });
  adminToken = await signIn(test.app, 'admin');
  adminId = await findUserId(test.db, 'admin');
  shop = {
    MI01: await findShopId(test.db, 'MI01'),
    MI02: await findShopId(test.db, 'MI02'),
    TO01: await findShopId(test.db, 'TO01'),
    NA01: await findShopId(test.db, 'NA01'),
  };
  const groups = await test.db.select().from(userGroups);
  const idOf = (name: string) => groups.find((row) => row.name === name)?.id as number;
  group = {
    Dipendente: idOf('Dipendente'),
    Contabilità: idOf('Contabilità'),
    'Ex Dipendente': idOf('Ex Dipendente'),
    Amministratore: idOf('Amministratore'),
  };
});
afterAll(() => test?.close());

let sequence = 0;
/** A valid creation body with unique username, email and matricola; no fiscal code unless given. */
function employeeBody(overrides: Record<string, unknown> = {}) {
  sequence += 1;
  return {
    name: 'Giulia',
    surname: `Esposito${sequence}`,
    matricola: `T${String(sequence).padStart(4, '0')}`,
    username: `gesposito${sequence}`,
    email: `giulia.esposito${sequence}@bottega.example`,
    depositCardNumber: '',
    shopId: shop.MI01,
    shopIds: [shop.MI01],
    groupIds: [group.Dipendente],
    phone: '+39 333 1234567',
    fiscalCode: '',
    engagementDate: '2024-03-01',
    birthday: null,
    identityCardNumber: 'CA1234567',
    address: 'Via Toledo 256',
    city: 'Napoli',
    cap: '80134',
    iban: 'IT48X0503403200000000987654',
    bic: 'BAPPIT21',
    bankName: 'Banco BPM',
    useFingerprint: false,
    ...overrides,
  };
}

const create = (body: Record<string, unknown>, token = adminToken) =>
  api(test.app, { method: 'POST', url: '/api/employees', token, body });
const get = (id: number, token = adminToken) => api(test.app, { url: `/api/employees/${id}`, token });
const update = (id: number, body: Record<string, unknown>, token = adminToken) =>
  api(test.app, { method: 'PUT', url: `/api/employees/${id}`, token, body });
const setType = (id: number, body: Record<string, unknown>, token = adminToken) =>
  api(test.app, { method: 'PUT', url: `/api/employees/${id}/type`, token, body });
const remove = (id: number, token = adminToken) =>
  api(test.app, { method: 'DELETE', url: `/api/employees/${id}`, token });
const list = (query = '', token = adminToken) => api(test.app, { url: `/api/employees${query}`, token });

/** Sets the password through the link of the newest set-password mail to this address, as its owner would. */
async function completeInvitation(email: string, password: string) {
  const { token } = await lastMailTo(test.db, email, 'setPassword');
  return api(test.app, {
    method: 'POST',
    url: '/api/auth/password-reset',
    body: { token, password, passwordConfirmation: password },
  });
}

/** A new employee who has chosen their password through the invitation. */
async function createdEmployee(overrides: Record<string, unknown> = {}) {
  const body = { ...employeeBody(overrides), password: 'segreta2026' };
  const response = await create(body);
  expect(response.statusCode, response.body).toBe(201);
  expect((await completeInvitation(body.email, body.password)).statusCode).toBe(200);
  return { body, employee: response.json().data };
}

function auditOf(id: number) {
  return test.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.entity, 'employee'), eq(auditLog.entityId, String(id))))
    .orderBy(asc(auditLog.id));
}

function auditOfUser(id: number) {
  return test.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.entity, 'user'), eq(auditLog.entityId, String(id))))
    .orderBy(asc(auditLog.id));
}

function expectFieldErrors(response: LightMyRequestResponse, errors: Record<string, string[]>) {
  expect(response.statusCode, response.body).toBe(422);
  expect(response.json()).toEqual({
    code: 'validation',
    message: 'Alcuni dati non sono validi: correggi i campi evidenziati.',
    errors,
  });
}

describe('GET /api/employees', () => {
  it('lists the current employees by surname with their shops (main first) and groups, paginated', async () => {
    const response = await list('?perPage=4');
    expect(response.statusCode).toBe(200);
    const { data, meta } = response.json();
    expect(meta).toMatchObject({ page: 1, perPage: 4 });
    expect(meta.total).toBeGreaterThanOrEqual(9);
    expect(data).toHaveLength(4);
    // Bianchi, Bottega, Conti, (Esposito… created by other tests), Ferri …
    expect(data[0]).toMatchObject({ username: 'contabilita', surname: 'Bianchi', employeeType: 'OK', isAdmin: false });
    const rossi = (await list('?search=rossi')).json().data[0];
    expect(rossi).toEqual({
      id: expect.any(Number),
      username: 'dipendente',
      name: 'Marco',
      surname: 'Rossi',
      matricola: 'M0103',
      email: 'dipendente@bottega.example',
      fiscalCode: 'RSSMRC90H21F205T',
      phone: '+39 347 123 4567',
      employeeType: 'OK',
      shops: [
        { id: shop.MI01, name: 'Milano Duomo', code: 'MI01', isMain: true },
        { id: shop.MI02, name: 'Milano Navigli', code: 'MI02', isMain: false },
      ],
      groups: [{ id: group.Dipendente, name: 'Dipendente' }],
      isAdmin: false,
    });
  });

  it('searches name, surname, username, matricola and fiscal code; every word must match', async () => {
    const usernames = async (query: string) =>
      (await list(query)).json().data.map((row: { username: string }) => row.username);
    expect(await usernames('?search=Marco%20Rossi')).toEqual(['dipendente']);
    expect(await usernames('?search=rossi%20marco')).toEqual(['dipendente']);
    expect(await usernames('?search=M0118')).toEqual(['ticket']);
    expect(await usernames('?search=vrdpla79')).toEqual(['exdipendente']);
    expect(await usernames('?search=AREACONTR')).toEqual(['areacontrollo']);
    expect(await usernames('?search=marco%20verdi')).toEqual([]);
    expect(await usernames('?search=%25')).toEqual([]);
  });

  it('filters by shop, group and type', async () => {
    const usernames = async (query: string) =>
      (await list(`${query}&perPage=100`)).json().data.map((row: { username: string }) => row.username);
    expect(await usernames(`?shopId=${shop.TO01}`)).toEqual(expect.arrayContaining(['developer', 'areacontrollo']));
    expect(await usernames(`?shopId=${shop.TO01}`)).not.toContain('dipendente');
    expect(await usernames(`?groupId=${group.Contabilità}`)).toEqual(['contabilita']);
    expect(await usernames('?type=EX')).toEqual(['exdipendente']);
    expect(await usernames('?type=OK')).not.toContain('exdipendente');
  });

  it('refuses a user without employees.manage.list with 403', async () => {
    const user = await createUserWithAbilities(test.db, ['employees.view', 'employees.manage.edit'], {
      shops: ['MI01'],
    });
    const response = await list('', await signIn(test.app, user.username));
    expect(response.statusCode).toBe(403);
    expect(response.json().code).toBe('forbidden');
  });
});

describe('shop scoping', () => {
  const manager = async () => {
    const user = await createUserWithAbilities(
      test.db,
      [
        'employees.view',
        'employees.manage.list',
        'employees.manage.add',
        'employees.manage.edit',
        'employees.manage.delete',
        'employees.manage.uploadManagementDocument',
        ...defaultGroupAbilities.Dipendente,
      ],
      { shops: ['MI01'] },
    );
    return { ...user, token: await signIn(test.app, user.username) };
  };

  it('shows a manager without "view all" only the employees of their shops, never the administrators', async () => {
    const { token } = await manager();
    const { data } = (await list('?perPage=100', token)).json();
    const usernames = data.map((row: { username: string }) => row.username);
    expect(usernames).toContain('dipendente');
    expect(usernames).toContain('areacontrollo');
    for (const other of ['developer', 'ticket', 'noshifts', 'contabilita', 'exdipendente', 'admin', 'boss']) {
      expect(usernames).not.toContain(other);
    }
    // Filtering by another shop finds nothing rather than revealing its staff.
    expect((await list(`?shopId=${shop.TO01}`, token)).json().data).toEqual([]);
  });

  it('answers 404 for another shop’s employee on every route, and for an administrator', async () => {
    const { token } = await manager();
    const ticketId = await findUserId(test.db, 'ticket');
    const bossId = await findUserId(test.db, 'boss');
    for (const id of [ticketId, bossId]) {
      const calls = [
        get(id, token),
        update(id, { ...employeeBody() }, token),
        setType(id, { employeeType: 'EX' }, token),
        remove(id, token),
        api(test.app, { url: `/api/employees/${id}/documents`, token }),
        api(test.app, { url: `/api/employees/${id}/history`, token }),
        upload(id, 'identityFront', { name: 'front.jpg', type: 'image/jpeg', bytes: jpegBytes() }, token),
      ];
      for (const response of await Promise.all(calls)) {
        expect(response.statusCode, response.body).toBe(404);
        expect(response.json()).toEqual({ code: 'notFound', message: 'Elemento non trovato.' });
      }
    }
    const [still] = await test.db.select().from(users).where(eq(users.id, ticketId));
    expect(still?.deletedAt).toBeNull();
    expect(still?.employeeType).toBe('OK');
  });

  it('lets a manager give only their own shops, requires one, and keeps the memberships beyond their reach', async () => {
    const { token } = await manager();
    expectFieldErrors(await create(employeeBody({ shopId: shop.TO01, shopIds: [shop.TO01] }), token), {
      shopId: ['Valore non valido.'],
      shopIds: ['Valore non valido.'],
    });
    expectFieldErrors(await create(employeeBody({ shopId: null, shopIds: [] }), token), {
      shopId: ['Campo obbligatorio.'],
    });
    // areacontrollo belongs to MI01 (main), MI02 and TO01; this manager reaches MI01 only.
    const id = await findUserId(test.db, 'areacontrollo');
    const before = (await get(id, token)).json().data;
    const response = await update(id, employeeUpdateBody(before, { shopId: shop.MI01, shopIds: [shop.MI01] }), token);
    expect(response.statusCode, response.body).toBe(200);
    expect(
      response
        .json()
        .data.shops.map((item: { code: string }) => item.code)
        .sort(),
    ).toEqual(['MI01', 'MI02', 'TO01']);
  });

  it('refuses to grant a group whose abilities the manager does not hold (403), and any admin group', async () => {
    const { token } = await manager();
    for (const groupId of [group.Contabilità, group.Amministratore]) {
      const response = await create(employeeBody({ groupIds: [groupId] }), token);
      expect(response.statusCode, response.body).toBe(403);
      expect(response.json().code).toBe('abilityNotHeld');
    }
    const options = (await api(test.app, { url: '/api/employees/options', token })).json().data;
    expect(options.shops.map((item: { code: string }) => item.code)).toEqual(['MI01']);
    const seeded = options.groups.filter((item: { name: string }) => !item.name.startsWith('Test group'));
    const grantable = seeded.filter((item: { grantable: boolean }) => item.grantable);
    expect(grantable.map((item: { name: string }) => item.name)).toEqual(['Dipendente', 'Dipendente NO SHIFTS']);
  });
});

describe('POST /api/employees', () => {
  it('creates an employee (201) with shops and groups, who chooses their password through the invitation', async () => {
    const body = employeeBody({
      fiscalCode: ' spsgli95e50f839q ',
      birthday: '1995-05-10',
      iban: 'it48 x050 3403 2000 0000 0987 654',
      shopId: shop.MI02,
      shopIds: [shop.MI01],
      groupIds: [group.Dipendente, group.Dipendente],
    });
    const response = await create(body);
    expect(response.statusCode, response.body).toBe(201);
    const { data } = response.json();
    expect(data).toMatchObject({
      username: body.username,
      fiscalCode: 'SPSGLI95E50F839Q',
      iban: 'IT48X0503403200000000987654',
      birthday: '1995-05-10',
      employeeType: 'OK',
      shops: [
        { id: shop.MI02, isMain: true },
        { id: shop.MI01, isMain: false },
      ],
      groups: [{ id: group.Dipendente, name: 'Dipendente' }],
      registeredAt: null,
      pendingEmail: null,
      rehire: null,
    });
    // The invitation: a set-password link, redacted in the outbox, valid INVITATION_DAYS (7).
    const { mail, token } = await lastMailTo(test.db, body.email);
    expect(mail).toMatchObject({ template: 'setPassword', subject: 'Scegli la tua password di Bottega' });
    expect(mail.text).toContain(`il tuo nome utente è ${body.username}`);
    expect(mail.text).toContain('/set-password?token=[redacted]');
    const [link] = await test.db.select().from(passwordResets).where(eq(passwordResets.userId, data.id));
    const daysLeft = ((link?.expiresAt.getTime() ?? 0) - Date.now()) / 86_400_000;
    expect(daysLeft).toBeGreaterThan(6.99);
    expect(daysLeft).toBeLessThanOrEqual(7);
    const audit = await auditOf(data.id);
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({ actorId: adminId, action: 'employee.created', toState: 'OK' });
    expect(audit[0]?.data).toMatchObject({ invitation: { resetId: link?.id, mailId: mail.id } });

    // Nobody knows a password until the employee chooses one, through the same completion as a reset.
    const done = await api(test.app, {
      method: 'POST',
      url: '/api/auth/password-reset',
      body: { token, password: 'la mia password', passwordConfirmation: 'la mia password' },
    });
    expect(done.statusCode, done.body).toBe(200);
    expect(await signIn(test.app, body.username.toUpperCase(), 'la mia password')).toEqual(expect.any(String));
    // The link works once.
    const again = await api(test.app, {
      method: 'POST',
      url: '/api/auth/password-reset',
      body: { token, password: 'un altra password', passwordConfirmation: 'un altra password' },
    });
    expect(again.json().code).toBe('resetTokenInvalid');
  });

  it('takes no password from the creator, and an invitation that expired sets none', async () => {
    const body = { ...employeeBody(), password: 'scelta dal capo', passwordConfirmation: 'scelta dal capo' };
    const response = await create(body);
    expect(response.statusCode, response.body).toBe(201);
    const login = await api(test.app, {
      method: 'POST',
      url: '/api/auth/login',
      body: { login: body.username, password: body.password },
    });
    expect(login.statusCode).toBe(401);
    const { token } = await lastMailTo(test.db, body.email, 'setPassword');
    await test.db
      .update(passwordResets)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(passwordResets.tokenHash, hashToken(token)));
    const expired = await completeInvitation(body.email, 'troppo tardi 1');
    expect(expired.statusCode).toBe(410);
    expect(expired.json().code).toBe('resetLinkExpired');
  });

  it('checks the codice fiscale: check character, birthday, shape; accepts omocodia', async () => {
    expectFieldErrors(await create(employeeBody({ fiscalCode: 'RCCNDR87R03A944Y', birthday: '1987-10-03' })), {
      fiscalCode: ['Il carattere di controllo del codice fiscale non è corretto.'],
    });
    expectFieldErrors(await create(employeeBody({ fiscalCode: 'RCCNDR87R03A944X', birthday: '1987-10-04' })), {
      fiscalCode: ['Il codice fiscale non corrisponde alla data di nascita.'],
    });
    expectFieldErrors(await create(employeeBody({ fiscalCode: 'RCCNDR87' })), {
      fiscalCode: ['Codice fiscale non valido.'],
    });
    // RCCNDR87R03A944X with its last place digit written as a letter (4 → Q) and the check recomputed.
    const omocode = await create(employeeBody({ fiscalCode: 'RCCNDR87R03A94QU', birthday: '1987-10-03' }));
    expect(omocode.statusCode, omocode.body).toBe(201);
  });

  it('checks IBAN (mod 97 and Italian length), BIC, CAP, phone, email and dates, with Italian messages', async () => {
    expectFieldErrors(
      await create(
        employeeBody({
          iban: 'IT48X0503403200000000987655',
          bic: 'BAPP21',
          cap: '8013',
          phone: 'chiamami',
          email: 'non-una-email',
          engagementDate: '2024-02-30',
        }),
      ),
      {
        iban: ["L'IBAN non supera il controllo: verifica le cifre."],
        bic: ['Codice BIC/SWIFT non valido.'],
        cap: ['Il CAP deve avere 5 cifre.'],
        phone: ['Numero di telefono non valido.'],
        email: ['Inserisci un indirizzo email valido.'],
        engagementDate: ['Data non valida.'],
      },
    );
    expectFieldErrors(await create(employeeBody({ iban: 'IT48X050340320000000098765' })), {
      iban: ['IBAN non valido.'],
    });
  });

  it('asks for at least one group', async () => {
    expectFieldErrors(await create(employeeBody({ groupIds: [] })), { groupIds: ['Campo obbligatorio.'] });
    expectFieldErrors(await create(employeeBody({ groupIds: [group['Ex Dipendente']] })), {
      groupIds: ['Valore non valido.'],
    });
  });

  it('refuses a username (any case), email, matricola or fiscal code in use with 422 unique', async () => {
    const response = await create(
      employeeBody({
        username: 'DIPENDENTE',
        email: 'Ticket@Bottega.example',
        matricola: 'M0024',
        fiscalCode: 'RSSMRC90H21F205T',
        birthday: '1990-06-21',
      }),
    );
    const unique = ['Questo valore è già in uso.'];
    expectFieldErrors(response, { username: unique, email: unique, matricola: unique, fiscalCode: unique });
    expectFieldErrors(await create({ ...employeeBody(), username: 'Boss' }), { username: unique });
    // In the caller's language.
    const inEnglish = await api(test.app, {
      method: 'POST',
      url: '/api/employees',
      token: adminToken,
      body: { ...employeeBody(), username: 'boss' },
      lng: 'en',
    });
    expect(inEnglish.statusCode).toBe(422);
    expect(inEnglish.json().errors.username).toHaveLength(1);
    expect(inEnglish.json().errors.username[0]).not.toBe('Questo valore è già in uso.');
  });

  it('refuses a user without employees.manage.add with 403', async () => {
    const user = await createUserWithAbilities(test.db, ['employees.manage.list', 'employees.manage.edit']);
    const response = await create(employeeBody(), await signIn(test.app, user.username));
    expect(response.statusCode).toBe(403);
  });
});

describe('PUT /api/employees/:id', () => {
  it('saves the changes, audited field by field with from and to', async () => {
    const { employee } = await createdEmployee();
    const response = await update(
      employee.id,
      employeeUpdateBody(employee, {
        iban: 'IT08J0306909400100000067890',
        city: 'Milano',
        groupIds: [group.Dipendente, group.Contabilità],
        shopId: shop.MI02,
        shopIds: [shop.MI01, shop.MI02],
      }),
    );
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().data).toMatchObject({
      iban: 'IT08J0306909400100000067890',
      city: 'Milano',
      groups: [
        { id: group.Dipendente, name: 'Dipendente' },
        { id: group.Contabilità, name: 'Contabilità' },
      ],
      shops: [
        { id: shop.MI02, isMain: true },
        { id: shop.MI01, isMain: false },
      ],
    });
    const audit = await auditOf(employee.id);
    expect(audit.at(-1)).toMatchObject({
      action: 'employee.updated',
      actorId: adminId,
      data: {
        changes: {
          iban: { from: 'IT48X0503403200000000987654', to: 'IT08J0306909400100000067890' },
          city: { from: 'Napoli', to: 'Milano' },
          groups: {
            from: [{ id: group.Dipendente, name: 'Dipendente' }],
            to: [
              { id: group.Dipendente, name: 'Dipendente' },
              { id: group.Contabilità, name: 'Contabilità' },
            ],
          },
          shops: expect.any(Object),
        },
      },
    });
    // Saving again unchanged writes nothing.
    const again = await update(employee.id, employeeUpdateBody(response.json().data));
    expect(again.statusCode).toBe(200);
    expect(await auditOf(employee.id)).toHaveLength(audit.length);
  });

  it('ignores a password in the body: nobody sets a colleague’s password', async () => {
    const { body, employee } = await createdEmployee();
    const changed = await update(
      employee.id,
      employeeUpdateBody(employee, { password: 'nuovapass1', passwordConfirmation: 'nuovapass1' }),
    );
    expect(changed.statusCode, changed.body).toBe(200);
    const login = (password: string) =>
      api(test.app, { method: 'POST', url: '/api/auth/login', body: { login: body.username, password } });
    expect((await login('nuovapass1')).statusCode).toBe(401);
    expect((await login(body.password)).statusCode).toBe(200);
  });

  it('refuses another employee’s username or email with 422 unique and keeps the record', async () => {
    const { employee } = await createdEmployee();
    const response = await update(
      employee.id,
      employeeUpdateBody(employee, { username: 'Developer', email: 'BOSS@bottega.example' }),
    );
    expectFieldErrors(response, { username: ['Questo valore è già in uso.'], email: ['Questo valore è già in uso.'] });
    expect((await get(employee.id)).json().data.username).toBe(employee.username);
  });

  it('refuses a user without employees.manage.edit with 403', async () => {
    const { employee } = await createdEmployee();
    const user = await createUserWithAbilities(test.db, ['employees.view', 'employees.manage.list']);
    const response = await update(employee.id, employeeUpdateBody(employee), await signIn(test.app, user.username));
    expect(response.statusCode).toBe(403);
  });
});

describe('credentials: set-password links and email changes', () => {
  const sendLink = (id: number, token = adminToken) =>
    api(test.app, { method: 'POST', url: `/api/employees/${id}/password-link`, token });
  const confirmEmail = (token: string) =>
    api(test.app, { method: 'POST', url: '/api/auth/email-confirmation', body: { token } });

  it('sends a set-password link on request, audited; the link sets the password like a reset', async () => {
    const { body, employee } = await createdEmployee();
    const response = await sendLink(employee.id);
    expect(response.statusCode, response.body).toBe(200);
    const { mail } = await lastMailTo(test.db, body.email, 'setPassword');
    expect((await auditOf(employee.id)).at(-1)).toMatchObject({
      action: 'employee.passwordLinkSent',
      actorId: adminId,
      data: { mailId: mail.id },
    });
    expect((await completeInvitation(body.email, 'scelta da me 2026')).statusCode).toBe(200);
    expect(await signIn(test.app, body.username, 'scelta da me 2026')).toEqual(expect.any(String));
  });

  it('refuses (403) to redirect the email of, or send a link to, a colleague holding abilities the editor lacks', async () => {
    // The editor may edit employees, and sees every shop; areacontrollo holds far more.
    const editor = await createUserWithAbilities(test.db, [
      'employees.view',
      'employees.manage.list',
      'employees.manage.edit',
      'shops.manage.viewAllList',
    ]);
    const editorToken = await signIn(test.app, editor.username);
    const targetId = await findUserId(test.db, 'areacontrollo');
    const target = (await get(targetId)).json().data;
    const editorEmail = `${editor.username}@test.example`;

    const takeover = await update(
      targetId,
      employeeUpdateBody(target, {
        email: 'mia.casella@test.example',
        password: 'presa1234',
        passwordConfirmation: 'presa1234',
      }),
      editorToken,
    );
    expect(takeover.statusCode, takeover.body).toBe(403);
    expect(takeover.json().code).toBe('colleagueMorePrivileged');
    expect((await sendLink(targetId, editorToken)).statusCode).toBe(403);
    const login = await api(test.app, {
      method: 'POST',
      url: '/api/auth/login',
      body: { login: 'areacontrollo', password: 'presa1234' },
    });
    expect(login.statusCode).toBe(401);
    expect((await get(targetId)).json().data).toMatchObject({ email: target.email, pendingEmail: null });
    expect(await test.db.select().from(emailChanges).where(eq(emailChanges.userId, targetId))).toHaveLength(0);
    expect(editorEmail).not.toBe(target.email);

    // Other fields stay editable; and a colleague with no ability beyond the editor's gets both.
    expect((await update(targetId, employeeUpdateBody(target, { city: 'Bologna' }), editorToken)).statusCode).toBe(200);
    const peer = await createUser(test.db, { groups: [editor.groupId], shops: ['MI01'] });
    expect((await sendLink(peer.id, editorToken)).statusCode).toBe(200);
    const peerRecord = (await get(peer.id)).json().data;
    const moved = await update(peer.id, employeeUpdateBody(peerRecord, { email: 'nuova@test.example' }), editorToken);
    expect(moved.statusCode, moved.body).toBe(200);
    // An administrator always may.
    expect((await sendLink(targetId)).statusCode).toBe(200);
  });

  it('keeps a new email pending until the link mailed to it is opened; the old address is told', async () => {
    const { body, employee } = await createdEmployee();
    const newEmail = `nuovo.${body.username}@bottega.example`;
    const response = await update(employee.id, employeeUpdateBody(employee, { email: newEmail }));
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().data).toMatchObject({ email: body.email, pendingEmail: newEmail });

    const notice = await test.db.select().from(mailOutbox).where(eq(mailOutbox.recipient, body.email));
    expect(notice.at(-1)).toMatchObject({ template: 'emailChangeNotice', sealedSecret: null });
    expect(notice.at(-1)?.text).toContain(newEmail);
    const { mail, token } = await lastMailTo(test.db, newEmail, 'emailChange');
    expect(mail.text).toContain('/confirm-email?token=[redacted]');
    expect(await auditOfUser(employee.id)).toContainEqual(
      expect.objectContaining({ action: 'user.emailChangeRequested', actorId: adminId }),
    );
    // Signing in still takes the old address only.
    const login = (value: string) =>
      api(test.app, { method: 'POST', url: '/api/auth/login', body: { login: value, password: body.password } });
    expect((await login(newEmail)).statusCode).toBe(401);

    expect((await confirmEmail('not-a-token')).json().code).toBe('emailLinkInvalid');
    const confirmed = await confirmEmail(token);
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    expect((await get(employee.id)).json().data).toMatchObject({ email: newEmail, pendingEmail: null });
    expect((await login(newEmail)).statusCode).toBe(200);
    expect(await auditOfUser(employee.id)).toContainEqual(
      expect.objectContaining({
        action: 'user.emailChanged',
        data: expect.objectContaining({ from: body.email, to: newEmail }),
      }),
    );
    // Once only.
    expect((await confirmEmail(token)).json().code).toBe('emailLinkInvalid');
  });

  it('refuses an expired email link and leaves the address as it was', async () => {
    const { body, employee } = await createdEmployee();
    const newEmail = `tardi.${body.username}@bottega.example`;
    expect((await update(employee.id, employeeUpdateBody(employee, { email: newEmail }))).statusCode).toBe(200);
    const { token } = await lastMailTo(test.db, newEmail, 'emailChange');
    await test.db
      .update(emailChanges)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(emailChanges.tokenHash, hashToken(token)));
    const expired = await confirmEmail(token);
    expect(expired.statusCode).toBe(410);
    expect(expired.json().code).toBe('emailLinkExpired');
    expect((await get(employee.id)).json().data).toMatchObject({ email: body.email, pendingEmail: null });
  });
});

describe('PUT /api/employees/:id/type', () => {
  it('turns an employee EX: Ex Dipendente abilities only, no shop, and EX → OK restores what they had', async () => {
    const { body, employee } = await createdEmployee({
      groupIds: [group.Dipendente],
      shopId: shop.MI01,
      shopIds: [shop.MI01, shop.MI02],
    });
    const token = await signIn(test.app, body.username, body.password);
    await chooseShop(test.app, token, 'MI02');

    const ex = await setType(employee.id, { employeeType: 'EX' });
    expect(ex.statusCode, ex.body).toBe(200);
    expect(ex.json().data).toMatchObject({
      employeeType: 'EX',
      groups: [{ id: group['Ex Dipendente'], name: 'Ex Dipendente' }],
      shops: [],
      rehire: {
        groups: [{ id: group.Dipendente, name: 'Dipendente' }],
        shops: [
          { id: shop.MI01, isMain: true },
          { id: shop.MI02, isMain: false },
        ],
      },
    });
    // Their sessions end; they sign in again, as a former employee with no shop to choose.
    expect((await api(test.app, { url: '/api/auth/user', token })).statusCode).toBe(401);
    const [session] = await test.db.select().from(sessions).where(eq(sessions.userId, employee.id));
    expect(session?.revokedAt).not.toBeNull();
    const again = await api(test.app, {
      method: 'POST',
      url: '/api/auth/login',
      body: { login: body.username, password: body.password },
    });
    expect(again.json().data.shops).toEqual([]);
    const exToken = again.json().data.token;
    const me = (await api(test.app, { url: '/api/auth/user', token: exToken })).json().data;
    expect(me.can).toEqual([...defaultGroupAbilities['Ex Dipendente']].sort());
    expect(me.shop).toBeNull();
    expect(me.userGroup).toEqual([{ id: group['Ex Dipendente'], name: 'Ex Dipendente' }]);
    // Their groups and shops only change with the type.
    expectFieldErrors(await update(employee.id, employeeUpdateBody(ex.json().data, { groupIds: [group.Dipendente] })), {
      groupIds: ['Valore non valido.'],
    });

    const ok = await setType(employee.id, { employeeType: 'OK' });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json().data).toMatchObject({
      employeeType: 'OK',
      groups: [{ id: group.Dipendente, name: 'Dipendente' }],
      shops: [
        { id: shop.MI01, isMain: true },
        { id: shop.MI02, isMain: false },
      ],
      rehire: null,
    });
    const back = (await api(test.app, { url: '/api/auth/user', token: exToken })).json().data;
    expect(back.can).toEqual([...defaultGroupAbilities.Dipendente].sort());

    const audit = (await auditOf(employee.id)).filter((row) => row.action === 'employee.typeChanged');
    expect(audit.map((row) => [row.fromState, row.toState])).toEqual([
      ['OK', 'EX'],
      ['EX', 'OK'],
    ]);
    expect(audit[0]?.data).toMatchObject({
      previousGroups: [{ id: group.Dipendente, name: 'Dipendente' }],
      previousShops: [
        { id: shop.MI01, isMain: true },
        { id: shop.MI02, isMain: false },
      ],
    });
    expect(audit[1]?.data).toMatchObject({ restored: true });
  });

  it('re-hires with other groups and shops when given, and asks for a group when none is remembered', async () => {
    const exId = await findUserId(test.db, 'exdipendente');
    expectFieldErrors(await setType(exId, { employeeType: 'OK' }), { groupIds: ['Campo obbligatorio.'] });
    const response = await setType(exId, {
      employeeType: 'OK',
      groupIds: [group.Dipendente],
      shopId: shop.TO01,
      shopIds: [shop.TO01],
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().data).toMatchObject({
      employeeType: 'OK',
      groups: [{ name: 'Dipendente' }],
      shops: [{ code: 'TO01', isMain: true }],
    });
    // Back to EX for the other tests.
    expect((await setType(exId, { employeeType: 'EX' })).statusCode).toBe(200);
  });
});

describe('DELETE /api/employees/:id', () => {
  it('soft-deletes: the row stays, sessions end, they leave the lists; audited', async () => {
    const { body, employee } = await createdEmployee();
    const token = await signIn(test.app, body.username, body.password);
    const response = await remove(employee.id);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({ data: { ok: true } });

    const [row] = await test.db.select().from(users).where(eq(users.id, employee.id));
    expect(row?.deletedAt).toBeInstanceOf(Date);
    expect(row?.username).toBe(body.username);
    // Memberships stay with the row, for the payroll history.
    expect(await test.db.select().from(userGroupMembers).where(eq(userGroupMembers.userId, employee.id))).toHaveLength(
      1,
    );
    expect(await test.db.select().from(userShops).where(eq(userShops.userId, employee.id))).toHaveLength(1);
    const rows = await test.db.select().from(sessions).where(eq(sessions.userId, employee.id));
    expect(rows.every((session) => session.revokedAt !== null)).toBe(true);
    expect((await api(test.app, { url: '/api/auth/user', token })).statusCode).toBe(401);
    const signInAgain = await api(test.app, {
      method: 'POST',
      url: '/api/auth/login',
      body: { login: body.username, password: body.password },
    });
    expect(signInAgain.statusCode).toBe(401);

    expect((await list(`?search=${body.username}`)).json().meta.total).toBe(0);
    expect((await get(employee.id)).statusCode).toBe(404);
    expect((await remove(employee.id)).statusCode).toBe(404);
    // Their username stays theirs.
    expectFieldErrors(await create(employeeBody({ username: body.username })), {
      username: ['Questo valore è già in uso.'],
    });
    expect((await auditOf(employee.id)).at(-1)).toMatchObject({
      action: 'employee.deleted',
      actorId: adminId,
      fromState: 'OK',
      toState: 'deleted',
      data: { revokedSessions: 1 },
    });
  });

  it('refuses a user without employees.manage.delete with 403', async () => {
    const { employee } = await createdEmployee();
    const user = await createUserWithAbilities(test.db, ['employees.manage.list', 'employees.manage.edit']);
    expect((await remove(employee.id, await signIn(test.app, user.username))).statusCode).toBe(403);
  });
});

describe('the last administrator', () => {
  let own: TestApp;
  beforeAll(async () => {
    own = await createTestApp();
  });
  afterAll(() => own?.close());

  it('may not be deleted, turned EX or moved out of the admin groups; another admin may', async () => {
    const token = await signIn(own.app, 'admin');
    const adminUserId = await findUserId(own.db, 'admin');
    const bossId = await findUserId(own.db, 'boss');
    const [dipendente] = await own.db.select().from(userGroups).where(eq(userGroups.name, 'Dipendente'));
    const call = (method: 'PUT' | 'DELETE', url: string, body?: unknown) => api(own.app, { method, url, token, body });
    const employeeOf = async (id: number) => (await api(own.app, { url: `/api/employees/${id}`, token })).json().data;

    // While BOSS is there, the admin may demote BOSS.
    const demoted = await call(
      'PUT',
      `/api/employees/${bossId}`,
      employeeUpdateBody(await employeeOf(bossId), { groupIds: [dipendente?.id] }),
    );
    expect(demoted.statusCode, demoted.body).toBe(200);

    const self = await employeeOf(adminUserId);
    const refusals = [
      await call('PUT', `/api/employees/${adminUserId}`, employeeUpdateBody(self, { groupIds: [dipendente?.id] })),
      await call('PUT', `/api/employees/${adminUserId}/type`, { employeeType: 'EX' }),
      await call('DELETE', `/api/employees/${adminUserId}`),
    ];
    for (const response of refusals) {
      expect(response.statusCode, response.body).toBe(409);
      expect(response.json()).toEqual({
        code: 'lastAdmin',
        message: "Questa modifica lascerebbe l'azienda senza amministratori: prima nomina un altro amministratore.",
      });
    }
    expect(await employeeOf(adminUserId)).toMatchObject({ employeeType: 'OK', isAdmin: true, groups: [{ id: 1 }] });
    // Keeping an admin group first (adding another after it) is fine.
    const widened = await call(
      'PUT',
      `/api/employees/${adminUserId}`,
      employeeUpdateBody(self, { groupIds: [1, dipendente?.id] }),
    );
    expect(widened.statusCode, widened.body).toBe(200);
  });
});

// ---------------------------------------------------------------------------------------------
// Documents

function jpegBytes(size = 600): Uint8Array {
  const bytes = new Uint8Array(size);
  bytes.set([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10, 0x4a, 0x46, 0x49, 0x46]);
  bytes.set([0xff, 0xd9], size - 2);
  return bytes;
}
function pngBytes(): Uint8Array {
  const bytes = new Uint8Array(300);
  bytes.set([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
  return bytes;
}
function pdfBytes(): Uint8Array {
  return new TextEncoder().encode('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n');
}

type File = { name: string; type: string; bytes: Uint8Array };

function upload(id: number, kind: string, file: File, token = adminToken) {
  const { payload, contentType } = multipart(file);
  const method = kind === 'management' ? 'POST' : 'PUT';
  return test.app.inject({
    method,
    url: `/api/employees/${id}/documents/${kind}`,
    headers: { ...csrfHeaders(), authorization: `Bearer ${token}`, 'content-type': contentType },
    payload,
  });
}

const storedFiles = (id: number) => storedKeys(test.app, `employees/${id}/`);

describe('employee documents', () => {
  it('refuses a PNG renamed .pdf (422), a text file (415), a declared type that lies (422) and a too large file (413)', async () => {
    const { employee } = await createdEmployee();
    const renamed = await upload(employee.id, 'identityFront', {
      name: 'carta.pdf',
      type: 'application/pdf',
      bytes: pngBytes(),
    });
    expect(renamed.statusCode, renamed.body).toBe(422);
    expect(renamed.json()).toEqual({
      code: 'fileContentMismatch',
      message: 'Il contenuto del file non corrisponde al suo nome o tipo.',
    });
    const lying = await upload(employee.id, 'identityFront', {
      name: 'carta',
      type: 'application/pdf',
      bytes: pngBytes(),
    });
    expect(lying.json().code).toBe('fileContentMismatch');
    const text = await upload(employee.id, 'identityFront', {
      name: 'note.txt',
      type: 'text/plain',
      bytes: new TextEncoder().encode('solo testo'),
    });
    expect(text.statusCode).toBe(415);
    expect(text.json()).toEqual({
      code: 'fileTypeNotAllowed',
      message: "Questo tipo di file non è ammesso: carica un'immagine (JPEG, PNG, WebP) o un PDF.",
    });
    const large = await upload(employee.id, 'identityFront', {
      name: 'grande.jpg',
      type: 'image/jpeg',
      bytes: jpegBytes(uploadLimit + 1),
    });
    expect(large.statusCode).toBe(413);
    expect(large.json()).toEqual({ code: 'fileTooLarge', message: 'Il file è troppo grande: il massimo è 64 KiB.' });
    const notMultipart = await api(test.app, {
      method: 'PUT',
      url: `/api/employees/${employee.id}/documents/identityFront`,
      token: adminToken,
      body: {},
    });
    expect(notMultipart.statusCode).toBe(415);
    expect(await test.db.select().from(employeeDocuments).where(eq(employeeDocuments.userId, employee.id))).toEqual([]);
    expect(await storedFiles(employee.id)).toEqual([]);
  });

  it('stores a JPEG and a PDF, previews and downloads them, replaces a side and deletes; all audited', async () => {
    const { employee } = await createdEmployee();
    const front = await upload(employee.id, 'identityFront', {
      name: '../../carta fronte.JPG',
      type: 'image/jpeg',
      bytes: jpegBytes(),
    });
    expect(front.statusCode, front.body).toBe(200);
    expect(front.json().data).toEqual({
      id: expect.any(Number),
      kind: 'identityFront',
      fileName: 'carta fronte.JPG',
      mimeType: 'image/jpeg',
      size: 600,
      uploadedAt: expect.any(String),
      uploadedBy: 'Alessandra Ferri',
    });
    const pdf = await upload(employee.id, 'healthCardBack', {
      name: 'tessera è.pdf',
      type: 'application/pdf',
      bytes: pdfBytes(),
    });
    expect(pdf.statusCode, pdf.body).toBe(200);

    const listed = await api(test.app, { url: `/api/employees/${employee.id}/documents`, token: adminToken });
    expect(listed.json().data.maxBytes).toBe(uploadLimit);
    expect(
      listed
        .json()
        .data.documents.map((item: { kind: string }) => item.kind)
        .sort(),
    ).toEqual(['healthCardBack', 'identityFront']);

    const pdfId = pdf.json().data.id;
    const inline = await api(test.app, {
      url: `/api/employees/${employee.id}/documents/${pdfId}/file`,
      token: adminToken,
    });
    expect(inline.statusCode).toBe(200);
    expect(inline.headers['content-type']).toBe('application/pdf');
    expect(inline.headers['content-disposition']).toBe(
      `inline; filename="tessera _.pdf"; filename*=UTF-8''tessera%20%C3%A8.pdf`,
    );
    expect(inline.headers['x-content-type-options']).toBe('nosniff');
    expect(inline.rawPayload.equals(Buffer.from(pdfBytes()))).toBe(true);
    const download = await api(test.app, {
      url: `/api/employees/${employee.id}/documents/${pdfId}/file?download=1`,
      token: adminToken,
    });
    expect(download.headers['content-disposition']).toMatch(/^attachment; /);

    // A new front replaces the old one, file included.
    expect(await storedFiles(employee.id)).toHaveLength(2);
    const newFront = await upload(employee.id, 'identityFront', {
      name: 'fronte.png',
      type: 'image/png',
      bytes: pngBytes(),
    });
    expect(newFront.statusCode).toBe(200);
    const rows = await test.db.select().from(employeeDocuments).where(eq(employeeDocuments.userId, employee.id));
    expect(rows.map((row) => row.fileName).sort()).toEqual(['fronte.png', 'tessera è.pdf']);
    expect(await storedFiles(employee.id)).toHaveLength(2);

    const deleted = await api(test.app, {
      method: 'DELETE',
      url: `/api/employees/${employee.id}/documents/${pdfId}`,
      token: adminToken,
    });
    expect(deleted.statusCode).toBe(200);
    expect(await storedFiles(employee.id)).toHaveLength(1);
    expect(
      (await api(test.app, { url: `/api/employees/${employee.id}/documents/${pdfId}/file`, token: adminToken }))
        .statusCode,
    ).toBe(404);

    const actions = (await auditOf(employee.id)).map((row) => row.action);
    expect(actions).toEqual([
      'employee.created',
      'employee.documentUploaded',
      'employee.documentUploaded',
      'employee.documentDownloaded',
      'employee.documentUploaded',
      'employee.documentDeleted',
    ]);
    const replaced = (await auditOf(employee.id)).at(-2);
    expect(replaced?.data).toMatchObject({
      kind: 'identityFront',
      fileName: 'fronte.png',
      replaced: ['carta fronte.JPG'],
    });
  });

  it('serves a document in a sandbox, and keeps no bidirectional-text control of the name it was uploaded with', async () => {
    const { employee } = await createdEmployee();
    // U+202E would show "fattura\u202Egnp.pdf" as "fatturafdp.png"; U+2066/U+2069 and U+200F reorder too.
    const uploaded = await upload(employee.id, 'identityFront', {
      name: 'fattura\u202Egnp\u2066\u200F\u2069.pdf',
      type: 'application/pdf',
      bytes: pdfBytes(),
    });
    expect(uploaded.statusCode, uploaded.body).toBe(200);
    expect(uploaded.json().data.fileName).toBe('fatturagnp.pdf');
    const file = await api(test.app, {
      url: `/api/employees/${employee.id}/documents/${uploaded.json().data.id}/file`,
      token: adminToken,
    });
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-security-policy']).toBe('sandbox');
    expect(file.headers['x-content-type-options']).toBe('nosniff');
    expect(file.headers['cache-control']).toBe('private, no-store');
    expect(file.headers['content-disposition']).toBe(
      `inline; filename="fatturagnp.pdf"; filename*=UTF-8''fatturagnp.pdf`,
    );
  });

  it('keeps many management documents, for holders of uploadManagementDocument only', async () => {
    const { employee } = await createdEmployee();
    for (const name of ['contratto.pdf', 'lettera.pdf']) {
      const response = await upload(employee.id, 'management', { name, type: 'application/pdf', bytes: pdfBytes() });
      expect(response.statusCode, response.body).toBe(201);
    }
    const editor = await createUserWithAbilities(test.db, ['employees.view', 'employees.manage.edit'], {
      shops: ['MI01'],
    });
    const editorToken = await signIn(test.app, editor.username);
    const refused = await upload(
      employee.id,
      'management',
      { name: 'x.pdf', type: 'application/pdf', bytes: pdfBytes() },
      editorToken,
    );
    expect(refused.statusCode).toBe(403);
    const [first] = await test.db
      .select()
      .from(employeeDocuments)
      .where(and(eq(employeeDocuments.userId, employee.id), eq(employeeDocuments.kind, 'management')));
    const deleteRefused = await api(test.app, {
      method: 'DELETE',
      url: `/api/employees/${employee.id}/documents/${first?.id}`,
      token: editorToken,
    });
    expect(deleteRefused.statusCode).toBe(403);
    // The editor may handle the identity document.
    const own = await upload(
      employee.id,
      'identityBack',
      { name: 'retro.jpg', type: 'image/jpeg', bytes: jpegBytes() },
      editorToken,
    );
    expect(own.statusCode).toBe(200);
    const listed = await api(test.app, { url: `/api/employees/${employee.id}/documents`, token: editorToken });
    expect(listed.json().data.documents).toHaveLength(3);
  });

  it('answers 404 for another shop’s employee’s documents and for a document of someone else', async () => {
    const { employee } = await createdEmployee({ shopId: shop.NA01, shopIds: [shop.NA01] });
    const document = (
      await upload(employee.id, 'identityFront', { name: 'a.jpg', type: 'image/jpeg', bytes: jpegBytes() })
    ).json().data;
    const outsider = await createUserWithAbilities(
      test.db,
      ['employees.view', 'employees.manage.edit', 'employees.manage.uploadManagementDocument'],
      { shops: ['MI01'] },
    );
    const token = await signIn(test.app, outsider.username);
    const responses = [
      await api(test.app, { url: `/api/employees/${employee.id}/documents`, token }),
      await api(test.app, { url: `/api/employees/${employee.id}/documents/${document.id}/file`, token }),
      await api(test.app, { method: 'DELETE', url: `/api/employees/${employee.id}/documents/${document.id}`, token }),
      await upload(employee.id, 'management', { name: 'x.pdf', type: 'application/pdf', bytes: pdfBytes() }, token),
    ];
    for (const response of responses) expect(response.statusCode, response.body).toBe(404);
    const other = await createUser(test.db, { shops: ['MI01'] });
    const mismatch = await api(test.app, {
      url: `/api/employees/${other.id}/documents/${document.id}/file`,
      token: adminToken,
    });
    expect(mismatch.statusCode).toBe(404);
  });

  it('refuses a user without employees.view the list of documents with 403', async () => {
    const { employee } = await createdEmployee();
    const user = await createUserWithAbilities(test.db, ['employees.manage.list']);
    const response = await api(test.app, {
      url: `/api/employees/${employee.id}/documents`,
      token: await signIn(test.app, user.username),
    });
    expect(response.statusCode).toBe(403);
  });
});

describe('GET /api/employees/:id/history', () => {
  it('reads back the audit entries of the employee, newest first, with the actor', async () => {
    const { employee } = await createdEmployee();
    await setType(employee.id, { employeeType: 'EX' });
    const response = await api(test.app, { url: `/api/employees/${employee.id}/history`, token: adminToken });
    expect(response.statusCode).toBe(200);
    const { data, meta } = response.json();
    expect(meta.total).toBe(2);
    expect(data.map((entry: { action: string }) => entry.action)).toEqual(['employee.typeChanged', 'employee.created']);
    expect(data[0]).toMatchObject({ actor: 'Alessandra Ferri', fromState: 'OK', toState: 'EX' });
  });
});

it('every ability named by the routes is in the catalog', () => {
  const named = test.app.routeRegistry.filter((route) => route.url.startsWith('/api/employees'));
  expect(named.length).toBeGreaterThan(10);
  for (const route of named) {
    const abilities = accessAbilities(route.access ?? 'public');
    expect(abilities.length, route.url).toBeGreaterThan(0);
    for (const ability of abilities) expect(allAbilities).toContain(ability);
  }
});
