// Cameras through the API against the simulated cameras: the eight §8 outcomes of each type, credentials sealed
// and never answered or logged, scoping by shop and "view all", each §6 ability, pictures and streams relayed by
// the server from the saved address only, the viewing log, the health check and its notification and to-do.
import {
  type Camera,
  type CameraBody,
  type CameraOutcome,
  type CameraType,
  cameraFailureErrors,
  cameraStreamBoundary,
  maxStreamViewersPerCamera,
} from '@bottega/contracts/cameras';
import { createMjpegParser } from '@bottega/contracts/mjpeg';
import type { Ability } from '@bottega/contracts/permissions';
import { and, asc, eq, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  api,
  chooseShop,
  createTestApp,
  createUserWithAbilities,
  findShopId,
  signIn,
  type TestApp,
} from '../../../test/harness';
import { type CameraSimulator, startCameraSimulator } from '../../integrations/cameras/camera.simulator';
import { auditLog } from '../../platform/audit.schema';
import { translate } from '../../platform/i18n';
import { enqueueJob } from '../../platform/jobs';
import { notifications } from '../notifications/notifications.schema';
import { cameraHealthJob } from './cameras.jobs';
import { cameras, cameraViewings } from './cameras.schema';

let test: TestApp;
let simulator: CameraSimulator;
/** A second camera nobody saved: the server must never reach it. */
let elsewhere: CameraSimulator;
let adminToken: string;
/** Every security ability but "view all", in MI01. */
let managerToken: string;
let managerId: number;
/** The same, in TO01. */
let otherShopToken: string;
/** Every security ability with "view all", in no shop. */
let viewAllToken: string;
/** Only security.video.view, in MI01. */
let watcherToken: string;
let mi01: number;
let to01: number;
let counter = 0;

const secret = 'S3gret-pwd!';
const allButViewAll: Ability[] = [
  'security.video.view',
  'security.video.manageCategories',
  'security.video.list',
  'security.video.add',
  'security.video.edit',
  'security.video.delete',
];

const simulated = Array.from({ length: 60 }, (_, index) => ({
  name: `Camera ${index + 1}`,
  username: `cam${index + 1}`,
  password: secret,
}));
let nextCamera = 0;
/** A simulated camera no other test uses. */
function freshSimulated() {
  const camera = simulated[nextCamera++];
  if (!camera) throw new Error('add simulated cameras');
  return camera;
}

beforeAll(async () => {
  // Long enough for a loaded machine to draw and send a picture, short enough for the timeout cases.
  test = await createTestApp({ CAMERA_TIMEOUT_MS: '1500' });
  simulator = await startCameraSimulator({ cameras: simulated, framesPerSecond: 10 });
  elsewhere = await startCameraSimulator({ cameras: simulated });
  mi01 = await findShopId(test.db, 'MI01');
  to01 = await findShopId(test.db, 'TO01');
  adminToken = await signIn(test.app, 'admin');
  const manager = await createUserWithAbilities(test.db, allButViewAll, { shops: ['MI01'] });
  managerId = manager.id;
  managerToken = await signIn(test.app, manager.username);
  const other = await createUserWithAbilities(test.db, allButViewAll, { shops: ['TO01'] });
  otherShopToken = await signIn(test.app, other.username);
  const viewAll = await createUserWithAbilities(test.db, [...allButViewAll, 'security.video.viewAll']);
  viewAllToken = await signIn(test.app, viewAll.username);
  const watcher = await createUserWithAbilities(test.db, ['security.video.view'], { shops: ['MI01'] });
  watcherToken = await signIn(test.app, watcher.username);
});
afterAll(async () => {
  await test?.close();
  await simulator?.close();
  await elsewhere?.close();
});

const unique = (prefix: string) => {
  counter += 1;
  return `${prefix} ${counter}`;
};

function linkOf(type: CameraType): string {
  if (type === 'genericSnapshot') return `${simulator.url}/generic/snapshot.jpg`;
  if (type === 'genericMjpeg') return `${simulator.url}/generic/stream.mjpg`;
  return simulator.url;
}

function bodyFor(type: CameraType, camera = freshSimulated(), overrides: Partial<CameraBody> = {}): CameraBody {
  return {
    name: unique(camera.name),
    shopId: mi01,
    type,
    link: linkOf(type),
    username: camera.username,
    password: camera.password,
    ...overrides,
  };
}

async function saved(body: CameraBody, token = managerToken): Promise<Camera> {
  const response = await api(test.app, { method: 'POST', url: '/api/cameras', token, body });
  expect(response.statusCode, response.body).toBe(201);
  return response.json().data;
}

