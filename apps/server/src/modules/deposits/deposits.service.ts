// Deposits (spec §3 Deposit, §4 Deposits, §5 "editing a deposit requires a shop and an employee to be selected
// first"): the cash a shop takes to the bank. Shop staff record each one with the employee who carried it (whose
// deposit card the bank's line names); it can be edited or deleted until accounting convalidates it, after which it is
// fixed. Every change is audited. A user reaches the deposits of the shops they belong to; "view all" reaches all.

import type { Language } from '@bottega/contracts/common';
import { businessDate, formatDate, monthDays } from '@bottega/contracts/dates';
import type {
  Deposit,
  DepositCarrier,
  DepositPage,
  depositBodySchema,
  depositExportQuerySchema,
  depositListQuerySchema,
} from '@bottega/contracts/deposits';
import { type AnyColumn, and, asc, count, desc, eq, gte, inArray, isNull, lte, type SQL, sql, sum } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { z } from 'zod';
import { shopsInScope } from '../../platform/access';
import { writeAudit } from '../../platform/audit';
import type { Database, Executor } from '../../platform/db';
import { AppError } from '../../platform/errors';
import { translate } from '../../platform/i18n';
import type { SessionContext } from '../../platform/sessions';
import { users } from '../employees/employees.schema';
import { decimalComma, receiptsCsvRows, spreadsheetText } from '../sales/sales-export.csv';
import { shops, userShops } from '../shops/shops.schema';
import { loadVisibleShop } from '../shops/shops.service';
import { bankLines, depositBankLines } from './bank-statements.schema';
import { deposits } from './deposits.schema';

export const depositAuditEntity = 'deposit';

type DepositValues = z.output<typeof depositBodySchema>;
type DepositListQuery = z.output<typeof depositListQuerySchema>;
type DepositExportQuery = z.output<typeof depositExportQuerySchema>;
type Call = { db: Database; viewer: SessionContext };

const carrier = alias(users, 'carrier');
const registrar = alias(users, 'registrar');
const convalidator = alias(users, 'convalidator');
const nameOf = (person: { name: AnyColumn; surname: AnyColumn }) =>
  sql<string | null>`${person.name} || ' ' || ${person.surname}`;

const columns = {
  id: deposits.id,
  shopId: deposits.shopId,
  shopCode: shops.code,
  shopName: shops.name,
  date: deposits.date,
  amountCents: deposits.amountCents,
  carriedById: deposits.carriedBy,
  carriedByName: nameOf(carrier),
  cardNumber: deposits.cardNumber,
  comments: deposits.comments,
  registeredBy: nameOf(registrar),
  createdAt: deposits.createdAt,
  state: deposits.state,
  convalidatedBy: nameOf(convalidator),
  convalidatedAt: deposits.convalidatedAt,
  bankLines: sql<Deposit['bankLines']>`coalesce((
    select json_agg(json_build_object('id', ${bankLines.id}, 'bookingDate', ${bankLines.bookingDate},
      'amountCents', ${bankLines.amountCents}, 'description', ${bankLines.description})
      order by ${bankLines.bookingDate}, ${bankLines.id})
    from ${depositBankLines} join ${bankLines} on ${bankLines.id} = ${depositBankLines.bankLineId}
    where ${depositBankLines.depositId} = ${deposits.id}), '[]'::json)`,
};

export function selectDeposits(db: Executor) {
  return db
    .select(columns)
    .from(deposits)
    .innerJoin(shops, eq(shops.id, deposits.shopId))
    .leftJoin(carrier, eq(carrier.id, deposits.carriedBy))
    .leftJoin(registrar, eq(registrar.id, deposits.registeredBy))
    .leftJoin(convalidator, eq(convalidator.id, deposits.convalidatedBy));
}

type DepositRow = Awaited<ReturnType<typeof selectDeposits>>[number];

export function toDeposit(row: DepositRow): Deposit {
  const { carriedById, carriedByName, createdAt, convalidatedAt, ...rest } = row;
  return {
    ...rest,
    carriedBy: carriedById ? { id: carriedById, name: carriedByName ?? '' } : null,
    createdAt: createdAt.toISOString(),
    convalidatedAt: convalidatedAt?.toISOString() ?? null,
  };
}

/** The deposits of the given shop's days, oldest first (the cash-to-deposit day page). */
export async function depositsOfDay(db: Executor, shopId: number, date: string): Promise<Deposit[]> {
  const rows = await selectDeposits(db)
    .where(and(eq(deposits.shopId, shopId), eq(deposits.date, date)))
    .orderBy(asc(deposits.id));
  return rows.map(toDeposit);
}

