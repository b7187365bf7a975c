import type { Ability } from '@bottega/contracts/permissions';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  api,
  createTestApp,
  createUser,
  createUserWithAbilities,
  csrfHeaders,
  multipart,
  signIn,
  storedKeys,
  type TestApp,
} from '../../../test/harness';
import { auditLog } from '../../platform/audit.schema';
import { companies } from '../companies/companies.schema';
import { users } from '../employees/employees.schema';
import { notifications } from '../notifications/notifications.schema';
import { userGroupNotifications, userGroups } from '../user-groups/user-groups.schema';
import { readPages } from './payslip-pdf';
import { type GeneratedEmployee, generateConsultantFile, madeUpEmployees } from './payslip-pdf.generator';
import { payslips } from './payslips.schema';
import { seedDemoPayslips } from './payslips.seed';

let test: TestApp;
let company: { id: number; name: string; vatNumber: string };
let otherCompany: { name: string; vatNumber: string };
let accountant: { id: number; token: string };
let nobody: { id: number; token: string };
/** Six made-up employees we employ (the last a former one), and one we do not know. */
let staff: (GeneratedEmployee & { id: number; token: string })[];
let stranger: GeneratedEmployee;

const payslipAbilities: Ability[] = [
  'employees.payslips.upload',
  'employees.payslips.convalidate',
  'employees.payslips.archive',
  'employees.payslips.delete',
  'employees.payslips.logs',
  'employees.payslips.logsDetail',
  'employees.payslips.sendEmail',
  'employees.payslips.blacklist.view',
  'employees.payslips.blacklist.add',
  'employees.payslips.blacklist.delete',
  'adminNotifications.payslipBlacklist',
];

function upload(
  token: string,
  file: { bytes: Uint8Array | string; name?: string },
  fields: Record<string, string>,
  base = '/api/payslips',
) {
  const body = multipart({ name: file.name ?? 'cedolini.pdf', type: 'application/pdf', bytes: file.bytes }, fields);
  return test.app.inject({
    method: 'POST',
    url: `${base}/uploads`,
    headers: { ...csrfHeaders(), authorization: `Bearer ${token}`, 'content-type': body.contentType },
    payload: body.payload,
  });
}

/** Uploads and splits: the upload as the log shows it once the job is done. */
async function uploadAndSplit(pdf: Uint8Array, fields: Record<string, string>, base = '/api/payslips') {
  const response = await upload(accountant.token, { bytes: pdf }, fields, base);
  expect(response.statusCode, response.body).toBe(202);
  await test.app.jobs.drain();
  const id = response.json().data.upload.id as number;
  const answer = await api(test.app, { url: `${base}/uploads/${id}`, token: accountant.token });
  return answer.json().data;
}

