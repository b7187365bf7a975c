import type { BankLineProblem, BankUploadFailure, BankUploadState } from '@bottega/contracts/bank';
import { sql } from 'drizzle-orm';
import {
  bigint,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';
import { jobs } from '../../platform/jobs.schema';
import { users } from '../employees/employees.schema';
import { shops } from '../shops/shops.schema';
import { deposits } from './deposits.schema';

// Bank statements (issue 21): the files accounting uploads from home banking, read by their job into bank lines,
// whose credits are matched to the shops' deposits and linked when a deposit is convalidated.

/** One uploaded file (CAMT.053 or CBI), kept in Storage; read by its job, all of it or nothing. */
export const bankUploads = pgTable(
  'bank_uploads',
  {
    id: serial('id').primaryKey(),
    fileName: varchar('file_name', { length: 255 }).notNull(),
    size: integer('size').notNull(),
    storageKey: varchar('storage_key', { length: 300 }).notNull(),
    /** camt053 | cbi, once read. */
    format: varchar('format', { length: 10 }),
    /** processing → imported, or failed with why. */
    state: varchar('state', { length: 12 }).$type<BankUploadState>().notNull().default('processing'),
    failure: jsonb('failure').$type<BankUploadFailure>(),
    statements: integer('statements').notNull().default(0),
    /** Lines in the file, and those new to the archive (a re-imported statement adds none). */
    lines: integer('lines').notNull().default(0),
    newLines: integer('new_lines').notNull().default(0),
    firstDate: date('first_date'),
    lastDate: date('last_date'),
    jobId: bigint('job_id', { mode: 'number' }).references(() => jobs.id, { onDelete: 'set null' }),
    uploadedBy: integer('uploaded_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('bank_uploads_created_idx').on(table.createdAt.desc())],
);

/** One booked line of a statement; the fingerprint makes a line imported twice the same line. */
export const bankLines = pgTable(
  'bank_lines',
  {
    id: serial('id').primaryKey(),
    uploadId: integer('upload_id')
      .notNull()
      .references(() => bankUploads.id, { onDelete: 'restrict' }),
    account: varchar('account', { length: 34 }).notNull(),
    statementId: varchar('statement_id', { length: 100 }).notNull(),
    /** The line in the uploaded file. */
    line: integer('line').notNull(),
    bankReference: varchar('bank_reference', { length: 100 }),
    bookingDate: date('booking_date').notNull(),
    valueDate: date('value_date'),
    amountCents: bigint('amount_cents', { mode: 'number' }).notNull(),
    description: text('description').notNull().default(''),
    counterparty: varchar('counterparty', { length: 200 }),
    /** The shop whose account the statement is, when an account number names one. */
    shopId: integer('shop_id').references(() => shops.id, { onDelete: 'set null' }),
    /** sha256 of account, dates, amount, reference and text, with its repeat number among identical lines. */
    fingerprint: varchar('fingerprint', { length: 64 }).notNull(),
    /** The §8 transmission error the line failed with when its accounting entry was built; null when none. */
    problem: varchar('problem', { length: 30 }).$type<BankLineProblem>(),
    /** The card number the text names that no employee has (problem depositCardNotFound). */
    unknownCard: varchar('unknown_card', { length: 19 }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('bank_lines_fingerprint_idx').on(table.fingerprint),
    index('bank_lines_booking_idx').on(table.bookingDate, table.id),
    index('bank_lines_upload_idx').on(table.uploadId, table.line),
    // The credits still to match: the check screen's one question.
    index('bank_lines_open_credits_idx').on(table.bookingDate).where(sql`${table.amountCents} > 0`),
  ],
);

/** A convalidated deposit and the bank credits it arrived in (one to one, one credit for several, split). */
export const depositBankLines = pgTable(
  'deposit_bank_lines',
  {
    depositId: integer('deposit_id')
      .notNull()
      .references(() => deposits.id, { onDelete: 'restrict' }),
    bankLineId: integer('bank_line_id')
      .notNull()
      .references(() => bankLines.id, { onDelete: 'restrict' }),
    linkedBy: integer('linked_by').references(() => users.id, { onDelete: 'set null' }),
    linkedAt: timestamp('linked_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    primaryKey({ columns: [table.depositId, table.bankLineId] }),
    index('deposit_bank_lines_line_idx').on(table.bankLineId),
  ],
);
