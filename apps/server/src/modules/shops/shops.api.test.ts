import type { Ability } from '@bottega/contracts/permissions';
import type { ShopBody } from '@bottega/contracts/shops';
import { and, asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  api,
  chooseShop,
  createTestApp,
  createUser,
  createUserWithAbilities,
  findShopId,
  findUserId,
  signIn,
  type TestApp,
  testAppKey,
} from '../../../test/harness';
import { auditLog } from '../../platform/audit.schema';
import { decryptSecret } from '../../platform/crypto';
import { companies } from '../companies/companies.schema';
import { shopClosureDays, shops, shopWorkingHours, userShops } from './shops.schema';

let test: TestApp;
let adminToken: string;
let adminId: number;
let modaId: number;
let casaId: number;
beforeAll(async () => {
  test = await createTestApp();
  adminToken = await signIn(test.app, 'admin');
  adminId = await findUserId(test.db, 'admin');
  const rows = await test.db.select().from(companies);
  modaId = rows.find((row) => row.companyCode === 'BMODA')?.id as number;
  casaId = rows.find((row) => row.companyCode === 'BCASA')?.id as number;
});
afterAll(() => test?.close());

let codeSequence = 0;
/** Every field of spec §3 Shop, valid; `overrides` change some. */
function shopBody(overrides: Partial<ShopBody> = {}): ShopBody {
  codeSequence += 1;
  return {
    name: `Bergamo Città Alta ${codeSequence}`,
    code: `bg${String(codeSequence).padStart(2, '0')}`,
    companyId: modaId,
    address: 'Via Gombito 7',
    country: 'IT',
    province: 'bg',
    city: 'Bergamo',
    cap: '24129',
    phone: '+39 035 123 4567',
    email: 'bergamo@bottega.example',
    fiscalPrinterIp: '192.168.40.20',
    routerIp: '192.168.40.1',
    routerUsername: 'bottega-bg01',
    routerPassword: 'R0uter segreto!',
    accountNumber: '000055512345',
    merchantCode: '4570099001',
    closed: false,
    closedOn: null,
    section: 'Nord',
    isRanked: true,
    hasRankingPortal: true,
    rankingPortal: 'retailRanking',
    ...overrides,
  };
}

const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, body?: unknown, token = adminToken) =>
  api(test.app, { method, url, token, body });

async function createShop(overrides: Partial<ShopBody> = {}) {
  const response = await call('POST', '/api/shops', shopBody(overrides));
  expect(response.statusCode, response.body).toBe(201);
  return response.json().data as { id: number; code: string; name: string };
}

function auditOf(shopId: number) {
  return test.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.entity, 'shop'), eq(auditLog.entityId, String(shopId))))
    .orderBy(asc(auditLog.id));
}

async function tokenWith(abilities: readonly Ability[], shopCodes: string[] = []) {
  const user = await createUserWithAbilities(test.db, abilities, { shops: shopCodes });
  return signIn(test.app, user.username);
}

const codesOf = (response: { json: () => { data: { code: string }[] } }) =>
  response.json().data.map((shop) => shop.code);

