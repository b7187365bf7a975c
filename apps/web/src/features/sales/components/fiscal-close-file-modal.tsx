import '@mantine/dropzone/styles.css';
import { Alert, Button, Group, Modal, Progress, Stack, Text } from '@mantine/core';
import { Dropzone, type FileRejection } from '@mantine/dropzone';
import { notifications } from '@mantine/notifications';
import { IconAlertCircle, IconFileCode, IconUpload, IconX } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../../lib/error-message';
import { formatDate } from '../../../lib/format-date';
import { formatFileSize } from '../../../lib/format-file-size';
import { useUploadFiscalCloseFile } from '../sales.api';

/** The server's limit for a day's corrispettivi file. */
const maxBytes = 1024 * 1024;

/** The picker shows XML files and their signed .p7m envelopes; the server reads the content either way. */
const accept = {
  'text/xml': ['.xml'],
  'application/xml': ['.xml'],
  'application/pkcs7-mime': ['.p7m'],
};

/** The fiscal close of `day` from the printer's corrispettivi XML file; closed when `day` is null. */
export function FiscalCloseFileModal(props: { shopId: number; day: string | null; onClose: () => void }) {
  const { t } = useTranslation(['sales', 'errors']);
  return (
    <Modal
      opened={props.day !== null}
      onClose={props.onClose}
      title={t('feed.closeFile.title', { date: formatDate(props.day) })}
      centered
    >
      {props.day && <FileForm key={props.day} {...props} day={props.day} />}
    </Modal>
  );
}

function FileForm(props: { shopId: number; day: string; onClose: () => void }) {
  const { t } = useTranslation(['sales', 'errors']);
  const upload = useUploadFiscalCloseFile(props.shopId);
  const [progress, setProgress] = useState<number | null>(null);
  const [rejected, setRejected] = useState<string | null>(null);
  const max = formatFileSize(maxBytes);
  const failure = rejected ?? (upload.error ? errorMessage(upload.error, t) : null);

  const onReject = (rejections: FileRejection[]) => {
    upload.reset();
    const tooLarge = rejections.some((rejection) => rejection.errors.some((error) => error.code === 'file-too-large'));
    setRejected(tooLarge ? t('errors:fileTooLarge', { max }) : t('errors:fiscalCloseFileUnreadable'));
  };
  const onDrop = (files: File[]) => {
    const file = files[0];
    if (!file) return;
    setRejected(null);
    setProgress(0);
    // The promise, not mutate's callbacks, which do not run once the stored close has taken this modal away.
    upload
      .mutateAsync({ businessDate: props.day, file, onProgress: setProgress })
      .then((close) => {
        notifications.show({
          color: 'green',
          message: t('feed.closeFile.saved', { date: formatDate(close.businessDate), serial: close.deviceSerial }),
        });
        props.onClose();
      })
      // The refusal is shown from the mutation's state.
      .catch(() => undefined)
      .finally(() => setProgress(null));
  };

  return (
    <Stack gap="sm">
      <Alert color="blue" variant="light" role="note">
        {t('feed.closeFile.note')}
      </Alert>
      <Dropzone
        onDrop={onDrop}
        onReject={onReject}
        maxSize={maxBytes}
        maxFiles={1}
        multiple={false}
        accept={accept}
        loading={upload.isPending}
        aria-label={t('feed.closeFile.drop')}
        inputProps={{ 'aria-label': t('feed.closeFile.drop') }}
        data-testid="close-file-drop"
      >
        <Group justify="center" gap="sm" mih={96} wrap="nowrap" style={{ pointerEvents: 'none' }}>
          <Dropzone.Accept>
            <IconUpload size={32} stroke={1.5} color="var(--mantine-color-blue-6)" />
          </Dropzone.Accept>
          <Dropzone.Reject>
            <IconX size={32} stroke={1.5} color="var(--mantine-color-red-6)" />
          </Dropzone.Reject>
          <Dropzone.Idle>
            <IconFileCode size={32} stroke={1.5} color="var(--mantine-color-dimmed)" />
          </Dropzone.Idle>
          <div>
            <Text fw={500}>{t('feed.closeFile.drop')}</Text>
            <Text size="xs" c="dimmed">
              {t('feed.closeFile.hint', { max })}
            </Text>
          </div>
        </Group>
      </Dropzone>
      {progress !== null && (
        <Progress
          value={progress}
          animated
          aria-label={t('feed.closeFile.uploading')}
          data-testid="close-file-progress"
        />
      )}
      {failure && (
        <Alert color="red" icon={<IconAlertCircle size={18} />} role="alert" data-testid="close-file-error">
          {failure}
        </Alert>
      )}
      <Group justify="flex-end">
        <Button variant="default" onClick={props.onClose}>
          {t('common:actions.cancel')}
        </Button>
      </Group>
    </Stack>
  );
}
