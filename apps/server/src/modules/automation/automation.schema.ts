import type {
  AccountState,
  MediaKind,
  MediaMimeType,
  PostState,
  PublishFailure,
  SocialNetwork,
  TargetState,
} from '@bottega/contracts/automation';
import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  index,
  integer,
  pgTable,
  primaryKey,
  serial,
  smallint,
  text,
  timestamp,
  uuid,
  varchar,
} from 'drizzle-orm/pg-core';
import { companies } from '../companies/companies.schema';
import { users } from '../employees/employees.schema';
import { shops } from '../shops/shops.schema';

// Automation (issue 28): the social accounts Bottega publishes to, with their tokens sealed with the app key; the
// library of videos and images (the files in Storage) and the resumable uploads that fill it; the posts and, per
// account, how each went out.

/** An account: a Facebook Page, an Instagram account or a webhook, speaking for one shop or for a company. */
export const automationAccounts = pgTable(
  'automation_accounts',
  {
    id: serial('id').primaryKey(),
    network: varchar('network', { length: 20 }).$type<SocialNetwork>().notNull(),
    name: varchar('name', { length: 100 }).notNull(),
    handle: varchar('handle', { length: 100 }).notNull().default(''),
    shopId: integer('shop_id').references(() => shops.id, { onDelete: 'restrict' }),
    companyId: integer('company_id').references(() => companies.id, { onDelete: 'restrict' }),
    externalId: varchar('external_id', { length: 30 }).notNull().default(''),
    webhookUrl: varchar('webhook_url', { length: 500 }).notNull().default(''),
    /** AES-256-GCM with the app key (platform/crypto.ts encryptSecret); null when none is set. */
    tokenEncrypted: text('token_encrypted'),
    state: varchar('state', { length: 10 }).$type<AccountState>().notNull().default('connected'),
    stateMessage: varchar('state_message', { length: 500 }),
    lastCheckedAt: timestamp('last_checked_at', { withTimezone: true }),
    /**
     * Kept totals of its posts (publishing adds one; the hourly figures rewrite the sums): the accounts' list reads
     * them instead of summing years of posts on every call.
     */
    publishedPosts: integer('published_posts').notNull().default(0),
    likes: bigint('likes', { mode: 'number' }).notNull().default(0),
    comments: bigint('comments', { mode: 'number' }).notNull().default(0),
    shares: bigint('shares', { mode: 'number' }).notNull().default(0),
    reach: bigint('reach', { mode: 'number' }).notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('automation_accounts_shop_idx').on(table.shopId)],
);

/** A video or an image of the library: the file and its thumbnail in Storage, what the browser measured of it. */
export const automationMedia = pgTable(
  'automation_media',
  {
    id: serial('id').primaryKey(),
    kind: varchar('kind', { length: 10 }).$type<MediaKind>().notNull(),
    title: varchar('title', { length: 120 }).notNull(),
    tags: text('tags').array().notNull().default(sql`'{}'::text[]`),
    mimeType: varchar('mime_type', { length: 20 }).$type<MediaMimeType>().notNull(),
    sizeBytes: integer('size_bytes').notNull(),
    durationMs: integer('duration_ms'),
    width: integer('width'),
    height: integer('height'),
    storageKey: varchar('storage_key', { length: 200 }).notNull(),
    thumbnailKey: varchar('thumbnail_key', { length: 200 }),
    thumbnailMimeType: varchar('thumbnail_mime_type', { length: 20 }),
    source: varchar('source', { length: 10 }).$type<'upload' | 'camera' | 'screen'>().notNull().default('upload'),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    // Ascending: read backwards it is exactly `ORDER BY created_at DESC, id DESC` (a DESC index sorts nulls last).
    index('automation_media_created_idx').on(table.createdAt, table.id),
    index('automation_media_tags_idx').using('gin', table.tags),
    index('automation_media_title_idx').using('gin', sql`lower(${table.title}) gin_trgm_ops`),
  ],
);

