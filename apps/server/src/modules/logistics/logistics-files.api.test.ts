// Logistics files over the demo's registry (three suppliers, the warehouses of Bottega Moda and Bottega Casa, each
// company's DDT and DDTA series) and a small catalogue: the registry; each kind created, edited and deleted while
// saved, its from/to rules and catalogue lines; every transition and refusal, audited; processing numbered without
// gaps with its stock movements; the DDT, the lines as CSV and XLSX, the email with the DDT attached; scoping by shop;
// imports with bad rows; hostile text; the abilities of §6.
import { type LogisticsFile, type LogisticsSide, logisticsChangedEvent } from '@bottega/contracts/logistics';
import { shopChannel, userChannel } from '@bottega/contracts/notifications';
import type { Ability } from '@bottega/contracts/permissions';
import { and, desc, eq } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  api,
  chooseShop,
  createTestApp,
  createUserWithAbilities,
  findShopId,
  findUserId,
  multipart,
  signIn,
  type TestApp,
} from '../../../test/harness';
import { auditLog } from '../../platform/audit.schema';
import { mailOutbox } from '../../platform/mail.schema';
import { products } from '../sales/sales.schema';
import { documentTypes, stockLevels, stockMovements } from './logistics.schema';

let test: TestApp;
let admin: string;
/** Giulia Neri, commessa of MI01 only (Dipendente: picking files viewed, shop-out files written). */
let giulia: string;
let suppliers: LogisticsSide[];
let moda: LogisticsSide;
let casa: LogisticsSide;
let mi01: number;
let na01: number;

const catalogue = Array.from({ length: 12 }, (_, index) => ({
  code: `LG${String(index + 1).padStart(3, '0')}`,
  description: `Articolo ${index + 1}`,
  vatRate: 2200,
}));

beforeAll(async () => {
  test = await createTestApp();
  await test.db.insert(products).values(catalogue);
  [admin, giulia] = (await Promise.all(['admin', 'commessa'].map((login) => signIn(test.app, login)))) as [
    string,
    string,
  ];
  await chooseShop(test.app, giulia, 'MI01');
  const sides = await api(test.app, { url: '/api/logistics/sides', token: admin });
  expect(sides.statusCode, sides.body).toBe(200);
  suppliers = sides.json().data.suppliers;
  const warehouses: LogisticsSide[] = sides.json().data.warehouses;
  moda = warehouses.find((warehouse) => warehouse.companyName === 'Bottega Moda S.r.l.') as LogisticsSide;
  casa = warehouses.find((warehouse) => warehouse.companyName === 'Bottega Casa S.p.A.') as LogisticsSide;
  mi01 = await findShopId(test.db, 'MI01');
  na01 = await findShopId(test.db, 'NA01');
  // A shared machine migrating a fresh database and signing in with argon2 needs more than the default minute.
}, 300_000);
afterAll(() => test?.close());

const get = (token: string, url: string) => api(test.app, { url, token });
const post = (token: string, url: string, body: unknown = {}) => api(test.app, { method: 'POST', url, token, body });
/** In English, to read the field errors' messages. */
const postEn = (token: string, url: string, body: unknown = {}) =>
  api(test.app, { method: 'POST', url, token, body, lng: 'en' });
const put = (token: string, url: string, body: unknown) => api(test.app, { method: 'PUT', url, token, body });

const side = (type: 'supplier' | 'warehouse' | 'shop', id: number) => ({ type, id });
const lines = (...pairs: [string, number][]) => pairs.map(([productCode, quantity]) => ({ productCode, quantity }));

function body(from: { type: string; id: number }, to: { type: string; id: number }, fileLines: unknown[], extra = {}) {
  return { from, to, date: '2026-11-20', transportReason: 'transfer', lines: fileLines, ...extra };
}

async function create(token: string, slug: string, payload: unknown): Promise<LogisticsFile> {
  const response = await post(token, `/api/logistics/${slug}`, payload);
  expect(response.statusCode, response.body).toBe(201);
  return response.json().data;
}

async function move(token: string, slug: string, id: number, action: string, payload: unknown = {}) {
  const response = await post(token, `/api/logistics/${slug}/${id}/${action}`, payload);
  expect(response.statusCode, response.body).toBe(200);
  return response.json().data as LogisticsFile;
}

