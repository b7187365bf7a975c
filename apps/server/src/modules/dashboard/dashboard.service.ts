// The landing page's facts for the signed-in user in their chosen shop.
import type { Dashboard } from '@bottega/contracts/dashboard';
import { businessDate } from '@bottega/contracts/dates';
import { and, count, eq, isNull } from 'drizzle-orm';
import type { Database } from '../../platform/db';
import { AppError } from '../../platform/errors';
import { users } from '../employees/employees.schema';
import { notifications } from '../notifications/notifications.schema';
import { userShops } from '../shops/shops.schema';
import { findShopSummary } from '../shops/shops.service';

export async function describeDashboard(options: { db: Database; userId: number; shopId: number }): Promise<Dashboard> {
  const { db, userId, shopId } = options;
  const shop = await findShopSummary({ db, shopId });
  if (!shop) throw new AppError('notFound');
  const [colleagues] = await db
    .select({ value: count() })
    .from(userShops)
    .innerJoin(users, eq(users.id, userShops.userId))
    .where(and(eq(userShops.shopId, shopId), isNull(users.deletedAt)));
  const [unread] = await db
    .select({ value: count() })
    .from(notifications)
    .where(and(eq(notifications.userId, userId), isNull(notifications.readAt)));
  return {
    today: businessDate(),
    shop,
    colleagues: colleagues?.value ?? 0,
    unreadNotifications: unread?.value ?? 0,
  };
}
