import { Badge, Box, Divider, Group, Paper, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDate } from '../../lib/format-date';
import { Money } from '../../ui/money';
import { usePurchases } from '../club-api';
import { groupByReceipt } from '../club-format';
import { HistoryPagination } from './history-pagination';
import { ListPlaceholder } from './list-placeholder';
import { QueryError } from './query-error';

/** The receipts that carried the card, line by line (§3 Customer sale), newest first as the server sends them. */
export function PurchasesList() {
  const { t } = useTranslation('club');
  const [page, setPage] = useState(1);
  const purchases = usePurchases(page, true);

  if (purchases.isError) return <QueryError error={purchases.error} onRetry={() => void purchases.refetch()} />;
  if (!purchases.data) return <ListPlaceholder />;
  const { data, meta } = purchases.data;
  if (meta.total === 0) return <Text c="dimmed">{t('activity.noPurchases')}</Text>;
  const receipts = groupByReceipt(data);

  return (
    <Stack gap="sm">
      <Stack gap="sm" role="list" aria-busy={purchases.isFetching} data-testid="club-purchases">
        {receipts.map((receipt) => (
          <Paper key={receipt.receiptId} withBorder p="sm" radius="md" role="listitem">
            <Stack gap="xs">
              <Group justify="space-between" wrap="nowrap" align="flex-start" gap="sm">
                <Stack gap={0} style={{ minWidth: 0 }}>
                  <Group gap="xs">
                    <Text fw={600}>{receipt.shopName}</Text>
                    {receipt.type !== 'sale' && (
                      <Badge size="sm" variant="light" color={receipt.type === 'return' ? 'orange' : 'gray'}>
                        {t(`activity.receiptTypes.${receipt.type === 'return' ? 'return' : 'cancelled'}`)}
                      </Badge>
                    )}
                  </Group>
                  <Text size="sm" c="dimmed">
                    <span dir="ltr">{formatDate(receipt.receiptDate)}</span>
                    {' · '}
                    {t('activity.receipt', { number: receipt.receiptNumber })}
                  </Text>
                </Stack>
                <Text fw={700}>
                  <Money cents={receipt.totalCents} />
                </Text>
              </Group>
              <Divider />
              <Stack gap={4}>
                {receipt.lines.map((line) => (
                  <Group key={line.lineNumber} justify="space-between" wrap="nowrap" align="flex-start" gap="sm">
                    <Box style={{ minWidth: 0 }}>
                      <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
                        {line.product ?? line.description}
                      </Text>
                      <Text size="xs" c="dimmed">
                        {t('activity.quantity', { count: line.quantity })}
                        {line.discountCents !== 0 && (
                          <>
                            {' · '}
                            {t('activity.discount')} <Money cents={line.discountCents} />
                          </>
                        )}
                      </Text>
                    </Box>
                    <Text size="sm">
                      <Money cents={line.subtotalCents} />
                    </Text>
                  </Group>
                ))}
              </Stack>
            </Stack>
          </Paper>
        ))}
      </Stack>
      <HistoryPagination meta={meta} page={page} onChange={setPage} />
    </Stack>
  );
}