async function level(type: 'warehouse' | 'shop', id: number, code: string): Promise<number> {
  const [row] = await test.db
    .select({ moved: stockLevels.moved })
    .from(stockLevels)
    .innerJoin(products, eq(products.id, stockLevels.productId))
    .where(and(eq(stockLevels.locationType, type), eq(stockLevels.locationId, id), eq(products.code, code)));
  return row?.moved ?? 0;
}

describe('registry', () => {
  it('lists the demo parties and each company’s series with this year’s last number', async () => {
    expect(suppliers.map((supplier) => supplier.name)).toContain('Textilwerk Bayern GmbH');
    expect(moda.companyId).not.toBe(casa.companyId);
    const types = await get(admin, '/api/logistics/document-types');
    expect(types.statusCode, types.body).toBe(200);
    const ddt = types.json().data.filter((type: { code: string }) => type.code === 'DDT');
    expect(ddt).toHaveLength(2);
    expect(ddt[0]).toMatchObject({ lastNumber: 0, active: true, year: new Date().getUTCFullYear() });
  });

  it('creates, edits and deletes a supplier; a warehouse needs a company; a code is unique in its company', async () => {
    const created = await post(admin, '/api/logistics/parties', {
      type: 'supplier',
      name: 'Фабрика София ООД',
      country: 'BG',
      emails: ['orders@sofia.example'],
    });
    expect(created.statusCode, created.body).toBe(201);
    const id = created.json().data.id;
    const edited = await put(admin, `/api/logistics/parties/${id}`, {
      type: 'supplier',
      name: 'Фабрика София АД',
      country: 'BG',
      emails: ['orders@sofia.example'],
    });
    expect(edited.json().data.name).toBe('Фабрика София АД');
    const warehouse = await post(admin, '/api/logistics/parties', { type: 'warehouse', name: 'Senza azienda' });
    expect(warehouse.statusCode).toBe(422);
    expect(warehouse.json().errors.companyId).toBeDefined();
    const removed = await api(test.app, { method: 'DELETE', url: `/api/logistics/parties/${id}`, token: admin });
    expect(removed.statusCode, removed.body).toBe(200);
    const twice = await post(admin, '/api/logistics/document-types', {
      companyId: moda.companyId,
      code: 'DDT',
      name: 'Doppione',
    });
    expect(twice.statusCode).toBe(409);
    expect(twice.json().code).toBe('documentTypeExists');
  });

  it('writes the registry only with documentTypesAndNumbers; reads it with any logistics view ability', async () => {
    const reader = await createUserWithAbilities(test.db, ['logistics.outFile.view']);
    const token = await signIn(test.app, reader.username);
    expect((await get(token, '/api/logistics/parties')).statusCode).toBe(200);
    expect((await get(token, '/api/logistics/document-types')).statusCode).toBe(200);
    expect((await get(token, '/api/logistics/products?search=LG00')).json().data).toHaveLength(9);
    expect((await post(token, '/api/logistics/parties', { type: 'supplier', name: 'X' })).statusCode).toBe(403);
    const nobody = await createUserWithAbilities(test.db, ['shops.view']);
    const other = await signIn(test.app, nobody.username);
    for (const url of ['/api/logistics/parties', '/api/logistics/document-types', '/api/logistics/sides']) {
      expect((await get(other, url)).statusCode, url).toBe(403);
    }
  });
});

