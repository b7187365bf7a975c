import { boolean, index, integer, pgTable, primaryKey, serial, varchar } from 'drizzle-orm/pg-core';
import { companies } from '../companies/companies.schema';
import { users } from '../employees/employees.schema';

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
    city: varchar('city', { length: 100 }).notNull().default(''),
    closed: boolean('closed').notNull().default(false),
  },
  (table) => [index('shops_company_idx').on(table.companyId)],
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
