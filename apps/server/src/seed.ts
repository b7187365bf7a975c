// Data every installation needs (the nine user groups of spec §6) and the demo data of a first start.
import { type Ability, allAbilities, seededGroupNames } from '@bottega/contracts/permissions';
import { count } from 'drizzle-orm';
import { companies } from './modules/companies/companies.schema';
import { users } from './modules/employees/employees.schema';
import { createNotification } from './modules/notifications/notifications.service';
import { shops, userShops } from './modules/shops/shops.schema';
import { userGroupMembers, userGroups } from './modules/user-groups/user-groups.schema';
import type { Database } from './platform/db';
import { hashPassword } from './platform/passwords';

type GroupName = (typeof seededGroupNames)[number];

/** Every ability of the catalog whose key starts with one of the prefixes. */
function abilitiesUnder(...prefixes: string[]): Ability[] {
  return allAbilities.filter((ability) =>
    prefixes.some((prefix) => ability === prefix || ability.startsWith(`${prefix}.`)),
  );
}

const timeClock: Ability[] = [
  'shifts.view',
  'shifts.choose',
  'employees.popups.nextWeekChoice',
  'employees.popups.startShift',
  'employees.popups.convalidateShift',
];

/** The shop floor without the time clock: their own shop's till, deposits, payslips and tickets. */
const shopStaff: Ability[] = [
  'employees.dashboard',
  'employees.fingerprintRegistration',
  'employees.downloadPayslips',
  'employees.payslips.downloadOwn',
  'employees.popups.budgetConvalidate',
  'taxCertificates.view',
  'shops.cashRegister.view',
  'shops.cashRegister.dailyClose',
  'shops.cashRegister.weekly',
  'shops.cashRegister.mustCloseWithFiscal',
  'shops.cashRegister.mustClosePreviousWeek',
  'shops.bank.deposits.view',
  'shops.bank.deposits.add',
  'shops.costsIncurred.view',
  'shops.costsIncurred.add',
  'shops.invoices.view',
  ...abilitiesUnder('tickets.general'),
];

/**
 * Starting abilities of the nine groups (documented in the README); administrators change them on
 * the user-group screens. Amministratore (id 1) and BOSS hold every ability whatever is stored.
 */
export const defaultGroupAbilities: Record<GroupName, Ability[]> = {
  Amministratore: [],
  Dipendente: [...shopStaff, ...timeClock],
  Contabilità: [
    'employees.dashboard',
    'shops.view',
    'shops.manage.view',
    'shops.manage.list',
    'shops.manage.viewClosed',
    'shops.manage.viewAllList',
    'shops.cashRegister.view',
    'shops.cashRegister.viewUnclosed',
    'shops.cashRegister.viewWeeklyList',
    'shops.companies.view',
    'shops.companies.list',
    ...abilitiesUnder('shops.bank', 'shops.costsIncurred', 'shops.invoices', 'shops.analytics'),
    ...abilitiesUnder('employees.payslips', 'employees.analytics', 'taxCertificates'),
    'adminNotifications.payslipBlacklist',
    'adminNotifications.posBankLoaded',
    'adminNotifications.bankFileUploaded',
    'adminNotifications.reportsConvalidated',
    ...abilitiesUnder('tickets.general'),
  ],
  'Ex Dipendente': ['employees.payslips.downloadOwn', 'taxCertificates.view'],
  Developer: ['employees.dashboard', ...abilitiesUnder('tickets.general', 'tickets.assigned')],
  Ticket: ['employees.dashboard', ...abilitiesUnder('tickets')],
  'Area Controllo': [
    'employees.dashboard',
    'employees.analytics.view',
    'shops.view',
    'shops.manage.view',
    'shops.manage.list',
    'shops.manage.workingHours',
    'shops.cashRegister.view',
    'shops.cashRegister.viewUnclosed',
    'shops.cashRegister.viewWeeklyList',
    'shops.budget.manage',
    'shops.ranking.view',
    'shops.ranking.analytics',
    'shops.analytics.view',
    'shops.analytics.salesReport',
    'shops.analytics.compareInventory',
    'shifts.view',
    'shifts.manage.view',
    'shifts.manage.overview',
    'shifts.analytics.view',
    ...abilitiesUnder('shifts.notifications'),
    'security.video.view',
    'security.video.list',
    ...abilitiesUnder('tickets.general'),
  ],
  'Dipendente NO SHIFTS': shopStaff,
  BOSS: [],
};

