import type { RankPositionSource } from '@bottega/contracts/rankings';
import { sql } from 'drizzle-orm';
import {
  bigint,
  check,
  index,
  integer,
  pgTable,
  serial,
  smallint,
  timestamp,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';
import { users } from '../employees/employees.schema';
import { shops } from '../shops/shops.schema';

// Rankings (issue 23): a ranked shop's competitors and the positions the shop and each competitor held in the retail
// ranking of a month.

/**
 * A ranked shop's rival. One with positions is deleted softly (`deletedAt`), so the charts of past months keep it;
 * one without any is removed.
 */
export const competitors = pgTable(
  'competitors',
  {
    id: serial('id').primaryKey(),
    shopId: integer('shop_id')
      .notNull()
      .references(() => shops.id, { onDelete: 'restrict' }),
    name: varchar('name', { length: 120 }).notNull(),
    /** 1 is the main rival. */
    priority: smallint('priority').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
  },
  (table) => [
    index('competitors_shop_idx').on(table.shopId, table.priority),
    // Two live competitors of one shop never share a name: the portal's file is matched by it.
    uniqueIndex('competitors_shop_name_idx')
      .on(table.shopId, sql`lower(${table.name})`)
      .where(sql`${table.deletedAt} is null`),
  ],
);

/**
 * The position of the shop (competitorId null) or of one of its competitors in a month's ranking. `subjectId` is the
 * competitor's id, or 0 for the shop itself, so that one unique index holds for both (a null would never collide).
 */
export const rankPositions = pgTable(
  'rank_positions',
  {
    id: serial('id').primaryKey(),
    shopId: integer('shop_id')
      .notNull()
      .references(() => shops.id, { onDelete: 'restrict' }),
    /** YYYY-MM: the portals publish their ranking monthly. */
    period: varchar('period', { length: 7 }).notNull(),
    competitorId: integer('competitor_id').references(() => competitors.id, { onDelete: 'restrict' }),
    subjectId: integer('subject_id').notNull(),
    position: smallint('position').notNull(),
    /** The score or sales value the portal shows beside the position, when it does. */
    score: bigint('score', { mode: 'number' }),
    source: varchar('source', { length: 10 }).$type<RankPositionSource>().notNull(),
    enteredBy: integer('entered_by').references(() => users.id, { onDelete: 'set null' }),
    enteredAt: timestamp('entered_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    // Also the index of "a shop's positions over time" (shop, then period).
    uniqueIndex('rank_positions_shop_period_subject_idx').on(table.shopId, table.period, table.subjectId),
    index('rank_positions_competitor_idx').on(table.competitorId),
    check('rank_positions_position_range', sql`${table.position} between 1 and 999`),
  ],
);
