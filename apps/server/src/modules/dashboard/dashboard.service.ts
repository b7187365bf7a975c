// The landing page's facts for the signed-in user in their chosen shop, and what waits for them.
import type { Dashboard } from '@bottega/contracts/dashboard';
import { businessDate } from '@bottega/contracts/dates';
import { and, count, eq, isNull, sql } from 'drizzle-orm';
import { type Database, preparedPerDatabase } from '../../platform/db';
import { AppError } from '../../platform/errors';
import type { SessionContext } from '../../platform/sessions';
import type { TodoRegistry } from '../../platform/todos';
import { users } from '../employees/employees.schema';
import { notifications } from '../notifications/notifications.schema';
import { userShops } from '../shops/shops.schema';
import { findShopSummary } from '../shops/shops.service';

// Asked on every visit of the landing page: prepared.
const colleaguesStatement = preparedPerDatabase((db) =>
  db
    .select({ value: count() })
    .from(userShops)
    .innerJoin(users, eq(users.id, userShops.userId))
    .where(and(eq(userShops.shopId, sql.placeholder('shopId')), isNull(users.deletedAt)))
    .prepare('dashboard_colleagues'),
);
const unreadStatement = preparedPerDatabase((db) =>
  db
    .select({ value: count() })
    .from(notifications)
    .where(and(eq(notifications.userId, sql.placeholder('userId')), isNull(notifications.readAt)))
    .prepare('dashboard_unread'),
);

export async function describeDashboard(options: {
  db: Database;
  session: SessionContext;
  shopId: number;
  now: Date;
  todos: TodoRegistry;
}): Promise<Dashboard> {
  const { db, session, shopId, now } = options;
  const today = businessDate(now);
  const [shop, [colleagues], [unread], todos] = await Promise.all([
    findShopSummary({ db, shopId, session }),
    colleaguesStatement(db).execute({ shopId }),
    unreadStatement(db).execute({ userId: session.userId }),
    options.todos.list({ db, session, shopId, now, today }),
  ]);
  if (!shop) throw new AppError('notFound');
  return {
    today,
    shop,
    colleagues: colleagues?.value ?? 0,
    unreadNotifications: unread?.value ?? 0,
    todos,
  };
}
