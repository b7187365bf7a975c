// Data every installation needs (the nine user groups of spec §6) and the demo data of a first start.
import { type FileKind, splitFilePath } from '@bottega/contracts/files';
import {
  type Ability,
  allAbilities,
  isAdminGroup,
  notificationEventCatalog,
  notificationEvents,
  seededGroupNames,
} from '@bottega/contracts/permissions';
import { count } from 'drizzle-orm';
import type { Config } from './config';
import { seedDemoAutomation } from './modules/automation/automation.seed';
import { seedDemoBalances } from './modules/balances/balances.seed';
import { seedDemoBudgets } from './modules/budgets/budgets.seed';
import { seedDemoCameras } from './modules/cameras/cameras.seed';
import { seedDemoCashReports } from './modules/cash-register/cash-register.seed';
import { companies } from './modules/companies/companies.schema';
import { seedDemoCustomers } from './modules/customers/customers.seed';
import { seedDemoDeposits } from './modules/deposits/deposits.seed';
import { users } from './modules/employees/employees.schema';
import { fileEntries } from './modules/files/files.schema';
import { companyRoot } from './modules/files/files.service';
import { seedDemoDocumentChecks } from './modules/logistics/document-checks.seed';
import { seedDemoLogisticsFiles, seedDemoLogisticsRegistry } from './modules/logistics/logistics.seed';
import { seedDemoPayslips } from './modules/payslips/payslips.seed';
import { seedDemoPosSettlement } from './modules/pos/pos.seed';
import { seedDemoRankings } from './modules/rankings/rankings.demo';
import { isDemoDatabase, markDemoDatabase, seedDemoSales } from './modules/sales/sales.seed';
import { seedDemoShifts } from './modules/shifts/shifts.seed';
import { shopClosureDays, shops, shopWorkingHours, userShops } from './modules/shops/shops.schema';
import { seedDemoTickets } from './modules/tickets/tickets.seed';
import { userGroupMembers, userGroupNotifications, userGroups } from './modules/user-groups/user-groups.schema';
import { type Database, databaseIsEmpty, type Executor } from './platform/db';
import { hashPassword } from './platform/passwords';
import type { Storage } from './platform/storage';
import { writeWebNotifications } from './platform/web-notifications';

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
  'shops.cashRegister.close',
  'shops.cashRegister.weekly',
  'shops.cashRegister.closeWeekly',
  'shops.cashRegister.mustCloseWithFiscal',
  'shops.cashRegister.mustClosePreviousWeek',
  'shops.bank.deposits.view',
  'shops.bank.deposits.add',
  'shops.costsIncurred.view',
  'shops.costsIncurred.add',
  'shops.invoices.view',
  ...abilitiesUnder('tickets.general'),
  // What the warehouse picked for the shop, and what the shop sends back (issue 25).
  'logistics.pickingFile.view',
  'logistics.pickingFile.download',
  'logistics.shopOutFile.view',
  'logistics.shopOutFile.add',
  'logistics.shopOutFile.edit',
  'logistics.shopOutFile.download',
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
    // Every logistics file read and downloaded, and the RM and MF document checks (issue 25).
    ...abilitiesUnder('logistics').filter((ability) => /\.(view|download)$/.test(ability)),
    'logistics.checkDocuments.rm',
    'logistics.checkDocuments.mf',
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
    // Their shops' customers and club members, and the discounts given (issue 27); editing members and the club's
    // settings stay with the administrators.
    'customers.list',
    'customers.search',
    'customers.nonRegistered',
    'customers.discountedSales',
  ],
  'Dipendente NO SHIFTS': shopStaff,
  BOSS: [],
};

