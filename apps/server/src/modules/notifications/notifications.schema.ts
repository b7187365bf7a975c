import { sql } from 'drizzle-orm';
import { bigserial, index, integer, jsonb, pgTable, timestamp, varchar } from 'drizzle-orm/pg-core';
import { users } from '../employees/employees.schema';

export const notifications = pgTable(
  'notifications',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: varchar('kind', { length: 100 }).notNull(),
    params: jsonb('params').$type<Record<string, string | number>>().notNull().default({}),
    /** The page it is about, inside the app (/app/...). */
    link: varchar('link', { length: 500 }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    readAt: timestamp('read_at', { withTimezone: true }),
  },
  (table) => [
    index('notifications_user_created_idx').on(table.userId, table.createdAt.desc()),
    index('notifications_user_kind_idx').on(table.userId, table.kind, table.createdAt.desc()),
    index('notifications_unread_idx').on(table.userId).where(sql`${table.readAt} IS NULL`),
  ],
);
