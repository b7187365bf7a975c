// The sales feed as people see and manage it on a shop's page: the registers' and agents' client
// credentials (the secret is shown once and stored as its SHA-256), what each source last sent, the
// days without a fiscal close, the refused records, the day's totals and one day's receipts; and a
// fiscal close typed by a person when the printer cannot be reached. Every shop is reached through
// loadVisibleShop, so another shop answers 404; every change is audited.
import { randomBytes } from 'node:crypto';
import type { Language } from '@bottega/contracts/common';
import { businessDate } from '@bottega/contracts/dates';
import type { ErrorCode } from '@bottega/contracts/errors';
import type {
  FiscalClose,
  FiscalCloseRecord,
  fiscalCloseRecordSchema,
  SalesClient,
  SalesDay,
  StoredReceipt,
  salesFeedSchema,
  salesRejectionSchema,
} from '@bottega/contracts/sales';
import {
  and,
  asc,
  between,
  count,
  desc,
  eq,
  getTableColumns,
  gte,
  inArray,
  isNull,
  lt,
  type SQL,
  sql,
} from 'drizzle-orm';
import type { z } from 'zod';
import type { Config } from '../../config';
import {
  CorrispettiviFileError,
  corrispettiviText,
  parseCorrispettiviXml,
} from '../../integrations/fiscal-printer/corrispettivi-xml';
import {
  FiscalPrinterError,
  type FiscalPrinterFailure,
  readFiscalClose,
} from '../../integrations/fiscal-printer/epson-fiscal-printer';
import { writeAudit } from '../../platform/audit';
import { hashToken, newToken, safeEqual } from '../../platform/crypto';
import type { Database, Executor } from '../../platform/db';
import { AppError } from '../../platform/errors';
import type { SessionContext } from '../../platform/sessions';
import { users } from '../employees/employees.schema';
import { loadVisibleShop, shopAuditEntity } from '../shops/shops.service';
import {
  fiscalCloses,
  receiptLines,
  receiptPayments,
  receipts,
  salesClients,
  salesDays,
  salesRejections,
  salesSources,
} from './sales.schema';
import { ingestFiscalCloses } from './sales-ingest.service';

/** A shop's call from its page: who asks, for which shop. */
type ShopCall = { db: Database; viewer: SessionContext; shopId: number };

const personName = sql<string>`${users.name} || ' ' || ${users.surname}`;

// ---------------------------------------------------------------------------------------------
// Client credentials

/** The machine caller a credential stands for. */
export type SalesClientIdentity = { id: number; shopId: number };

/**
 * The active credential of `Authorization: Bearer <clientId>.<secret>`, or null. Its last use is
 * brought forward, so the shop's page shows a register that stopped calling.
 */
export async function authenticateSalesClient(options: {
  db: Database;
  authorization: string | undefined;
  now?: Date;
}): Promise<SalesClientIdentity | null> {
  const token = options.authorization?.startsWith('Bearer ')
    ? options.authorization.slice('Bearer '.length).trim()
    : '';
  const separator = token.indexOf('.');
  if (separator <= 0) return null;
  const clientId = token.slice(0, separator);
  const secret = token.slice(separator + 1);
  const [client] = await options.db
    .select({ id: salesClients.id, shopId: salesClients.shopId, secretHash: salesClients.secretHash })
    .from(salesClients)
    .where(and(eq(salesClients.clientId, clientId), isNull(salesClients.revokedAt)));
  if (!client || !safeEqual(client.secretHash, hashToken(secret))) return null;
  await options.db
    .update(salesClients)
    .set({ lastUsedAt: options.now ?? new Date() })
    .where(eq(salesClients.id, client.id));
  return { id: client.id, shopId: client.shopId };
}

const clientColumns = {
  id: salesClients.id,
  name: salesClients.name,
  clientId: salesClients.clientId,
  createdAt: salesClients.createdAt,
  createdBy: personName,
  lastUsedAt: salesClients.lastUsedAt,
  revokedAt: salesClients.revokedAt,
};