describe('GET /api/shops', () => {
  it('lists the open shops by name with their company, section and contacts', async () => {
    const response = await call('GET', '/api/shops');
    expect(response.statusCode).toBe(200);
    const { data, meta } = response.json();
    expect(meta).toMatchObject({ page: 1, perPage: 25 });
    expect(data.slice(0, 6).map((shop: { code: string }) => shop.code)).toEqual([
      'MI01',
      'MI02',
      'NA01',
      'RM02',
      'RM01',
      'TO01',
    ]);
    expect(data[0]).toEqual({
      id: expect.any(Number),
      code: 'MI01',
      name: 'Milano Duomo',
      companyId: modaId,
      companyName: 'Bottega Moda S.r.l.',
      section: 'Nord',
      address: 'Via Torino 21',
      city: 'Milano',
      province: 'MI',
      phone: '+39 02 8645 2210',
      closed: false,
      closedOn: null,
    });
  });

  it('filters by company and section, searches name, code and city, and pages on the server', async () => {
    expect(codesOf(await call('GET', `/api/shops?companyId=${casaId}`))).toEqual(['NA01', 'RM02', 'RM01']);
    expect(codesOf(await call('GET', '/api/shops?section=Centro'))).toEqual(['RM02', 'RM01']);
    expect(codesOf(await call('GET', `/api/shops?section=Nord&companyId=${casaId}`))).toEqual([]);
    expect(codesOf(await call('GET', '/api/shops?search=navigli'))).toEqual(['MI02']);
    expect(codesOf(await call('GET', '/api/shops?search=rm0'))).toEqual(['RM02', 'RM01']);
    expect(codesOf(await call('GET', '/api/shops?search=TORINO'))).toEqual(['TO01']);
    expect(codesOf(await call('GET', '/api/shops?search=%25'))).toEqual([]);
    const page = await call('GET', `/api/shops?companyId=${modaId}&perPage=2&page=2`);
    expect(page.json().meta).toEqual({ page: 2, perPage: 2, total: 3 });
    expect(codesOf(page)).toEqual(['TO01']);
  });

  it('shows closed shops only to users with shops.manage.viewClosed, and only when asked', async () => {
    const closed = await createShop({ name: 'Aaa Chiuso', closed: true, closedOn: '2025-06-30' });
    expect(codesOf(await call('GET', '/api/shops?search=Aaa'))).toEqual([]);
    expect(codesOf(await call('GET', '/api/shops?search=Aaa&status=closed'))).toEqual([closed.code]);
    expect(codesOf(await call('GET', '/api/shops?search=Aaa&status=all'))).toEqual([closed.code]);
    expect(
      (await call('GET', '/api/shops?status=closed')).json().data.every((shop: { closed: boolean }) => shop.closed),
    ).toBe(true);

    const withoutViewClosed = await tokenWith(['shops.manage.list', 'shops.manage.view', 'shops.manage.viewAllList']);
    for (const status of ['open', 'closed', 'all']) {
      const response = await call('GET', `/api/shops?search=Aaa&status=${status}`, undefined, withoutViewClosed);
      expect(response.statusCode).toBe(200);
      expect(codesOf(response), status).toEqual([]);
    }
    const record = await call('GET', `/api/shops/${closed.id}`, undefined, withoutViewClosed);
    expect(record.statusCode).toBe(404);
    expect(record.json().code).toBe('notFound');

    const withViewClosed = await tokenWith([
      'shops.manage.list',
      'shops.manage.view',
      'shops.manage.viewAllList',
      'shops.manage.viewClosed',
    ]);
    expect(codesOf(await call('GET', '/api/shops?search=Aaa&status=closed', undefined, withViewClosed))).toEqual([
      closed.code,
    ]);
    expect((await call('GET', `/api/shops/${closed.id}`, undefined, withViewClosed)).statusCode).toBe(200);
  });

  it('limits a user without shops.manage.viewAllList to their shops; any other shop answers 404', async () => {
    const token = await signIn(test.app, 'areacontrollo');
    expect(codesOf(await call('GET', '/api/shops', undefined, token))).toEqual(['MI01', 'MI02', 'TO01']);
    expect(codesOf(await call('GET', '/api/shops?search=roma', undefined, token))).toEqual([]);
    expect((await call('GET', '/api/shops/options', undefined, token)).json().data.sections).toEqual(['Nord']);

    const own = await findShopId(test.db, 'MI02');
    const other = await findShopId(test.db, 'NA01');
    expect((await call('GET', `/api/shops/${own}`, undefined, token)).statusCode).toBe(200);
    expect((await call('GET', `/api/shops/${own}/working-hours`, undefined, token)).statusCode).toBe(200);
    for (const url of [`/api/shops/${other}`, `/api/shops/${other}/working-hours`, `/api/shops/${other}/closures`]) {
      const response = await call('GET', url, undefined, token);
      expect(response.statusCode, url).toBe(404);
      expect(response.json().code).toBe('notFound');
    }
    const editor = await tokenWith(['shops.manage.edit', 'shops.manage.workingHours'], ['MI01']);
    const nearly = shopBody();
    for (const [method, url, body] of [
      ['PUT', `/api/shops/${other}`, nearly],
      ['PUT', `/api/shops/${other}/closed`, { closed: true, closedOn: '2026-01-31' }],
      ['PUT', `/api/shops/${other}/working-hours`, { days: [] }],
      ['POST', `/api/shops/${other}/closure-days`, { from: '2026-08-15', reason: 'Ferragosto' }],
      ['POST', `/api/shops/${other}/router-password/reveal`, undefined],
    ] as const) {
      const response = await call(method, url, body, editor);
      expect(response.statusCode, `${method} ${url}`).toBe(404);
    }
    const [unchanged] = await test.db.select().from(shops).where(eq(shops.id, other));
    expect(unchanged?.closed).toBe(false);
  });
});

