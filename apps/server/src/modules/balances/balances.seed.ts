// The demo's month-end balances: accounting (contabilita) generated every ended month the demo's closed reports
// reach, through the same service as the screen, and corrected one shop's last month with a reason, so the month view
// shows a stored amount apart from the computed one.
import { businessDate, monthDays, shiftMonth } from '@bottega/contracts/dates';
import { asc, eq, min } from 'drizzle-orm';
import type { Database } from '../../platform/db';
import { loadUserAccess, type SessionContext } from '../../platform/sessions';
import { cashReports } from '../cash-register/cash-register.schema';
import { users } from '../employees/employees.schema';
import { balances } from './balances.schema';
import { editBalance, generateBalances } from './balances.service';

export async function seedDemoBalances(db: Database, options: { now: Date }): Promise<void> {
  const [accounting] = await db
    .select({ id: users.id, name: users.name, surname: users.surname })
    .from(users)
    .where(eq(users.username, 'contabilita'));
  const [first] = await db
    .select({ date: min(cashReports.businessDate) })
    .from(cashReports)
    .where(eq(cashReports.status, 'closed'));
  if (!accounting || !first?.date) return;
  const viewer: SessionContext = {
    sessionId: 'demo-seed',
    userId: accounting.id,
    shopId: null,
    shop: null,
    remember: false,
    user: { id: accounting.id, name: accounting.name, surname: accounting.surname, avatar: null, lng: 'it' },
    ...(await loadUserAccess(db, accounting.id)),
  };
  const thisMonth = businessDate(options.now).slice(0, 7);
  const months: string[] = [];
  for (let month = first.date.slice(0, 7); month < thisMonth; month = shiftMonth(month, 1)) months.push(month);
  for (const month of months) await generateBalances({ db, viewer, month, now: options.now });
  const lastMonth = months.at(-1);
  if (!lastMonth) return;
  const [corrected] = await db
    .select({ id: balances.id, amountCents: balances.amountCents })
    .from(balances)
    .where(eq(balances.date, monthDays(lastMonth).to))
    .orderBy(asc(balances.shopId))
    .limit(1);
  if (!corrected) return;
  await editBalance({
    db,
    viewer,
    id: corrected.id,
    // Five euros in coins found in the safe after the count.
    body: { amountCents: corrected.amountCents + 500, reason: 'Conteggio in cassaforte: 5 € in monete non registrati' },
  });
}