/** Idempotent: creates the nine groups on an empty table, in the order that gives Amministratore id 1. */
export async function seedUserGroups(db: Database): Promise<void> {
  const [existing] = await db.select({ value: count() }).from(userGroups);
  if ((existing?.value ?? 0) > 0) return;
  for (const name of seededGroupNames) {
    const [group] = await db
      .insert(userGroups)
      .values({ name, permissions: defaultGroupAbilities[name] })
      .returning({ id: userGroups.id });
    const administrators = isAdminGroup(group ? { id: group.id, name } : undefined);
    // Out of the box each group hears in the app of every event it may receive, administrators of the company's by
    // email too, and everybody of their own payslips by email too (a former employee rarely opens the app); each
    // group's page changes that (/app/usersGroup/notification/{id}/edit).
    const events = notificationEvents.filter(
      (event) => administrators || defaultGroupAbilities[name].includes(notificationEventCatalog[event].ability),
    );
    if (group && events.length > 0) {
      await db.insert(userGroupNotifications).values(
        events.map((event) => ({
          groupId: group.id,
          event,
          channels:
            notificationEventCatalog[event].scope === 'person' ||
            (administrators && notificationEventCatalog[event].scope === 'company')
              ? ['email', 'web']
              : ['web'],
        })),
      );
    }
  }
}

export const demoPassword = 'bottega2026';

type DemoEmployeeData = Partial<
  Pick<
    typeof users.$inferInsert,
    | 'matricola'
    | 'phone'
    | 'fiscalCode'
    | 'birthday'
    | 'engagementDate'
    | 'identityCardNumber'
    | 'address'
    | 'city'
    | 'cap'
    | 'iban'
    | 'bic'
    | 'bankName'
    | 'depositCardNumber'
    | 'employeeType'
  >
>;

/**
 * One user in every group, with employee data of spec §3: each fiscal code agrees with its birthday
 * and passes the check character, each IBAN is a real-shaped Italian one (CIN and mod 97 correct).
 */
