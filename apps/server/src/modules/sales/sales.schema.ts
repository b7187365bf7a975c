import type { FiscalCloseSource, PaymentMethod, ReceiptType, RejectionReason } from '@bottega/contracts/sales';
import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';
import { users } from '../employees/employees.schema';
import { shops } from '../shops/shops.schema';

// The shops' sales feed (issue 7). Receipts, their lines and payments, and the fiscal printer's daily
// closes arrive from each shop's register and agent; the per-day totals are kept up to date in the
// same transaction as each receipt, so screens read them and never add receipts up.

/** A product of the catalogue; its prices per price list are in product_prices. */
export const products = pgTable('products', {
  id: serial('id').primaryKey(),
  code: varchar('code', { length: 40 }).notNull().unique(),
  description: varchar('description', { length: 200 }).notNull().default(''),
  department: varchar('department', { length: 60 }).notNull().default(''),
  /** Basis points: 2200 is 22 %. */
  vatRate: smallint('vat_rate').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

export const productPrices = pgTable(
  'product_prices',
  {
    productId: integer('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    priceList: varchar('price_list', { length: 40 }).notNull(),
    priceCents: integer('price_cents').notNull(),
  },
  (table) => [primaryKey({ columns: [table.productId, table.priceList] })],
);

/** A register's or agent's credential: the secret is stored only as its SHA-256, shown once. */
export const salesClients = pgTable(
  'sales_clients',
  {
    id: serial('id').primaryKey(),
    shopId: integer('shop_id')
      .notNull()
      .references(() => shops.id, { onDelete: 'restrict' }),
    name: varchar('name', { length: 60 }).notNull(),
    clientId: varchar('client_id', { length: 40 }).notNull().unique(),
    secretHash: varchar('secret_hash', { length: 64 }).notNull(),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    revokedBy: integer('revoked_by').references(() => users.id, { onDelete: 'set null' }),
  },
  (table) => [index('sales_clients_shop_idx').on(table.shopId)],
);

/**
 * A receipt of a shop's register. Its identity is (shop, register, business date, receipt number);
 * `content_hash` is the SHA-256 of its canonical content, telling a resend from a changed resend.
 */
export const receipts = pgTable(
  'receipts',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    shopId: integer('shop_id')
      .notNull()
      .references(() => shops.id, { onDelete: 'restrict' }),
    registerCode: varchar('register_code', { length: 40 }).notNull(),
    businessDate: date('business_date').notNull(),
    issuedAt: timestamp('issued_at', { withTimezone: true }).notNull(),
    receiptNumber: integer('receipt_number').notNull(),
    sequenceNumber: integer('sequence_number').notNull(),
    type: varchar('type', { length: 10 }).$type<ReceiptType>().notNull(),
    employeeId: integer('employee_id').references(() => users.id, { onDelete: 'set null' }),
    loyaltyCard: varchar('loyalty_card', { length: 40 }),
    orderNumber: varchar('order_number', { length: 40 }),
    totalCents: bigint('total_cents', { mode: 'number' }).notNull(),
    discountCents: bigint('discount_cents', { mode: 'number' }).notNull().default(0),
    pieces: integer('pieces').notNull(),
    contentHash: varchar('content_hash', { length: 64 }).notNull(),
    clientId: integer('client_id').references(() => salesClients.id, { onDelete: 'set null' }),
    receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('receipts_identity_idx').on(table.shopId, table.registerCode, table.businessDate, table.receiptNumber),
    // A shop's day, in the order it happened (the cash-register report's receipts tab).
    index('receipts_shop_day_idx').on(table.shopId, table.businessDate, table.issuedAt),
    // A card's receipts by date: a customer's points over the rolling window and their sales (issue 27).
    index('receipts_loyalty_idx')
      .on(table.loyaltyCard, table.businessDate)
      .where(sql`${table.loyaltyCard} is not null`),
  ],
);

export const receiptLines = pgTable(
  'receipt_lines',
  {
    receiptId: bigint('receipt_id', { mode: 'number' })
      .notNull()
      .references(() => receipts.id, { onDelete: 'cascade' }),
    lineNumber: smallint('line_number').notNull(),
    productCode: varchar('product_code', { length: 40 }).notNull(),
    description: varchar('description', { length: 200 }).notNull().default(''),
    quantity: integer('quantity').notNull(),
    unitPriceCents: bigint('unit_price_cents', { mode: 'number' }).notNull(),
    discountCents: bigint('discount_cents', { mode: 'number' }).notNull().default(0),
    priceList: varchar('price_list', { length: 40 }).notNull().default(''),
    subtotalCents: bigint('subtotal_cents', { mode: 'number' }).notNull(),
    vatRate: smallint('vat_rate').notNull(),
  },
  (table) => [
    primaryKey({ columns: [table.receiptId, table.lineNumber] }),
    index('receipt_lines_product_idx').on(table.productCode),
  ],
);

export const receiptPayments = pgTable(
  'receipt_payments',
  {
    receiptId: bigint('receipt_id', { mode: 'number' })
      .notNull()
      .references(() => receipts.id, { onDelete: 'cascade' }),
    lineNumber: smallint('line_number').notNull(),
    method: varchar('method', { length: 12 }).$type<PaymentMethod>().notNull(),
    amountCents: bigint('amount_cents', { mode: 'number' }).notNull(),
  },
  (table) => [primaryKey({ columns: [table.receiptId, table.lineNumber] })],
);

/** The fiscal printer's daily close (Z report): one per shop, device and business date. */
export const fiscalCloses = pgTable(
  'fiscal_closes',
  {
    id: serial('id').primaryKey(),
    shopId: integer('shop_id')
      .notNull()
      .references(() => shops.id, { onDelete: 'restrict' }),
    deviceSerial: varchar('device_serial', { length: 40 }).notNull(),
    businessDate: date('business_date').notNull(),
    closedAt: timestamp('closed_at', { withTimezone: true }).notNull(),
    closeNumber: integer('close_number').notNull(),
    totalCents: bigint('total_cents', { mode: 'number' }).notNull(),
    documentsCount: integer('documents_count').notNull(),
    returnsCents: bigint('returns_cents', { mode: 'number' }).notNull(),
    cancellationsCents: bigint('cancellations_cents', { mode: 'number' }).notNull(),
    electronicPaymentsCents: bigint('electronic_payments_cents', { mode: 'number' }).notNull(),
    vatBreakdown: jsonb('vat_breakdown')
      .$type<{ vatRate: number; taxableCents: number; taxCents: number }[]>()
      .notNull(),
    /** printer: read from the device; agent: sent by the shop's agent; manual/file: entered by a person (printer unreachable). */
    source: varchar('source', { length: 10 }).$type<FiscalCloseSource>().notNull(),
    contentHash: varchar('content_hash', { length: 64 }).notNull(),
    clientId: integer('client_id').references(() => salesClients.id, { onDelete: 'set null' }),
    enteredBy: integer('entered_by').references(() => users.id, { onDelete: 'set null' }),
    receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('fiscal_closes_identity_idx').on(table.shopId, table.deviceSerial, table.businessDate),
    index('fiscal_closes_day_idx').on(table.businessDate),
  ],
);

/**
 * A shop's day, added up as receipts arrive: sales add, returns count apart (their negative totals
 * lower the takings), cancelled receipts count apart and move no money.
 */
export const salesDays = pgTable(
  'sales_days',
  {
    shopId: integer('shop_id')
      .notNull()
      .references(() => shops.id, { onDelete: 'restrict' }),
    businessDate: date('business_date').notNull(),
    receiptsCount: integer('receipts_count').notNull().default(0),
    pieces: integer('pieces').notNull().default(0),
    takingsCents: bigint('takings_cents', { mode: 'number' }).notNull().default(0),
    returnsCount: integer('returns_count').notNull().default(0),
    returnsCents: bigint('returns_cents', { mode: 'number' }).notNull().default(0),
    returnedPieces: integer('returned_pieces').notNull().default(0),
    cancelledCount: integer('cancelled_count').notNull().default(0),
    cancelledCents: bigint('cancelled_cents', { mode: 'number' }).notNull().default(0),
    cashCents: bigint('cash_cents', { mode: 'number' }).notNull().default(0),
    creditCardCents: bigint('credit_card_cents', { mode: 'number' }).notNull().default(0),
    bancomatCents: bigint('bancomat_cents', { mode: 'number' }).notNull().default(0),
    voucherCents: bigint('voucher_cents', { mode: 'number' }).notNull().default(0),
    otherCents: bigint('other_cents', { mode: 'number' }).notNull().default(0),
    loyaltyCustomers: integer('loyalty_customers').notNull().default(0),
    /** Discounts of the day's sales and returns: each receipt's own plus its lines' (a return's give some back). */
    discountCents: bigint('discount_cents', { mode: 'number' }).notNull().default(0),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    primaryKey({ columns: [table.shopId, table.businessDate] }),
    // Every shop's days of a month (analytics, the accounting office).
    index('sales_days_date_idx').on(table.businessDate),
  ],
);

/**
 * A shop's day by hour of issue (0–23, Italian time), added up as receipts arrive like sales_days: the sales
 * report's weekday × hour heat map. Sales count as receipts; returns lower takings and pieces; cancelled ones are left out.
 */
export const salesDayHours = pgTable(
  'sales_day_hours',
  {
    shopId: integer('shop_id')
      .notNull()
      .references(() => shops.id, { onDelete: 'restrict' }),
    businessDate: date('business_date').notNull(),
    hour: smallint('hour').notNull(),
    receiptsCount: integer('receipts_count').notNull().default(0),
    takingsCents: bigint('takings_cents', { mode: 'number' }).notNull().default(0),
    pieces: integer('pieces').notNull().default(0),
  },
  (table) => [
    primaryKey({ columns: [table.shopId, table.businessDate, table.hour] }),
    // Every shop's hours of a period (the heat map over all shops).
    index('sales_day_hours_date_idx').on(table.businessDate),
  ],
);

/** The loyalty cards seen on a shop's day: a card inserted for the first time counts one customer more. */
export const salesDayCustomers = pgTable(
  'sales_day_customers',
  {
    shopId: integer('shop_id').notNull(),
    businessDate: date('business_date').notNull(),
    loyaltyCard: varchar('loyalty_card', { length: 40 }).notNull(),
  },
  (table) => [primaryKey({ columns: [table.shopId, table.businessDate, table.loyaltyCard] })],
);

/** When each register and fiscal printer of a shop last sent data (the sales-feed screen). */
export const salesSources = pgTable(
  'sales_sources',
  {
    shopId: integer('shop_id')
      .notNull()
      .references(() => shops.id, { onDelete: 'restrict' }),
    kind: varchar('kind', { length: 10 }).$type<'register' | 'printer'>().notNull(),
    code: varchar('code', { length: 40 }).notNull(),
    lastReceivedAt: timestamp('last_received_at', { withTimezone: true }).notNull(),
    lastBusinessDate: date('last_business_date').notNull(),
  },
  (table) => [primaryKey({ columns: [table.shopId, table.kind, table.code] })],
);

/** A record of a batch that was refused, with its reason, for the shop's sales-feed screen. */
export const salesRejections = pgTable(
  'sales_rejections',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    shopId: integer('shop_id')
      .notNull()
      .references(() => shops.id, { onDelete: 'restrict' }),
    clientId: integer('client_id').references(() => salesClients.id, { onDelete: 'set null' }),
    kind: varchar('kind', { length: 12 }).$type<'receipt' | 'fiscalClose'>().notNull(),
    reference: varchar('reference', { length: 120 }).notNull(),
    reason: varchar('reason', { length: 24 }).$type<RejectionReason>().notNull(),
    message: text('message').notNull(),
    /** The record as received (cut to a reasonable size), so the shop can see what was wrong. */
    record: jsonb('record'),
    receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('sales_rejections_shop_idx').on(table.shopId, table.receivedAt)],
);

/**
 * A shop's day per employee (staff analytics, issue 23), added up as receipts arrive, in the same transaction and by
 * the same rules as sales_days: sales add to receipts, takings and pieces; returns lower takings and pieces and count
 * apart; cancelled receipts are left out (they move no money and are nobody's sale). Discounts are the sales'
 * receipt-level discounts. A receipt without an employee counts under employee 0, "unassigned": a primary key column
 * cannot be null, and one key (shop, day, employee) lets the upsert add deltas on conflict exactly as sales_days does.
 * So there is no foreign key to users (0 names nobody); users are only ever soft-deleted, so an id never dangles.
 */
export const salesEmployeeDays = pgTable(
  'sales_employee_days',
  {
    shopId: integer('shop_id')
      .notNull()
      .references(() => shops.id, { onDelete: 'restrict' }),
    businessDate: date('business_date').notNull(),
    employeeId: integer('employee_id').notNull(),
    receiptsCount: integer('receipts_count').notNull().default(0),
    takingsCents: bigint('takings_cents', { mode: 'number' }).notNull().default(0),
    pieces: integer('pieces').notNull().default(0),
    returnsCount: integer('returns_count').notNull().default(0),
    returnsCents: bigint('returns_cents', { mode: 'number' }).notNull().default(0),
    returnedPieces: integer('returned_pieces').notNull().default(0),
    discountCents: bigint('discount_cents', { mode: 'number' }).notNull().default(0),
  },
  (table) => [
    primaryKey({ columns: [table.shopId, table.businessDate, table.employeeId] }),
    // Every shop's employees over a period (the all-shops ranking, the weekly and monthly reports).
    index('sales_employee_days_date_idx').on(table.businessDate),
  ],
);
