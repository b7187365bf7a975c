import { fileItemTypes } from '@bottega/contracts/files';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  api,
  createTestApp,
  createUserWithAbilities,
  csrfHeaders,
  findShopId,
  multipart,
  signIn,
  type TestApp,
} from '../../../test/harness';
import { auditLog } from '../../platform/audit.schema';
import { fileEntries } from './files.schema';

// A small limit, so "too large" needs no big file.
const uploadLimit = 64 * 1024;
const company = '/api/files/company';

let test: TestApp;
let adminToken: string;
let readerToken: string;
let outsiderToken: string;
let shopEditorToken: string;
let shop: Record<'MI01' | 'NA01', number>;

beforeAll(async () => {
  test = await createTestApp({ FILES_UPLOAD_LIMIT_BYTES: String(uploadLimit) });
  adminToken = await signIn(test.app, 'admin');
  const reader = await createUserWithAbilities(test.db, ['employees.dashboard'], { shops: ['MI01'] });
  readerToken = await signIn(test.app, reader.username);
  const outsider = await createUserWithAbilities(test.db, ['shops.view'], { shops: ['MI01'] });
  outsiderToken = await signIn(test.app, outsider.username);
  const shopEditor = await createUserWithAbilities(test.db, ['employees.dashboard', 'shops.manage.edit'], {
    shops: ['MI01'],
  });
  shopEditorToken = await signIn(test.app, shopEditor.username);
  shop = { MI01: await findShopId(test.db, 'MI01'), NA01: await findShopId(test.db, 'NA01') };
});
afterAll(() => test?.close());

const shopUrl = (id: number) => `/api/files/shops/${id}`;

function call(url: string, query: Record<string, string>, token = adminToken) {
  return api(test.app, { url: `${url}?${new URLSearchParams(query)}`, token });
}

type Part = { name: string; bytes: Uint8Array | string; type?: string };

function upload(url: string, folder: string | undefined, file: Part, token = adminToken) {
  const { payload, contentType } = multipart(file, folder === undefined ? {} : { path: folder });
  return test.app.inject({
    method: 'POST',
    url: `${url}?q=upload`,
    headers: { ...csrfHeaders(), authorization: `Bearer ${token}`, 'content-type': contentType },
    payload,
  });
}

const png = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0x0d]);
const pdf = '%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n';
const zip = new Uint8Array([0x50, 0x4b, 0x05, 0x06, ...new Array(18).fill(0)]);

async function entry(path: string, root = 'company') {
  const [row] = await test.db
    .select()
    .from(fileEntries)
    .where(and(eq(fileEntries.root, root), eq(fileEntries.path, path)));
  return row;
}

async function storedBytes(path: string, root = 'company') {
  const row = await entry(path, root);
  if (!row?.storageKey) return undefined;
  return Buffer.from(await test.app.storage.get(row.storageKey)).toString();
}

function expectRefusal(response: { statusCode: number; json: () => unknown }, status: number, code: string) {
  expect(response.statusCode).toBe(status);
  expect(response.json()).toEqual({ status: false, code, message: expect.any(String) });
}

const itemShape = {
  path: expect.any(String),
  dirname: expect.any(String),
  basename: expect.any(String),
  type: expect.any(String),
  size: expect.any(Number),
  timestamp: expect.any(Number),
  fileUrl: expect.any(String),
};

