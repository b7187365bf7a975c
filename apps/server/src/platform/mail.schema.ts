import { bigserial, index, integer, jsonb, pgTable, text, timestamp, varchar } from 'drizzle-orm/pg-core';

/** A file a mail carries, kept in Storage (platform/mail.ts MailAttachment). */
type StoredAttachment = { key: string; fileName: string; type: string; size: number };

/**
 * Every mail the app sends, written in the same transaction as the change that causes it
 * (transactional outbox). With SMTP_URL a job delivers it; without, it stays here for developers
 * to read in the app, its secret redacted.
 */
export const mailOutbox = pgTable(
  'mail_outbox',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    recipient: varchar('recipient', { length: 254 }).notNull(),
    subject: varchar('subject', { length: 300 }).notNull(),
    text: text('text').notNull(),
    html: text('html').notNull(),
    /** The template that wrote it (e.g. passwordReset) and the language it was written in. */
    template: varchar('template', { length: 100 }).notNull(),
    lng: varchar('lng', { length: 2 }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    attempts: integer('attempts').notNull().default(0),
    lastError: text('last_error'),
    /**
     * The mail's secret (the token of its link), sealed with the app key: text and html hold it only
     * as [redacted]. Dropped once the mail has left, so the table never holds a usable credential.
     */
    sealedSecret: text('sealed_secret'),
    /** Files sent with the mail (a DDT's PDF), kept in Storage; listed and downloadable in the outbox. */
    attachments: jsonb('attachments').$type<StoredAttachment[]>().notNull().default([]),
  },
  (table) => [
    index('mail_outbox_pending_idx').on(table.sentAt, table.id),
    index('mail_outbox_created_idx').on(table.createdAt.desc()),
  ],
);
