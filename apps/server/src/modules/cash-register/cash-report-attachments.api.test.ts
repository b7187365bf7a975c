import type { CashReportStatus } from '@bottega/contracts/cash-register';
import { and, asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  api,
  createTestApp,
  createUserWithAbilities,
  csrfHeaders,
  findShopId,
  multipart,
  signIn,
  storedKeys,
  type TestApp,
} from '../../../test/harness';
import { auditLog } from '../../platform/audit.schema';
import { cashReportAttachments, cashReports } from './cash-register.schema';

const uploadLimit = 64 * 1024;

let test: TestApp;
let adminToken: string;
/** Marco Rossi, Dipendente of MI01 and MI02. */
let staffToken: string;
let milanId: number;
let naplesId: number;

beforeAll(async () => {
  test = await createTestApp({ UPLOAD_LIMIT_BYTES: String(uploadLimit) });
  [adminToken, staffToken] = await Promise.all([signIn(test.app, 'admin'), signIn(test.app, 'dipendente')]);
  milanId = await findShopId(test.db, 'MI01');
  naplesId = await findShopId(test.db, 'NA01');
});
afterAll(() => test?.close());

let nextDay = 1;
/** A new report of the shop on a day of March not used yet, inserted directly. */
async function createReport(shopId: number, status: CashReportStatus = 'open'): Promise<number> {
  const businessDate = `2026-03-${String(nextDay++).padStart(2, '0')}`;
  const [row] = await test.db
    .insert(cashReports)
    .values({ shopId, businessDate, status })
    .returning({ id: cashReports.id });
  return (row as { id: number }).id;
}

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

const attachmentsUrl = (reportId: number) => `/api/cash-reports/${reportId}/attachments`;

function upload(reportId: number, file: File, token = staffToken) {
  const { payload, contentType } = multipart(file);
  return test.app.inject({
    method: 'POST',
    url: attachmentsUrl(reportId),
    headers: { ...csrfHeaders(), authorization: `Bearer ${token}`, 'content-type': contentType },
    payload,
  });
}

async function uploaded(reportId: number, file: File, token = staffToken): Promise<{ id: number }> {
  const response = await upload(reportId, file, token);
  expect(response.statusCode, response.body).toBe(201);
  return response.json().data;
}

const storedFiles = (reportId: number) => storedKeys(test.app, `cash-reports/${reportId}/`);

async function auditOf(entity: string, id: number) {
  return test.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.entity, entity), eq(auditLog.entityId, String(id))))
    .orderBy(asc(auditLog.id));
}

const fiscalClose = (): File => ({ name: 'chiusura fiscale è.pdf', type: 'application/pdf', bytes: pdfBytes() });

