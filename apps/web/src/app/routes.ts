// Every feature's screens, assembled once: the router and the side menu both read this list.
import { analyticsRoutes } from '../features/analytics/analytics.routes';
import { automationRoutes } from '../features/automation/automation.routes';
import { balancesRoutes } from '../features/balances/balances.routes';
import { budgetsRoutes } from '../features/budgets/budgets.routes';
import { camerasRoutes } from '../features/cameras/cameras.routes';
import { cashRegisterRoutes } from '../features/cash-register/cash-register.routes';
import { companiesRoutes } from '../features/companies/companies.routes';
import { customersRoutes } from '../features/customers/customers.routes';
import { dashboardRoutes } from '../features/dashboard/dashboard.routes';
import { deliveryNotesRoutes } from '../features/delivery-notes/delivery-notes.routes';
import { depositsRoutes } from '../features/deposits/deposits.routes';
import { developerRoutes } from '../features/developer/developer.routes';
import { documentsRoutes } from '../features/documents/documents.routes';
import { employeesRoutes } from '../features/employees/employees.routes';
import { expensesRoutes } from '../features/expenses/expenses.routes';
import { filesRoutes } from '../features/files/files.routes';
import { invoicesRoutes } from '../features/invoices/invoices.routes';
import { logisticsRoutes } from '../features/logistics/logistics.routes';
import { monthEndRoutes } from '../features/month-end/month-end.routes';
import { notificationsRoutes } from '../features/notifications/notifications.routes';
import { ownPayslipsRoutes, payslipsRoutes } from '../features/payslips/payslips.routes';
import { posRoutes } from '../features/pos/pos.routes';
import { profileRoutes } from '../features/profile/profile.routes';
import { rankingsRoutes } from '../features/rankings/rankings.routes';
import { reportsRoutes } from '../features/reports/reports.routes';
import { salesRoutes } from '../features/sales/sales.routes';
import { shiftAnalyticsRoutes } from '../features/shift-analytics/shift-analytics.routes';
import { ownShiftsRoutes, shiftsRoutes } from '../features/shifts/shifts.routes';
import { shopsRoutes } from '../features/shops/shops.routes';
import { staffAnalyticsRoutes } from '../features/staff-analytics/staff-analytics.routes';
import { stockRoutes } from '../features/stock/stock.routes';
import { ticketCategoriesRoutes } from '../features/ticket-categories/ticket-categories.routes';
import { ticketsRoutes } from '../features/tickets/tickets.routes';
import { timeClockRoutes } from '../features/time-clock/time-clock.routes';
import { userGroupsRoutes } from '../features/user-groups/user-groups.routes';
import type { AppRoute } from './app-route';

export const appRoutes: AppRoute[] = [
  ...dashboardRoutes,
  ...developerRoutes,
  ...employeesRoutes,
  // First of Accountancy, as spec §2 lists it.
  ...staffAnalyticsRoutes,
  ...payslipsRoutes,
  ...shiftsRoutes,
  ...shiftAnalyticsRoutes,
  ...userGroupsRoutes,
  ...shopsRoutes,
  ...salesRoutes,
  ...cashRegisterRoutes,
  ...depositsRoutes,
  ...expensesRoutes,
  ...balancesRoutes,
  ...posRoutes,
  ...monthEndRoutes,
  ...rankingsRoutes,
  ...budgetsRoutes,
  ...reportsRoutes,
  ...analyticsRoutes,
  ...invoicesRoutes,
  // Security video (issue 26), between Ranks and Tickets as spec §2 lists the sections.
  ...camerasRoutes,
  ...ticketsRoutes,
  ...logisticsRoutes,
  // Issue 25: the shop's delivery notes (shop), stock (logistics), the RM and MF document checks (documents).
  ...deliveryNotesRoutes,
  ...stockRoutes,
  ...documentsRoutes,
  // Marketing (issue 27)
  ...customersRoutes,
  ...automationRoutes,
  ...timeClockRoutes,
  ...companiesRoutes,
  ...ticketCategoriesRoutes,
  ...filesRoutes,
  ...profileRoutes,
  ...ownPayslipsRoutes,
  ...ownShiftsRoutes,
  ...notificationsRoutes,
];
