import { Badge, EmptyState, Group, Stack, Table, Text, Tooltip } from '@mantine/core';
import { IconAlertTriangle, IconCash, IconPlugConnected, IconPrinter } from '@tabler/icons-react';
import type { UseQueryResult } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { formatDate, formatDateTime } from '../../../lib/format-date';
import { currentLanguage } from '../../../lib/i18n';
import type { SalesFeed } from '../sales.api';
import { isStale, timeAgo } from '../source-age';
import { FeedCard } from './feed-card';

/** The shop's registers and fiscal printers with what each last sent; a silent one stands out. */
export function SalesSourcesCard({ feed, canEdit }: { feed: UseQueryResult<SalesFeed>; canEdit: boolean }) {
  const { t } = useTranslation('sales');
  const now = Date.now();
  const sources = feed.data?.sources ?? [];
  return (
    <FeedCard
      title={t('feed.sources.title')}
      description={t('feed.sources.description')}
      icon={<IconPlugConnected size={22} />}
      query={feed}
      t={t}
      testId="sales-sources"
    >
      {sources.length === 0 ? (
        <EmptyState
          py="md"
          icon={<IconPlugConnected size={28} />}
          title={t('feed.sources.empty')}
          description={canEdit ? t('feed.sources.emptyHint') : t('feed.sources.emptyHintReadOnly')}
          data-testid="sales-sources-empty"
        />
      ) : (
        <Table.ScrollContainer minWidth={480}>
          <Table verticalSpacing="sm">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('feed.sources.source')}</Table.Th>
                <Table.Th>{t('feed.sources.lastReceivedAt')}</Table.Th>
                <Table.Th>{t('feed.sources.lastBusinessDate')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {sources.map((source) => {
                const stale = isStale(source.lastReceivedAt, now);
                const Icon = source.kind === 'register' ? IconCash : IconPrinter;
                return (
                  <Table.Tr key={`${source.kind}-${source.code}`} data-testid={`sales-source-${source.code}`}>
                    <Table.Td>
                      <Group gap="xs" wrap="nowrap">
                        <Icon size={18} />
                        <Stack gap={0}>
                          <Text fw={500} dir="ltr" ta="start">
                            {source.code}
                          </Text>
                          <Text size="xs" c="dimmed">
                            {t(`feed.sources.kinds.${source.kind}`)}
                          </Text>
                        </Stack>
                      </Group>
                    </Table.Td>
                    <Table.Td>
                      <Stack gap={2} align="flex-start">
                        {stale ? (
                          <Tooltip label={t('feed.sources.stale')}>
                            <Badge
                              color="orange"
                              variant="light"
                              leftSection={<IconAlertTriangle size={12} />}
                              data-testid="sales-source-stale"
                            >
                              {timeAgo(source.lastReceivedAt, now, currentLanguage())}
                            </Badge>
                          </Tooltip>
                        ) : (
                          <Text size="sm">{timeAgo(source.lastReceivedAt, now, currentLanguage())}</Text>
                        )}
                        <Text size="xs" c="dimmed">
                          <bdi dir="ltr">{formatDateTime(source.lastReceivedAt)}</bdi>
                        </Text>
                      </Stack>
                    </Table.Td>
                    <Table.Td>{formatDate(source.lastBusinessDate)}</Table.Td>
                  </Table.Tr>
                );
              })}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
    </FeedCard>
  );
}
