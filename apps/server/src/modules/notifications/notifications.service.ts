// In-app notifications of a user: created by other areas, pushed live, listed and marked read.
import { type Notification, notificationCreatedEvent, userChannel } from '@bottega/contracts/notifications';
import { and, count, desc, eq, isNull } from 'drizzle-orm';
import type { Executor } from '../../platform/db';
import type { Realtime } from '../../platform/realtime';
import { notifications } from './notifications.schema';

type Row = typeof notifications.$inferSelect;

function toNotification(row: Row): Notification {
  return {
    id: row.id,
    kind: row.kind,
    params: row.params,
    createdAt: row.createdAt.toISOString(),
    readAt: row.readAt?.toISOString() ?? null,
  };
}

export async function createNotification(options: {
  db: Executor;
  realtime?: Realtime;
  userId: number;
  kind: string;
  params?: Record<string, string | number>;
}): Promise<Notification> {
  const [row] = await options.db
    .insert(notifications)
    .values({ userId: options.userId, kind: options.kind, params: options.params ?? {} })
    .returning();
  const notification = toNotification(row as Row);
  options.realtime?.publish(userChannel(options.userId), notificationCreatedEvent, notification);
  return notification;
}

async function countUnread(db: Executor, userId: number): Promise<number> {
  const [row] = await db
    .select({ value: count() })
    .from(notifications)
    .where(and(eq(notifications.userId, userId), isNull(notifications.readAt)));
  return row?.value ?? 0;
}

export async function listNotifications(options: { db: Executor; userId: number; page: number; perPage: number }) {
  const { db, userId, page, perPage } = options;
  const rows = await db
    .select()
    .from(notifications)
    .where(eq(notifications.userId, userId))
    .orderBy(desc(notifications.createdAt), desc(notifications.id))
    .limit(perPage)
    .offset((page - 1) * perPage);
  const [total] = await db.select({ value: count() }).from(notifications).where(eq(notifications.userId, userId));
  return {
    data: rows.map(toNotification),
    meta: { page, perPage, total: total?.value ?? 0, unread: await countUnread(db, userId) },
  };
}

/** Reading is not a business state change, so it is not audited. */
export async function markAllNotificationsRead(options: { db: Executor; userId: number }) {
  await options.db
    .update(notifications)
    .set({ readAt: new Date() })
    .where(and(eq(notifications.userId, options.userId), isNull(notifications.readAt)));
  return { unread: await countUnread(options.db, options.userId) };
}
