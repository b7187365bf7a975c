import { sql } from 'drizzle-orm';
import { index, integer, pgTable, primaryKey, serial, text, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { users } from '../employees/employees.schema';

export const userGroups = pgTable(
  'user_groups',
  {
    id: serial('id').primaryKey(),
    name: varchar('name', { length: 100 }).notNull(),
    /** Ability keys of packages/contracts permissions.ts. */
    permissions: text('permissions').array().notNull().default(sql`'{}'::text[]`),
  },
  (table) => [uniqueIndex('user_groups_name_key').on(sql`lower(${table.name})`)],
);

/** A user's groups in order: the first one decides admin and developer (spec §6). */
export const userGroupMembers = pgTable(
  'user_group_members',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    groupId: integer('group_id')
      .notNull()
      .references(() => userGroups.id, { onDelete: 'restrict' }),
    position: integer('position').notNull().default(0),
  },
  (table) => [
    primaryKey({ columns: [table.userId, table.groupId] }),
    index('user_group_members_group_idx').on(table.groupId),
  ],
);

/** Which channels (email, web, telegram) a group is notified on for each notification event. */
export const userGroupNotifications = pgTable(
  'user_group_notifications',
  {
    groupId: integer('group_id')
      .notNull()
      .references(() => userGroups.id, { onDelete: 'cascade' }),
    event: varchar('event', { length: 100 }).notNull(),
    channels: text('channels').array().notNull().default(sql`'{}'::text[]`),
  },
  (table) => [primaryKey({ columns: [table.groupId, table.event] })],
);
