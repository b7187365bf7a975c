import type { FileItemType } from '@bottega/contracts/files';
import { sql } from 'drizzle-orm';
import { bigint, index, integer, pgTable, serial, text, timestamp, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { users } from '../employees/employees.schema';

/**
 * The file manager's folders and files (spec §2 "Embedded file manager"). Only metadata lives here;
 * a file's bytes are in the Storage under `storage_key`, a key the app generated, so no path a
 * person typed ever names anything on disk. `root` is 'company' or 'shop:<id>'; `path` is the
 * normalized path from the root (contracts/files.ts) and `parent` the folder holding it ('/' at the top).
 */
export const fileEntries = pgTable(
  'file_entries',
  {
    id: serial('id').primaryKey(),
    root: varchar('root', { length: 40 }).notNull(),
    path: text('path').notNull(),
    parent: text('parent').notNull(),
    name: text('name').notNull(),
    kind: varchar('kind', { length: 20 }).$type<FileItemType>().notNull(),
    size: bigint('size', { mode: 'number' }).notNull().default(0),
    mimeType: varchar('mime_type', { length: 100 }),
    storageKey: text('storage_key'),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    // Names are unique within a folder whatever their case, as on the office's Windows PCs.
    uniqueIndex('file_entries_root_path_idx').on(table.root, sql`lower(${table.path})`),
    index('file_entries_root_parent_idx').on(table.root, table.parent),
  ],
);
