// The POS archive through the API (issue 21): a settlement file uploaded and imported by its job (entries per shop by
// merchant code, unknown codes counted, the same rows never twice), refused files failing whole with their problem, the
// archive's filters and totals scoped to the viewer's shops, the per-day comparison with the cash reports and the
// sales, the audit, the "POS bank loaded" notification, and the one ability on every route.
import { and, asc, count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  api,
  createTestApp,
  createUserWithAbilities,
  csrfHeaders,
  findShopId,
  findUserId,
  multipart,
  signIn,
  type TestApp,
} from '../../../test/harness';
import type { PosSettlementRow } from '../../integrations/pos/pos-settlement';
import { writePosSettlement } from '../../integrations/pos/pos-settlement.simulator';
import { auditLog } from '../../platform/audit.schema';
import { cashReports } from '../cash-register/cash-register.schema';
import { notifications } from '../notifications/notifications.schema';
import { salesDays } from '../sales/sales.schema';
import { shops } from '../shops/shops.schema';
import { posEntries } from './pos.schema';

let test: TestApp;
/** Laura Bianchi, Contabilità: every shop; hears of POS files loaded. */
let accountingToken: string;
let accountingId: number;
/** Holds only the POS archive, member of MI01 alone. */
let clerk: { id: number; token: string };
/** Holds everything but the POS archive. */
let nobodyToken: string;
let milan: { id: number; merchantCode: string };
let naples: { id: number; merchantCode: string };

type Row = Omit<PosSettlementRow, 'line'>;
const row = (overrides: Partial<Row>): Row => ({
  date: '2026-03-02',
  merchantCode: milan.merchantCode,
  terminal: 'MI01-01',
  cardType: 'VISA',
  amountCents: 10_000,
  state: 'accepted',
  authorisationCode: '100001',
  ...overrides,
});

/** Five rows for two shops (two of them identical: two transactions) and two of a merchant code nobody has. */
function settlement(): string {
  return writePosSettlement([
    row({}),
    row({}),
    row({ cardType: 'MASTERCARD', amountCents: 3_000, state: 'refused', authorisationCode: '' }),
    row({ date: '2026-03-03', amountCents: -2_000, state: 'reversed', authorisationCode: '100002' }),
    row({ date: '2026-03-03', merchantCode: naples.merchantCode, terminal: 'NA01-01', authorisationCode: '200001' }),
    row({ merchantCode: '4570099999', terminal: 'XX-01', authorisationCode: '900001' }),
    row({ merchantCode: '4570099999', terminal: 'XX-01', authorisationCode: '900002' }),
  ]);
}

function send(token: string, bytes: Uint8Array | string, name = 'estratto.csv') {
  const body = multipart({ name, type: 'text/csv', bytes });
  return test.app.inject({
    method: 'POST',
    url: '/api/pos/uploads',
    headers: { ...csrfHeaders(), authorization: `Bearer ${token}`, 'content-type': body.contentType },
    payload: body.payload,
  });
}

/** Uploads and runs the import: the upload as listed once its job is done, and the job. */
async function uploadAndImport(bytes: Uint8Array | string, token = clerk.token) {
  const response = await send(token, bytes);
  expect(response.statusCode, response.body).toBe(202);
  const { upload, job } = response.json().data;
  expect(upload.state).toBe('processing');
  await test.app.jobs.drain();
  const answer = await api(test.app, { url: `/api/pos/uploads/${upload.id}`, token });
  const jobAnswer = await api(test.app, { url: `/api/jobs/${job.id}`, token });
  return { upload: answer.json().data, job: jobAnswer.json().data };
}

async function entryCount(): Promise<number> {
  const [row] = await test.db.select({ value: count() }).from(posEntries);
  return row?.value ?? 0;
}

function get(url: string, token = accountingToken) {
  return api(test.app, { url, token });
}

