import { and, asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, createTestApp, createUserWithAbilities, findUserId, signIn, type TestApp } from '../../../test/harness';
import { auditLog } from '../../platform/audit.schema';
import { shops } from '../shops/shops.schema';
import { companies } from './companies.schema';

let test: TestApp;
let adminToken: string;
let adminId: number;
beforeAll(async () => {
  test = await createTestApp();
  adminToken = await signIn(test.app, 'admin');
  adminId = await findUserId(test.db, 'admin');
});
afterAll(() => test?.close());

type Body = { name: string; companyCode: string; vatNumber: string };
const list = (query = '', token = adminToken) => api(test.app, { url: `/api/companies${query}`, token });
const create = (body: Partial<Body>) =>
  api(test.app, { method: 'POST', url: '/api/companies', token: adminToken, body });
const get = (id: number) => api(test.app, { url: `/api/companies/${id}`, token: adminToken });
const update = (id: number, body: Partial<Body>) =>
  api(test.app, { method: 'PUT', url: `/api/companies/${id}`, token: adminToken, body });
const remove = (id: number) => api(test.app, { method: 'DELETE', url: `/api/companies/${id}`, token: adminToken });

function auditOf(companyId: number) {
  return test.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.entity, 'company'), eq(auditLog.entityId, String(companyId))))
    .orderBy(asc(auditLog.id));
}

// A valid partita IVA, and the same with a wrong check digit (the arithmetic is proven in
// contracts/italian-identifiers.test.ts; here the API must apply it).
const validVat = '00743110157';
const wrongCheckDigit = '00743110150';
const otherValidVat = '12345678903';

describe('GET /api/companies', () => {
  it('lists the demo companies by name with their shop counts', async () => {
    const response = await list();
    expect(response.statusCode).toBe(200);
    const { data, meta } = response.json();
    expect(meta).toEqual({ page: 1, perPage: 25, total: 2 });
    expect(data).toEqual([
      {
        id: expect.any(Number),
        name: 'Bottega Casa S.p.A.',
        companyCode: 'BCASA',
        vatNumber: '10945670965',
        shopCount: 3,
      },
      {
        id: expect.any(Number),
        name: 'Bottega Moda S.r.l.',
        companyCode: 'BMODA',
        vatNumber: '08712340150',
        shopCount: 3,
      },
    ]);
  });

  it('searches the name, the company id and the VAT number, with % taken literally', async () => {
    expect((await list('?search=moda')).json().data.map((row: Body) => row.companyCode)).toEqual(['BMODA']);
    expect((await list('?search=bcas')).json().data.map((row: Body) => row.companyCode)).toEqual(['BCASA']);
    expect((await list('?search=1094567')).json().data.map((row: Body) => row.companyCode)).toEqual(['BCASA']);
    expect((await list('?search=%25')).json().meta.total).toBe(0);
  });

  it('pages', async () => {
    const { data, meta } = (await list('?page=2&perPage=1')).json();
    expect(meta).toEqual({ page: 2, perPage: 1, total: 2 });
    expect(data.map((row: Body) => row.companyCode)).toEqual(['BMODA']);
  });

  it('is refused without shops.companies.list', async () => {
    const user = await createUserWithAbilities(test.db, ['shops.companies.view']);
    const response = await list('', await signIn(test.app, user.username));
    expect(response.statusCode).toBe(403);
    expect(response.json().code).toBe('forbidden');
  });
});

describe('POST /api/companies', () => {
  it('creates a company with a valid partita IVA (spaces ignored, code in capitals) and audits it', async () => {
    const response = await create({
      name: '  Bottega Sport S.r.l. ',
      companyCode: 'bsport',
      vatNumber: '007 431 101 57',
    });
    expect(response.statusCode, response.body).toBe(201);
    const { data } = response.json();
    expect(data).toEqual({
      id: expect.any(Number),
      name: 'Bottega Sport S.r.l.',
      companyCode: 'BSPORT',
      vatNumber: validVat,
      shopCount: 0,
    });
    const audit = await auditOf(data.id);
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({
      actorId: adminId,
      action: 'company.created',
      toState: 'Bottega Sport S.r.l.',
      data: { values: { name: 'Bottega Sport S.r.l.', companyCode: 'BSPORT', vatNumber: validVat } },
    });
  });

  it('refuses a partita IVA whose check digit is wrong, and one that is not 11 digits, in the caller language', async () => {
    const wrongDigit = await create({ name: 'Errata', companyCode: 'ERR1', vatNumber: wrongCheckDigit });
    expect(wrongDigit.statusCode).toBe(422);
    expect(wrongDigit.json()).toEqual({
      code: 'validation',
      message: 'Alcuni dati non sono validi: correggi i campi evidenziati.',
      errors: { vatNumber: ['La cifra di controllo della partita IVA non è corretta.'] },
    });
    const short = await api(test.app, {
      method: 'POST',
      url: '/api/companies',
      token: adminToken,
      lng: 'en',
      body: { name: 'Errata', companyCode: 'ERR2', vatNumber: '1234567890' },
    });
    expect(short.statusCode).toBe(422);
    expect(short.json().errors).toEqual({ vatNumber: ['Invalid VAT number: 11 digits are needed.'] });
    expect(await test.db.select().from(companies).where(eq(companies.name, 'Errata'))).toEqual([]);
  });

  it('requires every field', async () => {
    const response = await create({});
    expect(response.statusCode).toBe(422);
    expect(Object.keys(response.json().errors).sort()).toEqual(['companyCode', 'name', 'vatNumber']);
  });

  it('refuses a company id or a VAT number already in use', async () => {
    const response = await create({ name: 'Doppia', companyCode: 'bmoda', vatNumber: '10945670965' });
    expect(response.statusCode).toBe(422);
    expect(response.json().errors).toEqual({
      companyCode: ['Questo valore è già in uso.'],
      vatNumber: ['Questo valore è già in uso.'],
    });
  });
});

