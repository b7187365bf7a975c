// The resumable upload against a fake server: pieces from the server's offset, retries, resume, restart, abort.
import type { Media, UploadStart, UploadState } from '@bottega/contracts/automation';
import { describe, expect, it } from 'vitest';
import { ApiError } from '../../lib/api-client';
import {
  backOffDelay,
  fileFingerprint,
  isRetryable,
  resumableUpload,
  UploadAbortedError,
  type UploadMemory,
  type UploadProgress,
  type UploadTransport,
} from './resumable-upload';

const media: Media = {
  id: 7,
  kind: 'video',
  title: 'Vetrina',
  tags: [],
  mimeType: 'video/webm',
  sizeBytes: 10,
  durationMs: 1000,
  width: 640,
  height: 480,
  hasThumbnail: false,
  source: 'camera',
  createdBy: null,
  createdAt: '2026-03-01T10:00:00.000Z',
  usedBy: 0,
};

const body = { fileName: 'clip.webm', title: 'Vetrina', tags: [] as string[], source: 'camera' as const };
const future = '2999-01-01T00:00:00.000Z';

type Fault = ApiError | 'lostAnswer';

/**
 * A server keeping one upload at a time in memory. `faults` are thrown by the next chunk calls in order (undefined:
 * no fault); 'lostAnswer' takes the piece but throws a network error, as a connection dropped after the bytes arrived.
 */
function fakeServer(options: { chunkBytes?: number; size: number; faults?: (Fault | undefined)[] }) {
  const chunkBytes = options.chunkBytes ?? 4;
  const faults = [...(options.faults ?? [])];
  const uploads = new Map<string, { offset: number; sizeBytes: number; expiresAt: string; bytes: number[] }>();
  const calls: string[] = [];
  const starts: UploadStart[] = [];
  let nextId = 1;
  const stateOf = (id: string): UploadState => {
    const upload = uploads.get(id);
    if (!upload) throw new ApiError(404, 'notFound', '');
    return {
      id,
      offset: upload.offset,
      sizeBytes: upload.sizeBytes,
      chunkBytes,
      expiresAt: upload.expiresAt,
      media: upload.offset === upload.sizeBytes ? { ...media, sizeBytes: upload.sizeBytes } : null,
    };
  };
  const transport: UploadTransport = {
    start: async (start) => {
      calls.push('start');
      starts.push(start);
      const id = `u${nextId++}`;
      uploads.set(id, { offset: 0, sizeBytes: start.sizeBytes, expiresAt: future, bytes: [] });
      return stateOf(id);
    },
    status: async (id) => {
      calls.push(`status ${id}`);
      return stateOf(id);
    },
    sendChunk: async (id, offset, chunk, onProgress, signal) => {
      calls.push(`chunk ${id}@${offset}+${chunk.size}`);
      const fault = faults.shift();
      if (signal.aborted) throw new ApiError(0, 'network', '');
      const upload = uploads.get(id);
      if (!upload) throw new ApiError(404, 'notFound', '');
      if (fault instanceof ApiError) throw fault;
      if (offset !== upload.offset) throw new ApiError(409, 'uploadOffsetMismatch', 'offset');
      if (chunk.size > chunkBytes) throw new ApiError(422, 'validation', 'too long');
      onProgress(Math.floor(chunk.size / 2));
      upload.bytes.push(...new Uint8Array(await chunk.arrayBuffer()));
      upload.offset += chunk.size;
      onProgress(chunk.size);
      if (fault === 'lostAnswer') throw new ApiError(0, 'network', '');
      return stateOf(id);
    },
  };
  return { transport, calls, starts, uploads, faults };
}

function memoryMap(): UploadMemory & { entries: Map<string, string> } {
  const entries = new Map<string, string>();
  return {
    entries,
    get: (key) => entries.get(key) ?? null,
    set: (key, id) => entries.set(key, id),
    remove: (key) => entries.delete(key),
  };
}

const fileOf = (size: number) => new Blob([Uint8Array.from({ length: size }, (_, index) => index)]);
const noWait = async () => undefined;

