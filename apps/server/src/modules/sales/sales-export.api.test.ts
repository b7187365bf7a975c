// The receipts export (issue 18): asked for on the shop's sales-feed page, run as a job that reports its progress
// day by day to the person who asked, written as a CSV for Italian Excel and downloaded by that person alone.
import { tmpdir } from 'node:os';
import path from 'node:path';
import { businessDate } from '@bottega/contracts/dates';
import { type Job, jobProgressEvent } from '@bottega/contracts/jobs';
import { userChannel } from '@bottega/contracts/notifications';
import { type ReceiptRecordInput, salesExportBodySchema } from '@bottega/contracts/sales';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { api, createTestApp, createUserWithAbilities, findShopId, signIn, type TestApp } from '../../../test/harness';
import { auditLog } from '../../platform/audit.schema';
import { enqueueJob } from '../../platform/jobs';
import { jobs } from '../../platform/jobs.schema';
import { users } from '../employees/employees.schema';
import { receiptsExportJob, salesExportsCleanupJob } from './sales.jobs';
import { ingestReceipts } from './sales-ingest.service';

let test: TestApp;
let milanId: number;
let naplesId: number;
/** Holds exactly the ability of the sales-feed page, in Milan. */
let exporter: { id: number; token: string };
/** The same ability and shop: a colleague who did not start the export. */
let colleague: { id: number; token: string };
let adminToken: string;
let adminName: string;

let receiptNumber = 0;
/** A receipt of Milan's register R1: `lines` as [code, description, quantity, unit cents, VAT basis points]. */
function receipt(
  day: string,
  time: string,
  lines: [string, string, number, number, number][],
  options: { type?: 'sale' | 'return'; employee?: string | null } = {},
): ReceiptRecordInput {
  receiptNumber += 1;
  const records = lines.map(([productCode, description, quantity, unitPriceCents, vatRate]) => ({
    productCode,
    description,
    quantity,
    unitPriceCents,
    subtotalCents: quantity * unitPriceCents,
    vatRate,
  }));
  const totalCents = records.reduce((total, line) => total + line.subtotalCents, 0);
  return {
    registerCode: 'R1',
    businessDate: day,
    issuedAt: `${day}T${time}+01:00`,
    receiptNumber,
    sequenceNumber: 5000 + receiptNumber,
    type: options.type ?? 'sale',
    employee: options.employee ?? null,
    totalCents,
    pieces: records.reduce((total, line) => total + line.quantity, 0),
    lines: records,
    payments: [{ method: 'cash', amountCents: totalCents }],
  };
}

async function signedIn(abilities: Parameters<typeof createUserWithAbilities>[1], shops: string[]) {
  const user = await createUserWithAbilities(test.db, abilities, { shops });
  return { id: user.id, token: await signIn(test.app, user.username) };
}

const requestExport = (token: string | undefined, shopId: number, body: unknown) =>
  api(test.app, { method: 'POST', url: `/api/shops/${shopId}/sales-exports`, token, body });

/** Requests Milan's export of the range as the exporter and runs it: the finished job. */
async function exportedJob(from: string, to: string): Promise<Job> {
  const response = await requestExport(exporter.token, milanId, { from, to });
  expect(response.statusCode, response.body).toBe(202);
  await test.app.jobs.drain();
  const job = await api(test.app, { url: `/api/jobs/${response.json().data.id}`, token: exporter.token });
  expect(job.statusCode, job.body).toBe(200);
  return job.json().data;
}

beforeAll(async () => {
  test = await createTestApp();
  milanId = await findShopId(test.db, 'MI01');
  naplesId = await findShopId(test.db, 'NA01');
  exporter = await signedIn(['shops.manage.view'], ['MI01']);
  colleague = await signedIn(['shops.manage.view'], ['MI01']);
  adminToken = await signIn(test.app, 'admin');
  const [admin] = await test.db
    .select({ name: sql<string>`${users.name} || ' ' || ${users.surname}` })
    .from(users)
    .where(eq(users.username, 'admin'));
  adminName = admin?.name as string;
  const milan = await ingestReceipts({
    db: test.db,
    shopId: milanId,
    clientId: null,
    records: [
      receipt(
        '2026-03-10',
        '09:15:00',
        [
          ['P1', 'Borsa "Città"; pelle', 2, 60_000, 2200],
          ['P2', 'Libro', 1, 3450, 400],
        ],
        { employee: 'admin' },
      ),
      receipt('2026-03-10', '17:40:00', [['P2', 'Libro', -1, 3450, 400]], { type: 'return' }),
      receipt('2026-03-12', '11:05:00', [['P3', '=1+1', 1, 999, 2200]]),
      // Outside the range: not exported.
      receipt('2026-03-13', '10:00:00', [['P4', 'Fuori periodo', 1, 100, 2200]]),
    ],
  });
  expect(milan.accepted).toBe(4);
  const naples = await ingestReceipts({
    db: test.db,
    shopId: naplesId,
    clientId: null,
    records: [receipt('2026-03-10', '10:00:00', [['P9', 'Napoli', 1, 500, 2200]])],
  });
  expect(naples.accepted).toBe(1);
});
afterAll(() => test?.close());

