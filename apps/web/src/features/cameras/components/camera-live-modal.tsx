// A camera full screen, live: the server's MJPEG relay read with the session's token, each picture shown through an
// object URL (the previous one released). The stream stops when the dialog closes and while the tab is hidden, and
// starts again when it is visible. When the server refuses it (too many people watching: cameraViewersFull) or it
// breaks, the dialog says why and falls back to a picture every snapshotRefreshMs, with a way to try live again.
import { type CameraTile, snapshotRefreshMs } from '@bottega/contracts/cameras';
import { Alert, Badge, Button, Group, Modal, Stack, Text } from '@mantine/core';
import { useDocumentVisibility } from '@mantine/hooks';
import { IconAlertTriangle, IconPlayerPlay } from '@tabler/icons-react';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { cameraErrorMessage, formatClockTime } from '../camera-format';
import { isAbort, watchCameraStream } from '../camera-stream';
import { CameraScreen, useCameraPicture } from './camera-picture';
import { CameraStateBadge } from './camera-state-badge';

/** Why the live stream is not playing: the server's refusal or failure, or the stream ended by the server. */
type LiveFailure = { error: unknown } | 'ended';

/** The live pictures while `playing`; `onFailure` (a stable function) hears what stopped them. */
function useLiveStream(cameraId: number, playing: boolean, onFailure: (failure: LiveFailure) => void) {
  const [frame, setFrame] = useState<{ url: string; at: number } | null>(null);
  const shown = useRef<string | null>(null);

  useEffect(() => {
    if (!playing) return;
    // A stream started again shows nothing older than itself.
    if (shown.current) URL.revokeObjectURL(shown.current);
    shown.current = null;
    setFrame(null);
    const controller = new AbortController();
    const show = (jpeg: Blob) => {
      // A picture read just before the stop is not shown (nor its URL left unreleased).
      if (controller.signal.aborted) return;
      const url = URL.createObjectURL(jpeg);
      const previous = shown.current;
      shown.current = url;
      setFrame({ url, at: Date.now() });
      if (previous) URL.revokeObjectURL(previous);
    };
    watchCameraStream(cameraId, show, controller.signal).then(
      () => {
        if (!controller.signal.aborted) onFailure('ended');
      },
      (error: unknown) => {
        if (!isAbort(error, controller.signal)) onFailure({ error });
      },
    );
    return () => controller.abort();
  }, [cameraId, playing, onFailure]);

  // The last picture is released with the dialog.
  useEffect(
    () => () => {
      if (shown.current) URL.revokeObjectURL(shown.current);
    },
    [],
  );
  return frame;
}

export function CameraLiveModal({ camera, onClose }: { camera: CameraTile; onClose: () => void }) {
  const { t } = useTranslation(['cameras', 'errors']);
  const visible = useDocumentVisibility() === 'visible';
  const [failure, setFailure] = useState<LiveFailure | null>(null);
  const live = failure === null;
  const frame = useLiveStream(camera.id, live && visible, setFailure);
  const picture = useCameraPicture(camera.id, !live);
  const shownAt = live ? (frame?.at ?? null) : picture.takenAt;
  const title = `${camera.name} · ${camera.shop.name}`;

  return (
    <Modal opened onClose={onClose} fullScreen title={title} data-testid="camera-live">
      <Stack gap="sm">
        <Group gap="xs" justify="space-between">
          <Group gap="xs">
            <CameraStateBadge state={camera.state} />
            {live ? (
              <Badge color="red" variant="filled" size="sm" data-testid="camera-live-mode">
                {t('live.badge')}
              </Badge>
            ) : (
              <Badge color="gray" variant="light" size="sm" data-testid="camera-live-mode">
                {t('live.pictures', { seconds: snapshotRefreshMs / 1000 })}
              </Badge>
            )}
          </Group>
          <Text size="sm" c="dimmed">
            {shownAt === null ? t('viewer.noPicture') : t('viewer.lastPicture', { time: formatClockTime(shownAt) })}
          </Text>
        </Group>
        {failure !== null && (
          <Alert color="yellow" icon={<IconAlertTriangle size={18} />} role="alert" data-testid="camera-live-failure">
            <Stack gap="xs" align="flex-start">
              <Text size="sm">
                {failure === 'ended' ? t('live.ended') : cameraErrorMessage(failure.error, t)} {t('live.fallback')}
              </Text>
              <Button
                size="compact-sm"
                variant="default"
                leftSection={<IconPlayerPlay size={14} />}
                onClick={() => setFailure(null)}
                data-testid="camera-live-retry"
              >
                {t('live.retry')}
              </Button>
            </Stack>
          </Alert>
        )}
        <CameraScreen
          url={live ? (frame?.url ?? null) : picture.url}
          error={live ? null : picture.error}
          loading={live || picture.loading}
          alt={t(live ? 'live.alt' : 'viewer.pictureAlt', { name: camera.name })}
          height="calc(100dvh - 12rem)"
        />
      </Stack>
    </Modal>
  );
}