describe('cash report attachments', () => {
  it('stores photos and PDFs, lists them, previews inline (sandboxed) and downloads; deletion removes the file', async () => {
    const reportId = await createReport(milanId);
    const listedEmpty = await api(test.app, { url: attachmentsUrl(reportId), token: staffToken });
    expect(listedEmpty.json()).toEqual({ data: [] });

    const photo = await upload(reportId, { name: '../../scontrino POS.JPG', type: 'image/jpeg', bytes: jpegBytes() });
    expect(photo.statusCode, photo.body).toBe(201);
    expect(photo.json().data).toEqual({
      id: expect.any(Number),
      fileName: 'scontrino POS.JPG',
      contentType: 'image/jpeg',
      size: 600,
      uploadedBy: 'Marco Rossi',
      uploadedAt: expect.any(String),
    });
    const pdf = await uploaded(reportId, fiscalClose());
    // A name that says nothing: the content tells what it is.
    const png = await upload(reportId, { name: 'foto', type: 'application/octet-stream', bytes: pngBytes() });
    expect(png.json().data.contentType).toBe('image/png');
    expect(await storedFiles(reportId)).toHaveLength(3);

    const listed = await api(test.app, { url: attachmentsUrl(reportId), token: staffToken });
    expect(listed.statusCode).toBe(200);
    expect(listed.json().data.map((item: { fileName: string }) => item.fileName)).toEqual([
      'scontrino POS.JPG',
      'chiusura fiscale è.pdf',
      'foto',
    ]);

    // Area Controllo sees the shop's reports (view only).
    const controlToken = await signIn(test.app, 'areacontrollo');
    const inline = await api(test.app, { url: `${attachmentsUrl(reportId)}/${pdf.id}/file`, token: controlToken });
    expect(inline.statusCode).toBe(200);
    expect(inline.headers['content-type']).toBe('application/pdf');
    expect(inline.headers['content-disposition']).toBe(
      `inline; filename="chiusura fiscale _.pdf"; filename*=UTF-8''chiusura%20fiscale%20%C3%A8.pdf`,
    );
    expect(inline.headers['x-content-type-options']).toBe('nosniff');
    expect(inline.headers['content-security-policy']).toBe('sandbox');
    expect(inline.rawPayload.equals(Buffer.from(pdfBytes()))).toBe(true);
    const download = await api(test.app, {
      url: `${attachmentsUrl(reportId)}/${pdf.id}/file?download=1`,
      token: staffToken,
    });
    expect(download.headers['content-disposition']).toMatch(/^attachment; filename="chiusura fiscale _.pdf"/);
    const controlDelete = await api(test.app, {
      method: 'DELETE',
      url: `${attachmentsUrl(reportId)}/${pdf.id}`,
      token: controlToken,
    });
    expect(controlDelete.statusCode).toBe(403);

    const deleted = await api(test.app, {
      method: 'DELETE',
      url: `${attachmentsUrl(reportId)}/${pdf.id}`,
      token: staffToken,
    });
    expect(deleted.statusCode).toBe(200);
    expect(deleted.json()).toEqual({ data: { ok: true } });
    expect(await storedFiles(reportId)).toHaveLength(2);
    expect(
      (await api(test.app, { url: `${attachmentsUrl(reportId)}/${pdf.id}/file`, token: staffToken })).statusCode,
    ).toBe(404);
    expect(
      (await api(test.app, { method: 'DELETE', url: `${attachmentsUrl(reportId)}/${pdf.id}`, token: staffToken }))
        .statusCode,
    ).toBe(404);

    const audit = await auditOf('cashReportAttachment', pdf.id);
    expect(audit.map((row) => [row.action, row.fromState, row.toState])).toEqual([
      ['cashReportAttachment.uploaded', null, 'attached'],
      ['cashReportAttachment.deleted', 'attached', null],
    ]);
    expect(audit[0]).toMatchObject({
      actorId: expect.any(Number),
      data: {
        reportId,
        fileName: 'chiusura fiscale è.pdf',
        contentType: 'application/pdf',
        size: pdfBytes().byteLength,
        correction: false,
      },
    });
  });

  it('refuses other types (415), a content its name or type lies about (422) and a too large file (413)', async () => {
    const reportId = await createReport(milanId);
    const text = await upload(reportId, {
      name: 'note.txt',
      type: 'text/plain',
      bytes: new TextEncoder().encode('ciao'),
    });
    expect(text.statusCode).toBe(415);
    expect(text.json()).toEqual({
      code: 'fileTypeNotAllowed',
      message: "Questo tipo di file non è ammesso: carica un'immagine (JPEG, PNG, WebP) o un PDF.",
    });
    const gif = await upload(reportId, {
      name: 'animata.gif',
      type: 'image/gif',
      bytes: new TextEncoder().encode('GIF89a\u0000\u0000'),
    });
    expect(gif.statusCode).toBe(415);
    const renamed = await upload(reportId, { name: 'chiusura.pdf', type: 'application/pdf', bytes: pngBytes() });
    expect(renamed.statusCode).toBe(422);
    expect(renamed.json().code).toBe('fileContentMismatch');
    const large = await upload(reportId, { name: 'grande.jpg', type: 'image/jpeg', bytes: jpegBytes(uploadLimit + 1) });
    expect(large.statusCode).toBe(413);
    expect(large.json()).toEqual({ code: 'fileTooLarge', message: 'Il file è troppo grande: il massimo è 64 KiB.' });
    const notMultipart = await api(test.app, {
      method: 'POST',
      url: attachmentsUrl(reportId),
      token: staffToken,
      body: {},
    });
    expect(notMultipart.statusCode).toBe(415);
    expect(
      await test.db.select().from(cashReportAttachments).where(eq(cashReportAttachments.reportId, reportId)),
    ).toEqual([]);
    expect(await storedFiles(reportId)).toEqual([]);
  });

  it('keeps a closed day’s attachments as they are, except for those who may edit reports (audited as a correction)', async () => {
    const reportId = await createReport(milanId);
    const kept = await uploaded(reportId, fiscalClose());
    await test.db.update(cashReports).set({ status: 'closed' }).where(eq(cashReports.id, reportId));

    const refused = await upload(reportId, fiscalClose());
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toEqual({
      code: 'cashReportClosed',
      message:
        'La giornata è chiusa e non si può più modificare: le correzioni le fa chi può modificare i report, indicando il motivo.',
    });
    const removal = await api(test.app, {
      method: 'DELETE',
      url: `${attachmentsUrl(reportId)}/${kept.id}`,
      token: staffToken,
    });
    expect(removal.statusCode).toBe(409);
    expect(await storedFiles(reportId)).toHaveLength(1);
    // Still there to look at.
    expect(
      (await api(test.app, { url: `${attachmentsUrl(reportId)}/${kept.id}/file`, token: staffToken })).statusCode,
    ).toBe(200);

    const corrector = await createUserWithAbilities(
      test.db,
      ['shops.cashRegister.dailyClose', 'shops.analytics.editReports'],
      { shops: ['MI01'] },
    );
    const correctorToken = await signIn(test.app, corrector.username);
    const added = await uploaded(reportId, { name: 'pos.png', type: 'image/png', bytes: pngBytes() }, correctorToken);
    expect((await auditOf('cashReportAttachment', added.id))[0]?.data).toMatchObject({ correction: true });
    const removed = await api(test.app, {
      method: 'DELETE',
      url: `${attachmentsUrl(reportId)}/${kept.id}`,
      token: correctorToken,
    });
    expect(removed.statusCode).toBe(200);
    expect(await storedFiles(reportId)).toHaveLength(1);
    expect((await auditOf('cashReport', reportId)).map((row) => [row.action, row.actorId, row.data])).toEqual([
      [
        'cashReport.contentCorrected',
        corrector.id,
        { entity: 'cashReportAttachment', entityId: added.id, change: 'created' },
      ],
      [
        'cashReport.contentCorrected',
        corrector.id,
        { entity: 'cashReportAttachment', entityId: kept.id, change: 'deleted' },
      ],
    ]);
  });

  it('answers 403 without the ability', async () => {
    const reportId = await createReport(milanId);
    const attachment = await uploaded(reportId, fiscalClose());
    const viewer = await createUserWithAbilities(test.db, ['shops.cashRegister.view'], { shops: ['MI01'] });
    const viewerToken = await signIn(test.app, viewer.username);
    expect((await api(test.app, { url: attachmentsUrl(reportId), token: viewerToken })).statusCode).toBe(200);
    const refused = await upload(reportId, fiscalClose(), viewerToken);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({ code: 'forbidden', message: 'Non hai il permesso per questa operazione.' });
    const closer = await createUserWithAbilities(test.db, ['shops.cashRegister.dailyClose'], { shops: ['MI01'] });
    const closerToken = await signIn(test.app, closer.username);
    expect((await api(test.app, { url: attachmentsUrl(reportId), token: closerToken })).statusCode).toBe(403);
    expect(
      (await api(test.app, { url: `${attachmentsUrl(reportId)}/${attachment.id}/file`, token: closerToken }))
        .statusCode,
    ).toBe(403);
    expect(await storedFiles(reportId)).toHaveLength(1);
  });

  it('answers 404 for another shop’s report and for an attachment of another report', async () => {
    const naplesReport = await createReport(naplesId);
    const naplesFile = await uploaded(naplesReport, fiscalClose(), adminToken);
    const list = await api(test.app, { url: attachmentsUrl(naplesReport), token: staffToken });
    expect(list.statusCode).toBe(404);
    expect(list.json()).toEqual({ code: 'notFound', message: 'Elemento non trovato.' });
    expect((await upload(naplesReport, fiscalClose())).statusCode).toBe(404);
    expect(await storedFiles(naplesReport)).toHaveLength(1);
    const fileUrl = `${attachmentsUrl(naplesReport)}/${naplesFile.id}/file`;
    expect((await api(test.app, { url: fileUrl, token: staffToken })).statusCode).toBe(404);
    expect(
      (
        await api(test.app, {
          method: 'DELETE',
          url: `${attachmentsUrl(naplesReport)}/${naplesFile.id}`,
          token: staffToken,
        })
      ).statusCode,
    ).toBe(404);

    // Naples' file through a Milan report is not found either.
    const milanReport = await createReport(milanId);
    const crossed = `${attachmentsUrl(milanReport)}/${naplesFile.id}`;
    expect((await api(test.app, { url: `${crossed}/file`, token: staffToken })).statusCode).toBe(404);
    expect((await api(test.app, { method: 'DELETE', url: crossed, token: staffToken })).statusCode).toBe(404);
    expect(await storedFiles(naplesReport)).toHaveLength(1);
    expect((await api(test.app, { url: fileUrl, token: adminToken })).statusCode).toBe(200);
  });
});
