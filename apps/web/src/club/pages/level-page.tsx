// /club/level: the points that count (those of the rolling 12-month window, from–to), the level they reach with its
// discount, the way to the next level and every level of the club. Points older than 12 months stop counting (§9).

import { levelProgressPercent } from '@bottega/contracts/customers';
import { Badge, Group, Paper, Progress, Skeleton, Stack, Text, Title } from '@mantine/core';
import { IconCake, IconInfoCircle } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { formatDate } from '../../lib/format-date';
import { useLoyalty } from '../club-api';
import { useClubTitle } from '../club-title';
import { IconLink } from '../components/icon-link';
import { LevelBadge } from '../components/level-badge';
import { QueryError } from '../components/query-error';

export function LevelPage() {
  const { t } = useTranslation('club');
  const loyalty = useLoyalty();
  useClubTitle(t('level.title'));
  const summary = loyalty.data;
  const percent = summary ? levelProgressPercent(summary) : 0;

  return (
    <Stack gap="lg" py="md">
      <Title order={1}>{t('level.title')}</Title>
      {loyalty.isError && <QueryError error={loyalty.error} onRetry={() => void loyalty.refetch()} />}
      {!summary && !loyalty.isError && <Skeleton h={260} radius="lg" />}
      {summary && (
        <>
          <Paper withBorder p="lg" radius="lg">
            <Stack gap="md">
              <Stack gap={4} align="flex-start">
                <LevelBadge level={summary.level} />
                <Text fz={32} fw={700} lh={1.1} data-testid="club-level-points">
                  {t('points.count', { count: summary.points })}
                </Text>
                <Text size="sm" c="dimmed">
                  {t('level.window', { from: formatDate(summary.windowStart), to: formatDate(summary.windowEnd) })}
                </Text>
              </Stack>
              {summary.next ? (
                <Stack gap={6}>
                  <Progress.Root size="lg" radius="xl">
                    <Progress.Section
                      value={percent}
                      aria-label={t('level.progressLabel', { name: summary.next.name })}
                    />
                  </Progress.Root>
                  <Text size="sm">
                    {t('level.missing', { count: summary.next.missingPoints, name: summary.next.name })}
                  </Text>
                </Stack>
              ) : (
                <Text size="sm">{t('level.top')}</Text>
              )}
            </Stack>
          </Paper>

          <Stack gap="xs">
            <Title order={2} size="h4">
              {t('level.allLevels')}
            </Title>
            <Stack gap="xs" role="list">
              {summary.levels.map((level, index) => {
                const current = summary.level?.index === index;
                return (
                  <Paper
                    key={level.name}
                    withBorder
                    p="md"
                    radius="md"
                    role="listitem"
                    aria-current={current ? 'true' : undefined}
                    bd={current ? '2px solid var(--mantine-primary-color-filled)' : undefined}
                  >
                    <Group justify="space-between" wrap="nowrap" gap="xs">
                      <Stack gap={0}>
                        <Group gap="xs">
                          <Text fw={700}>{level.name}</Text>
                          {current && (
                            <Badge size="sm" variant="filled">
                              {t('level.yours')}
                            </Badge>
                          )}
                        </Group>
                        <Text size="sm" c="dimmed">
                          {t('levels.from', { points: level.minPoints })}
                        </Text>
                      </Stack>
                      <Badge variant="light" size="lg">
                        {t('levels.discount', { percent: level.discountPercent })}
                      </Badge>
                    </Group>
                  </Paper>
                );
              })}
            </Stack>
          </Stack>

          <Group gap="xs" wrap="nowrap" align="flex-start">
            <IconInfoCircle size={18} aria-hidden style={{ flexShrink: 0, marginTop: 2 }} />
            <Text size="sm">{t('level.expiryNote')}</Text>
          </Group>
          <Text size="sm" c="dimmed">
            {t('level.howToEarn')}
          </Text>
          <IconLink to="/birthday" icon={<IconCake size={20} aria-hidden />}>
            {t('card.birthdayLink')}
          </IconLink>
        </>
      )}
    </Stack>
  );
}
