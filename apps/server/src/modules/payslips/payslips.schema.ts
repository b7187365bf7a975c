import { sql } from 'drizzle-orm';
import {
  bigint,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  serial,
  smallint,
  timestamp,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';
import { jobs } from '../../platform/jobs.schema';
import { companies } from '../companies/companies.schema';
import { users } from '../employees/employees.schema';

/**
 * One consultant's file as uploaded (spec §2 upload-logs): the original kept, sealed, in Storage; split by its job
 * into payslips and items. A tax certificate upload has no month.
 */
export const payslipUploads = pgTable(
  'payslip_uploads',
  {
    id: serial('id').primaryKey(),
    /** payslip | taxCertificate */
    kind: varchar('kind', { length: 20 }).notNull(),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id),
    month: smallint('month'),
    year: smallint('year').notNull(),
    fileName: varchar('file_name', { length: 255 }).notNull(),
    size: integer('size').notNull(),
    /** The original, sealed with the app key (payslips.storage.ts). */
    storageKey: varchar('storage_key', { length: 300 }).notNull(),
    pages: integer('pages'),
    /** processing → done, or failed once its job gave up. */
    state: varchar('state', { length: 20 }).notNull().default('processing'),
    /** unreadable | gaveUp, when failed. */
    failure: varchar('failure', { length: 20 }),
    jobId: bigint('job_id', { mode: 'number' }).references(() => jobs.id, { onDelete: 'set null' }),
    uploadedBy: integer('uploaded_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('payslip_uploads_kind_created_idx').on(table.kind, table.createdAt.desc())],
);

/**
 * What the split made of an upload (spec §2 upload-logs/{log}/items): one row per employee found and per group of
 * pages that could not be given to anyone, with the §5 outcome.
 */
export const payslipUploadItems = pgTable(
  'payslip_upload_items',
  {
    id: serial('id').primaryKey(),
    uploadId: integer('upload_id')
      .notNull()
      .references(() => payslipUploads.id, { onDelete: 'cascade' }),
    outcome: varchar('outcome', { length: 20 }).notNull(),
    reason: varchar('reason', { length: 30 }),
    fiscalCode: varchar('fiscal_code', { length: 16 }),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    pages: jsonb('pages').$type<number[]>().notNull(),
    vatNumbers: jsonb('vat_numbers').$type<string[]>().notNull().default([]),
    payslipId: integer('payslip_id'),
  },
  (table) => [index('payslip_upload_items_upload_idx').on(table.uploadId, table.id)],
);

/** Spec §3 Payslip: one employee's file of a company and period, uploaded then convalidated. */
export const payslips = pgTable(
  'payslips',
  {
    id: serial('id').primaryKey(),
    kind: varchar('kind', { length: 20 }).notNull(),
    uploadId: integer('upload_id')
      .notNull()
      .references(() => payslipUploads.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id),
    month: smallint('month'),
    year: smallint('year').notNull(),
    /** uploaded → convalidated (spec §4). */
    status: varchar('status', { length: 20 }).notNull().default('uploaded'),
    /** Held for review at the split (a code seen once): convalidated only when named. */
    held: varchar('held', { length: 20 }),
    /** The employee's pages, sealed with the app key. */
    storageKey: varchar('storage_key', { length: 300 }).notNull(),
    pages: integer('pages').notNull(),
    convalidatedAt: timestamp('convalidated_at', { withTimezone: true }),
    convalidatedBy: integer('convalidated_by').references(() => users.id, { onDelete: 'set null' }),
    notifiedAt: timestamp('notified_at', { withTimezone: true }),
    firstDownloadedAt: timestamp('first_downloaded_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    // One per employee, company and period: a second upload of the same month reports "already exists".
    uniqueIndex('payslips_period_key').on(
      table.kind,
      table.userId,
      table.companyId,
      table.year,
      sql`coalesce(${table.month}, 0)`,
    ),
    index('payslips_upload_idx').on(table.uploadId, table.status),
    index('payslips_user_idx').on(table.userId, table.kind, table.year),
    index('payslips_archive_idx').on(table.kind, table.status, table.year, table.month),
  ],
);

/** Spec §3 Payslip blacklist: while listed (until expiresOn, or without end) nothing is delivered nor announced. */
export const payslipBlacklist = pgTable(
  'payslip_blacklist',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    expiresOn: date('expires_on'),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [uniqueIndex('payslip_blacklist_user_key').on(table.userId)],
);
