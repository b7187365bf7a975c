// Reaching a cash report: the shop scope every route of the report and of what it holds (expenses, invoices,
// attachments) goes through, and the lock of a closed day.
import { eq, sql } from 'drizzle-orm';
import { assertShopInScope } from '../../platform/access';
import { writeAudit } from '../../platform/audit';
import type { Executor } from '../../platform/db';
import { AppError } from '../../platform/errors';
import type { SessionContext } from '../../platform/sessions';
import { users } from '../employees/employees.schema';
import { shops } from '../shops/shops.schema';
import { cashReports } from './cash-register.schema';

export type CashReportRow = typeof cashReports.$inferSelect;

/** The audit log's entity name of a cash report (its id is the entity id). */
export const cashReportAuditEntity = 'cashReport';

/** Corrects a closed day: changing one after closing is for them only, audited with the reason. */
export const editReportsAbility = 'shops.analytics.editReports';

/**
 * The report `reportId` with its shop's name, when the viewer belongs to its shop or sees all shops; any other
 * answers 404 as if it did not exist. `lock` takes the row for update (a change of the report or its content).
 */
export async function loadVisibleReport(
  db: Executor,
  viewer: SessionContext,
  reportId: number,
  options: { lock?: boolean } = {},
): Promise<CashReportRow & { shopName: string }> {
  const query = db
    .select({ report: cashReports, shopName: shops.name })
    .from(cashReports)
    .innerJoin(shops, eq(shops.id, cashReports.shopId))
    .where(eq(cashReports.id, reportId));
  const [row] = options.lock ? await query.for('update', { of: cashReports }) : await query;
  if (!row) throw new AppError('notFound');
  assertShopInScope(viewer, 'shops', row.report.shopId);
  return { ...row.report, shopName: row.shopName };
}

/**
 * A closed day allows no further edits (§4), to the report or what it holds, except by those who may edit
 * reports. Answers whether the change is such a correction, which the caller audits as one.
 */
export function assertReportWritable(
  report: Pick<CashReportRow, 'status'>,
  viewer: SessionContext,
): { correction: boolean } {
  if (report.status !== 'closed') return { correction: false };
  if (viewer.isAdmin || viewer.abilities.has(editReportsAbility)) return { correction: true };
  throw new AppError('cashReportClosed');
}

/**
 * A partial confirmation freezes the figures it confirmed, and what they depend on (the expenses paid from the
 * till): the second person closes what the first confirmed. Changing them needs the confirmation withdrawn first.
 */
export async function assertFiguresOpen(
  db: Executor,
  report: Pick<CashReportRow, 'status' | 'partialBy'>,
): Promise<void> {
  if (report.status !== 'partial') return;
  const [confirmer] = report.partialBy
    ? await db
        .select({ name: sql<string>`${users.name} || ' ' || ${users.surname}` })
        .from(users)
        .where(eq(users.id, report.partialBy))
    : [];
  throw new AppError('cashReportPartiallyConfirmed', { name: confirmer?.name ?? '—' });
}

/**
 * A change to a closed day (only by those who may edit reports): the report's own history says so too, so a
 * closed day's log shows every correction made to it and to what it holds.
 */
export async function auditReportCorrection(
  db: Executor,
  options: {
    viewer: SessionContext;
    reportId: number;
    entity: string;
    entityId: number;
    change: string;
    ip?: string;
  },
): Promise<void> {
  await writeAudit(db, {
    actorId: options.viewer.userId,
    action: 'cashReport.contentCorrected',
    entity: cashReportAuditEntity,
    entityId: options.reportId,
    fromState: 'closed',
    toState: 'closed',
    data: { entity: options.entity, entityId: options.entityId, change: options.change },
    ip: options.ip,
  });
}