async function itemsOf(uploadId: number, query = '', base = '/api/payslips') {
  const response = await api(test.app, {
    url: `${base}/uploads/${uploadId}/items?perPage=100${query}`,
    token: accountant.token,
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
}

async function withAbilities(abilities: Ability[], shops: string[] = []) {
  const user = await createUserWithAbilities(test.db, abilities, { shops });
  return { id: user.id, token: await signIn(test.app, user.username) };
}

beforeAll(async () => {
  test = await createTestApp();
  const [first, second] = await test.db.select().from(companies).orderBy(companies.id);
  if (!first || !second) throw new Error('the demo has two companies');
  company = first;
  otherCompany = { name: second.name, vatNumber: second.vatNumber };
  const accounting = await createUserWithAbilities(test.db, payslipAbilities, { shops: ['MI01'] });
  accountant = { id: accounting.id, token: await signIn(test.app, accounting.username) };
  // Their group hears of blacklisted payslips in the app.
  await test.db
    .insert(userGroupNotifications)
    .values({ groupId: accounting.groupId, event: 'adminNotifications.payslipBlacklist', channels: ['web'] });
  nobody = await withAbilities(['employees.dashboard'], ['MI01']);
  const [employeeGroup] = await test.db.select().from(userGroups).where(eq(userGroups.name, 'Dipendente'));
  const [formerGroup] = await test.db.select().from(userGroups).where(eq(userGroups.name, 'Ex Dipendente'));
  const made = madeUpEmployees(7, 500);
  staff = [];
  for (const [index, employee] of made.slice(0, 6).entries()) {
    const former = index === 5;
    const user = await createUser(test.db, {
      groups: [(former ? formerGroup : employeeGroup)?.id as number],
      shops: former ? [] : ['MI01'],
    });
    await test.db
      .update(users)
      .set({ fiscalCode: employee.fiscalCode, employeeType: former ? 'EX' : 'OK' })
      .where(eq(users.id, user.id));
    staff.push({ ...employee, id: user.id, token: await signIn(test.app, user.username) });
  }
  stranger = made[6] as GeneratedEmployee;
});

afterAll(async () => {
  await test?.close();
});

describe('a month of payslips', () => {
  let uploadId: number;
  let items: { data: Record<string, unknown>[]; meta: { outcomes: Record<string, number> } };

  it('splits the file per employee, each output carrying its own codice fiscale and nobody else’s', async () => {
    const { pdf, owners } = await generateConsultantFile({
      company: { name: company.name, vatNumber: company.vatNumber },
      month: 'NOVEMBRE 2026',
      employees: [...staff.slice(0, 4), stranger],
    });
    const done = await uploadAndSplit(pdf, { companyId: String(company.id), year: '2026', month: '11' });
    uploadId = done.id;
    expect(done).toMatchObject({ state: 'done', failure: null, pages: owners.length, month: 11, year: 2026 });
    expect(done.counts).toEqual({ payslips: 4, convalidated: 0, problems: 1 });
    items = await itemsOf(uploadId);
    expect(items.meta.outcomes).toMatchObject({ payslip: 4, notUploaded: 1 });
    // Problems first: the code nobody of ours has.
    expect(items.data[0]).toMatchObject({
      outcome: 'notUploaded',
      reason: 'unknownEmployee',
      fiscalCode: stranger.fiscalCode,
      employee: null,
      payslipId: null,
    });
    for (const person of staff.slice(0, 4)) {
      const item = items.data.find((row) => row.fiscalCode === person.fiscalCode);
      expect(item).toMatchObject({ outcome: 'payslip', status: 'uploaded', employee: { id: person.id } });
      const file = await api(test.app, { url: `/api/payslips/${item?.payslipId}/file`, token: accountant.token });
      expect(file.statusCode).toBe(200);
      const pages = await readPages(new Uint8Array(file.rawPayload));
      expect(pages).toHaveLength(person.pages);
      for (const page of pages) expect(page.fiscalCodes).toEqual([person.fiscalCode]);
    }
  });

  it('keeps the original and every payslip sealed at rest: no PDF, no codice fiscale in the storage', async () => {
    const keys = [...(await storedKeys(test.app, 'payslips/')), ...(await storedKeys(test.app, 'payslip-uploads/'))];
    expect(keys.length).toBeGreaterThanOrEqual(5);
    const fiscalCodes = staff.map((person) => person.fiscalCode);
    for (const key of keys) {
      const kept = Buffer.from(await test.app.storage.get(key)).toString('latin1');
      expect(kept.slice(0, 5)).not.toBe('%PDF-');
      for (const fiscalCode of fiscalCodes) expect(kept).not.toContain(fiscalCode);
    }
  });

  it('shows nothing to the employee before convalidation, and hides each payslip from everyone else', async () => {
    const [person, colleague] = staff as [(typeof staff)[0], (typeof staff)[0]];
    const own = await api(test.app, { url: '/api/me/payslips', token: person.token });
    expect(own.statusCode).toBe(200);
    expect(own.json().data).toEqual([]);
    const item = items.data.find((row) => row.fiscalCode === person.fiscalCode);
    for (const token of [person.token, colleague.token, nobody.token]) {
      const file = await api(test.app, { url: `/api/payslips/${item?.payslipId}/file`, token });
      expect(file.statusCode).toBe(404);
    }
  });

  it('refuses naming a payslip that is not waiting in this upload, and changes nothing', async () => {
    const response = await api(test.app, {
      method: 'POST',
      url: '/api/payslips/convalidate',
      token: accountant.token,
      body: { uploadId, payslipIds: [999_999] },
    });
    expect(response.statusCode).toBe(409);
    expect(response.json().code).toBe('payslipsNotPending');
    const [row] = await test.db.select().from(payslips).where(eq(payslips.uploadId, uploadId)).limit(1);
    expect(row?.status).toBe('uploaded');
  });

  it('convalidates, tells each employee with a link, and the employee alone downloads it, the first time recorded', async () => {
    const response = await api(test.app, {
      method: 'POST',
      url: '/api/payslips/convalidate',
      token: accountant.token,
      body: { uploadId },
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().data).toEqual({ convalidated: 4, notified: 4 });
    const person = staff[0] as (typeof staff)[0];
    const [told] = await test.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.userId, person.id), eq(notifications.kind, 'payslips.available')));
    expect(told).toMatchObject({ link: '/app/user/payslips', params: { company: company.name, period: '11/2026' } });

    const todos = await api(test.app, { url: '/api/dashboard/todos', token: person.token });
    expect(todos.json().data.filter((todo: { key: string }) => todo.key.startsWith('new'))).toEqual([
      expect.objectContaining({ key: 'newPayslips', count: 1, link: '/app/user/payslips' }),
    ]);
    const own = await api(test.app, { url: '/api/me/payslips', token: person.token });
    expect(own.json()).toMatchObject({
      meta: { year: 2026, years: [2026] },
      data: [{ month: 11, firstDownloadedAt: null }],
    });
    const id = own.json().data[0].id;
    const file = await api(test.app, { url: `/api/payslips/${id}/file`, token: person.token });
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('application/pdf');
    expect(String(file.headers['content-disposition'])).toContain('attachment');
    const again = await api(test.app, { url: '/api/me/payslips', token: person.token });
    expect(again.json().data[0].firstDownloadedAt).not.toBeNull();
    const after = (await api(test.app, { url: '/api/dashboard/todos', token: person.token })).json().data;
    expect(after.filter((todo: { key: string }) => todo.key.startsWith('new'))).toEqual([]);
    // A colleague holding the same ability still cannot.
    const colleague = staff[1] as (typeof staff)[0];
    expect((await api(test.app, { url: `/api/payslips/${id}/file`, token: colleague.token })).statusCode).toBe(404);
    // The archive lists them, searchable by name.
    const [named] = await test.db.select({ surname: users.surname }).from(users).where(eq(users.id, person.id));
    const archive = await api(test.app, {
      url: `/api/payslips?year=2026&month=11&search=${encodeURIComponent(named?.surname as string)}`,
      token: accountant.token,
    });
    expect(archive.json().data.map((row: { employee: { id: number } }) => row.employee.id)).toContain(person.id);
  });

  it('reports "already exists" for the same month uploaded again, and writes nothing new', async () => {
    const { pdf } = await generateConsultantFile({
      company: { name: company.name, vatNumber: company.vatNumber },
      month: 'NOVEMBRE 2026',
      employees: staff.slice(0, 2),
    });
    const done = await uploadAndSplit(pdf, { companyId: String(company.id), year: '2026', month: '11' });
    expect(done.counts).toEqual({ payslips: 0, convalidated: 0, problems: 2 });
    const again = await itemsOf(done.id);
    expect(again.data.map((row: { outcome: string }) => row.outcome)).toEqual(['alreadyExists', 'alreadyExists']);
  });

  it('resends the availability notice of a convalidated payslip, and refuses one still uploaded', async () => {
    const [row] = await test.db.select().from(payslips).where(eq(payslips.uploadId, uploadId)).limit(1);
    const sent = await api(test.app, {
      method: 'POST',
      url: `/api/payslips/${row?.id}/notify`,
      token: accountant.token,
    });
    expect(sent.statusCode, sent.body).toBe(200);
    expect(sent.json().data).toEqual({ notified: true });
    expect(
      (await api(test.app, { method: 'POST', url: `/api/payslips/${row?.id}/notify`, token: nobody.token })).statusCode,
    ).toBe(403);
  });
});

