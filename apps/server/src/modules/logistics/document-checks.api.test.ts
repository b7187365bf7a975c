// Document checks RM and MF: each register behind its own ability, documents added (twice: 409), searched by number and
// serial number, filtered by validated; validating finds a processed or emailed file of the register's kinds with the
// same series, number and date — irreversibly, audited — and otherwise fails with "document validation failed, contact
// support", the reason (what was searched, what nearly matched) logged for developers.
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  api,
  createTestApp,
  createUserWithAbilities,
  findShopId,
  findUserId,
  signIn,
  type TestApp,
} from '../../../test/harness';
import { auditLog } from '../../platform/audit.schema';
import { seedDemoDocumentChecks } from './document-checks.seed';
import { documentChecks } from './logistics.schema';
import { createProcessedFile, createWarehouse, ensureProducts } from './stock.factory';

let test: TestApp;
let clerk: string;
let mfOnly: string;
let adminId: number;
let warehouseId: number;
let milanId: number;
let productId: number;

const add = (type: string, body: unknown, token = clerk) =>
  api(test.app, { method: 'POST', url: `/api/documents/${type}`, token, body });
const validate = (type: string, id: number, token = clerk, lng?: string) =>
  api(test.app, { method: 'POST', url: `/api/documents/${type}/${id}/validate`, token, body: {}, lng });
const list = (type: string, query = '', token = clerk) =>
  api(test.app, { url: `/api/documents/${type}${query}`, token });

async function processed(options: {
  kind: 'shopOutFile' | 'outFile' | 'pickingFile' | 'companyPickingFile';
  series: string;
  number: number;
  date: string;
  state?: 'processed' | 'emailed';
}) {
  const shop = { type: 'shop' as const, id: milanId };
  const warehouse = { type: 'warehouse' as const, id: warehouseId };
  return createProcessedFile(test.db, {
    kind: options.kind,
    from: options.kind === 'shopOutFile' ? shop : warehouse,
    to: options.kind === 'shopOutFile' ? warehouse : shop,
    date: options.date,
    series: options.series,
    number: options.number,
    state: options.state,
    createdBy: adminId,
    lines: [{ productId, quantity: 2 }],
  });
}

beforeAll(async () => {
  test = await createTestApp({ CLOCK_START: '2026-03-12T15:00:00+01:00' });
  adminId = await findUserId(test.db, 'admin');
  milanId = await findShopId(test.db, 'MI01');
  warehouseId = await createWarehouse(test.db);
  productId = (await ensureProducts(test.db, ['DC1'])).get('DC1') as number;
  const both = await createUserWithAbilities(test.db, ['logistics.checkDocuments.rm', 'logistics.checkDocuments.mf']);
  clerk = await signIn(test.app, both.username);
  const mf = await createUserWithAbilities(test.db, ['logistics.checkDocuments.mf']);
  mfOnly = await signIn(test.app, mf.username);
});
afterAll(() => test?.close());

describe('the registers', () => {
  it('the demo’s registers hold the documents of the processed files of their kinds, and one no file has', async () => {
    const date = '2026-03-10';
    const fileId = await processed({ kind: 'pickingFile', series: 'DDT', number: 7, date });
    await seedDemoDocumentChecks(test.db);
    const response = await list('mf');
    expect(response.statusCode, response.body).toBe(200);
    const seeded = response.json().data as { id: number; number: number; serialNumber: string; date: string }[];
    expect(seeded.map((document) => [document.number, document.serialNumber, document.date])).toEqual([
      [9_999, 'DDT', date],
      [7, 'DDT', date],
    ]);
    expect((await list('rm')).json().meta.total).toBe(0);
    const [unknown, known] = seeded;
    const validated = await validate('mf', known?.id as number);
    expect(validated.statusCode, validated.body).toBe(200);
    expect(validated.json().data).toMatchObject({ validated: true, fileId, fileKind: 'pickingFile' });
    const refused = await validate('mf', unknown?.id as number);
    expect(refused.statusCode).toBe(422);
    expect(refused.json().code).toBe('documentValidationFailed');
  });

  it('adds a document, refuses the same one twice and bad input', async () => {
    const body = { date: '2026-03-05', number: 41, serialNumber: 'RMX' };
    const response = await add('rm', body);
    expect(response.statusCode, response.body).toBe(201);
    expect(response.json().data).toMatchObject({
      ...body,
      type: 'rm',
      validated: false,
      createdBy: expect.any(String),
    });
    const twice = await add('rm', body);
    expect(twice.statusCode).toBe(409);
    expect(twice.json().code).toBe('documentCheckExists');
    // The same in the other register is another document.
    expect((await add('mf', body)).statusCode).toBe(201);
    expect((await add('rm', { ...body, serialNumber: 'rm x' })).statusCode).toBe(422);
    expect((await add('rm', { ...body, number: 0 })).statusCode).toBe(422);
    expect((await add('rm', { ...body, date: '2026-02-30' })).statusCode).toBe(422);
    const [entry] = await test.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'documentCheck.added'), eq(auditLog.entityId, String(response.json().data.id))));
    expect(entry).toBeDefined();
  });

  it('searches the number and the serial number, and filters by validated', async () => {
    await add('rm', { date: '2026-03-06', number: 410, serialNumber: 'RMY' });
    const numbers = async (query: string) =>
      (await list('rm', query))
        .json()
        .data.map(
          (document: { number: number; serialNumber: string }) => `${document.number}/${document.serialNumber}`,
        );
    expect(await numbers('?search=41')).toEqual(['41/RMX']);
    expect(await numbers('?search=rmy')).toEqual(['410/RMY']);
    expect(await numbers('?search=410%2FRMY')).toEqual(['410/RMY']);
    expect(await numbers('?search=41%2FRMY')).toEqual([]);
    expect((await list('rm', '?validated=yes')).json().meta.total).toBe(0);
    expect((await list('rm', '?validated=maybe')).statusCode).toBe(422);
  });

  it('keeps each register behind its own ability', async () => {
    expect((await list('mf', '', mfOnly)).statusCode).toBe(200);
    expect((await list('rm', '', mfOnly)).statusCode).toBe(403);
    expect((await add('rm', { date: '2026-03-05', number: 7, serialNumber: 'RM' }, mfOnly)).statusCode).toBe(403);
    const [rm] = (await list('rm')).json().data;
    expect((await validate('rm', rm.id, mfOnly)).statusCode).toBe(403);
    // A document of the other register is not found in this one.
    expect((await validate('mf', rm.id)).statusCode).toBe(404);
  });
});

