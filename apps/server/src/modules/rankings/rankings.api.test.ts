// Rankings: competitors of ranked shops (not of others), a month's positions upserted and audited from → to, the
// ranking portal's file imported all or nothing with its bad lines listed and the admins told, the chart's series;
// every route behind its ability, another shop's records 404, hostile or wrong input 422.
import { and, asc, desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  api,
  createTestApp,
  createUserWithAbilities,
  findShopId,
  findUserId,
  multipart,
  signIn,
  type TestApp,
} from '../../../test/harness';
import { auditLog } from '../../platform/audit.schema';
import { notifications } from '../notifications/notifications.schema';
import { seedDemoRankings } from './rankings.demo';
import { rankPositions } from './rankings.schema';

let test: TestApp;
let admin: string;
const shopIds: Record<string, number> = {};

beforeAll(async () => {
  test = await createTestApp({ CLOCK_START: '2026-11-20T10:00:00+01:00' });
  admin = await signIn(test.app, 'admin');
  // MI01 and MI02 are ranked in the demo; RM02 is not.
  for (const code of ['MI01', 'MI02', 'RM02']) shopIds[code] = await findShopId(test.db, code);
});
afterAll(() => test?.close());

const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, body?: unknown, token = admin) =>
  api(test.app, { method, url, token, body });

async function addCompetitor(code: string, name: string, priority: number, token = admin) {
  const answer = await call('POST', '/api/rankings/competitors', { shopId: shopIds[code], name, priority }, token);
  expect(answer.statusCode, answer.body).toBe(201);
  return answer.json().data as { id: number; name: string };
}

function upload(code: string, text: string, token = admin, name = 'classifica.csv') {
  const form = multipart({ name, type: 'text/csv', bytes: text }, { shopId: String(shopIds[code]) });
  return api(test.app, {
    method: 'POST',
    url: '/api/rankings/positions/file',
    token,
    body: form.payload,
    headers: { 'content-type': form.contentType },
    lng: 'en',
  });
}

describe('competitors', () => {
  it('are added to ranked shops only, listed by shop and priority, renamed and deleted', async () => {
    const rival = await addCompetitor('MI01', 'Città Moda', 1);
    await addCompetitor('MI01', 'Stile Urbano', 2);
    await addCompetitor('MI02', 'Navigli Fashion', 1);
    const notRanked = await call('POST', '/api/rankings/competitors', { shopId: shopIds.RM02, name: 'X', priority: 1 });
    expect(notRanked.statusCode).toBe(422);
    expect(Object.keys(notRanked.json().errors)).toEqual(['shopId']);
    const sameName = await call('POST', '/api/rankings/competitors', {
      shopId: shopIds.MI01,
      name: 'CITTÀ MODA',
      priority: 3,
    });
    expect(sameName.statusCode).toBe(422);
    expect(Object.keys(sameName.json().errors)).toEqual(['name']);

    const list = (await call('GET', `/api/rankings/competitors?shopId=${shopIds.MI01}`)).json();
    expect(list.meta.total).toBe(2);
    expect(list.data.map((row: { name: string }) => row.name)).toEqual(['Città Moda', 'Stile Urbano']);
    const paged = (await call('GET', '/api/rankings/competitors?perPage=1&page=2')).json();
    expect(paged).toMatchObject({ meta: { page: 2, perPage: 1, total: 3 } });
    const found = (await call('GET', '/api/rankings/competitors?search=urb')).json().data;
    expect(found.map((row: { name: string }) => row.name)).toEqual(['Stile Urbano']);

    const renamed = await call('PUT', `/api/rankings/competitors/${rival.id}`, { name: 'Città Moda Srl', priority: 1 });
    expect(renamed.json().data).toMatchObject({ name: 'Città Moda Srl', priority: 1, shopCode: 'MI01' });
    const [audit] = await test.db
      .select({ data: auditLog.data })
      .from(auditLog)
      .where(and(eq(auditLog.action, 'competitor.updated'), eq(auditLog.entityId, String(rival.id))));
    expect(audit?.data).toMatchObject({ from: { name: 'Città Moda' }, to: { name: 'Città Moda Srl' } });
    await call('PUT', `/api/rankings/competitors/${rival.id}`, { name: 'Città Moda', priority: 1 });

    const spare = await addCompetitor('MI02', 'Da cancellare', 9);
    expect((await call('DELETE', `/api/rankings/competitors/${spare.id}`)).statusCode).toBe(200);
    expect((await call('GET', `/api/rankings/competitors/${spare.id}`)).statusCode).toBe(404);
  });

  it('refuses NUL, lone surrogates, over-long names and bad priorities with 422', async () => {
    for (const name of ['a\u0000b', 'a\ud800b', 'x'.repeat(121), '   ']) {
      const answer = await call('POST', '/api/rankings/competitors', { shopId: shopIds.MI01, name, priority: 1 });
      expect(answer.statusCode, name).toBe(422);
    }
    for (const priority of [0, -1, 100, 1.5]) {
      const answer = await call('POST', '/api/rankings/competitors', { shopId: shopIds.MI01, name: 'Y', priority });
      expect(answer.statusCode, String(priority)).toBe(422);
    }
  });
});

