// Costs incurred (spec §2 costsIncurred/convalidate and archive, §4 "deposits, authorised expenses, invoices: entered,
// then convalidated; can be edited or deleted", §6 costs incurred check/edit/delete/archive): accounting goes through
// the expenses the shops entered in their closed cash reports, each with its authorisation and the report's
// attachments, corrects (amount within the authorisation, comments) or deletes one, and convalidates them; once
// convalidated an expense is fixed (409) and in the archive of its shop and month. Every change is audited.
import type { Language } from '@bottega/contracts/common';
import { formatDate, monthDays } from '@bottega/contracts/dates';
import type {
  CostIncurred,
  CostsArchivePage,
  CostsIncurredPage,
  costIncurredBodySchema,
  costsArchiveExportQuerySchema,
  costsArchiveQuerySchema,
  costsIncurredQuerySchema,
} from '@bottega/contracts/expenses';
import { formatMoney } from '@bottega/contracts/money';
import {
  type AnyColumn,
  and,
  asc,
  count,
  desc,
  eq,
  gte,
  inArray,
  isNotNull,
  isNull,
  lte,
  ne,
  type SQL,
  sql,
  sum,
} from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { z } from 'zod';
import { inScopePlaceholder, shopsInScope, shopsInScopeValue } from '../../platform/access';
import { writeAudit } from '../../platform/audit';
import { type Database, type Executor, preparedPerDatabase } from '../../platform/db';
import { AppError } from '../../platform/errors';
import { translate } from '../../platform/i18n';
import type { SessionContext } from '../../platform/sessions';
import { cashReportAttachments, cashReports } from '../cash-register/cash-register.schema';
import { auditReportCorrection } from '../cash-register/cash-report-access';
import { users } from '../employees/employees.schema';
import { decimalComma, receiptsCsvRows, spreadsheetText } from '../sales/sales-export.csv';
import { shops } from '../shops/shops.schema';
import { expenseAuthorisations, expenses } from './expenses.schema';
import { expenseAuditEntity } from './expenses.service';

type Call = { db: Database; viewer: SessionContext };
type ListQuery = z.output<typeof costsIncurredQuerySchema>;
type ArchiveQuery = z.output<typeof costsArchiveQuerySchema>;
type ExportQuery = z.output<typeof costsArchiveExportQuerySchema>;
type CorrectionValues = z.output<typeof costIncurredBodySchema>;

const inserter = alias(users, 'inserter');
const authoriser = alias(users, 'authoriser');
const convalidator = alias(users, 'convalidator');
const nameOf = (person: { name: AnyColumn; surname: AnyColumn }) =>
  sql<string | null>`${person.name} || ' ' || ${person.surname}`;

const usedCents = sql<number>`coalesce((
  select sum(e2.amount_cents) from expenses e2 where e2.authorisation_id = ${expenseAuthorisations.id}
), 0)::bigint`.mapWith(Number);

const columns = {
  id: expenses.id,
  shopId: expenses.shopId,
  shopCode: shops.code,
  shopName: shops.name,
  date: expenses.date,
  amountCents: expenses.amountCents,
  comments: expenses.comments,
  insertedBy: nameOf(inserter),
  blocked: expenses.blocked,
  authorisationId: expenseAuthorisations.id,
  authorisationDescription: expenseAuthorisations.description,
  maxAmountCents: expenseAuthorisations.maxAmountCents,
  usedCents,
  authorisedBy: nameOf(authoriser),
  reportId: cashReports.id,
  reportStatus: cashReports.status,
  attachments: sql<CostIncurred['attachments']>`coalesce((
    select json_agg(json_build_object('id', ${cashReportAttachments.id}, 'fileName', ${cashReportAttachments.fileName},
      'contentType', ${cashReportAttachments.contentType}) order by ${cashReportAttachments.id})
    from ${cashReportAttachments} where ${cashReportAttachments.reportId} = ${expenses.reportId}), '[]'::json)`,
  convalidatedAt: expenses.convalidatedAt,
  convalidatedBy: nameOf(convalidator),
};