describe('q=index', () => {
  it('lists a folder: folders first, the root name, no parent at the root, and whether the caller may write', async () => {
    const response = await call(company, { q: 'index' });
    expect(response.statusCode).toBe(200);
    const listing = response.json();
    expect(Object.keys(listing).sort()).toEqual([
      'dirname',
      'files',
      'message',
      'parent',
      'root',
      'status',
      'writable',
    ]);
    expect(listing).toMatchObject({ status: true, message: '', dirname: '/', parent: null, writable: true });
    expect(listing.root).toBe('Documenti aziendali');
    const names = listing.files.map((item: { basename: string }) => item.basename);
    expect(names.slice(0, 3)).toEqual(['Listini', 'Moduli', 'Procedure']);
    expect(names).toContain('Logo.png');
    for (const item of listing.files) {
      expect(item).toEqual(itemShape);
      expect(fileItemTypes).toContain(item.type);
    }
    const folder = listing.files.find((item: { basename: string }) => item.basename === 'Procedure');
    expect(folder).toMatchObject({ path: '/Procedure', dirname: '/', type: 'folder', fileUrl: '' });
    const logo = listing.files.find((item: { basename: string }) => item.basename === 'Logo.png');
    expect(logo).toMatchObject({ type: 'image', fileUrl: `${company}?q=download&path=%2FLogo.png` });
    expect(logo.timestamp).toBeLessThanOrEqual(Math.floor(Date.now() / 1000));
    expect(logo.timestamp).toBeGreaterThan(Math.floor(Date.now() / 1000) - 3600);
  });

  it('opens a folder by any case of its name and names its parent', async () => {
    const listing = (await call(company, { q: 'index', path: '/procedure/' })).json();
    expect(listing).toMatchObject({ status: true, dirname: '/Procedure', parent: '/' });
    expect(listing.files.map((item: { path: string }) => item.path)).toEqual([
      '/Procedure/Apertura negozio.md',
      '/Procedure/Chiusura cassa.txt',
    ]);
  });

  it('answers 404 folderNotFound for a missing folder or a file', async () => {
    expectRefusal(await call(company, { q: 'index', path: '/Nowhere' }), 404, 'folderNotFound');
    expectRefusal(await call(company, { q: 'index', path: '/Logo.png' }), 404, 'folderNotFound');
  });

  it('refuses an unknown q with a 422 refusal carrying field errors', async () => {
    const response = await call(company, { q: 'explode' });
    expect(response.statusCode).toBe(422);
    expect(response.json()).toMatchObject({ status: false, code: 'validation', errors: expect.any(Object) });
  });
});

describe('q=newfolder and q=newDragedfolder', () => {
  it('creates a folder and answers it; an existing name in any case is 409 and left alone', async () => {
    const response = await call(company, { q: 'newfolder', path: '/', name: 'Contratti' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      status: true,
      message: '',
      item: {
        ...itemShape,
        path: '/Contratti',
        dirname: '/',
        basename: 'Contratti',
        type: 'folder',
        size: 0,
        fileUrl: '',
      },
    });
    expectRefusal(await call(company, { q: 'newfolder', path: '/', name: 'contratti' }), 409, 'fileExists');
    expectRefusal(await call(company, { q: 'newfolder', path: '/', name: 'Logo.PNG' }), 409, 'fileExists');
    expectRefusal(await call(company, { q: 'newfolder', path: '/Missing', name: 'x' }), 404, 'folderNotFound');
  });

  it('refuses a name that is not one (localized message explaining why)', async () => {
    const cases: [string, string][] = [
      ['', 'fileNameEmpty'],
      ['..', 'fileNameDot'],
      ['a/b', 'fileNameCharacter'],
      ['CON', 'fileNameReserved'],
      ['nul.txt', 'fileNameReserved'],
      ['a.', 'fileNameTrailing'],
      ['x'.repeat(300), 'fileNameTooLong'],
    ];
    for (const [name, code] of cases) {
      expectRefusal(await call(company, { q: 'newfolder', path: '/', name }), 422, code);
    }
    const english = await api(test.app, {
      url: `${company}?q=newfolder&path=%2F&name=${'x'.repeat(300)}`,
      token: adminToken,
      lng: 'en',
    });
    expect(english.json().message).toBe('The name is too long: at most 255 bytes.');
  });

  it('creates the missing folders of a dropped tree and merges into existing ones, in any order', async () => {
    const deep = await call(company, { q: 'newDragedfolder', path: '/Contratti', name: 'Drop/2026/Marzo' });
    expect(deep.statusCode).toBe(200);
    expect(deep.json()).toMatchObject({ status: true, message: '', item: { path: '/Contratti/Drop/2026/Marzo' } });
    const parent = await call(company, { q: 'newDragedfolder', path: '/Contratti', name: 'Drop' });
    expect(parent.json()).toMatchObject({ status: true, item: { path: '/Contratti/Drop', type: 'folder' } });
    const again = await call(company, { q: 'newDragedfolder', path: '/contratti/drop', name: '2026' });
    expect(again.json().item.path).toBe('/Contratti/Drop/2026');
    expectRefusal(await call(company, { q: 'newDragedfolder', path: '/', name: 'Logo.png/x' }), 409, 'fileExists');
  });
});

