// The ability catalog of spec §6: every key a route can require and a user group can be granted.
// Keys are stable strings `<section>.<group…>.<ability>`; their labels and descriptions live in the
// locales (permissions namespace), and a test proves every ability named in §6 has its key here.

export const permissionCatalog = {
  shops: [
    'shops.view',
    'shops.ranking.view',
    'shops.ranking.addPosition',
    'shops.ranking.analytics',
    'shops.ranking.competitors.view',
    'shops.ranking.competitors.add',
    'shops.ranking.competitors.list',
    'shops.ranking.competitors.edit',
    'shops.ranking.competitors.delete',
    'shops.manage.view',
    'shops.manage.list',
    'shops.manage.add',
    'shops.manage.edit',
    'shops.manage.delete',
    'shops.manage.viewClosed',
    'shops.manage.workingHours',
    'shops.manage.viewAllList',
    'shops.bank.upload',
    'shops.bank.balances.view',
    'shops.bank.balances.edit',
    'shops.bank.balances.generate',
    'shops.bank.deposits.view',
    'shops.bank.deposits.check',
    'shops.bank.deposits.edit',
    'shops.bank.deposits.delete',
    'shops.bank.deposits.archive',
    'shops.bank.deposits.add',
    'shops.bank.posArchive',
    'shops.budget.manage',
    'shops.cashRegister.view',
    'shops.cashRegister.weekly',
    'shops.cashRegister.dailyClose',
    'shops.cashRegister.mustCloseWithFiscal',
    'shops.cashRegister.viewUnclosed',
    'shops.cashRegister.close',
    'shops.cashRegister.closeWeekly',
    'shops.cashRegister.viewWeeklyList',
    'shops.cashRegister.mustClosePreviousWeek',
    'shops.companies.view',
    'shops.companies.list',
    'shops.companies.add',
    'shops.companies.edit',
    'shops.companies.delete',
    'shops.costsIncurred.view',
    'shops.costsIncurred.add',
    'shops.costsIncurred.check',
    'shops.costsIncurred.edit',
    'shops.costsIncurred.delete',
    'shops.costsIncurred.archive',
    'shops.invoices.view',
    'shops.invoices.check',
    'shops.invoices.archive',
    'shops.invoices.edit',
    'shops.analytics.view',
    'shops.analytics.firstNote',
    'shops.analytics.salesReport',
    'shops.analytics.cashToDeposit',
    'shops.analytics.convalidateReports',
    'shops.analytics.editReports',
    'shops.analytics.compareInventory',
  ],
  employees: [
    'employees.view',
    'employees.proceedWithoutConfirmation',
    'employees.dashboard',
    'employees.userGroups.view',
    'employees.userGroups.list',
    'employees.userGroups.add',
    'employees.userGroups.edit',
    'employees.userGroups.delete',
    'employees.userGroups.notifications',
    'employees.manage.list',
    'employees.manage.add',
    'employees.manage.edit',
    'employees.manage.delete',
    'employees.manage.uploadManagementDocument',
    'employees.fingerprintRegistration',
    'employees.downloadPayslips',
    'employees.payslips.upload',
    'employees.payslips.convalidate',
    'employees.payslips.archive',
    'employees.payslips.delete',
    'employees.payslips.blacklist.view',
    'employees.payslips.blacklist.add',
    'employees.payslips.blacklist.delete',
    'employees.payslips.downloadOwn',
    'employees.payslips.logs',
    'employees.payslips.logsDetail',
    'employees.payslips.sendEmail',
    'employees.analytics.view',
    'employees.analytics.weeklyReports',
    'employees.analytics.monthlyReports',
    'employees.popups.nextWeekChoice',
    'employees.popups.startShift',
    'employees.popups.convalidateShift',
    'employees.popups.budgetConvalidate',
  ],
  logistics: [
    'logistics.documentTypesAndNumbers',
    'logistics.inFile.view',
    'logistics.inFile.add',
    'logistics.inFile.edit',
    'logistics.inFile.process',
    'logistics.inFile.download',
    'logistics.pickingFile.view',
    'logistics.pickingFile.add',
    'logistics.pickingFile.edit',
    'logistics.pickingFile.process',
    'logistics.pickingFile.download',
    'logistics.outFile.view',
    'logistics.outFile.add',
    'logistics.outFile.edit',
    'logistics.outFile.process',
    'logistics.outFile.download',
    'logistics.shopOutFile.view',
    'logistics.shopOutFile.add',
    'logistics.shopOutFile.edit',
    'logistics.shopOutFile.process',
    'logistics.shopOutFile.download',
    'logistics.checkDocuments.rm',
    'logistics.checkDocuments.mf',
  ],
  shifts: [
    'shifts.view',
    'shifts.choose',
    'shifts.notifications.lateStart',
    'shifts.notifications.earlyStop',
    'shifts.notifications.lateBreakEnd',
    'shifts.notifications.notStarted',
    'shifts.notifications.breakStarted',
    'shifts.manage.view',
    'shifts.manage.overview',
    'shifts.manage.edit',
    'shifts.manage.assign',
    'shifts.manage.convalidate',
    'shifts.manage.rectify',
    'shifts.templates.view',
    'shifts.templates.list',
    'shifts.templates.add',
    'shifts.templates.edit',
    'shifts.templates.delete',
    'shifts.analytics.view',
    'shifts.analytics.full',
    'shifts.analytics.edit',
  ],
  tickets: [
    'tickets.general.view',
    'tickets.general.add',
    'tickets.general.reply',
    'tickets.general.close',
    'tickets.general.archive',
    'tickets.general.opened',
    'tickets.manage.view',
    'tickets.manage.list',
    'tickets.manage.archive',
    'tickets.manage.reply',
    'tickets.manage.close',
    'tickets.manage.reopen',
    'tickets.manage.editCategory',
    'tickets.manage.remind',
    'tickets.manage.categories.list',
    'tickets.manage.categories.add',
    'tickets.manage.categories.edit',
    'tickets.manage.categories.delete',
    'tickets.manage.categories.assign',
    'tickets.assigned.list',
    'tickets.assigned.archive',
    'tickets.assigned.view',
    'tickets.assigned.reply',
    'tickets.assigned.close',
    'tickets.assigned.reopen',
    'tickets.assigned.editCategory',
  ],
  security: [
    'security.video.view',
    'security.video.manageCategories',
    'security.video.list',
    'security.video.add',
    'security.video.edit',
    'security.video.delete',
    'security.video.viewAll',
    'security.mustUseMfa',
    'security.canResetMfa',
  ],
  customers: [
    'customers.list',
    'customers.create',
    'customers.nonRegistered',
    'customers.search',
    'customers.allShops',
    'customers.discountedSales',
  ],
  // Not in §6, which names no ability for the automation area (issue 28): the accounts, the posts, the library, and
  // the reach beyond one's own shops' accounts (the README's design decisions).
  automation: [
    'automation.accounts',
    'automation.posts',
    'automation.publish',
    'automation.videos',
    'automation.allShops',
  ],
  taxCertificates: ['taxCertificates.view', 'taxCertificates.upload', 'taxCertificates.list'],
  adminNotifications: [
    'adminNotifications.payslipBlacklist',
    'adminNotifications.weekCreated',
    'adminNotifications.nextWeekShiftsActivated',
    'adminNotifications.workingHoursGenerated',
    'adminNotifications.rankingLoaded',
    'adminNotifications.posBankLoaded',
    'adminNotifications.bankFileUploaded',
    'adminNotifications.reportsConvalidated',
  ],
} as const;