describe('a camera', () => {
  it('is saved with its password sealed: answered only as set, never in the audit log, revealed with an audit', async () => {
    const camera = await saved(bodyFor('foscamHd'));
    expect(camera).toMatchObject({ type: 'foscamHd', passwordSet: true, state: 'unknown', shop: { id: mi01 } });
    expect(JSON.stringify(camera)).not.toContain(secret);
    const [row] = await test.db.select().from(cameras).where(eq(cameras.id, camera.id));
    expect(row?.passwordEncrypted).toBeTruthy();
    expect(row?.passwordEncrypted).not.toContain(secret);

    const list = await api(test.app, { url: '/api/cameras?perPage=100', token: managerToken });
    expect(list.body).not.toContain(secret);
    const one = await api(test.app, { url: `/api/cameras/${camera.id}`, token: managerToken });
    expect(one.body).not.toContain(secret);
    const tiles = await api(test.app, { url: '/api/cameras/viewer', token: watcherToken });
    expect(tiles.body).not.toContain(secret);
    expect(tiles.json().data.find((tile: { id: number }) => tile.id === camera.id)).not.toHaveProperty('link');

    const revealed = await api(test.app, {
      method: 'POST',
      url: `/api/cameras/${camera.id}/password/reveal`,
      token: managerToken,
    });
    expect(revealed.json().data.password).toBe(secret);
    const audit = await test.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity, 'camera'), eq(auditLog.entityId, String(camera.id))))
      .orderBy(asc(auditLog.id));
    expect(audit.map((entry) => entry.action)).toEqual(['camera.created', 'camera.passwordRevealed']);
    expect(JSON.stringify(audit)).not.toContain(secret);
  });

  it('keeps, replaces or clears the password as the edit says, audited as set, replaced or cleared', async () => {
    const body = bodyFor('foscamHd');
    const camera = await saved(body);
    const { password, ...withoutPassword } = body;
    const kept = await api(test.app, {
      method: 'PUT',
      url: `/api/cameras/${camera.id}`,
      token: managerToken,
      body: { ...withoutPassword, name: `${body.name} bis` },
    });
    expect(kept.json().data).toMatchObject({ name: `${body.name} bis`, passwordSet: true });
    const cleared = await api(test.app, {
      method: 'PUT',
      url: `/api/cameras/${camera.id}`,
      token: managerToken,
      body: { ...withoutPassword, password: null },
    });
    expect(cleared.json().data.passwordSet).toBe(false);
    const audit = await test.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'camera.updated'), eq(auditLog.entityId, String(camera.id))))
      .orderBy(asc(auditLog.id));
    expect(audit.map((entry) => entry.data)).toMatchObject([
      { changes: { name: { to: `${body.name} bis` } } },
      { changes: { password: { from: 'set', to: 'notSet' } } },
    ]);
  });

  it('refuses a second camera of the same name in the shop, and bad input with a 422 per field', async () => {
    const body = bodyFor('foscamHd');
    await saved(body);
    const again = await api(test.app, { method: 'POST', url: '/api/cameras', token: managerToken, body });
    expect(again.statusCode).toBe(409);
    expect(again.json().code).toBe('cameraExists');

    const bad: [Partial<CameraBody>, string, string, Record<string, number>?][] = [
      [{ name: 'Ingresso\u0000' }, 'name', 'textCharacters'],
      [{ name: 'x'.repeat(101) }, 'name', 'maxLength', { max: 100 }],
      [{ link: 'http://admin:pwd@192.168.1.20:88' }, 'link', 'cameraAddress'],
      [{ link: 'http://192.168.1.20:88/cgi-bin/CGIProxy.fcgi?cmd=reboot' }, 'link', 'cameraAddress'],
      [{ link: 'file:///etc/passwd' }, 'link', 'cameraAddress'],
      [{ type: 'genericSnapshot', link: 'ftp://camera/snap.jpg' }, 'link', 'cameraUrl'],
      [{ channel: 64 }, 'channel', 'max', { max: 63 }],
      [{ password: '\ud800' }, 'password', 'textCharacters'],
    ];
    for (const [override, field, rule, params] of bad) {
      const response = await api(test.app, {
        method: 'POST',
        url: '/api/cameras',
        token: managerToken,
        body: { ...bodyFor('foscamHd', simulated[0]), ...override },
      });
      expect(response.statusCode, JSON.stringify(override)).toBe(422);
      expect(response.json().errors?.[field], JSON.stringify(override)).toEqual([
        translate('it', `validation:${rule}`, params),
      ]);
    }
  });

  it('belongs to a shop: another shop’s camera is not listed and answers 404; "view all" reaches every shop', async () => {
    const theirs = await saved(bodyFor('foscamHd', freshSimulated(), { shopId: to01 }), otherShopToken);
    const ours = await api(test.app, { url: '/api/cameras?perPage=100', token: managerToken });
    expect(ours.json().data.map((camera: Camera) => camera.id)).not.toContain(theirs.id);
    for (const [method, url] of [
      ['GET', `/api/cameras/${theirs.id}`],
      ['PUT', `/api/cameras/${theirs.id}`],
      ['DELETE', `/api/cameras/${theirs.id}`],
      ['POST', `/api/cameras/${theirs.id}/password/reveal`],
      ['GET', `/api/cameras/${theirs.id}/snapshot`],
      ['GET', `/api/cameras/${theirs.id}/stream`],
    ] as const) {
      const response = await api(test.app, {
        method,
        url,
        token: managerToken,
        body: method === 'PUT' ? bodyFor('foscamHd', simulated[0], { shopId: mi01 }) : undefined,
      });
      expect(response.statusCode, `${method} ${url}`).toBe(404);
    }
    // Nor can a camera be added to, or moved into, a shop the person does not reach.
    const intoTheirs = await api(test.app, {
      method: 'POST',
      url: '/api/cameras',
      token: managerToken,
      body: bodyFor('foscamHd', simulated[0], { shopId: to01 }),
    });
    expect(intoTheirs.statusCode).toBe(422);
    expect(intoTheirs.json().errors.shopId).toEqual([translate('it', 'validation:invalid')]);

    const all = await api(test.app, { url: '/api/cameras?perPage=100', token: viewAllToken });
    expect(all.json().data.map((camera: Camera) => camera.id)).toContain(theirs.id);
    const options = await api(test.app, { url: '/api/cameras/options', token: managerToken });
    expect(options.json().data.shops.map((shop: { id: number }) => shop.id)).toEqual([mi01]);
  });

  it('is searched by its name, its shop or its category', async () => {
    const category = await api(test.app, {
      method: 'POST',
      url: '/api/camera-categories',
      token: managerToken,
      body: { name: unique('Magazzino') },
    });
    const categoryId = category.json().data.id;
    const camera = await saved(bodyFor('foscamHd', freshSimulated(), { name: unique('Retro'), categoryId }));
    for (const search of [camera.name, 'Magazzino', 'MI01']) {
      const found = await api(test.app, {
        url: `/api/cameras/viewer?search=${encodeURIComponent(search)}&perPage=100`,
        token: watcherToken,
      });
      expect(
        found.json().data.map((tile: { id: number }) => tile.id),
        search,
      ).toContain(camera.id);
    }
    const none = await api(test.app, { url: '/api/cameras/viewer?search=nessuna%25', token: watcherToken });
    expect(none.json()).toMatchObject({ data: [], meta: { total: 0 } });
  });
});