/** The filters of the archive in SQL: the viewer's shops only; another shop asked for answers 404. */
function listConditions(
  viewer: SessionContext,
  query: Pick<DepositListQuery, 'shopId' | 'month' | 'state'>,
): SQL | undefined | 'none' {
  const scope = shopsInScope(viewer, 'shops');
  if (query.shopId !== undefined && scope !== 'all' && !scope.includes(query.shopId)) throw new AppError('notFound');
  if (scope !== 'all' && scope.length === 0) return 'none';
  const month = query.month ? monthDays(query.month) : undefined;
  return and(
    scope === 'all' ? undefined : inArray(deposits.shopId, scope),
    query.shopId === undefined ? undefined : eq(deposits.shopId, query.shopId),
    month ? gte(deposits.date, month.from) : undefined,
    month ? lte(deposits.date, month.to) : undefined,
    query.state ? eq(deposits.state, query.state) : undefined,
  );
}

/** A page of deposits, newest day first, with the sum of all the filters select. */
export async function listDeposits(options: Call & { query: DepositListQuery }): Promise<DepositPage> {
  const { db, viewer, query } = options;
  const where = listConditions(viewer, query);
  const meta = { page: query.page, perPage: query.perPage, total: 0 };
  if (where === 'none') return { data: [], meta, totals: { amountCents: 0, count: 0 } };
  const [rows, [totals]] = await Promise.all([
    selectDeposits(db)
      .where(where)
      .orderBy(desc(deposits.date), desc(deposits.id))
      .limit(query.perPage)
      .offset((query.page - 1) * query.perPage),
    db
      .select({ count: count(), amountCents: sum(deposits.amountCents).mapWith(Number) })
      .from(deposits)
      .where(where),
  ]);
  return {
    data: rows.map(toDeposit),
    meta: { ...meta, total: totals?.count ?? 0 },
    totals: { amountCents: totals?.amountCents ?? 0, count: totals?.count ?? 0 },
  };
}

const exportColumns = [
  'date',
  'shop',
  'amount',
  'carriedBy',
  'cardNumber',
  'comments',
  'registeredBy',
  'state',
  'convalidatedBy',
  'bankLines',
] as const;

/** A month of the deposits the filters select as CSV, in Italian Excel's format, headings in `lng`. */
export async function exportDeposits(
  options: Call & { query: DepositExportQuery; lng: Language },
): Promise<{ bytes: Uint8Array; fileName: string; type: string }> {
  const { db, viewer, query, lng } = options;
  const where = listConditions(viewer, query);
  const rows =
    where === 'none'
      ? []
      : (await selectDeposits(db).where(where).orderBy(asc(deposits.date), asc(deposits.id))).map(toDeposit);
  const headings = exportColumns.map((column) => translate(lng, `deposits:export.columns.${column}`));
  const body = rows.map((deposit) => [
    formatDate(deposit.date),
    spreadsheetText(`${deposit.shopCode} · ${deposit.shopName}`),
    decimalComma(deposit.amountCents),
    spreadsheetText(deposit.carriedBy?.name),
    spreadsheetText(deposit.cardNumber),
    spreadsheetText(deposit.comments),
    spreadsheetText(deposit.registeredBy),
    translate(lng, `deposits:states.${deposit.state}`),
    spreadsheetText(deposit.convalidatedBy),
    spreadsheetText(
      deposit.bankLines.map((line) => `${formatDate(line.bookingDate)} ${decimalComma(line.amountCents)}`).join(' + '),
    ),
  ]);
  return {
    bytes: Buffer.concat([Buffer.from('\uFEFF', 'utf8'), receiptsCsvRows([headings, ...body])]),
    fileName: `${translate(lng, 'deposits:export.fileName')}-${query.month}.csv`,
    type: 'text/csv; charset=utf-8',
  };
}

async function readDeposit(db: Executor, id: number): Promise<Deposit> {
  const [row] = await selectDeposits(db).where(eq(deposits.id, id));
  if (!row) throw new AppError('notFound');
  return toDeposit(row);
}

/** One deposit, or 404 when it is another shop's. */
export async function getDeposit(options: Call & { id: number }): Promise<Deposit> {
  const deposit = await readDeposit(options.db, options.id);
  const scope = shopsInScope(options.viewer, 'shops');
  if (scope !== 'all' && !scope.includes(deposit.shopId)) throw new AppError('notFound');
  return deposit;
}

/** The active people of the shop, who may carry its cash to the bank, with their deposit card. */
export async function listDepositCarriers(options: Call & { shopId: number }): Promise<DepositCarrier[]> {
  await loadVisibleShop(options.db, options.viewer, options.shopId);
  return options.db
    .select({
      id: users.id,
      name: sql<string>`${users.name} || ' ' || ${users.surname}`,
      cardNumber: users.depositCardNumber,
    })
    .from(userShops)
    .innerJoin(users, eq(users.id, userShops.userId))
    .where(and(eq(userShops.shopId, options.shopId), isNull(users.deletedAt), eq(users.employeeType, 'OK')))
    .orderBy(asc(users.surname), asc(users.name));
}

