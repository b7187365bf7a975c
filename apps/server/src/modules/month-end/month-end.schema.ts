import type { MonthRefusal, MonthState } from '@bottega/contracts/month-end';
import { bigint, index, integer, jsonb, pgTable, serial, timestamp, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { jobs } from '../../platform/jobs.schema';
import { users } from '../employees/employees.schema';
import { shops } from '../shops/shops.schema';

// Month end (issue 22): a shop's month convalidated by accounting once its three checks held, then transmitted to the
// accounting system. No row: the month is open. Reopening (edit reports, with a reason) removes the row; the audit log
// keeps what it was.
export const monthlyReports = pgTable(
  'monthly_reports',
  {
    id: serial('id').primaryKey(),
    shopId: integer('shop_id')
      .notNull()
      .references(() => shops.id, { onDelete: 'restrict' }),
    /** YYYY-MM */
    month: varchar('month', { length: 7 }).notNull(),
    /** transmitting → confirmed, or refused (entries refused by the accounting system; transmitted again on request). */
    state: varchar('state', { length: 12 }).$type<Exclude<MonthState, 'open'>>().notNull(),
    convalidatedBy: integer('convalidated_by').references(() => users.id, { onDelete: 'set null' }),
    convalidatedAt: timestamp('convalidated_at', { withTimezone: true }).notNull(),
    transmittedAt: timestamp('transmitted_at', { withTimezone: true }),
    /** The entries refused at the last transmission, with the system's words. */
    refusals: jsonb('refusals').$type<MonthRefusal[]>().notNull().default([]),
    /** The last file sent, kept in Storage. */
    fileKey: varchar('file_key', { length: 300 }),
    jobId: bigint('job_id', { mode: 'number' }).references(() => jobs.id, { onDelete: 'set null' }),
  },
  (table) => [
    uniqueIndex('monthly_reports_shop_month_idx').on(table.shopId, table.month),
    index('monthly_reports_month_idx').on(table.month),
  ],
);
