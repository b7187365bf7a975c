// Authorised expenses (spec §3 Authorised expense, §4, §5 "costs must be authorised by management before
// entry"). Management authorises a shop to spend up to an amount on something between two dates, and may
// revoke what is left; the shop's staff enter what they paid from the till in a daily cash report, against an
// authorisation of that shop valid on the report's day, within what is left of it. Expenses lower the day's
// expected cash, so each change raises the report's version. Accounting blocks an expense it has checked (then
// nobody changes it) and unblocks it. Every change is audited; a change to a closed day is a correction.
import type {
  Expense,
  ExpenseAuthorisation,
  expenseAuthorisationBodySchema,
  expenseBodySchema,
} from '@bottega/contracts/expenses';
import { formatMoney } from '@bottega/contracts/money';
import { and, asc, desc, eq, gte, isNull, lte, ne, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { writeAudit } from '../../platform/audit';
import type { Database, Executor } from '../../platform/db';
import { AppError } from '../../platform/errors';
import type { SessionContext } from '../../platform/sessions';
import { cashReports } from '../cash-register/cash-register.schema';
import {
  assertFiguresOpen,
  assertReportWritable,
  auditReportCorrection,
  type CashReportRow,
  loadVisibleReport,
} from '../cash-register/cash-report-access';
import { users } from '../employees/employees.schema';
import { loadVisibleShop } from '../shops/shops.service';
import { expenseAuthorisations, expenses } from './expenses.schema';

export const expenseAuditEntity = 'expense';
export const expenseAuthorisationAuditEntity = 'expenseAuthorisation';

type AuthorisationValues = z.output<typeof expenseAuthorisationBodySchema>;
type ExpenseValues = z.output<typeof expenseBodySchema>;
type ShopCall = { db: Database; viewer: SessionContext; shopId: number };
type AuthorisationCall = ShopCall & { authorisationId: number; ip?: string };
type ReportCall = { db: Database; viewer: SessionContext; reportId: number };
type ExpenseCall = ReportCall & { expenseId: number; ip?: string };

const personName = sql<string | null>`${users.name} || ' ' || ${users.surname}`;

// ---------------------------------------------------------------------------------------------
// Authorisations

/** Entered so far against an authorisation, blocked expenses included (they were paid all the same). */
const usedCents = sql<number>`coalesce((
  select sum(${expenses.amountCents}) from ${expenses} where ${expenses.authorisationId} = ${expenseAuthorisations.id}
), 0)::bigint`.mapWith(Number);

const authorisationColumns = {
  id: expenseAuthorisations.id,
  shopId: expenseAuthorisations.shopId,
  description: expenseAuthorisations.description,
  maxAmountCents: expenseAuthorisations.maxAmountCents,
  usedCents,
  validFrom: expenseAuthorisations.validFrom,
  validTo: expenseAuthorisations.validTo,
  authorisedBy: personName,
  createdAt: expenseAuthorisations.createdAt,
  revokedAt: expenseAuthorisations.revokedAt,
};

function selectAuthorisations(db: Executor) {
  return db
    .select(authorisationColumns)
    .from(expenseAuthorisations)
    .leftJoin(users, eq(users.id, expenseAuthorisations.authorisedBy));
}

type AuthorisationRow = Omit<ExpenseAuthorisation, 'createdAt' | 'revokedAt'> & {
  createdAt: Date;
  revokedAt: Date | null;
};

function toAuthorisation(row: AuthorisationRow): ExpenseAuthorisation {
  return { ...row, createdAt: row.createdAt.toISOString(), revokedAt: row.revokedAt?.toISOString() ?? null };
}

async function readAuthorisation(db: Executor, authorisationId: number): Promise<ExpenseAuthorisation> {
  const [row] = await selectAuthorisations(db).where(eq(expenseAuthorisations.id, authorisationId));
  if (!row) throw new AppError('notFound');
  return toAuthorisation(row);
}

/**
 * The shop's authorisations, newest first, with what was entered against each. With `date`, only those the
 * shop can enter an expense against that day: valid then, not revoked, with something left.
 */
export async function listExpenseAuthorisations(
  options: ShopCall & { date?: string },
): Promise<ExpenseAuthorisation[]> {
  const { db, viewer, shopId, date } = options;
  await loadVisibleShop(db, viewer, shopId);
  const usable = date
    ? [
        lte(expenseAuthorisations.validFrom, date),
        gte(expenseAuthorisations.validTo, date),
        isNull(expenseAuthorisations.revokedAt),
        sql`${usedCents} < ${expenseAuthorisations.maxAmountCents}`,
      ]
    : [];
  const rows = await selectAuthorisations(db)
    .where(and(eq(expenseAuthorisations.shopId, shopId), ...usable))
    .orderBy(desc(expenseAuthorisations.createdAt), desc(expenseAuthorisations.id));
  return rows.map(toAuthorisation);
}

/** Management authorises the shop to spend up to an amount between two dates. */
export async function createExpenseAuthorisation(
  options: ShopCall & { body: AuthorisationValues; ip?: string },
): Promise<ExpenseAuthorisation> {
  const { db, viewer, shopId, body } = options;
  const id = await db.transaction(async (tx) => {
    await loadVisibleShop(tx, viewer, shopId);
    const [created] = await tx
      .insert(expenseAuthorisations)
      .values({ shopId, ...body, authorisedBy: viewer.userId })
      .returning({ id: expenseAuthorisations.id });
    const authorisationId = (created as { id: number }).id;
    await writeAudit(tx, {
      actorId: viewer.userId,
      action: 'expenseAuthorisation.created',
      entity: expenseAuthorisationAuditEntity,
      entityId: authorisationId,
      toState: 'authorised',
      data: { shopId, ...body },
      ip: options.ip,
    });
    return authorisationId;
  });
  return readAuthorisation(db, id);
}

/** The shop's authorisation `authorisationId` taken for update, or 404 (another shop's answers the same). */
async function lockShopAuthorisation(tx: Executor, shopId: number, authorisationId: number) {
  const [row] = await tx
    .select()
    .from(expenseAuthorisations)
    .where(and(eq(expenseAuthorisations.id, authorisationId), eq(expenseAuthorisations.shopId, shopId)))
    .for('update');
  if (!row) throw new AppError('notFound');
  return row;
}

/** No further expenses against it; those already entered stay. Revoking a revoked one changes nothing. */
export async function revokeExpenseAuthorisation(options: AuthorisationCall): Promise<ExpenseAuthorisation> {
  const { db, viewer, shopId, authorisationId } = options;
  await db.transaction(async (tx) => {
    await loadVisibleShop(tx, viewer, shopId);
    const authorisation = await lockShopAuthorisation(tx, shopId, authorisationId);
    if (authorisation.revokedAt) return;
    await tx
      .update(expenseAuthorisations)
      .set({ revokedAt: new Date() })
      .where(eq(expenseAuthorisations.id, authorisationId));
    await writeAudit(tx, {
      actorId: viewer.userId,
      action: 'expenseAuthorisation.revoked',
      entity: expenseAuthorisationAuditEntity,
      entityId: authorisationId,
      fromState: 'authorised',
      toState: 'revoked',
      data: { shopId, description: authorisation.description },
      ip: options.ip,
    });
  });
  return readAuthorisation(db, authorisationId);
}

/** Deletes an authorisation given by mistake; one already used for expenses can only be revoked (409). */
export async function deleteExpenseAuthorisation(options: AuthorisationCall): Promise<void> {
  const { db, viewer, shopId, authorisationId } = options;
  await db.transaction(async (tx) => {
    await loadVisibleShop(tx, viewer, shopId);
    const authorisation = await lockShopAuthorisation(tx, shopId, authorisationId);
    const [used] = await tx
      .select({ id: expenses.id })
      .from(expenses)
      .where(eq(expenses.authorisationId, authorisationId))
      .limit(1);
    if (used) throw new AppError('expenseAuthorisationUsed');
    await tx.delete(expenseAuthorisations).where(eq(expenseAuthorisations.id, authorisationId));
    await writeAudit(tx, {
      actorId: viewer.userId,
      action: 'expenseAuthorisation.deleted',
      entity: expenseAuthorisationAuditEntity,
      entityId: authorisationId,
      fromState: authorisation.revokedAt ? 'revoked' : 'authorised',
      data: {
        shopId,
        description: authorisation.description,
        maxAmountCents: authorisation.maxAmountCents,
        validFrom: authorisation.validFrom,
        validTo: authorisation.validTo,
      },
      ip: options.ip,
    });
  });
}

// ---------------------------------------------------------------------------------------------
// Expenses of a report

const expenseColumns = {
  id: expenses.id,
  reportId: expenses.reportId,
  shopId: expenses.shopId,
  authorisationId: expenses.authorisationId,
  authorisation: expenseAuthorisations.description,
  amountCents: expenses.amountCents,
  comments: expenses.comments,
  date: expenses.date,
  insertedBy: personName,
  blocked: expenses.blocked,
  convalidatedAt: expenses.convalidatedAt,
  createdAt: expenses.createdAt,
};

function selectExpenses(db: Executor) {
  return db
    .select(expenseColumns)
    .from(expenses)
    .innerJoin(expenseAuthorisations, eq(expenseAuthorisations.id, expenses.authorisationId))
    .leftJoin(users, eq(users.id, expenses.insertedBy));
}

function toExpense(
  row: Omit<Expense, 'createdAt' | 'convalidatedAt'> & { createdAt: Date; convalidatedAt: Date | null },
): Expense {
  return { ...row, createdAt: row.createdAt.toISOString(), convalidatedAt: row.convalidatedAt?.toISOString() ?? null };
}

async function readExpense(db: Executor, expenseId: number): Promise<Expense> {
  const [row] = await selectExpenses(db).where(eq(expenses.id, expenseId));
  if (!row) throw new AppError('notFound');
  return toExpense(row);
}

/** The report's expenses, in the order they were entered. */
export async function listExpenses(options: ReportCall): Promise<Expense[]> {
  const { db, viewer, reportId } = options;
  await loadVisibleReport(db, viewer, reportId);
  const rows = await selectExpenses(db)
    .where(eq(expenses.reportId, reportId))
    .orderBy(asc(expenses.createdAt), asc(expenses.id));
  return rows.map(toExpense);
}

/**
 * The authorisation an expense of `report` is entered against, taken for update so two entries at once (two
 * days of the shop, two people) queue up and cannot together spend more than it allows: of the report's shop,
 * valid on its day and not revoked (else 422 expenseNotAuthorised), with `amountCents` left once the other
 * expenses against it (all but `exceptExpenseId`) are counted (else 422 expenseOverAuthorisation).
 */
async function claimAuthorisation(
  tx: Executor,
  options: { report: CashReportRow; authorisationId: number; amountCents: number; exceptExpenseId?: number },
) {
  const { report, authorisationId, amountCents, exceptExpenseId } = options;
  const [authorisation] = await tx
    .select()
    .from(expenseAuthorisations)
    .where(eq(expenseAuthorisations.id, authorisationId))
    .for('update');
  if (
    !authorisation ||
    authorisation.shopId !== report.shopId ||
    authorisation.validFrom > report.businessDate ||
    authorisation.validTo < report.businessDate ||
    authorisation.revokedAt
  ) {
    throw new AppError('expenseNotAuthorised');
  }
  const [spent] = await tx
    .select({ cents: sql<number>`coalesce(sum(${expenses.amountCents}), 0)::bigint`.mapWith(Number) })
    .from(expenses)
    .where(
      and(
        eq(expenses.authorisationId, authorisationId),
        ...(exceptExpenseId === undefined ? [] : [ne(expenses.id, exceptExpenseId)]),
      ),
    );
  const left = authorisation.maxAmountCents - (spent?.cents ?? 0);
  if (amountCents > left) throw new AppError('expenseOverAuthorisation', { left: formatMoney(Math.max(0, left)) });
  return authorisation;
}

/** The day's expected cash changed: an open screen of the report sees a newer version. */
async function touchReport(tx: Executor, reportId: number, viewer: SessionContext): Promise<void> {
  await tx
    .update(cashReports)
    .set({ version: sql`${cashReports.version} + 1`, updatedAt: new Date(), updatedBy: viewer.userId })
    .where(eq(cashReports.id, reportId));
}

/** An expense paid from the till on the report's day, against an authorisation of its shop. */
export async function createExpense(options: ReportCall & { body: ExpenseValues; ip?: string }): Promise<Expense> {
  const { db, viewer, reportId, body } = options;
  const expenseId = await db.transaction(async (tx) => {
    const report = await loadVisibleReport(tx, viewer, reportId, { lock: true });
    const { correction } = assertReportWritable(report, viewer);
    await assertFiguresOpen(tx, report);
    await claimAuthorisation(tx, { report, authorisationId: body.authorisationId, amountCents: body.amountCents });
    const [created] = await tx
      .insert(expenses)
      .values({
        reportId,
        shopId: report.shopId,
        authorisationId: body.authorisationId,
        amountCents: body.amountCents,
        comments: body.comments,
        date: report.businessDate,
        insertedBy: viewer.userId,
      })
      .returning({ id: expenses.id });
    const id = (created as { id: number }).id;
    await touchReport(tx, reportId, viewer);
    await writeAudit(tx, {
      actorId: viewer.userId,
      action: 'expense.created',
      entity: expenseAuditEntity,
      entityId: id,
      toState: 'entered',
      data: { reportId, ...body, correction },
      ip: options.ip,
    });
    if (correction) {
      await auditReportCorrection(tx, {
        viewer,
        reportId,
        entity: expenseAuditEntity,
        entityId: id,
        change: 'created',
        ip: options.ip,
      });
    }
    return id;
  });
  return readExpense(db, expenseId);
}

/** The report's expense `expenseId` taken for update, or 404. */
async function lockExpense(tx: Executor, reportId: number, expenseId: number) {
  const [expense] = await tx
    .select()
    .from(expenses)
    .where(and(eq(expenses.id, expenseId), eq(expenses.reportId, reportId)))
    .for('update');
  if (!expense) throw new AppError('notFound');
  return expense;
}

/** Changes the amount, the comments or the authorisation, with the same checks as a new one. */
export async function updateExpense(options: ExpenseCall & { body: ExpenseValues }): Promise<Expense> {
  const { db, viewer, reportId, expenseId, body } = options;
  await db.transaction(async (tx) => {
    const report = await loadVisibleReport(tx, viewer, reportId, { lock: true });
    const { correction } = assertReportWritable(report, viewer);
    await assertFiguresOpen(tx, report);
    const expense = await lockExpense(tx, reportId, expenseId);
    if (expense.convalidatedAt) throw new AppError('expenseConvalidated');
    if (expense.blocked) throw new AppError('expenseBlocked');
    await claimAuthorisation(tx, {
      report,
      authorisationId: body.authorisationId,
      amountCents: body.amountCents,
      exceptExpenseId: expenseId,
    });
    await tx
      .update(expenses)
      .set({
        authorisationId: body.authorisationId,
        amountCents: body.amountCents,
        comments: body.comments,
        updatedAt: new Date(),
      })
      .where(eq(expenses.id, expenseId));
    await touchReport(tx, reportId, viewer);
    await writeAudit(tx, {
      actorId: viewer.userId,
      action: 'expense.updated',
      entity: expenseAuditEntity,
      entityId: expenseId,
      data: {
        reportId,
        from: {
          authorisationId: expense.authorisationId,
          amountCents: expense.amountCents,
          comments: expense.comments,
        },
        to: body,
        correction,
      },
      ip: options.ip,
    });
    if (correction) {
      await auditReportCorrection(tx, {
        viewer,
        reportId,
        entity: expenseAuditEntity,
        entityId: expenseId,
        change: 'updated',
        ip: options.ip,
      });
    }
  });
  return readExpense(db, expenseId);
}

/** Deletes an expense (what it took from its authorisation is free again); refused once blocked. */
export async function deleteExpense(options: ExpenseCall): Promise<void> {
  const { db, viewer, reportId, expenseId } = options;
  await db.transaction(async (tx) => {
    const report = await loadVisibleReport(tx, viewer, reportId, { lock: true });
    const { correction } = assertReportWritable(report, viewer);
    await assertFiguresOpen(tx, report);
    const expense = await lockExpense(tx, reportId, expenseId);
    if (expense.convalidatedAt) throw new AppError('expenseConvalidated');
    if (expense.blocked) throw new AppError('expenseBlocked');
    await tx.delete(expenses).where(eq(expenses.id, expenseId));
    await touchReport(tx, reportId, viewer);
    await writeAudit(tx, {
      actorId: viewer.userId,
      action: 'expense.deleted',
      entity: expenseAuditEntity,
      entityId: expenseId,
      fromState: 'entered',
      data: {
        reportId,
        authorisationId: expense.authorisationId,
        amountCents: expense.amountCents,
        comments: expense.comments,
        correction,
      },
      ip: options.ip,
    });
    if (correction) {
      await auditReportCorrection(tx, {
        viewer,
        reportId,
        entity: expenseAuditEntity,
        entityId: expenseId,
        change: 'deleted',
        ip: options.ip,
      });
    }
  });
}

/**
 * Accounting blocks an expense it has checked, or unblocks it (spec §4). A check, not an edit of the day's
 * figures (the amount stays what it is): allowed on a closed day too, and the report's version is left alone.
 * Blocking a blocked one (or unblocking an unblocked one) changes nothing and is not audited.
 */
export async function setExpenseBlocked(options: ExpenseCall & { blocked: boolean }): Promise<Expense> {
  const { db, viewer, reportId, expenseId, blocked } = options;
  await db.transaction(async (tx) => {
    await loadVisibleReport(tx, viewer, reportId, { lock: true });
    const expense = await lockExpense(tx, reportId, expenseId);
    if (expense.blocked === blocked) return;
    await tx.update(expenses).set({ blocked, updatedAt: new Date() }).where(eq(expenses.id, expenseId));
    await writeAudit(tx, {
      actorId: viewer.userId,
      action: blocked ? 'expense.blocked' : 'expense.unblocked',
      entity: expenseAuditEntity,
      entityId: expenseId,
      fromState: blocked ? 'unblocked' : 'blocked',
      toState: blocked ? 'blocked' : 'unblocked',
      data: { reportId },
      ip: options.ip,
    });
  });
  return readExpense(db, expenseId);
}
