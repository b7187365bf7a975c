// The shop's delivery notes (shop/bds/archive): the chosen shop's processed and emailed files in and out, filtered by
// date, kind, direction and a search of number or counterpart; one with its lines; the receiving shop's confirmation
// (differences flagged, once, audited, not by the sender); the dashboard to-do until it is confirmed; 403 without
// either view ability, 404 for another shop's note or one not processed yet.
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  api,
  chooseShop,
  createTestApp,
  createUserWithAbilities,
  findShopId,
  findUserId,
  signIn,
  type TestApp,
} from '../../../test/harness';
import { auditLog } from '../../platform/audit.schema';
import { shops } from '../shops/shops.schema';
import { logisticsFiles } from './logistics.schema';
import { createProcessedFile, createWarehouse, ensureProducts } from './stock.factory';

let test: TestApp;
let staff: string;
let viewer: string;
let stranger: string;
let naples: string;
const shopIds: Record<string, number> = {};
const files = {} as Record<'picking' | 'returned' | 'fromNavigli' | 'naples', number>;
let savedFileId: number;

async function signedInAt(abilities: Parameters<typeof createUserWithAbilities>[1], shop: string) {
  const user = await createUserWithAbilities(test.db, abilities, { shops: [shop] });
  const token = await signIn(test.app, user.username);
  await chooseShop(test.app, token, shop);
  return token;
}

const get = (url: string, token = staff) => api(test.app, { url, token });
const receive = (id: number, lines: unknown, token = staff) =>
  api(test.app, { method: 'POST', url: `/api/delivery-notes/${id}/receive`, token, body: { lines } });
const numbers = (response: { json: () => { data: { documentNumber: string }[] } }) =>
  response.json().data.map((note) => note.documentNumber);

beforeAll(async () => {
  test = await createTestApp({ CLOCK_START: '2026-03-12T15:00:00+01:00' });
  for (const code of ['MI01', 'MI02', 'NA01']) shopIds[code] = await findShopId(test.db, code);
  const adminId = await findUserId(test.db, 'admin');
  const ids = await ensureProducts(test.db, ['D1', 'D2']);
  const warehouse = await createWarehouse(test.db, { name: 'Magazzino Lambrate' });
  const lines = [
    { productId: ids.get('D1') as number, quantity: 5 },
    { productId: ids.get('D2') as number, quantity: 3 },
  ];
  const shop = (code: string) => ({ type: 'shop' as const, id: shopIds[code] as number });
  const fromWarehouse = { type: 'warehouse' as const, id: warehouse };
  const common = { createdBy: adminId, lines };
  files.picking = await createProcessedFile(test.db, {
    ...common,
    kind: 'pickingFile',
    from: fromWarehouse,
    to: shop('MI01'),
    date: '2026-03-02',
    number: 11,
  });
  files.returned = await createProcessedFile(test.db, {
    ...common,
    kind: 'shopOutFile',
    from: shop('MI01'),
    to: fromWarehouse,
    date: '2026-03-04',
    number: 12,
    state: 'emailed',
  });
  files.fromNavigli = await createProcessedFile(test.db, {
    ...common,
    kind: 'shopOutFile',
    from: shop('MI02'),
    to: shop('MI01'),
    date: '2026-03-06',
    number: 13,
  });
  files.naples = await createProcessedFile(test.db, {
    ...common,
    kind: 'pickingFile',
    from: fromWarehouse,
    to: shop('NA01'),
    date: '2026-03-06',
    number: 14,
  });
  const [saved] = await test.db
    .insert(logisticsFiles)
    .values({
      kind: 'pickingFile',
      fromType: 'warehouse',
      fromId: warehouse,
      toType: 'shop',
      toId: shopIds.MI01 as number,
      toShopId: shopIds.MI01 as number,
      date: '2026-03-07',
      transportReason: 'transfer',
      createdBy: adminId,
    })
    .returning({ id: logisticsFiles.id });
  savedFileId = saved?.id as number;

  staff = await signedInAt(['logistics.pickingFile.view', 'logistics.shopOutFile.edit'], 'MI01');
  viewer = await signedInAt(['logistics.shopOutFile.view'], 'MI01');
  stranger = await signedInAt(['logistics.inFile.view', 'logistics.shopOutFile.edit'], 'MI01');
  naples = await signedInAt(['logistics.pickingFile.view', 'logistics.shopOutFile.edit'], 'NA01');
});
afterAll(() => test?.close());

