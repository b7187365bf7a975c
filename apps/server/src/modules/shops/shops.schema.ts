import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  date,
  index,
  integer,
  pgTable,
  primaryKey,
  serial,
  smallint,
  text,
  time,
  timestamp,
  varchar,
} from 'drizzle-orm/pg-core';
import { companies } from '../companies/companies.schema';
import { users } from '../employees/employees.schema';

/** A shop with every field of spec §3; the router password is stored encrypted with the app key. */
export const shops = pgTable(
  'shops',
  {
    id: serial('id').primaryKey(),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'restrict' }),
    name: varchar('name', { length: 200 }).notNull(),
    /** The business / deposit id the shop is known by in the till and the bank. */
    code: varchar('code', { length: 50 }).notNull().unique(),
    address: varchar('address', { length: 200 }).notNull().default(''),
    country: varchar('country', { length: 2 }).notNull().default('IT'),
    province: varchar('province', { length: 2 }).notNull().default(''),
    city: varchar('city', { length: 100 }).notNull().default(''),
    cap: varchar('cap', { length: 10 }).notNull().default(''),
    phone: varchar('phone', { length: 30 }).notNull().default(''),
    email: varchar('email', { length: 254 }).notNull().default(''),
    fiscalPrinterIp: varchar('fiscal_printer_ip', { length: 45 }),
    routerIp: varchar('router_ip', { length: 45 }),
    routerUsername: varchar('router_username', { length: 100 }),
    /** AES-256-GCM under the app key: the router password must be reusable, so it cannot be hashed. */
    routerPasswordEncrypted: text('router_password_encrypted'),
    accountNumber: varchar('account_number', { length: 50 }).notNull().default(''),
    merchantCode: varchar('merchant_code', { length: 50 }).notNull().default(''),
    closed: boolean('closed').notNull().default(false),
    closedOn: date('closed_on'),
    section: varchar('section', { length: 100 }).notNull().default(''),
    isRanked: boolean('is_ranked').notNull().default(false),
    hasRankingPortal: boolean('has_ranking_portal').notNull().default(false),
    rankingPortal: varchar('ranking_portal', { length: 100 }),
    /** Minutes the time clock waits before calling a start late or missing, a stop early or a break long (issue 20). */
    shiftGraceMinutes: smallint('shift_grace_minutes').notNull().default(5),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('shops_company_idx').on(table.companyId),
    index('shops_section_idx').on(table.section),
    index('shops_name_idx').on(sql`lower(${table.name})`),
  ],
);

/** Which shops a user belongs to; the main one is the employee's businessPoint. */
export const userShops = pgTable(
  'user_shops',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    shopId: integer('shop_id')
      .notNull()
      .references(() => shops.id, { onDelete: 'cascade' }),
    isMain: boolean('is_main').notNull().default(false),
  },
  (table) => [primaryKey({ columns: [table.userId, table.shopId] }), index('user_shops_shop_idx').on(table.shopId)],
);

/** Days a shop stays closed (holidays, works, inventory), besides being closed for good. */
export const shopClosureDays = pgTable(
  'shop_closure_days',
  {
    shopId: integer('shop_id')
      .notNull()
      .references(() => shops.id, { onDelete: 'cascade' }),
    day: date('day').notNull(),
    reason: varchar('reason', { length: 200 }).notNull().default(''),
  },
  (table) => [primaryKey({ columns: [table.shopId, table.day] })],
);

/** Opening hours per ISO weekday (1 Monday … 7 Sunday); several slots make a split opening. */
export const shopWorkingHours = pgTable(
  'shop_working_hours',
  {
    shopId: integer('shop_id')
      .notNull()
      .references(() => shops.id, { onDelete: 'cascade' }),
    weekday: smallint('weekday').notNull(),
    slot: smallint('slot').notNull(),
    opensAt: time('opens_at').notNull(),
    closesAt: time('closes_at').notNull(),
  },
  (table) => [
    primaryKey({ columns: [table.shopId, table.weekday, table.slot] }),
    check('shop_working_hours_weekday', sql`${table.weekday} BETWEEN 1 AND 7`),
    check('shop_working_hours_order', sql`${table.opensAt} < ${table.closesAt}`),
  ],
);