type ClientRow = { createdAt: Date; lastUsedAt: Date | null; revokedAt: Date | null } & Omit<
  SalesClient,
  'createdAt' | 'lastUsedAt' | 'revokedAt'
>;

function toSalesClient(row: ClientRow): SalesClient {
  return {
    ...row,
    createdAt: row.createdAt.toISOString(),
    lastUsedAt: row.lastUsedAt?.toISOString() ?? null,
    revokedAt: row.revokedAt?.toISOString() ?? null,
  };
}

/** The shop's credentials, active first, newest first. */
export async function listSalesClients(options: ShopCall): Promise<SalesClient[]> {
  const { db, viewer, shopId } = options;
  await loadVisibleShop(db, viewer, shopId);
  const rows = await db
    .select(clientColumns)
    .from(salesClients)
    .leftJoin(users, eq(users.id, salesClients.createdBy))
    .where(eq(salesClients.shopId, shopId))
    .orderBy(sql`${salesClients.revokedAt} is not null`, desc(salesClients.createdAt), desc(salesClients.id));
  return rows.map(toSalesClient);
}

/** A new credential; its secret is in this answer only. */
export async function createSalesClient(
  options: ShopCall & { name: string; ip?: string },
): Promise<SalesClient & { secret: string }> {
  const { db, viewer, shopId } = options;
  return db.transaction(async (tx) => {
    await loadVisibleShop(tx, viewer, shopId);
    const clientId = `bsc_${randomBytes(12).toString('hex')}`;
    const secret = newToken();
    const [created] = await tx
      .insert(salesClients)
      .values({ shopId, name: options.name, clientId, secretHash: hashToken(secret), createdBy: viewer.userId })
      .returning({ id: salesClients.id });
    const id = (created as { id: number }).id;
    await writeAudit(tx, {
      actorId: viewer.userId,
      action: 'shop.salesClientCreated',
      entity: shopAuditEntity,
      entityId: shopId,
      toState: 'active',
      data: { salesClientId: id, clientId, name: options.name },
      ip: options.ip,
    });
    const [row] = await tx
      .select(clientColumns)
      .from(salesClients)
      .leftJoin(users, eq(users.id, salesClients.createdBy))
      .where(eq(salesClients.id, id));
    return { ...toSalesClient(row as ClientRow), secret };
  });
}

/** Revokes a credential for good: its next call answers 401. Revoking it again changes nothing. */
export async function revokeSalesClient(options: ShopCall & { id: number; ip?: string }): Promise<void> {
  const { db, viewer, shopId } = options;
  await db.transaction(async (tx) => {
    await loadVisibleShop(tx, viewer, shopId);
    const [client] = await tx
      .select({ id: salesClients.id, clientId: salesClients.clientId, revokedAt: salesClients.revokedAt })
      .from(salesClients)
      .where(and(eq(salesClients.id, options.id), eq(salesClients.shopId, shopId)))
      .for('update');
    if (!client) throw new AppError('notFound');
    if (client.revokedAt) return;
    await tx
      .update(salesClients)
      .set({ revokedAt: new Date(), revokedBy: viewer.userId })
      .where(eq(salesClients.id, client.id));
    await writeAudit(tx, {
      actorId: viewer.userId,
      action: 'shop.salesClientRevoked',
      entity: shopAuditEntity,
      entityId: shopId,
      fromState: 'active',
      toState: 'revoked',
      data: { salesClientId: client.id, clientId: client.clientId },
      ip: options.ip,
    });
  });
}

// ---------------------------------------------------------------------------------------------
// The feed's state

/** A day of sales_days with receipts and no fiscal close from any of the shop's printers. */
export const withoutFiscalClose = and(
  sql`${salesDays.receiptsCount} + ${salesDays.returnsCount} + ${salesDays.cancelledCount} > 0`,
  sql`not exists (select 1 from ${fiscalCloses} where ${fiscalCloses.shopId} = ${salesDays.shopId} and ${fiscalCloses.businessDate} = ${salesDays.businessDate})`,
) as SQL;

/**
 * What each register and printer last sent, and the business days of the last `days` (today left
 * out: its close comes tonight) with receipts but no fiscal close from any of the shop's printers.
 */
