import { z } from 'zod';
import { dataOf, pageOf, paginationQuerySchema } from './common';
import { type NotificationEvent, notificationEvents } from './permissions';
import { notificationChannelSchema, notificationEventSchema } from './user-groups';

/** Kinds of web notification that are not group events: what the platform itself tells one person. */
export const platformNotificationKinds = [
  'welcome',
  'notificationNotSent',
  'telegramLinked',
  'telegramUnlinked',
] as const;
export type PlatformNotificationKind = (typeof platformNotificationKinds)[number];

/** Every kind a web notification can have: the group events of the catalog, then the platform's own. */
export const notificationKinds: readonly (NotificationEvent | PlatformNotificationKind)[] = [
  ...notificationEvents,
  ...platformNotificationKinds,
];
export type NotificationKind = NotificationEvent | PlatformNotificationKind;
export const notificationKindSchema = z.enum(notificationKinds as [NotificationKind, ...NotificationKind[]]);

export const notificationSchema = z.object({
  id: z.number().int(),
  /** A key of the notifications locale namespace; `params` fill its placeholders. */
  kind: z.string(),
  params: z.record(z.string(), z.union([z.string(), z.number()])),
  /** The page it is about, inside the app (/app/…), or null. */
  link: z.string().nullable(),
  createdAt: z.iso.datetime(),
  readAt: z.iso.datetime().nullable(),
});
export type Notification = z.infer<typeof notificationSchema>;

export const notificationListQuerySchema = paginationQuerySchema.extend({
  /** Only notifications of this kind. */
  kind: notificationKindSchema.optional(),
  /** Only the ones not read yet (the page's switch). */
  unreadOnly: z.stringbool().default(false),
  /** Unread ones before read ones, each newest first (the bell's drawer); otherwise newest first. */
  unreadFirst: z.stringbool().default(false),
});
/** What a caller may ask for: every part has its default. */
export type NotificationListQuery = Partial<z.output<typeof notificationListQuerySchema>>;

export const notificationPageSchema = pageOf(notificationSchema).extend({
  meta: z.object({
    page: z.number().int(),
    perPage: z.number().int(),
    total: z.number().int(),
    /** The person's unread notifications, whatever the filters: the new-notification flag (spec §3). */
    unread: z.number().int(),
  }),
});
export type NotificationPage = z.infer<typeof notificationPageSchema>;
export const markReadAnswerSchema = dataOf(z.object({ unread: z.number().int() }));

/** The kinds the person has notifications of, in catalog order: the choices of the page's filter. */
export const notificationKindsAnswerSchema = dataOf(z.array(notificationKindSchema));

/**
 * What a person is told of and how: each event they can receive (their groups hold its ability; administrators
 * every one) with the channels their groups chose (their union). Groups decide: only someone who may edit groups'
 * notifications changes them (`mayEdit`), on the group's page.
 */
export const notificationPreferencesSchema = z.object({
  events: z.array(z.object({ event: notificationEventSchema, channels: z.array(notificationChannelSchema) })),
  groups: z.array(z.object({ id: z.number().int(), name: z.string() })),
  mayEdit: z.boolean(),
  /** Whether the Telegram bot may write to them: without it the telegram channel reaches nobody. */
  telegramLinked: z.boolean(),
});
export type NotificationPreferences = z.infer<typeof notificationPreferencesSchema>;
export const notificationPreferencesAnswerSchema = dataOf(notificationPreferencesSchema);

/** Channel names a socket can subscribe to after api/broadcasting/auth signs them. */
export const userChannel = (userId: number) => `private-user.${userId}`;
/** A shop's channel: every session working in that shop (its tablet's time clock). */
export const shopChannel = (shopId: number) => `private-shop.${shopId}`;
/** Pushed on the shop's channel when receipts of the shop were stored: its takings moved (the budget progress). */
export const salesChangedEvent = 'sales.changed';
export const notificationCreatedEvent = 'notification.created';