describe('q=upload', () => {
  it('stores a file in a folder and answers it; the content decides its type', async () => {
    const response = await upload(company, '/Contratti', { name: 'Nota.txt', bytes: 'Ciao, mondo' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      status: true,
      message: '',
      item: {
        ...itemShape,
        path: '/Contratti/Nota.txt',
        dirname: '/Contratti',
        basename: 'Nota.txt',
        type: 'text',
        size: 11,
        fileUrl: `${company}?q=download&path=%2FContratti%2FNota.txt`,
      },
    });
    const kinds: [Part, string][] = [
      [{ name: 'Offerta.pdf', bytes: pdf }, 'pdf'],
      [{ name: 'Foto.PNG', bytes: png }, 'image'],
      [{ name: 'Budget.xlsx', bytes: zip }, 'spreadsheet'],
      [{ name: 'Lettera.odt', bytes: zip }, 'document'],
      [{ name: 'Archivio.zip', bytes: zip }, 'archive'],
    ];
    for (const [file, type] of kinds) {
      const answer = await upload(company, '/Contratti', file);
      expect(answer.statusCode, answer.body).toBe(200);
      expect(answer.json().item.type).toBe(type);
    }
  });

  it('keeps only the last name of a path the browser sends', async () => {
    const response = await upload(company, '/Contratti', { name: '../../etc/passwd.txt', bytes: 'root:x:0:0' });
    expect(response.json().item.path).toBe('/Contratti/passwd.txt');
  });

  it('never overwrites an existing name (409), whatever its case, and keeps the first content', async () => {
    const response = await upload(company, '/Contratti', { name: 'nota.TXT', bytes: 'altro' });
    expectRefusal(response, 409, 'fileExists');
    expect(await storedBytes('/Contratti/Nota.txt')).toBe('Ciao, mondo');
  });

  it('refuses executables, HTML, SVG and unknown binaries (415) and a name the content contradicts (422)', async () => {
    const refused: Part[] = [
      { name: 'setup.exe', bytes: new Uint8Array([0x4d, 0x5a, 0x90, 0, 3, 0, 0, 0]) },
      { name: 'page.html', bytes: '<html><script>alert(1)</script></html>' },
      { name: 'logo.svg', bytes: '<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>' },
      { name: 'run.sh', bytes: '#!/bin/sh\nrm -rf /\n' },
      { name: 'blob.txt', bytes: new Uint8Array([0, 1, 2, 0xff]) },
      { name: 'README', bytes: 'no extension' },
    ];
    for (const file of refused) expectRefusal(await upload(company, '/Contratti', file), 415, 'fileKindNotAllowed');
    expectRefusal(await upload(company, '/Contratti', { name: 'fattura.pdf', bytes: png }), 422, 'fileContentMismatch');
    expectRefusal(
      await upload(company, '/Contratti', { name: 'testo.docx', bytes: 'plain' }),
      422,
      'fileContentMismatch',
    );
  });

  it('refuses a file over FILES_UPLOAD_LIMIT_BYTES with 413 naming the limit', async () => {
    const response = await upload(company, '/Contratti', { name: 'big.txt', bytes: 'x'.repeat(uploadLimit + 1) });
    expectRefusal(response, 413, 'fileTooLarge');
    expect(response.json().message).toContain('64 KiB');
    expect(await entry('/Contratti/big.txt')).toBeUndefined();
  });

  it('needs the target folder: missing field 422, missing folder 404, bad path 422', async () => {
    const missing = await upload(company, undefined, { name: 'a.txt', bytes: 'a' });
    expect(missing.statusCode).toBe(422);
    expect(missing.json()).toMatchObject({ status: false, code: 'validation', errors: { path: expect.any(Array) } });
    expectRefusal(await upload(company, '/Nowhere', { name: 'a.txt', bytes: 'a' }), 404, 'folderNotFound');
    expectRefusal(await upload(company, '/../x', { name: 'a.txt', bytes: 'a' }), 422, 'fileNameDot');
  });
});