describe('the eight outcomes of §8', () => {
  const failures = ['wrongCgiFormat', 'accessDenied', 'cgiFailed', 'timeout', 'reserve', 'unknownError'] as const;

  async function test_(body: Record<string, unknown>): Promise<CameraOutcome> {
    const response = await api(test.app, { method: 'POST', url: '/api/cameras/test', token: managerToken, body });
    expect(response.statusCode, response.body).toBe(200);
    return response.json().data.outcome;
  }

  it('a Foscam HD answers each result code 0 … -7 through the test button and the viewer', async () => {
    const simulatedCamera = freshSimulated();
    const camera = await saved(bodyFor('foscamHd', simulatedCamera));
    const form = { type: 'foscamHd', link: simulator.url, username: simulatedCamera.username };
    expect(await test_({ ...form, password: secret })).toBe('ok');
    // Left out on an existing camera: the stored password is used.
    expect(await test_({ ...form, cameraId: camera.id })).toBe('ok');
    expect(await test_({ ...form, password: 'wrong' })).toBe('wrongCredentials');

    const picture = await api(test.app, { url: `/api/cameras/${camera.id}/snapshot`, token: watcherToken });
    expect(picture.statusCode).toBe(200);
    expect(picture.headers['content-type']).toBe('image/jpeg');
    expect([...picture.rawPayload.subarray(0, 2)]).toEqual([0xff, 0xd8]);

    for (const outcome of failures) {
      simulator.setMode(simulatedCamera.username, outcome);
      expect(await test_({ ...form, cameraId: camera.id }), outcome).toBe(outcome);
      const failed = await api(test.app, { url: `/api/cameras/${camera.id}/snapshot`, token: watcherToken });
      expect(failed.statusCode, outcome).toBe(outcome === 'timeout' ? 504 : 502);
      expect(failed.json().code).toBe(cameraFailureErrors[outcome]);
    }
    simulator.setMode(simulatedCamera.username, 'ok');
  });

  it('a camera that does not answer at all is a timeout, in every language', async () => {
    const camera = await saved(bodyFor('foscamHd', freshSimulated(), { link: 'http://127.0.0.1:9' }));
    const failed = await api(test.app, { url: `/api/cameras/${camera.id}/snapshot`, token: watcherToken, lng: 'de' });
    expect(failed.statusCode).toBe(504);
    expect(failed.json()).toMatchObject({ code: 'cameraTimeout', message: expect.stringContaining('Kamera') });
  });

  it.each(['foscamMjpeg', 'genericSnapshot', 'genericMjpeg'] as const)(
    'a %s camera answers its HTTP statuses as the same outcomes',
    async (type) => {
      const simulatedCamera = freshSimulated();
      const camera = await saved(bodyFor(type, simulatedCamera));
      const form = { type, link: linkOf(type), username: simulatedCamera.username, cameraId: camera.id };
      expect(await test_(form)).toBe('ok');
      const picture = await api(test.app, { url: `/api/cameras/${camera.id}/snapshot`, token: watcherToken });
      expect(picture.statusCode).toBe(200);
      expect([...picture.rawPayload.subarray(0, 2)]).toEqual([0xff, 0xd8]);
      expect(await test_({ ...form, cameraId: undefined, password: 'wrong' })).toBe('wrongCredentials');
      for (const outcome of ['wrongCgiFormat', 'accessDenied', 'cgiFailed', 'timeout'] as const) {
        simulator.setMode(simulatedCamera.username, outcome);
        expect(await test_(form), `${type} ${outcome}`).toBe(outcome);
      }
      simulator.setMode(simulatedCamera.username, 'ok');
    },
  );
});

