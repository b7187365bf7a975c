// TanStack Query keys of the cash register's screens, shared by its hooks so a change refreshes what shows it.
export const cashRegisterKeys = {
  all: ['cash-register'] as const,
  report: (reportId: number) => ['cash-register', 'report', reportId] as const,
  /** What a report holds: sales details, receipts, invoices, expenses, attachments. */
  reportPart: (reportId: number, part: string) => ['cash-register', 'report', reportId, part] as const,
  month: (shopId: number, month: string) => ['cash-register', 'month', shopId, month] as const,
  unclosed: ['cash-register', 'unclosed'] as const,
  weekly: (shopId: number) => ['cash-register', 'weekly', shopId] as const,
  expenseAuthorisations: (shopId: number) => ['cash-register', 'expense-authorisations', shopId] as const,
};
