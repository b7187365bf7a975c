import type { PosEntryState } from '@bottega/contracts/pos';
import {
  bigint,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  serial,
  timestamp,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';
import { jobs } from '../../platform/jobs.schema';
import { users } from '../employees/employees.schema';
import { shops } from '../shops/shops.schema';

// The POS archive (issue 21): the acquirer's settlement files, read by their job into one entry per card
// transaction, given to the shop whose merchant code it names.

/** One uploaded settlement CSV, kept in Storage; read by its job, all of it or nothing. */
export const posUploads = pgTable(
  'pos_uploads',
  {
    id: serial('id').primaryKey(),
    fileName: varchar('file_name', { length: 255 }).notNull(),
    size: integer('size').notNull(),
    storageKey: varchar('storage_key', { length: 300 }).notNull(),
    /** processing → imported, or failed with why. */
    state: varchar('state', { length: 12 }).notNull().default('processing'),
    /** The parser's problem (kind, line, field) when failed. */
    failure: jsonb('failure').$type<Record<string, unknown>>(),
    rows: integer('rows').notNull().default(0),
    /** Rows new to the archive (a file uploaded again adds none). */
    newRows: integer('new_rows').notNull().default(0),
    /** Merchant codes no shop has, with how many rows each: left out, named to the uploader. */
    unknownMerchants: jsonb('unknown_merchants').$type<{ merchantCode: string; rows: number }[]>(),
    firstDate: date('first_date'),
    lastDate: date('last_date'),
    jobId: bigint('job_id', { mode: 'number' }).references(() => jobs.id, { onDelete: 'set null' }),
    uploadedBy: integer('uploaded_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('pos_uploads_created_idx').on(table.createdAt.desc())],
);

/** One card transaction the acquirer settled (spec §3 POS entry). */
export const posEntries = pgTable(
  'pos_entries',
  {
    id: serial('id').primaryKey(),
    uploadId: integer('upload_id')
      .notNull()
      .references(() => posUploads.id, { onDelete: 'restrict' }),
    shopId: integer('shop_id')
      .notNull()
      .references(() => shops.id, { onDelete: 'restrict' }),
    date: date('date').notNull(),
    merchantCode: varchar('merchant_code', { length: 100 }).notNull(),
    terminal: varchar('terminal', { length: 100 }).notNull(),
    cardType: varchar('card_type', { length: 100 }).notNull(),
    amountCents: bigint('amount_cents', { mode: 'number' }).notNull(),
    state: varchar('state', { length: 10 }).$type<PosEntryState>().notNull(),
    /** The acquirer's authorisation code: the receipt number of spec §3. */
    authorisationCode: varchar('authorisation_code', { length: 100 }).notNull(),
    /** sha256 of merchant, terminal, date, amount, state and code, with its repeat number among identical rows. */
    fingerprint: varchar('fingerprint', { length: 64 }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('pos_entries_fingerprint_idx').on(table.fingerprint),
    index('pos_entries_shop_date_idx').on(table.shopId, table.date),
    index('pos_entries_date_idx').on(table.date, table.id),
  ],
);