function selectCosts(db: Executor) {
  return db
    .select(columns)
    .from(expenses)
    .innerJoin(shops, eq(shops.id, expenses.shopId))
    .innerJoin(cashReports, eq(cashReports.id, expenses.reportId))
    .innerJoin(expenseAuthorisations, eq(expenseAuthorisations.id, expenses.authorisationId))
    .leftJoin(inserter, eq(inserter.id, expenses.insertedBy))
    .leftJoin(authoriser, eq(authoriser.id, expenseAuthorisations.authorisedBy))
    .leftJoin(convalidator, eq(convalidator.id, expenses.convalidatedBy));
}

type CostRow = Awaited<ReturnType<typeof selectCosts>>[number];

function toCost(row: CostRow): CostIncurred {
  return {
    id: row.id,
    shopId: row.shopId,
    shopCode: row.shopCode,
    shopName: row.shopName,
    date: row.date,
    amountCents: row.amountCents,
    comments: row.comments,
    insertedBy: row.insertedBy,
    blocked: row.blocked,
    authorisation: {
      id: row.authorisationId,
      description: row.authorisationDescription,
      maxAmountCents: row.maxAmountCents,
      usedCents: row.usedCents,
      leftCents: Math.max(0, row.maxAmountCents - row.usedCents),
      authorisedBy: row.authorisedBy,
    },
    report: { id: row.reportId, status: row.reportStatus },
    attachments: row.attachments,
    convalidatedAt: row.convalidatedAt?.toISOString() ?? null,
    convalidatedBy: row.convalidatedBy,
  };
}

/** The viewer's shops (another shop asked for answers 404), the shop and month asked, and the state's condition. */
function conditions(
  viewer: SessionContext,
  query: { shopId?: number; month?: string },
  state: SQL,
): SQL | undefined | 'none' {
  const scope = shopsInScope(viewer, 'shops');
  if (query.shopId !== undefined && scope !== 'all' && !scope.includes(query.shopId)) throw new AppError('notFound');
  if (scope !== 'all' && scope.length === 0) return 'none';
  const month = query.month ? monthDays(query.month) : undefined;
  return and(
    state,
    scope === 'all' ? undefined : inArray(expenses.shopId, scope),
    query.shopId === undefined ? undefined : eq(expenses.shopId, query.shopId),
    month ? gte(expenses.date, month.from) : undefined,
    month ? lte(expenses.date, month.to) : undefined,
  );
}

/** Waiting for accounting: not convalidated, in a closed day's report (an open day's expenses may still change). */
const toConvalidate = and(
  isNull(expenses.convalidatedAt),
  sql`exists (select 1 from ${cashReports} r where r.id = ${expenses.reportId} and r.status = 'closed')`,
) as SQL;
const convalidated = isNotNull(expenses.convalidatedAt);

async function page(
  db: Executor,
  where: SQL | undefined,
  query: { page: number; perPage: number },
  order: 'oldest' | 'newest',
): Promise<CostsIncurredPage> {
  const [rows, [totals]] = await Promise.all([
    selectCosts(db)
      .where(where)
      .orderBy(
        ...(order === 'oldest'
          ? [asc(expenses.date), asc(expenses.id)]
          : [asc(shops.code), desc(expenses.date), desc(expenses.id)]),
      )
      .limit(query.perPage)
      .offset((query.page - 1) * query.perPage),
    db
      .select({ count: count(), amountCents: sum(expenses.amountCents).mapWith(Number) })
      .from(expenses)
      .where(where),
  ]);
  return {
    data: rows.map(toCost),
    meta: { page: query.page, perPage: query.perPage, total: totals?.count ?? 0 },
    totals: { amountCents: totals?.amountCents ?? 0, count: totals?.count ?? 0 },
  };
}