describe('a month of positions', () => {
  it('upserts the shop and its competitors, ties allowed, a change audited from → to, empty removing', async () => {
    const { data: before } = (
      await call('GET', `/api/rankings/positions?shopId=${shopIds.MI01}&period=2026-10`)
    ).json();
    expect(before.rows.map((row: { name: string; position: null }) => [row.name, row.position])).toEqual([
      ['Milano Duomo', null],
      ['Città Moda', null],
      ['Stile Urbano', null],
    ]);
    const [shopRow, rivalRow, otherRow] = before.rows as { competitorId: number | null }[];
    const save = (positions: (number | null)[]) =>
      call('PUT', '/api/rankings/positions', {
        shopId: shopIds.MI01,
        period: '2026-10',
        rows: [shopRow, rivalRow, otherRow].map((row, index) => ({
          competitorId: row?.competitorId ?? null,
          position: positions[index],
          score: null,
        })),
      });
    const first = await save([3, 1, 3]);
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json().data.rows.map((row: { position: number }) => row.position)).toEqual([3, 1, 3]);
    expect(first.json().data.rows[0]).toMatchObject({ source: 'manual', enteredBy: 'Alessandra Ferri' });

    const second = await save([2, 1, null]);
    expect(second.json().data.rows.map((row: { position: number | null }) => row.position)).toEqual([2, 1, null]);
    const audit = await test.db
      .select({ action: auditLog.action, fromState: auditLog.fromState, toState: auditLog.toState })
      .from(auditLog)
      .where(eq(auditLog.entity, 'rankPosition'))
      .orderBy(asc(auditLog.id));
    expect(audit).toEqual([
      { action: 'rankPosition.entered', fromState: null, toState: '3' },
      { action: 'rankPosition.entered', fromState: null, toState: '1' },
      { action: 'rankPosition.entered', fromState: null, toState: '3' },
      { action: 'rankPosition.changed', fromState: '3', toState: '2' },
      { action: 'rankPosition.removed', fromState: '3', toState: null },
    ]);
  });

  it('refuses 0, negative, over 999, a bad period, a non-ranked shop and another shop’s competitor', async () => {
    const rows = (position: number) => [{ competitorId: null, position, score: null }];
    for (const position of [0, -3, 1000, 2.5]) {
      const answer = await call('PUT', '/api/rankings/positions', {
        shopId: shopIds.MI01,
        period: '2026-10',
        rows: rows(position),
      });
      expect(answer.statusCode, String(position)).toBe(422);
    }
    for (const period of ['2026-13', '2026-1', '2026-10-01', 'ottobre']) {
      const answer = await call('PUT', '/api/rankings/positions', { shopId: shopIds.MI01, period, rows: rows(1) });
      expect(answer.statusCode, period).toBe(422);
      expect((await call('GET', `/api/rankings/positions?shopId=${shopIds.MI01}&period=${period}`)).statusCode).toBe(
        422,
      );
    }
    const notRanked = await call('PUT', '/api/rankings/positions', {
      shopId: shopIds.RM02,
      period: '2026-10',
      rows: rows(1),
    });
    expect(notRanked.statusCode).toBe(422);
    const milanNavigli = (await call('GET', `/api/rankings/competitors?shopId=${shopIds.MI02}`)).json().data[0];
    const foreign = await call('PUT', '/api/rankings/positions', {
      shopId: shopIds.MI01,
      period: '2026-10',
      rows: [{ competitorId: milanNavigli.id, position: 1, score: null }],
    });
    expect(foreign.statusCode).toBe(404);
  });
});