describe('what the server asks a camera', () => {
  it('goes only to the saved host and port, on the type’s own paths, whatever the viewer’s request adds', async () => {
    const simulatedCamera = freshSimulated();
    const camera = await saved(bodyFor('foscamHd', simulatedCamera, { channel: 2 }));
    const before = simulator.requests.length;
    const hostile = `host=${encodeURIComponent(elsewhere.url)}&cmd=reboot&path=/cgi-bin/CGIProxy.fcgi&usr=admin`;
    const picture = await api(test.app, {
      url: `/api/cameras/${camera.id}/snapshot?${hostile}`,
      token: watcherToken,
      headers: { host: new URL(elsewhere.url).host, 'x-forwarded-host': new URL(elsewhere.url).host },
    });
    expect(picture.statusCode).toBe(200);
    const asked = simulator.requests.slice(before);
    expect(asked).toEqual([
      {
        method: 'GET',
        path: '/cgi-bin/CGIProxy.fcgi',
        query: { cmd: 'snapPicture2', usr: simulatedCamera.username, pwd: secret, channel: '2' },
      },
    ]);
    expect(elsewhere.requests).toEqual([]);
  });
});

async function listen(): Promise<string> {
  const address = await test.app.listen({ port: 0, host: '127.0.0.1' });
  return address;
}

/** Reads `count` pictures of a stream, then stops. */
async function readStream(base: string, cameraId: number, token: string, count: number) {
  const controller = new AbortController();
  const response = await fetch(`${base}/api/cameras/${cameraId}/stream`, {
    headers: { authorization: `Bearer ${token}` },
    signal: controller.signal,
  });
  if (response.status !== 200) {
    return { status: response.status, body: (await response.json()) as { code: string }, frames: [] };
  }
  const frames: Uint8Array[] = [];
  const parser = createMjpegParser({ boundary: cameraStreamBoundary, onFrame: (frame) => frames.push(frame.bytes) });
  const reader = (response.body as ReadableStream<Uint8Array>).getReader();
  while (frames.length < count) {
    const { done, value } = await reader.read();
    if (done) break;
    parser.push(value);
  }
  return { status: 200, contentType: response.headers.get('content-type'), frames, stop: () => controller.abort() };
}

