import { sql } from 'drizzle-orm';
import {
  bigserial,
  boolean,
  date,
  index,
  integer,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';

// A person who signs in, with the employee data of spec §3. A removed employee keeps their row
// (soft delete, deleted_at) so payroll history stays; EX (former) employees keep signing in.
export const users = pgTable(
  'users',
  {
    id: serial('id').primaryKey(),
    username: varchar('username', { length: 64 }).notNull(),
    email: varchar('email', { length: 254 }).notNull(),
    passwordHash: text('password_hash').notNull(),
    name: varchar('name', { length: 100 }).notNull(),
    surname: varchar('surname', { length: 100 }).notNull(),
    avatar: text('avatar'),
    lng: varchar('lng', { length: 2 }).notNull().default('it'),
    /** The payroll number; unique among employees that have one. */
    matricola: varchar('matricola', { length: 30 }),
    phone: varchar('phone', { length: 30 }).notNull().default(''),
    fiscalCode: varchar('fiscal_code', { length: 16 }),
    engagementDate: date('engagement_date'),
    birthday: date('birthday'),
    identityCardNumber: varchar('identity_card_number', { length: 30 }).notNull().default(''),
    address: varchar('address', { length: 200 }).notNull().default(''),
    city: varchar('city', { length: 100 }).notNull().default(''),
    cap: varchar('cap', { length: 5 }).notNull().default(''),
    iban: varchar('iban', { length: 34 }).notNull().default(''),
    bic: varchar('bic', { length: 11 }).notNull().default(''),
    bankName: varchar('bank_name', { length: 100 }).notNull().default(''),
    depositCardNumber: varchar('deposit_card_number', { length: 50 }).notNull().default(''),
    useFingerprint: boolean('use_fingerprint').notNull().default(false),
    /** OK active, EX former employee (spec §3, §4). */
    employeeType: varchar('employee_type', { length: 2 }).notNull().default('OK'),
    /** Set once the person has completed their registration (spec §4); null asks them to. */
    registeredAt: timestamp('registered_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
  },
  (table) => [
    uniqueIndex('users_username_key').on(sql`lower(${table.username})`),
    uniqueIndex('users_email_key').on(sql`lower(${table.email})`),
    uniqueIndex('users_matricola_key').on(table.matricola),
    index('users_deleted_at_idx').on(table.deletedAt),
    index('users_surname_idx').on(sql`lower(${table.surname})`, sql`lower(${table.name})`),
    index('users_fiscal_code_idx').on(table.fiscalCode),
  ],
);

/** Identity document and health card (front and back) and management documents, kept in Storage. */
export const employeeDocuments = pgTable(
  'employee_documents',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** identityFront, identityBack, healthCardFront, healthCardBack or management. */
    kind: varchar('kind', { length: 30 }).notNull(),
    storageKey: text('storage_key').notNull(),
    fileName: varchar('file_name', { length: 255 }).notNull(),
    mimeType: varchar('mime_type', { length: 100 }).notNull(),
    size: integer('size').notNull(),
    uploadedBy: integer('uploaded_by').references(() => users.id, { onDelete: 'set null' }),
    uploadedAt: timestamp('uploaded_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('employee_documents_user_idx').on(table.userId, table.kind)],
);

/** A password-reset link: single use, stored only as the SHA-256 of its token. */
export const passwordResets = pgTable(
  'password_resets',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    tokenHash: varchar('token_hash', { length: 64 }).notNull().unique(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    ip: varchar('ip', { length: 64 }),
  },
  (table) => [index('password_resets_user_idx').on(table.userId, table.createdAt.desc())],
);

/**
 * A new email address waiting for confirmation: the address changes only when the link mailed to it
 * is opened. Single use, stored only as the SHA-256 of its token; the newest request of a person wins.
 */
export const emailChanges = pgTable(
  'email_changes',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    email: varchar('email', { length: 254 }).notNull(),
    tokenHash: varchar('token_hash', { length: 64 }).notNull().unique(),
    requestedBy: integer('requested_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
  },
  (table) => [index('email_changes_user_idx').on(table.userId, table.createdAt.desc())],
);
