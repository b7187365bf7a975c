import type { CameraOutcome, CameraState, CameraType } from '@bottega/contracts/cameras';
import { sql } from 'drizzle-orm';
import { index, integer, pgTable, serial, smallint, timestamp, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { users } from '../employees/employees.schema';
import { shops } from '../shops/shops.schema';

// Security cameras (issue 26): the categories they are filed under, the cameras of each shop with their password
// sealed with the app key, and who watched which camera from when to when.

export const cameraCategories = pgTable(
  'camera_categories',
  {
    id: serial('id').primaryKey(),
    name: varchar('name', { length: 60 }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [uniqueIndex('camera_categories_name_idx').on(sql`lower(${table.name})`)],
);

/**
 * A camera (spec §3). `state`, `lastOutcome` and `lastCheckedAt` are what the health check and the last picture
 * found; `offlineSince` is set when it went offline, so the shop is told once per outage.
 */
export const cameras = pgTable(
  'cameras',
  {
    id: serial('id').primaryKey(),
    name: varchar('name', { length: 100 }).notNull(),
    shopId: integer('shop_id')
      .notNull()
      .references(() => shops.id, { onDelete: 'restrict' }),
    type: varchar('type', { length: 20 }).$type<CameraType>().notNull(),
    link: varchar('link', { length: 500 }).notNull(),
    username: varchar('username', { length: 100 }).notNull().default(''),
    /** AES-256-GCM with the app key (platform/crypto.ts encryptSecret); null when none is set. */
    passwordEncrypted: varchar('password_encrypted', { length: 400 }),
    channel: smallint('channel'),
    categoryId: integer('category_id').references(() => cameraCategories.id, { onDelete: 'set null' }),
    state: varchar('state', { length: 10 }).$type<CameraState>().notNull().default('unknown'),
    lastOutcome: varchar('last_outcome', { length: 20 }).$type<CameraOutcome>(),
    lastCheckedAt: timestamp('last_checked_at', { withTimezone: true }),
    offlineSince: timestamp('offline_since', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('cameras_shop_name_idx').on(table.shopId, sql`lower(${table.name})`),
    index('cameras_category_idx').on(table.categoryId),
    index('cameras_offline_idx').on(table.shopId).where(sql`${table.state} = 'offline'`),
  ],
);

/**
 * One person watching one camera: pictures of the grid less than viewingGapSeconds apart, or one live stream, are
 * one viewing. The camera's name and shop are copied so the log still reads after the camera is deleted.
 */
export const cameraViewings = pgTable(
  'camera_viewings',
  {
    id: serial('id').primaryKey(),
    cameraId: integer('camera_id').references(() => cameras.id, { onDelete: 'set null' }),
    cameraName: varchar('camera_name', { length: 100 }).notNull(),
    shopId: integer('shop_id')
      .notNull()
      .references(() => shops.id, { onDelete: 'restrict' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    mode: varchar('mode', { length: 10 }).$type<'stream' | 'snapshots'>().notNull(),
    startedAt: timestamp('started_at', { withTimezone: true }).notNull(),
    endedAt: timestamp('ended_at', { withTimezone: true }).notNull(),
  },
  (table) => [
    index('camera_viewings_started_idx').on(table.startedAt),
    index('camera_viewings_camera_idx').on(table.cameraId, table.startedAt),
    index('camera_viewings_user_idx').on(table.userId, table.cameraId, table.endedAt),
  ],
);