export async function getSalesFeed(
  options: ShopCall & { days: number; now?: Date },
): Promise<z.infer<typeof salesFeedSchema>> {
  const { db, viewer, shopId } = options;
  await loadVisibleShop(db, viewer, shopId);
  const now = options.now ?? new Date();
  const today = businessDate(now);
  const since = businessDate(new Date(now.getTime() - options.days * 24 * 60 * 60 * 1000));
  const sources = await db
    .select()
    .from(salesSources)
    .where(eq(salesSources.shopId, shopId))
    .orderBy(asc(salesSources.kind), asc(salesSources.code));
  const missing = await db
    .select({ businessDate: salesDays.businessDate })
    .from(salesDays)
    .where(
      and(
        eq(salesDays.shopId, shopId),
        gte(salesDays.businessDate, since),
        lt(salesDays.businessDate, today),
        withoutFiscalClose,
      ),
    )
    .orderBy(desc(salesDays.businessDate));
  return {
    sources: sources.map((source) => ({
      kind: source.kind,
      code: source.code,
      lastReceivedAt: source.lastReceivedAt.toISOString(),
      lastBusinessDate: source.lastBusinessDate,
    })),
    missingFiscalCloses: missing.map((row) => row.businessDate),
  };
}

/** The shop's refused records, newest first, a page at a time. */
export async function listSalesRejections(options: ShopCall & { page: number; perPage: number }) {
  const { db, viewer, shopId, page, perPage } = options;
  await loadVisibleShop(db, viewer, shopId);
  const rows = await db
    .select({
      id: salesRejections.id,
      kind: salesRejections.kind,
      reference: salesRejections.reference,
      reason: salesRejections.reason,
      message: salesRejections.message,
      receivedAt: salesRejections.receivedAt,
    })
    .from(salesRejections)
    .where(eq(salesRejections.shopId, shopId))
    .orderBy(desc(salesRejections.receivedAt), desc(salesRejections.id))
    .limit(perPage)
    .offset((page - 1) * perPage);
  const [total] = await db.select({ value: count() }).from(salesRejections).where(eq(salesRejections.shopId, shopId));
  const data: z.infer<typeof salesRejectionSchema>[] = rows.map((row) => ({
    ...row,
    receivedAt: row.receivedAt.toISOString(),
  }));
  return { data, meta: { page, perPage, total: total?.value ?? 0 } };
}

// ---------------------------------------------------------------------------------------------
// The day's totals and receipts

/** The daily totals of some shops (every shop when `shopIds` is left out) between two dates, as kept. */
export async function listSalesDays(options: {
  db: Database;
  from: string;
  to: string;
  shopIds?: number[];
}): Promise<SalesDay[]> {
  const { db, shopIds } = options;
  const { updatedAt: _updatedAt, ...columns } = getTableColumns(salesDays);
  return db
    .select(columns)
    .from(salesDays)
    .where(
      and(
        between(salesDays.businessDate, options.from, options.to),
        shopIds ? inArray(salesDays.shopId, shopIds) : undefined,
      ),
    )
    .orderBy(asc(salesDays.businessDate), asc(salesDays.shopId));
}

export async function getShopSalesDays(options: ShopCall & { from: string; to: string }): Promise<SalesDay[]> {
  await loadVisibleShop(options.db, options.viewer, options.shopId);
  return listSalesDays({ db: options.db, from: options.from, to: options.to, shopIds: [options.shopId] });
}

/** Rows by their receipt (Map.groupBy needs Node 21). */
function groupByReceipt<T extends { receiptId: number }>(rows: T[]): Map<number, T[]> {
  const groups = new Map<number, T[]>();
  for (const row of rows) {
    const group = groups.get(row.receiptId);
    if (group) group.push(row);
    else groups.set(row.receiptId, [row]);
  }
  return groups;
}

/**
 * The receipts `where` selects with their lines and payments, in the order they were issued: three set-based
 * queries however many receipts there are.
 */
