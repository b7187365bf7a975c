import { pgTable, serial, varchar } from 'drizzle-orm/pg-core';

export const companies = pgTable('companies', {
  id: serial('id').primaryKey(),
  name: varchar('name', { length: 200 }).notNull(),
  companyCode: varchar('company_code', { length: 50 }).notNull().unique(),
  vatNumber: varchar('vat_number', { length: 11 }).notNull(),
});
