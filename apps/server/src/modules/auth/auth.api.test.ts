import { allAbilities } from '@bottega/contracts/permissions';
import { and, desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, chooseShop, createTestApp, findShopId, findUserId, signIn, type TestApp } from '../../../test/harness';
import { auditLog } from '../../platform/audit.schema';
import { hashToken } from '../../platform/crypto';
import { invalidateSessions } from '../../platform/session-cache';
import { sessions } from '../../platform/sessions.schema';
import { defaultGroupAbilities } from '../../seed';
import { shops } from '../shops/shops.schema';
import { userGroups } from '../user-groups/user-groups.schema';

let test: TestApp;
beforeAll(async () => {
  test = await createTestApp();
});
afterAll(() => test?.close());

const login = (body: Record<string, unknown>, lng?: string) =>
  api(test.app, { method: 'POST', url: '/api/auth/login', body, lng });

async function sessionOfToken(token: string) {
  const [session] = await test.db
    .select()
    .from(sessions)
    .where(eq(sessions.tokenHash, hashToken(token)));
  if (!session) throw new Error('no session stored for this token');
  return session;
}

async function auditRows(action: string) {
  return test.db.select().from(auditLog).where(eq(auditLog.action, action)).orderBy(desc(auditLog.id));
}

describe('sign-in', () => {
  it('answers a token, its expiry, the registration flag and the selectable shops', async () => {
    const response = await login({ login: 'dipendente', password: 'bottega2026' });
    expect(response.statusCode).toBe(200);
    const { data } = response.json();
    expect(Object.keys(data).sort()).toEqual(['expiresAt', 'registration', 'shops', 'step', 'token']);
    expect(data.token).toMatch(/^[\w-]{43}$/);
    expect(new Date(data.expiresAt).toISOString()).toBe(data.expiresAt);
    expect(data.registration).toBe(false);
    expect(data.shops).toEqual([
      {
        id: await findShopId(test.db, 'MI01'),
        name: 'Milano Duomo',
        code: 'MI01',
        city: 'Milano',
        companyName: 'Bottega Moda S.r.l.',
      },
      {
        id: await findShopId(test.db, 'MI02'),
        name: 'Milano Navigli',
        code: 'MI02',
        city: 'Milano',
        companyName: 'Bottega Moda S.r.l.',
      },
    ]);
  });

  it('accepts the username or the email in any case', async () => {
    for (const name of ['DIPENDENTE', 'dipendente@bottega.example', 'Dipendente@Bottega.Example', '  dipendente  ']) {
      const response = await login({ login: name, password: 'bottega2026' });
      expect(response.statusCode, name).toBe(200);
      const session = await sessionOfToken(response.json().data.token);
      expect(session.userId).toBe(await findUserId(test.db, 'dipendente'));
    }
  });

  it('refuses a wrong password with invalidCredentials in Italian, or in English when asked', async () => {
    const italian = await login({ login: 'dipendente', password: 'wrong password' });
    expect(italian.statusCode).toBe(401);
    expect(italian.json()).toEqual({
      code: 'invalidCredentials',
      message: 'Le credenziali non corrispondono ai nostri archivi.',
    });
    const english = await login({ login: 'dipendente', password: 'wrong password' }, 'en');
    expect(english.statusCode).toBe(401);
    expect(english.json()).toEqual({
      code: 'invalidCredentials',
      message: 'These credentials do not match our records.',
    });
  });

  it('refuses an unknown user exactly like a wrong password', async () => {
    const response = await login({ login: 'nobody@bottega.example', password: 'bottega2026' });
    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual({
      code: 'invalidCredentials',
      message: 'Le credenziali non corrispondono ai nostri archivi.',
    });
  });

  it('writes failed and successful sign-ins to the audit log', async () => {
    const userId = await findUserId(test.db, 'ticket');
    await login({ login: 'ticket', password: 'wrong password' });
    await login({ login: 'ghost-user', password: 'bottega2026' });
    const response = await login({ login: 'ticket', password: 'bottega2026', remember: true });
    const session = await sessionOfToken(response.json().data.token);

    const failures = await auditRows('auth.signInFailed');
    expect(failures).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ actorId: null, entity: 'user', entityId: String(userId), data: {} }),
        // What was typed is not kept when it matches nobody: it may be a password in the wrong box.
        expect.objectContaining({ actorId: null, entity: 'user', entityId: null, data: { unknownLogin: true } }),
      ]),
    );
    const [signedIn] = await test.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'auth.signedIn'), eq(auditLog.entityId, session.id)));
    expect(signedIn).toMatchObject({ actorId: userId, entity: 'session', toState: 'active', data: { remember: true } });
    expect(signedIn?.at).toBeInstanceOf(Date);
  });

  it('keeps a remembered session for days and another one for hours', async () => {
    const started = Date.now();
    const short = (await login({ login: 'developer', password: 'bottega2026' })).json().data;
    const long = (await login({ login: 'developer', password: 'bottega2026', remember: true })).json().data;
    const hours = (new Date(short.expiresAt).getTime() - started) / 3_600_000;
    const days = (new Date(long.expiresAt).getTime() - started) / 86_400_000;
    expect(hours).toBeGreaterThan(11.9);
    expect(hours).toBeLessThan(12.1);
    expect(days).toBeGreaterThan(29.9);
    expect(days).toBeLessThan(30.1);
    expect((await sessionOfToken(long.token)).remember).toBe(true);
    expect((await sessionOfToken(short.token)).remember).toBe(false);
  });

  it('stores only the SHA-256 of the token', async () => {
    const token = await signIn(test.app, 'boss');
    const session = await sessionOfToken(token);
    expect(session.tokenHash).not.toBe(token);
    expect(session.tokenHash).toBe(hashToken(token));
    expect(session.tokenHash).toMatch(/^[0-9a-f]{64}$/);
    const stored = await test.db.select().from(sessions);
    expect(stored.some((row) => Object.values(row).includes(token))).toBe(false);
  });
});

