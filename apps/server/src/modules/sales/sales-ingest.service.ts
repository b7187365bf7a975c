// Ingestion of the sales feed: batches of receipts (with lines and payments) and of fiscal closes,
// from a shop's register or agent, the fiscal-printer adapter, or a person when the printer cannot be
// reached. Rules:
// - one transaction per batch; each record is checked on its own and a refused one is written to
//   sales_rejections with its reason, while the batch's valid records are kept;
// - a record's identity is its natural key; the same record sent again is a duplicate, stored once;
//   sent again with other content (another SHA-256 of its canonical form) it is refused as a changed
//   resend and the stored one stays as it is, so a correction never silently rewrites the books;
// - the day's totals (sales_days) grow by the receipts this batch actually inserted, as deltas added
//   in the database (`x = sales_days.x + excluded.x`), so concurrent batches of one shop add up and
//   no read ever sums receipts; loyalty customers count a card the first time it is seen that day.

import type { Language } from '@bottega/contracts/common';
import { businessDate, businessHour } from '@bottega/contracts/dates';
import { salesChangedEvent, shopChannel } from '@bottega/contracts/notifications';
import {
  type FiscalCloseRecord,
  type FiscalCloseSource,
  fiscalCloseRecordSchema,
  type IngestResult,
  type ReceiptRecord,
  type RejectionReason,
  receiptRecordSchema,
} from '@bottega/contracts/sales';
import { and, eq, inArray, or, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { hashToken } from '../../platform/crypto';
import type { Database, Executor } from '../../platform/db';
import { ruleOfIssue } from '../../platform/errors';
import { translate } from '../../platform/i18n';
import type { Metrics } from '../../platform/metrics';
import type { Realtime } from '../../platform/realtime';
// The cards the receipts carry are the customers' (issue 27): written to their table, never through their services.
import { customers } from '../customers/customers.schema';
import { users } from '../employees/employees.schema';
import {
  fiscalCloses,
  receiptLines,
  receiptPayments,
  receipts,
  salesDayCustomers,
  salesDayHours,
  salesDays,
  salesRejections,
  salesSources,
} from './sales.schema';
import { addToEmployeeDays } from './sales-employee-days';

/** A register closing after midnight still works on the day before: until 06:00 Italian time. */
const lateClosingMilliseconds = 6 * 60 * 60 * 1000;

/** The most of a refused record kept for the screen: enough to see what was wrong. */
const rejectedRecordMaxChars = 4000;

/** Rows per insert of lines and payments, well under PostgreSQL's 65,535 bound parameters. */
const rowsPerInsert = 4000;

type Rejection = IngestResult['rejected'][number];

/**
 * Whether an instant belongs to a business day: issued on that Italian date, or before 06:00 of the
 * next one (the hour may be off by one on the two nights the clocks change, which no till works through).
 */
function isOnBusinessDay(day: string, instant: string): boolean {
  const at = new Date(instant);
  return businessDate(at) === day || businessDate(new Date(at.getTime() - lateClosingMilliseconds)) === day;
}

/** The SHA-256 of a record's canonical form: its parsed fields in schema order, instants in UTC. */
function contentHash(record: Record<string, unknown>, instantField: string): string {
  return hashToken(
    JSON.stringify({ ...record, [instantField]: new Date(record[instantField] as string).toISOString() }),
  );
}

function sum<T>(items: readonly T[], value: (item: T) => number): number {
  return items.reduce((total, item) => total + value(item), 0);
}

/** What is kept of a refused record: as received, or its start when it is large. */
function keptRecord(record: unknown): unknown {
  const text = JSON.stringify(record) ?? 'null';
  return text.length <= rejectedRecordMaxChars
    ? record
    : { truncated: true, start: text.slice(0, rejectedRecordMaxChars) };
}

/** PostgreSQL refuses the NUL character in text and jsonb: such a record is invalid, not a failed batch. */
function hasNulCharacter(record: unknown): boolean {
  return (JSON.stringify(record) ?? '').includes('\\u0000');
}

/** The first problems of a record, each as its field and the rule's message in the caller's language. */
function describeIssues(error: z.ZodError, record: unknown, lng: Language): string {
  return error.issues
    .slice(0, 3)
    .map((issue) => {
      const input = issue.path.reduce<unknown>(
        (node, key) =>
          node !== null && typeof node === 'object' ? (node as Record<PropertyKey, unknown>)[key] : undefined,
        record,
      );
      const { rule, params } = ruleOfIssue({ keyword: issue.code, instancePath: '', params: { ...issue, input } });
      return `${issue.path.join('.') || '_'}: ${translate(lng, `validation:${rule}`, params)}`;
    })
    .join(' ');
}

type Checked<T> = { index: number; record: T; key: string; reference: string; hash: string };

/** One batch's bookkeeping of refusals, the same for receipts and fiscal closes. */
function rejectionsOf(options: { kind: 'receipt' | 'fiscalClose'; lng: Language }) {
  const rejected: (Rejection & { record: unknown })[] = [];
  return {
    rejected,
    lng: options.lng,
    reject(index: number, reference: string, reason: RejectionReason, record: unknown, params = {}) {
      const message = translate(options.lng, `sales:rejections.${reason}`, params);
      rejected.push({ index, reference, reason, message, record });
    },
    async save(db: Executor, shopId: number, clientId: number | null, receivedAt: Date) {
      if (rejected.length === 0) return;
      await db.insert(salesRejections).values(
        rejected.map((rejection) => ({
          shopId,
          clientId,
          kind: options.kind,
          reference: rejection.reference.slice(0, 120),
          reason: rejection.reason,
          message: rejection.message,
          record: hasNulCharacter(rejection.record) ? null : keptRecord(rejection.record),
          receivedAt,
        })),
      );
    },
    result(accepted: number, duplicates: number): IngestResult {
      return {
        accepted,
        duplicates,
        rejected: rejected.map(({ record: _record, ...rejection }) => rejection).sort((a, b) => a.index - b.index),
      };
    },
  };
}

/** A readable reference of a record that could not be parsed: its index, with what identifies it if present. */
function rawReference(raw: unknown, index: number, fields: string[]): string {
  const values =
    raw !== null && typeof raw === 'object'
      ? fields.map((field) => (raw as Record<string, unknown>)[field]).filter((value) => value !== undefined)
      : [];
  return values.length > 0 ? values.map(String).join('/') : `#${index + 1}`;
}

/** Keeps the first record of each identity; a later one is a duplicate, or a changed resend when its content differs. */
function splitRepeated<T>(
  candidates: Checked<T>[],
  onChanged: (candidate: Checked<T>) => void,
): { fresh: Checked<T>[]; duplicates: number } {
  const fresh: Checked<T>[] = [];
  const seen = new Map<string, string>();
  let duplicates = 0;
  for (const candidate of candidates) {
    const known = seen.get(candidate.key);
    if (known === undefined) {
      seen.set(candidate.key, candidate.hash);
      fresh.push(candidate);
    } else if (known === candidate.hash) {
      duplicates += 1;
    } else {
      onChanged(candidate);
    }
  }
  return { fresh, duplicates };
}

type Rejections = ReturnType<typeof rejectionsOf>;

/**
 * Parses and checks each record on its own, refusing the invalid ones; the valid ones come back with
 * their identity, the reference people read, and the hash of their content.
 */
function checkRecords<T extends Record<string, unknown>>(options: {
  records: unknown[];
  schema: z.ZodType<T>;
  /** The fields that name a record that cannot be parsed. */
  identityFields: string[];
  identify: (record: T) => { key: string; reference: string };
  problem: (record: T) => RejectionReason | undefined;
  instantField: keyof T & string;
  rejections: Rejections;
}): Checked<T>[] {
  const { rejections } = options;
  const valid: Checked<T>[] = [];
  options.records.forEach((raw, index) => {
    const parsed = hasNulCharacter(raw) ? undefined : options.schema.safeParse(raw);
    if (!parsed?.success) {
      const detail = parsed ? describeIssues(parsed.error, raw, rejections.lng) : '\\u0000';
      rejections.reject(index, rawReference(raw, index, options.identityFields), 'invalid', raw, { detail });
      return;
    }
    const record = parsed.data;
    const { key, reference } = options.identify(record);
    const problem = options.problem(record);
    if (problem) rejections.reject(index, reference, problem, raw);
    else valid.push({ index, record, key, reference, hash: contentHash(record, options.instantField) });
  });
  return valid;
}

/**
 * Inserts the batch's new records with ON CONFLICT DO NOTHING, which decides what is new even against
 * a concurrent batch; the ones found already stored are resent duplicates when their hash matches, and
 * changed resends otherwise.
 */
async function insertNew<T>(options: {
  fresh: Checked<T>[];
  /** Inserts, answering the id of each inserted record by its key. */
  insert: (fresh: Checked<T>[]) => Promise<Map<string, number>>;
  /** The stored hash of each conflicting record by its key. */
  storedHashes: (conflicting: Checked<T>[]) => Promise<Map<string, string>>;
  onChanged: (candidate: Checked<T>) => void;
}): Promise<{ idByKey: Map<string, number>; accepted: Checked<T>[]; resent: Checked<T>[] }> {
  const idByKey = options.fresh.length === 0 ? new Map<string, number>() : await options.insert(options.fresh);
  const accepted = options.fresh.filter((candidate) => idByKey.has(candidate.key));
  const conflicting = options.fresh.filter((candidate) => !idByKey.has(candidate.key));
  const hashes = conflicting.length === 0 ? new Map<string, string>() : await options.storedHashes(conflicting);
  const resent: Checked<T>[] = [];
  for (const candidate of conflicting) {
    if (hashes.get(candidate.key) === candidate.hash) resent.push(candidate);
    else options.onChanged(candidate);
  }
  return { idByKey, accepted, resent };
}

/** The distinct values of a field over records, for an `IN` that narrows an identity lookup. */
function distinct<T, V>(candidates: Checked<T>[], value: (record: T) => V): V[] {
  return [...new Set(candidates.map(({ record }) => value(record)))];
}

/** Sorted by identity, so two batches inserting the same records take their index locks in one order. */
function byKey<T>(candidates: Checked<T>[]): Checked<T>[] {
  return candidates.sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
}

async function insertInChunks<T>(rows: T[], insert: (chunk: T[]) => Promise<unknown>): Promise<void> {
  for (let start = 0; start < rows.length; start += rowsPerInsert) {
    await insert(rows.slice(start, start + rowsPerInsert));
  }
}

/** Brings a register's or printer's "last data received" forward. */
async function touchSources(
  db: Executor,
  shopId: number,
  kind: 'register' | 'printer',
  lastDates: Map<string, string>,
  receivedAt: Date,
): Promise<void> {
  if (lastDates.size === 0) return;
  const rows = [...lastDates].sort(([a], [b]) => a.localeCompare(b));
  await db
    .insert(salesSources)
    .values(rows.map(([code, day]) => ({ shopId, kind, code, lastReceivedAt: receivedAt, lastBusinessDate: day })))
    .onConflictDoUpdate({
      target: [salesSources.shopId, salesSources.kind, salesSources.code],
      set: {
        lastReceivedAt: sql`excluded.last_received_at`,
        lastBusinessDate: sql`greatest(${salesSources.lastBusinessDate}, excluded.last_business_date)`,
      },
    });
}

function latestDayPerCode<T>(records: Checked<T>[], codeOf: (record: T) => string, dayOf: (record: T) => string) {
  const latest = new Map<string, string>();
  for (const { record } of records) {
    const code = codeOf(record);
    const day = dayOf(record);
    if ((latest.get(code) ?? '') < day) latest.set(code, day);
  }
  return latest;
}

// ---------------------------------------------------------------------------------------------
// Receipts

/** The receipt's business rules beyond its schema; the first broken one is the reason. */
function receiptProblem(record: ReceiptRecord): RejectionReason | undefined {
  const { type, totalCents, pieces } = record;
  if ((type === 'sale' && (totalCents < 0 || pieces < 0)) || (type === 'return' && (totalCents > 0 || pieces > 0))) {
    return 'wrongSign';
  }
  if (sum(record.lines, (line) => line.subtotalCents) - record.discountCents !== totalCents) return 'totalsMismatch';
  if (sum(record.lines, (line) => line.quantity) !== pieces) return 'piecesMismatch';
  // A cancelled receipt moves no money: its payments, if the register lists any, add up to zero.
  const paid = sum(record.payments, (payment) => payment.amountCents);
  if (paid !== (type === 'cancelled' ? 0 : totalCents)) return 'paymentsMismatch';
  if (!isOnBusinessDay(record.businessDate, record.issuedAt)) return 'businessDateMismatch';
  return undefined;
}

const receiptKey = (registerCode: string, day: string, receiptNumber: number) =>
  `${registerCode}\n${day}\n${receiptNumber}`;

/** The users the batch's employees name, by lower-cased username and by matricola. */
async function findEmployees(db: Executor, names: string[]): Promise<Map<string, number>> {
  const found = new Map<string, number>();
  if (names.length === 0) return found;
  const lowered = [...new Set(names.map((name) => name.toLowerCase()))];
  const rows = await db
    .select({ id: users.id, username: users.username, matricola: users.matricola })
    .from(users)
    .where(or(inArray(sql`lower(${users.username})`, lowered), inArray(users.matricola, names)));
  for (const row of rows) {
    found.set(`u:${row.username.toLowerCase()}`, row.id);
    if (row.matricola) found.set(`m:${row.matricola}`, row.id);
  }
  return found;
}

/** The delta columns of sales_days, all added on conflict. */
type DayDelta = Omit<typeof salesDays.$inferInsert, 'shopId' | 'businessDate' | 'updatedAt'>;
const dayDeltaColumns = [
  'receiptsCount',
  'pieces',
  'takingsCents',
  'returnsCount',
  'returnsCents',
  'returnedPieces',
  'cancelledCount',
  'cancelledCents',
  'cashCents',
  'creditCardCents',
  'bancomatCents',
  'voucherCents',
  'otherCents',
  'loyaltyCustomers',
  'discountCents',
] as const satisfies readonly (keyof DayDelta)[];
type DayTotals = Record<(typeof dayDeltaColumns)[number], number>;

function emptyDay(): DayTotals {
  return Object.fromEntries(dayDeltaColumns.map((column) => [column, 0])) as DayTotals;
}

const paymentColumn = {
  cash: 'cashCents',
  creditCard: 'creditCardCents',
  bancomat: 'bancomatCents',
  voucher: 'voucherCents',
  other: 'otherCents',
} as const;

/**
 * What one receipt adds to its day: a sale adds to the takings, the receipts and the pieces; a return
 * (negative total and pieces) lowers takings and pieces and counts apart; a cancelled receipt only
 * counts apart with its amount. Payments add per method, discounts (the receipt's and its lines') add up, a
 * return's negative ones giving back. Loyalty customers are counted by the caller.
 */
export function addReceiptToDay(
  day: DayTotals,
  receipt: Pick<ReceiptRecord, 'type' | 'totalCents' | 'pieces' | 'payments' | 'discountCents' | 'lines'>,
): void {
  if (receipt.type === 'cancelled') {
    day.cancelledCount += 1;
    day.cancelledCents += receipt.totalCents;
    return;
  }
  day.takingsCents += receipt.totalCents;
  day.pieces += receipt.pieces;
  day.discountCents += receipt.discountCents + sum(receipt.lines, (line) => line.discountCents);
  if (receipt.type === 'sale') {
    day.receiptsCount += 1;
  } else {
    day.returnsCount += 1;
    day.returnsCents -= receipt.totalCents;
    day.returnedPieces -= receipt.pieces;
  }
  for (const payment of receipt.payments) day[paymentColumn[payment.method]] += payment.amountCents;
}

/** Adds the deltas to the shop's days, in date order so concurrent batches lock rows alike. */
async function addToDays(db: Executor, shopId: number, deltas: Map<string, DayTotals>, now: Date): Promise<void> {
  if (deltas.size === 0) return;
  const rows = [...deltas]
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([day, totals]) => ({ shopId, businessDate: day, ...totals, updatedAt: now }));
  const set = Object.fromEntries(
    dayDeltaColumns.map((column) => [
      column,
      sql`${salesDays[column]} + excluded.${sql.identifier(salesDays[column].name)}`,
    ]),
  );
  await db
    .insert(salesDays)
    .values(rows)
    .onConflictDoUpdate({
      target: [salesDays.shopId, salesDays.businessDate],
      set: { ...set, updatedAt: sql`excluded.updated_at` },
    });
}