describe('a file with every fault', () => {
  it('holds a code seen once, leaves out stray, scanned and another employer’s pages, and delivers nothing unmatched', async () => {
    const [misprint, stray, scanned, elsewhere] = staff.slice(0, 4) as [
      (typeof staff)[0],
      (typeof staff)[0],
      (typeof staff)[0],
      (typeof staff)[0],
    ];
    const { pdf } = await generateConsultantFile({
      company: { name: company.name, vatNumber: company.vatNumber },
      month: 'OTTOBRE 2026',
      employees: [
        { ...misprint, pages: 2 },
        { ...stray, pages: 1 },
        { ...scanned, pages: 2 },
        { ...elsewhere, pages: 1, company: otherCompany },
      ],
      faults: [
        { kind: 'misprintedCode', fiscalCode: misprint.fiscalCode },
        { kind: 'strayPage', after: stray.fiscalCode },
        { kind: 'scannedPage', fiscalCode: scanned.fiscalCode },
      ],
    });
    const done = await uploadAndSplit(pdf, { companyId: String(company.id), year: '2026', month: '10' });
    const items = await itemsOf(done.id);
    const byOutcome = (outcome: string) => items.data.filter((row: { outcome: string }) => row.outcome === outcome);
    // Page 1 is the misprint's only readable page, page 2 lost its code: held, not delivered without a decision.
    expect(
      byOutcome('fiscalCodeOnce')
        .map((row: { fiscalCode: string }) => row.fiscalCode)
        .sort(),
    ).toEqual([misprint.fiscalCode, stray.fiscalCode, scanned.fiscalCode].sort());
    expect(byOutcome('companyNotFound')).toEqual([
      expect.objectContaining({ pages: [7], vatNumbers: [otherCompany.vatNumber], employee: null }),
    ]);
    expect(byOutcome('notUploaded').map((row: { pages: number[]; reason: string }) => [row.pages, row.reason])).toEqual(
      [
        [[2], 'noFiscalCode'],
        [[4], 'noFiscalCode'],
        [[5], 'noText'],
      ],
    );
    // "Convalidate all" leaves the held ones for a decision; naming one convalidates it.
    const all = await api(test.app, {
      method: 'POST',
      url: '/api/payslips/convalidate',
      token: accountant.token,
      body: { uploadId: done.id },
    });
    expect(all.json().data).toEqual({ convalidated: 0, notified: 0 });
    const held = byOutcome('fiscalCodeOnce')[0] as { payslipId: number };
    const named = await api(test.app, {
      method: 'POST',
      url: '/api/payslips/convalidate',
      token: accountant.token,
      body: { uploadId: done.id, payslipIds: [held.payslipId] },
    });
    expect(named.json().data).toEqual({ convalidated: 1, notified: 1 });
  });

  it('marks a file pdf.js cannot read as failed, unreadable, without retrying', async () => {
    const done = await uploadAndSplit(new TextEncoder().encode('%PDF-1.7\nthis is not really a PDF'), {
      companyId: String(company.id),
      year: '2026',
      month: '9',
    });
    expect(done).toMatchObject({ state: 'failed', failure: 'unreadable', pages: null });
  });
});

