// The demo's deposits, consistent with its closed days and filled weeks: each shop takes its cash to the bank twice a
// week, on Wednesday (Monday to Wednesday's cash) and on Sunday (Thursday to Sunday's), carried by one of its people
// with a deposit card. A filled week has both, so its weekly cash's deposits are the week's cash. In a week not filled
// yet only what is at least two days old has gone, so the cash to deposit shows a few shops waiting. Deposits older
// than a fortnight are convalidated by accounting.
import { addDays, businessDate, isoWeekday, isoWeekOf } from '@bottega/contracts/dates';
import { and, asc, eq, inArray } from 'drizzle-orm';
import type { Database } from '../../platform/db';
import { cashReports, weeklyCash } from '../cash-register/cash-register.schema';
import { users } from '../employees/employees.schema';
import { shops, userShops } from '../shops/shops.schema';
import { deposits } from './deposits.schema';

/** The trip to the bank a day's cash goes in: Wednesday for Monday to Wednesday, Sunday for the rest. */
function tripOf(date: string): string {
  const weekday = isoWeekday(date);
  return addDays(date, (weekday <= 3 ? 3 : 7) - weekday);
}

export async function seedDemoDeposits(db: Database, options: { now: Date }): Promise<void> {
  const today = businessDate(options.now);
  const [accounting] = await db.select({ id: users.id }).from(users).where(eq(users.username, 'contabilita'));
  const shopRows = await db.select({ id: shops.id }).from(shops).where(eq(shops.closed, false));
  const shopIds = shopRows.map((shop) => shop.id);
  if (shopIds.length === 0) return;
  const people = await db
    .select({ shopId: userShops.shopId, userId: users.id, cardNumber: users.depositCardNumber })
    .from(userShops)
    .innerJoin(users, eq(users.id, userShops.userId))
    .where(and(inArray(userShops.shopId, shopIds), eq(users.employeeType, 'OK')))
    .orderBy(asc(users.id));
  const reports = await db
    .select({ shopId: cashReports.shopId, date: cashReports.businessDate, cash: cashReports.dailyCashCents })
    .from(cashReports)
    .where(and(inArray(cashReports.shopId, shopIds), eq(cashReports.status, 'closed')))
    .orderBy(asc(cashReports.shopId), asc(cashReports.businessDate));
  const filled = new Set(
    (await db.select({ shopId: weeklyCash.shopId, week: weeklyCash.week }).from(weeklyCash)).map(
      (row) => `${row.shopId} ${row.week}`,
    ),
  );
  const fortnightAgo = addDays(today, -14);

  // Per shop and trip: the cash it carries and the last day it covers.
  const trips = new Map<string, { shopId: number; date: string; cents: number; lastDay: string }>();
  for (const report of reports) {
    // A day whose returns paid out more cash than it took lowers what its trip carries.
    if (!report.cash) continue;
    const trip = tripOf(report.date);
    const key = `${report.shopId} ${trip}`;
    const entry = trips.get(key) ?? { shopId: report.shopId, date: trip, cents: 0, lastDay: report.date };
    entry.cents += report.cash;
    entry.lastDay = report.date;
    trips.set(key, entry);
  }
  // A trip whose cash nets to nothing (returns paid out in cash) goes with the week's other one, so each week's
  // deposits still add up to its cash.
  for (const trip of trips.values()) {
    if (trip.cents > 0 || isoWeekday(trip.date) !== 3) continue;
    const sunday = trips.get(`${trip.shopId} ${addDays(trip.date, 4)}`);
    if (!sunday) continue;
    sunday.cents += trip.cents;
    trip.cents = 0;
  }
  for (const trip of trips.values()) {
    if (trip.cents > 0 || isoWeekday(trip.date) !== 7) continue;
    const wednesday = trips.get(`${trip.shopId} ${addDays(trip.date, -4)}`);
    if (!wednesday) continue;
    wednesday.cents += trip.cents;
    wednesday.lastDay = trip.lastDay;
    trip.cents = 0;
  }
  const rows = [...trips.values()].flatMap((trip) => {
    if (trip.cents <= 0) return [];
    const weekFilled = filled.has(`${trip.shopId} ${isoWeekOf(trip.date)}`);
    // A trip not yet due (or too recent in a week not filled) has not happened: that cash still waits.
    if (!weekFilled && (trip.date > today || trip.lastDay > addDays(today, -2))) return [];
    // Deposited at the end of the last day it covers (the shop may not open on the trip's own day).
    const date = trip.lastDay;
    const carriers = people.filter((person) => person.shopId === trip.shopId);
    const carrier = carriers.find((person) => person.cardNumber !== '') ?? carriers[0];
    const convalidated = date < fortnightAgo;
    return [
      {
        shopId: trip.shopId,
        date,
        amountCents: trip.cents,
        carriedBy: carrier?.userId ?? null,
        cardNumber: carrier?.cardNumber ?? '',
        registeredBy: carrier?.userId ?? null,
        state: convalidated ? ('convalidated' as const) : ('entered' as const),
        convalidatedBy: convalidated ? (accounting?.id ?? null) : null,
        convalidatedAt: convalidated ? new Date(`${addDays(date, 3)}T10:00:00Z`) : null,
        createdAt: new Date(`${date}T19:30:00Z`),
        updatedAt: new Date(`${date}T19:30:00Z`),
      },
    ];
  });
  for (let start = 0; start < rows.length; start += 500) {
    await db.insert(deposits).values(rows.slice(start, start + 500));
  }
}