export type PermissionSection = keyof typeof permissionCatalog;
export type Ability = (typeof permissionCatalog)[PermissionSection][number];

export const permissionSections = Object.keys(permissionCatalog) as PermissionSection[];
export const allAbilities: readonly Ability[] = Object.values(permissionCatalog).flat();
const abilitySet: ReadonlySet<string> = new Set(allAbilities);

export function isAbility(value: string): value is Ability {
  return abilitySet.has(value);
}

/** The group an ability is shown under: every segment but the last (`shops.bank.balances`). */
export function abilityGroup(ability: Ability): string {
  return ability.slice(0, ability.lastIndexOf('.'));
}

/**
 * What a route needs: nobody signed in, any signed-in user, one ability, or any one of several — or a signed-in
 * customer of the loyalty club (`customer`), a realm of its own: a staff session never passes it, nor a club session
 * anything else.
 */
export type Access = 'public' | 'authenticated' | 'customer' | Ability | { anyOf: readonly Ability[] };

/** The abilities a route's access asks for (any one of them lets the caller through); none when it asks for none. */
export function accessAbilities(access: Access): readonly Ability[] {
  if (access === 'public' || access === 'authenticated' || access === 'customer') return [];
  return typeof access === 'string' ? [access] : access.anyOf;
}

/**
 * The "view all" abilities: without them, the abilities of their area reach only the shops the
 * user belongs to (spec §6 and the permissions issue).
 */
export const viewAllAbilities = {
  shops: 'shops.manage.viewAllList',
  cameras: 'security.video.viewAll',
  customers: 'customers.allShops',
  automation: 'automation.allShops',
} as const satisfies Record<string, Ability>;

type ShiftNotification = Extract<(typeof permissionCatalog.shifts)[number], `shifts.notifications.${string}`>;
type NotificationEventSpec = {
  /** Who may receive it: holders of this ability (administrators hold every one). */
  ability: Ability;
  /**
   * A shop's event reaches that shop's people and whoever sees all shops; a company's, every holder; a person's,
   * only the people it names (their own payslip), if they hold the ability.
   */
  scope: 'company' | 'shop' | 'person';
};

/**
 * Events people are notified of: spec §6 Admin notifications and Shifts notifications (each its own ability), and
 * the cash register's, which reach whoever holds the ability of the work they ask for. `notify()` takes only these;
 * each group chooses its channels per event (/app/usersGroup/notification/{id}/edit).
 */
