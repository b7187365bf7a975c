// What every storage backend answers (storage.ts on the local disk, storage-s3.ts in a bucket), and the key rules they
// share. Apart from storage.ts so the backends need not import each other.
import { randomUUID } from 'node:crypto';
import type { Readable } from 'node:stream';

/** Bytes start..end, both included (an HTTP Range's). */
export type ByteRange = { start: number; end: number };

/** What a file's content comes as: whole, or a stream read once. */
export type StorageBody = Uint8Array | Readable;

export type Storage = {
  /** Stores the content under a new key inside `area` (e.g. `employees/12`) and answers the key. */
  put: (area: string, body: StorageBody, extension: string) => Promise<string>;
  get: (key: string) => Promise<Uint8Array>;
  /** The file's size in bytes, as get answers it. */
  size: (key: string) => Promise<number>;
  /** The file's content, or the range of it, as a stream. */
  stream: (key: string, range?: ByteRange) => Promise<Readable>;
  remove: (key: string) => Promise<void>;
  /** Every stored file: what a copy to a bucket or a backup reads (from the storage beneath any sealing). */
  list: () => AsyncIterable<{ key: string; size: number }>;
  /** Writes the content at a given key (copy, restore), replacing what was there. */
  write: (key: string, body: StorageBody) => Promise<void>;
};

const safeSegment = /^[a-z0-9][a-z0-9._-]*$/i;

/** A key is `area/…/uuid.ext` with plain segments only, so it can never leave the storage root. */
export function assertSafeKey(key: string): void {
  const segments = key.split('/');
  if (segments.length < 2 || !segments.every((segment) => safeSegment.test(segment) && segment !== '..')) {
    throw new Error(`unsafe storage key: ${key}`);
  }
}

/** A new key inside `area`: a random name with the extension's letters and digits. */
export function newStorageKey(area: string, extension: string): string {
  const key = `${area}/${randomUUID()}${extension ? `.${extension.replace(/[^a-z0-9]/gi, '')}` : ''}`;
  assertSafeKey(key);
  return key;
}

/** The whole content of a body, for the stores that need it at once (sealing). */
export async function bodyBytes(body: StorageBody): Promise<Uint8Array> {
  if (body instanceof Uint8Array) return body;
  const chunks: Buffer[] = [];
  for await (const chunk of body) chunks.push(Buffer.from(chunk as Uint8Array));
  return new Uint8Array(Buffer.concat(chunks));
}