describe('GET /api/shops/options', () => {
  it('answers the companies and the sections in use', async () => {
    const response = await call('GET', '/api/shops/options');
    expect(response.statusCode).toBe(200);
    const { data } = response.json();
    expect(data.companies).toEqual(
      expect.arrayContaining([{ id: modaId, name: 'Bottega Moda S.r.l.', companyCode: 'BMODA' }]),
    );
    expect(data.sections).toEqual(expect.arrayContaining(['Centro', 'Nord', 'Sud']));
  });
});

describe('POST /api/shops', () => {
  it('creates a shop with every field of spec §3, the router password encrypted at rest, and audits it', async () => {
    const body = shopBody({ shiftGraceMinutes: 10 });
    const response = await call('POST', '/api/shops', body);
    expect(response.statusCode, response.body).toBe(201);
    const { data } = response.json();
    expect(data).toEqual({
      id: expect.any(Number),
      code: body.code?.toUpperCase(),
      name: body.name,
      companyId: modaId,
      companyName: 'Bottega Moda S.r.l.',
      address: 'Via Gombito 7',
      country: 'IT',
      province: 'BG',
      city: 'Bergamo',
      cap: '24129',
      phone: '+39 035 123 4567',
      email: 'bergamo@bottega.example',
      fiscalPrinterIp: '192.168.40.20',
      routerIp: '192.168.40.1',
      routerUsername: 'bottega-bg01',
      routerPasswordSet: true,
      accountNumber: '000055512345',
      merchantCode: '4570099001',
      closed: false,
      closedOn: null,
      section: 'Nord',
      isRanked: true,
      hasRankingPortal: true,
      rankingPortal: 'retailRanking',
      shiftGraceMinutes: 10,
      createdAt: expect.any(String),
      updatedAt: expect.any(String),
    });
    expect(response.body).not.toContain('R0uter segreto!');

    const [row] = await test.db.select().from(shops).where(eq(shops.id, data.id));
    const sealed = row?.routerPasswordEncrypted as string;
    expect(sealed).toBeTruthy();
    expect(sealed).not.toContain('R0uter segreto!');
    expect(decryptSecret(testAppKey, sealed)).toBe('R0uter segreto!');

    // Neither the list nor the record ever carry the password, in clear or sealed.
    for (const url of ['/api/shops?status=all&perPage=100', `/api/shops/${data.id}`]) {
      const answer = await call('GET', url);
      expect(answer.body, url).not.toContain('R0uter segreto!');
      expect(answer.body, url).not.toContain(sealed);
      expect(answer.body, url).not.toMatch(/routerPassword"/);
    }

    const audit = await auditOf(data.id);
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({ actorId: adminId, action: 'shop.created', toState: 'open' });
    expect(audit[0]?.data).toMatchObject({ values: { code: body.code?.toUpperCase(), routerPassword: 'set' } });
    expect(JSON.stringify(audit[0]?.data)).not.toContain('R0uter segreto!');
  });

  it('creates a shop with only the required fields', async () => {
    const response = await call('POST', '/api/shops', {
      name: 'Minimo',
      code: 'MIN1',
      companyId: casaId,
      address: 'Via Roma 1',
      province: 'PA',
      city: 'Palermo',
      cap: '90133',
      phone: '',
      email: '',
      fiscalPrinterIp: '',
      routerIp: '',
      routerUsername: '',
      accountNumber: '',
      merchantCode: '',
      section: '',
    });
    expect(response.statusCode, response.body).toBe(201);
    expect(response.json().data).toMatchObject({
      country: 'IT',
      routerPasswordSet: false,
      fiscalPrinterIp: '',
      closed: false,
      hasRankingPortal: false,
      rankingPortal: null,
      // The time clock's default grace (issue 20).
      shiftGraceMinutes: 5,
    });
  });

  it('checks every field: CAP, province, phone, email, IP addresses, closing day, portal, company and code', async () => {
    const response = await call(
      'POST',
      '/api/shops',
      shopBody({
        code: 'MI01',
        companyId: 999_999,
        cap: '2412',
        province: 'Bergamo',
        phone: 'chiamare',
        email: 'non-una-mail',
        fiscalPrinterIp: '192.168.1.300',
        routerIp: 'router.local',
        closed: true,
        closedOn: null,
        hasRankingPortal: true,
        rankingPortal: null,
      }),
    );
    expect(response.statusCode).toBe(422);
    expect(response.json().errors).toEqual({
      cap: ['Il CAP deve avere 5 cifre.'],
      province: ['Inserisci al massimo 2 caratteri.'],
      phone: ['Numero di telefono non valido.'],
      email: ['Inserisci un indirizzo email valido.'],
      fiscalPrinterIp: ['Indirizzo IP non valido.'],
      routerIp: ['Indirizzo IP non valido.'],
      closedOn: ['Campo obbligatorio.'],
      rankingPortal: ['Campo obbligatorio.'],
    });

    const references = await call('POST', '/api/shops', shopBody({ code: 'mi01', companyId: 999_999 }));
    expect(references.statusCode).toBe(422);
    expect(references.json().errors).toEqual({
      code: ['Questo valore è già in uso.'],
      companyId: ['Valore non valido.'],
    });

    const province = await call('POST', '/api/shops', shopBody({ province: '' }));
    expect(province.json().errors).toEqual({ province: ['Campo obbligatorio.'] });
    const wrongProvince = await call('POST', '/api/shops', shopBody({ province: '1A' }));
    expect(wrongProvince.json().errors).toEqual({
      province: ['Indica la sigla della provincia, di due lettere (es. MI).'],
    });
  });

  it('takes a foreign postal code outside the CAP countries', async () => {
    const response = await call(
      'POST',
      '/api/shops',
      shopBody({ country: 'CH', province: '', cap: '6900', city: 'Lugano', address: 'Via Nassa 5' }),
    );
    expect(response.statusCode, response.body).toBe(201);
    expect(response.json().data).toMatchObject({ country: 'CH', cap: '6900', province: '' });
  });
});

describe('PUT /api/shops/:id', () => {
  it('changes every field and audits what changed, never the password itself', async () => {
    const shop = await createShop();
    const body = shopBody({
      name: 'Bergamo Bassa',
      code: 'BGX9',
      companyId: casaId,
      address: 'Viale Papa Giovanni XXIII 57',
      country: 'IT',
      province: 'BG',
      city: 'Bergamo',
      cap: '24121',
      phone: '+39 035 765 4321',
      email: 'bergamo.bassa@bottega.example',
      fiscalPrinterIp: '10.0.40.20',
      routerIp: 'fe80::1',
      routerUsername: 'admin-bg',
      routerPassword: undefined,
      accountNumber: '000055599999',
      merchantCode: '4570099002',
      section: 'Nord-Est',
      isRanked: false,
      hasRankingPortal: false,
      rankingPortal: 'retailRanking',
      shiftGraceMinutes: 12,
    });
    const [before] = await test.db.select().from(shops).where(eq(shops.id, shop.id));
    const response = await call('PUT', `/api/shops/${shop.id}`, body);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().data).toMatchObject({
      name: 'Bergamo Bassa',
      code: 'BGX9',
      companyId: casaId,
      companyName: 'Bottega Casa S.p.A.',
      address: 'Viale Papa Giovanni XXIII 57',
      cap: '24121',
      phone: '+39 035 765 4321',
      email: 'bergamo.bassa@bottega.example',
      fiscalPrinterIp: '10.0.40.20',
      routerIp: 'fe80::1',
      routerUsername: 'admin-bg',
      routerPasswordSet: true,
      accountNumber: '000055599999',
      merchantCode: '4570099002',
      section: 'Nord-Est',
      isRanked: false,
      hasRankingPortal: false,
      // The portal goes with the flag.
      rankingPortal: null,
      shiftGraceMinutes: 12,
    });
    // Left out, the router password stays exactly as it was.
    const [after] = await test.db.select().from(shops).where(eq(shops.id, shop.id));
    expect(after?.routerPasswordEncrypted).toBe(before?.routerPasswordEncrypted);

    const audit = await auditOf(shop.id);
    expect(audit.map((row) => row.action)).toEqual(['shop.created', 'shop.updated']);
    const changes = (audit[1]?.data as { changes: Record<string, unknown> } | undefined)?.changes ?? {};
    expect(Object.keys(changes).sort()).toEqual(
      [
        'accountNumber',
        'address',
        'cap',
        'code',
        'companyId',
        'email',
        'fiscalPrinterIp',
        'hasRankingPortal',
        'isRanked',
        'merchantCode',
        'name',
        'phone',
        'rankingPortal',
        'routerIp',
        'routerUsername',
        'section',
        'shiftGraceMinutes',
      ].sort(),
    );
    expect(changes.name).toEqual({ from: shop.name, to: 'Bergamo Bassa' });
    expect(changes.shiftGraceMinutes).toEqual({ from: 5, to: 12 });

    // The same values again: nothing changes, nothing is written.
    await call('PUT', `/api/shops/${shop.id}`, body);
    expect(await auditOf(shop.id)).toHaveLength(2);
  });

  it('takes a shift grace of 0 to 120 whole minutes, and keeps the shop’s own when it is left out', async () => {
    const shop = await createShop();
    const body = shopBody({ code: shop.code, name: shop.name, routerPassword: undefined });
    for (const wrong of [-1, 121, 2.5, '10', null]) {
      const refused = await call('PUT', `/api/shops/${shop.id}`, { ...body, shiftGraceMinutes: wrong });
      expect(refused.statusCode, String(wrong)).toBe(422);
      expect(Object.keys(refused.json().errors)).toEqual(['shiftGraceMinutes']);
      expect(refused.json().errors.shiftGraceMinutes[0]).toEqual(expect.any(String));
    }
    for (const grace of [0, 120]) {
      const saved = await call('PUT', `/api/shops/${shop.id}`, { ...body, shiftGraceMinutes: grace });
      expect(saved.json().data.shiftGraceMinutes).toBe(grace);
    }
    const { shiftGraceMinutes: _leftOut, ...withoutGrace } = body;
    const kept = await call('PUT', `/api/shops/${shop.id}`, { ...withoutGrace, section: 'Altra' });
    expect(kept.statusCode, kept.body).toBe(200);
    expect(kept.json().data.shiftGraceMinutes).toBe(120);
    const [row] = await test.db.select().from(shops).where(eq(shops.id, shop.id));
    expect(row?.shiftGraceMinutes).toBe(120);
    const changes = (await auditOf(shop.id)).map(
      (entry) => (entry.data as { changes?: { shiftGraceMinutes?: unknown } }).changes?.shiftGraceMinutes,
    );
    expect(changes).toEqual([undefined, { from: 5, to: 0 }, { from: 0, to: 120 }, undefined]);
  });

  it('replaces the router password (encrypted again), keeps it when the same is sent, and clears it', async () => {
    const shop = await createShop();
    const body = shopBody({ code: shop.code, name: shop.name });

    const replaced = await call('PUT', `/api/shops/${shop.id}`, { ...body, routerPassword: 'Nuova-password-42' });
    expect(replaced.statusCode, replaced.body).toBe(200);
    expect(replaced.body).not.toContain('Nuova-password-42');
    const [row] = await test.db.select().from(shops).where(eq(shops.id, shop.id));
    expect(row?.routerPasswordEncrypted).not.toContain('Nuova-password-42');
    expect(decryptSecret(testAppKey, row?.routerPasswordEncrypted as string)).toBe('Nuova-password-42');

    await call('PUT', `/api/shops/${shop.id}`, { ...body, routerPassword: 'Nuova-password-42' });
    const [same] = await test.db.select().from(shops).where(eq(shops.id, shop.id));
    expect(same?.routerPasswordEncrypted).toBe(row?.routerPasswordEncrypted);

    const cleared = await call('PUT', `/api/shops/${shop.id}`, { ...body, routerPassword: null });
    expect(cleared.json().data.routerPasswordSet).toBe(false);
    const [gone] = await test.db.select().from(shops).where(eq(shops.id, shop.id));
    expect(gone?.routerPasswordEncrypted).toBeNull();

    const audit = await auditOf(shop.id);
    expect(
      audit.map((entry) => [
        entry.action,
        (entry.data as { changes?: { routerPassword?: unknown } }).changes?.routerPassword,
      ]),
    ).toEqual([
      ['shop.created', undefined],
      ['shop.updated', { from: 'set', to: 'replaced' }],
      ['shop.updated', { from: 'set', to: 'notSet' }],
    ]);
    expect(JSON.stringify(audit)).not.toContain('Nuova-password-42');
  });

  it('closes the shop from the form as a transition and reopens it', async () => {
    const shop = await createShop();
    const body = shopBody({ code: shop.code, name: shop.name });
    const closed = await call('PUT', `/api/shops/${shop.id}`, { ...body, closed: true, closedOn: '2026-03-31' });
    expect(closed.json().data).toMatchObject({ closed: true, closedOn: '2026-03-31' });
    const reopened = await call('PUT', `/api/shops/${shop.id}`, { ...body, closed: false, closedOn: '2026-03-31' });
    expect(reopened.json().data).toMatchObject({ closed: false, closedOn: null });
    const audit = await auditOf(shop.id);
    expect(audit.map((entry) => [entry.action, entry.fromState, entry.toState])).toEqual([
      ['shop.created', null, 'open'],
      ['shop.closed', 'open', 'closed'],
      ['shop.reopened', 'closed', 'open'],
    ]);
  });
});

