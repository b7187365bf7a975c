// How a notification reads wherever it is shown: its kind's short name and explanation (the group's notification
// page, the person's preferences, the filter of /app/notifications) and its sentence (the bell, the list). Events
// that are abilities (spec §6 Admin and Shifts notifications) are named by the permissions namespace, as on the
// abilities' page; the others (the cash register's events, the platform's own kinds) by the notifications
// namespace's `events`.
import type { Notification } from '@bottega/contracts/notifications';
import { isAbility } from '@bottega/contracts/permissions';
import type { TFunction } from 'i18next';
import { formatDate } from '../../lib/format-date';

/** The locale key, without `.label` or `.description`, naming `kind`. */
export function notificationKindKey(kind: string): string {
  return isAbility(kind) ? `permissions:${kind}` : `notifications:events.${kind}`;
}

/** `kind`'s name and explanation; a kind no catalog knows (an old one) is named by itself. */
export function notificationKindText(kind: string, t: TFunction): { label: string; description: string } {
  const key = notificationKindKey(kind);
  return {
    label: t(`${key}.label`, { defaultValue: kind }),
    description: t(`${key}.description`, { defaultValue: '' }),
  };
}

const isoDate = /^\d{4}-\d{2}-\d{2}$/;

/** The notification's sentence in the reader's language; its calendar dates shown DD/MM/YYYY (spec §9). */
export function notificationText(notification: Pick<Notification, 'kind' | 'params'>, t: TFunction): string {
  const params = Object.fromEntries(
    Object.entries(notification.params).map(([name, value]) => [
      name,
      typeof value === 'string' && isoDate.test(value) ? formatDate(value) : value,
    ]),
  );
  return t(`notifications:kinds.${notification.kind}`, { ...params, defaultValue: notification.kind });
}

/** Where a notification leads: only a page inside the app, whatever the row holds. */
export function notificationTarget(link: string | null): string | null {
  return link && /^\/app(\/|$)/.test(link) ? link : null;
}
