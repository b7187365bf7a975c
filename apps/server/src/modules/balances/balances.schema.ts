import { sql } from 'drizzle-orm';
import {
  bigint,
  check,
  date,
  index,
  integer,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';
import { users } from '../employees/employees.schema';
import { shops } from '../shops/shops.schema';

// Balances (issue 21, spec §3 Balance): a shop's cash at a month's end, cash fund plus cash still to deposit,
// generated from the reports and deposits and corrected by accounting with a reason.

export const balances = pgTable(
  'balances',
  {
    id: serial('id').primaryKey(),
    shopId: integer('shop_id')
      .notNull()
      .references(() => shops.id, { onDelete: 'restrict' }),
    /** The month's last day. */
    date: date('date').notNull(),
    amountCents: bigint('amount_cents', { mode: 'number' }).notNull(),
    /** What generation computed, kept when the amount is corrected, so the correction is visible. */
    computedCents: bigint('computed_cents', { mode: 'number' }).notNull(),
    /** generated | edited */
    source: varchar('source', { length: 10 }).notNull().default('generated'),
    /** Why the amount was corrected (edited only). */
    reason: text('reason'),
    generatedBy: integer('generated_by').references(() => users.id, { onDelete: 'set null' }),
    editedBy: integer('edited_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('balances_shop_date_idx').on(table.shopId, table.date),
    index('balances_date_idx').on(table.date),
    check('balances_source', sql`${table.source} in ('generated', 'edited')`),
  ],
);