describe('POST /api/shops/:id/router-password/reveal', () => {
  it('answers the password in clear to people who may change it, and records each reading', async () => {
    const shop = await createShop();
    const response = await call('POST', `/api/shops/${shop.id}/router-password/reveal`);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ data: { routerPassword: 'R0uter segreto!' } });
    expect((await auditOf(shop.id)).at(-1)).toMatchObject({ action: 'shop.routerPasswordRevealed', actorId: adminId });

    const viewer = await tokenWith(['shops.manage.view', 'shops.manage.viewAllList']);
    expect((await call('POST', `/api/shops/${shop.id}/router-password/reveal`, undefined, viewer)).statusCode).toBe(
      403,
    );
  });
});

describe('working hours', () => {
  it('answers the seeded week: Monday to Saturday with a split opening, Sunday closed', async () => {
    const id = await findShopId(test.db, 'RM01');
    const response = await call('GET', `/api/shops/${id}/working-hours`);
    expect(response.statusCode).toBe(200);
    const { days } = response.json().data;
    expect(days).toHaveLength(7);
    expect(days[0]).toEqual({
      weekday: 1,
      slots: [
        { opensAt: '09:00', closesAt: '13:00' },
        { opensAt: '15:30', closesAt: '19:30' },
      ],
    });
    expect(days[6]).toEqual({ weekday: 7, slots: [] });
  });

  it('refuses overlapping slots and a slot closing before it opens, saving nothing', async () => {
    const shop = await createShop();
    const overlap = await call('PUT', `/api/shops/${shop.id}/working-hours`, {
      days: [
        {
          weekday: 1,
          slots: [
            { opensAt: '09:00', closesAt: '13:00' },
            { opensAt: '12:30', closesAt: '19:00' },
          ],
        },
        { weekday: 2, slots: [{ opensAt: '15:00', closesAt: '09:00' }] },
      ],
    });
    expect(overlap.statusCode).toBe(422);
    expect(overlap.json().errors).toEqual({
      'days.0.slots.1.opensAt': ["Questa fascia si sovrappone a un'altra dello stesso giorno."],
      'days.1.slots.0.closesAt': ["L'orario di chiusura deve essere dopo quello di apertura."],
    });
    const twice = await call('PUT', `/api/shops/${shop.id}/working-hours`, {
      days: [
        { weekday: 3, slots: [] },
        { weekday: 3, slots: [] },
      ],
    });
    expect(twice.json().errors).toEqual({ 'days.1.weekday': ['Questo valore è già in uso.'] });
    const malformed = await call('PUT', `/api/shops/${shop.id}/working-hours`, {
      days: [{ weekday: 8, slots: [{ opensAt: '9:00', closesAt: '25:00' }] }],
    });
    expect(Object.keys(malformed.json().errors).sort()).toEqual([
      'days.0.slots.0.closesAt',
      'days.0.slots.0.opensAt',
      'days.0.weekday',
    ]);
    expect(await test.db.select().from(shopWorkingHours).where(eq(shopWorkingHours.shopId, shop.id))).toEqual([]);
  });

  it('saves a split opening (slots in any order, touching allowed) and audits what changed per day', async () => {
    const shop = await createShop();
    const response = await call('PUT', `/api/shops/${shop.id}/working-hours`, {
      days: [
        {
          weekday: 1,
          slots: [
            { opensAt: '15:30', closesAt: '19:30' },
            { opensAt: '09:00', closesAt: '13:00' },
          ],
        },
        {
          weekday: 6,
          slots: [
            { opensAt: '09:00', closesAt: '13:00' },
            { opensAt: '13:00', closesAt: '20:00' },
          ],
        },
      ],
    });
    expect(response.statusCode, response.body).toBe(200);
    const { days } = response.json().data;
    expect(days[0].slots).toEqual([
      { opensAt: '09:00', closesAt: '13:00' },
      { opensAt: '15:30', closesAt: '19:30' },
    ]);
    expect(days[1].slots).toEqual([]);
    expect((await call('GET', `/api/shops/${shop.id}/working-hours`)).json().data).toEqual({ days });
    const rows = await test.db.select().from(shopWorkingHours).where(eq(shopWorkingHours.shopId, shop.id));
    expect(rows).toHaveLength(4);

    const audit = await auditOf(shop.id);
    expect(audit.at(-1)).toMatchObject({
      action: 'shop.workingHoursUpdated',
      actorId: adminId,
      data: {
        changes: {
          1: { from: '', to: '09:00–13:00, 15:30–19:30' },
          6: { from: '', to: '09:00–13:00, 13:00–20:00' },
        },
      },
    });
    // The same week again is no change.
    await call('PUT', `/api/shops/${shop.id}/working-hours`, { days });
    expect(await auditOf(shop.id)).toHaveLength(audit.length);
  });

  it('needs shops.manage.workingHours', async () => {
    const token = await tokenWith(['shops.manage.view', 'shops.manage.edit', 'shops.manage.viewAllList']);
    const id = await findShopId(test.db, 'MI01');
    expect((await call('GET', `/api/shops/${id}/working-hours`, undefined, token)).statusCode).toBe(403);
    expect((await call('PUT', `/api/shops/${id}/working-hours`, { days: [] }, token)).statusCode).toBe(403);
  });
});

