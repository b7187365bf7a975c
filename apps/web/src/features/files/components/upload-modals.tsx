// Uploading: the upload dialog picks files or a whole folder (or takes a drop), and the drag-upload
// dialog follows a dropped tree. Both show the queue: a progress bar per file, a failed marker, and
// the error list that can be cleared (spec §8).
import { Alert, Badge, Button, Group, Paper, Progress, Stack, Text } from '@mantine/core';
import { IconAlertCircle, IconCheck, IconFolderUp, IconUpload } from '@tabler/icons-react';
import { useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { formatFileSize } from '../../../lib/format-file-size';
import { FileModal } from './file-modals';
import type { UploadEntry, UploadQueue } from './use-upload-queue';

/** A path inside a sentence keeps its own direction (Arabic text around a Latin path). */
const isolated = (text: string) => `\u2068${text}\u2069`;

/** Spec §9: the drag-upload list may grow to 500 px before it scrolls. */
const dragListLimit = 500;

function UploadRow({ entry }: { entry: UploadEntry }) {
  const { t } = useTranslation('files');
  const failed = entry.state === 'failed';
  return (
    <Stack gap={2} data-testid={`upload-${entry.name}`} data-state={entry.state}>
      <Group gap="xs" wrap="nowrap" justify="space-between">
        <Text size="sm" truncate="end" dir="auto" style={{ minWidth: 0 }}>
          {entry.folder === '/' ? '' : `${entry.folder}/`}
          {entry.name}
        </Text>
        {failed ? (
          <Badge color="red" variant="light" leftSection={<IconAlertCircle size={12} />}>
            {t('upload.failed')}
          </Badge>
        ) : entry.state === 'done' ? (
          <IconCheck size={16} color="var(--mantine-color-green-6)" aria-label={t('upload.done')} />
        ) : (
          <Text size="xs" c="dimmed">
            {entry.state === 'waiting' ? t('upload.waiting') : t('upload.percent', { percent: entry.progress })}
          </Text>
        )}
      </Group>
      <Progress
        value={failed ? 100 : entry.progress}
        color={failed ? 'red' : entry.state === 'done' ? 'green' : undefined}
        animated={entry.state === 'uploading'}
        size="sm"
        aria-label={t('upload.progressOf', { name: entry.name })}
        data-testid="upload-progress"
      />
    </Stack>
  );
}

export function UploadQueueList({ queue }: { queue: UploadQueue }) {
  const { t } = useTranslation('files');
  const failed = queue.entries.filter((entry) => entry.state === 'failed');
  const done = queue.entries.some((entry) => entry.state === 'done');
  if (queue.entries.length === 0) return null;
  return (
    <Stack gap="sm" mt="md" data-testid="upload-queue">
      {queue.entries.map((entry) => (
        <UploadRow key={entry.id} entry={entry} />
      ))}
      {failed.length > 0 && (
        <Alert
          color="red"
          icon={<IconAlertCircle size={18} />}
          title={t('upload.errors', { count: failed.length })}
          data-testid="upload-errors"
        >
          <Stack gap={4}>
            {failed.map((entry) => (
              <Text size="sm" key={entry.id}>
                <bdi>{entry.name}</bdi>: {entry.error}
              </Text>
            ))}
            <Group>
              <Button size="xs" variant="light" color="red" onClick={queue.clearErrors}>
                {t('upload.clearErrors')}
              </Button>
            </Group>
          </Stack>
        </Alert>
      )}
      {done && !queue.busy && (
        <Group>
          <Button size="xs" variant="subtle" onClick={queue.clearDone}>
            {t('upload.clearDone')}
          </Button>
        </Group>
      )}
    </Stack>
  );
}

/** A hidden input for a whole folder: browsers offer a folder picker only through `webkitdirectory`. */
function FolderPicker({ onPick }: { onPick: (files: File[]) => void }) {
  const { t } = useTranslation('files');
  const input = useRef<HTMLInputElement>(null);
  return (
    <>
      <input
        ref={input}
        type="file"
        hidden
        multiple
        // React knows no webkitdirectory prop; the attribute is what the browser reads.
        {...{ webkitdirectory: '' }}
        aria-label={t('upload.chooseFolder')}
        data-testid="upload-folder-input"
        onChange={(event) => {
          onPick([...(event.currentTarget.files ?? [])]);
          event.currentTarget.value = '';
        }}
      />
      <Button variant="default" leftSection={<IconFolderUp size={16} />} onClick={() => input.current?.click()}>
        {t('upload.chooseFolder')}
      </Button>
    </>
  );
}

export function UploadModal(props: {
  folder: string;
  queue: UploadQueue;
  dropHandlers: DropHandlers;
  dragging: boolean;
  onFiles: (files: File[]) => void;
  onFolder: (files: File[]) => void;
  onClose: () => void;
}) {
  const { t } = useTranslation('files');
  const files = useRef<HTMLInputElement>(null);
  return (
    <FileModal title={t('upload.title')} onClose={props.onClose} size="lg" testId="file-upload">
      <Paper
        withBorder
        p="lg"
        {...props.dropHandlers}
        style={{
          borderStyle: 'dashed',
          background: props.dragging ? 'var(--mantine-primary-color-light)' : undefined,
        }}
        data-testid="upload-drop-area"
      >
        <Stack align="center" gap="xs">
          <IconUpload size={32} stroke={1.5} color="var(--mantine-color-dimmed)" aria-hidden />
          <Text size="sm" ta="center">
            {t('upload.hint', { folder: isolated(props.folder) })}
          </Text>
          <Group justify="center">
            <input
              ref={files}
              type="file"
              hidden
              multiple
              aria-label={t('upload.chooseFiles')}
              data-testid="upload-files-input"
              onChange={(event) => {
                props.onFiles([...(event.currentTarget.files ?? [])]);
                event.currentTarget.value = '';
              }}
            />
            <Button leftSection={<IconUpload size={16} />} onClick={() => files.current?.click()}>
              {t('upload.chooseFiles')}
            </Button>
            <FolderPicker onPick={props.onFolder} />
          </Group>
        </Stack>
      </Paper>
      <UploadQueueList queue={props.queue} />
    </FileModal>
  );
}

export type DropHandlers = {
  onDragOver: (event: React.DragEvent) => void;
  onDragLeave: (event: React.DragEvent) => void;
  onDrop: (event: React.DragEvent) => void;
};

/** A dropped tree: its folders being made, then its files in the queue. */
export function UploadDragModal(props: {
  queue: UploadQueue;
  folders: { made: number; total: number } | null;
  onClose: () => void;
}) {
  const { t } = useTranslation('files');
  return (
    <FileModal
      title={t('upload.dragTitle')}
      onClose={props.onClose}
      size="lg"
      bodyLimit={dragListLimit}
      testId="file-upload-drag"
    >
      {props.folders && props.folders.total > 0 && (
        <Stack gap={4}>
          <Text size="sm">{t('upload.folders', { made: props.folders.made, total: props.folders.total })}</Text>
          <Progress value={(props.folders.made / props.folders.total) * 100} size="sm" />
        </Stack>
      )}
      <UploadQueueList queue={props.queue} />
      {props.queue.entries.length === 0 && props.folders === null && (
        <Text size="sm" c="dimmed">
          {t('upload.reading')}
        </Text>
      )}
      {props.queue.entries.length > 0 && (
        <Text size="xs" c="dimmed" mt="sm">
          {t('upload.total', { size: formatFileSize(props.queue.entries.reduce((sum, entry) => sum + entry.size, 0)) })}
        </Text>
      )}
    </FileModal>
  );
}
