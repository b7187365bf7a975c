// The demo's budgets (issue 23): this month's for three shops, each in another state of the workflow — Milano Duomo's
// sent and waiting for its staff (so Marco, signing in there, meets the sign-in popup), Milano Navigli's confirmed,
// Torino Centro's a draft for the area manager to finish and send. Each is the last four weeks' takings per open day,
// 5 % up, to the hundred euro, spread by the weekday shape of those weeks (the demo keeps 90 days of sales, not a
// year), so the dashboard's progress reads near 100 %.
import { roundingOptions, spreadBudget, weekdayShape } from '@bottega/contracts/budgets';
import { addDays, businessDate, monthDates } from '@bottega/contracts/dates';
import { and, eq, gte, inArray, lte } from 'drizzle-orm';
import type { Executor } from '../../platform/db';
import { notify } from '../../platform/notify';
import { users } from '../employees/employees.schema';
import { salesDays } from '../sales/sales.schema';
import { shops } from '../shops/shops.schema';
import { budgetDays, budgets } from './budgets.schema';
import { budgetSentNotice, openDays } from './budgets.service';

const demoStates = { MI01: 'sent', MI02: 'confirmed', TO01: 'created' } as const;

export async function seedDemoBudgets(db: Executor, options: { now: Date }): Promise<void> {
  const today = businessDate(options.now);
  const month = today.slice(0, 7);
  const dates = monthDates(month);
  const since = addDays(today, -28);
  const shopRows = await db
    .select({ id: shops.id, code: shops.code, name: shops.name })
    .from(shops)
    .where(inArray(shops.code, Object.keys(demoStates)));
  const people = await db
    .select({ id: users.id, username: users.username })
    .from(users)
    .where(inArray(users.username, ['areacontrollo', 'dipendente']));
  const manager = people.find((person) => person.username === 'areacontrollo')?.id ?? null;
  const employee = people.find((person) => person.username === 'dipendente')?.id ?? null;
  for (const shop of shopRows) {
    const recent = await db
      .select({ date: salesDays.businessDate, cents: salesDays.takingsCents })
      .from(salesDays)
      .where(
        and(eq(salesDays.shopId, shop.id), gte(salesDays.businessDate, since), lte(salesDays.businessDate, today)),
      );
    const open = await openDays(db, shop.id, dates);
    const openCount = [...open.values()].filter(Boolean).length;
    const sold = recent.filter((day) => day.cents > 0);
    const perDay = sold.length > 0 ? sold.reduce((sum, day) => sum + day.cents, 0) / sold.length : 500_00;
    const wanted = Math.round(perDay * openCount * 1.05);
    // The §5 rounding prompt's hundred euro, as an area manager would have taken it.
    const salesCents = roundingOptions(wanted).at(-1) ?? wanted;
    const days = spreadBudget({
      totalCents: salesCents,
      days: dates.map((date) => ({ date, open: open.get(date) ?? true })),
      shape: weekdayShape(recent.map((day) => ({ date: day.date, cents: day.cents }))),
    });
    const state = demoStates[shop.code as keyof typeof demoStates];
    const [row] = await db
      .insert(budgets)
      .values({
        shopId: shop.id,
        month,
        salesCents,
        averageReceiptCents: 48_00,
        piecesPerReceipt: 220,
        notes: '',
        state,
        createdBy: manager,
        createdAt: options.now,
        ...(state === 'created' ? {} : { sentBy: manager, sentAt: options.now }),
        ...(state === 'confirmed' ? { confirmedBy: employee, confirmedAt: options.now } : {}),
      })
      .returning({ id: budgets.id });
    const budgetId = row?.id as number;
    await db.insert(budgetDays).values(days.map((day) => ({ budgetId, ...day })));
    if (state === 'sent') await notify(db, { ...budgetSentNotice(shop, month), actorId: manager });
  }
}