/**
 * Adds the receipts to their day's hours (the hour of issue in Italian time), like addToDays: sales count as
 * receipts, returns lower takings and pieces, cancelled receipts move nothing. In key order, for the same locks.
 */
async function addToHours(db: Executor, shopId: number, accepted: Checked<ReceiptRecord>[]): Promise<void> {
  const hours = new Map<
    string,
    { businessDate: string; hour: number; receiptsCount: number; takingsCents: number; pieces: number }
  >();
  for (const { record } of accepted) {
    if (record.type === 'cancelled') continue;
    const hour = businessHour(new Date(record.issuedAt));
    const key = `${record.businessDate}\n${String(hour).padStart(2, '0')}`;
    const row = hours.get(key) ?? {
      businessDate: record.businessDate,
      hour,
      receiptsCount: 0,
      takingsCents: 0,
      pieces: 0,
    };
    hours.set(key, row);
    if (record.type === 'sale') row.receiptsCount += 1;
    row.takingsCents += record.totalCents;
    row.pieces += record.pieces;
  }
  if (hours.size === 0) return;
  const rows = [...hours].sort(([a], [b]) => a.localeCompare(b)).map(([, row]) => ({ shopId, ...row }));
  const added = (column: 'receiptsCount' | 'takingsCents' | 'pieces') =>
    sql`${salesDayHours[column]} + excluded.${sql.identifier(salesDayHours[column].name)}`;
  await db
    .insert(salesDayHours)
    .values(rows)
    .onConflictDoUpdate({
      target: [salesDayHours.shopId, salesDayHours.businessDate, salesDayHours.hour],
      set: { receiptsCount: added('receiptsCount'), takingsCents: added('takingsCents'), pieces: added('pieces') },
    });
}