describe('sessions', () => {
  it('refuses an expired session with sessionExpired', async () => {
    const token = await signIn(test.app, 'noshifts');
    expect((await api(test.app, { url: '/api/auth/user', token })).statusCode).toBe(200);
    await test.db
      .update(sessions)
      .set({ expiresAt: new Date(Date.now() - 60_000) })
      .where(eq(sessions.tokenHash, hashToken(token)));
    await invalidateSessions(test.db, { all: true }); // written behind the services' back
    const response = await api(test.app, { url: '/api/auth/user', token });
    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual({ code: 'sessionExpired', message: 'La sessione è scaduta: accedi di nuovo.' });
  });

  it('refuses a call without a token or with an unknown one', async () => {
    for (const token of [undefined, 'not-a-token']) {
      const response = await api(test.app, { url: '/api/auth/user', token });
      expect(response.statusCode).toBe(401);
      expect(response.json().code).toBe('unauthenticated');
    }
  });

  it('signs out: the token stops working and the session is revoked', async () => {
    const token = await signIn(test.app, 'contabilita');
    const response = await api(test.app, { url: '/api/auth/logout', token });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ data: { ok: true } });
    expect((await sessionOfToken(token)).revokedAt).toBeInstanceOf(Date);
    const after = await api(test.app, { url: '/api/auth/user', token });
    expect(after.statusCode).toBe(401);
    expect(after.json().code).toBe('unauthenticated');
  });

  it('signing out one session leaves the user’s other sessions working', async () => {
    const first = await signIn(test.app, 'areacontrollo');
    const second = await signIn(test.app, 'areacontrollo');
    await api(test.app, { url: '/api/auth/logout', token: first });
    expect((await api(test.app, { url: '/api/auth/user', token: second })).statusCode).toBe(200);
  });
});

