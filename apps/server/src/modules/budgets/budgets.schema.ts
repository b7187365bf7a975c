import type { BudgetState } from '@bottega/contracts/budgets';
import {
  bigint,
  date,
  index,
  integer,
  pgTable,
  primaryKey,
  serial,
  timestamp,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';
import { users } from '../employees/employees.schema';
import { shops } from '../shops/shops.schema';

// Budgets (issue 23, spec §3 Budget, §4 Budget): a shop's month — the sales budget and the two receipt targets — set
// by an area manager, sent to the shop and confirmed by its staff. The month's sales budget is the sum of its days.
export const budgets = pgTable(
  'budgets',
  {
    id: serial('id').primaryKey(),
    shopId: integer('shop_id')
      .notNull()
      .references(() => shops.id, { onDelete: 'restrict' }),
    /** YYYY-MM */
    month: varchar('month', { length: 7 }).notNull(),
    salesCents: bigint('sales_cents', { mode: 'number' }).notNull(),
    averageReceiptCents: integer('average_receipt_cents').notNull(),
    /** Hundredths of a piece: 2,35 pieces per receipt is 235. */
    piecesPerReceipt: integer('pieces_per_receipt').notNull(),
    notes: varchar('notes', { length: 500 }).notNull().default(''),
    state: varchar('state', { length: 10 }).$type<BudgetState>().notNull(),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    editedBy: integer('edited_by').references(() => users.id, { onDelete: 'set null' }),
    editedAt: timestamp('edited_at', { withTimezone: true }),
    sentBy: integer('sent_by').references(() => users.id, { onDelete: 'set null' }),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    confirmedBy: integer('confirmed_by').references(() => users.id, { onDelete: 'set null' }),
    confirmedAt: timestamp('confirmed_at', { withTimezone: true }),
  },
  (table) => [
    uniqueIndex('budgets_shop_month_idx').on(table.shopId, table.month),
    // Every shop's month at once (the manage page, "send all").
    index('budgets_month_idx').on(table.month),
  ],
);

/** The budget's days: every day of the month, closed ones at 0 unless typed otherwise. */
export const budgetDays = pgTable(
  'budget_days',
  {
    budgetId: integer('budget_id')
      .notNull()
      .references(() => budgets.id, { onDelete: 'cascade' }),
    date: date('date').notNull(),
    cents: bigint('cents', { mode: 'number' }).notNull(),
  },
  (table) => [primaryKey({ columns: [table.budgetId, table.date] })],
);