export const demoUsers: {
  username: string;
  name: string;
  surname: string;
  group: GroupName;
  shops: string[];
  employee: DemoEmployeeData;
}[] = [
  {
    username: 'admin',
    name: 'Alessandra',
    surname: 'Ferri',
    group: 'Amministratore',
    shops: [],
    employee: {
      matricola: 'M0001',
      phone: '+39 02 8050 1101',
      fiscalCode: 'FRRLSN75C54F205I',
      birthday: '1975-03-14',
      engagementDate: '2008-02-01',
      identityCardNumber: 'CA12345AB',
      address: 'Via Manzoni 14',
      city: 'Milano',
      cap: '20121',
      iban: 'IT90N0306901600100000012345',
      bic: 'BCITITMM',
      bankName: 'Intesa Sanpaolo',
    },
  },
  {
    username: 'boss',
    name: 'Giovanni',
    surname: 'Bottega',
    group: 'BOSS',
    shops: [],
    employee: {
      matricola: 'M0002',
      phone: '+39 055 234 5678',
      fiscalCode: 'BTTGNN62S02D612A',
      birthday: '1962-11-02',
      engagementDate: '1995-09-01',
      identityCardNumber: 'CA98765ZX',
      address: 'Via dei Calzaiuoli 7',
      city: 'Firenze',
      cap: '50122',
      iban: 'IT06F0103002800000061234567',
      bic: 'PASCITMM',
      bankName: 'Banca Monte dei Paschi di Siena',
    },
  },
  {
    username: 'dipendente',
    name: 'Marco',
    surname: 'Rossi',
    group: 'Dipendente',
    shops: ['MI01', 'MI02'],
    employee: {
      matricola: 'M0103',
      phone: '+39 347 123 4567',
      fiscalCode: 'RSSMRC90H21F205T',
      birthday: '1990-06-21',
      engagementDate: '2019-03-11',
      identityCardNumber: 'CA55501RT',
      address: 'Corso di Porta Ticinese 45',
      city: 'Milano',
      cap: '20123',
      iban: 'IT66B0200801602000104567890',
      bic: 'UNCRITMM',
      bankName: 'UniCredit',
      depositCardNumber: '5301 0000 0000 0103',
    },
  },
  {
    // Marco's colleague at Milano Duomo: the cash day is closed by two different people.
    username: 'commessa',
    name: 'Giulia',
    surname: 'Neri',
    group: 'Dipendente',
    shops: ['MI01'],
    employee: {
      matricola: 'M0117',
      phone: '+39 349 765 4321',
      fiscalCode: 'NREGLI95D52F205A',
      birthday: '1995-04-12',
      engagementDate: '2022-09-05',
      identityCardNumber: 'CA77120GN',
      address: 'Via Paolo Sarpi 21',
      city: 'Milano',
      cap: '20154',
      iban: 'IT63X0306909606100000067890',
      bic: 'BCITITMM',
      bankName: 'Intesa Sanpaolo',
      depositCardNumber: '5301 0000 0000 0117',
    },
  },
  {
    username: 'contabilita',
    name: 'Laura',
    surname: 'Bianchi',
    group: 'Contabilità',
    shops: [],
    employee: {
      matricola: 'M0024',
      phone: '+39 035 412 9087',
      fiscalCode: 'BNCLRA84P48A794R',
      birthday: '1984-09-08',
      engagementDate: '2012-05-02',
      identityCardNumber: 'CA44120LB',
      address: 'Via XX Settembre 3',
      city: 'Bergamo',
      cap: '24122',
      iban: 'IT11M0503411701000000123456',
      bic: 'BAPPIT21',
      bankName: 'Banco BPM',
    },
  },
  {
    username: 'exdipendente',
    name: 'Paolo',
    surname: 'Verdi',
    group: 'Ex Dipendente',
    shops: [],
    employee: {
      matricola: 'M0057',
      phone: '+39 333 765 4321',
      fiscalCode: 'VRDPLA79A30L219S',
      birthday: '1979-01-30',
      engagementDate: '2010-10-04',
      identityCardNumber: 'AX3021987',
      address: 'Via Po 21',
      city: 'Torino',
      cap: '10124',
      iban: 'IT93H0623001000000046512398',
      bic: 'CRPPIT2P',
      bankName: 'Crédit Agricole Italia',
      employeeType: 'EX',
    },
  },
  {
    username: 'developer',
    name: 'Sara',
    surname: 'Conti',
    group: 'Developer',
    shops: ['TO01'],
    employee: {
      matricola: 'M0140',
      phone: '+39 349 880 1122',
      fiscalCode: 'CNTSRA93D52L219H',
      birthday: '1993-04-12',
      engagementDate: '2021-09-15',
      identityCardNumber: 'CA77231SC',
      address: 'Via Garibaldi 18',
      city: 'Torino',
      cap: '10122',
      iban: 'IT44N0538701000000000765432',
      bic: 'BPMOIT22',
      bankName: 'BPER Banca',
    },
  },
  {
    username: 'ticket',
    name: 'Luca',
    surname: 'Gallo',
    group: 'Ticket',
    shops: ['RM01'],
    employee: {
      matricola: 'M0118',
      phone: '+39 06 4470 2233',
      fiscalCode: 'GLLLCU88T05H501K',
      birthday: '1988-12-05',
      engagementDate: '2017-01-09',
      identityCardNumber: 'CA30982LG',
      address: 'Via Nazionale 60',
      city: 'Roma',
      cap: '00184',
      iban: 'IT08J0306909400100000067890',
      bic: 'BCITITMM',
      bankName: 'Intesa Sanpaolo',
      depositCardNumber: '5301 0000 0000 0118',
    },
  },
  {
    username: 'areacontrollo',
    name: 'Chiara',
    surname: 'Marino',
    group: 'Area Controllo',
    shops: ['MI01', 'MI02', 'TO01'],
    employee: {
      matricola: 'M0031',
      phone: '+39 02 8050 1130',
      fiscalCode: 'MRNCHR81L59F839H',
      birthday: '1981-07-19',
      engagementDate: '2013-06-17',
      identityCardNumber: 'CA61874CM',
      address: 'Viale Monza 102',
      city: 'Milano',
      cap: '20127',
      iban: 'IT85L0200805000000401234567',
      bic: 'UNCRITMM',
      bankName: 'UniCredit',
    },
  },
  {
    // Registration not completed yet (see below): the office has entered only the work data.
    username: 'noshifts',
    name: 'Davide',
    surname: 'Greco',
    group: 'Dipendente NO SHIFTS',
    shops: ['RM02'],
    employee: { matricola: 'M0162', engagementDate: '2026-10-01', depositCardNumber: '5301 0000 0000 0162' },
  },
];

/** Partite IVA with a correct check digit (the same check the company form makes). */
const demoCompanies = [
  { name: 'Bottega Moda S.r.l.', companyCode: 'BMODA', vatNumber: '08712340150' },
  { name: 'Bottega Casa S.p.A.', companyCode: 'BCASA', vatNumber: '10945670965' },
];

