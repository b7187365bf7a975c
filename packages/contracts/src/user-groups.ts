import { z } from 'zod';
import { dataOf, pageOf, paginationQuerySchema, requiredText, text } from './common';
import {
  type Ability,
  allAbilities,
  type NotificationEvent,
  notificationChannels,
  notificationEvents,
} from './permissions';

export const abilitySchema = z.enum(allAbilities as [Ability, ...Ability[]]);

export const userGroupListQuerySchema = paginationQuerySchema.extend({
  search: text(100).optional(),
});

export const userGroupSummarySchema = z.object({
  id: z.number().int(),
  name: z.string(),
  /** Amministratore (id 1) and BOSS hold every ability whatever is stored. */
  isAdmin: z.boolean(),
  abilityCount: z.number().int(),
  memberCount: z.number().int(),
});
export type UserGroupSummary = z.infer<typeof userGroupSummarySchema>;
export const userGroupPageSchema = pageOf(userGroupSummarySchema);

export const userGroupSchema = userGroupSummarySchema.extend({
  permissions: z.array(abilitySchema),
  members: z.array(z.object({ id: z.number().int(), name: z.string() })),
});
export type UserGroup = z.infer<typeof userGroupSchema>;
export const userGroupAnswerSchema = dataOf(userGroupSchema);

export const userGroupBodySchema = z.object({
  name: requiredText(100),
  permissions: z.array(abilitySchema).max(allAbilities.length),
});
export type UserGroupBody = z.infer<typeof userGroupBodySchema>;

export const notificationEventSchema = z.enum(
  notificationEvents as unknown as [NotificationEvent, ...NotificationEvent[]],
);
export const notificationChannelSchema = z.enum(notificationChannels);

export const groupNotificationsSchema = z.object({
  events: z.array(
    z.object({
      event: notificationEventSchema,
      channels: z.array(notificationChannelSchema),
    }),
  ),
});
export type GroupNotifications = z.infer<typeof groupNotificationsSchema>;
export const groupNotificationsAnswerSchema = dataOf(groupNotificationsSchema);

export const userGroupHistoryEntrySchema = z.object({
  id: z.number().int(),
  at: z.iso.datetime(),
  actor: z.string().nullable(),
  action: z.string(),
  fromState: z.string().nullable(),
  toState: z.string().nullable(),
  data: z.record(z.string(), z.unknown()).nullable(),
});
export type UserGroupHistoryEntry = z.infer<typeof userGroupHistoryEntrySchema>;
export const userGroupHistoryPageSchema = pageOf(userGroupHistoryEntrySchema);
