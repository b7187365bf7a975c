import { z } from 'zod';
import { dataOf, pageOf } from './common';

export const notificationSchema = z.object({
  id: z.number().int(),
  /** A key of the notifications locale namespace; `params` fill its placeholders. */
  kind: z.string(),
  params: z.record(z.string(), z.union([z.string(), z.number()])),
  createdAt: z.iso.datetime(),
  readAt: z.iso.datetime().nullable(),
});
export type Notification = z.infer<typeof notificationSchema>;

export const notificationPageSchema = pageOf(notificationSchema).extend({
  meta: z.object({
    page: z.number().int(),
    perPage: z.number().int(),
    total: z.number().int(),
    unread: z.number().int(),
  }),
});
export const markReadAnswerSchema = dataOf(z.object({ unread: z.number().int() }));

/** Channel names a socket can subscribe to after api/broadcasting/auth signs them. */
export const userChannel = (userId: number) => `private-user.${userId}`;
export const notificationCreatedEvent = 'notification.created';
