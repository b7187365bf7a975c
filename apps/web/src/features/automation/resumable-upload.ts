// A file of the media library sent in pieces (issue 28): the server says where the upload stands and each piece must
// start exactly there, so a dropped connection, a 5xx or a reload only costs the piece under way. The calls go through
// an injected transport (XMLHttpRequest in the app, for the bytes' progress; a fake in the tests), so what happens
// after each answer is plain code with no browser in it.
import type { Media, UploadStart, UploadState } from '@bottega/contracts/automation';
import { ApiError } from '../../lib/api-client';

/** The three calls of an upload. `signal` aborts the one under way. */
export type UploadTransport = {
  start: (body: UploadStart, signal: AbortSignal) => Promise<UploadState>;
  status: (id: string, signal: AbortSignal) => Promise<UploadState>;
  /** Sends `chunk` as the bytes from `offset`; `onProgress` gets the bytes of the chunk sent so far. */
  sendChunk: (
    id: string,
    offset: number,
    chunk: Blob,
    onProgress: (loaded: number) => void,
    signal: AbortSignal,
  ) => Promise<UploadState>;
};

/** Where the id of an unfinished upload is kept by the file's fingerprint, to resume it after a reload. */
export type UploadMemory = {
  get: (key: string) => string | null;
  set: (key: string, id: string) => void;
  remove: (key: string) => void;
};

export type UploadProgress = { sentBytes: number; totalBytes: number; percent: number };

/** The person (or the page being left) stopped the upload. */
export class UploadAbortedError extends Error {
  constructor() {
    super('aborted');
    this.name = 'AbortError';
  }
}

export type ResumableUploadOptions = {
  file: Blob;
  /** What the server is told at the start; `sizeBytes` is the file's. */
  body: Omit<UploadStart, 'sizeBytes'>;
  transport: UploadTransport;
  onProgress?: (progress: UploadProgress) => void;
  signal?: AbortSignal;
  /** Keeps the upload's id under `fingerprint` while it runs; nothing kept without both. */
  memory?: UploadMemory | null;
  fingerprint?: string | null;
  /** Consecutive failed attempts (network, 5xx, 429) tried again before giving up. */
  maxRetries?: number;
  /** The wait before the attempt after `failures` failures, in ms. */
  retryDelay?: (failures: number, error: unknown) => number;
  sleep?: (ms: number, signal: AbortSignal) => Promise<void>;
  now?: () => number;
};

export type ResumableUploadResult = {
  media: Media;
  /** It went on from an upload begun earlier (a reload): its title and tags are the ones given then. */
  resumed: boolean;
};

const defaultMaxRetries = 5;
/** An upload started over at most this many times (it expired under way, or the server lost it). */
const maxRestarts = 2;

/** 1 s, 2 s, 4 s … up to 30 s, with a little jitter so many tabs do not come back at once; a 429's Retry-After wins. */
export function backOffDelay(failures: number, error: unknown, random: () => number = Math.random): number {
  if (error instanceof ApiError && error.retryAt !== null) return Math.max(0, error.retryAt - Date.now());
  const base = Math.min(30_000, 1000 * 2 ** Math.max(0, failures - 1));
  return Math.round(base * (0.8 + random() * 0.4));
}

/** A failure that may pass: no answer, the server's own trouble, too many calls. */
export function isRetryable(error: unknown): boolean {
  if (!(error instanceof ApiError)) return false;
  return error.status === 0 || error.status === 408 || error.status === 429 || error.status >= 500;
}

function hasCode(error: unknown, code: string): boolean {
  return error instanceof ApiError && error.code === code;
}

/** The upload is no more: it ran out of time, or the server does not know it. */
function isGone(error: unknown): boolean {
  return hasCode(error, 'uploadExpired') || (error instanceof ApiError && error.status === 404);
}

function abortableSleep(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal.aborted) {
      reject(new UploadAbortedError());
      return;
    }
    const timer = setTimeout(() => {
      signal.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    const onAbort = () => {
      clearTimeout(timer);
      reject(new UploadAbortedError());
    };
    signal.addEventListener('abort', onAbort, { once: true });
  });
}

/** What names a dropped file well enough to find its unfinished upload again after a reload. */
export function fileFingerprint(file: { name: string; size: number; lastModified: number; type: string }): string {
  return [file.name, file.size, file.lastModified, file.type].join('|');
}

/** The tab's own memory: a reload keeps it, another tab or a new session does not see it. */
export const sessionUploadMemory: UploadMemory = {
  get: (key) => {
    try {
      return sessionStorage.getItem(`bottega.upload.${key}`);
    } catch {
      return null;
    }
  },
  set: (key, id) => {
    try {
      sessionStorage.setItem(`bottega.upload.${key}`, id);
    } catch {
      // A private window without storage: the upload still runs, it only cannot resume after a reload.
    }
  },
  remove: (key) => {
    try {
      sessionStorage.removeItem(`bottega.upload.${key}`);
    } catch {
      // As above.
    }
  },
};

