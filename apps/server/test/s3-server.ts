// A real S3-protocol server on loopback for the tests (s3rver speaks the S3 REST API: signed requests, ranges,
// multipart uploads, listing), so the bucket backend is tested through the AWS SDK as it runs in production.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import S3rver from 's3rver';

export type TestBucket = {
  /** The settings that point an app at the bucket (environment variables). */
  environment: Record<string, string>;
  close: () => Promise<void>;
};

/** A fresh server with one empty bucket, on a free port; `close` stops it and removes its files. */
export async function startTestBucket(bucket = 'bottega-test'): Promise<TestBucket> {
  const directory = mkdtempSync(path.join(tmpdir(), 'bottega-s3-'));
  const server = new S3rver({
    address: '127.0.0.1',
    port: 0,
    silent: true,
    directory,
    configureBuckets: [{ name: bucket, configs: [] }],
  });
  const { port } = await server.run();
  return {
    environment: {
      STORAGE: 's3',
      S3_ENDPOINT: `http://127.0.0.1:${port}`,
      S3_REGION: 'eu-south-1',
      S3_BUCKET: bucket,
      // s3rver's fixed credentials: it checks every request's signature against them.
      S3_ACCESS_KEY_ID: 'S3RVER',
      S3_SECRET_ACCESS_KEY: 'S3RVER',
      S3_FORCE_PATH_STYLE: 'true',
    },
    close: async () => {
      await server.close();
      rmSync(directory, { recursive: true, force: true });
    },
  };
}