/** The closed days' expenses not convalidated yet, oldest first (the oldest waited longest). */
export async function listCostsToConvalidate(options: Call & { query: ListQuery }): Promise<CostsIncurredPage> {
  const { db, viewer, query } = options;
  const where = conditions(viewer, query, toConvalidate);
  if (where === 'none') {
    return {
      data: [],
      meta: { page: query.page, perPage: query.perPage, total: 0 },
      totals: { amountCents: 0, count: 0 },
    };
  }
  return page(db, where, query, 'oldest');
}

/** A month of convalidated expenses by shop, newest day first, with each shop's total. */
export async function listCostsArchive(options: Call & { query: ArchiveQuery }): Promise<CostsArchivePage> {
  const { db, viewer, query } = options;
  const where = conditions(viewer, query, convalidated);
  if (where === 'none') {
    return {
      data: [],
      meta: { page: query.page, perPage: query.perPage, total: 0 },
      totals: { amountCents: 0, count: 0 },
      shops: [],
    };
  }
  const [found, byShop] = await Promise.all([
    page(db, where, query, 'newest'),
    db
      .select({
        shopId: expenses.shopId,
        shopCode: shops.code,
        shopName: shops.name,
        amountCents: sum(expenses.amountCents).mapWith(Number),
        count: count(),
      })
      .from(expenses)
      .innerJoin(shops, eq(shops.id, expenses.shopId))
      .where(where)
      .groupBy(expenses.shopId, shops.code, shops.name)
      .orderBy(asc(shops.code)),
  ]);
  return { ...found, shops: byShop };
}

const exportColumns = [
  'date',
  'shop',
  'amount',
  'authorisation',
  'comments',
  'insertedBy',
  'convalidatedBy',
  'convalidatedAt',
] as const;

/** A month of convalidated expenses as CSV in Italian Excel's format (as the deposits' and POS exports), in `lng`. */
export async function exportCostsArchive(
  options: Call & { query: ExportQuery; lng: Language },
): Promise<{ bytes: Uint8Array; fileName: string; type: string }> {
  const { db, viewer, query, lng } = options;
  const where = conditions(viewer, query, convalidated);
  const rows =
    where === 'none'
      ? []
      : (await selectCosts(db).where(where).orderBy(asc(shops.code), asc(expenses.date), asc(expenses.id))).map(toCost);
  const headings = exportColumns.map((column) => translate(lng, `expenses:export.columns.${column}`));
  const body = rows.map((cost) => [
    formatDate(cost.date),
    spreadsheetText(`${cost.shopCode} · ${cost.shopName}`),
    decimalComma(cost.amountCents),
    spreadsheetText(cost.authorisation.description),
    spreadsheetText(cost.comments),
    spreadsheetText(cost.insertedBy),
    spreadsheetText(cost.convalidatedBy),
    cost.convalidatedAt ? formatDate(cost.convalidatedAt.slice(0, 10)) : '',
  ]);
  const total = rows.reduce((sum, cost) => sum + cost.amountCents, 0);
  const totalRow = [translate(lng, 'expenses:export.total'), '', decimalComma(total), '', '', '', '', ''];
  return {
    bytes: Buffer.concat([Buffer.from('\uFEFF', 'utf8'), receiptsCsvRows([headings, ...body, totalRow])]),
    fileName: `${translate(lng, 'expenses:export.fileName')}-${query.month}.csv`,
    type: 'text/csv; charset=utf-8',
  };
}

/** The expense taken for update with its report's status, or 404 when it is another shop's. */
async function lockCost(tx: Executor, viewer: SessionContext, id: number) {
  const [row] = await tx
    .select({ expense: expenses, reportStatus: cashReports.status })
    .from(expenses)
    .innerJoin(cashReports, eq(cashReports.id, expenses.reportId))
    .where(eq(expenses.id, id))
    .for('update', { of: expenses });
  if (!row) throw new AppError('notFound');
  const scope = shopsInScope(viewer, 'shops');
  if (scope !== 'all' && !scope.includes(row.expense.shopId)) throw new AppError('notFound');
  return row;
}

