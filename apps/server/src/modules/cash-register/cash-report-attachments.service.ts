// Attachments of a daily cash report: photos or PDFs of the fiscal close and the POS slips (issue 8). What a file
// is comes from its first bytes (JPEG, PNG, WebP or PDF, as for employee documents); the bytes go to Storage
// under a generated key, the row to cash_report_attachments. A closed day takes none and loses none, except by
// those who may edit reports (audited as a correction).
import type { cashReportAttachmentSchema } from '@bottega/contracts/cash-register';
import { and, asc, eq, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { writeAudit } from '../../platform/audit';
import type { Database, Executor } from '../../platform/db';
import { AppError } from '../../platform/errors';
import type { Upload } from '../../platform/file-transfer';
import type { SessionContext } from '../../platform/sessions';
import { type Storage, safeFileName } from '../../platform/storage';
import { users } from '../employees/employees.schema';
import { inspectUpload } from '../employees/employees.service';
import { cashReportAttachments } from './cash-register.schema';
import { assertReportWritable, auditReportCorrection, loadVisibleReport } from './cash-report-access';

export type CashReportAttachment = z.infer<typeof cashReportAttachmentSchema>;

export const cashReportAttachmentAuditEntity = 'cashReportAttachment';

type ReportCall = { db: Database; viewer: SessionContext; reportId: number };
type AttachmentCall = ReportCall & { storage: Storage; attachmentId: number };

const attachmentColumns = {
  id: cashReportAttachments.id,
  fileName: cashReportAttachments.fileName,
  contentType: cashReportAttachments.contentType,
  size: cashReportAttachments.size,
  uploadedBy: sql<string | null>`${users.name} || ' ' || ${users.surname}`,
  uploadedAt: cashReportAttachments.uploadedAt,
};

function selectAttachments(db: Executor) {
  return db
    .select(attachmentColumns)
    .from(cashReportAttachments)
    .leftJoin(users, eq(users.id, cashReportAttachments.uploadedBy));
}

function toAttachment(row: Omit<CashReportAttachment, 'uploadedAt'> & { uploadedAt: Date }): CashReportAttachment {
  return { ...row, uploadedAt: row.uploadedAt.toISOString() };
}

/** The report's attachments, in the order they were uploaded. */
export async function listCashReportAttachments(options: ReportCall): Promise<CashReportAttachment[]> {
  const { db, viewer, reportId } = options;
  await loadVisibleReport(db, viewer, reportId);
  const rows = await selectAttachments(db)
    .where(eq(cashReportAttachments.reportId, reportId))
    .orderBy(asc(cashReportAttachments.uploadedAt), asc(cashReportAttachments.id));
  return rows.map(toAttachment);
}

/**
 * Stores one file. The report and its lock are checked before the file is read (a refused upload costs no
 * transfer), and again, row locked, when the row is written; bytes stored for a refused row are removed.
 */
export async function uploadCashReportAttachment(
  options: ReportCall & { storage: Storage; read: () => Promise<Upload>; ip?: string },
): Promise<CashReportAttachment> {
  const { db, viewer, reportId, storage } = options;
  assertReportWritable(await loadVisibleReport(db, viewer, reportId), viewer);
  const upload = await options.read();
  const type = inspectUpload(upload);
  const fileName = safeFileName(upload.fileName);
  const storageKey = await storage.put(`cash-reports/${reportId}`, upload.bytes, type.extension);
  try {
    const attachmentId = await db.transaction(async (tx) => {
      const report = await loadVisibleReport(tx, viewer, reportId, { lock: true });
      const { correction } = assertReportWritable(report, viewer);
      const [created] = await tx
        .insert(cashReportAttachments)
        .values({
          reportId,
          storageKey,
          fileName,
          contentType: type.mimeType,
          size: upload.bytes.byteLength,
          uploadedBy: viewer.userId,
        })
        .returning({ id: cashReportAttachments.id });
      const id = (created as { id: number }).id;
      await writeAudit(tx, {
        actorId: viewer.userId,
        action: 'cashReportAttachment.uploaded',
        entity: cashReportAttachmentAuditEntity,
        entityId: id,
        toState: 'attached',
        data: { reportId, fileName, contentType: type.mimeType, size: upload.bytes.byteLength, correction },
        ip: options.ip,
      });
      if (correction) {
        await auditReportCorrection(tx, {
          viewer,
          reportId,
          entity: cashReportAttachmentAuditEntity,
          entityId: id,
          change: 'created',
          ip: options.ip,
        });
      }
      return id;
    });
    const [row] = await selectAttachments(db).where(eq(cashReportAttachments.id, attachmentId));
    return toAttachment(row as NonNullable<typeof row>);
  } catch (error) {
    await storage.remove(storageKey).catch(() => undefined);
    throw error;
  }
}

async function findAttachment(db: Executor, reportId: number, attachmentId: number) {
  const [row] = await db
    .select()
    .from(cashReportAttachments)
    .where(and(eq(cashReportAttachments.id, attachmentId), eq(cashReportAttachments.reportId, reportId)));
  if (!row) throw new AppError('notFound');
  return row;
}

/** The file's bytes, with the type sniffed when it was stored and its name. */
export async function readCashReportAttachment(
  options: AttachmentCall,
): Promise<{ bytes: Uint8Array; fileName: string; contentType: string }> {
  const { db, viewer, reportId, attachmentId } = options;
  await loadVisibleReport(db, viewer, reportId);
  const row = await findAttachment(db, reportId, attachmentId);
  const bytes = await options.storage.get(row.storageKey);
  return { bytes, fileName: row.fileName, contentType: row.contentType };
}

/** Removes the row, then (once that is committed) the bytes: a failed delete leaves the file in place. */
export async function deleteCashReportAttachment(options: AttachmentCall & { ip?: string }): Promise<void> {
  const { db, viewer, reportId, attachmentId } = options;
  const storageKey = await db.transaction(async (tx) => {
    const report = await loadVisibleReport(tx, viewer, reportId, { lock: true });
    const { correction } = assertReportWritable(report, viewer);
    const row = await findAttachment(tx, reportId, attachmentId);
    await tx.delete(cashReportAttachments).where(eq(cashReportAttachments.id, attachmentId));
    await writeAudit(tx, {
      actorId: viewer.userId,
      action: 'cashReportAttachment.deleted',
      entity: cashReportAttachmentAuditEntity,
      entityId: attachmentId,
      fromState: 'attached',
      data: { reportId, fileName: row.fileName, contentType: row.contentType, size: row.size, correction },
      ip: options.ip,
    });
    if (correction) {
      await auditReportCorrection(tx, {
        viewer,
        reportId,
        entity: cashReportAttachmentAuditEntity,
        entityId: attachmentId,
        change: 'deleted',
        ip: options.ip,
      });
    }
    return row.storageKey;
  });
  await options.storage.remove(storageKey);
}
