// The loyalty rules read from the database: a customer's points over the rolling window (their receipts' whole euros
// plus their gifts), their level, and their points history. Shared by marketing's screens and the club.
import {
  type ClubSettings,
  defaultLoyaltyLevels,
  type LoyaltySummary,
  levelProgress,
  type PointEntry,
  pointsWindowStart,
} from '@bottega/contracts/customers';
import { eq, type SQL, sql } from 'drizzle-orm';
import type { Executor } from '../../platform/db';
import { clubSettings } from './customers.schema';

export function rowsOf<Row>(answer: unknown): Row[] {
  return (answer as { rows: Row[] }).rows;
}

export async function readClubSettings(db: Executor): Promise<ClubSettings> {
  const [row] = await db.select().from(clubSettings).where(eq(clubSettings.id, 1));
  return { levels: row?.levels ?? defaultLoyaltyLevels, registrationSuspended: row?.registrationSuspended ?? false };
}

/**
 * The points of each customer in the window ending `today`: their receipts' whole euros (returns negative, cancelled
 * receipts none) and their gifts, both from the window's first day to today; a return whose purchase left the window
 * takes them down to zero, never below. One statement for a page of customers;
 * each reads its card's receipts through the (card, date) index, so five years of purchases cost one year's rows.
 */
export async function pointsOf(db: Executor, customerIds: number[], today: string): Promise<Map<number, number>> {
  if (customerIds.length === 0) return new Map();
  const start = pointsWindowStart(today);
  const rows = rowsOf<{ id: number; points: string | number }>(
    await db.execute(sql`
      SELECT c.id, greatest(0,
        coalesce((SELECT sum(r.total_cents / 100) FROM receipts r
                  WHERE r.loyalty_card = c.card_number AND r.business_date BETWEEN ${start} AND ${today}
                    AND r.type <> 'cancelled'), 0)
        + coalesce((SELECT sum(a.points) FROM customer_point_awards a
                    WHERE a.customer_id = c.id AND a.awarded_on BETWEEN ${start} AND ${today}), 0)) AS points
      FROM customers c WHERE c.id IN (${sql.join(
        customerIds.map((id) => sql`${id}`),
        sql`, `,
      )})`),
  );
  return new Map(rows.map((row) => [Number(row.id), Number(row.points)]));
}

export function loyaltySummary(settings: ClubSettings, points: number, today: string): LoyaltySummary {
  const { level, next } = levelProgress(settings.levels, points);
  return { points, windowStart: pointsWindowStart(today), windowEnd: today, level, next, levels: settings.levels };
}

/** The receipts carrying the card and the customer's gifts, newest first: one SQL union, paginated. */
function pointEntriesQuery(customerId: number): SQL {
  return sql`
    SELECT r.business_date::text AS date, r.type AS kind, r.total_cents / 100 AS points, s.name AS shop_name,
           r.receipt_number, r.total_cents, NULL::text AS friend_name, r.issued_at AS at
    FROM customers c JOIN receipts r ON r.loyalty_card = c.card_number JOIN shops s ON s.id = r.shop_id
    WHERE c.id = ${customerId} AND r.type <> 'cancelled'
    UNION ALL
    SELECT a.awarded_on::text, a.kind, a.points, NULL, NULL, NULL, f.first_name, a.created_at
    FROM customer_point_awards a LEFT JOIN customers f ON f.id = a.friend_id
    WHERE a.customer_id = ${customerId}`;
}

export async function listPointEntries(
  db: Executor,
  options: { customerId: number; page: number; perPage: number; today: string },
): Promise<{ data: PointEntry[]; total: number }> {
  const start = pointsWindowStart(options.today);
  const entries = pointEntriesQuery(options.customerId);
  const [rows, counted] = await Promise.all([
    db.execute(sql`SELECT * FROM (${entries}) e ORDER BY e.date DESC, e.at DESC
                   LIMIT ${options.perPage} OFFSET ${(options.page - 1) * options.perPage}`),
    db.execute(sql`SELECT count(*)::int AS total FROM (${entries}) e`),
  ]);
  const data = rowsOf<{
    date: string;
    kind: PointEntry['kind'];
    points: string | number;
    shop_name: string | null;
    receipt_number: number | null;
    total_cents: string | number | null;
    friend_name: string | null;
  }>(rows).map((row) => ({
    date: row.date,
    kind: row.kind,
    points: Number(row.points),
    counted: row.date >= start && row.date <= options.today,
    shopName: row.shop_name,
    receiptNumber: row.receipt_number === null ? null : Number(row.receipt_number),
    totalCents: row.total_cents === null ? null : Number(row.total_cents),
    friendName: row.friend_name,
  }));
  return { data, total: Number(rowsOf<{ total: number }>(counted)[0]?.total ?? 0) };
}
