import { bigint, boolean, date, index, integer, pgTable, serial, text, timestamp, varchar } from 'drizzle-orm/pg-core';
import { cashReports } from '../cash-register/cash-register.schema';
import { users } from '../employees/employees.schema';
import { shops } from '../shops/shops.schema';

// Authorised expenses (issue 8): management authorises a shop to spend up to an amount between two dates;
// the shop's staff enter what they paid from the till in the day's cash report, within what is left.

export const expenseAuthorisations = pgTable(
  'expense_authorisations',
  {
    id: serial('id').primaryKey(),
    shopId: integer('shop_id')
      .notNull()
      .references(() => shops.id, { onDelete: 'restrict' }),
    description: varchar('description', { length: 200 }).notNull(),
    maxAmountCents: bigint('max_amount_cents', { mode: 'number' }).notNull(),
    validFrom: date('valid_from').notNull(),
    validTo: date('valid_to').notNull(),
    authorisedBy: integer('authorised_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
  },
  (table) => [index('expense_authorisations_shop_idx').on(table.shopId, table.validTo)],
);

export const expenses = pgTable(
  'expenses',
  {
    id: serial('id').primaryKey(),
    reportId: integer('report_id')
      .notNull()
      .references(() => cashReports.id, { onDelete: 'restrict' }),
    shopId: integer('shop_id')
      .notNull()
      .references(() => shops.id, { onDelete: 'restrict' }),
    authorisationId: integer('authorisation_id')
      .notNull()
      .references(() => expenseAuthorisations.id, { onDelete: 'restrict' }),
    amountCents: bigint('amount_cents', { mode: 'number' }).notNull(),
    comments: text('comments').notNull().default(''),
    date: date('date').notNull(),
    insertedBy: integer('inserted_by').references(() => users.id, { onDelete: 'set null' }),
    blocked: boolean('blocked').notNull().default(false),
    /** Accounting convalidated it (costs incurred, issue 22): fixed from then on, and in the archive. */
    convalidatedAt: timestamp('convalidated_at', { withTimezone: true }),
    convalidatedBy: integer('convalidated_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('expenses_report_idx').on(table.reportId),
    index('expenses_authorisation_idx').on(table.authorisationId),
    // The archive: a shop's convalidated expenses by day.
    index('expenses_shop_date_idx').on(table.shopId, table.date),
  ],
);