describe('a resumable upload', () => {
  it('sends the file in pieces from the offset the server says, reporting the bytes as they go', async () => {
    const server = fakeServer({ size: 10 });
    const progress: UploadProgress[] = [];
    const memory = memoryMap();
    const result = await resumableUpload({
      file: fileOf(10),
      body,
      transport: server.transport,
      onProgress: (one) => progress.push(one),
      memory,
      fingerprint: 'clip',
    });
    expect(result).toEqual({ media: { ...media, sizeBytes: 10 }, resumed: false });
    expect(server.starts).toEqual([{ ...body, sizeBytes: 10 }]);
    expect(server.calls).toEqual(['start', 'chunk u1@0+4', 'chunk u1@4+4', 'chunk u1@8+2']);
    expect(server.uploads.get('u1')?.bytes).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8, 9]);
    const percents = progress.map((one) => one.percent);
    expect(percents).toEqual([...percents].sort((a, b) => a - b));
    expect(progress.at(-1)).toEqual({ sentBytes: 10, totalBytes: 10, percent: 100 });
    expect(memory.entries.size).toBe(0);
  });

  it('remembers the upload while it runs', async () => {
    const server = fakeServer({ size: 6 });
    const memory = memoryMap();
    const seen: (string | undefined)[] = [];
    const transport: UploadTransport = {
      ...server.transport,
      sendChunk: (...args) => {
        seen.push(memory.entries.get('clip'));
        return server.transport.sendChunk(...args);
      },
    };
    await resumableUpload({ file: fileOf(6), body, transport, memory, fingerprint: 'clip' });
    expect(seen).toEqual(['u1', 'u1']);
  });

  it('asks where the upload stands after a dropped connection and goes on from there, after a wait', async () => {
    const server = fakeServer({ size: 10, faults: [undefined, 'lostAnswer'] });
    const waits: number[] = [];
    const result = await resumableUpload({
      file: fileOf(10),
      body,
      transport: server.transport,
      sleep: async (ms) => {
        waits.push(ms);
      },
      retryDelay: (failures) => failures * 100,
    });
    expect(result.media.id).toBe(7);
    // The second piece arrived though its answer did not: it is not sent twice.
    expect(server.calls).toEqual(['start', 'chunk u1@0+4', 'chunk u1@4+4', 'status u1', 'chunk u1@8+2']);
    expect(waits).toEqual([100]);
    expect(server.uploads.get('u1')?.bytes).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8, 9]);
  });

  it('tries a failing server again with growing waits, then gives up keeping the upload to resume', async () => {
    const unavailable = new ApiError(503, 'internal', '');
    const server = fakeServer({ size: 10, faults: Array.from({ length: 10 }, () => unavailable) });
    const waits: number[] = [];
    const memory = memoryMap();
    await expect(
      resumableUpload({
        file: fileOf(10),
        body,
        transport: server.transport,
        maxRetries: 3,
        memory,
        fingerprint: 'clip',
        sleep: async (ms) => {
          waits.push(ms);
        },
        retryDelay: (failures, error) => backOffDelay(failures, error, () => 0.5),
      }),
    ).rejects.toBe(unavailable);
    expect(waits).toEqual([1000, 2000, 4000]);
    expect(server.calls.filter((call) => call.startsWith('chunk'))).toHaveLength(4);
    expect(memory.entries.get('clip')).toBe('u1');
  });

  it('goes on from the real offset when a piece is refused for where it starts', async () => {
    const server = fakeServer({ size: 8 });
    let first = true;
    const transport: UploadTransport = {
      ...server.transport,
      // Another tab sent the first piece meanwhile.
      sendChunk: async (id, offset, chunk, onProgress, signal) => {
        if (first) {
          first = false;
          const upload = server.uploads.get(id);
          if (upload) upload.offset = 4;
        }
        return server.transport.sendChunk(id, offset, chunk, onProgress, signal);
      },
    };
    const result = await resumableUpload({ file: fileOf(8), body, transport, sleep: noWait });
    expect(result.media.sizeBytes).toBe(8);
    expect(server.calls).toEqual(['start', 'chunk u1@0+4', 'status u1', 'chunk u1@4+4']);
  });

  it('starts again when the upload expired under way', async () => {
    const server = fakeServer({ size: 8, faults: [undefined, new ApiError(410, 'uploadExpired', '')] });
    const memory = memoryMap();
    const result = await resumableUpload({
      file: fileOf(8),
      body,
      transport: server.transport,
      memory,
      fingerprint: 'clip',
      sleep: noWait,
    });
    expect(result.media.sizeBytes).toBe(8);
    expect(server.calls).toEqual(['start', 'chunk u1@0+4', 'chunk u1@4+4', 'start', 'chunk u2@0+4', 'chunk u2@4+4']);
    expect(memory.entries.size).toBe(0);
  });

  it("ends with the server's refusal of the content, forgetting the upload", async () => {
    const refused = new ApiError(415, 'mediaUnsupported', 'Formato non supportato');
    const server = fakeServer({ size: 4, faults: [refused] });
    const memory = memoryMap();
    await expect(
      resumableUpload({ file: fileOf(4), body, transport: server.transport, memory, fingerprint: 'clip' }),
    ).rejects.toBe(refused);
    expect(server.calls).toEqual(['start', 'chunk u1@0+4']);
    expect(memory.entries.size).toBe(0);
  });

  it('resumes a remembered upload of the same file from where the server stands', async () => {
    const server = fakeServer({ size: 10 });
    const begun = await server.transport.start({ ...body, sizeBytes: 10 }, new AbortController().signal);
    await server.transport.sendChunk(begun.id, 0, fileOf(4), () => undefined, new AbortController().signal);
    server.calls.length = 0;
    const memory = memoryMap();
    memory.set('clip', begun.id);
    const progress: number[] = [];
    const result = await resumableUpload({
      file: fileOf(10),
      body,
      transport: server.transport,
      memory,
      fingerprint: 'clip',
      onProgress: (one) => progress.push(one.sentBytes),
    });
    expect(result.resumed).toBe(true);
    expect(server.calls).toEqual(['status u1', 'chunk u1@4+4', 'chunk u1@8+2']);
    expect(progress[0]).toBe(4);
  });

  it('starts afresh when the remembered upload is gone, expired or of another size', async () => {
    const server = fakeServer({ size: 4 });
    const memory = memoryMap();
    memory.set('clip', 'lost');
    const result = await resumableUpload({
      file: fileOf(4),
      body,
      transport: server.transport,
      memory,
      fingerprint: 'clip',
    });
    expect(result.resumed).toBe(false);
    expect(server.calls).toEqual(['status lost', 'start', 'chunk u1@0+4']);

    const old = fakeServer({ size: 4 });
    const begun = await old.transport.start({ ...body, sizeBytes: 4 }, new AbortController().signal);
    const upload = old.uploads.get(begun.id);
    if (upload) upload.expiresAt = '2026-01-01T00:00:00.000Z';
    memory.set('clip', begun.id);
    old.calls.length = 0;
    await resumableUpload({
      file: fileOf(4),
      body,
      transport: old.transport,
      memory,
      fingerprint: 'clip',
      now: () => Date.parse('2026-02-01T00:00:00.000Z'),
    });
    expect(old.calls).toEqual([`status ${begun.id}`, 'start', 'chunk u2@0+4']);
  });

  it('stops when aborted, even during a wait, and forgets the upload', async () => {
    const server = fakeServer({ size: 10, faults: [new ApiError(0, 'network', '')] });
    const controller = new AbortController();
    const memory = memoryMap();
    const upload = resumableUpload({
      file: fileOf(10),
      body,
      transport: server.transport,
      signal: controller.signal,
      memory,
      fingerprint: 'clip',
      retryDelay: () => 60_000,
    });
    await new Promise((resolve) => setTimeout(resolve, 10));
    controller.abort();
    await expect(upload).rejects.toBeInstanceOf(UploadAbortedError);
    expect(server.calls).toEqual(['start', 'chunk u1@0+4']);
    expect(memory.entries.size).toBe(0);
  });

  it('does not start when already aborted', async () => {
    const server = fakeServer({ size: 4 });
    const controller = new AbortController();
    controller.abort();
    await expect(
      resumableUpload({ file: fileOf(4), body, transport: server.transport, signal: controller.signal }),
    ).rejects.toBeInstanceOf(UploadAbortedError);
    expect(server.calls).toEqual([]);
  });
});

