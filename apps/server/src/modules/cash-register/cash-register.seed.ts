// The demo's cash-register history: the shops' past days closed by two of their people with the figures of the
// sales feed and the printer's close, and their weeks' weekly cash filled, so the screens open on a lived-in
// company. A few days are left for the demo to close: Milano Duomo's last three days before today (and with them
// that week's weekly cash; the journeys close Thursday and Saturday; Friday is a day the printer disagrees with the
// register, which only the management may accept) and Napoli's last two, which show in the unclosed days.
import { cashCountOf, weeklyCashOpensAtHour } from '@bottega/contracts/cash-register';
import { businessDate, isoWeekDays, isoWeekOf } from '@bottega/contracts/dates';
import { and, asc, eq, inArray, lt } from 'drizzle-orm';
import { romeWallInstant } from '../../integrations/fiscal-printer/epson-fiscal-printer';
import type { Database } from '../../platform/db';
import { users } from '../employees/employees.schema';
import { fiscalCloses, salesDays } from '../sales/sales.schema';
import { demoFiscalPrinter } from '../sales/sales.seed';
import { ingestFiscalCloses } from '../sales/sales-ingest.service';
import { shops, userShops } from '../shops/shops.schema';
import { cashReports, weeklyCash } from './cash-register.schema';

/** The till's float every demo shop keeps: 200 €. */
const demoCashFundCents = 20_000;

/** Days left open per shop code (the last ones before today); the others close every past day. */
const leftOpen: Record<string, number> = { MI01: 3, NA01: 2 };

export async function seedDemoCashReports(db: Database, options: { now: Date }): Promise<void> {
  const today = businessDate(options.now);
  const currentWeek = isoWeekOf(today);
  const shopRows = await db.select({ id: shops.id, code: shops.code }).from(shops).where(eq(shops.closed, false));
  const [admin] = await db.select({ id: users.id }).from(users).where(eq(users.username, 'admin'));
  const [boss] = await db.select({ id: users.id }).from(users).where(eq(users.username, 'boss'));
  const people = await db
    .select({ shopId: userShops.shopId, userId: userShops.userId })
    .from(userShops)
    .where(
      inArray(
        userShops.shopId,
        shopRows.map((shop) => shop.id),
      ),
    )
    .orderBy(asc(userShops.userId));

  for (const shop of shopRows) {
    const days = await db
      .select()
      .from(salesDays)
      .where(and(eq(salesDays.shopId, shop.id), lt(salesDays.businessDate, today)))
      .orderBy(asc(salesDays.businessDate));
    if (days.length === 0) continue;
    const openDays = new Set(days.slice(days.length - (leftOpen[shop.code] ?? 0)).map((day) => day.businessDate));
    const toClose = days.filter((day) => !openDays.has(day.businessDate));

    // A close the printer's agent never sent was read from the printer before the day was closed.
    const closes = new Map(
      (
        await db
          .select()
          .from(fiscalCloses)
          .where(and(eq(fiscalCloses.shopId, shop.id), lt(fiscalCloses.businessDate, today)))
      ).map((close) => [close.businessDate, close]),
    );
    const unread = toClose.filter((day) => !closes.has(day.businessDate));
    if (unread.length > 0) {
      const printer = await demoFiscalPrinter(db, shop.code);
      const records = unread.flatMap((day) => {
        const close = printer?.closeOf(day.businessDate);
        return close && printer ? [{ ...close, deviceSerial: printer.serial, businessDate: day.businessDate }] : [];
      });
      if (records.length > 0) {
        await ingestFiscalCloses({ db, shopId: shop.id, clientId: null, source: 'printer', records, lng: 'it' });
        for (const close of await db.select().from(fiscalCloses).where(eq(fiscalCloses.shopId, shop.id))) {
          closes.set(close.businessDate, close);
        }
      }
    }

    const staff = people.filter((person) => person.shopId === shop.id).map((person) => person.userId);
    // Two different people: the shop's first two, or the managers where a shop has fewer.
    const first = staff[0] ?? admin?.id ?? null;
    const second = staff.find((id) => id !== first) ?? [boss?.id, admin?.id].find((id) => id && id !== first) ?? null;
    const reports = toClose.flatMap((day) => {
      const close = closes.get(day.businessDate);
      if (!close) return [];
      const agrees = close.totalCents === day.takingsCents;
      return [
        {
          shopId: shop.id,
          businessDate: day.businessDate,
          status: 'closed' as const,
          totalCents: day.takingsCents,
          creditCardCents: day.creditCardCents,
          bancomatCents: day.bancomatCents,
          posSubtotalCents: day.creditCardCents + day.bancomatCents,
          fiscalPosCents: close.electronicPaymentsCents,
          cancelledCents: day.cancelledCents,
          returnsCents: day.returnsCents,
          vouchersCents: day.voucherCents,
          dailyCashCents: day.cashCents,
          cashFundCents: demoCashFundCents,
          returnedReceiptsCount: day.returnsCount,
          returnedPiecesCount: day.returnedPieces,
          receiptsCount: day.receiptsCount,
          piecesCount: day.pieces,
          loyaltyCustomersCount: day.loyaltyCustomers,
          comments: agrees ? '' : 'Differenza con la stampante fiscale verificata con la contabilità.',
          fiscalDifferenceAccepted: agrees
            ? null
            : 'Differenza con la stampante fiscale verificata con la contabilità.',
          cashCount: cashCountOf(day.cashCents + demoCashFundCents),
          version: 3,
          partialBy: first,
          partialAt: new Date(romeWallInstant(day.businessDate, '20:05') as string),
          closedBy: second,
          closedAt: new Date(romeWallInstant(day.businessDate, '20:20') as string),
          createdBy: first,
          createdAt: new Date(romeWallInstant(day.businessDate, '19:40') as string),
          updatedBy: second,
          updatedAt: new Date(romeWallInstant(day.businessDate, '20:20') as string),
        },
      ];
    });
    if (reports.length > 0) await db.insert(cashReports).values(reports).onConflictDoNothing();

    // Every past week whose days are all closed has its weekly cash, filled on its Sunday evening.
    const closedDays = new Map(reports.map((report) => [report.businessDate, report]));
    const weeks = [...new Set(days.map((day) => isoWeekOf(day.businessDate)))].filter((week) => week < currentWeek);
    const weekly = weeks.flatMap((week) => {
      const weekDays = days.filter((day) => isoWeekOf(day.businessDate) === week);
      if (weekDays.some((day) => !closedDays.has(day.businessDate))) return [];
      const sum = (pick: (report: (typeof reports)[number]) => number) =>
        weekDays.reduce((total, day) => total + pick(closedDays.get(day.businessDate) as (typeof reports)[number]), 0);
      const cash = sum((report) => report.dailyCashCents);
      const sunday = isoWeekDays(week)[6] as string;
      return [
        {
          shopId: shop.id,
          week,
          totalCents: sum((report) => report.totalCents),
          posCents: sum((report) => report.posSubtotalCents),
          dailyCashCents: cash,
          expensesCents: 0,
          cashFundCents: demoCashFundCents,
          depositsCents: cash,
          differenceCents: 0,
          filledBy: first,
          filledAt: new Date(romeWallInstant(sunday, `${weeklyCashOpensAtHour + 1}:00`) as string),
        },
      ];
    });
    if (weekly.length > 0) await db.insert(weeklyCash).values(weekly).onConflictDoNothing();
  }
}
