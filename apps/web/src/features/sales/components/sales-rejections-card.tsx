import { EmptyState, Group, Pagination, Table, Text } from '@mantine/core';
import { IconCircleCheck, IconFileAlert } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../../lib/format-date';
import { useSalesRejections } from '../sales.api';
import { FeedCard } from './feed-card';

const perPage = 10;

/** The records the shop's registers and agents sent that were refused, newest first, with the reason. */
export function SalesRejectionsCard({ shopId }: { shopId: number }) {
  const { t } = useTranslation('sales');
  const [page, setPage] = useState(1);
  const rejections = useSalesRejections(shopId, page, perPage);
  const rows = rejections.data?.data ?? [];
  const total = rejections.data?.meta.total ?? 0;
  const pages = Math.max(1, Math.ceil(total / perPage));
  return (
    <FeedCard
      title={t('feed.rejections.title')}
      description={t('feed.rejections.description')}
      icon={<IconFileAlert size={22} />}
      query={rejections}
      t={t}
      testId="sales-rejections"
    >
      {rows.length === 0 ? (
        <EmptyState
          py="md"
          icon={<IconCircleCheck size={28} />}
          title={t('feed.rejections.empty')}
          data-testid="sales-rejections-empty"
        />
      ) : (
        <>
          <Table.ScrollContainer minWidth={760}>
            <Table verticalSpacing="sm">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t('feed.rejections.receivedAt')}</Table.Th>
                  <Table.Th>{t('feed.rejections.kind')}</Table.Th>
                  <Table.Th>{t('feed.rejections.reference')}</Table.Th>
                  <Table.Th>{t('feed.rejections.reason')}</Table.Th>
                  <Table.Th>{t('feed.rejections.message')}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {rows.map((row) => (
                  <Table.Tr key={row.id} data-testid={`sales-rejection-${row.id}`}>
                    <Table.Td style={{ whiteSpace: 'nowrap' }}>
                      <bdi dir="ltr">{formatDateTime(row.receivedAt)}</bdi>
                    </Table.Td>
                    <Table.Td>{t(`feed.rejections.kinds.${row.kind}`)}</Table.Td>
                    <Table.Td>
                      <Text size="sm" ff="monospace" dir="ltr" ta="start" style={{ whiteSpace: 'nowrap' }}>
                        {row.reference}
                      </Text>
                    </Table.Td>
                    <Table.Td>
                      <Text size="sm" c="red" fw={500} style={{ whiteSpace: 'nowrap' }}>
                        {t(`feed.rejections.reasons.${row.reason}`)}
                      </Text>
                    </Table.Td>
                    <Table.Td>
                      <Text size="sm">{row.message}</Text>
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
          <Group justify="space-between" mt="md">
            <Text size="sm" c="dimmed" data-testid="sales-rejections-total">
              {t('feed.rejections.total', { count: total })}
            </Text>
            {pages > 1 && <Pagination value={page} onChange={setPage} total={pages} size="sm" />}
          </Group>
        </>
      )}
    </FeedCard>
  );
}