describe('q=read and q=download', () => {
  it('previews inline with the stored type, text as plain text, never sniffed and sandboxed', async () => {
    const text = await call(company, { q: 'read', path: '/Contratti/Nota.txt' });
    expect(text.statusCode).toBe(200);
    expect(text.body).toBe('Ciao, mondo');
    expect(text.headers['content-type']).toBe('text/plain; charset=utf-8');
    expect(text.headers['x-content-type-options']).toBe('nosniff');
    expect(text.headers['content-security-policy']).toBe('sandbox');
    expect(text.headers['content-disposition']).toMatch(/^inline; /);
    const image = await call(company, { q: 'read', path: '/logo.png' });
    expect(image.headers['content-type']).toBe('image/png');
    expect(image.rawPayload.subarray(0, 4)).toEqual(Buffer.from([0x89, 0x50, 0x4e, 0x47]));
  });

  it('downloads as an attachment with the exact name in filename*', async () => {
    await upload(company, '/Contratti', { name: "Preventivo d'ottobre è.pdf", bytes: pdf });
    const response = await call(company, { q: 'download', path: "/Contratti/Preventivo d'ottobre è.pdf" });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/pdf');
    expect(response.headers['content-disposition']).toBe(
      `attachment; filename="Preventivo d'ottobre _.pdf"; filename*=UTF-8''Preventivo%20d%27ottobre%20%C3%A8.pdf`,
    );
    expect(response.body).toBe(pdf);
  });

  it('answers the byte range asked for (a resumed download), and 416 for one outside the file', async () => {
    const url = `${company}?${new URLSearchParams({ q: 'download', path: '/Contratti/Nota.txt' })}`;
    const whole = await api(test.app, { url, token: adminToken });
    expect(whole.headers['accept-ranges']).toBe('bytes');
    expect(whole.headers['content-length']).toBe('11');
    const part = await api(test.app, { url, token: adminToken, headers: { range: 'bytes=6-' } });
    expect(part.statusCode).toBe(206);
    expect(part.body).toBe('mondo');
    expect(part.headers['content-range']).toBe('bytes 6-10/11');
    expect(part.headers['content-disposition']).toMatch(/^attachment; /);
    const outside = await api(test.app, { url, token: adminToken, headers: { range: 'bytes=50-60' } });
    expect(outside.statusCode).toBe(416);
    expect(outside.headers['content-range']).toBe('bytes */11');
  });

  it('refuses a folder (422) and a missing file (404)', async () => {
    expectRefusal(await call(company, { q: 'read', path: '/Procedure' }), 422, 'fileIsFolder');
    expectRefusal(await call(company, { q: 'download', path: '/' }), 422, 'fileIsFolder');
    expectRefusal(await call(company, { q: 'download', path: '/Procedure/none.txt' }), 404, 'notFound');
  });
});

describe('q=rename', () => {
  it('renames a file, also by case alone, and answers status and message only', async () => {
    const response = await call(company, { q: 'rename', from: '/Contratti/Nota.txt', to: '/Contratti/Appunti.txt' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ status: true, message: '' });
    expect(await storedBytes('/Contratti/Appunti.txt')).toBe('Ciao, mondo');
    await call(company, { q: 'rename', from: '/Contratti/Appunti.txt', to: '/Contratti/APPUNTI.txt' });
    expect(await entry('/Contratti/APPUNTI.txt')).toMatchObject({ name: 'APPUNTI.txt', parent: '/Contratti' });
  });

  it('moves a folder with everything inside it', async () => {
    await call(company, { q: 'newfolder', path: '/', name: 'Archivio' });
    const response = await call(company, { q: 'rename', from: '/contratti', to: '/Archivio/Contratti 2026' });
    expect(response.json()).toEqual({ status: true, message: '' });
    expect(await entry('/Contratti/Drop')).toBeUndefined();
    expect(await entry('/Archivio/Contratti 2026/Drop/2026/Marzo')).toMatchObject({
      parent: '/Archivio/Contratti 2026/Drop/2026',
      name: 'Marzo',
    });
    expect(await storedBytes('/Archivio/Contratti 2026/APPUNTI.txt')).toBe('Ciao, mondo');
    const listing = (await call(company, { q: 'index', path: '/Archivio/Contratti 2026/Drop' })).json();
    expect(listing.files.map((item: { path: string }) => item.path)).toEqual(['/Archivio/Contratti 2026/Drop/2026']);
  });

  it('refuses a move into itself, onto a taken name, into a missing folder, of a missing item or of the root', async () => {
    const from = '/Archivio/Contratti 2026';
    expectRefusal(await call(company, { q: 'rename', from, to: `${from}/Drop/Inside` }), 409, 'folderIntoItself');
    expectRefusal(await call(company, { q: 'rename', from, to: '/procedure' }), 409, 'fileExists');
    expectRefusal(await call(company, { q: 'rename', from, to: '/Nowhere/x' }), 404, 'folderNotFound');
    expectRefusal(await call(company, { q: 'rename', from: '/none', to: '/other' }), 404, 'notFound');
    expectRefusal(await call(company, { q: 'rename', from: '/', to: '/x' }), 409, 'fileRootLocked');
    expect(await entry(from)).toMatchObject({ kind: 'folder' });
  });
});

