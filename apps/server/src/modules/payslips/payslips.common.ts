// What the payslip job and services share: the sealed storage, the blacklist as of a day, the period's label and the
// audit entities.
import { and, gte, inArray, isNull, or, type Placeholder, type SQL } from 'drizzle-orm';
import type { Config } from '../../config';
import type { Executor } from '../../platform/db';
import { type Storage, sealedStorage } from '../../platform/storage';
import { payslipBlacklist } from './payslips.schema';

export const payslipAuditEntity = { upload: 'payslipUpload', payslip: 'payslip', blacklist: 'payslipBlacklist' };

/** Payslips are sensitive: the originals and every employee's file are sealed with the app key at rest. */
export function sealedPayslipStorage(storage: Storage, config: Pick<Config, 'appKey'>): Storage {
  return sealedStorage(storage, config.appKey);
}

/** "11/2026" for a payslip, "2026" for a tax certificate: language-neutral, for notifications' params. */
export function periodLabel(period: { month: number | null; year: number }): string {
  return period.month === null ? String(period.year) : `${String(period.month).padStart(2, '0')}/${period.year}`;
}

/**
 * A blacklist entry in force on `today`: no expiry, or expiring today or later. `today` may be a prepared statement's
 * placeholder (the dashboard's "new payslips" to-dos).
 */
export function blacklistActiveOn(today: string | Placeholder): SQL | undefined {
  return or(isNull(payslipBlacklist.expiresOn), gte(payslipBlacklist.expiresOn, today));
}

/** Which of these people are on the blacklist on `today` (no expiry, or expiring today or later). */
export async function activeBlacklist(db: Executor, userIds: readonly number[], today: string): Promise<Set<number>> {
  if (userIds.length === 0) return new Set();
  const rows = await db
    .select({ userId: payslipBlacklist.userId })
    .from(payslipBlacklist)
    .where(and(inArray(payslipBlacklist.userId, [...userIds]), blacklistActiveOn(today)));
  return new Set(rows.map((row) => row.userId));
}