/**
 * Sends the file in pieces of the server's `chunkBytes`, each starting at the offset the server last said, and answers
 * the media once the server took the last piece and checked the content. A remembered upload of the same file goes on
 * where it stands. Network failures, 5xx and 429 are tried again after a growing wait (asking the server where it stands
 * first, as the lost piece may have arrived); a piece refused for its offset is sent again from the real one; an
 * expired upload starts over. Anything else (415, 413, 422, 403 …) ends it with the server's error.
 */
export async function resumableUpload(options: ResumableUploadOptions): Promise<ResumableUploadResult> {
  const { file, transport } = options;
  const signal = options.signal ?? new AbortController().signal;
  const maxRetries = options.maxRetries ?? defaultMaxRetries;
  const retryDelay = options.retryDelay ?? backOffDelay;
  const sleep = options.sleep ?? abortableSleep;
  const now = options.now ?? Date.now;
  const memory = options.fingerprint ? (options.memory ?? null) : null;
  const key = options.fingerprint ?? '';
  const size = file.size;
  let restarts = 0;
  let resumed = false;

  const checkAborted = () => {
    if (signal.aborted) throw new UploadAbortedError();
  };
  const report = (sentBytes: number) => {
    const sent = Math.min(size, Math.max(0, sentBytes));
    options.onProgress?.({
      sentBytes: sent,
      totalBytes: size,
      percent: size === 0 ? 100 : Math.floor((sent / size) * 100),
    });
  };

  /** A call tried again while its failure may pass. */
  const withRetries = async <T>(call: () => Promise<T>): Promise<T> => {
    for (let failures = 0; ; ) {
      checkAborted();
      try {
        return await call();
      } catch (error) {
        checkAborted();
        if (!isRetryable(error) || failures >= maxRetries) throw error;
        failures += 1;
        await sleep(retryDelay(failures, error), signal);
      }
    }
  };

  const begin = async (): Promise<UploadState> => {
    const state = await withRetries(() => transport.start({ ...options.body, sizeBytes: size }, signal));
    memory?.set(key, state.id);
    return state;
  };

  /** The remembered upload of this file, when the server still has it as it was begun. */
  const recall = async (): Promise<UploadState | null> => {
    const id = memory?.get(key);
    if (!id) return null;
    try {
      const state = await withRetries(() => transport.status(id, signal));
      if (state.sizeBytes === size && Date.parse(state.expiresAt) > now()) return state;
    } catch (error) {
      if (error instanceof UploadAbortedError || !isGone(error)) throw error;
    }
    memory?.remove(key);
    return null;
  };

  const startOver = async (error: unknown): Promise<UploadState> => {
    memory?.remove(key);
    restarts += 1;
    if (restarts > maxRestarts) throw error;
    resumed = false;
    return begin();
  };

  /** Where the upload stands now, by the server; a fresh one when it is gone. */
  const refresh = async (id: string): Promise<UploadState> => {
    try {
      return await withRetries(() => transport.status(id, signal));
    } catch (error) {
      if (error instanceof UploadAbortedError || !isGone(error)) throw error;
      return startOver(error);
    }
  };

  try {
    checkAborted();
    const recalled = await recall();
    resumed = recalled !== null;
    let state = recalled ?? (await begin());
    let failures = 0;
    let mismatches = 0;
    report(state.offset);

    while (state.media === null) {
      checkAborted();
      if (state.offset >= size) {
        // Every byte is there but the answer naming the media was lost: the server says it when asked.
        if (failures >= maxRetries) throw new ApiError(500, 'internal', '');
        failures += 1;
        await sleep(retryDelay(failures, null), signal);
        state = await refresh(state.id);
        continue;
      }
      const from = state.offset;
      const to = Math.min(size, from + Math.max(1, state.chunkBytes));
      try {
        state = await transport.sendChunk(
          state.id,
          from,
          file.slice(from, to),
          (loaded) => report(from + loaded),
          signal,
        );
        failures = 0;
        mismatches = 0;
        report(state.offset);
      } catch (error) {
        checkAborted();
        if (hasCode(error, 'uploadOffsetMismatch')) {
          // Another tab, or a piece that arrived though its answer did not: go on from where the server stands.
          mismatches += 1;
          if (mismatches > maxRetries) throw error;
          state = await refresh(state.id);
          report(state.offset);
          continue;
        }
        if (isGone(error)) {
          state = await startOver(error);
          report(state.offset);
          continue;
        }
        if (!isRetryable(error) || failures >= maxRetries) throw error;
        failures += 1;
        await sleep(retryDelay(failures, error), signal);
        state = await refresh(state.id);
        report(state.offset);
      }
    }
    memory?.remove(key);
    report(size);
    return { media: state.media, resumed };
  } catch (error) {
    // Stopped on purpose or refused for good: nothing left to resume. A network still down after the retries keeps
    // the id, so dropping the same file again goes on where it stopped.
    if (!isRetryable(error)) memory?.remove(key);
    if (signal.aborted) throw new UploadAbortedError();
    throw error;
  }
}
