// After a recording: watch it, cut its start and end (the chosen stretch is played again into a new recorder, with its
// progress; the original stays until a cut is applied, and can be taken back), choose the thumbnail from the frame the
// player shows, give it a title and tags, and upload it to the library with its progress (resumable, cancellable).
import { type Media, maxMediaTags, maxVideoBytes } from '@bottega/contracts/automation';
import {
  Alert,
  Box,
  Button,
  Card,
  Grid,
  Group,
  Progress,
  RangeSlider,
  Stack,
  TagsInput,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import {
  IconAlertCircle,
  IconArrowBackUp,
  IconCamera,
  IconCloudUpload,
  IconPhoto,
  IconScissors,
  IconTrash,
  IconX,
} from '@tabler/icons-react';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../lib/api-client';
import { errorMessage } from '../../../lib/error-message';
import { formatDateTime } from '../../../lib/format-date';
import { formatFileSize } from '../../../lib/format-file-size';
import { useObjectUrl } from '../../../lib/object-url';
import { ConfirmModal } from '../../../ui/confirm-modal';
import { signInAgainIfExpired } from '../../auth/auth.api';
import { uploadMedia, useInvalidateMedia, useMediaTags } from '../media.api';
import { UploadAbortedError } from '../resumable-upload';
import { canTrim, containerOf, TrimCancelledError, trimRecording } from './capture-recorder';
import type { CaptureSource, Recording } from './capture-stream';
import { formatClipDuration, isolate, normalizeTags, recordingFileName } from './media-format';
import { grabVideoFrame, settleDuration } from './media-frame';

/** The shortest stretch a cut may keep. */
const minimumClipMs = 500;
/** The slider's step: a tenth of a second. */
const trimStepMs = 100;

type Clip = { blob: Blob; durationMs: number };

export function CaptureReview(props: {
  recording: Recording;
  source: CaptureSource;
  onDiscard: () => void;
  onSaved: (media: Media) => void;
  /** Whether something is under way that leaving the page would lose. */
  onBusy: (busy: boolean) => void;
}) {
  const { t } = useTranslation(['automation', 'validation', 'errors']);
  const { recording } = props;
  const original = useMemo<Clip>(
    () => ({ blob: recording.blob, durationMs: recording.durationMs }),
    [recording.blob, recording.durationMs],
  );
  const [clip, setClip] = useState<Clip>(original);
  const [range, setRange] = useState<[number, number]>([0, recording.durationMs]);
  const [trimProgress, setTrimProgress] = useState<number | null>(null);
  const [trimError, setTrimError] = useState<string | null>(null);
  const trimming = useRef<AbortController | null>(null);
  const [thumbnail, setThumbnail] = useState<Blob | null>(recording.thumbnail);
  const [frameError, setFrameError] = useState<string | null>(null);
  const [title, setTitle] = useState(() =>
    t('capture.review.defaultTitle', { date: formatDateTime(new Date().toISOString()) }),
  );
  const [tags, setTags] = useState<string[]>([]);
  const [titleError, setTitleError] = useState<string | null>(null);
  const [uploadPercent, setUploadPercent] = useState<number | null>(null);
  const [uploadError, setUploadError] = useState<string | null>(null);
  const uploading = useRef<AbortController | null>(null);
  const [discarding, setDiscarding] = useState(false);
  const player = useRef<HTMLVideoElement>(null);
  const url = useObjectUrl(clip.blob);
  const thumbnailUrl = useObjectUrl(thumbnail ?? undefined);
  const knownTags = useMediaTags();
  const invalidate = useInvalidateMedia();
  const trimmable = useMemo(canTrim, []);
  const busy = trimProgress !== null || uploadPercent !== null;
  const trimmed = clip !== original;
  const wholeRange = range[0] === 0 && range[1] === clip.durationMs;
  const { onBusy } = props;

  // Gone (the upload done, the success screen shown), the review is busy no more: the page's guard must not stay up.
  useEffect(() => {
    onBusy(busy);
    return () => onBusy(false);
  }, [busy, onBusy]);
  // Leaving the page stops a cut or an upload under way.
  useEffect(
    () => () => {
      trimming.current?.abort();
      uploading.current?.abort();
    },
    [],
  );

  const seek = (milliseconds: number) => {
    const element = player.current;
    if (element && Number.isFinite(milliseconds)) element.currentTime = milliseconds / 1000;
  };

  const onRange = (value: [number, number]) => {
    // The player shows the frame where the moved end now stands.
    if (value[0] !== range[0]) seek(value[0]);
    else if (value[1] !== range[1]) seek(value[1]);
    setRange(value);
  };

  const applyTrim = async () => {
    const controller = new AbortController();
    trimming.current = controller;
    setTrimError(null);
    setTrimProgress(0);
    try {
      const blob = await trimRecording({
        source: clip.blob,
        startMs: range[0],
        endMs: range[1],
        mimeType: sameFormat(recording.mimeType),
        onProgress: (fraction) => setTrimProgress(Math.round(fraction * 100)),
        signal: controller.signal,
      });
      const next = { blob, durationMs: range[1] - range[0] };
      setClip(next);
      setRange([0, next.durationMs]);
    } catch (error) {
      if (!(error instanceof TrimCancelledError)) setTrimError(t('capture.review.trimFailed'));
    } finally {
      trimming.current = null;
      setTrimProgress(null);
    }
  };

  const restoreOriginal = () => {
    setClip(original);
    setRange([0, original.durationMs]);
  };

  const takeFrame = async () => {
    setFrameError(null);
    const picture = player.current ? await grabVideoFrame(player.current).catch(() => null) : null;
    if (picture) setThumbnail(picture);
    else setFrameError(t('capture.review.noFrame'));
  };

  const upload = async () => {
    const trimmedTitle = title.trim();
    if (trimmedTitle === '') {
      setTitleError(t('validation:required'));
      return;
    }
    if (clip.blob.size > maxVideoBytes) {
      setUploadError(t('errors:mediaTooLarge', { max: isolate(formatFileSize(maxVideoBytes)) }));
      return;
    }
    const controller = new AbortController();
    uploading.current = controller;
    setUploadError(null);
    setUploadPercent(0);
    try {
      const container = containerOf(clip.blob.type || recording.mimeType);
      const result = await uploadMedia({
        file: clip.blob,
        fileName: recordingFileName(container, new Date()),
        title: trimmedTitle,
        tags: normalizeTags(tags, maxMediaTags),
        durationMs: Math.round(clip.durationMs),
        width: recording.width,
        height: recording.height,
        source: props.source,
        thumbnail,
        signal: controller.signal,
        onProgress: (progress) => setUploadPercent(progress.percent),
      });
      void invalidate();
      props.onSaved(result.media);
    } catch (error) {
      if (error instanceof UploadAbortedError || controller.signal.aborted) return;
      signInAgainIfExpired(error);
      if (error instanceof ApiError && error.fieldErrors.title?.[0]) setTitleError(error.fieldErrors.title[0]);
      setUploadError(errorMessage(error, t));
    } finally {
      uploading.current = null;
      setUploadPercent(null);
    }
  };

  return (
    <Grid gap="lg">
      <Grid.Col span={{ base: 12, md: 7 }}>
        <Stack gap="sm">
          {url && (
            // biome-ignore lint/a11y/useMediaCaption: a recording just made has no captions to offer
            <video
              ref={player}
              src={url}
              controls
              playsInline
              preload="auto"
              aria-label={t('capture.review.player')}
              style={{
                display: 'block',
                width: '100%',
                maxHeight: '60vh',
                background: 'black',
                borderRadius: 'var(--mantine-radius-sm)',
              }}
              onLoadedMetadata={(event) => void settleDuration(event.currentTarget)}
              data-testid="capture-review-player"
            />
          )}
          <Text size="sm" c="dimmed" data-testid="capture-review-facts">
            {t('capture.review.facts', {
              duration: isolate(formatClipDuration(clip.durationMs)),
              size: isolate(formatFileSize(clip.blob.size)),
            })}
            {trimmed && ` · ${t('capture.review.trimmedNote')}`}
          </Text>
          <Card withBorder>
            <Stack gap="sm">
              <Title order={2} size="h5">
                {t('capture.review.trimTitle')}
              </Title>
              {trimmable ? (
                <>
                  <Box px="xs" pb="md">
                    <RangeSlider
                      min={0}
                      max={clip.durationMs}
                      step={trimStepMs}
                      minRange={Math.min(minimumClipMs, clip.durationMs)}
                      value={range}
                      onChange={onRange}
                      label={(value) => formatClipDuration(value)}
                      thumbFromLabel={t('capture.review.trimStart')}
                      thumbToLabel={t('capture.review.trimEnd')}
                      disabled={busy || clip.durationMs <= minimumClipMs}
                      marks={[
                        { value: 0, label: formatClipDuration(0) },
                        { value: clip.durationMs, label: formatClipDuration(clip.durationMs) },
                      ]}
                      data-testid="capture-trim-range"
                    />
                  </Box>
                  <Text size="sm" data-testid="capture-trim-summary">
                    {t('capture.review.trimSummary', {
                      from: isolate(formatClipDuration(range[0])),
                      to: isolate(formatClipDuration(range[1])),
                      duration: isolate(formatClipDuration(range[1] - range[0])),
                    })}
                  </Text>
                  {trimProgress !== null ? (
                    <Stack gap={4}>
                      <Group justify="space-between" gap="xs">
                        <Text size="sm" role="status">
                          {t('capture.review.trimming', { percent: trimProgress })}
                        </Text>
                        <Button
                          size="xs"
                          variant="subtle"
                          color="gray"
                          leftSection={<IconX size={14} />}
                          onClick={() => trimming.current?.abort()}
                        >
                          {t('capture.review.cancelTrim')}
                        </Button>
                      </Group>
                      <Progress value={trimProgress} animated aria-label={t('capture.review.trimProgress')} />
                    </Stack>
                  ) : (
                    <Group gap="xs">
                      <Button
                        variant="light"
                        leftSection={<IconScissors size={16} />}
                        disabled={wholeRange || uploadPercent !== null}
                        onClick={() => void applyTrim()}
                        data-testid="capture-trim-apply"
                      >
                        {t('capture.review.applyTrim')}
                      </Button>
                      {trimmed && (
                        <Button
                          variant="subtle"
                          leftSection={<IconArrowBackUp size={16} />}
                          disabled={uploadPercent !== null}
                          onClick={restoreOriginal}
                        >
                          {t('capture.review.restore')}
                        </Button>
                      )}
                    </Group>
                  )}
                  {trimError && (
                    <Text size="sm" c="red" role="alert">
                      {trimError}
                    </Text>
                  )}
                </>
              ) : (
                <Text size="sm" c="dimmed">
                  {t('capture.review.trimUnsupported')}
                </Text>
              )}
            </Stack>
          </Card>
        </Stack>
      </Grid.Col>
      <Grid.Col span={{ base: 12, md: 5 }}>
        <Stack gap="md">
          <Stack gap="xs">
            <Text size="sm" fw={500}>
              {t('capture.review.thumbnail')}
            </Text>
            <Group gap="sm" wrap="nowrap" align="center">
              <Box
                w={128}
                bg="var(--mantine-color-default-hover)"
                style={{
                  aspectRatio: '16 / 9',
                  borderRadius: 'var(--mantine-radius-sm)',
                  overflow: 'hidden',
                  flex: 'none',
                }}
              >
                {thumbnailUrl ? (
                  <img
                    src={thumbnailUrl}
                    alt={t('capture.review.thumbnailAlt')}
                    style={{ display: 'block', width: '100%', height: '100%', objectFit: 'cover' }}
                    data-testid="capture-thumbnail"
                  />
                ) : (
                  <Stack h="100%" align="center" justify="center">
                    <IconPhoto size={24} color="var(--mantine-color-dimmed)" aria-hidden />
                  </Stack>
                )}
              </Box>
              <Stack gap={4}>
                <Button
                  size="xs"
                  variant="light"
                  leftSection={<IconCamera size={14} />}
                  onClick={() => void takeFrame()}
                  disabled={busy}
                  data-testid="capture-use-frame"
                >
                  {t('capture.review.useFrame')}
                </Button>
                <Text size="xs" c="dimmed">
                  {t('capture.review.useFrameHint')}
                </Text>
              </Stack>
            </Group>
            {frameError && (
              <Text size="sm" c="red" role="alert">
                {frameError}
              </Text>
            )}
          </Stack>
          <TextInput
            label={t('capture.review.title')}
            required
            maxLength={120}
            value={title}
            error={titleError}
            onChange={(event) => {
              setTitle(event.currentTarget.value);
              setTitleError(null);
            }}
            disabled={uploadPercent !== null}
            data-testid="capture-title"
          />
          <TagsInput
            label={t('capture.review.tags')}
            description={t('media.detail.tagsHint', { max: maxMediaTags })}
            data={(knownTags.data ?? []).map((one) => one.tag)}
            value={tags}
            onChange={(value) => setTags(normalizeTags(value, maxMediaTags))}
            maxTags={maxMediaTags}
            clearable
            disabled={uploadPercent !== null}
            data-testid="capture-tags"
          />
          {uploadError && (
            <Alert color="red" icon={<IconAlertCircle size={18} />} role="alert" data-testid="capture-upload-error">
              {uploadError}
            </Alert>
          )}
          {uploadPercent !== null ? (
            <Stack gap={4} data-testid="capture-upload-progress">
              <Group justify="space-between" gap="xs">
                <Text size="sm" role="status">
                  {uploadPercent >= 100
                    ? t('capture.review.finishing')
                    : t('capture.review.uploading', { percent: uploadPercent })}
                </Text>
                <Button
                  size="xs"
                  variant="subtle"
                  color="gray"
                  leftSection={<IconX size={14} />}
                  onClick={() => uploading.current?.abort()}
                  data-testid="capture-upload-cancel"
                >
                  {t('capture.review.cancelUpload')}
                </Button>
              </Group>
              <Progress value={uploadPercent} animated aria-label={t('capture.review.uploadProgress')} />
            </Stack>
          ) : (
            <Group justify="space-between" gap="sm">
              <Button
                variant="subtle"
                color="red"
                leftSection={<IconTrash size={16} />}
                onClick={() => setDiscarding(true)}
                disabled={busy}
                data-testid="capture-discard"
              >
                {t('capture.review.discard')}
              </Button>
              <Button
                leftSection={<IconCloudUpload size={16} />}
                onClick={() => void upload()}
                disabled={trimProgress !== null}
                data-testid="capture-upload"
              >
                {t('capture.review.upload')}
              </Button>
            </Group>
          )}
        </Stack>
      </Grid.Col>
      <ConfirmModal
        opened={discarding}
        title={t('capture.review.discardTitle')}
        message={t('capture.review.discardMessage')}
        confirmLabel={t('capture.review.discard')}
        onClose={() => setDiscarding(false)}
        onConfirm={() => {
          setDiscarding(false);
          props.onDiscard();
        }}
      />
    </Grid>
  );
}

/** A cut is recorded as the recording was (VP9 stays VP9) when the browser says it records that; else its default. */
function sameFormat(mimeType: string): string | null {
  if (typeof MediaRecorder === 'undefined') return null;
  return MediaRecorder.isTypeSupported?.(mimeType) ? mimeType : null;
}