describe('the archive', () => {
  it('lists the shop’s processed and emailed notes in and out, latest first, with both sides', async () => {
    const response = await get('/api/delivery-notes');
    expect(response.statusCode, response.body).toBe(200);
    const { data, meta } = response.json();
    expect(meta).toEqual({ page: 1, perPage: 25, total: 3 });
    expect(data.map((note: { documentNumber: string }) => note.documentNumber)).toEqual(['13/DDT', '12/DDT', '11/DDT']);
    const [navigli] = data;
    expect(navigli).toMatchObject({
      id: files.fromNavigli,
      kind: 'shopOutFile',
      state: 'processed',
      date: '2026-03-06',
      documentDate: '2026-03-06',
      lineCount: 2,
      totalQuantity: 8,
      receivedAt: null,
      receivedWithDifferences: false,
      from: { type: 'shop', id: shopIds.MI02 },
      to: { type: 'shop', id: shopIds.MI01 },
    });
    expect(data[1]).toMatchObject({ state: 'emailed', to: { type: 'warehouse', name: 'Magazzino Lambrate' } });
    // Either view ability opens it.
    expect(numbers(await get('/api/delivery-notes', viewer))).toEqual(['13/DDT', '12/DDT', '11/DDT']);
  });

  it('filters by direction, kind, dates, and searches the number or the counterpart', async () => {
    expect(numbers(await get('/api/delivery-notes?direction=in'))).toEqual(['13/DDT', '11/DDT']);
    expect(numbers(await get('/api/delivery-notes?direction=out'))).toEqual(['12/DDT']);
    expect(numbers(await get('/api/delivery-notes?kind=pickingFile'))).toEqual(['11/DDT']);
    expect(numbers(await get('/api/delivery-notes?from=2026-03-03&to=2026-03-05'))).toEqual(['12/DDT']);
    expect(numbers(await get('/api/delivery-notes?search=12%2FDDT'))).toEqual(['12/DDT']);
    expect(numbers(await get('/api/delivery-notes?search=lambrate'))).toEqual(['12/DDT', '11/DDT']);
    const [navigli] = await test.db
      .select({ name: shops.name })
      .from(shops)
      .where(eq(shops.id, shopIds.MI02 as number));
    expect(numbers(await get(`/api/delivery-notes?search=${encodeURIComponent(navigli?.name as string)}`))).toEqual([
      '13/DDT',
    ]);
    // The shop's own name is no counterpart.
    expect(numbers(await get('/api/delivery-notes?search=MI01'))).toEqual([]);
    expect((await get('/api/delivery-notes?direction=sideways')).statusCode).toBe(422);
  });

  it('shows one note with its lines; another shop’s or one not processed answers 404', async () => {
    const response = await get(`/api/delivery-notes/${files.picking}`);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().data).toMatchObject({
      id: files.picking,
      documentNumber: '11/DDT',
      goodsAppearance: 'cartoni',
      transportReason: 'transfer',
      lines: [
        { position: 1, productCode: 'D1', description: 'Prodotto D1', quantity: 5 },
        { position: 2, productCode: 'D2', description: 'Prodotto D2', quantity: 3 },
      ],
      receivedDifferences: [],
    });
    expect((await get(`/api/delivery-notes/${files.naples}`)).statusCode).toBe(404);
    expect((await get(`/api/delivery-notes/${savedFileId}`)).statusCode).toBe(404);
    expect((await get(`/api/delivery-notes/${files.picking}`, naples)).statusCode).toBe(404);
    expect(numbers(await get('/api/delivery-notes', naples))).toEqual(['14/DDT']);
  });

  it('refuses people with neither view ability', async () => {
    expect((await get('/api/delivery-notes', stranger)).statusCode).toBe(403);
    expect((await get(`/api/delivery-notes/${files.picking}`, stranger)).statusCode).toBe(403);
  });
});