describe('the ranking portal file', () => {
  it('imports every line or none, listing the bad ones with their numbers', async () => {
    const bad = await upload(
      'MI01',
      'period;name;position\n2026-09;Milano Duomo;2\n2026-09;Moda Ignota;1\n2026-09;Città Moda;0\n',
    );
    expect(bad.statusCode).toBe(422);
    expect(bad.json()).toMatchObject({
      code: 'rankingFileRejected',
      message: 'No position imported. Lines not valid: 2.',
      errors: {
        'line.3': ['"Moda Ignota" is neither the shop nor one of its competitors.'],
        'line.4': ['The position must be a whole number from 1 to 999.'],
      },
    });
    const september = await test.db.select().from(rankPositions).where(eq(rankPositions.period, '2026-09'));
    expect(september).toEqual([]);
    expect((await upload('MI01', '\u0000\u0001binary')).json().code).toBe('rankingFileUnreadable');
    expect((await upload('MI01', 'foo;bar\n1;2\n')).json().code).toBe('rankingFileUnreadable');
    expect((await upload('MI01', 'x'.repeat(2 * 1024 * 1024 + 1))).json().code).toBe('fileTooLarge');
    expect((await upload('RM02', 'period;name;position\n')).statusCode).toBe(422);
  });

  it('writes the positions, counts what did not change, and tells the admins', async () => {
    const contabilitaGroupUser = await createUserWithAbilities(test.db, ['shops.ranking.addPosition'], {
      shops: ['MI01'],
    });
    const token = await signIn(test.app, contabilitaGroupUser.username);
    const file =
      '\uFEFFPeriodo;Nome;Posizione;Punteggio\r\n2026-09;MI01;4;7100\r\n2026-09;citta moda;1;9900\r\n' +
      '2026-10;Milano Duomo;2;\r\n2026-10;Città Moda;1;\r\n';
    const answer = await upload('MI01', file, token);
    expect(answer.statusCode, answer.body).toBe(200);
    expect(answer.json().data).toEqual({
      shopId: shopIds.MI01,
      periods: ['2026-09', '2026-10'],
      imported: 2,
      unchanged: 2,
    });
    const { data } = (await call('GET', `/api/rankings/positions?shopId=${shopIds.MI01}&period=2026-09`)).json();
    expect(data.rows.slice(0, 2)).toMatchObject([
      { position: 4, score: 7100, source: 'file' },
      { position: 1, score: 9900, source: 'file' },
    ]);
    const told = await test.db
      .select({ params: notifications.params, link: notifications.link })
      .from(notifications)
      .where(
        and(
          eq(notifications.userId, await findUserId(test.db, 'admin')),
          eq(notifications.kind, 'adminNotifications.rankingLoaded'),
        ),
      );
    expect(told).toEqual([
      { params: { name: 'Milano Duomo (classifica.csv)' }, link: `/app/ranks/analytics?shopId=${shopIds.MI01}` },
    ]);
  });
});

describe('analytics', () => {
  it('answers each month’s position of the shop and its competitors, null where none was entered', async () => {
    const answer = await call('GET', `/api/rankings/analytics?shopId=${shopIds.MI01}&from=2026-08&to=2026-10`);
    expect(answer.statusCode, answer.body).toBe(200);
    expect(answer.json().data).toEqual({
      shopId: shopIds.MI01,
      periods: ['2026-08', '2026-09', '2026-10'],
      series: [
        { competitorId: null, name: 'Milano Duomo', priority: null, positions: [null, 4, 2] },
        expect.objectContaining({ name: 'Città Moda', positions: [null, 1, 1] }),
        expect.objectContaining({ name: 'Stile Urbano', positions: [null, null, null] }),
      ],
    });
    const url = (from: string, to: string) => `/api/rankings/analytics?shopId=${shopIds.MI01}&from=${from}&to=${to}`;
    expect((await call('GET', url('2026-10', '2026-08'))).statusCode).toBe(422);
    expect((await call('GET', url('2020-01', '2026-10'))).statusCode).toBe(422);
  });

  it('keeps a deleted competitor in the months it was ranked in', async () => {
    const { data } = (await call('GET', `/api/rankings/competitors?shopId=${shopIds.MI01}`)).json();
    const rival = data.find((row: { name: string }) => row.name === 'Città Moda');
    expect((await call('DELETE', `/api/rankings/competitors/${rival.id}`)).statusCode).toBe(200);
    expect((await call('GET', `/api/rankings/competitors?shopId=${shopIds.MI01}`)).json().meta.total).toBe(1);
    const series = (await call('GET', `/api/rankings/analytics?shopId=${shopIds.MI01}&from=2026-09&to=2026-10`)).json()
      .data.series;
    expect(series.map((row: { name: string }) => row.name)).toEqual(['Milano Duomo', 'Stile Urbano', 'Città Moda']);
    const [audit] = await test.db
      .select({ data: auditLog.data })
      .from(auditLog)
      .where(eq(auditLog.action, 'competitor.deleted'))
      .orderBy(desc(auditLog.id));
    expect(audit?.data).toMatchObject({ name: 'Città Moda', kept: true });
  });
});

