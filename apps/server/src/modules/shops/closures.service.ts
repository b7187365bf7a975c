// A shop's closures (spec §2 Management › shops closures): closed for good (flag and day) and the
// single days it stays closed (holidays, works, inventory), each with its reason. Audited.
import type { ClosureDaysBody, ShopClosedBody, ShopClosures } from '@bottega/contracts/shops';
import { and, asc, eq, gte, lte, sql } from 'drizzle-orm';
import { writeAudit } from '../../platform/audit';
import type { Database, Executor } from '../../platform/db';
import { AppError } from '../../platform/errors';
import type { SessionContext } from '../../platform/sessions';
import { shopClosureDays, shops } from './shops.schema';
import { applyClosedState, loadVisibleShop, shopAuditEntity } from './shops.service';

async function readClosures(db: Executor, shopId: number): Promise<ShopClosures> {
  const [shop] = await db
    .select({ closed: shops.closed, closedOn: shops.closedOn })
    .from(shops)
    .where(eq(shops.id, shopId));
  const days = await db
    .select({ day: shopClosureDays.day, reason: shopClosureDays.reason })
    .from(shopClosureDays)
    .where(eq(shopClosureDays.shopId, shopId))
    .orderBy(asc(shopClosureDays.day));
  return { closed: shop?.closed ?? false, closedOn: shop?.closedOn ?? null, days };
}

export async function getShopClosures(options: { db: Database; viewer: SessionContext; id: number }) {
  await loadVisibleShop(options.db, options.viewer, options.id);
  return readClosures(options.db, options.id);
}

/**
 * Closes the shop for good on a day, changes that day, or reopens it. The answer is read in the
 * same transaction: a closed shop may be out of the viewer's sight afterwards.
 */
export async function setShopClosed(options: {
  db: Database;
  actorId: number;
  viewer: SessionContext;
  id: number;
  body: Required<ShopClosedBody>;
}) {
  const { db, actorId, viewer, id, body } = options;
  return db.transaction(async (tx) => {
    const shop = await loadVisibleShop(tx, viewer, id, { lock: true });
    await applyClosedState(tx, { actorId, shop, wanted: body });
    return readClosures(tx, id);
  });
}

/** Every day from `from` to `to` included, as YYYY-MM-DD. */
function daysBetween(from: string, to: string): string[] {
  const days: string[] = [];
  for (let time = Date.parse(`${from}T00:00:00Z`); time <= Date.parse(`${to}T00:00:00Z`); time += 86_400_000) {
    days.push(new Date(time).toISOString().slice(0, 10));
  }
  return days;
}

export async function addClosureDays(options: {
  db: Database;
  actorId: number;
  viewer: SessionContext;
  id: number;
  body: ClosureDaysBody;
}) {
  const { db, actorId, viewer, id, body } = options;
  const days = daysBetween(body.from, body.to ?? body.from);
  return db.transaction(async (tx) => {
    await loadVisibleShop(tx, viewer, id, { lock: true });
    const before = await tx
      .select({ day: shopClosureDays.day, reason: shopClosureDays.reason })
      .from(shopClosureDays)
      .where(
        and(
          eq(shopClosureDays.shopId, id),
          gte(shopClosureDays.day, body.from),
          lte(shopClosureDays.day, body.to ?? body.from),
        ),
      );
    const unchanged = new Set(before.filter((row) => row.reason === body.reason).map((row) => row.day));
    const changed = days.filter((day) => !unchanged.has(day));
    if (changed.length > 0) {
      await tx
        .insert(shopClosureDays)
        .values(changed.map((day) => ({ shopId: id, day, reason: body.reason })))
        .onConflictDoUpdate({
          target: [shopClosureDays.shopId, shopClosureDays.day],
          set: { reason: sql`excluded.reason` },
        });
      await writeAudit(tx, {
        actorId,
        action: 'shop.closureDaysSet',
        entity: shopAuditEntity,
        entityId: id,
        data: {
          days: changed,
          reason: body.reason,
          previousReasons: Object.fromEntries(
            before.filter((row) => !unchanged.has(row.day)).map((row) => [row.day, row.reason]),
          ),
        },
      });
    }
    return readClosures(tx, id);
  });
}

export async function removeClosureDay(options: {
  db: Database;
  actorId: number;
  viewer: SessionContext;
  id: number;
  day: string;
}) {
  const { db, actorId, viewer, id, day } = options;
  return db.transaction(async (tx) => {
    await loadVisibleShop(tx, viewer, id, { lock: true });
    const [removed] = await tx
      .delete(shopClosureDays)
      .where(and(eq(shopClosureDays.shopId, id), eq(shopClosureDays.day, day)))
      .returning({ day: shopClosureDays.day, reason: shopClosureDays.reason });
    if (!removed) throw new AppError('notFound');
    await writeAudit(tx, {
      actorId,
      action: 'shop.closureDayRemoved',
      entity: shopAuditEntity,
      entityId: id,
      data: { day: removed.day, reason: removed.reason },
    });
    return readClosures(tx, id);
  });
}