describe('the live stream', () => {
  let base: string;
  beforeAll(async () => {
    base = await listen();
  });

  it('relays the camera’s pictures as they come, one connection to the camera for all its viewers', async () => {
    const camera = await saved(bodyFor('foscamHd'));
    // 20 pictures at 10 a second: longer than the camera timeout (1.5 s), which bounds only the wait for an answer.
    const first = await readStream(base, camera.id, watcherToken, 20);
    expect(first.contentType).toBe(`multipart/x-mixed-replace; boundary=${cameraStreamBoundary}`);
    expect(first.frames).toHaveLength(20);
    for (const frame of first.frames) expect([...frame.subarray(0, 2)]).toEqual([0xff, 0xd8]);
    const second = await readStream(base, camera.id, managerToken, 2);
    expect(second.frames).toHaveLength(2);
    expect(simulator.openStreams()).toBe(1);
    first.stop?.();
    second.stop?.();
    await expect.poll(() => simulator.openStreams(), { timeout: 3000 }).toBe(0);
  });

  it(`lets at most ${maxStreamViewersPerCamera} watch one camera at once (429 beyond), and a snapshot-only camera streams too`, async () => {
    const camera = await saved(bodyFor('genericSnapshot'));
    const watching = [];
    for (let index = 0; index < maxStreamViewersPerCamera; index++) {
      watching.push(await readStream(base, camera.id, watcherToken, 1));
    }
    expect(watching.every((stream) => stream.frames.length === 1)).toBe(true);
    const refused = await readStream(base, camera.id, watcherToken, 1);
    expect(refused.status).toBe(429);
    expect(refused.body?.code).toBe('cameraViewersFull');
    for (const stream of watching) stream.stop?.();
  });

  it('answers the camera’s outcome when the stream cannot be opened', async () => {
    const simulatedCamera = freshSimulated();
    const camera = await saved(bodyFor('foscamMjpeg', simulatedCamera));
    simulator.setMode(simulatedCamera.username, 'wrongCredentials');
    const refused = await readStream(base, camera.id, watcherToken, 1);
    expect(refused.status).toBe(502);
    expect(refused.body?.code).toBe('cameraWrongCredentials');
    simulator.setMode(simulatedCamera.username, 'ok');
  });
});

describe('the viewing log', () => {
  it('keeps who watched which camera from when to when; pictures close together are one viewing', async () => {
    const camera = await saved(bodyFor('foscamHd'));
    for (let index = 0; index < 3; index++) {
      const picture = await api(test.app, { url: `/api/cameras/${camera.id}/snapshot`, token: managerToken });
      expect(picture.statusCode).toBe(200);
    }
    const rows = await test.db.select().from(cameraViewings).where(eq(cameraViewings.cameraId, camera.id));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ userId: managerId, mode: 'snapshots', shopId: mi01, cameraName: camera.name });

    const page = await api(test.app, { url: `/api/camera-viewings?cameraId=${camera.id}`, token: viewAllToken });
    expect(page.statusCode).toBe(200);
    expect(page.json().data).toMatchObject([
      { camera: { id: camera.id }, viewer: { id: managerId }, mode: 'snapshots' },
    ]);
    const csv = await api(test.app, { url: `/api/camera-viewings/export?cameraId=${camera.id}`, token: adminToken });
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toContain('text/csv');
    expect(csv.body).toContain(camera.name);
    expect(csv.body).toContain('Telecamera;Negozio;Chi ha guardato;Modalità;Dalle;Alle;Durata (secondi)');
    // The log is for who sees every camera: a shop's manager cannot read who watched.
    const refused = await api(test.app, { url: '/api/camera-viewings', token: managerToken });
    expect(refused.statusCode).toBe(403);
  });

  it('refuses bad filters with a 422', async () => {
    const response = await api(test.app, { url: '/api/camera-viewings?from=2026-13-40', token: adminToken });
    expect(response.statusCode).toBe(422);
  });
});