/** A resumable upload under way: the bytes so far are in DATA_DIR/uploads/<id>.part until the last piece arrives. */
export const automationUploads = pgTable(
  'automation_uploads',
  {
    id: uuid('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    fileName: varchar('file_name', { length: 200 }).notNull(),
    sizeBytes: integer('size_bytes').notNull(),
    receivedBytes: integer('received_bytes').notNull().default(0),
    title: varchar('title', { length: 120 }).notNull(),
    tags: text('tags').array().notNull().default(sql`'{}'::text[]`),
    durationMs: integer('duration_ms'),
    width: integer('width'),
    height: integer('height'),
    source: varchar('source', { length: 10 }).$type<'upload' | 'camera' | 'screen'>().notNull(),
    mediaId: integer('media_id').references(() => automationMedia.id, { onDelete: 'set null' }),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('automation_uploads_expires_idx').on(table.expiresAt)],
);

/**
 * A post. `revision` grows with every change of its schedule (saved, rescheduled, cancelled, retried): the job queued
 * for one revision does nothing when it finds another, so a post goes out once, at the time it has when it goes.
 */
export const automationPosts = pgTable(
  'automation_posts',
  {
    id: serial('id').primaryKey(),
    text: text('text').notNull().default(''),
    state: varchar('state', { length: 12 }).$type<PostState>().notNull().default('draft'),
    scheduledAt: timestamp('scheduled_at', { withTimezone: true }),
    publishedAt: timestamp('published_at', { withTimezone: true }),
    revision: integer('revision').notNull().default(0),
    authorId: integer('author_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    /**
     * Who reaches it, kept from its accounts (post-reach.ts): one of them speaks for a company, and the shops the others
     * speak for. A person's scope is then a test on the row, not a look into its accounts for each of years of posts.
     */
    companyWide: boolean('company_wide').notNull().default(false),
    shopIds: integer('shop_ids').array().notNull().default(sql`'{}'::integer[]`),
    /** When it is placed in the calendar and the list: out, due, or last changed. */
    at: timestamp('at', { withTimezone: true })
      .notNull()
      .generatedAlwaysAs(sql`coalesce(published_at, scheduled_at, updated_at)`),
  },
  (table) => [
    // Ascending, read backwards for the newest first (see automation_media_created_idx).
    index('automation_posts_at_idx').on(table.at, table.id),
    index('automation_posts_author_idx').on(table.authorId, table.at),
    index('automation_posts_state_idx').on(table.state, table.at),
    // Words of the text ("contains"), as the customers' search.
    index('automation_posts_text_idx').using('gin', sql`${table.text} gin_trgm_ops`),
    index('automation_posts_shops_idx').using('gin', table.shopIds),
  ],
);

/** The media of a post, in their order. */
export const automationPostMedia = pgTable(
  'automation_post_media',
  {
    postId: integer('post_id')
      .notNull()
      .references(() => automationPosts.id, { onDelete: 'cascade' }),
    mediaId: integer('media_id')
      .notNull()
      .references(() => automationMedia.id, { onDelete: 'cascade' }),
    position: smallint('position').notNull(),
  },
  (table) => [
    primaryKey({ columns: [table.postId, table.position] }),
    index('automation_post_media_media_idx').on(table.mediaId),
  ],
);

/**
 * One account's part of a post: `sending` is written (committed) before the network is called, so a run that died
 * mid-call is never sent again blindly (outcomeUnknown); the figures are the network's, refreshed hourly.
 */
export const automationPostTargets = pgTable(
  'automation_post_targets',
  {
    postId: integer('post_id')
      .notNull()
      .references(() => automationPosts.id, { onDelete: 'cascade' }),
    accountId: integer('account_id')
      .notNull()
      .references(() => automationAccounts.id, { onDelete: 'cascade' }),
    state: varchar('state', { length: 10 }).$type<TargetState>().notNull().default('pending'),
    remoteId: varchar('remote_id', { length: 200 }),
    permalink: varchar('permalink', { length: 500 }),
    failure: varchar('failure', { length: 20 }).$type<PublishFailure>(),
    error: varchar('error', { length: 1000 }),
    attempts: integer('attempts').notNull().default(0),
    publishedAt: timestamp('published_at', { withTimezone: true }),
    likes: integer('likes'),
    comments: integer('comments'),
    shares: integer('shares'),
    reach: integer('reach'),
    figuresAt: timestamp('figures_at', { withTimezone: true }),
  },
  (table) => [
    primaryKey({ columns: [table.postId, table.accountId] }),
    index('automation_post_targets_account_idx').on(table.accountId, table.postId),
    index('automation_post_targets_published_idx').on(table.publishedAt).where(sql`${table.state} = 'published'`),
  ],
);
