import { jsonb, pgTable, timestamp, varchar } from 'drizzle-orm/pg-core';

/**
 * Facts about this database itself, one row per key. The demo writes its 'demo' row in the same
 * transaction as its records, so only a database the demo created ever receives simulated data.
 */
export const installationFacts = pgTable('installation_facts', {
  key: varchar('key', { length: 50 }).primaryKey(),
  value: jsonb('value').$type<unknown>().notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});