describe('validating', () => {
  it('fails with "document validation failed" when no processed file matches, and logs why for developers', async () => {
    const body = { date: '2026-03-08', number: 77, serialNumber: 'RM' };
    const id = (await add('rm', body)).json().data.id;
    // Nearly: the right series and number a day off, and a picking file (an MF kind) with all three.
    await processed({ kind: 'shopOutFile', series: 'RM', number: 77, date: '2026-03-09' });
    await processed({ kind: 'pickingFile', series: 'RM', number: 77, date: '2026-03-08' });
    const response = await validate('rm', id, clerk, 'en');
    expect(response.statusCode).toBe(422);
    expect(response.json()).toMatchObject({
      code: 'documentValidationFailed',
      message: expect.stringMatching(/document validation failed, contact support/i),
    });
    const [entry] = await test.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'documentCheck.validationFailed'), eq(auditLog.entityId, String(id))));
    expect(entry?.reason).toBe('nearMatchesOnly');
    const logged = entry?.data as { searched: unknown; nearMatches: { kind: string; why: string[] }[] };
    expect(logged.searched).toMatchObject({
      kinds: ['shopOutFile', 'outFile'],
      series: 'RM',
      number: 77,
      date: body.date,
    });
    expect(logged.nearMatches.map((match) => [match.kind, match.why])).toEqual([
      ['shopOutFile', ['date']],
      ['pickingFile', ['kind']],
    ]);
    const [document] = await test.db.select().from(documentChecks).where(eq(documentChecks.id, id));
    expect(document).toMatchObject({ validated: false, fileId: null });
  });

  it('leaves a file not processed yet out, and says noFile when nothing is near', async () => {
    const id = (await add('mf', { date: '2026-03-08', number: 501, serialNumber: 'MFZ' })).json().data.id;
    const response = await validate('mf', id);
    expect(response.statusCode).toBe(422);
    const [entry] = await test.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'documentCheck.validationFailed'), eq(auditLog.entityId, String(id))));
    expect(entry?.reason).toBe('noFile');
  });

  it('validates against a processed or emailed file of the register’s kinds, for good', async () => {
    const fileId = await processed({ kind: 'outFile', series: 'RM', number: 78, date: '2026-03-10', state: 'emailed' });
    const id = (await add('rm', { date: '2026-03-10', number: 78, serialNumber: 'RM' })).json().data.id;
    const response = await validate('rm', id);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().data).toMatchObject({
      id,
      validated: true,
      validatedAt: expect.stringMatching(/^2026-03-12T/),
      validatedBy: expect.any(String),
      fileId,
      fileKind: 'outFile',
    });
    const again = await validate('rm', id);
    expect(again.statusCode).toBe(409);
    expect(again.json().code).toBe('documentAlreadyValidated');
    expect((await list('rm', '?validated=yes')).json().data.map((document: { id: number }) => document.id)).toEqual([
      id,
    ]);
    const [entry] = await test.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'documentCheck.validated'), eq(auditLog.entityId, String(id))));
    expect(entry).toMatchObject({ fromState: 'notValidated', toState: 'validated' });
  });

  it('does not guess between two companies’ files with the same series, number and date', async () => {
    // Both demo companies number a series called DDT: the printed document names no company.
    await processed({ kind: 'shopOutFile', series: 'DDT', number: 41, date: '2026-03-09' });
    await processed({ kind: 'outFile', series: 'DDT', number: 41, date: '2026-03-09' });
    const id = (await add('rm', { date: '2026-03-09', number: 41, serialNumber: 'DDT' })).json().data.id;
    const response = await validate('rm', id);
    expect(response.statusCode).toBe(422);
    expect(response.json().code).toBe('documentValidationFailed');
    const [entry] = await test.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'documentCheck.validationFailed'), eq(auditLog.entityId, String(id))));
    expect(entry?.reason).toBe('ambiguous');
    const [document] = await test.db.select().from(documentChecks).where(eq(documentChecks.id, id));
    expect(document).toMatchObject({ validated: false, fileId: null });
  });

  it('validates an MF document once the warehouse’s file with its number is processed', async () => {
    const date = '2026-03-11';
    const added = await add('mf', { date, number: 3, serialNumber: 'DDTA' });
    expect(added.statusCode, added.body).toBe(201);
    const { id } = added.json().data as { id: number };
    expect((await validate('mf', id)).statusCode).toBe(422);
    const fileId = await processed({ kind: 'companyPickingFile', series: 'DDTA', number: 3, date });
    const response = await validate('mf', id, mfOnly);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().data).toMatchObject({ validated: true, fileId, fileKind: 'companyPickingFile' });
  });
});
