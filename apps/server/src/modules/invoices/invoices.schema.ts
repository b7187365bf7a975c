import type { InvoiceCustomerType } from '@bottega/contracts/invoices';
import {
  bigint,
  boolean,
  date,
  index,
  integer,
  pgTable,
  primaryKey,
  serial,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';
import { cashReports } from '../cash-register/cash-register.schema';
import { companies } from '../companies/companies.schema';
import { users } from '../employees/employees.schema';
import { receipts } from '../sales/sales.schema';
import { shops } from '../shops/shops.schema';

// Invoice requests (issue 8): a receipt of a shop's day turned into a request for an invoice, with the
// customer's data; accounting may block one (then nobody changes it) and unblock it.

export const invoiceRequests = pgTable(
  'invoice_requests',
  {
    id: serial('id').primaryKey(),
    reportId: integer('report_id')
      .notNull()
      .references(() => cashReports.id, { onDelete: 'restrict' }),
    shopId: integer('shop_id')
      .notNull()
      .references(() => shops.id, { onDelete: 'restrict' }),
    receiptId: bigint('receipt_id', { mode: 'number' })
      .notNull()
      .references(() => receipts.id, { onDelete: 'restrict' }),
    customerType: varchar('customer_type', { length: 10 }).$type<InvoiceCustomerType>().notNull(),
    name: varchar('name', { length: 200 }).notNull(),
    surname: varchar('surname', { length: 100 }).notNull().default(''),
    fiscalCode: varchar('fiscal_code', { length: 16 }).notNull().default(''),
    vatNumber: varchar('vat_number', { length: 11 }).notNull().default(''),
    street: varchar('street', { length: 200 }).notNull(),
    streetNumber: varchar('street_number', { length: 20 }).notNull(),
    cap: varchar('cap', { length: 5 }).notNull(),
    city: varchar('city', { length: 100 }).notNull(),
    province: varchar('province', { length: 2 }).notNull(),
    state: varchar('state', { length: 2 }).notNull().default('IT'),
    email: varchar('email', { length: 254 }).notNull().default(''),
    telephone: varchar('telephone', { length: 40 }).notNull().default(''),
    sdiCode: varchar('sdi_code', { length: 7 }).notNull().default(''),
    pec: varchar('pec', { length: 254 }).notNull().default(''),
    blocked: boolean('blocked').notNull().default(false),
    // Set together when accounting confirms the request (issue 22): the invoice's progressive number per
    // company and year, its date, and its FatturaPA XML as sent, which never changes afterwards.
    invoiceCompanyId: integer('invoice_company_id').references(() => companies.id, { onDelete: 'restrict' }),
    invoiceYear: smallint('invoice_year'),
    invoiceNumber: integer('invoice_number'),
    invoiceDate: date('invoice_date'),
    xml: text('xml'),
    confirmedBy: integer('confirmed_by').references(() => users.id, { onDelete: 'set null' }),
    confirmedAt: timestamp('confirmed_at', { withTimezone: true }),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    // One invoice per receipt.
    uniqueIndex('invoice_requests_receipt_idx').on(table.receiptId),
    index('invoice_requests_report_idx').on(table.reportId),
    // A number is never given twice within a company's year (the counter below hands them out).
    uniqueIndex('invoice_requests_number_idx').on(table.invoiceCompanyId, table.invoiceYear, table.invoiceNumber),
  ],
);

/**
 * The last invoice number given per company and year. Confirming takes the row (an upsert locks it until the
 * transaction ends), so concurrent confirmations queue and the numbers run without gaps: a confirmation that
 * fails rolls its increment back with it.
 */
export const invoiceCounters = pgTable(
  'invoice_counters',
  {
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'restrict' }),
    year: smallint('year').notNull(),
    lastNumber: integer('last_number').notNull(),
  },
  (table) => [primaryKey({ columns: [table.companyId, table.year] })],
);