describe('bad input', () => {
  const pdfBytes = () =>
    generateConsultantFile({ company: { name: 'X', vatNumber: '08712340150' }, month: 'X', employees: [] });

  it('refuses a file that is not a PDF, a missing month, an unknown company and hostile text, each localized', async () => {
    const { pdf } = await pdfBytes();
    const notPdf = await upload(
      accountant.token,
      { bytes: 'hello', name: 'cedolini.pdf' },
      { companyId: String(company.id), year: '2026', month: '1' },
    );
    expect(notPdf.statusCode).toBe(415);
    expect(notPdf.json().code).toBe('payslipPdfRequired');
    const noMonth = await upload(accountant.token, { bytes: pdf }, { companyId: String(company.id), year: '2026' });
    expect(noMonth.statusCode).toBe(422);
    expect(Object.keys(noMonth.json().errors)).toEqual(['month']);
    const badMonth = await upload(
      accountant.token,
      { bytes: pdf },
      { companyId: String(company.id), year: '2026', month: '13' },
    );
    expect(badMonth.statusCode).toBe(422);
    expect(Object.keys(badMonth.json().errors)).toEqual(['month']);
    const unknown = await upload(accountant.token, { bytes: pdf }, { companyId: '99999', year: '2026', month: '1' });
    expect(unknown.statusCode).toBe(422);
    expect(Object.keys(unknown.json().errors)).toEqual(['companyId']);
    const hostile = await upload(accountant.token, { bytes: pdf }, { companyId: '1\u0000', year: '2026', month: '1' });
    expect(hostile.statusCode).toBe(422);
    // In the caller's language.
    const body = multipart(
      { name: 'x.pdf', bytes: 'hello' },
      { companyId: String(company.id), year: '2026', month: '1' },
    );
    const english = await test.app.inject({
      method: 'POST',
      url: '/api/payslips/uploads',
      headers: {
        ...csrfHeaders(),
        authorization: `Bearer ${accountant.token}`,
        'accept-language': 'en',
        'content-type': body.contentType,
      },
      payload: body.payload,
    });
    expect(english.json()).toMatchObject({ code: 'payslipPdfRequired', message: expect.stringContaining('PDF') });
    expect(english.json().message).not.toBe(notPdf.json().message);
  });

  it('refuses deleting a file still being split', async () => {
    const { pdf } = await generateConsultantFile({
      company: { name: company.name, vatNumber: company.vatNumber },
      month: 'AGOSTO 2026',
      employees: staff.slice(0, 1),
    });
    const response = await upload(
      accountant.token,
      { bytes: pdf },
      { companyId: String(company.id), year: '2026', month: '8' },
    );
    const id = response.json().data.upload.id;
    const refused = await api(test.app, {
      method: 'DELETE',
      url: `/api/payslips/uploads/${id}`,
      token: accountant.token,
    });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().code).toBe('payslipUploadProcessing');
    await test.app.jobs.drain();
  });
});

