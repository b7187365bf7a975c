// /app/notifications, for every signed-in person: all their notifications a page at a time (filtered by kind or to
// the unread ones, each marked read or opened), and "Le mie preferenze": what their groups chose to tell them, on
// which channel, read-only here. Tab, filters and page live in the address, so Back restores them.
import type { Notification, NotificationKind } from '@bottega/contracts/notifications';
import { type NotificationChannel, notificationChannels } from '@bottega/contracts/permissions';
import {
  Alert,
  Anchor,
  Badge,
  Button,
  Card,
  EmptyState,
  Group,
  List,
  Pagination,
  Select,
  Skeleton,
  Stack,
  Switch,
  Table,
  Tabs,
  Text,
  useDirection,
  VisuallyHidden,
} from '@mantine/core';
import {
  IconAdjustments,
  IconAlertCircle,
  IconArrowUpLeft,
  IconArrowUpRight,
  IconBell,
  IconBellOff,
  IconBrandTelegram,
  IconCheck,
  IconChecks,
  IconMinus,
  IconUsersGroup,
} from '@tabler/icons-react';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { errorMessage } from '../../../lib/error-message';
import { formatDateTime, formatRelativeTime } from '../../../lib/format-date';
import { currentLanguage } from '../../../lib/i18n';
import { PageHeader } from '../../../ui/page-header';
import { QueryPlaceholder } from '../../../ui/query-placeholder';
import { ResponsiveTable } from '../../../ui/responsive-table';
import { RowAction } from '../../../ui/row-action';
import { listPerPage } from '../../../ui/use-list-page';
import { notificationKindText, notificationTarget, notificationText } from '../notification-labels';
import {
  useMarkNotificationRead,
  useMarkNotificationsRead,
  useNotificationKinds,
  useNotificationPreferences,
  useNotifications,
} from '../notifications.api';

const namespaces = ['notifications', 'permissions', 'user-groups', 'errors'];
type Tab = 'list' | 'preferences';
type Filter = 'tab' | 'kind' | 'unread' | 'page';

export default function NotificationsPage() {
  const { t } = useTranslation(namespaces);
  const [params, setParams] = useSearchParams();
  const tab: Tab = params.get('tab') === 'preferences' ? 'preferences' : 'list';

  /** Sets (or, when empty, removes) one part of the address; changing a filter goes back to the first page. */
  const setFilter = (name: Filter, value: string | null) =>
    setParams(
      (previous) => {
        const next = new URLSearchParams(previous);
        const fallback = name === 'page' ? '1' : name === 'tab' ? 'list' : '';
        if (value && value !== fallback) next.set(name, value);
        else next.delete(name);
        if (name !== 'page') next.delete('page');
        return next;
      },
      { replace: true },
    );

  return (
    <>
      <PageHeader title={t('title')} description={t('list.description')} />
      <Tabs value={tab} onChange={(value) => setFilter('tab', value)} keepMounted={false} variant="outline">
        <Tabs.List mb="md">
          <Tabs.Tab value="list" leftSection={<IconBell size={16} />} data-testid="notifications-tab-list">
            {t('list.tab')}
          </Tabs.Tab>
          <Tabs.Tab
            value="preferences"
            leftSection={<IconAdjustments size={16} />}
            data-testid="notifications-tab-preferences"
          >
            {t('preferences.tab')}
          </Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="list">
          <NotificationList params={params} setFilter={setFilter} />
        </Tabs.Panel>
        <Tabs.Panel value="preferences">
          <PreferencesPanel />
        </Tabs.Panel>
      </Tabs>
    </>
  );
}

