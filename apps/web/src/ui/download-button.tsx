import { ActionIcon, Button, Tooltip } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconDownload } from '@tabler/icons-react';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../lib/error-message';

/**
 * Downloads a stored file (`download` fetches it with the session and saves it): an icon with `label` as tooltip,
 * or a button showing `children`; busy while it runs, a refusal shown as a notification.
 */
export function DownloadButton(props: {
  download: () => Promise<void>;
  label: string;
  fileName: string;
  testId?: string;
  children?: ReactNode;
}) {
  const { t } = useTranslation('errors');
  const [busy, setBusy] = useState(false);
  const run = async () => {
    setBusy(true);
    try {
      await props.download();
    } catch (error) {
      notifications.show({ color: 'red', message: errorMessage(error, t) });
    } finally {
      setBusy(false);
    }
  };
  if (props.children) {
    return (
      <Button variant="default" leftSection={<IconDownload size={16} />} loading={busy} onClick={run}>
        {props.children}
      </Button>
    );
  }
  return (
    <Tooltip label={props.label}>
      <ActionIcon
        variant="subtle"
        loading={busy}
        onClick={run}
        aria-label={`${props.label}: ${props.fileName}`}
        data-testid={props.testId}
      >
        <IconDownload size={18} />
      </ActionIcon>
    </Tooltip>
  );
}
