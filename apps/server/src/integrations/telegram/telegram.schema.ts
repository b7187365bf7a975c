import { bigint, integer, pgTable, timestamp, varchar } from 'drizzle-orm/pg-core';
import { users } from '../../modules/employees/employees.schema';

/** A person's Telegram chat with the bot, linked from their profile with a one-time code. */
export const telegramLinks = pgTable('telegram_links', {
  userId: integer('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  chatId: varchar('chat_id', { length: 32 }).notNull().unique(),
  /** The Telegram name shown on the profile (the first name or @username the chat had). */
  chatName: varchar('chat_name', { length: 200 }),
  linkedAt: timestamp('linked_at', { withTimezone: true }).notNull().defaultNow(),
});

/** Codes waiting to be sent to the bot: stored hashed, one per person, short-lived. */
export const telegramLinkCodes = pgTable('telegram_link_codes', {
  userId: integer('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  codeHash: varchar('code_hash', { length: 64 }).notNull().unique(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
});

/** How far the bot's updates have been read (getUpdates offset): one row. */
export const telegramCursor = pgTable('telegram_cursor', {
  id: integer('id').primaryKey().default(1),
  nextUpdateId: bigint('next_update_id', { mode: 'number' }).notNull().default(0),
});
