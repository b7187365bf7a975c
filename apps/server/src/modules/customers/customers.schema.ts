import type { Gender, LoyaltyLevel } from '@bottega/contracts/customers';
import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  boolean,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  serial,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';
import { users } from '../employees/employees.schema';
import { shops } from '../shops/shops.schema';

// The shops' customers and the loyalty club (issue 27). A customer is a loyalty card: the sales feed adds one for
// every card its receipts carry (non-registered customers); registering in the club fills in the person. Points are
// never stored per receipt: they are read from the receipts carrying the card (an index on card and date) plus the
// gifts below, over the rolling window, so a receipt resent, a return or the window moving on needs no bookkeeping.

export const customers = pgTable(
  'customers',
  {
    id: serial('id').primaryKey(),
    /** The loyalty card's number (§3 "credit card number": Bottega stores no payment card data). */
    cardNumber: varchar('card_number', { length: 40 }).notNull().unique(),
    /** The customer's shop: chosen when registering, otherwise the first shop that scanned the card. */
    shopId: integer('shop_id').references(() => shops.id, { onDelete: 'set null' }),
    firstSeenOn: date('first_seen_on'),
    lastPurchaseOn: date('last_purchase_on'),
    firstName: varchar('first_name', { length: 60 }),
    lastName: varchar('last_name', { length: 60 }),
    /** Lower-cased; unique among the customers who have one. */
    email: varchar('email', { length: 254 }),
    passwordHash: text('password_hash'),
    countryCode: varchar('country_code', { length: 5 }),
    phone: varchar('phone', { length: 40 }),
    gender: varchar('gender', { length: 12 }).$type<Gender>(),
    address: varchar('address', { length: 200 }),
    city: varchar('city', { length: 100 }),
    state: varchar('state', { length: 60 }),
    zip: varchar('zip', { length: 10 }),
    birthday: date('birthday'),
    /** Month × 100 + day of the birthday, for the birthday job's daily lookup. */
    birthdayMonthDay: smallint('birthday_month_day').generatedAlwaysAs(
      sql`(extract(month from birthday) * 100 + extract(day from birthday))::smallint`,
    ),
    language: varchar('language', { length: 2 }),
    /** §3 subscribed date: when the customer registered in the club; null for a card nobody registered. */
    subscribedAt: timestamp('subscribed_at', { withTimezone: true }),
    emailConfirmedAt: timestamp('email_confirmed_at', { withTimezone: true }),
    phoneConfirmedAt: timestamp('phone_confirmed_at', { withTimezone: true }),
    privacyConsentAt: timestamp('privacy_consent_at', { withTimezone: true }),
    marketingConsentAt: timestamp('marketing_consent_at', { withTimezone: true }),
    /** The code of the customer's invitation link. */
    inviteCode: varchar('invite_code', { length: 20 }).unique(),
    referredById: integer('referred_by_id').references((): AnyPgColumn => customers.id, { onDelete: 'set null' }),
    /**
     * The client address the customer registered from, as a keyed hash (meaningless without the app key): how many
     * registrations one address made in the last hour, so nobody sends codes to a stream of numbers (SMS pumping).
     */
    registeredFrom: varchar('registered_from', { length: 64 }),
    /** When the customer asked to be forgotten: their data is gone, the card's receipts stay for the books. */
    erasedAt: timestamp('erased_at', { withTimezone: true }),
    /** What the list's search matches: card, names, email and the phone's digits, lower-cased (a trigram index). */
    searchText: text('search_text').generatedAlwaysAs(
      sql`lower(card_number || ' ' || coalesce(first_name, '') || ' ' || coalesce(last_name, '') || ' ' || coalesce(email, '') || ' ' || regexp_replace(coalesce(country_code, '') || coalesce(phone, ''), '[^0-9]', '', 'g'))`,
    ),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('customers_email_idx').on(table.email).where(sql`${table.email} is not null`),
    index('customers_shop_idx').on(table.shopId, table.id),
    index('customers_registered_idx').on(table.subscribedAt).where(sql`${table.subscribedAt} is not null`),
    index('customers_birthday_idx').on(table.birthdayMonthDay).where(sql`${table.subscribedAt} is not null`),
    index('customers_registered_from_idx')
      .on(table.registeredFrom, table.subscribedAt)
      .where(sql`${table.registeredFrom} is not null`),
    index('customers_referred_idx').on(table.referredById).where(sql`${table.referredById} is not null`),
    index('customers_search_idx').using('gin', sql`${table.searchText} gin_trgm_ops`),
    index('customers_city_idx').using('gin', sql`lower(${table.city}) gin_trgm_ops`),
  ],
);

