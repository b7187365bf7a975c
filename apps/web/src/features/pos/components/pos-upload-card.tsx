// The settlement file's upload: a CSV dropped or picked is sent at once (its upload's bar), then the import job's bar
// moves live; once it ends, what it made of the file (rows, how many new, the merchant codes no shop has) or, for a
// file it could not read, why, naming the line and the field, with nothing imported.
import type { Job } from '@bottega/contracts/jobs';
import { type PosUpload, posUploadMaxBytes } from '@bottega/contracts/pos';
import { Alert, Button, Card, Group, List, Paper, Progress, Stack, Text, Title } from '@mantine/core';
import type { FileRejection } from '@mantine/dropzone';
import { IconAlertCircle, IconCircleCheck, IconFileTypeCsv } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../../lib/error-message';
import { formatFileSize } from '../../../lib/format-file-size';
import { FileDrop } from '../../../ui/file-drop';
import { isFinished, JobProgress, useJob } from '../../../ui/job-progress';
import { usePosUpload, useRefreshPos, useSendPosUpload } from '../pos.api';
import { failureText } from '../pos-format';

/** Spreadsheets and browsers name a CSV in several ways; the server reads the bytes whatever the type says. */
const accept = {
  'text/csv': ['.csv'],
  'text/plain': ['.csv', '.txt'],
  'application/vnd.ms-excel': ['.csv'],
};

/** What the import made of the file, once its job has ended. */
function ImportOutcome({ upload }: { upload: PosUpload }) {
  const { t } = useTranslation('pos');
  if (upload.state === 'failed' && upload.failure) {
    return (
      <Alert
        color="red"
        icon={<IconAlertCircle size={18} />}
        role="alert"
        title={t('upload.failed')}
        data-testid="pos-upload-failure"
      >
        {failureText(upload.failure, t)}
      </Alert>
    );
  }
  if (upload.state !== 'imported') return null;
  return (
    <Alert
      color="teal"
      icon={<IconCircleCheck size={18} />}
      title={t('upload.imported')}
      data-testid="pos-upload-result"
    >
      <Stack gap={4}>
        <Text size="sm">
          {t('upload.rows', { count: upload.rows })} · {t('upload.newRows', { count: upload.newRows })}
        </Text>
        {upload.unknownMerchants.length > 0 && (
          <>
            <Text size="sm">{t('upload.unknownMerchants')}</Text>
            <List size="sm" data-testid="pos-upload-unknown">
              {upload.unknownMerchants.map((merchant) => (
                <List.Item key={merchant.merchantCode}>
                  <bdi>{merchant.merchantCode}</bdi>: {t('upload.unknownRows', { count: merchant.rows })}
                </List.Item>
              ))}
            </List>
          </>
        )}
      </Stack>
    </Alert>
  );
}

/** The import of one upload: its job's bar, then its outcome. */
function ImportProgress(props: { upload: PosUpload; job: Job; userId: number | undefined; onAnother: () => void }) {
  const { t } = useTranslation('pos');
  const followed = useJob(props.job, props.userId);
  const finished = isFinished(followed.data);
  const upload = usePosUpload(props.upload.id, finished);
  const refresh = useRefreshPos();
  useEffect(() => {
    if (finished) refresh();
  }, [finished, refresh]);
  return (
    <Paper withBorder p="md" radius="md" data-testid="pos-upload-import">
      <Stack gap="sm">
        <Text fw={600} style={{ overflowWrap: 'anywhere' }}>
          <bdi>{props.upload.fileName}</bdi>
        </Text>
        <JobProgress
          job={props.job}
          userId={props.userId}
          label={t('upload.progress', { name: props.upload.fileName })}
        />
        {upload.data && <ImportOutcome upload={upload.data} />}
        {finished && (
          <Group>
            <Button variant="default" onClick={props.onAnother} data-testid="pos-upload-another">
              {t('upload.another')}
            </Button>
          </Group>
        )}
      </Stack>
    </Paper>
  );
}

export function PosUploadCard({ userId }: { userId: number | undefined }) {
  const { t } = useTranslation(['pos', 'errors']);
  const send = useSendPosUpload();
  const [progress, setProgress] = useState<number | null>(null);
  const [fileError, setFileError] = useState<string | null>(null);
  const [started, setStarted] = useState<{ upload: PosUpload; job: Job } | null>(null);
  // Isolated, so the size reads whole in a right-to-left sentence.
  const max = `\u2066${formatFileSize(posUploadMaxBytes)}\u2069`;

  const choose = (files: File[]) => {
    const file = files[0];
    if (!file) return;
    setFileError(null);
    setProgress(0);
    send
      .mutateAsync({ file, onProgress: setProgress })
      .then(setStarted)
      .catch(() => undefined)
      .finally(() => setProgress(null));
  };
  const onReject = (rejections: FileRejection[]) => {
    send.reset();
    const tooLarge = rejections.some((rejection) => rejection.errors.some((error) => error.code === 'file-too-large'));
    setFileError(tooLarge ? t('errors:fileTooLarge', { max }) : t('upload.notCsv'));
  };
  const failure = fileError ?? (send.error ? errorMessage(send.error, t) : null);
  const sending = progress !== null;

  return (
    <Card withBorder padding="lg" data-testid="pos-upload">
      <Title order={2} size="h4" mb={4}>
        {t('upload.title')}
      </Title>
      <Text size="sm" c="dimmed" mb="md">
        {t('upload.hint')}
      </Text>
      {started ? (
        <ImportProgress
          upload={started.upload}
          job={started.job}
          userId={userId}
          onAnother={() => {
            setStarted(null);
            send.reset();
          }}
        />
      ) : (
        <Stack gap="sm">
          <FileDrop
            onDrop={choose}
            onReject={onReject}
            maxSize={posUploadMaxBytes}
            accept={accept}
            loading={sending}
            label={t('upload.drop')}
            hint={t('upload.limits', { max })}
            icon={<IconFileTypeCsv size={32} stroke={1.5} color="var(--mantine-color-dimmed)" />}
            testId="pos-upload-drop"
          />
          {sending && (
            <Group gap="xs" wrap="nowrap" data-testid="pos-upload-sending">
              <Progress value={progress} animated style={{ flex: 1 }} aria-label={t('upload.sending')} />
              <Text size="xs" c="dimmed" w={44} ta="end">
                {t('upload.percent', { percent: progress })}
              </Text>
            </Group>
          )}
          {failure && (
            <Alert color="red" icon={<IconAlertCircle size={18} />} role="alert" data-testid="pos-upload-error">
              {failure}
            </Alert>
          )}
        </Stack>
      )}
    </Card>
  );
}