export const notificationEventCatalog = {
  ...(Object.fromEntries(
    permissionCatalog.adminNotifications.map((ability) => [ability, { ability, scope: 'company' }]),
  ) as Record<(typeof permissionCatalog.adminNotifications)[number], NotificationEventSpec>),
  ...(Object.fromEntries(
    permissionCatalog.shifts
      .filter((ability) => ability.startsWith('shifts.notifications.'))
      .map((ability) => [ability, { ability, scope: 'shop' }]),
  ) as Record<ShiftNotification, NotificationEventSpec>),
  /** A colleague partially confirmed the day: it waits for someone else to close it. */
  'cashRegister.awaitingConfirmation': { ability: 'shops.cashRegister.close', scope: 'shop' },
  /** Closing time came and the printer's daily close of the day is still missing. */
  'cashRegister.fiscalCloseMissing': { ability: 'shops.cashRegister.dailyClose', scope: 'shop' },
  /** Sunday evening: the week's cash may be filled now. */
  'cashRegister.weeklyCashDue': { ability: 'shops.cashRegister.closeWeekly', scope: 'shop' },
  /** A post the person wrote could not be published to one of its accounts (issue 28). */
  'automation.postFailed': { ability: 'automation.posts', scope: 'person' },
  /** The person's payslip was convalidated: it can be downloaded. */
  'payslips.available': { ability: 'employees.payslips.downloadOwn', scope: 'person' },
  /** The person's tax certificate (CU) was convalidated. */
  'taxCertificates.available': { ability: 'taxCertificates.view', scope: 'person' },
  /** The person's shifts of a week were sent to them: their weekly summary waits for their validation. */
  'shifts.weekSent': { ability: 'shifts.view', scope: 'person' },
  /** A week already sent to the person was rectified where it concerns them: their summary waits again. */
  'shifts.weekRectified': { ability: 'shifts.view', scope: 'person' },
  /** A month's budget was sent to the shop: its staff confirm it. */
  'budgets.sent': { ability: 'employees.popups.budgetConvalidate', scope: 'shop' },
  /** A ticket was filed under a category the person handles (or under one below it). */
  'tickets.created': { ability: 'tickets.assigned.view', scope: 'person' },
  /** The shop's side replied on a ticket the person handles. */
  'tickets.replied': { ability: 'tickets.assigned.view', scope: 'person' },
  /** The office answered the person's own ticket. */
  'tickets.answered': { ability: 'tickets.general.view', scope: 'person' },
  /** A ticket was moved to a category the person handles. */
  'tickets.moved': { ability: 'tickets.assigned.view', scope: 'person' },
  /** Management reminds the person of a ticket they handle (out of the box by email, like every person's event). */
  'tickets.reminded': { ability: 'tickets.assigned.view', scope: 'person' },
  /** A camera of the shop stopped answering its health check (issue 26): whoever manages the shop's cameras. */
  'cameras.offline': { ability: 'security.video.list', scope: 'shop' },
} as const satisfies Record<string, NotificationEventSpec>;
export type NotificationEvent = keyof typeof notificationEventCatalog;
export const notificationEvents = Object.keys(notificationEventCatalog) as NotificationEvent[];
export const notificationChannels = ['email', 'web', 'telegram'] as const;
export type NotificationChannel = (typeof notificationChannels)[number];

/** The nine groups of spec §6, seeded in this order so Amministratore gets id 1. */
export const seededGroupNames = [
  'Amministratore',
  'Dipendente',
  'Contabilità',
  'Ex Dipendente',
  'Developer',
  'Ticket',
  'Area Controllo',
  'Dipendente NO SHIFTS',
  'BOSS',
] as const;

export const ADMIN_GROUP_ID = 1;
export const BOSS_GROUP_NAME = 'BOSS';
export const DEVELOPER_GROUP_NAME = 'Developer';

/** Spec §6: admin when the first group is BOSS or has id 1; developer when it is Developer. */
export function isAdminGroup(first: { id: number; name: string } | undefined): boolean {
  return first !== undefined && (first.id === ADMIN_GROUP_ID || first.name === BOSS_GROUP_NAME);
}

/** Who hands abilities out: an administrator, or someone holding `abilities`. */
export type Delegator = { isAdmin: boolean; abilities: ReadonlySet<string> };

/**
 * Delegation (issue 16): nobody grants, or changes a group holding, an ability they do not hold
 * themselves, so holding `employees.userGroups.edit` is never a way to every other ability; only
 * administrators touch the administrator groups (which hold every ability). Used wherever abilities
 * are granted: a group's abilities and notifications, and who may be put in a group.
 */
export function mayDelegate(
  actor: Delegator,
  group: { id: number; name: string; permissions: readonly string[] },
): boolean {
  if (actor.isAdmin) return true;
  if (isAdminGroup(group)) return false;
  return group.permissions.every((ability) => !isAbility(ability) || actor.abilities.has(ability));
}

export function isDeveloperGroup(first: { id: number; name: string } | undefined): boolean {
  return first?.name === DEVELOPER_GROUP_NAME;
}
