// Web notifications: the rows a person reads in the bell and /app/notifications, and the job that pushes each to
// every browser its reader has open once the transaction that wrote it has committed. notify() writes them for
// group events; the platform itself for what it must tell one person (§8 "notification not sent").

import type { Language } from '@bottega/contracts/common';
import { type Notification, notificationCreatedEvent, userChannel } from '@bottega/contracts/notifications';
import type { NotificationChannel } from '@bottega/contracts/permissions';
import { inArray } from 'drizzle-orm';
import { z } from 'zod';
import type { Config } from '../config';
import { notifications } from '../modules/notifications/notifications.schema';
import type { Executor } from './db';
import { translate } from './i18n';
import { defineJob, enqueueJob } from './jobs';

type Params = Record<string, string | number>;

/** What a delivery job of one notification to one person carries: rendered when it is sent. */
export const notificationDeliverySchema = z.object({
  userId: z.number().int(),
  kind: z.string().max(100),
  params: z.record(z.string(), z.union([z.string(), z.number()])),
  /** Inside the app (/app/…), or none. */
  link: z.string().max(500).nullable(),
  /** Whose action it followed: told if it finally cannot be delivered. */
  triggeredBy: z.number().int().nullable(),
});

/** A notification's sentence in `lng`, as the bell shows it. */
export function notificationText(lng: Language, kind: string, params: Params): string {
  return translate(lng, `notifications:kinds.${kind}`, params);
}

/** An in-app link as a mail or a chat needs it: on this server's public address. */
export function absoluteLink(config: Pick<Config, 'publicUrl'>, link: string | null): string | null {
  return link ? `${config.publicUrl.replace(/\/$/, '')}${link}` : null;
}

/** Pushes web notifications, once written and committed, to every browser their readers have open. */
const pushNotificationsJob = defineJob({
  kind: 'notifications.push',
  payload: z.object({ ids: z.array(z.number().int()).min(1).max(10_000) }),
  maxAttempts: 3,
  run: async ({ payload, db, realtime, complete }) => {
    const rows = await db.select().from(notifications).where(inArray(notifications.id, payload.ids));
    for (const row of rows) {
      realtime?.publish(userChannel(row.userId), notificationCreatedEvent, toNotification(row));
    }
    await complete();
  },
});

export function toNotification(row: typeof notifications.$inferSelect): Notification {
  return {
    id: row.id,
    kind: row.kind,
    params: row.params,
    link: row.link,
    createdAt: row.createdAt.toISOString(),
    readAt: row.readAt?.toISOString() ?? null,
  };
}

/** Web notifications for people, in the caller's transaction, and the job that pushes them live. */
export async function writeWebNotifications(
  db: Executor,
  entries: { userId: number; kind: string; params: Params; link: string | null }[],
): Promise<void> {
  if (entries.length === 0) return;
  const rows = await db.insert(notifications).values(entries).returning({ id: notifications.id });
  await enqueueJob(db, pushNotificationsJob, { ids: rows.map((row) => row.id) });
}

/** §8 "notification not sent": the person whose action it followed learns a delivery finally failed. */
export async function tellNotSent(
  db: Executor,
  options: { userId: number; channel: NotificationChannel; error: string },
): Promise<void> {
  await writeWebNotifications(db, [
    {
      userId: options.userId,
      kind: 'notificationNotSent',
      params: { channel: options.channel, error: options.error.slice(0, 200) },
      link: null,
    },
  ]);
}