/** Idempotent: creates the nine groups on an empty table, in the order that gives Amministratore id 1. */
export async function seedUserGroups(db: Database): Promise<void> {
  const [existing] = await db.select({ value: count() }).from(userGroups);
  if ((existing?.value ?? 0) > 0) return;
  for (const name of seededGroupNames) {
    await db.insert(userGroups).values({ name, permissions: defaultGroupAbilities[name] });
  }
}

export const demoPassword = 'bottega2026';

export const demoUsers: { username: string; name: string; surname: string; group: GroupName; shops: string[] }[] = [
  { username: 'admin', name: 'Alessandra', surname: 'Ferri', group: 'Amministratore', shops: [] },
  { username: 'boss', name: 'Giovanni', surname: 'Bottega', group: 'BOSS', shops: [] },
  { username: 'dipendente', name: 'Marco', surname: 'Rossi', group: 'Dipendente', shops: ['MI01', 'MI02'] },
  { username: 'contabilita', name: 'Laura', surname: 'Bianchi', group: 'Contabilità', shops: [] },
  { username: 'exdipendente', name: 'Paolo', surname: 'Verdi', group: 'Ex Dipendente', shops: [] },
  { username: 'developer', name: 'Sara', surname: 'Conti', group: 'Developer', shops: ['TO01'] },
  { username: 'ticket', name: 'Luca', surname: 'Gallo', group: 'Ticket', shops: ['RM01'] },
  {
    username: 'areacontrollo',
    name: 'Chiara',
    surname: 'Marino',
    group: 'Area Controllo',
    shops: ['MI01', 'MI02', 'TO01'],
  },
  { username: 'noshifts', name: 'Davide', surname: 'Greco', group: 'Dipendente NO SHIFTS', shops: ['RM02'] },
];

const demoCompanies = [
  { name: 'Bottega Moda S.r.l.', companyCode: 'BMODA', vatNumber: '01234567897' },
  { name: 'Bottega Casa S.p.A.', companyCode: 'BCASA', vatNumber: '12345678903' },
];

const demoShops = [
  { company: 'BMODA', code: 'MI01', name: 'Milano Duomo', city: 'Milano' },
  { company: 'BMODA', code: 'MI02', name: 'Milano Navigli', city: 'Milano' },
  { company: 'BMODA', code: 'TO01', name: 'Torino Centro', city: 'Torino' },
  { company: 'BCASA', code: 'RM01', name: 'Roma Termini', city: 'Roma' },
  { company: 'BCASA', code: 'RM02', name: 'Roma EUR', city: 'Roma' },
  { company: 'BCASA', code: 'NA01', name: 'Napoli Toledo', city: 'Napoli' },
];

/** Two companies, six shops and one user in every group; only on an empty database. */
export async function seedDemoData(db: Database): Promise<void> {
  const groups = await db.select({ id: userGroups.id, name: userGroups.name }).from(userGroups);
  const companyIds = new Map<string, number>();
  for (const company of demoCompanies) {
    const [row] = await db.insert(companies).values(company).returning({ id: companies.id });
    companyIds.set(company.companyCode, row?.id as number);
  }
  const shopIds = new Map<string, number>();
  for (const shop of demoShops) {
    const [row] = await db
      .insert(shops)
      .values({ companyId: companyIds.get(shop.company) as number, code: shop.code, name: shop.name, city: shop.city })
      .returning({ id: shops.id });
    shopIds.set(shop.code, row?.id as number);
  }
  const passwordHash = await hashPassword(demoPassword);
  for (const demo of demoUsers) {
    const [user] = await db
      .insert(users)
      .values({
        username: demo.username,
        email: `${demo.username}@bottega.example`,
        passwordHash,
        name: demo.name,
        surname: demo.surname,
        registeredAt: new Date(),
      })
      .returning({ id: users.id });
    const userId = user?.id as number;
    const group = groups.find((candidate) => candidate.name === demo.group);
    if (group) await db.insert(userGroupMembers).values({ userId, groupId: group.id, position: 0 });
    for (const [index, code] of demo.shops.entries()) {
      await db.insert(userShops).values({ userId, shopId: shopIds.get(code) as number, isMain: index === 0 });
    }
    await createNotification({ db, userId, kind: 'welcome', params: { name: demo.name } });
  }
}