beforeAll(async () => {
  test = await createTestApp({ CLOCK_START: '2026-03-12T15:00:00+01:00' });
  accountingToken = await signIn(test.app, 'contabilita');
  accountingId = await findUserId(test.db, 'contabilita');
  const clerkUser = await createUserWithAbilities(test.db, ['shops.bank.posArchive'], { shops: ['MI01'] });
  clerk = { id: clerkUser.id, token: await signIn(test.app, clerkUser.username) };
  const nobody = await createUserWithAbilities(test.db, ['shops.bank.deposits.view', 'shops.manage.viewAllList'], {
    shops: ['MI01'],
  });
  nobodyToken = await signIn(test.app, nobody.username);
  const codeOf = async (code: string) => {
    const id = await findShopId(test.db, code);
    const [shop] = await test.db.select({ merchantCode: shops.merchantCode }).from(shops).where(eq(shops.id, id));
    return { id, merchantCode: shop?.merchantCode ?? '' };
  };
  milan = await codeOf('MI01');
  naples = await codeOf('NA01');
});
afterAll(() => test?.close());

describe('importing a settlement file', () => {
  let uploadId: number;

  it('gives each row to the shop of its merchant code, counts the unknown codes, audits and notifies', async () => {
    const { upload, job } = await uploadAndImport(settlement());
    uploadId = upload.id;
    expect(job).toMatchObject({ state: 'done', progress: { done: 5, total: 5 } });
    expect(upload).toMatchObject({
      state: 'imported',
      failure: null,
      rows: 5,
      newRows: 5,
      unknownMerchants: [{ merchantCode: '4570099999', rows: 2 }],
      firstDate: '2026-03-02',
      lastDate: '2026-03-03',
      uploadedBy: { id: clerk.id },
    });
    const entries = await test.db.select().from(posEntries).orderBy(asc(posEntries.id));
    expect(entries.map((entry) => [entry.shopId, entry.date, entry.amountCents, entry.state])).toEqual([
      [milan.id, '2026-03-02', 10_000, 'accepted'],
      [milan.id, '2026-03-02', 10_000, 'accepted'],
      [milan.id, '2026-03-02', 3_000, 'refused'],
      [milan.id, '2026-03-03', -2_000, 'reversed'],
      [naples.id, '2026-03-03', 10_000, 'accepted'],
    ]);
    const audit = await test.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity, 'posUpload'), eq(auditLog.entityId, String(uploadId))))
      .orderBy(asc(auditLog.id));
    expect(audit.map((entry) => [entry.action, entry.actorId, entry.fromState, entry.toState])).toEqual([
      ['posUpload.uploaded', clerk.id, null, 'processing'],
      ['posUpload.imported', clerk.id, 'processing', 'imported'],
    ]);
    // Accounting hears of it in the app; the uploader, who did it, does not.
    const told = await test.db
      .select({ userId: notifications.userId, params: notifications.params, link: notifications.link })
      .from(notifications)
      .where(eq(notifications.kind, 'adminNotifications.posBankLoaded'));
    expect(told).toContainEqual({
      userId: accountingId,
      params: { from: '02/03/2026', to: '03/03/2026', rows: 5 },
      link: '/app/shops/pos/archive',
    });
    expect(told.map((notification) => notification.userId)).not.toContain(clerk.id);
  });

  it('adds nothing when the same rows come again, and tells nobody', async () => {
    const before = await entryCount();
    const [{ value: toldBefore } = { value: 0 }] = await test.db
      .select({ value: count() })
      .from(notifications)
      .where(eq(notifications.kind, 'adminNotifications.posBankLoaded'));
    const { upload } = await uploadAndImport(settlement());
    expect(upload).toMatchObject({ state: 'imported', rows: 5, newRows: 0 });
    expect(await entryCount()).toBe(before);
    const [{ value: toldAfter } = { value: 0 }] = await test.db
      .select({ value: count() })
      .from(notifications)
      .where(eq(notifications.kind, 'adminNotifications.posBankLoaded'));
    expect(toldAfter).toBe(toldBefore);
  });

  it('lists the uploads newest first and gives back the file as it was sent', async () => {
    const list = await get('/api/pos/uploads?perPage=1');
    expect(list.statusCode, list.body).toBe(200);
    expect(list.json().meta.total).toBe(2);
    expect(list.json().data[0].id).toBeGreaterThan(uploadId);
    const file = await get(`/api/pos/uploads/${uploadId}/file`);
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toContain('text/csv');
    expect(file.body).toBe(settlement());
    expect((await get('/api/pos/uploads/999999')).statusCode).toBe(404);
  });
});

