// A person's web notifications: listed (filtered by kind, unread first for the bell), marked read one or all, the
// kinds they have, and what their groups chose to tell them. Other areas write them through notify() (platform).
import {
  type NotificationKind,
  type NotificationPreferences,
  notificationKinds,
} from '@bottega/contracts/notifications';
import { notificationChannels, notificationEventCatalog, notificationEvents } from '@bottega/contracts/permissions';
import { and, desc, eq, inArray, isNull, type SQL, sql } from 'drizzle-orm';
import { telegramLinks } from '../../integrations/telegram/telegram.schema';
import type { Executor } from '../../platform/db';
import { AppError } from '../../platform/errors';
import type { SessionContext } from '../../platform/sessions';
import { toNotification } from '../../platform/web-notifications';
// What the groups chose is read from their table, as notify() does, never through their service.
import { userGroupNotifications } from '../user-groups/user-groups.schema';
import { notifications } from './notifications.schema';

async function countUnread(db: Executor, userId: number): Promise<number> {
  const [row] = await db
    .select({ value: sql<number>`count(*)::int` })
    .from(notifications)
    .where(and(eq(notifications.userId, userId), isNull(notifications.readAt)));
  return row?.value ?? 0;
}

export async function listNotifications(options: {
  db: Executor;
  userId: number;
  page: number;
  perPage: number;
  kind?: NotificationKind;
  unreadOnly: boolean;
  unreadFirst: boolean;
}) {
  const { db, userId, page, perPage } = options;
  const filters: SQL[] = [];
  if (options.kind) filters.push(eq(notifications.kind, options.kind));
  if (options.unreadOnly) filters.push(isNull(notifications.readAt));
  const listed = and(...filters) ?? sql`true`;
  const newestFirst = [desc(notifications.createdAt), desc(notifications.id)];
  const [rows, [counts]] = await Promise.all([
    db
      .select()
      .from(notifications)
      .where(and(eq(notifications.userId, userId), listed))
      .orderBy(...(options.unreadFirst ? [sql`${notifications.readAt} IS NULL DESC`, ...newestFirst] : newestFirst))
      .limit(perPage)
      .offset((page - 1) * perPage),
    // One pass over the person's rows counts both the filtered total and the unread flag's count.
    db
      .select({
        total: sql<number>`(count(*) FILTER (WHERE ${listed}))::int`,
        unread: sql<number>`(count(*) FILTER (WHERE ${notifications.readAt} IS NULL))::int`,
      })
      .from(notifications)
      .where(eq(notifications.userId, userId)),
  ]);
  return {
    data: rows.map(toNotification),
    meta: { page, perPage, total: counts?.total ?? 0, unread: counts?.unread ?? 0 },
  };
}

/**
 * Marks one of the person's notifications read (once: a second time keeps the first reading). Someone else's
 * answers as one that does not exist, so ids tell nothing. Reading is not a business state change: not audited.
 */
export async function markNotificationRead(options: { db: Executor; userId: number; id: number }) {
  const { db, userId, id } = options;
  const [row] = await db
    .update(notifications)
    .set({ readAt: sql`coalesce(${notifications.readAt}, now())` })
    .where(and(eq(notifications.id, id), eq(notifications.userId, userId)))
    .returning({ id: notifications.id });
  if (!row) throw new AppError('notFound');
  return { unread: await countUnread(db, userId) };
}

/** Reading is not a business state change, so it is not audited. */
export async function markAllNotificationsRead(options: { db: Executor; userId: number }) {
  await options.db
    .update(notifications)
    .set({ readAt: new Date() })
    .where(and(eq(notifications.userId, options.userId), isNull(notifications.readAt)));
  return { unread: await countUnread(options.db, options.userId) };
}

/** The kinds the person has notifications of, in catalog order; kinds no longer known are left out. */
export async function listNotificationKinds(options: { db: Executor; userId: number }): Promise<NotificationKind[]> {
  const rows = await options.db
    .select({ kind: notifications.kind })
    .from(notifications)
    .where(eq(notifications.userId, options.userId))
    .groupBy(notifications.kind);
  const present = new Set(rows.map((row) => row.kind));
  return notificationKinds.filter((kind) => present.has(kind));
}

/**
 * What the person is told of and on which channels, as notify() decides it: the events whose ability they hold
 * (administrators hold every one) with the union of the channels their groups chose. Only whoever may edit groups'
 * notifications changes them, on each group's page; everyone else reads them here.
 */
export async function getNotificationPreferences(options: {
  db: Executor;
  session: SessionContext;
}): Promise<NotificationPreferences> {
  const { db, session } = options;
  const groupIds = session.groups.map((group) => group.id);
  const [chosen, [link]] = await Promise.all([
    groupIds.length === 0
      ? Promise.resolve([])
      : db
          .select({ event: userGroupNotifications.event, channels: userGroupNotifications.channels })
          .from(userGroupNotifications)
          .where(inArray(userGroupNotifications.groupId, groupIds)),
    db.select({ userId: telegramLinks.userId }).from(telegramLinks).where(eq(telegramLinks.userId, session.userId)),
  ]);
  const channelsOf = new Map<string, Set<string>>();
  for (const row of chosen) {
    const channels = channelsOf.get(row.event) ?? new Set<string>();
    for (const channel of row.channels) channels.add(channel);
    channelsOf.set(row.event, channels);
  }
  return {
    events: notificationEvents
      .filter((event) => session.isAdmin || session.abilities.has(notificationEventCatalog[event].ability))
      .map((event) => ({
        event,
        channels: notificationChannels.filter((channel) => channelsOf.get(event)?.has(channel)),
      })),
    groups: session.groups,
    mayEdit: session.abilities.has('employees.userGroups.notifications'),
    telegramLinked: link !== undefined,
  };
}