describe('the health check', () => {
  it('marks a camera that stops answering offline, tells the shop once, lists it as a to-do, and back online', async () => {
    const simulatedCamera = freshSimulated();
    const camera = await saved(bodyFor('foscamHd', simulatedCamera));
    const run = async () => {
      await enqueueJob(test.db, cameraHealthJob, {});
      await test.app.jobs.drain();
      const [row] = await test.db.select().from(cameras).where(eq(cameras.id, camera.id));
      return row;
    };
    expect(await run()).toMatchObject({ state: 'online', lastOutcome: 'ok' });

    simulator.setMode(simulatedCamera.username, 'accessDenied');
    expect(await run()).toMatchObject({ state: 'offline', lastOutcome: 'accessDenied' });
    await run();
    const told = await test.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.kind, 'cameras.offline'), like(notifications.link, `%/${camera.id}/edit`)));
    // The administrators (every shop) are told once per outage, however many checks find it offline.
    expect(told.length).toBeGreaterThan(0);
    expect(new Set(told.map((entry) => entry.userId)).size).toBe(told.length);

    const managerInShop = await chooseShop(test.app, managerToken, 'MI01');
    expect(managerInShop).toBeTruthy();
    const todos = await api(test.app, { url: '/api/dashboard/todos', token: managerToken });
    expect(todos.json().data.todos ?? todos.json().data).toEqual(
      expect.arrayContaining([expect.objectContaining({ key: 'camerasOffline' })]),
    );

    simulator.setMode(simulatedCamera.username, 'ok');
    expect(await run()).toMatchObject({ state: 'online', offlineSince: null });
    const audit = await test.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity, 'camera'), eq(auditLog.entityId, String(camera.id))))
      .orderBy(asc(auditLog.id));
    expect(audit.map((entry) => entry.action)).toEqual([
      'camera.created',
      'camera.cameOnline',
      'camera.wentOffline',
      'camera.cameOnline',
    ]);
  });
});

describe('categories', () => {
  it('are added, renamed and deleted with an audit; a deleted one leaves its cameras without category', async () => {
    const name = unique('Cassa');
    const created = await api(test.app, {
      method: 'POST',
      url: '/api/camera-categories',
      token: managerToken,
      body: { name },
    });
    expect(created.statusCode).toBe(201);
    const id = created.json().data.id;
    const taken = await api(test.app, {
      method: 'POST',
      url: '/api/camera-categories',
      token: managerToken,
      body: { name: name.toUpperCase() },
    });
    expect(taken.json().code).toBe('cameraCategoryExists');
    const camera = await saved(bodyFor('foscamHd', freshSimulated(), { categoryId: id }));
    const renamed = await api(test.app, {
      method: 'PUT',
      url: `/api/camera-categories/${id}`,
      token: managerToken,
      body: { name: `${name} bis` },
    });
    expect(renamed.json().data).toMatchObject({ name: `${name} bis`, cameras: 1 });
    const deleted = await api(test.app, { method: 'DELETE', url: `/api/camera-categories/${id}`, token: managerToken });
    expect(deleted.statusCode).toBe(200);
    const after = await api(test.app, { url: `/api/cameras/${camera.id}`, token: managerToken });
    expect(after.json().data.category).toBeNull();
    const audit = await test.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity, 'cameraCategory'), eq(auditLog.entityId, String(id))))
      .orderBy(asc(auditLog.id));
    expect(audit.map((entry) => entry.action)).toEqual([
      'cameraCategory.created',
      'cameraCategory.renamed',
      'cameraCategory.deleted',
    ]);
  });
});

describe('each §6 ability', () => {
  it('opens only its own routes', async () => {
    const camera = await saved(bodyFor('foscamHd'));
    const routes: [string, string, Ability, unknown?][] = [
      ['GET', '/api/cameras', 'security.video.list'],
      ['GET', '/api/cameras/viewer', 'security.video.view'],
      ['POST', '/api/cameras', 'security.video.add', bodyFor('foscamHd', simulated[0])],
      ['PUT', `/api/cameras/${camera.id}`, 'security.video.edit', bodyFor('foscamHd', simulated[0])],
      ['DELETE', `/api/cameras/${camera.id}`, 'security.video.delete'],
      ['POST', `/api/cameras/${camera.id}/password/reveal`, 'security.video.edit'],
      ['GET', `/api/cameras/${camera.id}/snapshot`, 'security.video.view'],
      ['POST', '/api/camera-categories', 'security.video.manageCategories', { name: unique('Uscita') }],
      ['GET', '/api/camera-viewings', 'security.video.viewAll'],
    ];
    for (const [method, url, ability, body] of routes) {
      // Every other security ability (the viewing log: all but "view all" itself).
      const without = await createUserWithAbilities(
        test.db,
        allButViewAll.filter((held) => held !== ability),
        { shops: ['MI01'] },
      );
      const token = await signIn(test.app, without.username);
      const response = await api(test.app, { method: method as 'GET', url, token, body });
      expect(response.statusCode, `${method} ${url} without ${ability}`).toBe(403);
    }
  });
});