describe('files', () => {
  it('creates an in-file with catalogue lines, keeps counts, edits it and deletes it while saved', async () => {
    const file = await create(
      admin,
      'in-files',
      body(side('supplier', suppliers[0]?.id ?? 0), side('warehouse', moda.id), lines(['LG001', 5], ['LG002', 7]), {
        transportReason: 'purchase',
        supplierDocumentNumber: 'F-77',
      }),
    );
    expect(file).toMatchObject({ state: 'saved', lineCount: 2, totalQuantity: 12, kind: 'inFile' });
    expect(file.lines[0]).toMatchObject({ position: 1, productCode: 'LG001', description: 'Articolo 1' });
    const edited = await put(
      admin,
      `/api/logistics/in-files/${file.id}`,
      body(side('supplier', suppliers[0]?.id ?? 0), side('warehouse', moda.id), lines(['LG003', 1]), {
        transportReason: 'purchase',
      }),
    );
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json().data).toMatchObject({ lineCount: 1, totalQuantity: 1 });
    const removed = await api(test.app, { method: 'DELETE', url: `/api/logistics/in-files/${file.id}`, token: admin });
    expect(removed.statusCode).toBe(200);
    const gone = await get(admin, `/api/logistics/in-files/${file.id}`);
    expect(gone.statusCode).toBe(404);
    expect(gone.json().code).toBe('inFileNotFound');
  });

  it('names every unknown product’s line, never dropping it', async () => {
    const response = await postEn(
      admin,
      '/api/logistics/picking-files',
      body(side('warehouse', moda.id), side('shop', mi01), lines(['LG001', 1], ['NOPE1', 2], ['NOPE2', 3])),
    );
    expect(response.statusCode).toBe(422);
    expect(Object.keys(response.json().errors).sort()).toEqual(['lines.1.productCode', 'lines.2.productCode']);
    expect(response.json().errors['lines.1.productCode']).toEqual(['The product "NOPE1" is not in the catalogue.']);
  });

  it('refuses a route the kind does not take', async () => {
    const cases: [string, unknown][] = [
      ['in-files', body(side('warehouse', moda.id), side('warehouse', casa.id), lines(['LG001', 1]))],
      ['picking-files', body(side('warehouse', moda.id), side('supplier', suppliers[0]?.id ?? 0), lines())],
      ['company-picking-files', body(side('warehouse', moda.id), side('warehouse', moda.id), lines())],
      ['shop-out-files', body(side('shop', mi01), side('shop', mi01), lines())],
      ['out-files', body(side('shop', mi01), side('supplier', suppliers[0]?.id ?? 0), lines())],
    ];
    for (const [slug, payload] of cases) {
      const response = await post(admin, `/api/logistics/${slug}`, payload);
      expect(response.statusCode, slug).toBe(422);
      expect(response.json().code, slug).toBe('logisticsRouteInvalid');
    }
    // A company picking file’s warehouses belong to different companies.
    const sameCompany = await post(admin, '/api/logistics/parties', {
      type: 'warehouse',
      companyId: moda.companyId,
      name: 'Deposito Moda 2',
    });
    const second = sameCompany.json().data.id;
    const response = await post(
      admin,
      '/api/logistics/company-picking-files',
      body(side('warehouse', moda.id), side('warehouse', second), lines(['LG001', 1])),
    );
    expect(response.json().code).toBe('logisticsRouteInvalid');
  });

  it('refuses hostile text: NUL, a lone surrogate, oversize', async () => {
    for (const notes of ['a\u0000b', 'a\ud800b', 'x'.repeat(2001)]) {
      const response = await post(
        admin,
        '/api/logistics/out-files',
        body(side('warehouse', moda.id), side('supplier', suppliers[0]?.id ?? 0), lines(['LG001', 1]), { notes }),
      );
      expect(response.statusCode).toBe(422);
    }
    const lot = await post(
      admin,
      '/api/logistics/out-files',
      body(side('warehouse', moda.id), side('supplier', suppliers[0]?.id ?? 0), [
        { productCode: 'LG001', quantity: 1, lot: 'L\u0000' },
      ]),
    );
    expect(lot.statusCode).toBe(422);
  });
});

