// A shop's weekly working hours (spec §2 Management › shops workingHours): per ISO weekday none, one
// or more slots (a split opening has two). Slots open before they close and never overlap (checked
// by the contract, and by the database for the order). A save replaces the week and is audited.
import { type WorkingHours, type WorkingSlot, weekdays } from '@bottega/contracts/shops';
import { asc, eq } from 'drizzle-orm';
import { writeAudit } from '../../platform/audit';
import type { Database, Executor } from '../../platform/db';
import type { SessionContext } from '../../platform/sessions';
import { shopWorkingHours } from './shops.schema';
import { loadVisibleShop, shopAuditEntity } from './shops.service';

/** The stored `time` reads back as HH:MM:SS; minutes are all the app uses. */
const minutes = (time: string) => time.slice(0, 5);

/** Always the seven weekdays in order, slots by opening time. */
function normalizeWeek(week: WorkingHours): WorkingHours {
  return {
    days: weekdays.map((weekday) => ({
      weekday,
      slots: (week.days.find((day) => day.weekday === weekday)?.slots ?? [])
        .map((slot) => ({ opensAt: slot.opensAt, closesAt: slot.closesAt }))
        .sort((a, b) => a.opensAt.localeCompare(b.opensAt)),
    })),
  };
}

async function readWorkingHours(db: Executor, shopId: number): Promise<WorkingHours> {
  const rows = await db
    .select()
    .from(shopWorkingHours)
    .where(eq(shopWorkingHours.shopId, shopId))
    .orderBy(asc(shopWorkingHours.weekday), asc(shopWorkingHours.opensAt));
  return normalizeWeek({
    days: weekdays.map((weekday) => ({
      weekday,
      slots: rows
        .filter((row) => row.weekday === weekday)
        .map((row) => ({ opensAt: minutes(row.opensAt), closesAt: minutes(row.closesAt) })),
    })),
  });
}

export async function getWorkingHours(options: { db: Database; viewer: SessionContext; id: number }) {
  await loadVisibleShop(options.db, options.viewer, options.id);
  return readWorkingHours(options.db, options.id);
}

/** "09:00–13:00, 15:30–19:30", or "" for a closing day: how a day reads in the audit log. */
const describeDay = (slots: readonly WorkingSlot[]) =>
  slots.map((slot) => `${slot.opensAt}–${slot.closesAt}`).join(', ');

export async function setWorkingHours(options: {
  db: Database;
  actorId: number;
  viewer: SessionContext;
  id: number;
  body: WorkingHours;
}) {
  const { db, actorId, viewer, id } = options;
  const wanted = normalizeWeek(options.body);
  return db.transaction(async (tx) => {
    await loadVisibleShop(tx, viewer, id, { lock: true });
    const before = await readWorkingHours(tx, id);
    const changes: Record<number, { from: string; to: string }> = {};
    for (const day of wanted.days) {
      const from = describeDay(before.days.find((candidate) => candidate.weekday === day.weekday)?.slots ?? []);
      const to = describeDay(day.slots);
      if (from !== to) changes[day.weekday] = { from, to };
    }
    if (Object.keys(changes).length === 0) return before;
    await tx.delete(shopWorkingHours).where(eq(shopWorkingHours.shopId, id));
    const rows = wanted.days.flatMap((day) =>
      day.slots.map((slot, index) => ({ shopId: id, weekday: day.weekday, slot: index + 1, ...slot })),
    );
    if (rows.length > 0) await tx.insert(shopWorkingHours).values(rows);
    await writeAudit(tx, {
      actorId,
      action: 'shop.workingHoursUpdated',
      entity: shopAuditEntity,
      entityId: id,
      data: { changes },
    });
    return wanted;
  });
}