describe('GET /api/auth/user', () => {
  it('describes the signed-in user and the chosen shop', async () => {
    const token = await signIn(test.app, 'dipendente');
    const before = await api(test.app, { url: '/api/auth/user', token });
    expect(before.json().data.shop).toBeNull();

    await chooseShop(test.app, token, 'MI01');
    const response = await api(test.app, { url: '/api/auth/user', token });
    expect(response.statusCode).toBe(200);
    const [group] = await test.db.select().from(userGroups).where(eq(userGroups.name, 'Dipendente'));
    expect(response.json()).toEqual({
      data: {
        id: await findUserId(test.db, 'dipendente'),
        name: 'Marco Rossi',
        avatar: null,
        can: [...defaultGroupAbilities.Dipendente].sort(),
        userGroup: [{ id: group?.id, name: 'Dipendente' }],
        lng: 'it',
        shop: {
          id: await findShopId(test.db, 'MI01'),
          name: 'Milano Duomo',
          code: 'MI01',
          city: 'Milano',
          companyName: 'Bottega Moda S.r.l.',
        },
      },
    });
  });

  it('gives the administrator (group id 1) and BOSS every ability, sorted', async () => {
    for (const [username, groupName] of [
      ['admin', 'Amministratore'],
      ['boss', 'BOSS'],
    ] as const) {
      const token = await signIn(test.app, username);
      const { data } = (await api(test.app, { url: '/api/auth/user', token })).json();
      expect(data.can).toEqual([...allAbilities].sort());
      expect(data.userGroup).toEqual([{ id: expect.any(Number), name: groupName }]);
      if (username === 'admin') expect(data.userGroup[0].id).toBe(1);
    }
  });

  it('gives other users only their groups’ abilities', async () => {
    const token = await signIn(test.app, 'exdipendente');
    const { data } = (await api(test.app, { url: '/api/auth/user', token })).json();
    expect(data.can).toEqual(['employees.payslips.downloadOwn', 'taxCertificates.view']);
    expect(data.userGroup).toEqual([{ id: expect.any(Number), name: 'Ex Dipendente' }]);
  });
});

describe('shop choice', () => {
  it('lists only the user’s own shops', async () => {
    const token = await signIn(test.app, 'dipendente');
    const response = await api(test.app, { url: '/api/auth/shops', token });
    expect(response.statusCode).toBe(200);
    expect(response.json().data.map((shop: { code: string }) => shop.code)).toEqual(['MI01', 'MI02']);
  });

  it('lists every open shop to the administrator', async () => {
    const token = await signIn(test.app, 'admin');
    const codes = async () =>
      (await api(test.app, { url: '/api/auth/shops', token })).json().data.map((shop: { code: string }) => shop.code);
    expect((await codes()).sort()).toEqual(['MI01', 'MI02', 'NA01', 'RM01', 'RM02', 'TO01']);
    await test.db.update(shops).set({ closed: true }).where(eq(shops.code, 'NA01'));
    try {
      expect((await codes()).sort()).toEqual(['MI01', 'MI02', 'RM01', 'RM02', 'TO01']);
    } finally {
      await test.db.update(shops).set({ closed: false }).where(eq(shops.code, 'NA01'));
    }
  });

  it('refuses a shop that is not the user’s with shopNotAllowed, and keeps the previous choice', async () => {
    const token = await signIn(test.app, 'dipendente');
    await chooseShop(test.app, token, 'MI02');
    const response = await api(test.app, {
      method: 'POST',
      url: '/api/auth/shop',
      token,
      body: { shopId: await findShopId(test.db, 'TO01') },
    });
    expect(response.statusCode).toBe(403);
    expect(response.json()).toEqual({ code: 'shopNotAllowed', message: 'Non puoi lavorare in questo negozio.' });
    expect((await sessionOfToken(token)).shopId).toBe(await findShopId(test.db, 'MI02'));
  });

  it('writes the choice to the audit log', async () => {
    const token = await signIn(test.app, 'dipendente');
    const session = await sessionOfToken(token);
    await chooseShop(test.app, token, 'MI01');
    await chooseShop(test.app, token, 'MI02');
    const rows = (await auditRows('auth.shopChosen')).filter((row) => row.entityId === session.id);
    expect(rows.map((row) => [row.fromState, row.toState])).toEqual([
      [String(await findShopId(test.db, 'MI01')), String(await findShopId(test.db, 'MI02'))],
      [null, String(await findShopId(test.db, 'MI01'))],
    ]);
  });
});