describe('closures', () => {
  it('adds closure days one at a time or as a range, changes a reason, removes a day, and audits each change', async () => {
    const shop = await createShop();
    const url = `/api/shops/${shop.id}/closure-days`;
    const single = await call('POST', url, { from: '2026-08-15', reason: 'Ferragosto' });
    expect(single.statusCode, single.body).toBe(200);
    expect(single.json().data).toEqual({
      closed: false,
      closedOn: null,
      days: [{ day: '2026-08-15', reason: 'Ferragosto' }],
    });
    const range = await call('POST', url, { from: '2026-08-14', to: '2026-08-17', reason: 'Ferie estive' });
    expect(range.json().data.days).toEqual([
      { day: '2026-08-14', reason: 'Ferie estive' },
      { day: '2026-08-15', reason: 'Ferie estive' },
      { day: '2026-08-16', reason: 'Ferie estive' },
      { day: '2026-08-17', reason: 'Ferie estive' },
    ]);
    const removed = await call('DELETE', `${url}/2026-08-16`);
    expect(removed.json().data.days.map((day: { day: string }) => day.day)).toEqual([
      '2026-08-14',
      '2026-08-15',
      '2026-08-17',
    ]);
    expect((await call('DELETE', `${url}/2026-08-16`)).statusCode).toBe(404);
    expect((await call('GET', `/api/shops/${shop.id}/closures`)).json().data.days).toHaveLength(3);

    const audit = await auditOf(shop.id);
    expect(audit.slice(1).map((entry) => [entry.action, entry.data])).toEqual([
      ['shop.closureDaysSet', { days: ['2026-08-15'], reason: 'Ferragosto', previousReasons: {} }],
      [
        'shop.closureDaysSet',
        {
          days: ['2026-08-14', '2026-08-15', '2026-08-16', '2026-08-17'],
          reason: 'Ferie estive',
          previousReasons: { '2026-08-15': 'Ferragosto' },
        },
      ],
      ['shop.closureDayRemoved', { day: '2026-08-16', reason: 'Ferie estive' }],
    ]);
  });

  it('refuses a range that ends before it starts or is too long, and a closure day without a reason', async () => {
    const shop = await createShop();
    const url = `/api/shops/${shop.id}/closure-days`;
    const backwards = await call('POST', url, { from: '2026-08-15', to: '2026-08-01', reason: 'Ferie' });
    expect(backwards.json().errors).toEqual({
      to: ['La data finale deve essere uguale o successiva a quella iniziale.'],
    });
    const long = await call('POST', url, { from: '2026-01-01', to: '2026-12-31', reason: 'Lavori' });
    expect(long.json().errors).toEqual({ to: ['Al massimo 92 giorni alla volta.'] });
    const noReason = await call('POST', url, { from: '2026-01-01', reason: ' ' });
    expect(noReason.json().errors).toEqual({ reason: ['Campo obbligatorio.'] });
    expect(await test.db.select().from(shopClosureDays).where(eq(shopClosureDays.shopId, shop.id))).toEqual([]);
  });

  it('closes a shop for good: it leaves the lists and the shop choice, and whoever works there chooses again', async () => {
    const shop = await createShop();
    const worker = await createUser(test.db, { shops: [shop.code] });
    const workerToken = await signIn(test.app, worker.username);
    await chooseShop(test.app, workerToken, shop.code);

    const missingDay = await call('PUT', `/api/shops/${shop.id}/closed`, { closed: true });
    expect(missingDay.statusCode).toBe(422);
    expect(missingDay.json().errors).toEqual({ closedOn: ['Campo obbligatorio.'] });

    const response = await call('PUT', `/api/shops/${shop.id}/closed`, { closed: true, closedOn: '2026-09-30' });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().data).toMatchObject({ closed: true, closedOn: '2026-09-30' });

    const me = (await api(test.app, { url: '/api/auth/user', token: workerToken })).json().data;
    expect(me.shop).toBeNull();
    const choice = (await api(test.app, { url: '/api/auth/shops', token: workerToken })).json().data;
    expect(choice).toEqual([]);
    expect(codesOf(await call('GET', `/api/shops?search=${shop.code}`))).toEqual([]);

    const moved = await call('PUT', `/api/shops/${shop.id}/closed`, { closed: true, closedOn: '2026-10-31' });
    expect(moved.json().data.closedOn).toBe('2026-10-31');
    const reopened = await call('PUT', `/api/shops/${shop.id}/closed`, { closed: false, closedOn: '2026-10-31' });
    expect(reopened.json().data).toMatchObject({ closed: false, closedOn: null });

    const audit = await auditOf(shop.id);
    expect(audit.slice(1).map((entry) => [entry.action, entry.fromState, entry.toState, entry.data])).toEqual([
      ['shop.closed', 'open', 'closed', { closedOn: { from: null, to: '2026-09-30' } }],
      ['shop.closingDayChanged', 'closed', 'closed', { closedOn: { from: '2026-09-30', to: '2026-10-31' } }],
      ['shop.reopened', 'closed', 'open', { closedOn: { from: '2026-10-31', to: null } }],
    ]);
  });
});