describe('a file that cannot be read', () => {
  const good = () => settlement();

  it.each([
    {
      name: 'truncated in the middle of a row',
      bytes: () => {
        const text = good();
        return text.slice(0, text.indexOf('\r\n', text.indexOf('\r\n') + 1) + 14);
      },
      failure: { kind: 'field', line: 3, field: 'terminal' },
    },
    {
      name: 'with NUL bytes (UTF-16 or binary)',
      bytes: () => new Uint8Array([...new TextEncoder().encode(good().slice(0, 40)), 0, 0, 0x41]),
      failure: { kind: 'encoding' },
    },
    {
      name: 'without some columns',
      bytes: () => 'Data;Importo;Stato\n02/03/2026;10,00;ESEGUITA\n',
      failure: { kind: 'header', missing: ['merchantCode', 'terminal', 'cardType', 'authorisationCode'] },
    },
    {
      name: 'with an amount that cannot be read',
      bytes: () => good().replace('100,00', '1OO,00'),
      failure: { kind: 'field', line: 2, field: 'amountCents' },
    },
    {
      name: 'with broken quoting',
      bytes: () => `${good()}"02/03/2026;x\n`,
      failure: { kind: 'unreadable' },
    },
  ])('fails whole when $name, with the problem, nothing imported', async ({ bytes, failure }) => {
    const before = await entryCount();
    const { upload, job } = await uploadAndImport(bytes());
    expect(job.state).toBe('done');
    expect(upload).toMatchObject({ state: 'failed', failure, rows: 0, newRows: 0 });
    expect(await entryCount()).toBe(before);
    const [audit] = await test.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'posUpload.failed'), eq(auditLog.entityId, String(upload.id))));
    expect(audit).toMatchObject({ fromState: 'processing', toState: 'failed', data: { failure } });
  });

  it('refuses a file over the limit before keeping it', async () => {
    const response = await send(clerk.token, new Uint8Array(20 * 1024 * 1024 + 1));
    expect(response.statusCode).toBe(413);
    expect(response.json()).toMatchObject({ code: 'fileTooLarge', message: expect.stringContaining('20 MiB') });
  });
});

describe('the archive', () => {
  it('pages the entries newest day first with the totals of all the filters select', async () => {
    const all = await get('/api/pos/entries?month=2026-03&perPage=2');
    expect(all.statusCode, all.body).toBe(200);
    expect(all.json()).toMatchObject({
      meta: { page: 1, perPage: 2, total: 5 },
      // Accepted less reversed; refused moves nothing.
      totals: { count: 5, settledCents: 28_000 },
      cardTypes: ['MASTERCARD', 'VISA'],
    });
    expect(all.json().data.map((entry: { date: string }) => entry.date)).toEqual(['2026-03-03', '2026-03-03']);
    const milanOnly = await get(`/api/pos/entries?month=2026-03&shopId=${milan.id}`);
    expect(milanOnly.json().totals).toEqual({ count: 4, settledCents: 18_000 });
    const refused = await get('/api/pos/entries?state=refused');
    expect(refused.json().totals).toEqual({ count: 1, settledCents: 0 });
    expect(refused.json().data[0]).toMatchObject({ shopCode: 'MI01', cardType: 'MASTERCARD', amountCents: 3_000 });
    const visa = await get('/api/pos/entries?cardType=VISA&from=2026-03-03&to=2026-03-03');
    expect(visa.json().totals).toEqual({ count: 2, settledCents: 8_000 });
    const april = await get('/api/pos/entries?month=2026-04');
    expect(april.json()).toMatchObject({ data: [], totals: { count: 0, settledCents: 0 }, cardTypes: [] });
  });

  it('exports every entry the filters select as CSV, headings and states in the asked language', async () => {
    const csv = await api(test.app, {
      url: `/api/pos/entries/export?month=2026-03&shopId=${milan.id}`,
      token: accountingToken,
      lng: 'en',
    });
    expect(csv.statusCode, csv.body).toBe(200);
    expect(csv.headers['content-disposition']).toContain('pos-archive-2026-03-01_2026-03-31.csv');
    const lines = csv.body
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    expect(lines[0]).toBe('Date;Shop;Merchant code;Terminal;Card type;Amount;State;Authorisation code');
    expect(lines).toHaveLength(5);
    expect(lines[1]).toMatch(/^03\/03\/2026;MI01 · .*;MI01-01;VISA;-20,00;Reversed;100002$/);
  });

  it('shows a member their own shops only; another shop answers 404', async () => {
    const own = await get('/api/pos/entries', clerk.token);
    expect(own.json().totals).toEqual({ count: 4, settledCents: 18_000 });
    expect((await get(`/api/pos/entries?shopId=${naples.id}`, clerk.token)).statusCode).toBe(404);
    expect((await get(`/api/pos/entries/export?month=2026-03&shopId=${naples.id}`, clerk.token)).statusCode).toBe(404);
    expect((await get(`/api/pos/comparison?month=2026-03&shopId=${naples.id}`, clerk.token)).statusCode).toBe(404);
  });

  it('refuses filters it cannot read, in the viewer’s language', async () => {
    const backwards = await api(test.app, {
      url: '/api/pos/entries?from=2026-03-05&to=2026-03-01',
      token: clerk.token,
    });
    expect(backwards.statusCode).toBe(422);
    expect(backwards.json().errors).toHaveProperty('to');
    const noMonth = await api(test.app, { url: '/api/pos/comparison?month=2026-13', token: clerk.token, lng: 'en' });
    expect((await get('/api/pos/entries/export')).statusCode).toBe(422);
    expect(noMonth.statusCode).toBe(422);
    expect(noMonth.json()).toMatchObject({ code: 'validation', errors: { month: expect.any(Array) } });
    expect(noMonth.json().message).toMatch(/[a-z]/i);
    const state = await get('/api/pos/entries?state=lost');
    expect(state.statusCode).toBe(422);
  });
});