/**
 * Checks what a deposit may say: the shop is one the viewer reaches, the day has come (business clock) and the carrier
 * is one of that shop's active people. Returns the carrier's deposit card, which the deposit keeps.
 */
async function checkDeposit(tx: Executor, viewer: SessionContext, body: DepositValues, now: Date): Promise<string> {
  await loadVisibleShop(tx, viewer, body.shopId);
  const errors: NonNullable<AppError['fieldErrors']> = {};
  if (body.date > businessDate(now)) errors.date = [{ rule: 'futureDate' }];
  const [person] = await tx
    .select({ cardNumber: users.depositCardNumber })
    .from(userShops)
    .innerJoin(users, eq(users.id, userShops.userId))
    .where(
      and(
        eq(userShops.shopId, body.shopId),
        eq(userShops.userId, body.carriedBy),
        isNull(users.deletedAt),
        eq(users.employeeType, 'OK'),
      ),
    );
  if (!person) errors.carriedBy = [{ rule: 'notShopPerson' }];
  if (Object.keys(errors).length > 0) throw new AppError('validation', {}, errors);
  return (person as { cardNumber: string }).cardNumber;
}

/** Shop staff record a deposit. */
export async function createDeposit(options: Call & { body: DepositValues; now: Date; ip?: string }): Promise<Deposit> {
  const { db, viewer, body, now } = options;
  const id = await db.transaction(async (tx) => {
    const cardNumber = await checkDeposit(tx, viewer, body, now);
    const [created] = await tx
      .insert(deposits)
      .values({ ...body, cardNumber, registeredBy: viewer.userId })
      .returning({ id: deposits.id });
    const depositId = (created as { id: number }).id;
    await writeAudit(tx, {
      actorId: viewer.userId,
      action: 'deposit.created',
      entity: depositAuditEntity,
      entityId: depositId,
      toState: 'entered',
      data: { ...body, cardNumber },
      ip: options.ip,
    });
    return depositId;
  });
  return readDeposit(db, id);
}

/** The deposit taken for update, if the viewer reaches its shop and it is not convalidated yet. */
async function lockEnteredDeposit(tx: Executor, viewer: SessionContext, id: number) {
  const [row] = await tx.select().from(deposits).where(eq(deposits.id, id)).for('update');
  if (!row) throw new AppError('notFound');
  const scope = shopsInScope(viewer, 'shops');
  if (scope !== 'all' && !scope.includes(row.shopId)) throw new AppError('notFound');
  if (row.state !== 'entered') throw new AppError('depositConvalidated');
  return row;
}

/** Accounting corrects a deposit not convalidated yet; the shop and the carrier are checked again (§5). */
export async function updateDeposit(
  options: Call & { id: number; body: DepositValues; now: Date; ip?: string },
): Promise<Deposit> {
  const { db, viewer, id, body, now } = options;
  await db.transaction(async (tx) => {
    const before = await lockEnteredDeposit(tx, viewer, id);
    const cardNumber = await checkDeposit(tx, viewer, body, now);
    await tx
      .update(deposits)
      .set({ ...body, cardNumber, updatedAt: new Date() })
      .where(eq(deposits.id, id));
    await writeAudit(tx, {
      actorId: viewer.userId,
      action: 'deposit.updated',
      entity: depositAuditEntity,
      entityId: id,
      fromState: 'entered',
      toState: 'entered',
      data: {
        before: {
          shopId: before.shopId,
          date: before.date,
          amountCents: before.amountCents,
          carriedBy: before.carriedBy,
          cardNumber: before.cardNumber,
          comments: before.comments,
        },
        after: { ...body, cardNumber },
      },
      ip: options.ip,
    });
  });
  return readDeposit(db, id);
}

/** Removes a deposit not convalidated yet. */
export async function deleteDeposit(options: Call & { id: number; ip?: string }): Promise<void> {
  const { db, viewer, id } = options;
  await db.transaction(async (tx) => {
    const before = await lockEnteredDeposit(tx, viewer, id);
    await tx.delete(deposits).where(eq(deposits.id, id));
    await writeAudit(tx, {
      actorId: viewer.userId,
      action: 'deposit.deleted',
      entity: depositAuditEntity,
      entityId: id,
      fromState: 'entered',
      toState: null,
      data: {
        shopId: before.shopId,
        date: before.date,
        amountCents: before.amountCents,
        carriedBy: before.carriedBy,
        cardNumber: before.cardNumber,
      },
      ip: options.ip,
    });
  });
}
