import { z } from 'zod';
import { shopSummarySchema } from './auth';
import { dataOf } from './common';

/**
 * The dashboard's to-dos (issue 17): what waits for the signed-in person, in the order the list shows them. Each
 * area registers a provider under its key on the server (platform/todos.ts); the web labels it from
 * `dashboard:todos.<key>`. A later area adds its key here, its provider in its module and its label in the locales.
 */
export const todoKeys = [
  // The person's shift in this shop has begun and they have not punched in: the time clock first.
  'shiftToStart',
  // A day partially confirmed by a colleague, waiting for this person to close it: someone is waiting.
  'cashDaySecondConfirmation',
  'cashDayToClose',
  'weeklyCashToFill',
  'fiscalClosesMissing',
  'cashDaysUnclosed',
  'invoiceRequests',
  // Payslips and tax certificates split and waiting for review; the person's own not downloaded yet.
  'payslipsToConvalidate',
  'newPayslips',
  'newTaxCertificates',
  // Shifts: the person's sent weeks not validated yet and next week's availability not said; next week of the shop
  // not sent to its people yet.
  'shiftWeeksToValidate',
  'shiftAvailabilityToChoose',
  'shiftNextWeekToPlan',
  // Deposits: the shop's cash waiting for days to be taken to the bank; the bank's credits waiting to be checked.
  'cashToDeposit',
  'bankCreditsToCheck',
  // Month end: last month's shops not yet convalidated.
  'monthsToConvalidate',
  // Costs incurred: the closed days' expenses waiting for accounting's convalidation.
  'costsToConvalidate',
  // Budgets: the shop's months sent and not confirmed by its staff yet.
  'budgetToConfirm',
  // Tickets: the open tickets of the person's categories waiting for their answer.
  'ticketsToAnswer',
  // Logistics: files of each kind sent for processing, for the office that processes that kind.
  'inFilesToProcess',
  'pickingFilesToProcess',
  'companyPickingFilesToProcess',
  'outFilesToProcess',
  'shopOutFilesToProcess',
  // Logistics: delivery notes addressed to the shop whose arrival its staff has not confirmed yet (shop/bds/archive).
  'deliveryNotesToConfirm',
  // Cameras: the shop's cameras that did not answer their last health check, for who manages them.
  'camerasOffline',
  // Automation: posts an account refused, waiting for a retry; accounts whose token the network no longer takes.
  'postsFailed',
  'socialAccountsToReconnect',
] as const;
export type TodoKey = (typeof todoKeys)[number];

export const todoSchema = z.object({
  key: z.enum(todoKeys),
  /** How many things wait (never 0: an area with nothing waiting answers no item). */
  count: z.number().int().positive(),
  /** The business day of the oldest, YYYY-MM-DD, when it has one. */
  oldest: z.iso.date().nullable(),
  /** Where to do it, an address under /app (the oldest item's screen, or the list of them). */
  link: z.string().startsWith('/app'),
});
export type Todo = z.infer<typeof todoSchema>;
export const todosAnswerSchema = dataOf(z.array(todoSchema));

export const dashboardSchema = dataOf(
  z.object({
    /** Today in the business time zone (Europe/Rome), YYYY-MM-DD. */
    today: z.iso.date(),
    shop: shopSummarySchema,
    /** People who belong to the chosen shop. */
    colleagues: z.number().int(),
    unreadNotifications: z.number().int(),
    /** What waits for this person ("Da fare"), in the order of todoKeys; empty when nothing does. */
    todos: z.array(todoSchema),
  }),
);
export type Dashboard = z.infer<typeof dashboardSchema>['data'];