/** Monday to Saturday with a split opening (a longer afternoon on Saturday); closed on Sunday. */
const splitOpening = (morning: [string, string], afternoon: [string, string], saturdayCloses: string) =>
  [1, 2, 3, 4, 5, 6].flatMap((weekday) => [
    { weekday, slot: 1, opensAt: morning[0], closesAt: morning[1] },
    { weekday, slot: 2, opensAt: afternoon[0], closesAt: weekday === 6 ? saturdayCloses : afternoon[1] },
  ]);

const demoShops = [
  {
    company: 'BMODA',
    values: {
      code: 'MI01',
      name: 'Milano Duomo',
      address: 'Via Torino 21',
      province: 'MI',
      city: 'Milano',
      cap: '20123',
      phone: '+39 02 8645 2210',
      email: 'milano.duomo@bottega.example',
      fiscalPrinterIp: '192.168.11.20',
      routerIp: '192.168.11.1',
      routerUsername: 'bottega-mi01',
      accountNumber: '000012345671',
      merchantCode: '4570011021',
      section: 'Nord',
      isRanked: true,
      hasRankingPortal: true,
      rankingPortal: 'retailRanking',
    },
    hours: splitOpening(['10:00', '13:30'], ['14:30', '19:30'], '20:00'),
  },
  {
    company: 'BMODA',
    values: {
      code: 'MI02',
      name: 'Milano Navigli',
      address: 'Ripa di Porta Ticinese 55',
      province: 'MI',
      city: 'Milano',
      cap: '20143',
      phone: '+39 02 8940 3317',
      email: 'milano.navigli@bottega.example',
      fiscalPrinterIp: '192.168.12.20',
      routerIp: '192.168.12.1',
      routerUsername: 'bottega-mi02',
      accountNumber: '000012345672',
      merchantCode: '4570011022',
      section: 'Nord',
      isRanked: true,
    },
    hours: splitOpening(['09:30', '13:00'], ['15:00', '19:30'], '20:00'),
  },
  {
    company: 'BMODA',
    values: {
      code: 'TO01',
      name: 'Torino Centro',
      address: 'Via Garibaldi 12',
      province: 'TO',
      city: 'Torino',
      cap: '10122',
      phone: '+39 011 562 7788',
      email: 'torino.centro@bottega.example',
      fiscalPrinterIp: '192.168.13.20',
      routerIp: '192.168.13.1',
      routerUsername: 'bottega-to01',
      accountNumber: '000012345673',
      merchantCode: '4570011023',
      section: 'Nord',
      isRanked: true,
    },
    hours: splitOpening(['09:30', '12:30'], ['15:30', '19:30'], '19:30'),
  },
  {
    company: 'BCASA',
    values: {
      code: 'RM01',
      name: 'Roma Termini',
      address: 'Via Nazionale 180',
      province: 'RM',
      city: 'Roma',
      cap: '00184',
      phone: '+39 06 4782 1190',
      email: 'roma.termini@bottega.example',
      fiscalPrinterIp: '192.168.21.20',
      routerIp: '192.168.21.1',
      routerUsername: 'bottega-rm01',
      accountNumber: '000098765431',
      merchantCode: '4570022031',
      section: 'Centro',
      isRanked: true,
      hasRankingPortal: true,
      rankingPortal: 'retailRanking',
    },
    hours: splitOpening(['09:00', '13:00'], ['15:30', '19:30'], '20:00'),
  },
  {
    company: 'BCASA',
    values: {
      code: 'RM02',
      name: 'Roma EUR',
      address: 'Viale Europa 120',
      province: 'RM',
      city: 'Roma',
      cap: '00144',
      phone: '+39 06 5922 4405',
      email: 'roma.eur@bottega.example',
      fiscalPrinterIp: '192.168.22.20',
      routerIp: '192.168.22.1',
      routerUsername: 'bottega-rm02',
      accountNumber: '000098765432',
      merchantCode: '4570022032',
      section: 'Centro',
      isRanked: false,
    },
    hours: splitOpening(['09:30', '13:00'], ['16:00', '20:00'], '20:00'),
  },
  {
    company: 'BCASA',
    values: {
      code: 'NA01',
      name: 'Napoli Toledo',
      address: 'Via Toledo 256',
      province: 'NA',
      city: 'Napoli',
      cap: '80134',
      phone: '+39 081 551 3362',
      email: 'napoli.toledo@bottega.example',
      fiscalPrinterIp: '192.168.31.20',
      routerIp: '192.168.31.1',
      routerUsername: 'bottega-na01',
      accountNumber: '000098765433',
      merchantCode: '4570022033',
      section: 'Sud',
      isRanked: true,
    },
    hours: splitOpening(['09:30', '13:30'], ['16:30', '20:00'], '20:30'),
  },
];

