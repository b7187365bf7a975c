import type { CashCount, CashReportStatus } from '@bottega/contracts/cash-register';
import {
  bigint,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';
import { users } from '../employees/employees.schema';
import { shops } from '../shops/shops.schema';

// The daily cash-register report (issue 8): one per shop and business day, filled by the shop's staff every
// evening, confirmed partially by one person and closed by another; the weekly cash of each shop and ISO week.
// Figures are null until entered; money in cents.

const amount = (name: string) => bigint(name, { mode: 'number' });

export const cashReports = pgTable(
  'cash_reports',
  {
    id: serial('id').primaryKey(),
    shopId: integer('shop_id')
      .notNull()
      .references(() => shops.id, { onDelete: 'restrict' }),
    businessDate: date('business_date').notNull(),
    status: varchar('status', { length: 10 }).$type<CashReportStatus>().notNull().default('open'),
    totalCents: amount('total_cents'),
    creditCardCents: amount('credit_card_cents'),
    bancomatCents: amount('bancomat_cents'),
    posSubtotalCents: amount('pos_subtotal_cents'),
    fiscalPosCents: amount('fiscal_pos_cents'),
    cancelledCents: amount('cancelled_cents'),
    returnsCents: amount('returns_cents'),
    vouchersCents: amount('vouchers_cents'),
    dailyCashCents: amount('daily_cash_cents'),
    cashFundCents: amount('cash_fund_cents'),
    returnedReceiptsCount: integer('returned_receipts_count'),
    returnedPiecesCount: integer('returned_pieces_count'),
    receiptsCount: integer('receipts_count'),
    piecesCount: integer('pieces_count'),
    loyaltyCustomersCount: integer('loyalty_customers_count'),
    comments: text('comments').notNull().default(''),
    /**
     * Why the day was closed although it differs from the fiscal printer's close, as the _edit reports_ holder who
     * accepted it wrote it; null when it agrees. The month's compensation check takes an accepted day as agreed.
     */
    fiscalDifferenceAccepted: text('fiscal_difference_accepted'),
    /** Notes and coins in the till by denomination in cents. */
    cashCount: jsonb('cash_count').$type<CashCount>().notNull().default({}),
    /** Raised by every change: a save over a newer version is refused. */
    version: integer('version').notNull().default(0),
    partialBy: integer('partial_by').references(() => users.id, { onDelete: 'set null' }),
    partialAt: timestamp('partial_at', { withTimezone: true }),
    closedBy: integer('closed_by').references(() => users.id, { onDelete: 'set null' }),
    closedAt: timestamp('closed_at', { withTimezone: true }),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedBy: integer('updated_by').references(() => users.id, { onDelete: 'set null' }),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('cash_reports_shop_day_idx').on(table.shopId, table.businessDate),
    // Unclosed days across shops, newest first.
    index('cash_reports_status_day_idx').on(table.status, table.businessDate),
  ],
);

/** Photos or PDFs of the fiscal close and the POS slips; the bytes are in Storage under `storageKey`. */
export const cashReportAttachments = pgTable(
  'cash_report_attachments',
  {
    id: serial('id').primaryKey(),
    reportId: integer('report_id')
      .notNull()
      .references(() => cashReports.id, { onDelete: 'cascade' }),
    storageKey: varchar('storage_key', { length: 200 }).notNull(),
    fileName: varchar('file_name', { length: 255 }).notNull(),
    contentType: varchar('content_type', { length: 100 }).notNull(),
    size: integer('size').notNull(),
    uploadedBy: integer('uploaded_by').references(() => users.id, { onDelete: 'set null' }),
    uploadedAt: timestamp('uploaded_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('cash_report_attachments_report_idx').on(table.reportId)],
);

/** A shop's weekly cash: the closed days' sums as they were when it was filled, the fund and the deposits. */
export const weeklyCash = pgTable(
  'weekly_cash',
  {
    id: serial('id').primaryKey(),
    shopId: integer('shop_id')
      .notNull()
      .references(() => shops.id, { onDelete: 'restrict' }),
    /** ISO week, 2026-W47. */
    week: varchar('week', { length: 8 }).notNull(),
    totalCents: amount('total_cents').notNull(),
    posCents: amount('pos_cents').notNull(),
    dailyCashCents: amount('daily_cash_cents').notNull(),
    expensesCents: amount('expenses_cents').notNull(),
    cashFundCents: amount('cash_fund_cents').notNull(),
    depositsCents: amount('deposits_cents').notNull(),
    differenceCents: amount('difference_cents').notNull(),
    comments: text('comments').notNull().default(''),
    filledBy: integer('filled_by').references(() => users.id, { onDelete: 'set null' }),
    filledAt: timestamp('filled_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('weekly_cash_shop_week_idx').on(table.shopId, table.week),
    index('weekly_cash_week_idx').on(table.week),
  ],
);
