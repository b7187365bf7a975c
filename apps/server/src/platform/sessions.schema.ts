import { boolean, index, integer, pgTable, text, timestamp, uuid, varchar } from 'drizzle-orm/pg-core';
// Sessions reference the people and shops they belong to: the only modules platform/ reads, and only their tables.
import { users } from '../modules/employees/employees.schema';
import { shops } from '../modules/shops/shops.schema';

/** A signed-in device. The bearer token itself is never stored, only its SHA-256. */
export const sessions = pgTable(
  'sessions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    tokenHash: varchar('token_hash', { length: 64 }).notNull().unique(),
    shopId: integer('shop_id').references(() => shops.id, { onDelete: 'set null' }),
    remember: boolean('remember').notNull(),
    userAgent: text('user_agent'),
    ip: varchar('ip', { length: 64 }),
    /** The sign-in: the absolute lifetime counts from it and never moves. */
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }).notNull().defaultNow(),
    /** The end of the idle timeout: slid forward while the session is used, never past the absolute end. */
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    /** How the session was opened: password, password and two-factor code, or passkey. */
    method: varchar('method', { length: 20 }).notNull().default('password'),
  },
  (table) => [index('sessions_user_idx').on(table.userId)],
);
