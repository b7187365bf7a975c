// The storage backends answer alike (issue 29): the local disk and an S3-protocol bucket (s3rver on loopback, through
// the AWS SDK), sealed or not — whole files, streams in and out, byte ranges, listing, writing at a key, removing —
// and copying a disk's files into a bucket verifies each, resumes after an interruption and never changes a byte.
import { createHash, randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestBucket, type TestBucket } from '../../test/s3-server';
import { loadConfig } from '../config';
import { createLocalStorage, createStorage, type Storage, sealedStorage } from './storage';
import { copyStorage } from './storage-copy';
import { createS3Storage, type S3Settings } from './storage-s3';

const appKey = 'storage-test-key-0123456789-abcdefghijklmnopqrstuvwxyz';
const folder = mkdtempSync(path.join(tmpdir(), 'bottega-storage-'));
let bucket: TestBucket;

/** The bucket's settings as the app reads them, with a folder inside it. */
function s3Settings(prefix = ''): S3Settings {
  const config = loadConfig({ ...bucket.environment, S3_PREFIX: prefix, APP_KEY: appKey, DATA_DIR: folder });
  if (config.storage.kind !== 's3') throw new Error('not an S3 configuration');
  return config.storage;
}

beforeAll(async () => {
  bucket = await startTestBucket();
});
afterAll(async () => {
  await bucket.close();
  rmSync(folder, { recursive: true, force: true });
});

async function bytesOf(stream: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(Buffer.from(chunk as Uint8Array));
  return Buffer.concat(chunks);
}

const text = async (stream: Readable) => (await bytesOf(stream)).toString('utf8');

async function listed(storage: Storage): Promise<Map<string, number>> {
  const found = new Map<string, number>();
  for await (const object of storage.list()) found.set(object.key, object.size);
  return found;
}

const sha256 = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');

const backends: [string, () => Storage][] = [
  ['the local disk', () => createLocalStorage(path.join(folder, 'disk'))],
  ['a bucket', () => createS3Storage(s3Settings('behaviour/'))],
  ['a bucket, sealed', () => sealedStorage(createS3Storage(s3Settings('sealed/')), appKey)],
];

describe.each(backends)('storage on %s', (_name, make) => {
  it('keeps a file under a new key and answers it whole, by size, as a stream and by byte range', async () => {
    const storage = make();
    const key = await storage.put('employees/7', new TextEncoder().encode('Buongiorno, Bottega!'), 'txt');
    expect(key).toMatch(/^employees\/7\/[0-9a-f-]{36}\.txt$/);
    expect(new TextDecoder().decode(await storage.get(key))).toBe('Buongiorno, Bottega!');
    expect(await storage.size(key)).toBe(20);
    expect(await text(await storage.stream(key))).toBe('Buongiorno, Bottega!');
    expect(await text(await storage.stream(key, { start: 12, end: 18 }))).toBe('Bottega');
    await storage.remove(key);
    await expect(storage.get(key)).rejects.toThrow();
    // Removing what is gone is not an error: a retried delete finishes.
    await storage.remove(key);
  });

  it('takes a stream larger than a multipart upload part without changing a byte', async () => {
    const storage = make();
    const bytes = randomBytes(9 * 1024 * 1024 + 123);
    const pieces = Readable.from([bytes.subarray(0, 3_000_000), bytes.subarray(3_000_000)]);
    const key = await storage.put('automation/media', pieces, 'mp4');
    expect(await storage.size(key)).toBe(bytes.length);
    expect(sha256(await storage.get(key))).toBe(sha256(bytes));
    const middle = await bytesOf(await storage.stream(key, { start: 8 * 1024 * 1024 - 5, end: 8 * 1024 * 1024 + 4 }));
    expect(middle.equals(bytes.subarray(8 * 1024 * 1024 - 5, 8 * 1024 * 1024 + 5))).toBe(true);
    await storage.remove(key);
  });

  it('lists what it keeps, writes at a given key and refuses keys that could leave its root', async () => {
    const storage = make();
    const key = await storage.put('tickets/3', new Uint8Array([1, 2, 3]), 'bin');
    await storage.write('restored/1/file.bin', new Uint8Array([9, 9]));
    const found = await listed(storage);
    expect(found.has(key)).toBe(true);
    expect(found.has('restored/1/file.bin')).toBe(true);
    expect([...(await storage.get('restored/1/file.bin'))]).toEqual([9, 9]);
    for (const unsafe of ['../etc/passwd', 'a/../../b', '/absolute/key', 'single']) {
      await expect(storage.get(unsafe)).rejects.toThrow(/unsafe storage key/);
    }
    await expect(storage.put('../up', new Uint8Array([1]), 'txt')).rejects.toThrow(/unsafe storage key/);
  });
});