/**
 * Stores a batch of receipts of one shop (from a register credential, or null for a person's upload).
 * `records` are checked one by one; `lng` words the refusals.
 */
export async function ingestReceipts(options: {
  db: Database;
  shopId: number;
  clientId: number | null;
  records: unknown[];
  now?: Date;
  lng?: Language;
  /** Told, after the commit, when the shop's takings moved: the budget progress on its screens reads them again. */
  realtime?: Pick<Realtime, 'publish'>;
  /** Counts the batch's receipts by outcome, after the commit: the ingestion rate operations watch. */
  metrics?: Pick<Metrics, 'receiptsIngested'>;
}): Promise<IngestResult> {
  const { db, shopId, clientId } = options;
  const now = options.now ?? new Date();
  const rejections = rejectionsOf({ kind: 'receipt', lng: options.lng ?? 'it' });
  const valid = checkRecords({
    records: options.records,
    schema: receiptRecordSchema,
    identityFields: ['registerCode', 'businessDate', 'receiptNumber'],
    identify: (record) => ({
      key: receiptKey(record.registerCode, record.businessDate, record.receiptNumber),
      reference: `${record.registerCode}/${record.businessDate}/${record.receiptNumber}`,
    }),
    problem: receiptProblem,
    instantField: 'issuedAt',
    rejections,
  });

  const result = await db.transaction(async (tx) => {
    const employees = await findEmployees(
      tx,
      valid.flatMap(({ record }) => (record.employee ? [record.employee] : [])),
    );
    const employeeOf = (name: string) => employees.get(`m:${name}`) ?? employees.get(`u:${name.toLowerCase()}`);
    const known = valid.filter((candidate) => {
      const name = candidate.record.employee;
      if (!name || employeeOf(name) !== undefined) return true;
      rejections.reject(candidate.index, candidate.reference, 'unknownEmployee', options.records[candidate.index], {
        employee: name,
      });
      return false;
    });

    const changed = (candidate: Checked<ReceiptRecord>) =>
      rejections.reject(candidate.index, candidate.reference, 'changedResend', options.records[candidate.index]);
    const { fresh, duplicates: repeated } = splitRepeated(byKey(known), changed);
    const { idByKey, accepted, resent } = await insertNew({
      fresh,
      onChanged: changed,
      insert: async (candidates) => {
        const inserted = await tx
          .insert(receipts)
          .values(
            candidates.map(({ record, hash }) => ({
              shopId,
              registerCode: record.registerCode,
              businessDate: record.businessDate,
              issuedAt: new Date(record.issuedAt),
              receiptNumber: record.receiptNumber,
              sequenceNumber: record.sequenceNumber,
              type: record.type,
              employeeId: record.employee ? (employeeOf(record.employee) ?? null) : null,
              loyaltyCard: record.loyaltyCard,
              orderNumber: record.orderNumber,
              totalCents: record.totalCents,
              discountCents: record.discountCents,
              pieces: record.pieces,
              contentHash: hash,
              clientId,
              receivedAt: now,
            })),
          )
          .onConflictDoNothing()
          .returning({
            id: receipts.id,
            registerCode: receipts.registerCode,
            businessDate: receipts.businessDate,
            receiptNumber: receipts.receiptNumber,
          });
        return new Map(
          inserted.map((row) => [receiptKey(row.registerCode, row.businessDate, row.receiptNumber), row.id]),
        );
      },
      storedHashes: async (conflicting) => {
        const stored = await tx
          .select({
            registerCode: receipts.registerCode,
            businessDate: receipts.businessDate,
            receiptNumber: receipts.receiptNumber,
            contentHash: receipts.contentHash,
          })
          .from(receipts)
          .where(
            and(
              eq(receipts.shopId, shopId),
              inArray(
                receipts.registerCode,
                distinct(conflicting, (record) => record.registerCode),
              ),
              inArray(
                receipts.businessDate,
                distinct(conflicting, (record) => record.businessDate),
              ),
              inArray(
                receipts.receiptNumber,
                distinct(conflicting, (record) => record.receiptNumber),
              ),
            ),
          );
        return new Map(
          stored.map((row) => [receiptKey(row.registerCode, row.businessDate, row.receiptNumber), row.contentHash]),
        );
      },
    });

    const lines = accepted.flatMap(({ record, key }) =>
      record.lines.map((line, position) => ({
        receiptId: idByKey.get(key) as number,
        lineNumber: position + 1,
        ...line,
      })),
    );
    const payments = accepted.flatMap(({ record, key }) =>
      record.payments.map((payment, position) => ({
        receiptId: idByKey.get(key) as number,
        lineNumber: position + 1,
        ...payment,
      })),
    );
    await insertInChunks(lines, (chunk) => tx.insert(receiptLines).values(chunk));
    await insertInChunks(payments, (chunk) => tx.insert(receiptPayments).values(chunk));

    const deltas = new Map<string, DayTotals>();
    const dayOf = (day: string) => {
      const totals = deltas.get(day) ?? emptyDay();
      deltas.set(day, totals);
      return totals;
    };
    for (const { record } of accepted) addReceiptToDay(dayOf(record.businessDate), record);
    // In key order, like the receipts, so concurrent batches of the shop never wait on each other in a cycle.
    const cards = accepted
      .flatMap(({ record }) =>
        record.loyaltyCard && record.type !== 'cancelled'
          ? [{ shopId, businessDate: record.businessDate, loyaltyCard: record.loyaltyCard }]
          : [],
      )
      .sort((a, b) => `${a.businessDate}\n${a.loyaltyCard}`.localeCompare(`${b.businessDate}\n${b.loyaltyCard}`));
    if (cards.length > 0) {
      const newCards = await tx.insert(salesDayCustomers).values(cards).onConflictDoNothing().returning({
        businessDate: salesDayCustomers.businessDate,
        loyaltyCard: salesDayCustomers.loyaltyCard,
      });
      for (const card of newCards) dayOf(card.businessDate).loyaltyCustomers += 1;
      await recordCardsSeen(tx, shopId, newCards);
    }
    await addToDays(tx, shopId, deltas, now);
    await addToHours(tx, shopId, accepted);
    // The same receipts per employee, for staff analytics.
    await addToEmployeeDays(
      tx,
      shopId,
      accepted.map(({ record }) => ({
        ...record,
        employeeId: record.employee ? (employeeOf(record.employee) ?? null) : null,
      })),
    );

    await touchSources(
      tx,
      shopId,
      'register',
      latestDayPerCode(
        [...accepted, ...resent],
        (record) => record.registerCode,
        (record) => record.businessDate,
      ),
      now,
    );
    await rejections.save(tx, shopId, clientId, now);
    return rejections.result(accepted.length, repeated + resent.length);
  });
  if (result.accepted > 0) options.realtime?.publish(shopChannel(shopId), salesChangedEvent, { shopId });
  const counter = options.metrics?.receiptsIngested;
  counter?.inc({ outcome: 'accepted' }, result.accepted);
  counter?.inc({ outcome: 'duplicate' }, result.duplicates);
  counter?.inc({ outcome: 'rejected' }, result.rejected.length);
  return result;
}

