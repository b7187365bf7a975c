// Who changed the group, when, and what: abilities added and removed, renames, notification channels.
import type { UserGroupHistoryEntry } from '@bottega/contracts/user-groups';
import { Badge, Card, Group, Pagination, Stack, Text, Timeline, Title } from '@mantine/core';
import { IconHistory } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../../lib/format-date';
import { useUserGroupHistory } from '../user-groups.api';

type ChannelChange = { from: string[]; to: string[] };

function Details({ entry }: { entry: UserGroupHistoryEntry }) {
  const { t } = useTranslation(['user-groups', 'permissions']);
  const data = (entry.data ?? {}) as { added?: string[]; removed?: string[]; changes?: Record<string, ChannelChange> };
  const channels = (list: string[]) => (list.length ? list.map((channel) => t(`channels.${channel}`)).join(', ') : '—');
  return (
    <Stack gap={4}>
      {entry.fromState && entry.toState && (
        <Text size="sm">{t('history.renamed', { from: entry.fromState, to: entry.toState })}</Text>
      )}
      {(data.added?.length ?? 0) > 0 && (
        <Group gap={4}>
          {data.added?.map((ability) => (
            <Badge key={ability} color="green" variant="light" size="sm" tt="none">
              + {t(`permissions:${ability}.label`)}
            </Badge>
          ))}
        </Group>
      )}
      {(data.removed?.length ?? 0) > 0 && (
        <Group gap={4}>
          {data.removed?.map((ability) => (
            <Badge key={ability} color="red" variant="light" size="sm" tt="none">
              − {t(`permissions:${ability}.label`)}
            </Badge>
          ))}
        </Group>
      )}
      {Object.entries(data.changes ?? {}).map(([event, change]) => (
        <Text key={event} size="sm">
          {t(`permissions:${event}.label`)}: {channels(change.from)} → {channels(change.to)}
        </Text>
      ))}
    </Stack>
  );
}

export function GroupHistory({ groupId }: { groupId: number }) {
  const { t } = useTranslation('user-groups');
  const [page, setPage] = useState(1);
  const history = useUserGroupHistory(groupId, page);
  const entries = history.data?.data ?? [];
  const totalPages = Math.ceil((history.data?.meta.total ?? 0) / 10);
  return (
    <Card withBorder padding="lg">
      <Group gap="xs" mb="md">
        <IconHistory size={18} />
        <Title order={2} size="h4">
          {t('history.title')}
        </Title>
      </Group>
      {entries.length === 0 && !history.isPending ? (
        <Text size="sm" c="dimmed">
          {t('history.empty')}
        </Text>
      ) : (
        <Timeline bulletSize={12} lineWidth={2} data-testid="group-history">
          {entries.map((entry) => (
            <Timeline.Item key={entry.id} title={t(`history.actions.${entry.action}`, { defaultValue: entry.action })}>
              <Text size="xs" c="dimmed" mb={4}>
                <bdi>{entry.actor ?? t('history.system')}</bdi> · {formatDateTime(entry.at)}
              </Text>
              <Details entry={entry} />
            </Timeline.Item>
          ))}
        </Timeline>
      )}
      {totalPages > 1 && <Pagination mt="md" size="sm" value={page} onChange={setPage} total={totalPages} />}
    </Card>
  );
}
