import { Button, EmptyState, Group, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconCircleCheck, IconFileUpload, IconKeyboard, IconPrinter, IconReceiptOff } from '@tabler/icons-react';
import type { UseQueryResult } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../../lib/error-message';
import { formatDate } from '../../../lib/format-date';
import { currentLanguage } from '../../../lib/i18n';
import { type SalesFeed, useReadFiscalClose } from '../sales.api';
import { FeedCard } from './feed-card';
import { FiscalCloseFileModal } from './fiscal-close-file-modal';
import { FiscalCloseModal } from './fiscal-close-modal';

/**
 * Business days with receipts but no fiscal close: read each from the shop's printer or, when the
 * printer cannot be reached, upload its corrispettivi file (stored as file) or type it in from the
 * paper Z report (stored as manual).
 */
export function MissingClosesCard(props: { shopId: number; feed: UseQueryResult<SalesFeed>; canClose: boolean }) {
  const { t } = useTranslation(['sales', 'validation']);
  const read = useReadFiscalClose(props.shopId);
  const [typing, setTyping] = useState<string | null>(null);
  const [uploading, setUploading] = useState<string | null>(null);
  const days = props.feed.data?.missingFiscalCloses ?? [];
  const printers = (props.feed.data?.sources ?? []).filter((source) => source.kind === 'printer');
  const weekday = useMemo(() => new Intl.DateTimeFormat(currentLanguage(), { weekday: 'long', timeZone: 'UTC' }), []);

  const readFromPrinter = (day: string) =>
    read.mutate(day, {
      onSuccess: () =>
        notifications.show({ color: 'green', message: t('feed.missing.readDone', { date: formatDate(day) }) }),
      onError: (error) =>
        notifications.show({
          color: 'red',
          title: t('feed.missing.readFailed', { date: formatDate(day) }),
          message: errorMessage(error, t),
        }),
    });

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
                <Group gap="xs">
                  <Button
                    size="xs"
                    variant="light"
                    leftSection={<IconPrinter size={14} />}
                    loading={read.isPending && read.variables === day}
                    disabled={read.isPending && read.variables !== day}
                    onClick={() => readFromPrinter(day)}
                    data-testid={`sales-read-printer-${day}`}
                  >
                    {t('feed.missing.readPrinter')}
                  </Button>
                  <Button
                    size="xs"
                    variant="default"
                    leftSection={<IconFileUpload size={14} />}
                    onClick={() => setUploading(day)}
                    data-testid={`sales-upload-close-${day}`}
                  >
                    {t('feed.missing.uploadFile')}
                  </Button>
                  <Button
                    size="xs"
                    variant="default"
                    leftSection={<IconKeyboard size={14} />}
                    onClick={() => setTyping(day)}
                    data-testid={`sales-enter-close-${day}`}
                  >
                    {t('feed.missing.enterManually')}
                  </Button>
                </Group>
              )}
            </Group>
          ))}
        </Stack>
      )}
      <FiscalCloseModal
        shopId={props.shopId}
        day={typing}
        deviceSerials={printers.map((printer) => printer.code)}
        onClose={() => setTyping(null)}
      />
      <FiscalCloseFileModal shopId={props.shopId} day={uploading} onClose={() => setUploading(null)} />
    </FeedCard>
  );
}
