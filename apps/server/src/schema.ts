// Every Drizzle table of every area, for the query builder and drizzle-kit.
export * from './modules/auth/auth.schema';
export * from './modules/cash-register/cash-register.schema';
export * from './modules/companies/companies.schema';
export * from './modules/employees/employees.schema';
export * from './modules/expenses/expenses.schema';
export * from './modules/files/files.schema';
export * from './modules/invoices/invoices.schema';
export * from './modules/language/language.schema';
export * from './modules/notifications/notifications.schema';
export * from './modules/sales/sales.schema';
export * from './modules/shops/shops.schema';
export * from './modules/user-groups/user-groups.schema';
export * from './platform/audit.schema';
export * from './platform/mail.schema';