/** The holidays every shop closes on, in the year of the first start (and New Year's Day after it). */
function demoClosureDays(year: number) {
  return [
    { day: `${year}-12-25`, reason: 'Natale' },
    { day: `${year}-12-26`, reason: 'Santo Stefano' },
    { day: `${year + 1}-01-01`, reason: 'Capodanno' },
  ];
}

/**
 * Two companies, six shops, one user in every group and a few company documents; only on an empty
 * database. They are written in one transaction with the mark that the demo created the database,
 * which is what lets the demo's simulated registers and printers write to it later. `sales` adds the
 * catalogue and 90 days of the shops' sales, their cash reports and five weeks of shifts with their punches, which
 * a first start shows and test apps leave out unless a test needs them (ingesting them takes seconds).
 */
export async function seedDemoData(
  db: Database,
  storage: Storage,
  options: { sales?: boolean; now?: Date } = {},
): Promise<void> {
  const now = options.now ?? new Date();
  await db.transaction(async (tx) => {
    const groups = await tx.select({ id: userGroups.id, name: userGroups.name }).from(userGroups);
    const companyIds = new Map<string, number>();
    for (const company of demoCompanies) {
      const [row] = await tx.insert(companies).values(company).returning({ id: companies.id });
      companyIds.set(company.companyCode, row?.id as number);
    }
    const shopIds = new Map<string, number>();
    for (const shop of demoShops) {
      const [row] = await tx
        .insert(shops)
        .values({ companyId: companyIds.get(shop.company) as number, ...shop.values })
        .returning({ id: shops.id });
      const shopId = row?.id as number;
      shopIds.set(shop.values.code, shopId);
      await tx.insert(shopWorkingHours).values(shop.hours.map((slot) => ({ shopId, ...slot })));
      const closures = demoClosureDays(now.getFullYear());
      await tx.insert(shopClosureDays).values(closures.map((closure) => ({ shopId, ...closure })));
    }
    const passwordHash = await hashPassword(demoPassword);
    const welcomes: Parameters<typeof writeWebNotifications>[1] = [];
    for (const demo of demoUsers) {
      const [user] = await tx
        .insert(users)
        .values({
          username: demo.username,
          email: `${demo.username}@bottega.example`,
          passwordHash,
          name: demo.name,
          surname: demo.surname,
          ...demo.employee,
          // noshifts has not completed registration yet, so the demo shows that flow (spec §4).
          registeredAt: demo.username === 'noshifts' ? null : new Date(),
        })
        .returning({ id: users.id });
      const userId = user?.id as number;
      const group = groups.find((candidate) => candidate.name === demo.group);
      if (group) await tx.insert(userGroupMembers).values({ userId, groupId: group.id, position: 0 });
      for (const [index, code] of demo.shops.entries()) {
        await tx.insert(userShops).values({ userId, shopId: shopIds.get(code) as number, isMain: index === 0 });
      }
      welcomes.push({ userId, kind: 'welcome', params: { name: demo.name }, link: '/app/user' });
    }
    // One statement and one push job for all of them.
    await writeWebNotifications(tx, welcomes);
    await seedDemoFiles(tx, storage);
    await seedDemoTickets(tx, { now });
    await seedDemoLogisticsRegistry(tx, { companyIds });
    await markDemoDatabase(tx, { now });
  });
  if (options.sales) {
    await seedDemoSales(db, { now });
    // The cards the sales carried are customers now: the demo's club members are six of them.
    await seedDemoCustomers(db, { now, password: demoPassword });
    await seedDemoCashReports(db, { now });
    await seedDemoDeposits(db, { now });
    await seedDemoBalances(db, { now });
    await seedDemoPosSettlement(db, { storage, now });
    await seedDemoShifts(db, { now });
    await seedDemoRankings(db, { now });
    await seedDemoBudgets(db, { now });
    await seedDemoLogisticsFiles(db, { storage, now });
    await seedDemoDocumentChecks(db);
  }
}