describe('q=delete', () => {
  it('deletes a folder with everything inside it, and the stored bytes', async () => {
    const folder = '/Archivio/Contratti 2026';
    const keys = (await test.db.select().from(fileEntries))
      .filter((row) => row.path.startsWith(`${folder}/`) && row.storageKey)
      .map((row) => row.storageKey as string);
    expect(keys.length).toBeGreaterThan(3);
    const items = JSON.stringify([{ path: folder, type: 'folder' }]);
    const response = await call(company, { q: 'delete', items });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ status: true, message: '' });
    const left = (await test.db.select().from(fileEntries)).filter((row) => row.path.startsWith(folder));
    expect(left).toEqual([]);
    for (const key of keys) await expect(test.app.storage.get(key)).rejects.toThrow();
    expect(await entry('/Archivio')).toBeDefined();
  });

  it('deletes all listed items or none: one missing item leaves the others in place (404)', async () => {
    const items = JSON.stringify([
      { path: '/Procedure/Chiusura cassa.txt', type: 'text' },
      { path: '/Procedure/missing.txt', type: 'text' },
    ]);
    expectRefusal(await call(company, { q: 'delete', items }), 404, 'notFound');
    expect(await storedBytes('/Procedure/Chiusura cassa.txt')).toContain('Chiusura cassa');
  });

  it('takes a folder and an item inside it together, and refuses malformed lists (422) and the root (409)', async () => {
    await call(company, { q: 'newDragedfolder', path: '/', name: 'Vecchi/2024' });
    const items = JSON.stringify([
      { path: '/Vecchi/2024', type: 'folder' },
      { path: '/Vecchi', type: 'folder' },
    ]);
    expect((await call(company, { q: 'delete', items })).json()).toEqual({ status: true, message: '' });
    expect(await entry('/Vecchi')).toBeUndefined();
    for (const malformed of ['not json', '[]', '{"path":"/a"}', '[{"path":1,"type":"folder"}]']) {
      const response = await call(company, { q: 'delete', items: malformed });
      expect(response.statusCode).toBe(422);
      expect(response.json()).toMatchObject({ status: false, code: 'validation' });
    }
    expectRefusal(
      await call(company, { q: 'delete', items: JSON.stringify([{ path: '/', type: 'folder' }]) }),
      409,
      'fileRootLocked',
    );
  });
});

describe('paths that try to leave the root', () => {
  const attacks = [
    '../../etc/passwd',
    '/../../etc/passwd',
    '..\\..\\windows\\win.ini',
    '%2e%2e%2f%2e%2e%2fetc%2fpasswd',
    '..%5c..%5cwindows',
    '/Procedure/%00.txt',
    '/Procedure/\u0000.txt',
    '/etc/passwd',
    'C:\\Windows\\System32',
    'C:/Windows',
    '\\\\server\\share',
    '//server/share',
    '~/secrets',
    '/Procedure/./Chiusura cassa.txt',
    '/Procedure/../Logo.png',
    '/Procedure//Chiusura cassa.txt',
    '/CON',
    '/nul.txt',
    '/a /b',
    '/a./b',
    `/${'x'.repeat(300)}`,
    `/${Array.from({ length: 40 }, () => 'a').join('/')}`,
    `/${'abcdefghi/'.repeat(200)}`,
  ];

  it.each(attacks)('%j answers 422 or 404, never a file, on every reading query', async (attack) => {
    for (const encode of [(value: string) => value, (value: string) => encodeURIComponent(value)]) {
      for (const q of ['index', 'read', 'download']) {
        const response = await api(test.app, {
          url: `${company}?q=${q}&path=${encodeURIComponent(encode(attack))}`,
          token: adminToken,
        });
        expect([404, 422], `${q} ${response.body}`).toContain(response.statusCode);
        expect(response.json().status).toBe(false);
      }
      const created = await call(company, { q: 'newfolder', path: encode(attack), name: 'x' });
      expect([404, 422]).toContain(created.statusCode);
    }
  });

  it('takes an absolute-looking path as a path inside the root', async () => {
    expectRefusal(await call(company, { q: 'read', path: '/etc/passwd' }), 404, 'notFound');
  });

  it('reads NFC and NFD spellings of a name as the same name', async () => {
    const nfd = 'Caffe\u0300';
    const created = await call(company, { q: 'newfolder', path: '/', name: nfd });
    expect(created.json().item.path).toBe('/Caff\u00e8');
    expectRefusal(await call(company, { q: 'newfolder', path: '/', name: 'Caff\u00e8' }), 409, 'fileExists');
    expect((await call(company, { q: 'index', path: `/${nfd}` })).json().dirname).toBe('/Caff\u00e8');
  });
});

