// One notification in the bell's drawer: its sentence, how long ago, and whether it is still unread — told in words
// (a "Nuova" badge) and weight as well as by the accent on its leading edge, never by colour alone. It is a button
// when choosing it does something: marking it read, opening its page.
import type { Notification } from '@bottega/contracts/notifications';
import { Badge, Box, Text, UnstyledButton } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { formatDateTime, formatRelativeTime } from '../../../lib/format-date';
import { currentLanguage } from '../../../lib/i18n';
import { notificationTarget, notificationText } from '../notification-labels';

export function NotificationLine(props: { notification: Notification; onChoose: () => void }) {
  const { notification } = props;
  const { t } = useTranslation(['notifications', 'permissions']);
  const unread = notification.readAt === null;
  const clickable = unread || notificationTarget(notification.link) !== null;
  const style = {
    display: 'block',
    width: '100%',
    textAlign: 'start',
    borderRadius: 'var(--mantine-radius-md)',
    border: '1px solid var(--mantine-color-default-border)',
    // The accent marks the unread ones at a glance; the badge and the weight say it to everyone.
    borderInlineStart: `4px solid ${unread ? 'var(--mantine-primary-color-filled)' : 'var(--mantine-color-default-border)'}`,
  } as const;
  // Only phrasing content: the line may be a button.
  const body = (
    <>
      <Text component="span" display="block" size="sm" fw={unread ? 600 : 400}>
        {notificationText(notification, t)}
      </Text>
      <Box component="span" mt={4} style={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 8 }}>
        <Text
          component="time"
          size="xs"
          c="dimmed"
          dateTime={notification.createdAt}
          title={formatDateTime(notification.createdAt)}
        >
          {formatRelativeTime(notification.createdAt, new Date(), currentLanguage())}
        </Text>
        {unread && (
          <Badge component="span" size="xs" variant="light">
            {t('new')}
          </Badge>
        )}
      </Box>
    </>
  );
  return clickable ? (
    <UnstyledButton
      p="sm"
      style={style}
      onClick={props.onChoose}
      data-unread={unread || undefined}
      data-testid={`notification-${notification.id}`}
    >
      {body}
    </UnstyledButton>
  ) : (
    <Box p="sm" style={style} data-testid={`notification-${notification.id}`}>
      {body}
    </Box>
  );
}