describe('transitions', () => {
  it('sends, gives back with a reason, processes with the next number and stock, emails with the DDT', async () => {
    const slug = 'picking-files';
    const empty = await create(admin, slug, body(side('warehouse', moda.id), side('shop', mi01), []));
    const refused = await post(admin, `/api/logistics/${slug}/${empty.id}/send`);
    expect(refused.statusCode).toBe(422);
    expect(refused.json().code).toBe('logisticsFileEmpty');

    const file = await create(
      admin,
      slug,
      body(side('warehouse', moda.id), side('shop', mi01), lines(['LG004', 10], ['LG005', 3], ['LG004', 2])),
    );
    const early = await post(admin, `/api/logistics/${slug}/${file.id}/process`);
    expect(early.statusCode).toBe(409);
    expect(early.json().code).toBe('logisticsFileWrongState');
    expect((await get(admin, `/api/logistics/${slug}/${file.id}/ddt.pdf`)).statusCode).toBe(409);

    await move(admin, slug, file.id, 'send');
    const locked = await put(
      admin,
      `/api/logistics/${slug}/${file.id}`,
      body(side('warehouse', moda.id), side('shop', mi01), lines(['LG001', 1])),
    );
    expect(locked.statusCode).toBe(409);
    expect(locked.json().code).toBe('logisticsFileNotEditable');
    const given = await move(admin, slug, file.id, 'give-back', { reason: 'Manca un collo' });
    expect(given).toMatchObject({ state: 'saved', givenBackReason: 'Manca un collo' });
    await move(admin, slug, file.id, 'send');

    const warehouseBefore = await level('warehouse', moda.id, 'LG004');
    const processed = await move(admin, slug, file.id, 'process');
    expect(processed.state).toBe('processed');
    expect(processed.documentNumber).toMatch(/^\d+\/DDT$/);
    expect(processed.documentDate).toBe('2026-11-20');
    expect(await level('warehouse', moda.id, 'LG004')).toBe(warehouseBefore - 12);
    expect(await level('shop', mi01, 'LG004')).toBe(12);
    expect(await level('shop', mi01, 'LG005')).toBe(3);
    const movements = await test.db.select().from(stockMovements).where(eq(stockMovements.fileId, file.id));
    expect(movements).toHaveLength(6);
    const again = await post(admin, `/api/logistics/${slug}/${file.id}/process`);
    expect(again.json().code).toBe('logisticsFileWrongState');

    const pdf = await get(admin, `/api/logistics/${slug}/${file.id}/ddt.pdf`);
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(pdf.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');

    const emailed = await move(admin, slug, file.id, 'email');
    expect(emailed.state).toBe('emailed');
    const [mail] = await test.db
      .select()
      .from(mailOutbox)
      .where(eq(mailOutbox.recipient, 'milano.duomo@bottega.example'))
      .orderBy(desc(mailOutbox.id))
      .limit(1);
    expect(mail?.template).toBe('logisticsDocument');
    expect(mail?.subject).toContain(processed.documentNumber ?? '-');
    expect(mail?.attachments).toHaveLength(1);
    expect(mail?.attachments[0]?.type).toBe('application/pdf');
    const detail = await get(admin, `/api/developer/mail/${mail?.id}`);
    expect(detail.json().data.attachments[0]).toMatchObject({ index: 0, type: 'application/pdf' });
    const attachment = await get(admin, `/api/developer/mail/${mail?.id}/attachments/0`);
    expect(attachment.statusCode).toBe(200);
    expect(attachment.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    // Emailed again, to the same side.
    expect((await move(admin, slug, file.id, 'email')).state).toBe('emailed');

    const audit = await test.db
      .select({ action: auditLog.action, from: auditLog.fromState, to: auditLog.toState, reason: auditLog.reason })
      .from(auditLog)
      .where(and(eq(auditLog.entity, 'pickingFile'), eq(auditLog.entityId, String(file.id))))
      .orderBy(auditLog.id);
    expect(audit.map((row) => row.action)).toEqual([
      'logistics.pickingFile.create',
      'logistics.pickingFile.send',
      'logistics.pickingFile.giveBack',
      'logistics.pickingFile.send',
      'logistics.pickingFile.process',
      'logistics.pickingFile.email',
      'logistics.pickingFile.email',
    ]);
    expect(audit[2]).toMatchObject({ from: 'sentForProcessing', to: 'saved', reason: 'Manca un collo' });

    // The to-do of the office that processes picking files.
    const waiting = await create(
      admin,
      slug,
      body(side('warehouse', moda.id), side('shop', mi01), lines(['LG001', 1])),
    );
    await move(admin, slug, waiting.id, 'send');
    const todos = await get(admin, '/api/dashboard/todos');
    const todo = todos.json().data.find((item: { key: string }) => item.key === 'pickingFilesToProcess');
    expect(todo).toMatchObject({ link: '/app/picking-files/list?state=sentForProcessing' });
    expect(todo.count).toBeGreaterThanOrEqual(1);
  });

  it('numbers each series without gaps, an in-file keeping its supplier’s number, and shows the last number', async () => {
    const numbers: string[] = [];
    for (let index = 0; index < 3; index += 1) {
      const file = await create(
        admin,
        'out-files',
        body(side('warehouse', casa.id), side('supplier', suppliers[1]?.id ?? 0), lines(['LG006', 1])),
      );
      await move(admin, 'out-files', file.id, 'send');
      numbers.push((await move(admin, 'out-files', file.id, 'process')).documentNumber ?? '');
    }
    const values = numbers.map((number) => Number(number.split('/')[0]));
    expect(values[1]).toBe((values[0] ?? 0) + 1);
    expect(values[2]).toBe((values[0] ?? 0) + 2);
    const types = (await get(admin, '/api/logistics/document-types')).json().data;
    const casaDdt = types.find(
      (type: { code: string; companyId: number }) => type.code === 'DDT' && type.companyId === casa.companyId,
    );
    expect(casaDdt.lastNumber).toBe(values[2]);

    const inFile = await create(
      admin,
      'in-files',
      body(side('supplier', suppliers[2]?.id ?? 0), side('warehouse', casa.id), lines(['LG007', 4]), {
        transportReason: 'purchase',
        supplierDocumentNumber: 'RE-2026/118',
        supplierDocumentDate: '2026-11-18',
      }),
    );
    await move(admin, 'in-files', inFile.id, 'send');
    const processed = await move(admin, 'in-files', inFile.id, 'process');
    expect(processed).toMatchObject({
      documentNumber: 'RE-2026/118',
      documentDate: '2026-11-18',
      documentTypeId: null,
    });
    expect(await level('warehouse', casa.id, 'LG007')).toBe(4);
    // Emailed to the German supplier, in German.
    await move(admin, 'in-files', inFile.id, 'email');
    const [mail] = await test.db
      .select()
      .from(mailOutbox)
      .where(eq(mailOutbox.recipient, 'versand@textilwerk-bayern.example'));
    expect(mail?.lng).toBe('de');
  });

  it('refuses to process without an active series of the sending company; refuses to email without an address', async () => {
    await test.db.update(documentTypes).set({ active: false }).where(eq(documentTypes.code, 'DDTA'));
    const file = await create(
      admin,
      'company-picking-files',
      body(side('warehouse', moda.id), side('warehouse', casa.id), lines(['LG008', 2]), { transportReason: 'sale' }),
    );
    await move(admin, 'company-picking-files', file.id, 'send');
    const refused = await post(admin, `/api/logistics/company-picking-files/${file.id}/process`);
    expect(refused.statusCode).toBe(422);
    expect(refused.json().code).toBe('documentTypeMissing');
    await test.db.update(documentTypes).set({ active: true }).where(eq(documentTypes.code, 'DDTA'));
    const processed = await move(admin, 'company-picking-files', file.id, 'process');
    expect(processed.documentNumber).toBe('1/DDTA');
    expect(await level('warehouse', moda.id, 'LG008')).toBe(-2);
    expect(await level('warehouse', casa.id, 'LG008')).toBe(2);

    const mute = await post(admin, '/api/logistics/parties', { type: 'supplier', name: 'Senza email S.r.l.' });
    const out = await create(
      admin,
      'out-files',
      body(side('warehouse', moda.id), side('supplier', mute.json().data.id), lines(['LG009', 1])),
    );
    await move(admin, 'out-files', out.id, 'send');
    await move(admin, 'out-files', out.id, 'process');
    const noAddress = await postEn(admin, `/api/logistics/out-files/${out.id}/email`);
    expect(noAddress.statusCode).toBe(422);
    expect(noAddress.json().errors['to.emails']).toEqual(['This field is required.']);
  });
});

describe('shops', () => {
  it('shows a shop’s files only to its people; another shop’s answers the kind’s 404', async () => {
    const own = await create(
      admin,
      'picking-files',
      body(side('warehouse', moda.id), side('shop', mi01), lines(['LG001', 1])),
    );
    const other = await create(
      admin,
      'picking-files',
      body(side('warehouse', casa.id), side('shop', na01), lines(['LG001', 1])),
    );
    expect((await get(giulia, `/api/logistics/picking-files/${own.id}`)).statusCode).toBe(200);
    const hidden = await get(giulia, `/api/logistics/picking-files/${other.id}`);
    expect(hidden.statusCode).toBe(404);
    expect(hidden.json().code).toBe('pickingFileNotFound');
    const listed = (await get(giulia, '/api/logistics/picking-files?perPage=100')).json().data as { id: number }[];
    expect(listed.map((file) => file.id)).toContain(own.id);
    expect(listed.map((file) => file.id)).not.toContain(other.id);
    const downloads = await get(giulia, `/api/logistics/picking-files/${other.id}/lines.csv`);
    expect(downloads.statusCode).toBe(404);
  });

  it('lets the shop write a return from its own shop only, and filters by state, shop and search', async () => {
    const ret = await create(
      giulia,
      'shop-out-files',
      body(side('shop', mi01), side('warehouse', moda.id), lines(['LG010', 2]), { transportReason: 'return' }),
    );
    expect(ret.from.name).toContain('MI01');
    const foreign = await postEn(
      giulia,
      '/api/logistics/shop-out-files',
      body(side('shop', na01), side('warehouse', casa.id), lines(['LG010', 2]), { transportReason: 'return' }),
    );
    expect(foreign.statusCode).toBe(422);
    expect(foreign.json().errors['from.id']).toEqual(['Not expected for this type.']);
    await move(giulia, 'shop-out-files', ret.id, 'send');
    // The shop may not process its own return.
    expect((await post(giulia, `/api/logistics/shop-out-files/${ret.id}/process`)).statusCode).toBe(403);
    const processed = await move(admin, 'shop-out-files', ret.id, 'process');
    expect(processed.documentNumber).toMatch(/^\d+\/DDT$/);
    expect(await level('shop', mi01, 'LG010')).toBe(-2);
    expect(await level('warehouse', moda.id, 'LG010')).toBe(2);

    const byState = (await get(admin, '/api/logistics/shop-out-files?state=processed')).json().data as { id: number }[];
    expect(byState.map((file) => file.id)).toContain(ret.id);
    const byShop = (await get(admin, `/api/logistics/shop-out-files?shopId=${na01}`)).json().data as { id: number }[];
    expect(byShop.map((file) => file.id)).not.toContain(ret.id);
    for (const search of ['LG010', 'Duomo', 'MI01', processed.documentNumber ?? '-', 'Lacchiarella']) {
      const found = (await get(admin, `/api/logistics/shop-out-files?search=${encodeURIComponent(search)}`)).json()
        .data;
      expect(
        found.map((file: { id: number }) => file.id),
        search,
      ).toContain(ret.id);
    }
    const dated = await get(admin, '/api/logistics/shop-out-files?from=2026-11-21&to=2026-11-30');
    expect(dated.json().data.map((file: { id: number }) => file.id)).not.toContain(ret.id);
    const paged = await get(admin, '/api/logistics/picking-files?perPage=1&page=2');
    expect(paged.json().meta).toMatchObject({ page: 2, perPage: 1 });
    expect(paged.json().data).toHaveLength(1);
  });
});

describe('realtime', () => {
  it('tells the shop on either side and the people who process the kind of every change, nobody else', async () => {
    const commessa = await findUserId(test.db, 'commessa');
    const adminId = await findUserId(test.db, 'admin');
    const publish = vi.spyOn(test.app.realtime, 'publish');
    try {
      const ret = await create(
        giulia,
        'shop-out-files',
        body(side('shop', mi01), side('warehouse', moda.id), lines(['LG011', 1]), { transportReason: 'return' }),
      );
      const payload = { fileId: ret.id, kind: 'shopOutFile' };
      expect(publish).toHaveBeenCalledWith(shopChannel(mi01), logisticsChangedEvent, payload);
      expect(publish).toHaveBeenCalledWith(userChannel(adminId), logisticsChangedEvent, payload);
      // Giulia processes no shop-out file: her shop's channel tells her, her own does not.
      expect(publish).not.toHaveBeenCalledWith(userChannel(commessa), logisticsChangedEvent, payload);
      expect(publish).not.toHaveBeenCalledWith(shopChannel(na01), logisticsChangedEvent, payload);
      for (const action of ['send', 'process']) {
        publish.mockClear();
        await move(action === 'send' ? giulia : admin, 'shop-out-files', ret.id, action);
        expect(publish, action).toHaveBeenCalledWith(shopChannel(mi01), logisticsChangedEvent, payload);
      }
      publish.mockClear();
      const refused = await post(admin, `/api/logistics/shop-out-files/${ret.id}/send`);
      expect(refused.statusCode).toBe(409);
      expect(publish).not.toHaveBeenCalled();
    } finally {
      publish.mockRestore();
    }
  });
});

describe('downloads', () => {
  it('writes the lines as Italian CSV and as XLSX, and a DDT with a Cyrillic and Arabic name', async () => {
    const party = await post(admin, '/api/logistics/parties', {
      type: 'supplier',
      name: 'شركة النسيج — Текстил ЕООД',
      country: 'BG',
      emails: ['info@textil.example'],
    });
    const file = await create(
      admin,
      'out-files',
      body(
        side('warehouse', moda.id),
        side('supplier', party.json().data.id),
        [{ productCode: 'LG011', quantity: 3, description: '=SUM(A1)', unitPriceCents: 1250, lot: 'Лот-1' }],
        { notes: 'Consegna entro venerdì — عاجل', carriedBy: 'carrier', carrierName: 'Бърз куриер' },
      ),
    );
    const csv = await get(admin, `/api/logistics/out-files/${file.id}/lines.csv`);
    expect(csv.statusCode).toBe(200);
    expect(csv.body.startsWith('\uFEFFCodice;Descrizione;Quantità;Prezzo;Lotto\r\n')).toBe(true);
    expect(csv.body).toContain("LG011;'=SUM(A1);3;12,50;Лот-1");
    const xlsx = await get(admin, `/api/logistics/out-files/${file.id}/lines.xlsx`);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(xlsx.rawPayload as unknown as ArrayBuffer);
    expect(workbook.worksheets[0]?.getRow(2).getCell(3).value).toBe(3);
    await move(admin, 'out-files', file.id, 'send');
    await move(admin, 'out-files', file.id, 'process');
    const pdf = await get(admin, `/api/logistics/out-files/${file.id}/ddt.pdf`);
    expect(pdf.statusCode, pdf.body.slice(0, 200)).toBe(200);
    expect(pdf.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
  });
});

describe('import', () => {
  const upload = (token: string, slug: string, file: { name: string; bytes: Uint8Array | string; type?: string }) => {
    const form = multipart(file);
    return api(test.app, {
      method: 'POST',
      url: `/api/logistics/${slug}/import`,
      token,
      body: form.payload,
      headers: { 'content-type': form.contentType },
      lng: 'en',
    });
  };

  it('reads a CSV with Italian headers, reporting every bad row and each unknown code once', async () => {
    const csv = [
      'Codice;Descrizione;Quantità;Prezzo;Lotto',
      'LG001;;4;12,50;A1',
      'ZZZ9;;1;;',
      'LG002;;0;;',
      'LG003;;2,5;;',
      ';;1;;',
      'ZZZ9;;2;;',
      'LG004;;3;abc;',
    ].join('\r\n');
    const response = await upload(admin, 'in-files', { name: 'righe.csv', bytes: csv, type: 'text/csv' });
    expect(response.statusCode, response.body).toBe(200);
    const answer = response.json().data;
    expect(answer.unknownProducts).toEqual(['ZZZ9']);
    expect(answer.lines).toEqual([]);
    expect(answer.errors).toEqual([
      { row: 3, column: 'productCode', rule: 'unknownProduct', value: 'ZZZ9' },
      { row: 4, column: 'quantity', rule: 'min', value: '0' },
      { row: 5, column: 'quantity', rule: 'integer', value: '2,5' },
      { row: 6, column: 'productCode', rule: 'required', value: '' },
      { row: 7, column: 'productCode', rule: 'unknownProduct', value: 'ZZZ9' },
      { row: 8, column: 'unitPrice', rule: 'invalid', value: 'abc' },
    ]);
  });

  it('reads a good CSV with English headers and an XLSX; refuses what is no sheet', async () => {
    const csv = 'code,quantity,price,lot\nLG001,4,"1.234,50",A1\nLG002,1,,\n';
    const good = await upload(admin, 'picking-files', { name: 'lines.csv', bytes: csv });
    expect(good.json().data).toMatchObject({
      errors: [],
      unknownProducts: [],
      lines: [
        { productCode: 'LG001', quantity: 4, unitPriceCents: 123450, lot: 'A1', description: '' },
        { productCode: 'LG002', quantity: 1, unitPriceCents: null, lot: '', description: '' },
      ],
    });
    const workbook = new ExcelJS.Workbook();
    const sheet = workbook.addWorksheet('Righe');
    sheet.addRow(['Articolo', 'Qta', 'Descrizione']);
    sheet.addRow(['LG005', 6, 'Dal foglio']);
    const xlsx = await upload(admin, 'picking-files', {
      name: 'righe.xlsx',
      bytes: new Uint8Array(await workbook.xlsx.writeBuffer()),
    });
    expect(xlsx.json().data.lines).toEqual([
      { productCode: 'LG005', quantity: 6, description: 'Dal foglio', unitPriceCents: null, lot: '' },
    ]);
    const utf16 = Buffer.from('\ufeffcode;quantity\nLG001;1\n', 'utf16le');
    const broken = await upload(admin, 'picking-files', { name: 'u16.csv', bytes: utf16 });
    expect(broken.statusCode).toBe(422);
    expect(broken.json().errors.file[0]).toMatch(/not allowed/);
    const zip = new Uint8Array([0x50, 0x4b, 0x03, 0x04, 1, 2, 3, 4, 5, 6, 7, 8]);
    expect((await upload(admin, 'picking-files', { name: 'x.xlsx', bytes: zip })).statusCode).toBe(415);
    const long = ['code;quantity', ...Array.from({ length: 10_001 }, () => 'LG001;1')].join('\n');
    const tooLong = await upload(admin, 'picking-files', { name: 'long.csv', bytes: long });
    expect(tooLong.statusCode).toBe(422);
    expect(tooLong.json().errors.file).toEqual(['The maximum is 10000.']);
    const missing = await upload(admin, 'picking-files', { name: 'h.csv', bytes: 'descrizione;lotto\nx;y\n' });
    expect(missing.json().data.errors.map((error: { column: string }) => error.column)).toEqual([
      'productCode',
      'quantity',
    ]);
  });

  it('imports only with the kind’s add or edit ability', async () => {
    const viewer = await createUserWithAbilities(test.db, ['logistics.inFile.view']);
    const token = await signIn(test.app, viewer.username);
    expect((await upload(token, 'in-files', { name: 'a.csv', bytes: 'code;qty\nLG001;1\n' })).statusCode).toBe(403);
    const editor = await createUserWithAbilities(test.db, ['logistics.inFile.edit']);
    const editorToken = await signIn(test.app, editor.username);
    expect((await upload(editorToken, 'in-files', { name: 'a.csv', bytes: 'code;qty\nLG001;1\n' })).statusCode).toBe(
      200,
    );
  });
});

describe('abilities (§6)', () => {
  it('refuses each route without its kind’s ability and lets it through with it', async () => {
    const file = await create(
      admin,
      'out-files',
      body(side('warehouse', moda.id), side('supplier', suppliers[0]?.id ?? 0), lines(['LG001', 1])),
    );
    const routes: [Ability, string, string, unknown?][] = [
      ['logistics.outFile.view', 'GET', '/api/logistics/out-files'],
      ['logistics.outFile.view', 'GET', `/api/logistics/out-files/${file.id}`],
      ['logistics.outFile.download', 'GET', `/api/logistics/out-files/${file.id}/lines.csv`],
      ['logistics.outFile.edit', 'POST', `/api/logistics/out-files/${file.id}/send`],
    ];
    for (const [ability, method, url] of routes) {
      const holder = await signIn(test.app, (await createUserWithAbilities(test.db, [ability])).username);
      const others = (
        [
          'logistics.outFile.view',
          'logistics.outFile.add',
          'logistics.outFile.edit',
          'logistics.outFile.process',
          'logistics.outFile.download',
        ] as Ability[]
      ).filter((other) => other !== ability);
      const lacking = await signIn(test.app, (await createUserWithAbilities(test.db, others)).username);
      const call = (token: string) =>
        api(test.app, { method: method as 'GET', url, token, body: method === 'POST' ? {} : undefined });
      expect((await call(lacking)).statusCode, `${url} without ${ability}`).toBe(403);
      expect((await call(holder)).statusCode, `${url} with ${ability}`).toBe(200);
    }
    const processor = await signIn(
      test.app,
      (await createUserWithAbilities(test.db, ['logistics.outFile.process'])).username,
    );
    expect((await post(processor, `/api/logistics/out-files/${file.id}/process`)).statusCode).toBe(200);
    const adder = await signIn(test.app, (await createUserWithAbilities(test.db, ['logistics.outFile.view'])).username);
    expect(
      (
        await post(
          adder,
          '/api/logistics/out-files',
          body(side('warehouse', moda.id), side('supplier', suppliers[0]?.id ?? 0), lines(['LG001', 1])),
        )
      ).statusCode,
    ).toBe(403);
    // A company picking file is governed by the picking file's abilities.
    const picker = await signIn(
      test.app,
      (await createUserWithAbilities(test.db, ['logistics.pickingFile.view'])).username,
    );
    expect((await get(picker, '/api/logistics/company-picking-files')).statusCode).toBe(200);
    expect((await get(picker, '/api/logistics/in-files')).statusCode).toBe(403);
  });

  it('gives the Dipendente group picking files to view and returns to write, Contabilità every file to read', async () => {
    const marco = await signIn(test.app, 'dipendente');
    await chooseShop(test.app, marco, 'MI01');
    expect((await get(marco, '/api/logistics/picking-files')).statusCode).toBe(200);
    expect((await get(marco, '/api/logistics/in-files')).statusCode).toBe(403);
    const accounting = await signIn(test.app, 'contabilita');
    for (const slug of ['in-files', 'picking-files', 'company-picking-files', 'out-files', 'shop-out-files']) {
      expect((await get(accounting, `/api/logistics/${slug}`)).statusCode, slug).toBe(200);
    }
    expect((await post(accounting, '/api/logistics/in-files', {})).statusCode).toBe(403);
  });
});