describe('PUT /api/companies/:id', () => {
  it('changes name, company id and VAT number, and audits what changed', async () => {
    const { data: created } = (
      await create({ name: 'Vecchio nome', companyCode: 'OLD1', vatNumber: otherValidVat })
    ).json();
    const response = await update(created.id, { name: 'Nuovo nome', companyCode: 'NEW1', vatNumber: otherValidVat });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().data).toMatchObject({ name: 'Nuovo nome', companyCode: 'NEW1', vatNumber: otherValidVat });
    const audit = await auditOf(created.id);
    expect(audit.map((row) => row.action)).toEqual(['company.created', 'company.updated']);
    expect(audit[1]?.data).toEqual({
      changes: { name: { from: 'Vecchio nome', to: 'Nuovo nome' }, companyCode: { from: 'OLD1', to: 'NEW1' } },
    });
    // Saving the same values again changes nothing and writes nothing.
    await update(created.id, { name: 'Nuovo nome', companyCode: 'NEW1', vatNumber: otherValidVat });
    expect(await auditOf(created.id)).toHaveLength(2);
  });

  it('refuses an invalid partita IVA and another company id in use', async () => {
    const [moda] = await test.db.select().from(companies).where(eq(companies.companyCode, 'BMODA'));
    const id = moda?.id as number;
    const invalid = await update(id, { name: 'Bottega Moda S.r.l.', companyCode: 'BMODA', vatNumber: '08712340151' });
    expect(invalid.statusCode).toBe(422);
    expect(invalid.json().errors).toEqual({ vatNumber: ['La cifra di controllo della partita IVA non è corretta.'] });
    const taken = await update(id, { name: 'Bottega Moda S.r.l.', companyCode: 'BCASA', vatNumber: '08712340150' });
    expect(taken.statusCode).toBe(422);
    expect(taken.json().errors).toEqual({ companyCode: ['Questo valore è già in uso.'] });
  });

  it('answers 404 for an unknown company', async () => {
    expect((await get(999_999)).statusCode).toBe(404);
    expect((await update(999_999, { name: 'X', companyCode: 'X', vatNumber: otherValidVat })).statusCode).toBe(404);
  });
});

describe('DELETE /api/companies/:id', () => {
  it('refuses a company that still has shops, closed ones included, saying how many', async () => {
    const [casa] = await test.db.select().from(companies).where(eq(companies.companyCode, 'BCASA'));
    const id = casa?.id as number;
    const response = await remove(id);
    expect(response.statusCode).toBe(409);
    expect(response.json()).toEqual({
      code: 'companyHasShops',
      message: "L'azienda ha ancora negozi (3): spostali o eliminali prima di eliminarla.",
    });

    const { data: small } = (
      await create({ name: 'Con negozio chiuso', companyCode: 'CLOSED1', vatNumber: '01114601006' })
    ).json();
    await test.db.insert(shops).values({
      companyId: small.id,
      code: 'XX99',
      name: 'Chiuso da tempo',
      closed: true,
      closedOn: '2020-01-31',
    });
    const refused = await remove(small.id);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().code).toBe('companyHasShops');
    expect((await get(small.id)).json().data.shopCount).toBe(1);
  });

  it('deletes a company without shops and audits it', async () => {
    const { data } = (await create({ name: 'Da eliminare', companyCode: 'DEL1', vatNumber: '02193960222' })).json();
    const response = await remove(data.id);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ data: { ok: true } });
    expect((await get(data.id)).statusCode).toBe(404);
    const audit = await auditOf(data.id);
    expect(audit.at(-1)).toMatchObject({ action: 'company.deleted', fromState: 'Da eliminare', actorId: adminId });
  });
});
