// The import of an uploaded POS settlement file (issue 21, platform/jobs.ts): read it whole (a file refused by the
// reader fails its upload with the problem, nothing imported), give each row to the shop of its merchant code, look
// up which rows the archive already has (the progress bar), then write the new entries, the upload's counts, its
// audit entry and the "POS bank loaded" notification with the job's completion, all at once or not at all.
import { formatDate } from '@bottega/contracts/dates';
import type { PosUploadFailure } from '@bottega/contracts/pos';
import { and, asc, eq, inArray } from 'drizzle-orm';
import { z } from 'zod';
import { PosSettlementError, parsePosSettlement } from '../../integrations/pos/pos-settlement';
import { writeAudit } from '../../platform/audit';
import type { Executor } from '../../platform/db';
import { defineJob } from '../../platform/jobs';
import { notify } from '../../platform/notify';
import { shops } from '../shops/shops.schema';
import { assignToShops, dateRange } from './pos.import';
import { posEntries, posUploads } from './pos.schema';

export const posAuditEntity = 'posUpload';
/** Where the archive is, for the notification's link. */
export const posArchivePath = '/app/shops/pos/archive';

/** Rows looked up, and written, per statement: well under PostgreSQL's 65 535 parameters. */
const chunkSize = 1000;

export const importPayloadSchema = z.object({ uploadId: z.number().int().positive() });

/** Shops by merchant code: open shops before closed ones, then the oldest, when two were given the same code. */
export async function shopsByMerchant(db: Executor, codes: readonly string[]): Promise<Map<string, number>> {
  const wanted = [...new Set(codes)].filter((code) => code !== '');
  if (wanted.length === 0) return new Map();
  const rows = await db
    .select({ id: shops.id, merchantCode: shops.merchantCode })
    .from(shops)
    .where(inArray(shops.merchantCode, wanted))
    .orderBy(asc(shops.closed), asc(shops.id));
  const map = new Map<string, number>();
  for (const row of rows) if (!map.has(row.merchantCode)) map.set(row.merchantCode, row.id);
  return map;
}

async function failUpload(db: Executor, uploadId: number, failure: PosUploadFailure): Promise<boolean> {
  const updated = await db
    .update(posUploads)
    .set({ state: 'failed', failure })
    .where(and(eq(posUploads.id, uploadId), eq(posUploads.state, 'processing')))
    .returning({ id: posUploads.id });
  return updated.length > 0;
}

export const importPosSettlementJob = defineJob({
  kind: 'pos.import',
  payload: importPayloadSchema,
  maxAttempts: 3,
  onGiveUp: async (tx, { payload }) => {
    await failUpload(tx, payload.uploadId, { kind: 'gaveUp' });
  },
  run: async ({ db, storage, payload, progress, complete, startedBy }) => {
    const [upload] = await db.select().from(posUploads).where(eq(posUploads.id, payload.uploadId));
    // Deleted meanwhile, or already imported by an earlier run that completed.
    if (upload?.state !== 'processing') return complete();
    const bytes = await storage.get(upload.storageKey);

    let rows: ReturnType<typeof parsePosSettlement>;
    try {
      rows = parsePosSettlement(bytes);
    } catch (error) {
      if (!(error instanceof PosSettlementError)) throw error;
      // No retry will make the file readable: the upload says why, the job ends.
      const failure = error.problem as PosUploadFailure;
      return complete(async (tx) => {
        if (await failUpload(tx, upload.id, failure)) {
          await writeAudit(tx, {
            actorId: startedBy,
            action: 'posUpload.failed',
            entity: posAuditEntity,
            entityId: upload.id,
            fromState: 'processing',
            toState: 'failed',
            data: { failure },
          });
        }
        return { uploadId: upload.id, failure };
      });
    }

    const { entries, unknownMerchants } = assignToShops(
      rows,
      await shopsByMerchant(
        db,
        rows.map((row) => row.merchantCode),
      ),
    );
    // Which rows the archive has already, a chunk at a time: the bar moves with it.
    await progress(0, entries.length, `0/${entries.length}`);
    let known = 0;
    for (let start = 0; start < entries.length; start += chunkSize) {
      const chunk = entries.slice(start, start + chunkSize);
      const existing = await db
        .select({ fingerprint: posEntries.fingerprint })
        .from(posEntries)
        .where(
          inArray(
            posEntries.fingerprint,
            chunk.map((entry) => entry.fingerprint),
          ),
        );
      known += existing.length;
      const done = Math.min(start + chunkSize, entries.length);
      await progress(done, entries.length, `${done}/${entries.length}`);
    }
    const { firstDate, lastDate } = dateRange(rows);

    await complete(async (tx) => {
      // ON CONFLICT DO NOTHING is what decides: a row another upload wrote meanwhile is not written twice.
      let newRows = 0;
      for (let start = 0; start < entries.length; start += chunkSize) {
        const written = await tx
          .insert(posEntries)
          .values(entries.slice(start, start + chunkSize).map((entry) => ({ ...entry, uploadId: upload.id })))
          .onConflictDoNothing({ target: posEntries.fingerprint })
          .returning({ id: posEntries.id });
        newRows += written.length;
      }
      const [imported] = await tx
        .update(posUploads)
        .set({ state: 'imported', rows: entries.length, newRows, unknownMerchants, firstDate, lastDate })
        .where(and(eq(posUploads.id, upload.id), eq(posUploads.state, 'processing')))
        .returning({ id: posUploads.id });
      if (!imported) throw new Error(`POS upload ${upload.id} is no longer processing`);
      await writeAudit(tx, {
        actorId: startedBy,
        action: 'posUpload.imported',
        entity: posAuditEntity,
        entityId: upload.id,
        fromState: 'processing',
        toState: 'imported',
        data: { rows: entries.length, newRows, alreadyKnown: known, unknownMerchants, firstDate, lastDate },
      });
      // Spec §6 Admin notifications › POS bank loaded: a company's event, for every holder but the uploader; a file
      // that brought nothing new (loaded before) loads nothing.
      if (newRows > 0) {
        await notify(tx, {
          event: 'adminNotifications.posBankLoaded',
          params: { from: formatDate(firstDate), to: formatDate(lastDate), rows: newRows },
          link: posArchivePath,
          actorId: startedBy,
        });
      }
      return { uploadId: upload.id, rows: entries.length, newRows };
    });
  },
});
