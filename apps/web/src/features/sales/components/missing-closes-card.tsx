import { EmptyState, Group, Stack, Text } from '@mantine/core';
import { IconCircleCheck, IconReceiptOff } from '@tabler/icons-react';
import type { UseQueryResult } from '@tanstack/react-query';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDate } from '../../../lib/format-date';
import { currentLanguage } from '../../../lib/i18n';
import type { SalesFeed } from '../sales.api';
import { FeedCard } from './feed-card';
import { FiscalCloseActions } from './fiscal-close-actions';

/**
 * Business days with receipts but no fiscal close: read each from the shop's printer or, when the
 * printer cannot be reached, upload its corrispettivi file (stored as file) or type it in from the
 * paper Z report (stored as manual).
 */
export function MissingClosesCard(props: { shopId: number; feed: UseQueryResult<SalesFeed>; canClose: boolean }) {
  const { t } = useTranslation(['sales', 'validation']);
  const days = props.feed.data?.missingFiscalCloses ?? [];
  const printers = (props.feed.data?.sources ?? []).filter((source) => source.kind === 'printer');
  const weekday = useMemo(() => new Intl.DateTimeFormat(currentLanguage(), { weekday: 'long', timeZone: 'UTC' }), []);

  return (
    <FeedCard
      title={t('feed.missing.title')}
      description={t('feed.missing.description')}
      icon={<IconReceiptOff size={22} />}
      query={props.feed}
      t={t}
      testId="sales-missing"
    >
      {days.length === 0 ? (
        <EmptyState
          py="md"
          icon={<IconCircleCheck size={28} />}
          title={t('feed.missing.empty')}
          data-testid="sales-missing-empty"
        />
      ) : (
        <Stack gap={0}>
          {days.map((day) => (
            <Group
              key={day}
              justify="space-between"
              py="xs"
              gap="xs"
              style={{ borderBottom: '1px solid var(--mantine-color-default-border)' }}
              data-testid={`sales-missing-${day}`}
            >
              <div>
                <Text fw={500}>{formatDate(day)}</Text>
                <Text size="xs" c="dimmed" tt="capitalize">
                  {weekday.format(new Date(`${day}T00:00:00Z`))}
                </Text>
              </div>
              {props.canClose && (
                <FiscalCloseActions
                  shopId={props.shopId}
                  day={day}
                  deviceSerials={printers.map((printer) => printer.code)}
                />
              )}
            </Group>
          ))}
        </Stack>
      )}
    </FeedCard>
  );
}
