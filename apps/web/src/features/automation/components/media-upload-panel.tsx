// Adding to the library: tags given to what is dropped next, the drop zone taking MP4, WebM, JPEG and PNG (a video up
// to maxVideoBytes, an image up to maxImageBytes), and the queue with each file's progress, cancel and outcome.
import { maxImageBytes, maxMediaTags, maxVideoBytes, mediaMimeTypes } from '@bottega/contracts/automation';
import {
  ActionIcon,
  Alert,
  Badge,
  Button,
  Card,
  Group,
  Progress,
  Stack,
  TagsInput,
  Text,
  Tooltip,
} from '@mantine/core';
import type { FileRejection } from '@mantine/dropzone';
import { notifications } from '@mantine/notifications';
import { IconAlertCircle, IconAlertTriangle, IconCheck, IconMovie, IconX } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatFileSize } from '../../../lib/format-file-size';
import { FileDrop } from '../../../ui/file-drop';
import { useMediaTags } from '../media.api';
import { isolate, maxBytesOf, mediaKindOf, normalizeTags } from './media-format';
import { type MediaUploadEntry, useMediaUploadQueue } from './media-upload-queue';

const accept = Object.keys(mediaMimeTypes);
/** Files one drop may bring. */
const maxDroppedFiles = 20;

function UploadRow(props: { entry: MediaUploadEntry; onCancel: () => void }) {
  const { t } = useTranslation('automation');
  const { entry } = props;
  const active = entry.step === 'waiting' || entry.step === 'reading' || entry.step === 'uploading';
  const status =
    entry.step === 'uploading'
      ? entry.percent >= 100
        ? t('videos.upload.finishing')
        : t('videos.upload.percent', { percent: entry.percent })
      : t(`videos.upload.steps.${entry.step}`);
  return (
    <Stack gap={4} data-testid="media-upload-row" data-step={entry.step}>
      <Group gap="xs" wrap="nowrap" justify="space-between">
        <Text size="sm" truncate="end" dir="auto" style={{ minWidth: 0, flex: 1 }}>
          {entry.name}
        </Text>
        <Text size="xs" c="dimmed" style={{ flex: 'none' }}>
          {formatFileSize(entry.sizeBytes)}
        </Text>
        {entry.step === 'failed' ? (
          <Badge color="red" variant="light" leftSection={<IconAlertCircle size={12} />}>
            {status}
          </Badge>
        ) : entry.step === 'done' ? (
          <Badge color="green" variant="light" leftSection={<IconCheck size={12} />}>
            {status}
          </Badge>
        ) : (
          <Text size="xs" c="dimmed" style={{ flex: 'none' }} data-testid="media-upload-status">
            {status}
          </Text>
        )}
        {active && (
          <Tooltip label={t('videos.upload.cancel')}>
            <ActionIcon
              variant="subtle"
              color="gray"
              onClick={props.onCancel}
              aria-label={t('videos.upload.cancelOf', { name: entry.name })}
              data-testid="media-upload-cancel"
            >
              <IconX size={16} />
            </ActionIcon>
          </Tooltip>
        )}
      </Group>
      <Progress
        value={entry.step === 'failed' || entry.step === 'done' ? 100 : entry.percent}
        color={entry.step === 'failed' ? 'red' : entry.step === 'done' ? 'green' : undefined}
        animated={entry.step === 'uploading' || entry.step === 'reading'}
        size="sm"
        aria-label={t('videos.upload.progressOf', { name: entry.name })}
      />
      {entry.error && (
        <Text size="xs" c="red" role="alert">
          {entry.error}
        </Text>
      )}
      {entry.warning && (
        <Text size="xs" c="orange.8" role="status">
          <IconAlertTriangle size={12} style={{ verticalAlign: 'middle', marginInlineEnd: 4 }} aria-hidden />
          {entry.warning}
        </Text>
      )}
    </Stack>
  );
}