export async function loadStoredReceipts(db: Executor, where: SQL | undefined): Promise<StoredReceipt[]> {
  const ids = db.select({ id: receipts.id }).from(receipts).where(where);
  // In this order: a receipt is committed with its lines and payments, so each one listed finds them.
  const rows = await db
    .select({
      id: receipts.id,
      registerCode: receipts.registerCode,
      businessDate: receipts.businessDate,
      issuedAt: receipts.issuedAt,
      receiptNumber: receipts.receiptNumber,
      sequenceNumber: receipts.sequenceNumber,
      type: receipts.type,
      employeeId: receipts.employeeId,
      employeeName: sql<string | null>`${personName}`,
      loyaltyCard: receipts.loyaltyCard,
      orderNumber: receipts.orderNumber,
      totalCents: receipts.totalCents,
      discountCents: receipts.discountCents,
      pieces: receipts.pieces,
    })
    .from(receipts)
    .leftJoin(users, eq(users.id, receipts.employeeId))
    .where(where)
    .orderBy(asc(receipts.issuedAt), asc(receipts.registerCode), asc(receipts.receiptNumber));
  const lines = await db
    .select()
    .from(receiptLines)
    .where(inArray(receiptLines.receiptId, ids))
    .orderBy(asc(receiptLines.receiptId), asc(receiptLines.lineNumber));
  const payments = await db
    .select()
    .from(receiptPayments)
    .where(inArray(receiptPayments.receiptId, ids))
    .orderBy(asc(receiptPayments.receiptId), asc(receiptPayments.lineNumber));
  const linesOf = groupByReceipt(lines);
  const paymentsOf = groupByReceipt(payments);
  return rows.map((row) => ({
    ...row,
    issuedAt: row.issuedAt.toISOString(),
    lines: (linesOf.get(row.id) ?? []).map(({ receiptId: _receiptId, lineNumber: _lineNumber, ...line }) => line),
    payments: (paymentsOf.get(row.id) ?? []).map(({ method, amountCents }) => ({ method, amountCents })),
  }));
}

/** One shop's day with every receipt, its lines and payments, on the (shop, business date) index. */
export async function listShopDayReceipts(options: ShopCall & { date: string }): Promise<StoredReceipt[]> {
  const { db, viewer, shopId, date } = options;
  await loadVisibleShop(db, viewer, shopId);
  return loadStoredReceipts(db, and(eq(receipts.shopId, shopId), eq(receipts.businessDate, date)));
}

// ---------------------------------------------------------------------------------------------
// A fiscal close entered by a person

/**
 * Records a close typed in from the printer's paper Z report (manual) or read from the printer by a
 * person's request (printer). The same close again answers the stored one; a different one for the
 * device and day is refused (409), as is one that breaks a rule (422, with the reason).
 */
export async function enterFiscalClose(
  options: ShopCall & {
    record: z.input<typeof fiscalCloseRecordSchema>;
    source?: 'manual' | 'printer' | 'file';
    /** The uploaded file's name, kept in the audit entry of a close read from a file. */
    fileName?: string;
    lng: Language;
    ip?: string;
  },
): Promise<{ close: FiscalClose; created: boolean }> {
  const { viewer, shopId, record } = options;
  const source = options.source ?? 'manual';
  await loadVisibleShop(options.db, viewer, shopId);
  // The close and its audit entry are one change: the ingestion's transaction nests as a savepoint.
  return options.db.transaction(async (db) => {
    const result = await ingestFiscalCloses({
      db,
      shopId,
      clientId: null,
      source,
      enteredBy: viewer.userId,
      records: [record],
      lng: options.lng,
    });
    const [rejection] = result.rejected;
    if (rejection?.reason === 'changedResend') throw new AppError('fiscalCloseChanged');
    if (rejection) throw new AppError('fiscalCloseRefused', { reason: rejection.message });
    const created = result.accepted === 1;
    const [row] = await db
      .select({ close: fiscalCloses, enteredBy: personName })
      .from(fiscalCloses)
      .leftJoin(users, eq(users.id, fiscalCloses.enteredBy))
      .where(
        and(
          eq(fiscalCloses.shopId, shopId),
          eq(fiscalCloses.deviceSerial, record.deviceSerial.trim()),
          eq(fiscalCloses.businessDate, record.businessDate),
        ),
      );
    if (!row) throw new AppError('notFound');
    const { close } = row;
    if (created) {
      await writeAudit(db, {
        actorId: viewer.userId,
        action: 'shop.fiscalCloseEntered',
        entity: shopAuditEntity,
        entityId: shopId,
        toState: source,
        data: {
          fiscalCloseId: close.id,
          deviceSerial: close.deviceSerial,
          businessDate: close.businessDate,
          ...(options.fileName ? { fileName: options.fileName } : {}),
        },
        ip: options.ip,
      });
    }
    return {
      created,
      close: {
        id: close.id,
        deviceSerial: close.deviceSerial,
        businessDate: close.businessDate,
        closedAt: close.closedAt.toISOString(),
        closeNumber: close.closeNumber,
        totalCents: close.totalCents,
        documentsCount: close.documentsCount,
        returnsCents: close.returnsCents,
        cancellationsCents: close.cancellationsCents,
        electronicPaymentsCents: close.electronicPaymentsCents,
        vatBreakdown: close.vatBreakdown,
        source: close.source,
        enteredBy: row.enteredBy,
        receivedAt: close.receivedAt.toISOString(),
      },
    };
  });
}