describe('access', () => {
  const routes = [
    ['GET', '/api/rankings/shops', 'shops.ranking.view'],
    ['GET', '/api/rankings/competitors', 'shops.ranking.competitors.list'],
    ['POST', '/api/rankings/competitors', 'shops.ranking.competitors.add'],
    ['GET', '/api/rankings/competitors/1', 'shops.ranking.competitors.view'],
    ['PUT', '/api/rankings/competitors/1', 'shops.ranking.competitors.edit'],
    ['DELETE', '/api/rankings/competitors/1', 'shops.ranking.competitors.delete'],
    ['GET', '/api/rankings/positions?shopId=1&period=2026-10', 'shops.ranking.addPosition'],
    ['PUT', '/api/rankings/positions', 'shops.ranking.addPosition'],
    ['POST', '/api/rankings/positions/file', 'shops.ranking.addPosition'],
    ['GET', '/api/rankings/analytics?shopId=1&from=2026-01&to=2026-10', 'shops.ranking.analytics'],
  ] as const;

  it('answers 403 without each route’s ability', async () => {
    const staff = await signIn(test.app, 'dipendente');
    for (const [method, url] of routes) {
      expect(
        (await call(method, url, method === 'GET' || method === 'DELETE' ? undefined : {}, staff)).statusCode,
        url,
      ).toBe(403);
    }
  });

  it('shows a shop’s own competitors and positions only, another shop’s answering 404', async () => {
    const { data } = (await call('GET', `/api/rankings/competitors?shopId=${shopIds.MI02}`)).json();
    const navigli = data[0] as { id: number };
    const abilities = [...new Set(routes.map(([, , ability]) => ability))];
    const milan = await createUserWithAbilities(test.db, abilities, { shops: ['MI01'] });
    const token = await signIn(test.app, milan.username);
    const shops = (await call('GET', '/api/rankings/shops', undefined, token)).json().data;
    expect(shops.map((shop: { code: string }) => shop.code)).toEqual(['MI01']);
    const list = (await call('GET', '/api/rankings/competitors', undefined, token)).json();
    expect(list.data.map((row: { shopCode: string }) => row.shopCode)).toEqual(['MI01']);
    const other = [
      call('GET', `/api/rankings/competitors?shopId=${shopIds.MI02}`, undefined, token),
      call('GET', `/api/rankings/competitors/${navigli.id}`, undefined, token),
      call('PUT', `/api/rankings/competitors/${navigli.id}`, { name: 'Preso', priority: 1 }, token),
      call('DELETE', `/api/rankings/competitors/${navigli.id}`, undefined, token),
      call('POST', '/api/rankings/competitors', { shopId: shopIds.MI02, name: 'Nuovo', priority: 1 }, token),
      call('GET', `/api/rankings/positions?shopId=${shopIds.MI02}&period=2026-10`, undefined, token),
      call(
        'PUT',
        '/api/rankings/positions',
        { shopId: shopIds.MI02, period: '2026-10', rows: [{ competitorId: null, position: 1 }] },
        token,
      ),
      call('GET', `/api/rankings/analytics?shopId=${shopIds.MI02}&from=2026-01&to=2026-10`, undefined, token),
      upload('MI02', 'period;name;position\n2026-10;MI02;1\n', token),
    ];
    for (const answer of await Promise.all(other)) expect(answer.statusCode, answer.body).toBe(404);
  });
});

describe('the demo', () => {
  it('gives both ranked demo shops three competitors and twelve months of positions', async () => {
    const demo = await createTestApp({ CLOCK_START: '2026-11-20T10:00:00+01:00' });
    try {
      await seedDemoRankings(demo.db, { now: new Date('2026-11-20T10:00:00+01:00') });
      const token = await signIn(demo.app, 'admin');
      for (const code of ['MI01', 'MI02']) {
        const shopId = await findShopId(demo.db, code);
        const url = `/api/rankings/analytics?shopId=${shopId}&from=2025-11&to=2026-10`;
        const { data } = (await api(demo.app, { url, token })).json();
        expect(data.series).toHaveLength(4);
        const positions = data.series.flatMap((series: { positions: (number | null)[] }) => series.positions);
        expect(positions).toHaveLength(48);
        expect(positions.every((position: number | null) => position !== null && position >= 1)).toBe(true);
      }
    } finally {
      await demo.close();
    }
  });
});
