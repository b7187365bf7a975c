// notify(): the one way to tell people something (ARCHITECTURE "Platform pieces"). The event names who receives it
// (holders of its ability; for a shop's event, that shop's people and whoever sees all shops) and each recipient's
// groups name the channels (email, web, telegram; /app/usersGroup/notification/{id}/edit). Everything is written
// in the caller's transaction (an outbox): the web notification rows, the mails, and the jobs that push them live
// and send the Telegram messages, so nothing is announced for a change that rolled back nor lost for one that
// committed. Call kickJobs() after the commit for the live push to go at once.
import { languages, storedLanguageSchema } from '@bottega/contracts/common';
import { platformNotificationKinds } from '@bottega/contracts/notifications';
import {
  BOSS_GROUP_NAME,
  type NotificationChannel,
  type NotificationEvent,
  notificationEventCatalog,
  notificationEvents,
  viewAllAbilities,
} from '@bottega/contracts/permissions';
import { eq, sql } from 'drizzle-orm';
import { users } from '../modules/employees/employees.schema';
import type { Executor } from './db';
import { hasTranslation } from './i18n';
import { defineJob, enqueueJob } from './jobs';
import { enqueueMail } from './mail';
import { sendTelegramJob } from './telegram';
import { absoluteLink, notificationDeliverySchema, notificationText, writeWebNotifications } from './web-notifications';

/** Every event and platform kind has its text in every language: checked at start-up, not when one is sent. */
export function assertNotificationTexts(): void {
  const missing = [...notificationEvents, ...platformNotificationKinds].flatMap((kind) =>
    languages.filter((lng) => !hasTranslation(lng, `notifications:kinds.${kind}`)).map((lng) => `${lng}:${kind}`),
  );
  if (missing.length > 0) throw new Error(`notification texts missing: ${missing.join(', ')}`);
}

type Recipient = { id: number; email: string; channels: NotificationChannel[]; chat_id: string | null };

/**
 * One notification by email to one person: written to the outbox (and so delivered by its own job) when this job
 * runs, in the person's language as it is then, its link absolute on this server's PUBLIC_URL.
 */
const mailNotificationJob = defineJob({
  kind: 'notifications.email',
  payload: notificationDeliverySchema,
  run: async ({ payload, db, config, complete }) => {
    const [person] = await db
      .select({ name: users.name, email: users.email, lng: users.lng, deletedAt: users.deletedAt })
      .from(users)
      .where(eq(users.id, payload.userId));
    if (!person || person.deletedAt || !person.email) return complete();
    const lng = storedLanguageSchema.parse(person.lng);
    await complete(async (tx) => {
      const mailId = await enqueueMail({
        db: tx,
        to: person.email,
        template: 'notification',
        lng,
        params: {
          name: person.name,
          text: notificationText(lng, payload.kind, payload.params),
          link: absoluteLink(config, payload.link),
        },
        triggeredBy: payload.triggeredBy,
      });
      return { mailId };
    });
  },
});

/**
 * Who receives `event`: people not deleted whose groups hold its ability (administrators hold every one), for a
 * shop's event only that shop's members and whoever sees all shops, with the channels their groups chose for it.
 * One statement, however many people.
 */
async function recipientsOf(
  db: Executor,
  event: NotificationEvent,
  shopId: number | null,
  userIds: readonly number[] | null,
): Promise<Recipient[]> {
  const { ability } = notificationEventCatalog[event];
  const personCondition =
    userIds === null
      ? sql`true`
      : sql`u.id IN (${sql.join(
          userIds.map((id) => sql`${id}`),
          sql`, `,
        )})`;
  const shopCondition =
    shopId === null
      ? sql`true`
      : sql`(fg.admin OR EXISTS (SELECT 1 FROM user_shops us WHERE us.user_id = u.id AND us.shop_id = ${shopId})
              OR EXISTS (SELECT 1 FROM user_group_members m JOIN user_groups g ON g.id = m.group_id
                         WHERE m.user_id = u.id AND ${viewAllAbilities.shops} = ANY(g.permissions)))`;
  const answer = await db.execute(sql`
    WITH first_group AS (
      SELECT DISTINCT ON (m.user_id) m.user_id, (g.id = 1 OR g.name = ${BOSS_GROUP_NAME}) AS admin
      FROM user_group_members m JOIN user_groups g ON g.id = m.group_id
      ORDER BY m.user_id, m.position, g.id
    ), chosen AS (
      SELECT m.user_id, array_agg(DISTINCT channel) AS channels
      FROM user_group_members m
      JOIN user_group_notifications n ON n.group_id = m.group_id AND n.event = ${event}
      CROSS JOIN LATERAL unnest(n.channels) AS channel
      GROUP BY m.user_id
    )
    SELECT u.id, u.email, c.channels, t.chat_id
    FROM users u
    JOIN first_group fg ON fg.user_id = u.id
    JOIN chosen c ON c.user_id = u.id
    LEFT JOIN telegram_links t ON t.user_id = u.id
    WHERE u.deleted_at IS NULL
      AND (fg.admin OR EXISTS (SELECT 1 FROM user_group_members m JOIN user_groups g ON g.id = m.group_id
                               WHERE m.user_id = u.id AND ${ability} = ANY(g.permissions)))
      AND ${shopCondition}
      AND ${personCondition}
    ORDER BY u.id`);
  return (answer as unknown as { rows: Recipient[] }).rows;
}

/**
 * Tells people of `event` on their channels, in the caller's transaction. `link` is the page it is about (/app/…);
 * `actorId` is the person whose action caused it: never told of their own action, and told when a delivery to
 * someone else finally fails ("notification not sent"). Answers how many people it reaches.
 */
export async function notify(
  db: Executor,
  options: {
    event: NotificationEvent;
    shopId?: number | null;
    params?: Record<string, string | number>;
    link?: string | null;
    actorId?: number | null;
    /** For a person's event: who it is about (each told if they hold its ability). */
    userIds?: readonly number[];
  },
): Promise<{ recipients: number }> {
  const { event } = options;
  const spec = notificationEventCatalog[event];
  if (!spec) throw new Error(`unknown notification event "${event}"`);
  const shopId = options.shopId ?? null;
  if (spec.scope === 'shop' && shopId === null) throw new Error(`${event} is a shop's event: say which shop`);
  if (spec.scope === 'person' && !options.userIds) throw new Error(`${event} is a person's event: say whose`);
  if (spec.scope === 'person' && options.userIds?.length === 0) return { recipients: 0 };
  const params = options.params ?? {};
  const link = options.link ?? null;
  const actorId = options.actorId ?? null;
  // A company event reaches every holder, wherever it happened.
  const scopeShop = spec.scope === 'shop' ? shopId : null;
  const userIds = spec.scope === 'person' ? (options.userIds ?? []) : null;
  const recipients = (await recipientsOf(db, event, scopeShop, userIds)).filter(
    (recipient) => recipient.id !== actorId,
  );

  await writeWebNotifications(
    db,
    recipients
      .filter((recipient) => recipient.channels.includes('web'))
      .map((recipient) => ({ userId: recipient.id, kind: event, params, link })),
  );
  for (const recipient of recipients) {
    const delivery = { userId: recipient.id, kind: event, params, link, triggeredBy: actorId };
    if (recipient.channels.includes('email') && recipient.email) await enqueueJob(db, mailNotificationJob, delivery);
    if (recipient.channels.includes('telegram') && recipient.chat_id) await enqueueJob(db, sendTelegramJob, delivery);
  }
  return { recipients: recipients.length };
}
