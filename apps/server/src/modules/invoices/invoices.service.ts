// Invoice requests of a daily cash report (spec §3 Invoice, §4 Cash report): a sales receipt of the report's
// shop and day turned into a request for an invoice, with the customer's data. The receipt's number, register,
// date and amount are read from the receipt itself (stored receipts never change). One invoice per receipt.
// Shop staff enter, change and delete them while the day is open; accounting blocks one it has checked (then
// nobody changes it) and unblocks it. Every change is audited; a change to a closed day is a correction.
import { businessDate, monthDays } from '@bottega/contracts/dates';
import type {
  Invoice,
  InvoiceListItem,
  InvoicePage,
  invoiceBodySchema,
  invoiceCustomerSchema,
} from '@bottega/contracts/invoices';
import { and, asc, desc, eq, gte, inArray, isNotNull, isNull, lte, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { z } from 'zod';
import { assertShopInScope, shopsInScope } from '../../platform/access';
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
import { companies } from '../companies/companies.schema';
import { users } from '../employees/employees.schema';
import { products, receiptLines, receipts } from '../sales/sales.schema';
import { shops } from '../shops/shops.schema';
import { fatturaFileName, fatturaXml } from './invoices.fatturapa';
import { invoiceCounters, invoiceRequests } from './invoices.schema';

export const invoiceAuditEntity = 'invoiceRequest';

type ReportCall = { db: Database; viewer: SessionContext; reportId: number };
type InvoiceCall = ReportCall & { invoiceId: number; ip?: string };
/** The body as the route parsed it (trimmed, upper-cased, defaults filled). */
type InvoiceValues = z.output<typeof invoiceBodySchema>;
type CustomerValues = z.output<typeof invoiceCustomerSchema>;
const confirmers = alias(users, 'confirmers');

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
  number: invoiceRequests.invoiceNumber,
  year: invoiceRequests.invoiceYear,
  invoiceDate: invoiceRequests.invoiceDate,
  confirmedBy: sql<string | null>`${confirmers.name} || ' ' || ${confirmers.surname}`,
  confirmedAt: invoiceRequests.confirmedAt,
};

function selectInvoices(db: Executor) {
  return db
    .select(invoiceColumns)
    .from(invoiceRequests)
    .innerJoin(receipts, eq(receipts.id, invoiceRequests.receiptId))
    .leftJoin(users, eq(users.id, invoiceRequests.createdBy))
    .leftJoin(confirmers, eq(confirmers.id, invoiceRequests.confirmedBy));
}

type InvoiceRow = Omit<Invoice, 'createdAt' | 'confirmedAt'> & { createdAt: Date; confirmedAt: Date | null };