/** Still open to accounting's correction: not convalidated (409), not blocked (409). */
function assertCorrectable(expense: typeof expenses.$inferSelect): void {
  if (expense.convalidatedAt) throw new AppError('expenseConvalidated');
  if (expense.blocked) throw new AppError('expenseBlocked');
}

async function readCost(db: Executor, id: number): Promise<CostIncurred> {
  const [row] = await selectCosts(db).where(eq(expenses.id, id));
  if (!row) throw new AppError('notFound');
  return toCost(row);
}

/** One expense as the costs screens show it, or 404 when it is another shop's. */
export async function getCostIncurred(options: Call & { id: number }): Promise<CostIncurred> {
  const cost = await readCost(options.db, options.id);
  const scope = shopsInScope(options.viewer, 'shops');
  if (scope !== 'all' && !scope.includes(cost.shopId)) throw new AppError('notFound');
  return cost;
}

/** The day's expected cash changed: an open screen of the report sees a newer version. */
async function touchReport(tx: Executor, reportId: number, viewer: SessionContext): Promise<void> {
  await tx
    .update(cashReports)
    .set({ version: sql`${cashReports.version} + 1`, updatedAt: new Date(), updatedBy: viewer.userId })
    .where(eq(cashReports.id, reportId));
}

/**
 * Accounting corrects an expense before convalidating it: the amount, within what its authorisation leaves once the
 * other expenses against it are counted (422 expenseOverAuthorisation), and the comments. A closed day's content
 * changes, so the report's own history records the correction too.
 */
export async function updateCostIncurred(
  options: Call & { id: number; body: CorrectionValues; ip?: string },
): Promise<CostIncurred> {
  const { db, viewer, id, body } = options;
  await db.transaction(async (tx) => {
    const { expense, reportStatus } = await lockCost(tx, viewer, id);
    assertCorrectable(expense);
    const [authorisation] = await tx
      .select()
      .from(expenseAuthorisations)
      .where(eq(expenseAuthorisations.id, expense.authorisationId))
      .for('update');
    const [spent] = await tx
      .select({ cents: sql<number>`coalesce(sum(${expenses.amountCents}), 0)::bigint`.mapWith(Number) })
      .from(expenses)
      .where(and(eq(expenses.authorisationId, expense.authorisationId), ne(expenses.id, id)));
    const left = (authorisation?.maxAmountCents ?? 0) - (spent?.cents ?? 0);
    if (body.amountCents > left) {
      throw new AppError('expenseOverAuthorisation', { left: formatMoney(Math.max(0, left)) });
    }
    await tx
      .update(expenses)
      .set({ amountCents: body.amountCents, comments: body.comments, updatedAt: new Date() })
      .where(eq(expenses.id, id));
    if (body.amountCents !== expense.amountCents) await touchReport(tx, expense.reportId, viewer);
    await writeAudit(tx, {
      actorId: viewer.userId,
      action: 'expense.updated',
      entity: expenseAuditEntity,
      entityId: id,
      data: {
        reportId: expense.reportId,
        from: { amountCents: expense.amountCents, comments: expense.comments },
        to: body,
        by: 'accounting',
      },
      ip: options.ip,
    });
    if (reportStatus === 'closed') {
      await auditReportCorrection(tx, {
        viewer,
        reportId: expense.reportId,
        entity: expenseAuditEntity,
        entityId: id,
        change: 'updated',
        ip: options.ip,
      });
    }
  });
  return readCost(db, id);
}