/**
 * Stores the close of an uploaded COR10 "corrispettivi" file (source file), for shops whose printer cannot be
 * reached. The file must be the close of `businessDate`, the day the person chose.
 */
export async function enterFiscalCloseFile(
  options: ShopCall & { businessDate: string; bytes: Uint8Array; fileName: string; lng: Language; ip?: string },
): Promise<{ close: FiscalClose; created: boolean }> {
  await loadVisibleShop(options.db, options.viewer, options.shopId);
  let record: FiscalCloseRecord;
  try {
    record = parseCorrispettiviXml(corrispettiviText(options.bytes));
  } catch (error) {
    if (!(error instanceof CorrispettiviFileError)) throw error;
    const { problem } = error;
    if (problem.kind === 'field') throw new AppError('fiscalCloseFileField', { field: problem.field });
    if (problem.kind === 'doctype') throw new AppError('xmlDoctypeRefused');
    throw new AppError('fiscalCloseFileUnreadable');
  }
  if (record.businessDate !== options.businessDate) {
    throw new AppError('fiscalCloseFileOtherDay', { fileDate: record.businessDate, date: options.businessDate });
  }
  return enterFiscalClose({ ...options, record, source: 'file' });
}

/** What a failed read of the printer means to the person who asked (spec §8 Cash register: wait for data). */
const printerFailures: Record<FiscalPrinterFailure, ErrorCode> = {
  unreachable: 'fiscalPrinterUnreachable',
  timeout: 'fiscalPrinterTimeout',
  printerError: 'fiscalPrinterRefused',
  malformedAnswer: 'fiscalPrinterMalformed',
  noClose: 'fiscalCloseNotYet',
};

/**
 * Reads the day's close from the shop's fiscal printer (its fiscal printer IP, or the simulator in
 * demo and development) and stores it as read from the printer, like a close typed in by hand.
 */
export async function readFiscalCloseFromPrinter(
  options: ShopCall & {
    businessDate: string;
    printer: Config['fiscalPrinter'];
    lng: Language;
    ip?: string;
  },
): Promise<{ close: FiscalClose; created: boolean }> {
  const shop = await loadVisibleShop(options.db, options.viewer, options.shopId);
  // The simulator stands in for every shop's printer, each at its own path.
  const override = options.printer.addressOverride;
  const address = override ? `${override}/printers/${encodeURIComponent(shop.code)}` : shop.fiscalPrinterIp;
  if (!address) throw new AppError('fiscalPrinterMissing');
  let record: z.input<typeof fiscalCloseRecordSchema>;
  try {
    record = await readFiscalClose({
      address,
      businessDate: options.businessDate,
      timeoutMs: options.printer.timeoutMs,
    });
  } catch (error) {
    if (error instanceof FiscalPrinterError) throw new AppError(printerFailures[error.failure]);
    throw error;
  }
  return enterFiscalClose({ ...options, record, source: 'printer' });
}
