import type { TicketState } from '@bottega/contracts/tickets';
import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  boolean,
  customType,
  index,
  integer,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  varchar,
} from 'drizzle-orm/pg-core';
import { users } from '../employees/employees.schema';
import { shops } from '../shops/shops.schema';

// Internal tickets (issue 24). The categories form a tree: a parent holds other categories, a leaf holds tickets.
// A deleted category keeps its row (soft delete), so the audit log and old references still name it.
export const ticketCategories = pgTable(
  'ticket_categories',
  {
    id: serial('id').primaryKey(),
    name: varchar('name', { length: 100 }).notNull(),
    parentId: integer('parent_id').references((): AnyPgColumn => ticketCategories.id, { onDelete: 'restrict' }),
    isParent: boolean('is_parent').notNull().default(false),
    /** Its place among its parent's categories, from 1. */
    position: integer('position').notNull().default(1),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
  },
  (table) => [index('ticket_categories_parent_idx').on(table.parentId, table.position)],
);

/** Who handles a category's tickets, and those of every category below it. */
export const ticketCategoryAssignees = pgTable(
  'ticket_category_assignees',
  {
    categoryId: integer('category_id')
      .notNull()
      .references(() => ticketCategories.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
  },
  (table) => [
    primaryKey({ columns: [table.categoryId, table.userId] }),
    index('ticket_category_assignees_user_idx').on(table.userId),
  ],
);

/** Full-text search vectors: PostgreSQL's own type, which drizzle has no builder for. */
const tsvector = customType<{ data: string }>({ dataType: () => 'tsvector' });

/**
 * A shop's request to the office. `state` is open or closed (§4: reopening makes it open again, remembered in
 * `reopenedAt`); the last reply is kept on the row so lists never read the conversation. `searchText` holds the
 * messages' plain text, appended on each reply, so the search vector (subject and text) is a generated column.
 */
export const tickets = pgTable(
  'tickets',
  {
    id: serial('id').primaryKey(),
    subject: varchar('subject', { length: 200 }).notNull(),
    shopId: integer('shop_id')
      .notNull()
      .references(() => shops.id, { onDelete: 'restrict' }),
    categoryId: integer('category_id')
      .notNull()
      .references(() => ticketCategories.id, { onDelete: 'restrict' }),
    authorId: integer('author_id').references(() => users.id, { onDelete: 'set null' }),
    state: varchar('state', { length: 10 }).$type<TicketState>().notNull().default('open'),
    openedAt: timestamp('opened_at', { withTimezone: true }).notNull().defaultNow(),
    closedAt: timestamp('closed_at', { withTimezone: true }),
    closedBy: integer('closed_by').references(() => users.id, { onDelete: 'set null' }),
    reopenedAt: timestamp('reopened_at', { withTimezone: true }),
    reopenedBy: integer('reopened_by').references(() => users.id, { onDelete: 'set null' }),
    lastMessageId: integer('last_message_id'),
    lastReplyAt: timestamp('last_reply_at', { withTimezone: true }).notNull().defaultNow(),
    lastReplyBy: integer('last_reply_by').references(() => users.id, { onDelete: 'set null' }),
    remindedAt: timestamp('reminded_at', { withTimezone: true }),
    searchText: text('search_text').notNull().default(''),
    search: tsvector('search').generatedAlwaysAs(sql`to_tsvector('simple', subject || ' ' || search_text)`),
  },
  (table) => [
    // The lists: a state's tickets, newest reply first, within shops or categories.
    index('tickets_state_reply_idx').on(table.state, table.lastReplyAt, table.id),
    // The archive: the latest closed first.
    index('tickets_state_closed_idx').on(table.state, table.closedAt, table.id),
    index('tickets_shop_state_idx').on(table.shopId, table.state, table.lastReplyAt),
    index('tickets_category_state_idx').on(table.categoryId, table.state, table.lastReplyAt),
    index('tickets_author_idx').on(table.authorId),
    index('tickets_search_idx').using('gin', table.search),
  ],
);

/** The conversation: the opening message and the replies, oldest first. `body` is sanitised HTML. */
export const ticketMessages = pgTable(
  'ticket_messages',
  {
    id: serial('id').primaryKey(),
    ticketId: integer('ticket_id')
      .notNull()
      .references(() => tickets.id, { onDelete: 'cascade' }),
    authorId: integer('author_id').references(() => users.id, { onDelete: 'set null' }),
    body: text('body').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('ticket_messages_ticket_idx').on(table.ticketId, table.id)],
);

/** A message's files (images and PDF), their bytes in the Storage under `storageKey`. */
export const ticketAttachments = pgTable(
  'ticket_attachments',
  {
    id: serial('id').primaryKey(),
    messageId: integer('message_id')
      .notNull()
      .references(() => ticketMessages.id, { onDelete: 'cascade' }),
    storageKey: text('storage_key').notNull(),
    fileName: varchar('file_name', { length: 200 }).notNull(),
    contentType: varchar('content_type', { length: 100 }).notNull(),
    size: integer('size').notNull(),
    uploadedAt: timestamp('uploaded_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('ticket_attachments_message_idx').on(table.messageId)],
);

/** The last message a person has seen of a ticket: later ones are unread replies for them. */
export const ticketReads = pgTable(
  'ticket_reads',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    ticketId: integer('ticket_id')
      .notNull()
      .references(() => tickets.id, { onDelete: 'cascade' }),
    lastReadMessageId: integer('last_read_message_id').notNull(),
  },
  (table) => [primaryKey({ columns: [table.userId, table.ticketId] })],
);