describe('the blacklist', () => {
  it('is listed once, withholds delivery and announcement, tells who holds the admin notification, and is removed', async () => {
    const person = staff[4] as (typeof staff)[0];
    const add = await api(test.app, {
      method: 'POST',
      url: '/api/payslips/blacklist',
      token: accountant.token,
      body: { userId: person.id, expiresOn: null },
    });
    expect(add.statusCode, add.body).toBe(201);
    const entryId = add.json().data.id;
    const twice = await api(test.app, {
      method: 'POST',
      url: '/api/payslips/blacklist',
      token: accountant.token,
      body: { userId: person.id },
    });
    expect(twice.json().code).toBe('payslipBlacklistExists');

    const { pdf } = await generateConsultantFile({
      company: { name: company.name, vatNumber: company.vatNumber },
      month: 'LUGLIO 2026',
      employees: [person],
    });
    const done = await uploadAndSplit(pdf, { companyId: String(company.id), year: '2026', month: '7' });
    const [item] = (await itemsOf(done.id)).data;
    expect(item).toMatchObject({ outcome: 'payslip', blacklisted: true });
    const [announced] = await test.db
      .select()
      .from(notifications)
      .where(
        and(eq(notifications.userId, accountant.id), eq(notifications.kind, 'adminNotifications.payslipBlacklist')),
      );
    expect(announced?.params).toMatchObject({ month: '07/2026' });
    const convalidated = await api(test.app, {
      method: 'POST',
      url: '/api/payslips/convalidate',
      token: accountant.token,
      body: { uploadId: done.id },
    });
    expect(convalidated.json().data).toEqual({ convalidated: 1, notified: 0 });
    expect((await api(test.app, { url: '/api/me/payslips', token: person.token })).json().data).toEqual([]);
    const resend = await api(test.app, {
      method: 'POST',
      url: `/api/payslips/${item?.payslipId}/notify`,
      token: accountant.token,
    });
    expect(resend.json().code).toBe('payslipBlacklisted');

    const listed = await api(test.app, { url: '/api/payslips/blacklist', token: accountant.token });
    expect(listed.json().data).toEqual([expect.objectContaining({ id: entryId, active: true, expiresOn: null })]);
    expect((await api(test.app, { url: '/api/payslips/blacklist', token: nobody.token })).statusCode).toBe(403);
    const removed = await api(test.app, {
      method: 'DELETE',
      url: `/api/payslips/blacklist/${entryId}`,
      token: accountant.token,
    });
    expect(removed.statusCode).toBe(200);
    expect((await api(test.app, { url: '/api/me/payslips', token: person.token })).json().data).toHaveLength(1);
    const audit = await test.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.entity, 'payslipBlacklist'))
      .orderBy(auditLog.id);
    expect(audit.map((row) => row.action)).toEqual(['payslipBlacklist.added', 'payslipBlacklist.removed']);
  });
});

