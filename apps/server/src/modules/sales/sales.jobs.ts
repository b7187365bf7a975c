// The sales area's long work (issue 18, platform/jobs.ts): the receipts export, which reads a shop's receipts day by
// day into a CSV file and tells the person who asked how far it is; and, every night, the exports older than a week
// removed, file and job, so the disk keeps only what someone may still download.
import { languageSchema } from '@bottega/contracts/common';
import { formatDate } from '@bottega/contracts/dates';
import { type SalesExportResult, salesExportResultSchema } from '@bottega/contracts/sales';
import { and, eq, inArray, lt } from 'drizzle-orm';
import { z } from 'zod';
import { translate } from '../../platform/i18n';
import { defineJob, defineSchedule } from '../../platform/jobs';
import { jobs } from '../../platform/jobs.schema';
import { shops } from '../shops/shops.schema';
import { receipts } from './sales.schema';
import { loadStoredReceipts } from './sales.service';
import { receiptExportRows, receiptsCsvHeading, receiptsCsvRows } from './sales-export.csv';

/** How long an export can be downloaded: then its file and its job are removed. */
export const salesExportKeepDays = 7;

/** The calendar days from `from` to `to`, both included. */
export function daysFromTo(from: string, to: string): string[] {
  const days: string[] = [];
  for (let day = Date.parse(`${from}T00:00:00Z`); day <= Date.parse(`${to}T00:00:00Z`); day += 86_400_000) {
    days.push(new Date(day).toISOString().slice(0, 10));
  }
  return days;
}

/** Where the web downloads a finished export (only its starter may). */
export const salesExportLink = (jobId: number) => `/api/sales-exports/${jobId}/download`;

export const receiptsExportPayloadSchema = z.object({
  shopId: z.number().int().positive(),
  from: z.iso.date(),
  to: z.iso.date(),
  /** The requester's language: the headings, receipt types and payment methods are written in it. */
  lng: languageSchema,
});

/**
 * One shop's receipt lines over a range of days as a CSV file (sales-export.csv.ts). One day at a time is read and
 * turned into rows, so memory holds the text of the file and a single day's receipts, never the whole range's; each
 * day done moves the progress bar, with the day as its message. The file goes to the installation's Storage, then
 * the job completes with its key and link; if completing fails, the file is removed again.
 */
export const receiptsExportJob = defineJob({
  kind: 'sales.receiptsExport',
  payload: receiptsExportPayloadSchema,
  maxAttempts: 3,
  run: async ({ id, db, storage, payload, progress, complete }) => {
    const [shop] = await db.select({ code: shops.code }).from(shops).where(eq(shops.id, payload.shopId));
    if (!shop) throw new Error(`shop ${payload.shopId} no longer exists`);
    const days = daysFromTo(payload.from, payload.to);
    const chunks: Uint8Array[] = [receiptsCsvHeading(payload.lng)];
    let rows = 0;
    for (const [index, day] of days.entries()) {
      const stored = await loadStoredReceipts(
        db,
        and(eq(receipts.shopId, payload.shopId), eq(receipts.businessDate, day)),
      );
      const dayRows = stored.flatMap((receipt) => receiptExportRows(receipt, payload.lng));
      if (dayRows.length > 0) chunks.push(receiptsCsvRows(dayRows));
      rows += dayRows.length;
      await progress(index + 1, days.length, formatDate(day));
    }
    const key = await storage.put(`sales-exports/${payload.shopId}`, Buffer.concat(chunks), 'csv');
    const result: SalesExportResult = {
      key,
      fileName: translate(payload.lng, 'sales:export.fileName', {
        shop: shop.code,
        from: payload.from,
        to: payload.to,
      }),
      rows,
      link: salesExportLink(id),
    };
    try {
      await complete(async () => result);
    } catch (error) {
      await storage.remove(key).catch(() => undefined);
      throw error;
    }
  },
});

/** Every night: the exports older than salesExportKeepDays lose their file, then their job. */
export const salesExportsCleanupJob = defineJob({
  kind: 'sales.receiptsExportsCleanup',
  payload: z.object({}),
  run: async ({ db, now, storage, complete }) => {
    const before = new Date(now().getTime() - salesExportKeepDays * 86_400_000);
    const old = await db
      .select({ id: jobs.id, result: jobs.result })
      .from(jobs)
      .where(
        and(eq(jobs.kind, receiptsExportJob.kind), inArray(jobs.state, ['done', 'failed']), lt(jobs.createdAt, before)),
      );
    for (const job of old) {
      const result = salesExportResultSchema.safeParse(job.result);
      if (result.success) await storage.remove(result.data.key);
    }
    await complete(async (tx) => {
      if (old.length > 0) {
        await tx.delete(jobs).where(
          inArray(
            jobs.id,
            old.map((job) => job.id),
          ),
        );
      }
      return { removed: old.length };
    });
  },
});
defineSchedule({ name: 'sales.receiptsExportsCleanup', cron: '30 3 * * *', kind: salesExportsCleanupJob.kind });
