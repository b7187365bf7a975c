// Management › usersGroup/notification/{userGroupID}/edit: for each notification event, the channels
// (email, web, telegram) on which the group's members are told.
import { type Ability, type NotificationChannel, notificationChannels } from '@bottega/contracts/permissions';
import type { GroupNotifications } from '@bottega/contracts/user-groups';
import { Alert, Badge, Button, Card, Checkbox, Group, Skeleton, Table, Text, Tooltip } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconAlertCircle, IconDeviceFloppy } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { ApiError } from '../../../lib/api-client';
import { errorMessage } from '../../../lib/error-message';
import { PageHeader } from '../../../ui/page-header';
import { StatusPage } from '../../../ui/status-page';
import { useGroupNotifications, useSaveGroupNotifications, useUserGroup } from '../user-groups.api';

export default function UserGroupNotificationsPage() {
  const { t } = useTranslation(['user-groups', 'permissions']);
  const id = Number(useParams().userGroupID);
  const valid = Number.isInteger(id) && id > 0;
  const group = useUserGroup(valid ? id : null);
  const stored = useGroupNotifications(valid ? id : 0);
  const save = useSaveGroupNotifications(id);
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
  const toggle = (event: string, channel: NotificationChannel, on: boolean) =>
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
    for (const entry of events) toggle(entry.event, channel, on);
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
              disabled={!changed}
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
                      />
                      {t(`channels.${channel}`)}
                    </Group>
                  </Table.Th>
                ))}
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {events.map((entry) => (
                <Table.Tr key={entry.event} data-testid={`event-${entry.event}`}>
                  <Table.Td>
                    <Group gap="xs">
                      <Text fw={500} size="sm">
                        {t(`permissions:${entry.event}.label`)}
                      </Text>
                      {!group.data?.isAdmin && !held.has(entry.event as Ability) && (
                        <Tooltip label={t('eventNotGrantedHint')} multiline w={260}>
                          <Badge size="xs" variant="light" color="gray">
                            {t('eventNotGranted')}
                          </Badge>
                        </Tooltip>
                      )}
                    </Group>
                    <Text size="xs" c="dimmed">
                      {t(`permissions:${entry.event}.description`)}
                    </Text>
                  </Table.Td>
                  {notificationChannels.map((channel) => (
                    <Table.Td key={channel} ta="center">
                      <Checkbox
                        style={{ display: 'inline-block' }}
                        aria-label={`${t(`permissions:${entry.event}.label`)}: ${t(`channels.${channel}`)}`}
                        checked={entry.channels.includes(channel)}
                        onChange={(event) => toggle(entry.event, channel, event.currentTarget.checked)}
                      />
                    </Table.Td>
                  ))}
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      </Card>
    </>
  );
}
