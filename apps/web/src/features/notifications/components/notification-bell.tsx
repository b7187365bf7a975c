// The new-notification flag of spec §3: a dot on the bell while something is unread; the bell opens a drawer with
// the latest notifications, unread first, each leading to its page; live arrival through the person's realtime
// channel, which also refreshes the dashboard's "Da fare" (what a notification announces usually waits there).
// The drawer sits at the inline end: Mantine's "right" drawer is justified to flex-end and slides from that side,
// both of which follow the direction, so in Arabic it opens on the left.
import type { Notification } from '@bottega/contracts/notifications';
import { userChannel } from '@bottega/contracts/notifications';
import { ActionIcon, Anchor, Button, Drawer, EmptyState, Group, Indicator, Skeleton, Stack } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { notifications as toasts } from '@mantine/notifications';
import { IconBell, IconBellOff, IconChecks } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { connectRealtime } from '../../../lib/realtime';
import { notificationTarget, notificationText } from '../notification-labels';
import {
  refreshAfterNotificationChange,
  useMarkNotificationRead,
  useMarkNotificationsRead,
  useNotifications,
} from '../notifications.api';
import { NotificationLine } from './notification-line';

/** How many the drawer shows; the rest are on /app/notifications. */
const drawerSize = 20;

export function NotificationBell({ userId }: { userId: number }) {
  const { t } = useTranslation(['notifications', 'permissions']);
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const [opened, { open, close }] = useDisclosure(false);
  const list = useNotifications({ page: 1, perPage: drawerSize, unreadFirst: true });
  const markRead = useMarkNotificationRead();
  const markAllRead = useMarkNotificationsRead();
  const unread = list.data?.meta.unread ?? 0;

  useEffect(
    () =>
      connectRealtime([userChannel(userId)], {
        'notification.created': (payload) => {
          const notification = payload as Notification;
          void refreshAfterNotificationChange(queryClient);
          toasts.show({ message: notificationText(notification, t) });
        },
      }),
    [userId, queryClient, t],
  );

  const choose = (notification: Notification) => {
    if (notification.readAt === null) markRead.mutate(notification.id);
    const target = notificationTarget(notification.link);
    if (target) {
      close();
      void navigate(target);
    }
  };

  return (
    <>
      <ActionIcon
        variant="subtle"
        size="lg"
        aria-label={unread > 0 ? t('bellUnread', { count: unread }) : t('title')}
        aria-haspopup="dialog"
        aria-expanded={opened}
        onClick={open}
      >
        <Indicator disabled={unread === 0} color="red" size={9} offset={2} processing data-testid="notification-flag">
          <IconBell size={20} stroke={1.6} />
        </Indicator>
      </ActionIcon>
      <Drawer opened={opened} onClose={close} position="right" title={t('title')} data-testid="notification-drawer">
        <Group justify="space-between" mb="sm" gap="xs">
          <Button
            size="compact-sm"
            variant="subtle"
            leftSection={<IconChecks size={16} />}
            disabled={unread === 0}
            loading={markAllRead.isPending}
            onClick={() => markAllRead.mutate()}
          >
            {t('markAllRead')}
          </Button>
          <Anchor component={Link} to="/app/notifications" size="sm" onClick={close}>
            {t('seeAll')}
          </Anchor>
        </Group>
        {list.isPending ? (
          <Stack gap="xs">
            {Array.from({ length: 4 }, (_, index) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: placeholder lines have nothing else to key on
              <Skeleton key={index} h={52} />
            ))}
          </Stack>
        ) : list.data?.data.length ? (
          <Stack gap={6} component="ul" p={0} m={0} style={{ listStyle: 'none' }}>
            {list.data.data.map((notification) => (
              <li key={notification.id}>
                <NotificationLine notification={notification} onChoose={() => choose(notification)} />
              </li>
            ))}
          </Stack>
        ) : (
          <EmptyState
            py="xl"
            icon={<IconBellOff size={32} />}
            title={t('empty')}
            description={t('emptyHint')}
            data-testid="notification-drawer-empty"
          />
        )}
      </Drawer>
    </>
  );
}
