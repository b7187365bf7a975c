import type {
  CarriedBy,
  DocumentCheckType,
  LogisticsFileKind,
  LogisticsFileState,
  LogisticsPartyType,
  StockLocationType,
  TransportReason,
} from '@bottega/contracts/logistics';
import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  boolean,
  check,
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
import { companies } from '../companies/companies.schema';
import { users } from '../employees/employees.schema';
import { products } from '../sales/sales.schema';
import { shops } from '../shops/shops.schema';

// Logistics (issue 25): suppliers and warehouses, the document types that number transport documents, the files of
// lines that move goods, the stock movements processing writes, and the RM and MF document checks.

/** A supplier (goods come from and go back to it) or a company's warehouse (stock is kept there). */
export const logisticsParties = pgTable(
  'logistics_parties',
  {
    id: serial('id').primaryKey(),
    type: varchar('type', { length: 10 }).$type<'supplier' | 'warehouse'>().notNull(),
    /** A warehouse's company; null for a supplier. */
    companyId: integer('company_id').references(() => companies.id, { onDelete: 'restrict' }),
    name: varchar('name', { length: 200 }).notNull(),
    vatNumber: varchar('vat_number', { length: 16 }).notNull().default(''),
    address: varchar('address', { length: 200 }).notNull().default(''),
    cap: varchar('cap', { length: 10 }).notNull().default(''),
    city: varchar('city', { length: 100 }).notNull().default(''),
    province: varchar('province', { length: 2 }).notNull().default(''),
    country: varchar('country', { length: 2 }).notNull().default('IT'),
    emails: jsonb('emails').$type<string[]>().notNull().default([]),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('logistics_parties_type_idx').on(table.type, sql`lower(${table.name})`),
    check('logistics_parties_company_check', sql`(${table.type} = 'warehouse') = (${table.companyId} is not null)`),
  ],
);

/** A numbering series of a company (§6 document types and numbers): its code is printed beside the number. */
export const documentTypes = pgTable(
  'document_types',
  {
    id: serial('id').primaryKey(),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'restrict' }),
    code: varchar('code', { length: 20 }).notNull(),
    name: varchar('name', { length: 100 }).notNull(),
    /** The kinds of file it numbers by default. */
    kinds: jsonb('kinds').$type<LogisticsFileKind[]>().notNull().default([]),
    active: boolean('active').notNull().default(true),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [uniqueIndex('document_types_company_code_idx').on(table.companyId, table.code)],
);

/**
 * The last number given by a series in a year. Processing takes the next one with `insert … on conflict do update …
 * returning` in its own transaction: the row lock makes concurrent processing wait, and a rollback gives the number
 * back, so the series has no gaps and no duplicates.
 */
export const documentNumbers = pgTable(
  'document_numbers',
  {
    documentTypeId: integer('document_type_id')
      .notNull()
      .references(() => documentTypes.id, { onDelete: 'cascade' }),
    year: smallint('year').notNull(),
    lastNumber: integer('last_number').notNull(),
  },
  (table) => [primaryKey({ columns: [table.documentTypeId, table.year] })],
);

/** A file of lines moving goods (issue 25 "Files"); its two sides are a supplier, a warehouse or a shop. */
export const logisticsFiles = pgTable(
  'logistics_files',
  {
    id: serial('id').primaryKey(),
    kind: varchar('kind', { length: 20 }).$type<LogisticsFileKind>().notNull(),
    state: varchar('state', { length: 20 }).$type<LogisticsFileState>().notNull().default('saved'),
    fromType: varchar('from_type', { length: 10 }).$type<LogisticsPartyType>().notNull(),
    /** A logistics party's id, or a shop's when the type is shop. */
    fromId: integer('from_id').notNull(),
    toType: varchar('to_type', { length: 10 }).$type<LogisticsPartyType>().notNull(),
    toId: integer('to_id').notNull(),
    /** The shop on either side (a shop-out file's sender, a picking file's recipient): what scopes it to a shop. */
    fromShopId: integer('from_shop_id').references(() => shops.id, { onDelete: 'restrict' }),
    toShopId: integer('to_shop_id').references(() => shops.id, { onDelete: 'restrict' }),
    date: date('date').notNull(),
    documentTypeId: integer('document_type_id').references(() => documentTypes.id, { onDelete: 'restrict' }),
    /** Set when processed: the series' code as it was, the number and the year it was taken in. */
    documentSeries: varchar('document_series', { length: 20 }),
    documentNumber: integer('document_number'),
    documentYear: smallint('document_year'),
    documentDate: date('document_date'),
    supplierDocumentNumber: varchar('supplier_document_number', { length: 40 }).notNull().default(''),
    supplierDocumentDate: date('supplier_document_date'),
    transportReason: varchar('transport_reason', { length: 20 }).$type<TransportReason>().notNull(),
    carriedBy: varchar('carried_by', { length: 10 }).$type<CarriedBy>().notNull().default('sender'),
    carrierName: varchar('carrier_name', { length: 200 }).notNull().default(''),
    goodsAppearance: varchar('goods_appearance', { length: 100 }).notNull().default(''),
    packages: integer('packages'),
    weightGrams: integer('weight_grams'),
    notes: text('notes').notNull().default(''),
    givenBackReason: text('given_back_reason'),
    /** Kept with the lines so lists need not count them. */
    lineCount: integer('line_count').notNull().default(0),
    totalQuantity: bigint('total_quantity', { mode: 'number' }).notNull().default(0),
    createdBy: integer('created_by')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    processedBy: integer('processed_by').references(() => users.id, { onDelete: 'restrict' }),
    processedAt: timestamp('processed_at', { withTimezone: true }),
    emailedAt: timestamp('emailed_at', { withTimezone: true }),
    /** The receiving shop's confirmation (shop/bds/archive). */
    receivedBy: integer('received_by').references(() => users.id, { onDelete: 'restrict' }),
    receivedAt: timestamp('received_at', { withTimezone: true }),
    receivedWithDifferences: boolean('received_with_differences').notNull().default(false),
  },
  (table) => [
    index('logistics_files_kind_date_idx').on(table.kind, table.date, table.id),
    index('logistics_files_from_shop_idx').on(table.fromShopId, table.date).where(sql`${table.fromShopId} is not null`),
    index('logistics_files_to_shop_idx').on(table.toShopId, table.date).where(sql`${table.toShopId} is not null`),
    uniqueIndex('logistics_files_document_idx')
      .on(table.documentTypeId, table.documentYear, table.documentNumber)
      .where(sql`${table.documentNumber} is not null`),
    index('logistics_files_series_idx')
      .on(table.documentSeries, table.documentNumber)
      .where(sql`${table.documentNumber} is not null`),
  ],
);