/** What a start runs of the demo, and why not when it was asked for. */
export type DemoMode = {
  /** The database is the demo's own (its mark was written with its records). */
  demoDatabase: boolean;
  /** The demo's registers keep sending sales. */
  salesFeed: boolean;
  fiscalPrinterSimulator: boolean;
  /** The simulated Telegram Bot API stands in for the bot (main.ts points the app's Telegram settings at it). */
  telegramSimulator: boolean;
  /** main.ts starts the simulated cameras the demo's cameras point at. */
  cameraSimulator: boolean;
  /** main.ts starts the simulated SMS provider the club's phone codes go to. */
  smsSimulator: boolean;
  /** main.ts starts the simulated social network the demo's accounts publish to. */
  socialSimulator: boolean;
  /** Settings asked for what this database may not receive: said at start-up. */
  refused: string[];
};

/**
 * Start-up: seeds the demo into an empty database when SEED_DEMO is on, then decides what of the demo runs.
 * Simulated sales, printer closes and Telegram chats only ever go to a database the demo created; on any other one
 * a SEED_DEMO, FISCAL_PRINTER_SIMULATOR or TELEGRAM_SIMULATOR left on is reported and ignored rather than refusing
 * to start, so a stray setting can neither take production down, write invented receipts into its books nor send
 * its people's notifications to a bot that exists on one machine only.
 */
export async function prepareDemo(options: {
  db: Database;
  storage: Storage;
  config: Pick<Config, 'seedDemo' | 'fiscalPrinter' | 'telegram' | 'cameras' | 'sms' | 'social' | 'appKey'>;
  now: Date;
}): Promise<DemoMode> {
  const { db, config, now } = options;
  const seededNow = config.seedDemo && (await databaseIsEmpty(db));
  if (seededNow) {
    await seedDemoData(db, options.storage, { sales: true, now });
    // Sealed with this installation's app key, so seeded here where the key is known.
    await seedDemoPayslips(db, { storage: options.storage, appKey: config.appKey, now, uploadedBy: 'contabilita' });
    // The demo's cameras point at the simulator's address of this start (CAMERA_SIMULATOR_PORT).
    await seedDemoCameras(db, {
      appKey: config.appKey,
      simulatorUrl: `http://127.0.0.1:${config.cameras.simulatorPort}`,
    });
    // The demo's social accounts publish to the simulator's address of this start (SOCIAL_SIMULATOR_PORT).
    await seedDemoAutomation(db, {
      storage: options.storage,
      appKey: config.appKey,
      simulatorUrl: `http://127.0.0.1:${config.social.simulatorPort}`,
      now,
    });
  }
  const demoDatabase = await isDemoDatabase(db);
  const refused: string[] = [];
  if (!demoDatabase && config.seedDemo) refused.push('SEED_DEMO');
  if (!demoDatabase && config.fiscalPrinter.simulator) refused.push('FISCAL_PRINTER_SIMULATOR');
  if (!demoDatabase && config.telegram.simulator) refused.push('TELEGRAM_SIMULATOR');
  if (!demoDatabase && config.cameras.simulator) refused.push('CAMERA_SIMULATOR');
  if (!demoDatabase && config.sms.simulator) refused.push('SMS_SIMULATOR');
  if (!demoDatabase && config.social.simulator) refused.push('SOCIAL_SIMULATOR');
  const salesFeed = demoDatabase && config.seedDemo;
  // A demo left stopped catches up with what its registers sold meanwhile.
  if (salesFeed && !seededNow) await seedDemoSales(db, { now });
  return {
    demoDatabase,
    salesFeed,
    fiscalPrinterSimulator: demoDatabase && config.fiscalPrinter.simulator,
    telegramSimulator: demoDatabase && config.telegram.simulator,
    cameraSimulator: demoDatabase && config.cameras.simulator,
    smsSimulator: demoDatabase && config.sms.simulator,
    socialSimulator: demoDatabase && config.social.simulator,
    refused,
  };
}