/** Accounting deletes an expense not convalidated yet (what it took from its authorisation is free again). */
export async function deleteCostIncurred(options: Call & { id: number; ip?: string }): Promise<void> {
  const { db, viewer, id } = options;
  await db.transaction(async (tx) => {
    const { expense, reportStatus } = await lockCost(tx, viewer, id);
    assertCorrectable(expense);
    await tx.delete(expenses).where(eq(expenses.id, id));
    await touchReport(tx, expense.reportId, viewer);
    await writeAudit(tx, {
      actorId: viewer.userId,
      action: 'expense.deleted',
      entity: expenseAuditEntity,
      entityId: id,
      fromState: 'entered',
      data: {
        reportId: expense.reportId,
        authorisationId: expense.authorisationId,
        amountCents: expense.amountCents,
        comments: expense.comments,
        by: 'accounting',
      },
      ip: options.ip,
    });
    if (reportStatus === 'closed') {
      await auditReportCorrection(tx, {
        viewer,
        reportId: expense.reportId,
        entity: expenseAuditEntity,
        entityId: id,
        change: 'deleted',
        ip: options.ip,
      });
    }
  });
}

/**
 * Convalidates the expenses `ids`, all or none: each must be one the viewer reaches (404), of a closed day (409
 * expenseDayOpen) and not convalidated already (409 expenseConvalidated). A blocked expense is convalidated too: the
 * block only stops the shop changing it.
 */
export async function convalidateCostsIncurred(
  options: Call & { ids: number[]; now: Date; ip?: string },
): Promise<{ convalidated: number }> {
  const { db, viewer, ids, now } = options;
  await db.transaction(async (tx) => {
    const rows = await tx
      .select({ expense: expenses, reportStatus: cashReports.status })
      .from(expenses)
      .innerJoin(cashReports, eq(cashReports.id, expenses.reportId))
      .where(inArray(expenses.id, ids))
      .orderBy(asc(expenses.id))
      .for('update', { of: expenses });
    const scope = shopsInScope(viewer, 'shops');
    if (rows.length !== ids.length || rows.some((row) => scope !== 'all' && !scope.includes(row.expense.shopId))) {
      throw new AppError('notFound');
    }
    if (rows.some((row) => row.expense.convalidatedAt)) throw new AppError('expenseConvalidated');
    if (rows.some((row) => row.reportStatus !== 'closed')) throw new AppError('expenseDayOpen');
    await tx
      .update(expenses)
      .set({ convalidatedAt: now, convalidatedBy: viewer.userId, updatedAt: now })
      .where(inArray(expenses.id, ids));
    for (const { expense } of rows) {
      await writeAudit(tx, {
        actorId: viewer.userId,
        action: 'expense.convalidated',
        entity: expenseAuditEntity,
        entityId: expense.id,
        fromState: 'entered',
        toState: 'convalidated',
        data: { reportId: expense.reportId, shopId: expense.shopId, amountCents: expense.amountCents },
        ip: options.ip,
      });
    }
  });
  return { convalidated: ids.length };
}

/**
 * The expenses waiting for accounting in the shops `scope` (null: every shop), how many and the oldest day: prepared,
 * as the dashboard asks on every load. The same rows as conditions(viewer, {}, toConvalidate).
 */
const costsToConvalidateStatement = preparedPerDatabase((db) =>
  db
    .select({ count: count(), oldest: sql<string | null>`min(${expenses.date})` })
    .from(expenses)
    .where(and(toConvalidate, inScopePlaceholder(expenses.shopId)))
    .prepare('todo_costsToConvalidate'),
);

/** For the dashboard: how many of the viewer's shops' closed-day expenses wait, and since when. */
export async function countCostsToConvalidate(
  db: Executor,
  viewer: SessionContext,
): Promise<{ count: number; oldest: string | null }> {
  const scope = shopsInScopeValue(viewer, 'shops');
  if (scope?.length === 0) return { count: 0, oldest: null };
  const [row] = await costsToConvalidateStatement(db).execute({ scope });
  return { count: row?.count ?? 0, oldest: row?.oldest ?? null };
}