describe('the retry rules', () => {
  it('try again on no answer, 408, 429 and 5xx only', () => {
    expect(isRetryable(new ApiError(0, 'network', ''))).toBe(true);
    expect(isRetryable(new ApiError(502, 'internal', ''))).toBe(true);
    expect(isRetryable(new ApiError(429, 'tooManyAttempts', ''))).toBe(true);
    expect(isRetryable(new ApiError(413, 'mediaTooLarge', ''))).toBe(false);
    expect(isRetryable(new ApiError(409, 'uploadOffsetMismatch', ''))).toBe(false);
    expect(isRetryable(new Error('other'))).toBe(false);
  });

  it('wait twice as long each time, up to 30 seconds, or as long as a 429 asks', () => {
    const middle = () => 0.5;
    expect([1, 2, 3, 4, 5, 6, 7].map((failures) => backOffDelay(failures, null, middle))).toEqual([
      1000, 2000, 4000, 8000, 16_000, 30_000, 30_000,
    ]);
    const retryAt = Date.now() + 5000;
    const delay = backOffDelay(1, new ApiError(429, 'internal', '', {}, retryAt));
    expect(delay).toBeGreaterThan(4000);
    expect(delay).toBeLessThanOrEqual(5000);
  });

  it('fingerprint a file by its name, size, date and type', () => {
    expect(fileFingerprint({ name: 'a.mp4', size: 3, lastModified: 5, type: 'video/mp4' })).toBe('a.mp4|3|5|video/mp4');
  });
});
