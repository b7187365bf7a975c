import { bigserial, index, integer, pgTable, text, timestamp, varchar } from 'drizzle-orm/pg-core';

/**
 * Every SMS the app sends, written in the same transaction as the change that causes it (transactional outbox,
 * like mail_outbox); a job hands it to the provider. A one-time code is kept only as [redacted] in `text`, sealed
 * aside with the app key until the message has left.
 */
export const smsOutbox = pgTable(
  'sms_outbox',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    /** +country code and digits. */
    recipient: varchar('recipient', { length: 20 }).notNull(),
    text: text('text').notNull(),
    template: varchar('template', { length: 40 }).notNull(),
    lng: varchar('lng', { length: 2 }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    attempts: integer('attempts').notNull().default(0),
    lastError: text('last_error'),
    /** The provider's id of the message, once accepted. */
    providerId: varchar('provider_id', { length: 100 }),
    sealedSecret: text('sealed_secret'),
  },
  (table) => [index('sms_outbox_recipient_idx').on(table.recipient, table.createdAt)],
);