function NotificationList(props: { params: URLSearchParams; setFilter: (name: Filter, value: string | null) => void }) {
  const { params, setFilter } = props;
  const { t } = useTranslation(namespaces);
  const navigate = useNavigate();
  const kinds = useNotificationKinds();
  const kind = (params.get('kind') as NotificationKind | null) ?? undefined;
  const unreadOnly = params.get('unread') === '1';
  const page = Math.max(1, Number(params.get('page')) || 1);
  const list = useNotifications({ page, perPage: listPerPage, kind, unreadOnly });
  const markRead = useMarkNotificationRead();
  const markAllRead = useMarkNotificationsRead();
  // "Open" points ahead in the reading direction.
  const OpenIcon = useDirection().dir === 'rtl' ? IconArrowUpLeft : IconArrowUpRight;

  const rows = list.data?.data ?? [];
  const total = list.data?.meta.total ?? 0;
  const unread = list.data?.meta.unread ?? 0;
  const totalPages = Math.max(1, Math.ceil(total / listPerPage));
  const filtered = Boolean(kind || unreadOnly);

  // Reading the last unread ones of the last page (with "only unread") leaves that page empty: step back.
  useEffect(() => {
    if (list.data && page > totalPages) setFilter('page', String(totalPages));
  }, [list.data, page, totalPages, setFilter]);

  const open = (notification: Notification, target: string) => {
    if (notification.readAt === null) markRead.mutate(notification.id);
    void navigate(target);
  };

  return (
    <Card withBorder padding={0}>
      <Group p="md" gap="md" align="center">
        <Select
          placeholder={t('list.allKinds')}
          aria-label={t('list.kind')}
          data={(kinds.data ?? []).map((value) => ({ value, label: notificationKindText(value, t).label }))}
          value={kind ?? null}
          onChange={(value) => setFilter('kind', value)}
          clearable
          searchable
          w={{ base: '100%', sm: 300 }}
          data-testid="notifications-filter-kind"
        />
        <Switch
          label={t('list.onlyUnread')}
          checked={unreadOnly}
          onChange={(event) => setFilter('unread', event.currentTarget.checked ? '1' : null)}
          data-testid="notifications-only-unread"
        />
        <Button
          ms={{ sm: 'auto' }}
          variant="default"
          leftSection={<IconChecks size={16} />}
          disabled={unread === 0}
          loading={markAllRead.isPending}
          onClick={() => markAllRead.mutate()}
        >
          {t('markAllRead')}
        </Button>
      </Group>
      {list.isError || list.isPending ? (
        <QueryPlaceholder query={list} />
      ) : rows.length === 0 ? (
        <EmptyState
          py="xl"
          icon={<IconBellOff size={32} />}
          title={filtered ? t('list.noMatch') : t('empty')}
          description={filtered ? t('list.noMatchHint') : t('emptyHint')}
          data-testid="notifications-empty"
        />
      ) : (
        <ResponsiveTable highlightOnHover verticalSpacing="sm" data-testid="notifications-table">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('list.columns.text')}</Table.Th>
              <Table.Th>{t('list.columns.kind')}</Table.Th>
              <Table.Th>{t('list.columns.when')}</Table.Th>
              <Table.Th>{t('list.columns.status')}</Table.Th>
              <Table.Th />
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {rows.map((notification) => {
              const text = notificationText(notification, t);
              const target = notificationTarget(notification.link);
              const isUnread = notification.readAt === null;
              return (
                <Table.Tr key={notification.id} data-testid={`notification-row-${notification.id}`}>
                  <Table.Td>
                    <Text size="sm" fw={isUnread ? 600 : 400}>
                      {text}
                    </Text>
                  </Table.Td>
                  <Table.Td data-label={t('list.columns.kind')}>
                    <Text size="sm">{notificationKindText(notification.kind, t).label}</Text>
                  </Table.Td>
                  <Table.Td data-label={t('list.columns.when')}>
                    <Text
                      size="sm"
                      component="time"
                      dateTime={notification.createdAt}
                      title={formatDateTime(notification.createdAt)}
                      style={{ whiteSpace: 'nowrap' }}
                    >
                      {formatRelativeTime(notification.createdAt, new Date(), currentLanguage())}
                    </Text>
                  </Table.Td>
                  <Table.Td data-label={t('list.columns.status')}>
                    {isUnread ? (
                      <Badge variant="light">{t('new')}</Badge>
                    ) : (
                      <Text size="sm" c="dimmed">
                        {t('read')}
                      </Text>
                    )}
                  </Table.Td>
                  <Table.Td data-actions>
                    <Group gap={4} justify="flex-end" wrap="nowrap">
                      {isUnread && (
                        <RowAction
                          label={t('markRead')}
                          subject={text}
                          icon={<IconCheck size={18} />}
                          loading={markRead.isPending && markRead.variables === notification.id}
                          onClick={() => markRead.mutate(notification.id)}
                          testId={`notification-read-${notification.id}`}
                        />
                      )}
                      {target && (
                        <RowAction
                          label={t('open')}
                          subject={text}
                          icon={<OpenIcon size={18} />}
                          onClick={() => open(notification, target)}
                          testId={`notification-open-${notification.id}`}
                        />
                      )}
                    </Group>
                  </Table.Td>
                </Table.Tr>
              );
            })}
          </Table.Tbody>
        </ResponsiveTable>
      )}
      {total > 0 && (
        <Group justify="space-between" p="md">
          <Text size="sm" c="dimmed" data-testid="notifications-total">
            {t('list.total', { count: total })}
          </Text>
          {totalPages > 1 && (
            <Pagination value={page} onChange={(value) => setFilter('page', String(value))} total={totalPages} />
          )}
        </Group>
      )}
    </Card>
  );
}