describe('DELETE /api/shops/:id', () => {
  it('refuses a shop people belong to, saying how many, and suggests closing it', async () => {
    const shop = await createShop();
    await createUser(test.db, { shops: [shop.code] });
    await createUser(test.db, { shops: [shop.code] });
    const response = await call('DELETE', `/api/shops/${shop.id}`);
    expect(response.statusCode).toBe(409);
    expect(response.json()).toEqual({
      code: 'shopHasPeople',
      message:
        'Al negozio appartengono ancora delle persone (2): spostale in un altro negozio, oppure chiudi il negozio invece di eliminarlo.',
    });
    const demo = await call('DELETE', `/api/shops/${await findShopId(test.db, 'MI02')}`);
    expect(demo.json().code).toBe('shopHasPeople');
  });

  it('refuses a shop someone has worked in, even once nobody belongs to it', async () => {
    const shop = await createShop();
    const worker = await createUser(test.db, { shops: [shop.code] });
    await chooseShop(test.app, await signIn(test.app, worker.username), shop.code);
    await call('PUT', `/api/shops/${shop.id}/closed`, { closed: true, closedOn: '2026-01-31' });
    await test.db.delete(userShops).where(eq(userShops.shopId, shop.id));

    const response = await call('DELETE', `/api/shops/${shop.id}`);
    expect(response.statusCode).toBe(409);
    expect(response.json().code).toBe('shopHasHistory');
    expect((await call('GET', `/api/shops/${shop.id}`)).statusCode).toBe(200);
  });

  it('deletes a shop created by mistake, with its hours and closure days, and audits it', async () => {
    const shop = await createShop();
    await call('POST', `/api/shops/${shop.id}/closure-days`, { from: '2026-12-24', reason: 'Vigilia' });
    await call('PUT', `/api/shops/${shop.id}/working-hours`, {
      days: [{ weekday: 1, slots: [{ opensAt: '09:00', closesAt: '13:00' }] }],
    });
    const response = await call('DELETE', `/api/shops/${shop.id}`);
    expect(response.statusCode, response.body).toBe(200);
    expect((await call('GET', `/api/shops/${shop.id}`)).statusCode).toBe(404);
    expect(await test.db.select().from(shopWorkingHours).where(eq(shopWorkingHours.shopId, shop.id))).toEqual([]);
    const audit = await auditOf(shop.id);
    expect(audit.at(-1)).toMatchObject({ action: 'shop.deleted', actorId: adminId, fromState: 'open' });
    expect(JSON.stringify(audit.at(-1)?.data)).not.toContain('R0uter segreto!');
  });
});