/** Points given without a receipt: the yearly birthday gift and a friend who registered with the invitation. */
export const customerPointAwards = pgTable(
  'customer_point_awards',
  {
    id: serial('id').primaryKey(),
    customerId: integer('customer_id')
      .notNull()
      .references(() => customers.id, { onDelete: 'cascade' }),
    kind: varchar('kind', { length: 10 }).$type<'birthday' | 'referral'>().notNull(),
    points: integer('points').notNull(),
    awardedOn: date('awarded_on').notNull(),
    /** The birthday's year: one gift a year. */
    year: smallint('year'),
    /** The invited friend: one referral per friend. */
    friendId: integer('friend_id').references(() => customers.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('customer_point_awards_customer_idx').on(table.customerId, table.awardedOn),
    uniqueIndex('customer_point_awards_birthday_idx')
      .on(table.customerId, table.year)
      .where(sql`${table.kind} = 'birthday'`),
    uniqueIndex('customer_point_awards_referral_idx').on(table.friendId).where(sql`${table.kind} = 'referral'`),
  ],
);

/** A club session: the customers' own realm, never a staff session. Only the token's SHA-256 is kept. */
export const customerSessions = pgTable(
  'customer_sessions',
  {
    id: serial('id').primaryKey(),
    customerId: integer('customer_id')
      .notNull()
      .references(() => customers.id, { onDelete: 'cascade' }),
    tokenHash: varchar('token_hash', { length: 64 }).notNull().unique(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (table) => [index('customer_sessions_customer_idx').on(table.customerId)],
);

/**
 * A one-time code sent by email or SMS: to confirm the address or number, or to reset the password. Only its
 * SHA-256 (keyed with the app key) is kept; it expires, is spent on use and after too many wrong tries. The rows
 * are also §3's OTP counts: codes sent per email and per phone number.
 */
export const customerOtps = pgTable(
  'customer_otps',
  {
    id: serial('id').primaryKey(),
    customerId: integer('customer_id')
      .notNull()
      .references(() => customers.id, { onDelete: 'cascade' }),
    channel: varchar('channel', { length: 5 }).$type<'email' | 'sms'>().notNull(),
    purpose: varchar('purpose', { length: 10 }).$type<'confirm' | 'reset'>().notNull(),
    /** The email (lower-cased) or the phone number (+country code and digits) it went to. */
    destination: varchar('destination', { length: 254 }).notNull(),
    codeHash: varchar('code_hash', { length: 64 }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    attempts: smallint('attempts').notNull().default(0),
    usedAt: timestamp('used_at', { withTimezone: true }),
  },
  (table) => [
    index('customer_otps_destination_idx').on(table.destination, table.createdAt),
    index('customer_otps_customer_idx').on(table.customerId, table.channel, table.purpose, table.createdAt),
  ],
);

/** The club's settings: one row. */
export const clubSettings = pgTable('club_settings', {
  id: smallint('id').primaryKey().default(1),
  levels: jsonb('levels').$type<LoyaltyLevel[]>().notNull(),
  registrationSuspended: boolean('registration_suspended').notNull().default(false),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  updatedBy: integer('updated_by').references(() => users.id, { onDelete: 'set null' }),
});