// ---------------------------------------------------------------------------------------------
// Fiscal closes

/** Taxable plus tax over the VAT rates is the total, and each rate's tax is within a cent of taxable × rate. */
function fiscalCloseProblem(record: FiscalCloseRecord): RejectionReason | undefined {
  const breakdownTotal = sum(record.vatBreakdown, (row) => row.taxableCents + row.taxCents);
  const taxOff = record.vatBreakdown.some(
    (row) => Math.abs(row.taxCents - Math.round((row.taxableCents * row.vatRate) / 10_000)) > 1,
  );
  if (breakdownTotal !== record.totalCents || taxOff) return 'vatMismatch';
  if (!isOnBusinessDay(record.businessDate, record.closedAt)) return 'businessDateMismatch';
  return undefined;
}

const closeKey = (deviceSerial: string, day: string) => `${deviceSerial}\n${day}`;

/**
 * Stores a batch of fiscal closes of one shop. `source` says where they come from; `enteredBy` is
 * the person who typed or uploaded them (manual, file), `clientId` the credential that sent them.
 */
export async function ingestFiscalCloses(options: {
  db: Database;
  shopId: number;
  clientId: number | null;
  source: FiscalCloseSource;
  enteredBy?: number | null;
  records: unknown[];
  now?: Date;
  lng?: Language;
}): Promise<IngestResult> {
  const { db, shopId, clientId } = options;
  const now = options.now ?? new Date();
  const rejections = rejectionsOf({ kind: 'fiscalClose', lng: options.lng ?? 'it' });
  const valid = checkRecords({
    records: options.records,
    schema: fiscalCloseRecordSchema,
    identityFields: ['deviceSerial', 'businessDate'],
    identify: (record) => ({
      key: closeKey(record.deviceSerial, record.businessDate),
      reference: `${record.deviceSerial}/${record.businessDate}`,
    }),
    problem: fiscalCloseProblem,
    instantField: 'closedAt',
    rejections,
  });

  return db.transaction(async (tx) => {
    const changed = (candidate: Checked<FiscalCloseRecord>) =>
      rejections.reject(candidate.index, candidate.reference, 'changedResend', options.records[candidate.index]);
    const { fresh, duplicates: repeated } = splitRepeated(byKey(valid), changed);
    const { accepted, resent } = await insertNew({
      fresh,
      onChanged: changed,
      insert: async (candidates) => {
        const inserted = await tx
          .insert(fiscalCloses)
          .values(
            candidates.map(({ record, hash }) => ({
              shopId,
              ...record,
              closedAt: new Date(record.closedAt),
              source: options.source,
              contentHash: hash,
              clientId,
              enteredBy: options.enteredBy ?? null,
              receivedAt: now,
            })),
          )
          .onConflictDoNothing()
          .returning({
            id: fiscalCloses.id,
            deviceSerial: fiscalCloses.deviceSerial,
            businessDate: fiscalCloses.businessDate,
          });
        return new Map(inserted.map((row) => [closeKey(row.deviceSerial, row.businessDate), row.id]));
      },
      storedHashes: async (conflicting) => {
        const stored = await tx
          .select({
            deviceSerial: fiscalCloses.deviceSerial,
            businessDate: fiscalCloses.businessDate,
            contentHash: fiscalCloses.contentHash,
          })
          .from(fiscalCloses)
          .where(
            and(
              eq(fiscalCloses.shopId, shopId),
              inArray(
                fiscalCloses.deviceSerial,
                distinct(conflicting, (record) => record.deviceSerial),
              ),
              inArray(
                fiscalCloses.businessDate,
                distinct(conflicting, (record) => record.businessDate),
              ),
            ),
          );
        return new Map(stored.map((row) => [closeKey(row.deviceSerial, row.businessDate), row.contentHash]));
      },
    });

    await touchSources(
      tx,
      shopId,
      'printer',
      latestDayPerCode(
        [...accepted, ...resent],
        (record) => record.deviceSerial,
        (record) => record.businessDate,
      ),
      now,
    );
    await rejections.save(tx, shopId, clientId, now);
    return rejections.result(accepted.length, repeated + resent.length);
  });
}

