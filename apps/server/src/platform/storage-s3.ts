// Stored files in an S3-compatible bucket (AWS S3, MinIO, Cloudflare R2, Ceph) through the AWS SDK, for installations
// that run several server processes: every process reads and writes the same files. Content goes in as a multipart
// upload of a few parts at a time and comes out as the response's stream, so a 200 MB video never sits whole in
// memory; a range is asked of the bucket, not cut here. Sealed files (payslips) are sealed before they get here.

import type { Readable } from 'node:stream';
import {
  DeleteObjectCommand,
  GetObjectCommand,
  HeadObjectCommand,
  PutObjectCommand,
  paginateListObjectsV2,
  S3Client,
} from '@aws-sdk/client-s3';
import { Upload } from '@aws-sdk/lib-storage';
import type { Config } from '../config';
import { assertSafeKey, newStorageKey, type Storage, type StorageBody } from './storage-contract';

export type S3Settings = Extract<Config['storage'], { kind: 's3' }>;

/** Parts of 8 MiB, two in flight: what an upload of any size holds in memory. */
const partBytes = 8 * 1024 * 1024;
const partsInFlight = 2;

export function createS3Client(settings: S3Settings): S3Client {
  return new S3Client({
    endpoint: settings.endpoint,
    region: settings.region,
    forcePathStyle: settings.forcePathStyle,
    credentials:
      settings.accessKeyId && settings.secretAccessKey
        ? { accessKeyId: settings.accessKeyId, secretAccessKey: settings.secretAccessKey }
        : undefined,
    // The SDK's default CRC checksums on every request are refused by some S3-compatible stores (older MinIO, Ceph);
    // only the calls that require one send it.
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
  });
}

export function createS3Storage(settings: S3Settings, client: S3Client = createS3Client(settings)): Storage {
  const { bucket, prefix } = settings;
  const objectKey = (key: string) => {
    assertSafeKey(key);
    return `${prefix}${key}`;
  };
  const writeAt = async (key: string, body: StorageBody) => {
    if (body instanceof Uint8Array) {
      await client.send(
        new PutObjectCommand({ Bucket: bucket, Key: objectKey(key), Body: body, ContentLength: body.length }),
      );
      return;
    }
    const upload = new Upload({
      client,
      params: { Bucket: bucket, Key: objectKey(key), Body: body },
      partSize: partBytes,
      queueSize: partsInFlight,
      // A failed upload leaves no parts behind to be billed for.
      leavePartsOnError: false,
    });
    await upload.done();
  };
  const open = async (key: string, range?: { start: number; end: number }) => {
    const answer = await client.send(
      new GetObjectCommand({
        Bucket: bucket,
        Key: objectKey(key),
        Range: range ? `bytes=${range.start}-${range.end}` : undefined,
      }),
    );
    if (!answer.Body) throw new Error(`storage object without a body: ${key}`);
    return answer.Body;
  };
  async function* list(): AsyncGenerator<{ key: string; size: number }> {
    for await (const page of paginateListObjectsV2({ client }, { Bucket: bucket, Prefix: prefix })) {
      for (const object of page.Contents ?? []) {
        if (object.Key) yield { key: object.Key.slice(prefix.length), size: object.Size ?? 0 };
      }
    }
  }
  return {
    put: async (area, body, extension) => {
      const key = newStorageKey(area, extension);
      await writeAt(key, body);
      return key;
    },
    get: async (key) => (await open(key)).transformToByteArray(),
    size: async (key) =>
      (await client.send(new HeadObjectCommand({ Bucket: bucket, Key: objectKey(key) }))).ContentLength ?? 0,
    // In Node the SDK's body is the HTTP response itself, a Readable.
    stream: async (key, range) => (await open(key, range)) as unknown as Readable,
    remove: async (key) => {
      await client.send(new DeleteObjectCommand({ Bucket: bucket, Key: objectKey(key) }));
    },
    list,
    write: writeAt,
  };
}