/** A one-page PDF showing `lines`, written by hand: the byte offsets of its objects make its index. */
function demoPdf(lines: string[]): Uint8Array {
  const text = lines.map((line, index) => `BT /F1 12 Tf 56 ${780 - index * 18} Td (${line}) Tj ET`).join('\n');
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Resources << /Font << /F1 4 0 R >> >> /Contents 5 0 R >>',
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>',
    `<< /Length ${text.length} >>\nstream\n${text}\nendstream`,
  ];
  let pdf = '%PDF-1.4\n';
  const offsets = objects.map((object, index) => {
    const offset = pdf.length;
    pdf += `${index + 1} 0 obj\n${object}\nendobj\n`;
    return offset;
  });
  const xref = pdf.length;
  pdf += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  pdf += offsets.map((offset) => `${String(offset).padStart(10, '0')} 00000 n \n`).join('');
  pdf += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return new TextEncoder().encode(pdf);
}

/** A 24×24 green chequered square, the demo logo. */
const demoLogoPng =
  'iVBORw0KGgoAAAANSUhEUgAAABgAAAAYCAIAAABvFaqvAAAANElEQVR42mPQn+dCFcRAE4Mu/7wBR8SL08YgUjVjig9/gwZfrI2mo9F0NJqO6Blrg6IWAQDcfaFGKc+CPgAAAABJRU5ErkJggg==';

/** The company documents of the demo, so the file manager opens on something. */
async function seedDemoFiles(db: Executor, storage: Storage): Promise<void> {
  const text = (content: string) => new TextEncoder().encode(content);
  const folders = ['/Procedure', '/Moduli', '/Listini'];
  const files: { path: string; kind: FileKind; mimeType: string; bytes: Uint8Array }[] = [
    {
      path: '/Procedure/Chiusura cassa.txt',
      kind: 'text',
      mimeType: 'text/plain',
      bytes: text(
        'Chiusura cassa giornaliera\n\n' +
          '1. Stampare la chiusura fiscale dal registratore di cassa.\n' +
          '2. Contare il contante e annotare i pagamenti elettronici.\n' +
          '3. Inserire i totali nella chiusura di cassa del gestionale: devono coincidere con i dati fiscali.\n' +
          '4. Preparare il versamento e conservare lo scontrino di chiusura.\n',
      ),
    },
    {
      path: '/Procedure/Apertura negozio.md',
      kind: 'text',
      mimeType: 'text/markdown',
      bytes: text(
        '# Apertura negozio\n\n- Disattivare l’allarme\n- Accendere luci e registratore di cassa\n- Timbrare l’inizio turno\n',
      ),
    },
    {
      path: '/Moduli/Richiesta ferie.pdf',
      kind: 'pdf',
      mimeType: 'application/pdf',
      bytes: demoPdf([
        'Richiesta ferie',
        'Nome e cognome: ______________________',
        'Negozio: ______________   Dal: ___/___/______   Al: ___/___/______',
        'Firma: ______________________',
      ]),
    },
    {
      path: '/Listini/Listino 2026.csv',
      kind: 'text',
      mimeType: 'text/csv',
      bytes: text(
        'codice;descrizione;prezzo\nA001;Borsa in pelle;129,00\nA002;Portafoglio;49,90\nA003;Cintura;35,00\n',
      ),
    },
    { path: '/Logo.png', kind: 'image', mimeType: 'image/png', bytes: Buffer.from(demoLogoPng, 'base64') },
  ];
  await db.insert(fileEntries).values(
    folders.map((path) => ({
      root: companyRoot.key,
      path,
      parent: '/',
      name: path.slice(1),
      kind: 'folder' as const,
    })),
  );
  for (const file of files) {
    const { dirname, basename } = splitFilePath(file.path);
    const storageKey = await storage.put(companyRoot.area, file.bytes, basename.slice(basename.lastIndexOf('.') + 1));
    await db.insert(fileEntries).values({
      root: companyRoot.key,
      path: file.path,
      parent: dirname,
      name: basename,
      kind: file.kind,
      size: file.bytes.byteLength,
      mimeType: file.mimeType,
      storageKey,
    });
  }
}
