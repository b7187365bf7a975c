// One medium of the library, opened from its card: the player or the image, its title and tags changed, the frame the
// player shows set as a video's thumbnail, and its deletion (refused while a scheduled or publishing post carries
// it: the server's message shows in the question). Without `canEdit` all of it is read only.
import { type Media, maxMediaTags, mediaEditSchema } from '@bottega/contracts/automation';
import {
  Alert,
  Button,
  Grid,
  Group,
  Modal,
  SimpleGrid,
  Skeleton,
  Stack,
  TagsInput,
  Text,
  TextInput,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import { useMediaQuery } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import { IconDeviceFloppy, IconPhotoScan, IconTrash } from '@tabler/icons-react';
import { type ReactNode, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../lib/api-client';
import { errorMessage } from '../../../lib/error-message';
import { firstFieldErrors, validateWith } from '../../../lib/form-validation';
import { formatDateTime } from '../../../lib/format-date';
import { formatFileSize } from '../../../lib/format-file-size';
import { ConfirmModal } from '../../../ui/confirm-modal';
import { useDeleteMedia, useEditMedia, useMedia, useMediaTags, useSetMediaThumbnail } from '../media.api';
import { formatClipDuration, normalizeTags } from './media-format';
import { grabVideoFrame } from './media-frame';
import { MediaThumbnail } from './media-picker';
import { MediaPlayer } from './media-player';

function Fact(props: { label: string; children: ReactNode }) {
  return (
    <div>
      <Text size="xs" c="dimmed">
        {props.label}
      </Text>
      <Text size="sm">{props.children}</Text>
    </div>
  );
}

function MediaFacts({ media }: { media: Media }) {
  const { t } = useTranslation('automation');
  return (
    <SimpleGrid cols={2} spacing="xs" verticalSpacing="xs" data-testid="media-facts">
      <Fact label={t('media.fields.kind')}>
        {t(`media.kinds.${media.kind}`)}{' '}
        <Text span size="xs" c="dimmed" dir="ltr">
          ({media.mimeType})
        </Text>
      </Fact>
      <Fact label={t('media.fields.size')}>
        <bdi>{formatFileSize(media.sizeBytes)}</bdi>
      </Fact>
      {media.kind === 'video' && (
        <Fact label={t('media.fields.duration')}>
          <span dir="ltr">{formatClipDuration(media.durationMs)}</span>
        </Fact>
      )}
      {media.width !== null && media.height !== null && (
        <Fact label={t('media.fields.dimensions')}>
          <span dir="ltr">
            {media.width} × {media.height}
          </span>
        </Fact>
      )}
      <Fact label={t('media.fields.source')}>{t(`media.sources.${media.source}`)}</Fact>
      <Fact label={t('media.fields.createdAt')}>
        <bdi>{formatDateTime(media.createdAt)}</bdi>
      </Fact>
      <Fact label={t('media.fields.createdBy')}>
        {media.createdBy ? <bdi>{media.createdBy.name}</bdi> : t('media.fields.nobody')}
      </Fact>
      <Fact label={t('media.fields.usedBy')}>
        {media.usedBy === 0 ? t('media.notUsed') : t('media.usedBy', { count: media.usedBy })}
      </Fact>
    </SimpleGrid>
  );
}

function EditForm({ media }: { media: Media }) {
  const { t } = useTranslation(['automation', 'validation', 'errors']);
  const edit = useEditMedia(media.id);
  const tags = useMediaTags();
  const form = useForm({
    initialValues: { title: media.title, tags: media.tags },
    validate: (values) => validateWith(mediaEditSchema, values, t),
  });
  const submit = form.onSubmit((values) =>
    edit.mutate(
      { title: values.title.trim(), tags: normalizeTags(values.tags, maxMediaTags) },
      {
        onSuccess: (saved) => {
          form.setInitialValues({ title: saved.title, tags: saved.tags });
          form.setValues({ title: saved.title, tags: saved.tags });
          notifications.show({ color: 'green', message: t('media.detail.saved', { title: saved.title }) });
        },
        onError: (error) => {
          if (error instanceof ApiError) form.setErrors(firstFieldErrors(error.fieldErrors));
        },
      },
    ),
  );
  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="sm">
        <TextInput
          label={t('media.fields.title')}
          required
          maxLength={120}
          {...form.getInputProps('title')}
          data-testid="media-title"
        />
        <TagsInput
          label={t('media.fields.tags')}
          description={t('media.detail.tagsHint', { max: maxMediaTags })}
          data={(tags.data ?? []).map((one) => one.tag)}
          maxTags={maxMediaTags}
          clearable
          {...form.getInputProps('tags')}
          onChange={(value) => form.setFieldValue('tags', normalizeTags(value, maxMediaTags))}
          data-testid="media-tags"
        />
        {edit.error && !(edit.error instanceof ApiError && edit.error.code === 'validation') && (
          <Alert color="red" role="alert">
            {errorMessage(edit.error, t)}
          </Alert>
        )}
        <Group justify="flex-end">
          <Button
            type="submit"
            loading={edit.isPending}
            disabled={!form.isDirty()}
            leftSection={<IconDeviceFloppy size={16} />}
            data-testid="media-save"
          >
            {t('media.detail.save')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

function DetailBody(props: { id: number; canEdit: boolean; onClose: () => void }) {
  const { t } = useTranslation(['automation', 'errors']);
  const query = useMedia(props.id);
  const video = useRef<HTMLVideoElement>(null);
  const setThumbnail = useSetMediaThumbnail(props.id);
  const remove = useDeleteMedia();
  const [asking, setAsking] = useState(false);
  const [frameError, setFrameError] = useState<string | null>(null);

  if (query.isError) {
    return (
      <Alert color="red" role="alert">
        {errorMessage(query.error, t)}
      </Alert>
    );
  }
  const media = query.data;
  if (!media) {
    return (
      <Stack>
        <Skeleton style={{ aspectRatio: '16 / 9' }} />
        <Skeleton h={36} />
      </Stack>
    );
  }

  const takeFrame = async () => {
    setFrameError(null);
    const element = video.current;
    const picture = element ? await grabVideoFrame(element).catch(() => null) : null;
    if (!picture) {
      setFrameError(t('media.detail.noFrame'));
      return;
    }
    setThumbnail.mutate(picture, {
      onSuccess: () => notifications.show({ color: 'green', message: t('media.detail.thumbnailSet') }),
    });
  };

  return (
    <>
      <Grid gap="lg">
        <Grid.Col span={{ base: 12, md: 7 }}>
          <Stack gap="sm">
            <MediaPlayer media={media} videoRef={video} />
            {media.kind === 'video' && (
              <Group gap="sm" wrap="nowrap" align="center">
                <MediaThumbnail media={media} size={56} />
                <Stack gap={2} style={{ minWidth: 0 }}>
                  <Text size="xs" c="dimmed">
                    {media.hasThumbnail ? t('media.detail.thumbnail') : t('media.detail.noThumbnail')}
                  </Text>
                  {props.canEdit && (
                    <Button
                      size="xs"
                      variant="light"
                      leftSection={<IconPhotoScan size={14} />}
                      loading={setThumbnail.isPending}
                      onClick={() => void takeFrame()}
                      data-testid="media-set-thumbnail"
                    >
                      {t('media.detail.useFrame')}
                    </Button>
                  )}
                </Stack>
              </Group>
            )}
            {(frameError || setThumbnail.error) && (
              <Text size="sm" c="red" role="alert">
                {frameError ?? errorMessage(setThumbnail.error, t)}
              </Text>
            )}
          </Stack>
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 5 }}>
          <Stack gap="md">
            {props.canEdit ? (
              <EditForm media={media} />
            ) : (
              <Stack gap={4}>
                <Text fw={600}>
                  <bdi>{media.title}</bdi>
                </Text>
                <Text size="sm" c="dimmed">
                  {media.tags.length > 0 ? media.tags.map((tag) => `#${tag}`).join(' ') : t('media.detail.noTags')}
                </Text>
              </Stack>
            )}
            <MediaFacts media={media} />
            {props.canEdit && (
              <Group justify="flex-start">
                <Button
                  color="red"
                  variant="light"
                  leftSection={<IconTrash size={16} />}
                  onClick={() => {
                    remove.reset();
                    setAsking(true);
                  }}
                  data-testid="media-delete"
                >
                  {t('media.detail.delete')}
                </Button>
              </Group>
            )}
          </Stack>
        </Grid.Col>
      </Grid>
      <ConfirmModal
        opened={asking}
        title={t('media.detail.deleteTitle')}
        message={t('media.detail.deleteMessage', { title: media.title })}
        confirmLabel={t('media.detail.delete')}
        loading={remove.isPending}
        error={errorMessage(remove.error, t)}
        onClose={() => setAsking(false)}
        onConfirm={() =>
          remove.mutate(media.id, {
            onSuccess: () => {
              notifications.show({ color: 'green', message: t('media.detail.deleted', { title: media.title }) });
              setAsking(false);
              props.onClose();
            },
          })
        }
      />
    </>
  );
}

export function MediaDetailModal(props: { mediaId: number | null; canEdit: boolean; onClose: () => void }) {
  const { t } = useTranslation('automation');
  const phone = useMediaQuery('(max-width: 48em)');
  const media = useMedia(props.mediaId);
  return (
    <Modal
      opened={props.mediaId !== null}
      onClose={props.onClose}
      title={media.data ? <bdi>{media.data.title}</bdi> : t('media.detail.title')}
      size="80rem"
      fullScreen={phone}
      data-testid="media-detail"
    >
      {props.mediaId !== null && <DetailBody id={props.mediaId} canEdit={props.canEdit} onClose={props.onClose} />}
    </Modal>
  );
}