describe('an export', () => {
  let job: Job;
  let pushes: { channel: string; job: Job }[];

  beforeAll(async () => {
    const publish = vi.spyOn(test.app.realtime, 'publish');
    job = await exportedJob('2026-03-09', '2026-03-12');
    pushes = publish.mock.calls
      .filter(([, event, payload]) => event === jobProgressEvent && (payload as Job).id === job.id)
      .map(([channel, , payload]) => ({ channel, job: payload as Job }));
    publish.mockRestore();
  });

  it('runs day by day, its progress pushed to the person who asked and kept on the job', async () => {
    expect(job.kind).toBe(receiptsExportJob.kind);
    expect(job.state).toBe('done');
    expect(job.progress).toEqual({ done: 4, total: 4, message: '12/03/2026' });
    expect(job.result).toEqual({
      key: expect.stringMatching(/^sales-exports\/\d+\/[0-9a-f-]+\.csv$/),
      fileName: 'scontrini-MI01-2026-03-09-2026-03-12.csv',
      rows: 4,
      link: `/api/sales-exports/${job.id}/download`,
    });
    // The first day and the last one at least (closer moves are thinned to one every 300 ms), then the end.
    expect(pushes.length).toBeGreaterThanOrEqual(3);
    expect(new Set(pushes.map((push) => push.channel))).toEqual(new Set([userChannel(exporter.id)]));
    expect(pushes[0]?.job.progress).toEqual({ done: 1, total: 4, message: '09/03/2026' });
    expect(pushes.at(-1)?.job.state).toBe('done');
    const [row] = await test.db.select().from(jobs).where(eq(jobs.id, job.id));
    expect([row?.progressDone, row?.progressTotal, row?.startedBy]).toEqual([4, 4, exporter.id]);
  });

  it('is a CSV for Italian Excel: byte order mark, semicolons, decimal commas, a row per receipt line', async () => {
    const response = await api(test.app, { url: job.result?.link as string, token: exporter.token });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(response.headers['content-disposition']).toMatch(
      /^attachment; filename="scontrini-MI01-2026-03-09-2026-03-12\.csv"/,
    );
    const bytes = response.rawPayload;
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    expect(bytes.subarray(3).toString('utf8').split('\r\n')).toEqual([
      'Data;Ora;Cassa;Numero scontrino;Tipo;Dipendente;Codice articolo;Descrizione;Quantità;Prezzo unitario;' +
        'Subtotale;Aliquota IVA %;Pagamenti',
      `10/03/2026;09:15:00;R1;1;Vendita;${adminName};P1;"Borsa ""Città""; pelle";2;600,00;1200,00;22;Contanti 1234,50`,
      `10/03/2026;09:15:00;R1;1;Vendita;${adminName};P2;Libro;1;34,50;34,50;4;Contanti 1234,50`,
      '10/03/2026;17:40:00;R1;2;Reso;;P2;Libro;-1;34,50;-34,50;4;Contanti -34,50',
      "12/03/2026;11:05:00;R1;3;Vendita;;P3;'=1+1;1;9,99;9,99;22;Contanti 9,99",
      '',
    ]);
  });

  it('is written under the data folder of the installation (a temporary one in tests), never the repository', async () => {
    expect(test.config.dataDir.startsWith(tmpdir())).toBe(true);
    const key = job.result?.key as string;
    const bytes = await test.app.storage.get(key);
    expect(bytes.byteLength).toBeGreaterThan(0);
    expect(path.relative(tmpdir(), path.join(test.config.dataDir, 'files', key)).startsWith('..')).toBe(false);
  });

  it('downloads for the person who started it only', async () => {
    const link = job.result?.link as string;
    expect((await api(test.app, { url: link, token: colleague.token })).statusCode).toBe(404);
    expect((await api(test.app, { url: link, token: adminToken })).statusCode).toBe(404);
    expect((await api(test.app, { url: link })).statusCode).toBe(401);
    expect((await api(test.app, { url: `/api/jobs/${job.id}`, token: colleague.token })).statusCode).toBe(404);
  });

  it("is listed for its starter on the shop's page, newest first, and for no one else", async () => {
    const own = await api(test.app, { url: `/api/shops/${milanId}/sales-exports`, token: exporter.token });
    expect(own.statusCode, own.body).toBe(200);
    expect(own.json().data[0]).toMatchObject({ id: job.id, state: 'done', from: '2026-03-09', to: '2026-03-12' });
    const theirs = await api(test.app, { url: `/api/shops/${milanId}/sales-exports`, token: colleague.token });
    expect(theirs.json().data).toEqual([]);
  });

  it('is audited: who asked, for which shop and range', async () => {
    const entries = await test.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'shop.receiptsExportRequested'), eq(auditLog.actorId, exporter.id)));
    expect(entries.map((entry) => [entry.entityId, entry.toState, entry.data])).toContainEqual([
      String(milanId),
      'queued',
      { jobId: job.id, from: '2026-03-09', to: '2026-03-12' },
    ]);
  });
});