describe('who may do what', () => {
  it('refuses anonymous calls (401) and people without the read ability (403)', async () => {
    expectRefusal(await api(test.app, { url: `${company}?q=index` }), 401, 'unauthenticated');
    expectRefusal(await call(company, { q: 'index' }, outsiderToken), 403, 'forbidden');
    expectRefusal(await call(shopUrl(shop.MI01), { q: 'index' }, outsiderToken), 403, 'forbidden');
  });

  it('lets a reader list, preview and download but not change anything (403)', async () => {
    const listing = (await call(company, { q: 'index' }, readerToken)).json();
    expect(listing).toMatchObject({ status: true, writable: false });
    expect((await call(company, { q: 'download', path: '/Logo.png' }, readerToken)).statusCode).toBe(200);
    const writes: Record<string, string>[] = [
      { q: 'newfolder', path: '/', name: 'Mine' },
      { q: 'newDragedfolder', path: '/', name: 'Mine' },
      { q: 'rename', from: '/Logo.png', to: '/Logo2.png' },
      { q: 'delete', items: JSON.stringify([{ path: '/Logo.png', type: 'image' }]) },
    ];
    for (const query of writes) expectRefusal(await call(company, query, readerToken), 403, 'forbidden');
    expectRefusal(await upload(company, '/', { name: 'a.txt', bytes: 'a' }, readerToken), 403, 'forbidden');
    expect(await entry('/Logo.png')).toBeDefined();
  });

  it("keeps a shop's root to its people: another shop and an unknown shop answer 404", async () => {
    const own = await call(shopUrl(shop.MI01), { q: 'index' }, readerToken);
    expect(own.json()).toMatchObject({ status: true, dirname: '/', files: [], writable: false });
    expect(own.json().root).toBe('Milano Duomo');
    expectRefusal(await call(shopUrl(shop.NA01), { q: 'index' }, readerToken), 404, 'notFound');
    expectRefusal(
      await upload(shopUrl(shop.NA01), '/', { name: 'a.txt', bytes: 'a' }, shopEditorToken),
      404,
      'notFound',
    );
    expectRefusal(await call(shopUrl(999_999), { q: 'index' }), 404, 'notFound');
  });

  it('lets a shop editor change their shop root, kept apart from the company root', async () => {
    const created = await call(shopUrl(shop.MI01), { q: 'newfolder', path: '/', name: 'Procedure' }, shopEditorToken);
    expect(created.json()).toMatchObject({ status: true, item: { path: '/Procedure', type: 'folder' } });
    const uploaded = await upload(
      shopUrl(shop.MI01),
      '/Procedure',
      { name: 'Turni.csv', bytes: 'a;b\n' },
      shopEditorToken,
    );
    expect(uploaded.json().item.fileUrl).toBe(`${shopUrl(shop.MI01)}?q=download&path=%2FProcedure%2FTurni.csv`);
    expect(await storedBytes('/Procedure/Turni.csv', `shop:${shop.MI01}`)).toBe('a;b\n');
    expectRefusal(await call(company, { q: 'newfolder', path: '/', name: 'Shop' }, shopEditorToken), 403, 'forbidden');
  });
});

describe('the audit log', () => {
  it('has every change with its root and paths', async () => {
    const rows = await test.db.select().from(auditLog).where(eq(auditLog.entity, 'files'));
    const actions = new Set(rows.map((row) => row.action));
    expect([...actions].sort()).toEqual(['files.deleted', 'files.folderCreated', 'files.renamed', 'files.uploaded']);
    expect(rows).toContainEqual(
      expect.objectContaining({
        action: 'files.renamed',
        entityId: 'company',
        fromState: '/Contratti',
        toState: '/Archivio/Contratti 2026',
        data: { root: 'company', from: '/Contratti', to: '/Archivio/Contratti 2026', type: 'folder' },
      }),
    );
    expect(rows).toContainEqual(
      expect.objectContaining({
        action: 'files.uploaded',
        entityId: `shop:${shop.MI01}`,
        toState: '/Procedure/Turni.csv',
      }),
    );
    expect(rows).toContainEqual(
      expect.objectContaining({ action: 'files.deleted', fromState: '/Archivio/Contratti 2026' }),
    );
  });
});