function toInvoice<T extends InvoiceRow>(row: T): Omit<T, 'createdAt' | 'confirmedAt'> & Invoice {
  return { ...row, createdAt: row.createdAt.toISOString(), confirmedAt: row.confirmedAt?.toISOString() ?? null };
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
      if (invoice.confirmedAt) throw new AppError('invoiceConfirmed');
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
    if (invoice.confirmedAt) throw new AppError('invoiceConfirmed');
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
    // A confirmed invoice has its number and XML: there is nothing left to hold back.
    if (invoice.confirmedAt) throw new AppError('invoiceConfirmed');
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

// ---------------------------------------------------------------------------------------------
// Accounting's screens (issue 22): invoices/check, invoices/{id}/edit, the confirmation that numbers the invoice
// and writes its FatturaPA XML, and invoices/archive.

type Call = { db: Database; viewer: SessionContext };
type PageQuery = { page: number; perPage: number };

const listColumns = { ...invoiceColumns, shopName: shops.name, sellerVatNumber: companies.vatNumber };

/** A page of invoices the filters select, with each one's shop, in the viewer's shops; another shop is 404. */
async function pageOfInvoices(
  options: Call & { shopId?: number; page: number; perPage: number; where: SQL | undefined; order: SQL[] },
): Promise<InvoicePage> {
  const { db, viewer } = options;
  if (options.shopId !== undefined) assertShopInScope(viewer, 'shops', options.shopId);
  const scope = shopsInScope(viewer, 'shops');
  const where = and(
    options.where,
    scope === 'all' ? undefined : inArray(invoiceRequests.shopId, scope),
    options.shopId === undefined ? undefined : eq(invoiceRequests.shopId, options.shopId),
  );
  const [rows, [count]] = await Promise.all([
    db
      .select(listColumns)
      .from(invoiceRequests)
      .innerJoin(receipts, eq(receipts.id, invoiceRequests.receiptId))
      .innerJoin(shops, eq(shops.id, invoiceRequests.shopId))
      .leftJoin(companies, eq(companies.id, invoiceRequests.invoiceCompanyId))
      .leftJoin(users, eq(users.id, invoiceRequests.createdBy))
      .leftJoin(confirmers, eq(confirmers.id, invoiceRequests.confirmedBy))
      .where(where)
      .orderBy(...options.order)
      .limit(options.perPage)
      .offset((options.page - 1) * options.perPage),
    db
      .select({ total: sql<number>`count(*)`.mapWith(Number) })
      .from(invoiceRequests)
      .where(where),
  ]);
  return {
    data: rows.map(
      ({ sellerVatNumber, ...row }): InvoiceListItem => ({
        ...toInvoice(row),
        xmlFileName:
          sellerVatNumber && row.year !== null && row.number !== null
            ? fatturaFileName(sellerVatNumber, row.year, row.number)
            : null,
      }),
    ),
    meta: { page: options.page, perPage: options.perPage, total: count?.total ?? 0 },
  };
}

/** invoices/check: the requests still to confirm (not confirmed, not blocked), oldest receipt first (§4). */
export async function listInvoicesToCheck(options: Call & { query: PageQuery & { shopId?: number } }) {
  const { query } = options;
  return pageOfInvoices({
    ...options,
    shopId: query.shopId,
    page: query.page,
    perPage: query.perPage,
    where: and(isNull(invoiceRequests.confirmedAt), eq(invoiceRequests.blocked, false)),
    order: [asc(receipts.businessDate), asc(invoiceRequests.id)],
  });
}

/** invoices/archive: the confirmed invoices, by shop and month of the invoice date, newest number first. */
export async function listInvoiceArchive(options: Call & { query: PageQuery & { shopId?: number; month?: string } }) {
  const { query } = options;
  const month = query.month ? monthDays(query.month) : undefined;
  return pageOfInvoices({
    ...options,
    shopId: query.shopId,
    page: query.page,
    perPage: query.perPage,
    where: and(
      isNotNull(invoiceRequests.confirmedAt),
      month ? gte(invoiceRequests.invoiceDate, month.from) : undefined,
      month ? lte(invoiceRequests.invoiceDate, month.to) : undefined,
    ),
    order: [desc(invoiceRequests.invoiceDate), desc(invoiceRequests.invoiceNumber)],
  });
}

/** One invoice of the viewer's shops, or 404. */
export async function getInvoice(options: Call & { invoiceId: number }): Promise<Invoice> {
  const invoice = await readInvoice(options.db, options.invoiceId);
  assertShopInScope(options.viewer, 'shops', invoice.shopId);
  return invoice;
}

/** The invoice `invoiceId` of the viewer's shops taken for update, or 404. */
async function lockVisibleInvoice(tx: Executor, viewer: SessionContext, invoiceId: number) {
  const [invoice] = await tx.select().from(invoiceRequests).where(eq(invoiceRequests.id, invoiceId)).for('update');
  if (!invoice) throw new AppError('notFound');
  assertShopInScope(viewer, 'shops', invoice.shopId);
  return invoice;
}

/** Accounting corrects the customer's data before confirming; refused once blocked or confirmed. Audited. */
export async function editInvoice(
  options: Call & { invoiceId: number; body: CustomerValues; ip?: string },
): Promise<Invoice> {
  const { db, viewer, invoiceId, body } = options;
  await db.transaction(async (tx) => {
    const invoice = await lockVisibleInvoice(tx, viewer, invoiceId);
    if (invoice.confirmedAt) throw new AppError('invoiceConfirmed');
    if (invoice.blocked) throw new AppError('invoiceBlocked');
    const columns = customerColumns({ ...body, receiptId: invoice.receiptId });
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
      data: { reportId: invoice.reportId, changed, by: 'accounting' },
      ip: options.ip,
    });
  });
  return readInvoice(db, invoiceId);
}

/**
 * Confirms a request (§4: it then leaves the check list): the next number of the shop's company for the year
 * of the business day, taken from the counter row in the same transaction (gapless: concurrent confirmations
 * queue on the row, a failed one rolls its number back), and the FatturaPA XML written once. 409 when blocked
 * or already confirmed; audited.
 */