export const logisticsFileLines = pgTable(
  'logistics_file_lines',
  {
    fileId: integer('file_id')
      .notNull()
      .references(() => logisticsFiles.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
    productId: integer('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'restrict' }),
    description: varchar('description', { length: 200 }).notNull().default(''),
    quantity: integer('quantity').notNull(),
    unitPriceCents: bigint('unit_price_cents', { mode: 'number' }),
    lot: varchar('lot', { length: 40 }).notNull().default(''),
    /** What the receiving shop counted, when it differed from the quantity sent. */
    receivedQuantity: integer('received_quantity'),
  },
  (table) => [primaryKey({ columns: [table.fileId, table.position] })],
);

/** What processing moved: one row per line and location, in when positive, out when negative. */
export const stockMovements = pgTable(
  'stock_movements',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    locationType: varchar('location_type', { length: 10 }).$type<StockLocationType>().notNull(),
    locationId: integer('location_id').notNull(),
    productId: integer('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'restrict' }),
    quantity: integer('quantity').notNull(),
    fileId: integer('file_id')
      .notNull()
      .references(() => logisticsFiles.id, { onDelete: 'restrict' }),
    movedOn: date('moved_on').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('stock_movements_location_idx').on(table.locationType, table.locationId, table.productId),
    index('stock_movements_file_idx').on(table.fileId),
  ],
);

/** The sum of a location's movements per product, kept in the transaction that writes them (the stock page reads it). */
export const stockLevels = pgTable(
  'stock_levels',
  {
    locationType: varchar('location_type', { length: 10 }).$type<StockLocationType>().notNull(),
    locationId: integer('location_id').notNull(),
    productId: integer('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'restrict' }),
    moved: bigint('moved', { mode: 'number' }).notNull().default(0),
    lastMovementOn: date('last_movement_on'),
  },
  (table) => [primaryKey({ columns: [table.locationType, table.locationId, table.productId] })],
);

/** Pieces a shop sold per product code, kept as receipts are stored (the stock page's "sold"). */
export const shopProductSales = pgTable(
  'shop_product_sales',
  {
    shopId: integer('shop_id')
      .notNull()
      .references(() => shops.id, { onDelete: 'restrict' }),
    productCode: varchar('product_code', { length: 40 }).notNull(),
    pieces: bigint('pieces', { mode: 'number' }).notNull().default(0),
    lastSoldOn: date('last_sold_on'),
  },
  (table) => [primaryKey({ columns: [table.shopId, table.productCode] })],
);

/** A transport document to check against what logistics processed (documents/manage/rm and /mf). */
export const documentChecks = pgTable(
  'document_checks',
  {
    id: serial('id').primaryKey(),
    type: varchar('type', { length: 2 }).$type<DocumentCheckType>().notNull(),
    date: date('date').notNull(),
    number: integer('number').notNull(),
    serialNumber: varchar('serial_number', { length: 20 }).notNull(),
    validated: boolean('validated').notNull().default(false),
    validatedBy: integer('validated_by').references(() => users.id, { onDelete: 'restrict' }),
    validatedAt: timestamp('validated_at', { withTimezone: true }),
    fileId: integer('file_id').references(() => logisticsFiles.id, { onDelete: 'restrict' }),
    createdBy: integer('created_by')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('document_checks_identity_idx').on(table.type, table.serialNumber, table.number, table.date),
    index('document_checks_number_idx').on(table.type, table.number),
  ],
);