/**
 * Every card the receipts carry is a customer (marketing's non-registered customers, issue 27): a card seen for the
 * first time becomes one of this shop; a known card's first and last purchase days move. Only cards new to their day
 * reach here, so a busy card costs one write a day. In card order, like the receipts, so batches never deadlock.
 */
async function recordCardsSeen(tx: Executor, shopId: number, cards: { businessDate: string; loyaltyCard: string }[]) {
  const byCard = new Map<string, { first: string; last: string }>();
  for (const { businessDate: day, loyaltyCard } of cards) {
    const known = byCard.get(loyaltyCard);
    byCard.set(loyaltyCard, {
      first: known && known.first < day ? known.first : day,
      last: known && known.last > day ? known.last : day,
    });
  }
  const rows = [...byCard.entries()]
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([cardNumber, days]) => ({ cardNumber, shopId, firstSeenOn: days.first, lastPurchaseOn: days.last }));
  if (rows.length === 0) return;
  await insertInChunks(rows, (chunk) =>
    tx
      .insert(customers)
      .values(chunk)
      .onConflictDoUpdate({
        target: customers.cardNumber,
        set: {
          firstSeenOn: sql`least(${customers.firstSeenOn}, excluded.first_seen_on)`,
          lastPurchaseOn: sql`greatest(${customers.lastPurchaseOn}, excluded.last_purchase_on)`,
          // A card the club issued has no shop until it is first used, unless its member chose one.
          shopId: sql`coalesce(${customers.shopId}, excluded.shop_id)`,
        },
      }),
  );
}
