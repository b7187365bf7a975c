// The receipts export as people ask for it on a shop's sales-feed page: a request queues the export job
// (sales.jobs.ts) for the person asking, who follows its progress, finds their latest exports of the shop again
// after a reload, and alone downloads the file. The shop is reached through loadVisibleShop, so another shop's
// answers 404; the request is audited (who, shop, range).
import type { Language } from '@bottega/contracts/common';
import { businessDate } from '@bottega/contracts/dates';
import type { Job } from '@bottega/contracts/jobs';
import { type SalesExport, salesExportResultSchema } from '@bottega/contracts/sales';
import { and, eq } from 'drizzle-orm';
import { writeAudit } from '../../platform/audit';
import type { Database } from '../../platform/db';
import { AppError } from '../../platform/errors';
import { enqueueJob, toJob } from '../../platform/jobs';
import { jobs } from '../../platform/jobs.schema';
import type { SessionContext } from '../../platform/sessions';
import type { Storage } from '../../platform/storage';
import { listOwnJobs } from '../jobs/jobs.service';
import { loadVisibleShop, shopAuditEntity } from '../shops/shops.service';
import { receiptsExportJob, receiptsExportPayloadSchema } from './sales.jobs';

/** A shop's call from its page: who asks, for which shop. */
type ShopCall = { db: Database; viewer: SessionContext; shopId: number };

/** The exports listed on the page: enough for a day's work, few enough to read on the starter's index. */
const listedExports = 10;

function toSalesExport(job: Job, payload: Record<string, unknown>): SalesExport {
  const { from, to } = receiptsExportPayloadSchema.parse(payload);
  return { ...job, from, to };
}

/**
 * Queues the export of the shop's receipts from `from` to `to` (the body schema checked the order and length) for
 * the viewer; a day after today (business clock) is refused. The caller kicks the jobs once this has committed.
 */
export async function requestReceiptsExport(
  options: ShopCall & { from: string; to: string; lng: Language; now: Date; ip?: string },
): Promise<SalesExport> {
  const { db, viewer, shopId, from, to } = options;
  return db.transaction(async (tx) => {
    await loadVisibleShop(tx, viewer, shopId);
    // Receipts of a day to come do not exist yet: an export reaching it would look complete and not be.
    if (to > businessDate(options.now)) throw new AppError('validation', {}, { to: [{ rule: 'futureDate' }] });
    const id = await enqueueJob(
      tx,
      receiptsExportJob,
      { shopId, from, to, lng: options.lng },
      { startedBy: viewer.userId },
    );
    const [row] = await tx
      .select()
      .from(jobs)
      .where(eq(jobs.id, id as number));
    if (!row) throw new Error('the export job was not queued');
    await writeAudit(tx, {
      actorId: viewer.userId,
      action: 'shop.receiptsExportRequested',
      entity: shopAuditEntity,
      entityId: shopId,
      toState: 'queued',
      data: { jobId: row.id, from, to },
      ip: options.ip,
    });
    return toSalesExport(toJob(row), row.payload);
  });
}

/** The viewer's latest exports of the shop, newest first: what they started, as far as it has got. */
export async function listReceiptsExports(options: ShopCall): Promise<SalesExport[]> {
  const { db, viewer, shopId } = options;
  await loadVisibleShop(db, viewer, shopId);
  const own = await listOwnJobs({
    db,
    userId: viewer.userId,
    kind: receiptsExportJob.kind,
    limit: listedExports,
    payload: { shopId },
  });
  return own.map(({ payload, ...job }) => toSalesExport(job, payload));
}

/**
 * The file of a finished export, for the person who started it while the shop is still theirs to see. Anyone
 * else's, one not finished and one whose file was removed (after a week) all answer 404.
 */
export async function readReceiptsExport(options: {
  db: Database;
  storage: Storage;
  viewer: SessionContext;
  id: number;
}): Promise<{ bytes: Uint8Array; fileName: string }> {
  const { db, viewer } = options;
  const [row] = await db
    .select()
    .from(jobs)
    .where(and(eq(jobs.id, options.id), eq(jobs.kind, receiptsExportJob.kind), eq(jobs.startedBy, viewer.userId)));
  if (!row) throw new AppError('notFound');
  const payload = receiptsExportPayloadSchema.safeParse(row.payload);
  if (!payload.success) throw new AppError('notFound');
  await loadVisibleShop(db, viewer, payload.data.shopId);
  const result = salesExportResultSchema.safeParse(row.result);
  if (row.state !== 'done' || !result.success) throw new AppError('notFound');
  const bytes = await options.storage.get(result.data.key).catch(() => {
    throw new AppError('notFound');
  });
  return { bytes, fileName: result.data.fileName };
}