describe('a bucket', () => {
  it('is what STORAGE=s3 chooses, and each installation keeps to its own folder of a shared bucket', async () => {
    const config = loadConfig({ ...bucket.environment, S3_PREFIX: 'shop-a/', APP_KEY: appKey, DATA_DIR: folder });
    const first = createStorage(config);
    const second = createS3Storage(s3Settings('shop-b/'));
    const key = await first.put('avatars/1', new Uint8Array([4, 2]), 'png');
    expect((await listed(first)).has(key)).toBe(true);
    expect((await listed(second)).has(key)).toBe(false);
    await expect(second.get(key)).rejects.toThrow();
  });

  it('keeps a sealed file sealed at rest: the bucket holds no readable byte of it', async () => {
    const raw = createS3Storage(s3Settings('at-rest/'));
    const sealed = sealedStorage(raw, appKey);
    const payslip = new TextEncoder().encode('Cedolino di RSSMRA80A01H501U: netto 1.234,56');
    const key = await sealed.put('payslips/2026-10', payslip, 'pdf');
    const kept = Buffer.from(await raw.get(key)).toString('latin1');
    expect(kept).not.toContain('RSSMRA80A01H501U');
    expect(kept).not.toContain('1.234,56');
    expect(new TextDecoder().decode(await sealed.get(key))).toContain('RSSMRA80A01H501U');
  });

  it('refuses settings that cannot work', () => {
    expect(() => loadConfig({ STORAGE: 's3', APP_KEY: appKey, DATA_DIR: folder })).toThrow(/S3_BUCKET/);
    expect(() =>
      loadConfig({ STORAGE: 's3', S3_BUCKET: 'b', S3_ACCESS_KEY_ID: 'only-one', APP_KEY: appKey, DATA_DIR: folder }),
    ).toThrow(/S3_SECRET_ACCESS_KEY/);
    expect(() =>
      loadConfig({ STORAGE: 's3', S3_BUCKET: 'b', S3_PREFIX: '../x/', APP_KEY: appKey, DATA_DIR: folder }),
    ).toThrow(/S3_PREFIX/);
  });
});

describe('copying a disk to a bucket', () => {
  it('copies every file as kept, verifies each, and resumes after an interruption', async () => {
    const diskRoot = path.join(folder, 'to-copy');
    const disk = createLocalStorage(diskRoot);
    const files = new Map<string, Buffer>();
    for (let index = 0; index < 12; index += 1) {
      const bytes = randomBytes(index === 0 ? 6 * 1024 * 1024 : 1000 + index);
      files.set(await disk.put(`files/company/${index % 3}`, bytes, 'pdf'), bytes);
    }
    const sealedKey = await sealedStorage(disk, appKey).put('payslips/2026-11', new Uint8Array([7, 7, 7]), 'pdf');
    files.set(sealedKey, Buffer.from(await disk.get(sealedKey)));
    const target = createS3Storage(s3Settings('copy/'));
    const journalFile = path.join(folder, 'storage-copy.journal');

    // An interrupted run: four files verified, as if the process had stopped there.
    const keys = [...files.keys()];
    const firstFour = createLocalStorage(diskRoot);
    firstFour.list = async function* () {
      for (const key of keys.slice(0, 4)) yield { key, size: files.get(key)?.length ?? 0 };
    };
    const first = await copyStorage({ from: firstFour, to: target, journalFile });
    expect(first).toMatchObject({ done: 4, total: 4, skipped: 0, failed: 0 });

    const progress: number[] = [];
    const second = await copyStorage({
      from: disk,
      to: target,
      journalFile,
      onProgress: (step) => progress.push(step.done),
    });
    expect(second).toMatchObject({ done: 9, total: 9, skipped: 4, failed: 0, failures: [] });
    expect(progress.at(-1)).toBe(9);
    for (const [key, bytes] of files) expect(sha256(await target.get(key)), key).toBe(sha256(bytes));
    // Still sealed in the bucket, and opened with the app key as before.
    expect([...(await sealedStorage(target, appKey).get(sealedKey))]).toEqual([7, 7, 7]);
    const journal = readFileSync(journalFile, 'utf8').trim().split('\n');
    expect(journal).toHaveLength(13);
    expect(journal).toContain(`${sha256(files.get(sealedKey) as Buffer)} ${sealedKey}`);

    // A third run finds nothing left to do.
    expect(await copyStorage({ from: disk, to: target, journalFile })).toMatchObject({ total: 0, skipped: 13 });
  });

  it('reports a file that reads back different, leaves it out of the journal and retries it next time', async () => {
    const disk = createLocalStorage(path.join(folder, 'corrupting'));
    const key = await disk.put('files/x', new Uint8Array([1, 2, 3, 4]), 'bin');
    const target = createS3Storage(s3Settings('corrupting/'));
    // A destination that loses the last byte of what it is given.
    const lossy: Storage = {
      ...target,
      stream: async (streamKey, range) =>
        Readable.from([(await target.get(streamKey)).subarray(0, 3)].filter(() => !range)),
    };
    const journalFile = path.join(folder, 'corrupting.journal');
    writeFileSync(journalFile, 'not a journal line\n');
    const outcome = await copyStorage({ from: disk, to: lossy, journalFile });
    expect(outcome).toMatchObject({ done: 1, failed: 1 });
    expect(outcome.failures[0]).toMatchObject({ key, reason: expect.stringMatching(/checksum differs/) });
    expect(await copyStorage({ from: disk, to: target, journalFile })).toMatchObject({ done: 1, failed: 0 });
  });
});
