// Reads the permission lines of the product spec's §6 (kept in the repository as spec/permissions-section-6.md, which
// `npm run test:samples` compares with the spec itself) and proves every ability they name has a key in the catalog:
// each line is mapped here to its keys, so a line added to the spec fails until it is mapped.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { allAbilities, notificationEvents, permissionCatalog } from './permissions';

const section6File = path.resolve(path.dirname(new URL(import.meta.url).pathname), '../spec/permissions-section-6.md');

/** `prefix` + each name: the spec's "view/add/edit" shorthand. */
const each = (prefix: string, names: string) => names.split('/').map((name) => `${prefix}.${name}`);

/** Every line of §6 that names abilities, as written in the spec, with the keys it stands for. */
const specLines: Record<string, Record<string, string[]>> = {
  Shops: {
    'section view': ['shops.view'],
    'ranking: view, add position, analytics, competitors view/add/list/edit/delete': [
      ...each('shops.ranking', 'view/addPosition/analytics'),
      ...each('shops.ranking.competitors', 'view/add/list/edit/delete'),
    ],
    'manage: view, list, add, edit, delete, view closed, working hours, view all list': each(
      'shops.manage',
      'view/list/add/edit/delete/viewClosed/workingHours/viewAllList',
    ),
    'bank: upload; balances view/edit/generate; deposits view/check/edit/delete/archive/add; POS archive': [
      'shops.bank.upload',
      ...each('shops.bank.balances', 'view/edit/generate'),
      ...each('shops.bank.deposits', 'view/check/edit/delete/archive/add'),
      'shops.bank.posArchive',
    ],
    'budget manage': ['shops.budget.manage'],
    'cash register: view, weekly, daily close, must close with fiscal, view unclosed, close, close weekly register, view weekly list, must close previous week':
      each(
        'shops.cashRegister',
        'view/weekly/dailyClose/mustCloseWithFiscal/viewUnclosed/close/closeWeekly/viewWeeklyList/mustClosePreviousWeek',
      ),
    'companies: view/list/add/edit/delete': each('shops.companies', 'view/list/add/edit/delete'),
    'costs incurred: view/add/check/edit/delete/archive': each(
      'shops.costsIncurred',
      'view/add/check/edit/delete/archive',
    ),
    'invoices: view/check/archive/edit': each('shops.invoices', 'view/check/archive/edit'),
    'analytics: view, first note, sales report, cash to deposit, convalidate reports, edit reports, compare inventory':
      each(
        'shops.analytics',
        'view/firstNote/salesReport/cashToDeposit/convalidateReports/editReports/compareInventory',
      ),
  },
  Employees: {
    'view, proceed without confirmation, dashboard': each('employees', 'view/proceedWithoutConfirmation/dashboard'),
    'user groups: view/list/add/edit/delete/notifications': each(
      'employees.userGroups',
      'view/list/add/edit/delete/notifications',
    ),
    'manage: list/add/edit/delete/upload management document': each(
      'employees.manage',
      'list/add/edit/delete/uploadManagementDocument',
    ),
    'fingerprint registration': ['employees.fingerprintRegistration'],
    'download payslips': ['employees.downloadPayslips'],
    'payslips: upload/convalidate/archive/delete; blacklist view-add-delete; download own; logs; logs detail; send email':
      [
        ...each('employees.payslips', 'upload/convalidate/archive/delete'),
        ...each('employees.payslips.blacklist', 'view/add/delete'),
        ...each('employees.payslips', 'downloadOwn/logs/logsDetail/sendEmail'),
      ],
    'analytics: view, weekly and monthly reports': each('employees.analytics', 'view/weeklyReports/monthlyReports'),
    'popups: next week choice, start shift, convalidate shift, budget convalidate': each(
      'employees.popups',
      'nextWeekChoice/startShift/convalidateShift/budgetConvalidate',
    ),
  },
  Logistics: {
    'document types and numbers': ['logistics.documentTypesAndNumbers'],
    'in-file, picking file, out-file, shop-out-file: each with view/add/edit/process/download': [
      'inFile',
      'pickingFile',
      'outFile',
      'shopOutFile',
    ].flatMap((file) => each(`logistics.${file}`, 'view/add/edit/process/download')),
    'check documents RM and MF': each('logistics.checkDocuments', 'rm/mf'),
  },
  Shifts: {
    'view, choose': each('shifts', 'view/choose'),
    'receive notifications for late start, early stop, late break end, not started, break started': each(
      'shifts.notifications',
      'lateStart/earlyStop/lateBreakEnd/notStarted/breakStarted',
    ),
    'manage: view/overview/edit/assign/convalidate/rectify': each(
      'shifts.manage',
      'view/overview/edit/assign/convalidate/rectify',
    ),
    'templates: view/list/add/edit/delete': each('shifts.templates', 'view/list/add/edit/delete'),
    'analytics: view/full/edit': each('shifts.analytics', 'view/full/edit'),
  },
  Tickets: {
    'general: view, add, reply, close, archive, opened': each('tickets.general', 'view/add/reply/close/archive/opened'),
    'manage (all tickets): view/list/archive/reply/close/reopen/edit category/remind, plus category list/add/edit/delete/assign':
      [
        ...each('tickets.manage', 'view/list/archive/reply/close/reopen/editCategory/remind'),
        ...each('tickets.manage.categories', 'list/add/edit/delete/assign'),
      ],
    'assigned: list/archive/view/reply/close/reopen/edit category': each(
      'tickets.assigned',
      'list/archive/view/reply/close/reopen/editCategory',
    ),
  },
  Security: {
    'video view, manage categories, list/add/edit/delete, view all': each(
      'security.video',
      'view/manageCategories/list/add/edit/delete/viewAll',
    ),
    'must use MFA': ['security.mustUseMfa'],
    'can reset MFA': ['security.canResetMfa'],
  },
  Customers: {
    'list, create, non-registered, search, all shops, discounted sales': each(
      'customers',
      'list/create/nonRegistered/search/allShops/discountedSales',
    ),
  },
  'Tax certificates': { 'view, upload, list': each('taxCertificates', 'view/upload/list') },
  'Admin notifications': {
    'payslip blacklist, week created, next-week shifts activated, working hours generated, ranking loaded, POS bank loaded, bank file uploaded, reports convalidated':
      each(
        'adminNotifications',
        'payslipBlacklist/weekCreated/nextWeekShiftsActivated/workingHoursGenerated/rankingLoaded/posBankLoaded/bankFileUploaded/reportsConvalidated',
      ),
  },
};