export function MediaUploadPanel() {
  const { t } = useTranslation(['automation', 'errors']);
  const queue = useMediaUploadQueue();
  const knownTags = useMediaTags();
  const [tags, setTags] = useState<string[]>([]);
  const [rejected, setRejected] = useState<string[]>([]);
  const finished = queue.entries.some((entry) => entry.step === 'done' || entry.step === 'failed');

  const onDrop = (files: File[]) => {
    const refused: string[] = [];
    const taken = files.filter((file) => {
      const kind = mediaKindOf(file.type);
      if (kind && file.size <= maxBytesOf(kind)) return true;
      refused.push(
        kind
          ? t('videos.upload.rejected', {
              name: file.name,
              reason: t('errors:mediaTooLarge', { max: isolate(formatFileSize(maxBytesOf(kind))) }),
            })
          : t('videos.upload.rejected', { name: file.name, reason: t('errors:mediaUnsupported') }),
      );
      return false;
    });
    // Those the zone refused itself (onReject, called first) stay listed with these.
    if (refused.length > 0) setRejected((current) => [...current, ...refused]);
    queue.add(taken, normalizeTags(tags, maxMediaTags));
  };
  const onReject = (rejections: FileRejection[]) => {
    const tooMany = rejections.some((rejection) => rejection.errors.some((error) => error.code === 'too-many-files'));
    if (tooMany) {
      notifications.show({ color: 'red', message: t('videos.upload.tooMany', { max: maxDroppedFiles }) });
      return;
    }
    setRejected((current) => [
      ...current,
      ...rejections.map((rejection) => {
        const large = rejection.errors.some((error) => error.code === 'file-too-large');
        return t('videos.upload.rejected', {
          name: rejection.file.name,
          reason: large
            ? t('errors:mediaTooLarge', { max: isolate(formatFileSize(maxVideoBytes)) })
            : t('errors:mediaUnsupported'),
        });
      }),
    ]);
  };

  return (
    <Card withBorder mb="lg" data-testid="media-upload">
      <Stack gap="sm">
        <TagsInput
          label={t('videos.upload.tags')}
          description={t('videos.upload.tagsHint')}
          data={(knownTags.data ?? []).map((one) => one.tag)}
          value={tags}
          onChange={(value) => setTags(normalizeTags(value, maxMediaTags))}
          maxTags={maxMediaTags}
          clearable
          data-testid="media-upload-tags"
        />
        <FileDrop
          onDrop={onDrop}
          onReject={onReject}
          maxSize={maxVideoBytes}
          maxFiles={maxDroppedFiles}
          accept={accept}
          label={t('videos.upload.drop')}
          hint={t('videos.upload.hint', {
            video: isolate(formatFileSize(maxVideoBytes)),
            image: isolate(formatFileSize(maxImageBytes)),
          })}
          icon={<IconMovie size={32} stroke={1.5} color="var(--mantine-color-dimmed)" />}
          testId="media-drop"
        />
        {rejected.length > 0 && (
          <Alert
            color="red"
            icon={<IconAlertCircle size={18} />}
            withCloseButton
            closeButtonLabel={t('videos.upload.dismiss')}
            onClose={() => setRejected([])}
            data-testid="media-upload-rejected"
          >
            <Stack gap={2}>
              {[...new Set(rejected)].map((line) => (
                <Text size="sm" key={line}>
                  {line}
                </Text>
              ))}
            </Stack>
          </Alert>
        )}
        {queue.entries.length > 0 && (
          <Stack gap="sm" data-testid="media-upload-queue" aria-label={t('videos.upload.queue')} role="group">
            {queue.entries.map((entry) => (
              <UploadRow key={entry.key} entry={entry} onCancel={() => queue.cancel(entry.key)} />
            ))}
            {finished && (
              <Group justify="flex-end">
                <Button size="xs" variant="subtle" onClick={queue.clearFinished}>
                  {t('videos.upload.clearFinished')}
                </Button>
              </Group>
            )}
          </Stack>
        )}
      </Stack>
    </Card>
  );
}