/** One channel's cell: a tick or a dash, and in words for screen readers and the card layout's label. */
function ChannelCell({ on, channel }: { on: boolean; channel: NotificationChannel }) {
  const { t } = useTranslation(namespaces);
  return (
    <Table.Td data-label={t(`user-groups:channels.${channel}`)} ta="center" data-channel={channel} data-on={on}>
      {on ? (
        <IconCheck size={18} aria-hidden style={{ verticalAlign: 'middle' }} />
      ) : (
        <IconMinus size={18} aria-hidden style={{ verticalAlign: 'middle', color: 'var(--mantine-color-dimmed)' }} />
      )}
      <VisuallyHidden>{on ? t('preferences.on') : t('preferences.off')}</VisuallyHidden>
    </Table.Td>
  );
}

function PreferencesPanel() {
  const { t } = useTranslation(namespaces);
  const preferences = useNotificationPreferences();

  if (preferences.isError) {
    return (
      <Alert color="red" role="alert" icon={<IconAlertCircle size={18} />}>
        {errorMessage(preferences.error, t)}
      </Alert>
    );
  }
  if (!preferences.data) return <Skeleton h={320} />;
  const { events, groups, mayEdit, telegramLinked } = preferences.data;

  return (
    <Stack gap="md" data-testid="notification-preferences">
      <Text c="dimmed">{t('preferences.description')}</Text>
      <Alert variant="light" color="blue" icon={<IconUsersGroup size={18} />} data-testid="preferences-group-note">
        <Text size="sm">{mayEdit ? t('preferences.groupDecidesEditable') : t('preferences.groupDecides')}</Text>
        {mayEdit && groups.length > 0 && (
          <List size="sm" mt="xs" spacing={4}>
            {groups.map((group) => (
              <List.Item key={group.id}>
                <Anchor component={Link} to={`/app/usersGroup/notification/${group.id}/edit`} size="sm">
                  <bdi>{t('preferences.groupLink', { name: group.name })}</bdi>
                </Anchor>
              </List.Item>
            ))}
          </List>
        )}
      </Alert>
      <Alert
        variant="light"
        color={telegramLinked ? 'teal' : 'yellow'}
        icon={<IconBrandTelegram size={18} />}
        data-testid="preferences-telegram"
      >
        <Text size="sm">{telegramLinked ? t('preferences.telegramLinked') : t('preferences.telegramNotLinked')}</Text>
        <Anchor component={Link} to="/app/user" size="sm">
          {t('preferences.toProfile')}
        </Anchor>
      </Alert>
      <Card withBorder padding={0}>
        {events.length === 0 ? (
          <EmptyState
            py="xl"
            icon={<IconBellOff size={32} />}
            title={t('preferences.none')}
            data-testid="preferences-empty"
          />
        ) : (
          <ResponsiveTable verticalSpacing="sm" data-testid="preferences-table">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('preferences.event')}</Table.Th>
                {notificationChannels.map((channel) => (
                  <Table.Th key={channel} ta="center" w={110}>
                    {t(`user-groups:channels.${channel}`)}
                  </Table.Th>
                ))}
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {events.map((entry) => {
                const { label, description } = notificationKindText(entry.event, t);
                return (
                  <Table.Tr key={entry.event} data-testid={`preference-${entry.event}`}>
                    <Table.Td>
                      <Text fw={500} size="sm">
                        {label}
                      </Text>
                      <Text size="xs" c="dimmed">
                        {description}
                      </Text>
                    </Table.Td>
                    {notificationChannels.map((channel) => (
                      <ChannelCell key={channel} channel={channel} on={entry.channels.includes(channel)} />
                    ))}
                  </Table.Tr>
                );
              })}
            </Table.Tbody>
          </ResponsiveTable>
        )}
      </Card>
    </Stack>
  );
}