export async function confirmInvoice(options: Call & { invoiceId: number; now: Date; ip?: string }): Promise<Invoice> {
  const { db, viewer, invoiceId } = options;
  await db.transaction(async (tx) => {
    const invoice = await lockVisibleInvoice(tx, viewer, invoiceId);
    if (invoice.confirmedAt) throw new AppError('invoiceConfirmed');
    if (invoice.blocked) throw new AppError('invoiceBlocked');
    const [seller] = await tx
      .select({
        companyId: companies.id,
        name: companies.name,
        vatNumber: companies.vatNumber,
        address: shops.address,
        cap: shops.cap,
        city: shops.city,
        province: shops.province,
        country: shops.country,
      })
      .from(shops)
      .innerJoin(companies, eq(companies.id, shops.companyId))
      .where(eq(shops.id, invoice.shopId));
    if (!seller) throw new AppError('notFound');
    if (!seller.address || !/^\d{5}$/.test(seller.cap) || !seller.city) {
      throw new AppError('invoiceSellerAddressMissing');
    }
    const [receipt] = await tx
      .select({
        receiptNumber: receipts.receiptNumber,
        registerCode: receipts.registerCode,
        receiptDate: receipts.businessDate,
      })
      .from(receipts)
      .where(eq(receipts.id, invoice.receiptId));
    if (!receipt) throw new AppError('notFound');
    const lines = await tx
      .select({
        description: sql<string>`coalesce(nullif(${receiptLines.description}, ''), nullif(${products.description}, ''), ${receiptLines.productCode})`,
        quantity: receiptLines.quantity,
        subtotalCents: receiptLines.subtotalCents,
        vatRate: receiptLines.vatRate,
      })
      .from(receiptLines)
      .leftJoin(products, eq(products.code, receiptLines.productCode))
      .where(eq(receiptLines.receiptId, invoice.receiptId))
      .orderBy(asc(receiptLines.lineNumber));
    const date = businessDate(options.now);
    const year = Number(date.slice(0, 4));
    const [counter] = await tx
      .insert(invoiceCounters)
      .values({ companyId: seller.companyId, year, lastNumber: 1 })
      .onConflictDoUpdate({
        target: [invoiceCounters.companyId, invoiceCounters.year],
        set: { lastNumber: sql`${invoiceCounters.lastNumber} + 1` },
      })
      .returning({ number: invoiceCounters.lastNumber });
    const number = (counter as { number: number }).number;
    const xml = fatturaXml({ seller, customer: invoice, lines, number, year, date, receipt });
    await tx
      .update(invoiceRequests)
      .set({
        invoiceCompanyId: seller.companyId,
        invoiceYear: year,
        invoiceNumber: number,
        invoiceDate: date,
        xml,
        confirmedBy: viewer.userId,
        confirmedAt: options.now,
        updatedAt: new Date(),
      })
      .where(eq(invoiceRequests.id, invoiceId));
    await writeAudit(tx, {
      actorId: viewer.userId,
      action: 'invoiceRequest.confirmed',
      entity: invoiceAuditEntity,
      entityId: invoiceId,
      fromState: 'requested',
      toState: 'confirmed',
      data: { reportId: invoice.reportId, companyId: seller.companyId, year, number },
      ip: options.ip,
    });
  });
  return readInvoice(db, invoiceId);
}

/** The confirmed invoice's FatturaPA XML as the SdI names it (IT<VAT>_<progressive>.xml); 404 before. */
export async function invoiceXmlFile(options: Call & { invoiceId: number }) {
  const [row] = await options.db
    .select({
      shopId: invoiceRequests.shopId,
      xml: invoiceRequests.xml,
      year: invoiceRequests.invoiceYear,
      number: invoiceRequests.invoiceNumber,
      vatNumber: companies.vatNumber,
    })
    .from(invoiceRequests)
    .leftJoin(companies, eq(companies.id, invoiceRequests.invoiceCompanyId))
    .where(eq(invoiceRequests.id, options.invoiceId));
  if (!row) throw new AppError('notFound');
  assertShopInScope(options.viewer, 'shops', row.shopId);
  if (!row.xml || row.year === null || row.number === null || !row.vatNumber) throw new AppError('notFound');
  return {
    bytes: new TextEncoder().encode(row.xml),
    fileName: fatturaFileName(row.vatNumber, row.year, row.number),
    type: 'application/xml; charset=utf-8',
  };
}
