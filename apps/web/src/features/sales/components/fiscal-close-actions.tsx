import { Button, Group } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconFileUpload, IconKeyboard, IconPrinter } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../../lib/error-message';
import { formatDate } from '../../../lib/format-date';
import { useReadFiscalClose } from '../sales.api';
import { FiscalCloseFileModal } from './fiscal-close-file-modal';
import { FiscalCloseModal } from './fiscal-close-modal';

/**
 * The three ways to get a day's missing fiscal close: read it from the shop's printer, upload its corrispettivi
 * file (stored as file) or type it in from the paper Z report (stored as manual). Used by the sales feed and by
 * the daily cash report, which cannot close without it.
 */
export function FiscalCloseActions(props: { shopId: number; day: string; deviceSerials: string[] }) {
  const { t } = useTranslation(['sales', 'validation']);
  const read = useReadFiscalClose(props.shopId);
  const [modal, setModal] = useState<'file' | 'manual' | null>(null);
  const { day } = props;

  // The promise, not mutate's callbacks: once the close is stored the screen showing these buttons may go away
  // (the cash report's notice does), and mutate's callbacks do not run for an unmounted component.
  const readFromPrinter = () =>
    read.mutateAsync(day).then(
      () => notifications.show({ color: 'green', message: t('feed.missing.readDone', { date: formatDate(day) }) }),
      (error: unknown) =>
        notifications.show({
          color: 'red',
          title: t('feed.missing.readFailed', { date: formatDate(day) }),
          message: errorMessage(error, t),
        }),
    );

  return (
    <Group gap="xs">
      <Button
        size="xs"
        variant="light"
        leftSection={<IconPrinter size={14} />}
        loading={read.isPending}
        onClick={readFromPrinter}
        data-testid={`sales-read-printer-${day}`}
      >
        {t('feed.missing.readPrinter')}
      </Button>
      <Button
        size="xs"
        variant="default"
        leftSection={<IconFileUpload size={14} />}
        onClick={() => setModal('file')}
        data-testid={`sales-upload-close-${day}`}
      >
        {t('feed.missing.uploadFile')}
      </Button>
      <Button
        size="xs"
        variant="default"
        leftSection={<IconKeyboard size={14} />}
        onClick={() => setModal('manual')}
        data-testid={`sales-enter-close-${day}`}
      >
        {t('feed.missing.enterManually')}
      </Button>
      <FiscalCloseFileModal shopId={props.shopId} day={modal === 'file' ? day : null} onClose={() => setModal(null)} />
      <FiscalCloseModal
        shopId={props.shopId}
        day={modal === 'manual' ? day : null}
        deviceSerials={props.deviceSerials}
        onClose={() => setModal(null)}
      />
    </Group>
  );
}
