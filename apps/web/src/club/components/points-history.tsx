import { Badge, Group, Paper, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDate } from '../../lib/format-date';
import { Money } from '../../ui/money';
import { type PointEntry, useActivity } from '../club-api';
import { signedPoints } from '../club-format';
import { HistoryPagination } from './history-pagination';
import { ListPlaceholder } from './list-placeholder';
import { QueryError } from './query-error';

function EntryDetails({ entry }: { entry: PointEntry }) {
  const { t } = useTranslation('club');
  if (entry.kind === 'referral') {
    return (
      <Text size="sm">
        {entry.friendName ? t('activity.friend', { name: entry.friendName }) : t('activity.kinds.referral')}
      </Text>
    );
  }
  if (entry.kind === 'birthday') return null;
  return (
    <Text size="sm">
      {[entry.shopName, entry.receiptNumber !== null ? t('activity.receipt', { number: entry.receiptNumber }) : null]
        .filter(Boolean)
        .join(' · ')}
      {entry.totalCents !== null && (
        <>
          {' · '}
          <Money cents={entry.totalCents} />
        </>
      )}
    </Text>
  );
}

/** The points history: each gift or receipt with its points, those older than 12 months greyed as no longer counting. */
export function PointsHistory() {
  const { t } = useTranslation('club');
  const [page, setPage] = useState(1);
  const activity = useActivity(page);

  if (activity.isError) return <QueryError error={activity.error} onRetry={() => void activity.refetch()} />;
  if (!activity.data) return <ListPlaceholder />;
  const { data, meta } = activity.data;
  if (meta.total === 0) return <Text c="dimmed">{t('activity.noPoints')}</Text>;

  return (
    <Stack gap="sm">
      <Stack gap="xs" role="list" aria-busy={activity.isFetching} data-testid="club-points-history">
        {data.map((entry, index) => (
          <Paper
            // biome-ignore lint/suspicious/noArrayIndexKey: history lines have no id of their own; the page fixes their order
            key={`${meta.page}-${index}`}
            withBorder
            p="sm"
            radius="md"
            role="listitem"
            c={entry.counted ? undefined : 'dimmed'}
            data-counted={entry.counted}
          >
            <Group justify="space-between" wrap="nowrap" align="flex-start" gap="sm">
              <Stack gap={2} style={{ minWidth: 0 }}>
                <Group gap="xs">
                  <Text fw={600}>{t(`activity.kinds.${entry.kind}`)}</Text>
                  {!entry.counted && (
                    <Badge size="sm" variant="outline" color="gray">
                      {t('activity.notCounted')}
                    </Badge>
                  )}
                </Group>
                <Text size="sm" c="dimmed" dir="ltr" ta="start">
                  {formatDate(entry.date)}
                </Text>
                <EntryDetails entry={entry} />
              </Stack>
              <Text
                fw={700}
                c={!entry.counted ? 'dimmed' : entry.points < 0 ? 'red' : 'teal'}
                style={{ whiteSpace: 'nowrap', textDecoration: entry.counted ? undefined : 'line-through' }}
              >
                {t('points.signed', {
                  count: Math.abs(entry.points),
                  points: `\u2066${signedPoints(entry.points)}\u2069`,
                })}
              </Text>
            </Group>
          </Paper>
        ))}
      </Stack>
      <HistoryPagination meta={meta} page={page} onChange={setPage} />
    </Stack>
  );
}