describe('former employees and tax certificates', () => {
  it('a former employee, with no shop, gets their tax certificate: told, listed, downloaded', async () => {
    const former = staff[5] as (typeof staff)[0];
    const tax = await withAbilities(['taxCertificates.upload', 'taxCertificates.list']);
    const { pdf } = await generateConsultantFile({
      company: { name: company.name, vatNumber: company.vatNumber },
      month: '2025',
      title: 'CERTIFICAZIONE UNICA',
      employees: [former],
    });
    // Payslip abilities do not reach tax certificates.
    expect(
      (
        await upload(
          accountant.token,
          { bytes: pdf },
          { companyId: String(company.id), year: '2025' },
          '/api/tax-certificates',
        )
      ).statusCode,
    ).toBe(403);
    const response = await upload(
      tax.token,
      { bytes: pdf },
      { companyId: String(company.id), year: '2025' },
      '/api/tax-certificates',
    );
    expect(response.statusCode, response.body).toBe(202);
    await test.app.jobs.drain();
    const uploadId = response.json().data.upload.id;
    const convalidated = await api(test.app, {
      method: 'POST',
      url: '/api/tax-certificates/convalidate',
      token: tax.token,
      body: { uploadId },
    });
    expect(convalidated.json().data).toEqual({ convalidated: 1, notified: 1 });
    const todos = await api(test.app, { url: '/api/dashboard/todos', token: former.token });
    expect(todos.json().data).toEqual([expect.objectContaining({ key: 'newTaxCertificates', count: 1 })]);
    const own = await api(test.app, { url: '/api/me/tax-certificates', token: former.token });
    expect(own.json()).toMatchObject({ meta: { year: 2025 }, data: [{ month: null, kind: 'taxCertificate' }] });
    const file = await api(test.app, {
      url: `/api/tax-certificates/${own.json().data[0].id}/file`,
      token: former.token,
    });
    expect(file.statusCode).toBe(200);
    // The same id is no payslip.
    expect(
      (await api(test.app, { url: `/api/payslips/${own.json().data[0].id}/file`, token: former.token })).statusCode,
    ).toBe(404);
    // A former employee reaches their own documents, not the company's.
    expect((await api(test.app, { url: '/api/tax-certificates', token: former.token })).statusCode).toBe(403);
    const archive = await api(test.app, { url: '/api/tax-certificates?year=2025', token: tax.token });
    expect(archive.json().meta.total).toBe(1);
  });
});

describe('deleting a file', () => {
  it('removes every payslip of the file and their sealed files, audited with how many', async () => {
    const { pdf } = await generateConsultantFile({
      company: { name: company.name, vatNumber: company.vatNumber },
      month: 'GIUGNO 2026',
      employees: staff.slice(0, 3),
    });
    const done = await uploadAndSplit(pdf, { companyId: String(company.id), year: '2026', month: '6' });
    const keys = (await test.db.select().from(payslips).where(eq(payslips.uploadId, done.id))).map(
      (row) => row.storageKey,
    );
    expect(keys).toHaveLength(3);
    expect(
      (await api(test.app, { method: 'DELETE', url: `/api/payslips/uploads/${done.id}`, token: nobody.token }))
        .statusCode,
    ).toBe(403);
    const deleted = await api(test.app, {
      method: 'DELETE',
      url: `/api/payslips/uploads/${done.id}`,
      token: accountant.token,
    });
    expect(deleted.json().data).toEqual({ deleted: 3 });
    expect(await test.db.select().from(payslips).where(eq(payslips.uploadId, done.id))).toEqual([]);
    for (const key of keys) await expect(test.app.storage.get(key)).rejects.toThrow();
    const [audit] = await test.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'payslipUpload.deleted'), eq(auditLog.entityId, String(done.id))));
    expect(audit?.data).toMatchObject({ payslips: 3 });
    expect((await api(test.app, { url: `/api/payslips/uploads/${done.id}`, token: accountant.token })).statusCode).toBe(
      404,
    );
  });
});

