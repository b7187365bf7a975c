// Management › usersGroup/notification/{userGroupID}/edit: for each notification event, the channels
// (email, web, telegram) on which the group's members are told. An event reaches the holders of its ability
// (notificationEventCatalog), which for the cash register's events is the ability of the work they ask for.
// Delegation as on the server: a group holding abilities the person lacks is read-only, and events whose
// ability they do not hold stay as they are.
import {
  mayDelegate,
  type NotificationChannel,
  type NotificationEvent,
  notificationChannels,
  notificationEventCatalog,
} from '@bottega/contracts/permissions';
import type { GroupNotifications } from '@bottega/contracts/user-groups';
import { Alert, Badge, Button, Card, Checkbox, Group, Skeleton, Table, Text, Tooltip } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconAlertCircle, IconDeviceFloppy, IconLock } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { ApiError } from '../../../lib/api-client';
import { errorMessage } from '../../../lib/error-message';
import { PageHeader } from '../../../ui/page-header';
import { StatusPage } from '../../../ui/status-page';
import { notificationKindText } from '../../notifications/notification-labels';
import { useDelegator, useGroupNotifications, useSaveGroupNotifications, useUserGroup } from '../user-groups.api';

export default function UserGroupNotificationsPage() {
  const { t } = useTranslation(['user-groups', 'permissions', 'notifications']);
  const id = Number(useParams().userGroupID);
  const valid = Number.isInteger(id) && id > 0;
  const group = useUserGroup(valid ? id : null);
  const stored = useGroupNotifications(valid ? id : 0);
  const save = useSaveGroupNotifications(id);
  const delegator = useDelegator();
  const [events, setEvents] = useState<GroupNotifications['events']>([]);

  useEffect(() => {
    if (stored.data) setEvents(stored.data.events);
  }, [stored.data]);

  if (!valid || (group.error instanceof ApiError && group.error.status === 404)) return <StatusPage status={404} />;
  if (!group.data || !stored.data) {
    return stored.isError || group.isError ? (
      <Alert color="red" role="alert">
        {errorMessage(stored.error ?? group.error, t)}
      </Alert>
    ) : (
      <Skeleton h={400} />
    );
  }

  const held = new Set<string>(group.data.permissions);
  const abilityOf = (event: NotificationEvent) => notificationEventCatalog[event].ability;
  const delegable = mayDelegate(delegator, group.data);
  const mayChange = (event: NotificationEvent) =>
    delegable && (delegator.isAdmin || delegator.abilities.has(abilityOf(event)));
  const toggle = (event: NotificationEvent, channel: NotificationChannel, on: boolean) =>
    setEvents((current) =>
      current.map((entry) =>
        entry.event === event
          ? {
              ...entry,
              channels: notificationChannels.filter((candidate) =>
                candidate === channel ? on : entry.channels.includes(candidate),
              ),
            }
          : entry,
      ),
    );
  const column = (channel: NotificationChannel) => events.filter((entry) => entry.channels.includes(channel)).length;
  const setColumn = (channel: NotificationChannel, on: boolean) => {
    for (const entry of events) if (mayChange(entry.event)) toggle(entry.event, channel, on);
  };
  const changed = JSON.stringify(events) !== JSON.stringify(stored.data.events);

  return (
    <>
      <PageHeader
        title={t('notificationsTitle', { name: group.data.name })}
        description={t('notificationsDescription')}
        actions={
          <>
            <Button variant="default" component={Link} to="/app/usersGroup/list">
              {t('backToList')}
            </Button>
            <Button
              leftSection={<IconDeviceFloppy size={16} />}
              loading={save.isPending}
              disabled={!changed || !delegable}
              onClick={() =>
                save.mutate(
                  { events },
                  {
                    onSuccess: () =>
                      notifications.show({ color: 'green', message: t('saved', { name: group.data?.name }) }),
                  },
                )
              }
            >
              {t('save')}
            </Button>
          </>
        }
      />
      {!delegable && (
        <Alert color="yellow" icon={<IconLock size={18} />} mb="md" data-testid="not-delegable-notice">
          {t('notDelegableNotice')}
        </Alert>
      )}
      {save.error && (
        <Alert color="red" icon={<IconAlertCircle size={18} />} role="alert" mb="md">
          {errorMessage(save.error, t)}
        </Alert>
      )}
      <Card withBorder padding={0}>
        <Table.ScrollContainer minWidth={640}>
          <Table verticalSpacing="sm" highlightOnHover>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('event')}</Table.Th>
                {notificationChannels.map((channel) => (
                  <Table.Th key={channel} ta="center" w={110}>
                    <Group gap={6} justify="center" wrap="nowrap">
                      <Checkbox
                        size="xs"
                        aria-label={t('allOnChannel', { channel: t(`channels.${channel}`) })}
                        checked={column(channel) === events.length}
                        indeterminate={column(channel) > 0 && column(channel) < events.length}
                        onChange={(event) => setColumn(channel, event.currentTarget.checked)}
                        disabled={!events.some((entry) => mayChange(entry.event))}
                      />
                      {t(`channels.${channel}`)}
                    </Group>
                  </Table.Th>
                ))}
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {events.map((entry) => {
                const { label, description } = notificationKindText(entry.event, t);
                return (
                  <Table.Tr key={entry.event} data-testid={`event-${entry.event}`}>
                    <Table.Td>
                      <Group gap="xs">
                        <Text fw={500} size="sm">
                          {label}
                        </Text>
                        {!group.data?.isAdmin && !held.has(abilityOf(entry.event)) && (
                          <Tooltip label={t('eventNotGrantedHint')} multiline w={260}>
                            <Badge size="xs" variant="light" color="gray">
                              {t('eventNotGranted')}
                            </Badge>
                          </Tooltip>
                        )}
                      </Group>
                      <Text size="xs" c="dimmed">
                        {description}
                      </Text>
                    </Table.Td>
                    {notificationChannels.map((channel) => {
                      const checkbox = (
                        <Checkbox
                          style={{ display: 'inline-block' }}
                          aria-label={`${label}: ${t(`channels.${channel}`)}`}
                          checked={entry.channels.includes(channel)}
                          onChange={(event) => toggle(entry.event, channel, event.currentTarget.checked)}
                          disabled={!mayChange(entry.event)}
                        />
                      );
                      return (
                        <Table.Td key={channel} ta="center">
                          {delegable && !mayChange(entry.event) ? (
                            // A disabled input fires no pointer events: the tooltip hangs on a wrapper.
                            <Tooltip label={t('eventNotHeldTooltip')} multiline w={260}>
                              <span style={{ display: 'inline-block' }}>{checkbox}</span>
                            </Tooltip>
                          ) : (
                            checkbox
                          )}
                        </Table.Td>
                      );
                    })}
                  </Table.Tr>
                );
              })}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      </Card>
    </>
  );
}
