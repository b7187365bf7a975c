// The new-notification flag of spec §3: a dot on the bell while something is unread, the latest
// notifications in a popover, and live arrival through the user's realtime channel.

import type { Notification } from '@bottega/contracts/notifications';
import { userChannel } from '@bottega/contracts/notifications';
import { ActionIcon, Button, Group, Indicator, Popover, ScrollArea, Stack, Text } from '@mantine/core';
import { notifications as toasts } from '@mantine/notifications';
import { IconBell } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDate } from '../../../lib/format-date';
import { connectRealtime } from '../../../lib/realtime';
import { notificationsKey, useMarkNotificationsRead, useNotifications } from '../notifications.api';

export function NotificationBell({ userId }: { userId: number }) {
  const { t } = useTranslation('notifications');
  const queryClient = useQueryClient();
  const list = useNotifications();
  const markRead = useMarkNotificationsRead();
  const unread = list.data?.meta.unread ?? 0;

  useEffect(
    () =>
      connectRealtime([userChannel(userId)], {
        'notification.created': (payload) => {
          const notification = payload as Notification;
          void queryClient.invalidateQueries({ queryKey: notificationsKey });
          toasts.show({ message: t(`kinds.${notification.kind}`, notification.params) });
        },
      }),
    [userId, queryClient, t],
  );

  return (
    <Popover width={320} position="bottom-end" shadow="md" withinPortal>
      <Popover.Target>
        <Indicator disabled={unread === 0} color="red" size={9} offset={6} processing data-testid="notification-flag">
          <ActionIcon variant="subtle" size="lg" aria-label={t('title')}>
            <IconBell size={20} stroke={1.6} />
          </ActionIcon>
        </Indicator>
      </Popover.Target>
      <Popover.Dropdown>
        <Group justify="space-between" mb="xs">
          <Text fw={600}>{t('title')}</Text>
          <Button size="compact-xs" variant="subtle" disabled={unread === 0} onClick={() => markRead.mutate()}>
            {t('markAllRead')}
          </Button>
        </Group>
        <ScrollArea.Autosize mah={320}>
          {list.data && list.data.data.length === 0 && (
            <Text size="sm" c="dimmed">
              {t('empty')}
            </Text>
          )}
          <Stack gap="xs">
            {list.data?.data.map((notification) => (
              <div key={notification.id}>
                <Text size="sm" fw={notification.readAt ? 400 : 600}>
                  {t(`kinds.${notification.kind}`, notification.params)}
                </Text>
                <Text size="xs" c="dimmed">
                  {formatDate(notification.createdAt)}
                </Text>
              </div>
            ))}
          </Stack>
        </ScrollArea.Autosize>
      </Popover.Dropdown>
    </Popover>
  );
}
