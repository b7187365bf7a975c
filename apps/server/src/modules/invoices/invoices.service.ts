// Invoice requests of a daily cash report (spec §3 Invoice, §4 Cash report): a sales receipt of the report's
// shop and day turned into a request for an invoice, with the customer's data. The receipt's number, register,
// date and amount are read from the receipt itself (stored receipts never change). One invoice per receipt.
// Shop staff enter, change and delete them while the day is open; accounting blocks one it has checked (then
// nobody changes it) and unblocks it. Every change is audited; a change to a closed day is a correction.
import type { Invoice, invoiceBodySchema } from '@bottega/contracts/invoices';
import { and, asc, eq, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { writeAudit } from '../../platform/audit';
import type { Database, Executor } from '../../platform/db';
import { AppError, violatedUniqueIndex } from '../../platform/errors';
import type { SessionContext } from '../../platform/sessions';
import {
  assertReportWritable,
  auditReportCorrection,
  type CashReportRow,
  loadVisibleReport,
} from '../cash-register/cash-report-access';
import { users } from '../employees/employees.schema';
import { receipts } from '../sales/sales.schema';
import { invoiceRequests } from './invoices.schema';

export const invoiceAuditEntity = 'invoiceRequest';

type ReportCall = { db: Database; viewer: SessionContext; reportId: number };
type InvoiceCall = ReportCall & { invoiceId: number; ip?: string };
/** The body as the route parsed it (trimmed, upper-cased, defaults filled). */
type InvoiceValues = z.output<typeof invoiceBodySchema>;

const invoiceColumns = {
  id: invoiceRequests.id,
  reportId: invoiceRequests.reportId,
  shopId: invoiceRequests.shopId,
  receiptId: invoiceRequests.receiptId,
  receiptNumber: receipts.receiptNumber,
  registerCode: receipts.registerCode,
  receiptDate: receipts.businessDate,
  amountCents: receipts.totalCents,
  customerType: invoiceRequests.customerType,
  name: invoiceRequests.name,
  surname: invoiceRequests.surname,
  fiscalCode: invoiceRequests.fiscalCode,
  vatNumber: invoiceRequests.vatNumber,
  street: invoiceRequests.street,
  streetNumber: invoiceRequests.streetNumber,
  cap: invoiceRequests.cap,
  city: invoiceRequests.city,
  province: invoiceRequests.province,
  state: invoiceRequests.state,
  email: invoiceRequests.email,
  telephone: invoiceRequests.telephone,
  sdiCode: invoiceRequests.sdiCode,
  pec: invoiceRequests.pec,
  blocked: invoiceRequests.blocked,
  createdBy: sql<string | null>`${users.name} || ' ' || ${users.surname}`,
  createdAt: invoiceRequests.createdAt,
};

function selectInvoices(db: Executor) {
  return db
    .select(invoiceColumns)
    .from(invoiceRequests)
    .innerJoin(receipts, eq(receipts.id, invoiceRequests.receiptId))
    .leftJoin(users, eq(users.id, invoiceRequests.createdBy));
}

function toInvoice(row: Omit<Invoice, 'createdAt'> & { createdAt: Date }): Invoice {
  return { ...row, createdAt: row.createdAt.toISOString() };
}

async function readInvoice(db: Executor, invoiceId: number): Promise<Invoice> {
  const [row] = await selectInvoices(db).where(eq(invoiceRequests.id, invoiceId));
  if (!row) throw new AppError('notFound');
  return toInvoice(row);
}

/** The report's invoice requests, in the order they were entered. */
export async function listInvoices(options: ReportCall): Promise<Invoice[]> {
  const { db, viewer, reportId } = options;
  await loadVisibleReport(db, viewer, reportId);
  const rows = await selectInvoices(db)
    .where(eq(invoiceRequests.reportId, reportId))
    .orderBy(asc(invoiceRequests.createdAt), asc(invoiceRequests.id));
  return rows.map(toInvoice);
}

/** A sales receipt of the report's shop and day, or 422 saying why it cannot be invoiced from this report. */
async function invoiceableReceipt(db: Executor, report: CashReportRow, receiptId: number) {
  const [receipt] = await db
    .select({ id: receipts.id, shopId: receipts.shopId, businessDate: receipts.businessDate, type: receipts.type })
    .from(receipts)
    .where(eq(receipts.id, receiptId));
  if (!receipt || receipt.shopId !== report.shopId || receipt.businessDate !== report.businessDate) {
    throw new AppError('invoiceReceiptNotInReport');
  }
  if (receipt.type !== 'sale') throw new AppError('invoiceReceiptNotInvoiceable');
  return receipt;
}

/** The columns of the customer's data as entered. */
function customerColumns(body: InvoiceValues) {
  return {
    customerType: body.customerType,
    name: body.name,
    surname: body.surname,
    fiscalCode: body.fiscalCode,
    vatNumber: body.vatNumber,
    street: body.street,
    streetNumber: body.streetNumber,
    cap: body.cap,
    city: body.city,
    province: body.province,
    state: body.state,
    email: body.email,
    telephone: body.telephone,
    sdiCode: body.sdiCode,
    pec: body.pec,
  };
}

/** A second request for one receipt: the unique index fired (two saves at once), answered as invoiceExists. */
function isReceiptTaken(error: unknown): boolean {
  return violatedUniqueIndex(error)?.includes('invoice_requests_receipt_idx') ?? false;
}

/** A new request for a sales receipt of the report's shop and day; one per receipt. */
export async function createInvoice(options: ReportCall & { body: InvoiceValues; ip?: string }): Promise<Invoice> {
  const { db, viewer, reportId, body } = options;
  const invoiceId = await db.transaction(async (tx) => {
    const report = await loadVisibleReport(tx, viewer, reportId, { lock: true });
    const { correction } = assertReportWritable(report, viewer);
    const receipt = await invoiceableReceipt(tx, report, body.receiptId);
    const [created] = await tx
      .insert(invoiceRequests)
      .values({
        reportId,
        shopId: report.shopId,
        receiptId: receipt.id,
        ...customerColumns(body),
        createdBy: viewer.userId,
      })
      .onConflictDoNothing({ target: invoiceRequests.receiptId })
      .returning({ id: invoiceRequests.id });
    if (!created) throw new AppError('invoiceExists');
    await writeAudit(tx, {
      actorId: viewer.userId,
      action: 'invoiceRequest.created',
      entity: invoiceAuditEntity,
      entityId: created.id,
      toState: 'requested',
      data: { reportId, receiptId: receipt.id, customerType: body.customerType, correction },
      ip: options.ip,
    });
    if (correction) {
      await auditReportCorrection(tx, {
        viewer,
        reportId,
        entity: invoiceAuditEntity,
        entityId: created.id,
        change: 'created',
        ip: options.ip,
      });
    }
    return created.id;
  });
  return readInvoice(db, invoiceId);
}

/** The report's invoice `invoiceId` taken for update, or 404. */
async function lockInvoice(tx: Executor, reportId: number, invoiceId: number) {
  const [invoice] = await tx
    .select()
    .from(invoiceRequests)
    .where(and(eq(invoiceRequests.id, invoiceId), eq(invoiceRequests.reportId, reportId)))
    .for('update');
  if (!invoice) throw new AppError('notFound');
  return invoice;
}

/** Changes the customer's data (or the receipt, within the same day); refused once accounting blocked it. */
export async function updateInvoice(options: InvoiceCall & { body: InvoiceValues }): Promise<Invoice> {
  const { db, viewer, reportId, invoiceId, body } = options;
  try {
    await db.transaction(async (tx) => {
      const report = await loadVisibleReport(tx, viewer, reportId, { lock: true });
      const { correction } = assertReportWritable(report, viewer);
      const invoice = await lockInvoice(tx, reportId, invoiceId);
      if (invoice.blocked) throw new AppError('invoiceBlocked');
      if (body.receiptId !== invoice.receiptId) {
        await invoiceableReceipt(tx, report, body.receiptId);
        const [taken] = await tx
          .select({ id: invoiceRequests.id })
          .from(invoiceRequests)
          .where(eq(invoiceRequests.receiptId, body.receiptId));
        if (taken) throw new AppError('invoiceExists');
      }
      const columns = { receiptId: body.receiptId, ...customerColumns(body) };
      const changed = Object.fromEntries(
        Object.entries(columns)
          .filter(([key, value]) => invoice[key as keyof typeof invoice] !== value)
          .map(([key, value]) => [key, { from: invoice[key as keyof typeof invoice], to: value }]),
      );
      await tx
        .update(invoiceRequests)
        .set({ ...columns, updatedAt: new Date() })
        .where(eq(invoiceRequests.id, invoiceId));
      await writeAudit(tx, {
        actorId: viewer.userId,
        action: 'invoiceRequest.updated',
        entity: invoiceAuditEntity,
        entityId: invoiceId,
        data: { reportId, changed, correction },
        ip: options.ip,
      });
      if (correction) {
        await auditReportCorrection(tx, {
          viewer,
          reportId,
          entity: invoiceAuditEntity,
          entityId: invoiceId,
          change: 'updated',
          ip: options.ip,
        });
      }
    });
  } catch (error) {
    if (isReceiptTaken(error)) throw new AppError('invoiceExists');
    throw error;
  }
  return readInvoice(db, invoiceId);
}

/** Deletes a request; refused once accounting blocked it. */
export async function deleteInvoice(options: InvoiceCall): Promise<void> {
  const { db, viewer, reportId, invoiceId } = options;
  await db.transaction(async (tx) => {
    const report = await loadVisibleReport(tx, viewer, reportId, { lock: true });
    const { correction } = assertReportWritable(report, viewer);
    const invoice = await lockInvoice(tx, reportId, invoiceId);
    if (invoice.blocked) throw new AppError('invoiceBlocked');
    await tx.delete(invoiceRequests).where(eq(invoiceRequests.id, invoiceId));
    await writeAudit(tx, {
      actorId: viewer.userId,
      action: 'invoiceRequest.deleted',
      entity: invoiceAuditEntity,
      entityId: invoiceId,
      fromState: 'requested',
      data: { reportId, receiptId: invoice.receiptId, name: invoice.name, surname: invoice.surname, correction },
      ip: options.ip,
    });
    if (correction) {
      await auditReportCorrection(tx, {
        viewer,
        reportId,
        entity: invoiceAuditEntity,
        entityId: invoiceId,
        change: 'deleted',
        ip: options.ip,
      });
    }
  });
}

/**
 * Accounting blocks a request it has checked, or unblocks it (spec §4: invoices of a report can be blocked or
 * unblocked). A check, not an edit of the day's figures: allowed on a closed day too, which is when accounting
 * looks at it. Blocking a blocked one (or unblocking an unblocked one) changes nothing and is not audited.
 */
export async function setInvoiceBlocked(options: InvoiceCall & { blocked: boolean }): Promise<Invoice> {
  const { db, viewer, reportId, invoiceId, blocked } = options;
  await db.transaction(async (tx) => {
    await loadVisibleReport(tx, viewer, reportId, { lock: true });
    const invoice = await lockInvoice(tx, reportId, invoiceId);
    if (invoice.blocked === blocked) return;
    await tx.update(invoiceRequests).set({ blocked, updatedAt: new Date() }).where(eq(invoiceRequests.id, invoiceId));
    await writeAudit(tx, {
      actorId: viewer.userId,
      action: blocked ? 'invoiceRequest.blocked' : 'invoiceRequest.unblocked',
      entity: invoiceAuditEntity,
      entityId: invoiceId,
      fromState: blocked ? 'unblocked' : 'blocked',
      toState: blocked ? 'blocked' : 'unblocked',
      data: { reportId },
      ip: options.ip,
    });
  });
  return readInvoice(db, invoiceId);
}