describe('confirming what arrived', () => {
  const todo = async (token: string) => {
    const response = await get('/api/dashboard/todos', token);
    expect(response.statusCode, response.body).toBe(200);
    return (response.json().data as { key: string }[]).find((item) => item.key === 'deliveryNotesToConfirm');
  };

  it('puts the notes to confirm on the dashboard of the shop’s people who confirm them', async () => {
    expect(await todo(staff)).toEqual({
      key: 'deliveryNotesToConfirm',
      count: 2,
      oldest: '2026-03-02',
      link: '/app/shop/bds/archive',
    });
    expect(await todo(viewer)).toBeUndefined();
  });

  it('refuses the sender, someone without the edit ability, and a count that misses or repeats a line', async () => {
    const all = [
      { position: 1, receivedQuantity: 5 },
      { position: 2, receivedQuantity: 3 },
    ];
    expect((await receive(files.returned, all)).statusCode).toBe(403);
    expect((await receive(files.picking, all, viewer)).statusCode).toBe(403);
    expect((await receive(files.picking, all, naples)).statusCode).toBe(404);
    const missing = await receive(files.picking, [{ position: 1, receivedQuantity: 5 }]);
    expect(missing.statusCode).toBe(422);
    expect(Object.keys(missing.json().errors)).toEqual(['lines']);
    const repeated = await receive(files.picking, [...all, { position: 2, receivedQuantity: 1 }]);
    expect(Object.keys(repeated.json().errors)).toEqual(['lines.2.position']);
    const unknown = await receive(files.picking, [...all, { position: 9, receivedQuantity: 1 }]);
    expect(Object.keys(unknown.json().errors)).toEqual(['lines.2.position']);
    expect((await receive(files.picking, [{ position: 1, receivedQuantity: -1 }])).statusCode).toBe(422);
    const [file] = await test.db.select().from(logisticsFiles).where(eq(logisticsFiles.id, files.picking));
    expect(file?.receivedAt).toBeNull();
  });

  it('records the count, flags the differences, audits it, and accepts it only once', async () => {
    const response = await receive(files.picking, [
      { position: 2, receivedQuantity: 2 },
      { position: 1, receivedQuantity: 5 },
    ]);
    expect(response.statusCode, response.body).toBe(200);
    const { data } = response.json();
    // The business clock's day.
    expect(data.receivedAt).toMatch(/^2026-03-12T/);
    expect(data.receivedWithDifferences).toBe(true);
    expect(data.receivedDifferences).toEqual([{ position: 2, receivedQuantity: 2 }]);
    const [entry] = await test.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'logisticsFile.received'), eq(auditLog.entityId, String(files.picking))));
    expect(entry?.data).toMatchObject({
      withDifferences: true,
      differences: [{ position: 2, sent: 3, receivedQuantity: 2 }],
    });
    const again = await receive(files.picking, [
      { position: 1, receivedQuantity: 5 },
      { position: 2, receivedQuantity: 3 },
    ]);
    expect(again.statusCode).toBe(409);
    expect(again.json().code).toBe('logisticsAlreadyReceived');
    expect(await todo(staff)).toMatchObject({ count: 1, oldest: '2026-03-06' });
  });

  it('confirms a note from another shop without differences, and the to-do is gone', async () => {
    const response = await receive(files.fromNavigli, [
      { position: 1, receivedQuantity: 5 },
      { position: 2, receivedQuantity: 3 },
    ]);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().data).toMatchObject({ receivedWithDifferences: false, receivedDifferences: [] });
    const listed = (await get('/api/delivery-notes?direction=in')).json().data;
    expect(listed.every((note: { receivedAt: string | null }) => note.receivedAt !== null)).toBe(true);
    expect(await todo(staff)).toBeUndefined();
  });
});
