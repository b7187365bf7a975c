import type { DepositState } from '@bottega/contracts/deposits';
import { sql } from 'drizzle-orm';
import { bigint, check, date, index, integer, pgTable, serial, text, timestamp, varchar } from 'drizzle-orm/pg-core';
import { users } from '../employees/employees.schema';
import { shops } from '../shops/shops.schema';

// Deposits (issue 21): the cash a shop takes to the bank, recorded by its staff and convalidated by accounting.

export const deposits = pgTable(
  'deposits',
  {
    id: serial('id').primaryKey(),
    shopId: integer('shop_id')
      .notNull()
      .references(() => shops.id, { onDelete: 'restrict' }),
    date: date('date').notNull(),
    amountCents: bigint('amount_cents', { mode: 'number' }).notNull(),
    /** The employee who carried the cash; their deposit card as it was then, which the bank's line names. */
    carriedBy: integer('carried_by').references(() => users.id, { onDelete: 'set null' }),
    cardNumber: varchar('card_number', { length: 50 }).notNull().default(''),
    comments: text('comments').notNull().default(''),
    registeredBy: integer('registered_by').references(() => users.id, { onDelete: 'set null' }),
    state: varchar('state', { length: 12 }).$type<DepositState>().notNull().default('entered'),
    convalidatedBy: integer('convalidated_by').references(() => users.id, { onDelete: 'set null' }),
    convalidatedAt: timestamp('convalidated_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('deposits_shop_date_idx').on(table.shopId, table.date),
    index('deposits_date_idx').on(table.date, table.id),
    index('deposits_state_date_idx').on(table.state, table.date),
    check('deposits_amount_positive', sql`${table.amountCents} > 0`),
  ],
);
