// Files (employee documents, avatars, payslips, attachments, videos) go through one Storage interface: the local disk
// under DATA_DIR/files by default, or an S3-compatible bucket (storage-s3.ts) chosen by STORAGE=s3. Keys are generated
// by the app, never taken from a file name. Large files go in and out as streams, never whole in memory; a download
// asks for the size first and then the byte range it was asked for.
import { randomUUID } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, opendir, readFile, rename, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { Config } from '../config';
import { openBytes, sealBytes } from './crypto';
import { withoutControlCharacters } from './file-transfer';
import { assertSafeKey, bodyBytes, newStorageKey, type Storage, type StorageBody } from './storage-contract';
import { createS3Storage } from './storage-s3';

export type { ByteRange, Storage, StorageBody } from './storage-contract';

export function createLocalStorage(root: string): Storage {
  const pathOf = (key: string) => {
    assertSafeKey(key);
    return path.join(root, ...key.split('/'));
  };
  /** Written aside and renamed: nobody reads half a file, and a failed write leaves nothing. */
  const writeAt = async (key: string, body: StorageBody) => {
    const file = pathOf(key);
    await mkdir(path.dirname(file), { recursive: true });
    const partial = `${file}.${randomUUID()}.partial`;
    try {
      await pipeline(body instanceof Uint8Array ? Readable.from([body]) : body, createWriteStream(partial));
      await rename(partial, file);
    } finally {
      await rm(partial, { force: true });
    }
  };
  async function* walk(folder: string, prefix: string): AsyncGenerator<{ key: string; size: number }> {
    const directory = await opendir(folder).catch((error: NodeJS.ErrnoException) => {
      if (error.code === 'ENOENT') return undefined;
      throw error;
    });
    if (!directory) return;
    for await (const entry of directory) {
      const file = path.join(folder, entry.name);
      if (entry.isDirectory()) yield* walk(file, `${prefix}${entry.name}/`);
      else if (entry.isFile() && !entry.name.endsWith('.partial')) {
        yield { key: `${prefix}${entry.name}`, size: (await stat(file)).size };
      }
    }
  }
  return {
    put: async (area, body, extension) => {
      const key = newStorageKey(area, extension);
      await writeAt(key, body);
      return key;
    },
    get: async (key) => new Uint8Array(await readFile(pathOf(key))),
    size: async (key) => (await stat(pathOf(key))).size,
    stream: async (key, range) => {
      const file = pathOf(key);
      await stat(file);
      return createReadStream(file, range ? { start: range.start, end: range.end } : {});
    },
    remove: async (key) => rm(pathOf(key), { force: true }),
    list: () => walk(root, ''),
    write: writeAt,
  };
}

/**
 * The same storage with every file sealed with the app key (AES-256-GCM) before it leaves the process: what a copy of
 * the disk or the bucket reveals of a payslip is nothing. A file changed at rest fails to open rather than being served.
 * Sealed files (payslips, bank statements: small) are opened whole. Copies and backups read the storage beneath, so
 * they carry the files still sealed.
 */
export function sealedStorage(inner: Storage, appKey: string): Storage {
  const get = async (key: string) => openBytes(appKey, await inner.get(key));
  return {
    put: async (area, body, extension) => inner.put(area, sealBytes(appKey, await bodyBytes(body)), extension),
    get,
    size: async (key) => (await get(key)).length,
    stream: async (key, range) => {
      const bytes = await get(key);
      return Readable.from([range ? bytes.subarray(range.start, range.end + 1) : bytes]);
    },
    remove: (key) => inner.remove(key),
    list: () => inner.list(),
    write: async (key, body) => inner.write(key, sealBytes(appKey, await bodyBytes(body))),
  };
}

/** The installation's storage: DATA_DIR/files on the local disk, or the bucket STORAGE=s3 names. */
export function createStorage(config: Pick<Config, 'dataDir' | 'storage'>): Storage {
  if (config.storage.kind === 's3') return createS3Storage(config.storage);
  return createLocalStorage(path.join(config.dataDir, 'files'));
}

/** What an uploaded file really is, read from its first bytes rather than from its name. */
export type SniffedType = { mimeType: string; extension: string };

const signatures: { mimeType: string; extension: string; matches: (bytes: Uint8Array) => boolean }[] = [
  { mimeType: 'image/jpeg', extension: 'jpg', matches: (b) => b[0] === 0xff && b[1] === 0xd8 && b[2] === 0xff },
  {
    mimeType: 'image/png',
    extension: 'png',
    matches: (b) => [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a].every((value, index) => b[index] === value),
  },
  {
    mimeType: 'image/webp',
    extension: 'webp',
    matches: (b) => ascii(b, 0, 4) === 'RIFF' && ascii(b, 8, 12) === 'WEBP',
  },
  {
    mimeType: 'image/gif',
    extension: 'gif',
    matches: (b) => ascii(b, 0, 6) === 'GIF87a' || ascii(b, 0, 6) === 'GIF89a',
  },
  { mimeType: 'application/pdf', extension: 'pdf', matches: (b) => ascii(b, 0, 5) === '%PDF-' },
  // ISO base media (MP4, MOV): the first box is `ftyp`, its brand telling which; QuickTime's `qt  ` is not MP4.
  {
    mimeType: 'video/mp4',
    extension: 'mp4',
    matches: (b) => ascii(b, 4, 8) === 'ftyp' && ascii(b, 8, 12) !== 'qt  ',
  },
  // Matroska's EBML header, with the DocType WebM (what MediaRecorder writes) among its first bytes.
  {
    mimeType: 'video/webm',
    extension: 'webm',
    matches: (b) =>
      b[0] === 0x1a && b[1] === 0x45 && b[2] === 0xdf && b[3] === 0xa3 && ascii(b, 4, 64).includes('webm'),
  },
  // A ZIP archive starts with a local file header, or is empty (end of central directory only). Office
  // Open XML and OpenDocument files are ZIP archives too: their name tells which.
  {
    mimeType: 'application/zip',
    extension: 'zip',
    matches: (b) => ascii(b, 0, 4) === 'PK\x03\x04' || ascii(b, 0, 4) === 'PK\x05\x06',
  },
];

const strictUtf8 = new TextDecoder('utf-8', { fatal: true });

/** Plain text: valid UTF-8 with no NUL byte (binary formats are full of them; text never has one). */
function isPlainText(bytes: Uint8Array): boolean {
  if (bytes.includes(0)) return false;
  try {
    strictUtf8.decode(bytes);
    return true;
  } catch {
    return false;
  }
}

function ascii(bytes: Uint8Array, start: number, end: number): string {
  return String.fromCharCode(...bytes.subarray(start, end));
}

/** The signature's type (JPEG, PNG, WebP, GIF, PDF, MP4, WebM, ZIP), else text/plain for plain text, else null (unknown binary). */
export function sniffFileType(bytes: Uint8Array): SniffedType | null {
  const found = signatures.find((signature) => signature.matches(bytes));
  if (found) return { mimeType: found.mimeType, extension: found.extension };
  return isPlainText(bytes) ? { mimeType: 'text/plain', extension: 'txt' } : null;
}

/** A file name safe to show and to send back in Content-Disposition: no path, no control characters. */
export function safeFileName(name: string): string {
  const base = withoutControlCharacters(name).split(/[\\/]/).pop() ?? '';
  const cleaned = [...base]
    .filter((character) => !'<>:"|?*'.includes(character))
    .join('')
    .trim();
  return (cleaned || 'file').slice(0, 200);
}