describe('the demo', () => {
  it('seeds two convalidated months and last year’s CU per company, and this month’s file waiting for review', {
    timeout: 60_000,
  }, async () => {
    const demo = await createTestApp();
    try {
      await seedDemoPayslips(demo.db, {
        storage: demo.app.storage,
        appKey: demo.config.appKey,
        now: new Date('2026-11-25T10:00:00Z'),
        uploadedBy: 'contabilita',
      });
      const accounting = await signIn(demo.app, 'contabilita');
      const log = await api(demo.app, { url: '/api/payslips/uploads?perPage=100', token: accounting });
      const periods = log
        .json()
        .data.map((row: { month: number; year: number; state: string; counts: { problems: number } }) => [
          row.year,
          row.month,
          row.counts.problems,
        ]);
      expect(periods).toEqual(
        expect.arrayContaining([
          [2026, 11, 1],
          [2026, 10, 0],
          [2026, 9, 0],
        ]),
      );
      const pending = await api(demo.app, { url: '/api/payslips/uploads?pending=true', token: accounting });
      expect(pending.json().meta.total).toBe(1);
      // An employee finds their payslips and CU; the former employee too, with no shop.
      for (const login of ['dipendente', 'exdipendente']) {
        const token = await signIn(demo.app, login);
        const own = await api(demo.app, { url: '/api/me/payslips?year=2026', token });
        expect(own.json().data.map((row: { month: number }) => row.month)).toEqual([10, 9]);
        const file = await api(demo.app, { url: `/api/payslips/${own.json().data[0].id}/file`, token });
        expect(file.statusCode).toBe(200);
        const tax = await api(demo.app, { url: '/api/me/tax-certificates', token });
        expect(tax.json().meta.years).toEqual([2025]);
      }
    } finally {
      await demo.close();
    }
  });
});

describe('what each screen lists with its own ability', () => {
  it('the convalidate screen its pending uploads, the delete screen the deletable ones, the blacklist its candidates', async () => {
    const convalidator = await withAbilities(['employees.payslips.convalidate']);
    const deleter = await withAbilities(['employees.payslips.delete']);
    const lister = await withAbilities(['employees.payslips.blacklist.add']);
    const pending = await api(test.app, { url: '/api/payslips/uploads/pending', token: convalidator.token });
    expect(pending.statusCode, pending.body).toBe(200);
    for (const upload of pending.json().data) expect(upload.counts.convalidated).toBeLessThan(upload.counts.payslips);
    expect((await api(test.app, { url: '/api/payslips/uploads', token: convalidator.token })).statusCode).toBe(403);
    const deletable = await api(test.app, { url: '/api/payslips/uploads/deletable', token: deleter.token });
    expect(deletable.json().data.length).toBeGreaterThan(0);
    for (const upload of deletable.json().data) expect(upload.state).not.toBe('processing');
    const person = staff[5] as (typeof staff)[0];
    const found = await api(test.app, {
      url: `/api/payslips/blacklist/candidates?search=${person.fiscalCode.slice(0, 8).toLowerCase()}`,
      token: lister.token,
    });
    expect(found.json().data).toEqual([
      expect.objectContaining({ id: person.id, fiscalCode: person.fiscalCode, former: true }),
    ]);
    expect((await api(test.app, { url: '/api/payslips/blacklist/candidates', token: deleter.token })).statusCode).toBe(
      403,
    );
    // Company names for the pickers, to anyone signed in.
    const options = await api(test.app, { url: '/api/companies/options', token: nobody.token });
    expect(options.json().data).toEqual(expect.arrayContaining([{ id: company.id, name: company.name }]));
  });
});