describe('the comparison', () => {
  beforeAll(async () => {
    await test.db.insert(cashReports).values([
      { shopId: milan.id, businessDate: '2026-03-02', posSubtotalCents: 20_000 },
      { shopId: milan.id, businessDate: '2026-03-03', posSubtotalCents: -2_000 },
      { shopId: naples.id, businessDate: '2026-03-03', posSubtotalCents: 10_000 },
      // After the last day any file covers: not settled yet, so not compared.
      { shopId: milan.id, businessDate: '2026-03-05', posSubtotalCents: 7_000 },
    ]);
    await test.db.insert(salesDays).values([
      { shopId: milan.id, businessDate: '2026-03-02', creditCardCents: 15_000, bancomatCents: 5_000 },
      { shopId: milan.id, businessDate: '2026-03-03', creditCardCents: -2_000 },
      // A card payment the acquirer never settled.
      { shopId: naples.id, businessDate: '2026-03-03', creditCardCents: 10_000, bancomatCents: 4_500 },
    ]);
  });

  it('puts each shop’s day settled beside its report and its sales, flagging the days that differ', async () => {
    const answer = await get('/api/pos/comparison?month=2026-03');
    expect(answer.statusCode, answer.body).toBe(200);
    expect(answer.json().data).toEqual({
      month: '2026-03',
      differing: 1,
      days: [
        {
          shopId: milan.id,
          shopCode: 'MI01',
          shopName: expect.any(String),
          date: '2026-03-02',
          settlementCents: 20_000,
          reportCents: 20_000,
          salesCents: 20_000,
          differs: false,
        },
        expect.objectContaining({ shopId: milan.id, date: '2026-03-03', settlementCents: -2_000, differs: false }),
        expect.objectContaining({
          shopId: naples.id,
          date: '2026-03-03',
          settlementCents: 10_000,
          reportCents: 10_000,
          salesCents: 14_500,
          differs: true,
        }),
      ],
    });
  });

  it('keeps a member to their shops, and has nothing for a month no file covers', async () => {
    const own = await get('/api/pos/comparison?month=2026-03', clerk.token);
    expect(own.json().data.days.map((day: { shopId: number }) => day.shopId)).toEqual([milan.id, milan.id]);
    const february = await get('/api/pos/comparison?month=2026-02');
    expect(february.json().data).toEqual({ month: '2026-02', days: [], differing: 0 });
  });
});

describe('the ability', () => {
  it('refuses every POS route to whoever lacks shops.bank.posArchive', async () => {
    for (const url of [
      '/api/pos/uploads',
      '/api/pos/uploads/1',
      '/api/pos/uploads/1/file',
      '/api/pos/entries',
      '/api/pos/entries/export?month=2026-03',
      '/api/pos/comparison?month=2026-03',
    ]) {
      expect((await get(url, nobodyToken)).statusCode, url).toBe(403);
    }
    const before = await entryCount();
    expect((await send(nobodyToken, settlement())).statusCode).toBe(403);
    await test.app.jobs.drain();
    expect(await entryCount()).toBe(before);
  });
});