describe('the list of exports', () => {
  it("holds one shop's only", async () => {
    const response = await api(test.app, {
      method: 'POST',
      url: `/api/shops/${naplesId}/sales-exports`,
      token: adminToken,
      body: { from: '2026-03-10', to: '2026-03-10' },
    });
    expect(response.statusCode, response.body).toBe(202);
    await test.app.jobs.drain();
    const naples = await api(test.app, { url: `/api/shops/${naplesId}/sales-exports`, token: adminToken });
    expect(naples.json().data.map((item: Job) => item.id)).toEqual([response.json().data.id]);
    const milan = await api(test.app, { url: `/api/shops/${milanId}/sales-exports`, token: adminToken });
    expect(milan.json().data).toEqual([]);
  });
});

describe('a request', () => {
  it('needs the ability of the sales-feed page (403)', async () => {
    const cashier = await signedIn(['shops.cashRegister.view'], ['MI01']);
    const body = { from: '2026-03-10', to: '2026-03-10' };
    expect((await requestExport(cashier.token, milanId, body)).statusCode).toBe(403);
    expect((await api(test.app, { url: `/api/shops/${milanId}/sales-exports`, token: cashier.token })).statusCode).toBe(
      403,
    );
    expect((await requestExport(undefined, milanId, body)).statusCode).toBe(401);
  });

  it("answers 404 for a shop that is not the person's", async () => {
    const body = { from: '2026-03-10', to: '2026-03-10' };
    expect((await requestExport(exporter.token, naplesId, body)).statusCode).toBe(404);
    expect(
      (await api(test.app, { url: `/api/shops/${naplesId}/sales-exports`, token: exporter.token })).statusCode,
    ).toBe(404);
  });

  it('refuses a range backwards, longer than 93 days, reaching into the future or holding NUL (422), queuing nothing', async () => {
    const before = await test.db.select({ id: jobs.id }).from(jobs).where(eq(jobs.kind, receiptsExportJob.kind));
    const tomorrow = businessDate(new Date(Date.now() + 36 * 60 * 60 * 1000));
    const cases: [unknown, string, string][] = [
      [
        { from: '2026-03-12', to: '2026-03-10' },
        'to',
        'La data finale deve essere uguale o successiva a quella iniziale.',
      ],
      [{ from: '2026-01-01', to: '2026-04-04' }, 'to', 'Al massimo 93 giorni alla volta.'],
      [{ from: businessDate(), to: tomorrow }, 'to', 'La data non può essere nel futuro.'],
      [{ from: '2026-03-10\u0000', to: '2026-03-10' }, 'from', 'Il testo contiene caratteri non ammessi'],
      [{ from: '10/03/2026', to: '2026-03-10' }, 'from', 'Data non valida.'],
      [{ to: '2026-03-10' }, 'from', 'Campo obbligatorio.'],
    ];
    for (const [body, field, message] of cases) {
      const response = await requestExport(exporter.token, milanId, body);
      expect(response.statusCode, JSON.stringify(body)).toBe(422);
      expect(response.json().errors[field]?.[0], JSON.stringify(body)).toContain(message);
    }
    const after = await test.db.select({ id: jobs.id }).from(jobs).where(eq(jobs.kind, receiptsExportJob.kind));
    expect(after).toHaveLength(before.length);
    // 93 days, both ends counted, is the longest range.
    expect(salesExportBodySchema.safeParse({ from: '2026-01-01', to: '2026-04-03' }).success).toBe(true);
  });
});

describe('an export older than a week', () => {
  it('loses its file and its job in the nightly clean-up; a recent one stays', async () => {
    const old = await exportedJob('2026-03-10', '2026-03-10');
    const recent = await exportedJob('2026-03-12', '2026-03-12');
    await test.db
      .update(jobs)
      .set({ createdAt: new Date(Date.now() - 8 * 24 * 60 * 60 * 1000) })
      .where(eq(jobs.id, old.id));
    await enqueueJob(test.db, salesExportsCleanupJob, {});
    await test.app.jobs.drain();
    expect(await test.db.select({ id: jobs.id }).from(jobs).where(eq(jobs.id, old.id))).toEqual([]);
    await expect(test.app.storage.get(old.result?.key as string)).rejects.toThrow();
    const download = await api(test.app, { url: old.result?.link as string, token: exporter.token });
    expect(download.statusCode).toBe(404);
    expect((await test.app.storage.get(recent.result?.key as string)).byteLength).toBeGreaterThan(0);
  });
});
