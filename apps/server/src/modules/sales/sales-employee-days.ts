// The per-employee day totals (sales_employee_days, staff analytics): what one batch's accepted receipts add to each
// shop, day and employee, upserted as deltas added in the database like sales_days, so concurrent batches add up and
// staff analytics never sums receipts on a request.
import type { ReceiptRecord } from '@bottega/contracts/sales';
import { sql } from 'drizzle-orm';
import type { Executor } from '../../platform/db';
import { salesEmployeeDays } from './sales.schema';

/** The employee a receipt without one counts under (see sales_employee_days). */
export const unassignedEmployeeId = 0;

const employeeDeltaColumns = [
  'receiptsCount',
  'takingsCents',
  'pieces',
  'returnsCount',
  'returnsCents',
  'returnedPieces',
  'discountCents',
] as const;
export type EmployeeDayTotals = Record<(typeof employeeDeltaColumns)[number], number>;

export function emptyEmployeeDay(): EmployeeDayTotals {
  return Object.fromEntries(employeeDeltaColumns.map((column) => [column, 0])) as EmployeeDayTotals;
}

/**
 * What one receipt adds to its employee's day, by the rules of sales_days: a sale adds a receipt, its takings and
 * pieces; a return lowers takings and pieces and counts apart as handled; a cancelled receipt adds nothing. The
 * receipt's discount adds whatever its type, as long as it moved money.
 */
export function addReceiptToEmployeeDay(
  day: EmployeeDayTotals,
  receipt: Pick<ReceiptRecord, 'type' | 'totalCents' | 'pieces' | 'discountCents'>,
): void {
  if (receipt.type === 'cancelled') return;
  day.takingsCents += receipt.totalCents;
  day.pieces += receipt.pieces;
  day.discountCents += receipt.discountCents;
  if (receipt.type === 'sale') {
    day.receiptsCount += 1;
  } else {
    day.returnsCount += 1;
    day.returnsCents -= receipt.totalCents;
    day.returnedPieces -= receipt.pieces;
  }
}

/** Adds a batch's accepted receipts of one shop to its employees' days, in key order so concurrent batches lock alike. */
export async function addToEmployeeDays(
  db: Executor,
  shopId: number,
  accepted: (Pick<ReceiptRecord, 'type' | 'totalCents' | 'pieces' | 'discountCents' | 'businessDate'> & {
    employeeId: number | null;
  })[],
): Promise<void> {
  const deltas = new Map<string, { businessDate: string; employeeId: number; totals: EmployeeDayTotals }>();
  for (const receipt of accepted) {
    if (receipt.type === 'cancelled') continue;
    const employeeId = receipt.employeeId ?? unassignedEmployeeId;
    const key = `${receipt.businessDate}\n${String(employeeId).padStart(10, '0')}`;
    const entry = deltas.get(key) ?? { businessDate: receipt.businessDate, employeeId, totals: emptyEmployeeDay() };
    deltas.set(key, entry);
    addReceiptToEmployeeDay(entry.totals, receipt);
  }
  if (deltas.size === 0) return;
  const rows = [...deltas]
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([, entry]) => ({ shopId, businessDate: entry.businessDate, employeeId: entry.employeeId, ...entry.totals }));
  const set = Object.fromEntries(
    employeeDeltaColumns.map((column) => [
      column,
      sql`${salesEmployeeDays[column]} + excluded.${sql.identifier(salesEmployeeDays[column].name)}`,
    ]),
  );
  await db
    .insert(salesEmployeeDays)
    .values(rows)
    .onConflictDoUpdate({
      target: [salesEmployeeDays.shopId, salesEmployeeDays.businessDate, salesEmployeeDays.employeeId],
      set,
    });
}
