// Moving an installation's files from the local disk to a bucket (npm run storage:copy): every file copied as kept
// (sealed files stay sealed), then read back from the bucket and its SHA-256 compared with the original's. What was
// verified is written to a journal, one line per file, so a run stopped half-way (a reboot, a lost connection) starts
// again where it was. Keys never change once written (each put makes a new one), so a journal line stays true.
import { createHash } from 'node:crypto';
import { appendFile, readFile } from 'node:fs/promises';
import type { Readable } from 'node:stream';
import { hashed } from './crypto';
import type { Storage } from './storage-contract';

export type CopyProgress = { done: number; total: number; bytes: number; skipped: number; failed: number };

export type CopyOutcome = CopyProgress & { failures: { key: string; reason: string }[] };

/** The SHA-256 of what a stream carries, read to its end. */
async function digestOf(stream: Readable): Promise<string> {
  const hash = createHash('sha256');
  for await (const chunk of stream) hash.update(chunk as Uint8Array);
  return hash.digest('hex');
}

/** The journal's verified keys: lines of `<sha256> <key>`; a line cut short by a crash is ignored. */
async function verifiedKeys(journalFile: string): Promise<Set<string>> {
  const text = await readFile(journalFile, 'utf8').catch((error: NodeJS.ErrnoException) => {
    if (error.code === 'ENOENT') return '';
    throw error;
  });
  const keys = new Set<string>();
  for (const line of text.split('\n')) {
    const match = /^[0-9a-f]{64} (\S+)$/.exec(line);
    if (match?.[1]) keys.add(match[1]);
  }
  return keys;
}

/** One file: streamed from the source into the destination while hashed, then read back and compared. */
async function copyOne(from: Storage, to: Storage, key: string): Promise<string> {
  const sent = hashed(await from.stream(key));
  await to.write(key, sent.stream);
  const written = sent.digest();
  const readBack = await digestOf(await to.stream(key));
  if (readBack !== written) throw new Error(`checksum differs after the copy (${written} ≠ ${readBack})`);
  return written;
}

/**
 * Copies every file of `from` not yet in the journal to `to`, `concurrency` at a time, verifying each. A file that
 * fails is reported and left out of the journal, so the next run tries it again.
 */
export async function copyStorage(options: {
  from: Storage;
  to: Storage;
  journalFile: string;
  concurrency?: number;
  onProgress?: (progress: CopyProgress) => void;
}): Promise<CopyOutcome> {
  const { from, to, journalFile } = options;
  const verified = await verifiedKeys(journalFile);
  const pending: { key: string; size: number }[] = [];
  let skipped = 0;
  for await (const object of from.list()) {
    if (verified.has(object.key)) skipped += 1;
    else pending.push(object);
  }
  const outcome: CopyOutcome = { done: 0, total: pending.length, bytes: 0, skipped, failed: 0, failures: [] };
  const worker = async () => {
    for (let next = pending.shift(); next; next = pending.shift()) {
      try {
        const digest = await copyOne(from, to, next.key);
        await appendFile(journalFile, `${digest} ${next.key}\n`);
        outcome.bytes += next.size;
      } catch (error) {
        outcome.failed += 1;
        outcome.failures.push({ key: next.key, reason: error instanceof Error ? error.message : String(error) });
      }
      outcome.done += 1;
      options.onProgress?.({ ...outcome });
    }
  };
  await Promise.all(Array.from({ length: options.concurrency ?? 4 }, worker));
  return outcome;
}