/**
 * Abilities of areas §6 names none for, each with why it exists (the README's design decisions): automation (§1, §2)
 * has screens but no permission line.
 */
const beyondSection6: Record<string, string> = {
  'automation.accounts': 'add, edit, check and remove the social accounts (§2 Automation users)',
  'automation.posts': 'write posts and see them (§2 Automation posts)',
  'automation.publish': 'schedule, publish, cancel and retry posts',
  'automation.videos': 'the video and image library, and recording in the browser (§2 Automation videos)',
  'automation.allShops': 'the accounts and posts of every shop, not only one’s own',
};

/** The ability lines of §6 as they stand in the spec: bullets under a bold heading, or `**Heading**: list`. */
function readSection6(): Record<string, string[]> {
  const body = readFileSync(section6File, 'utf8');
  const lines: Record<string, string[]> = {};
  let heading = '';
  for (const raw of body.split('\n')) {
    const line = raw.trim();
    const inline = /^\*\*(.+?)\*\*:\s*(.+)$/.exec(line);
    const alone = /^\*\*(.+?)\*\*$/.exec(line);
    if (inline?.[1] && inline[2]) lines[inline[1]] = [inline[2].replace(/\.$/, '')];
    else if (alone?.[1]) heading = alone[1];
    else if (line.startsWith('- ') && heading) lines[heading] = [...(lines[heading] ?? []), line.slice(2)];
  }
  return lines;
}

describe('the ability catalog against spec §6', () => {
  const spec = readSection6();

  it('reads the nine permission sections of §6', () => {
    expect(Object.keys(spec)).toEqual(Object.keys(specLines));
  });

  it.each(Object.keys(specLines))('maps every line of %s to keys of the catalog', (heading) => {
    expect(spec[heading]).toEqual(Object.keys(specLines[heading] ?? {}));
    for (const [line, keys] of Object.entries(specLines[heading] ?? {})) {
      const missing = keys.filter((key) => !(allAbilities as readonly string[]).includes(key));
      expect(missing, line).toEqual([]);
    }
  });

  it('has no ability that §6 does not name, but the documented ones of areas §6 is silent on', () => {
    const named = new Set([
      ...Object.values(specLines).flatMap((lines) => Object.values(lines).flat()),
      ...Object.keys(beyondSection6),
    ]);
    expect(allAbilities.filter((ability) => !named.has(ability))).toEqual([]);
  });

  it('groups abilities under their own section and never repeats one', () => {
    for (const [section, abilities] of Object.entries(permissionCatalog)) {
      for (const ability of abilities) expect(ability.startsWith(`${section}.`), ability).toBe(true);
    }
    expect(new Set(allAbilities).size).toBe(allAbilities.length);
  });

  it('offers the admin notifications, the five shift notifications, three of the cash register, the two of one’s own payslips and the two of one’s own weeks of shifts, the budget sent to a shop, the five of tickets, the camera gone offline and the post that failed as events', () => {
    expect(notificationEvents).toHaveLength(28);
  });
});
