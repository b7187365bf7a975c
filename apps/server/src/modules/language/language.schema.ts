import { integer, pgTable, primaryKey, text, timestamp, varchar } from 'drizzle-orm/pg-core';
import { users } from '../employees/employees.schema';

/** Wording changes made without a release: `namespace:key` → text, per language. */
export const translationOverrides = pgTable(
  'translation_overrides',
  {
    lng: varchar('lng', { length: 2 }).notNull(),
    key: varchar('key', { length: 200 }).notNull(),
    value: text('value').notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    updatedBy: integer('updated_by').references(() => users.id, { onDelete: 'set null' }),
  },
  (table) => [primaryKey({ columns: [table.lng, table.key] })],
);
