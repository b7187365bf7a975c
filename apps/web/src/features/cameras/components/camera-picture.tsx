// A camera's picture refreshed every snapshotRefreshMs while it is wanted (its tile on screen, the tab visible), and
// the box showing it: the picture, or over a dark placeholder the camera's error while it keeps being asked again at
// the same rhythm. The server logs these pictures as a viewing.
import { snapshotRefreshMs } from '@bottega/contracts/cameras';
import { Box, Center, Loader, Stack, Text, VisuallyHidden } from '@mantine/core';
import { useDocumentVisibility } from '@mantine/hooks';
import { IconCamera, IconCameraOff } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useObjectUrl } from '../../../lib/object-url';
import { cameraErrorMessage } from '../camera-format';
import { useCameraSnapshot } from '../cameras.api';

export type CameraPicture = {
  /** The last picture's object URL, null before the first one. */
  url: string | null;
  /** Why the last request brought no picture, null when it did. */
  error: unknown;
  /** When the last picture arrived (epoch ms), null before the first one. */
  takenAt: number | null;
  /** A picture is being asked for now. */
  loading: boolean;
};

/** The pictures of one camera while `wanted` and the tab is visible; paused otherwise. */
export function useCameraPicture(cameraId: number, wanted: boolean): CameraPicture {
  const visible = useDocumentVisibility() === 'visible';
  const snapshot = useCameraSnapshot(cameraId, wanted && visible, snapshotRefreshMs);
  const url = useObjectUrl(snapshot.data);
  return {
    url,
    error: snapshot.isError ? snapshot.error : null,
    takenAt: snapshot.data ? snapshot.dataUpdatedAt : null,
    loading: snapshot.isFetching,
  };
}

/** The dark frame a camera's picture (or its error, or the wait for it) sits in. */
export function CameraScreen(props: {
  url: string | null;
  error: unknown;
  alt: string;
  /** Waiting for a picture (a spinner); otherwise, before the first one, the frame stays still (a tile off screen). */
  loading: boolean;
  /** The frame's height; a 16:9 box when left out. */
  height?: string;
  overlay?: ReactNode;
}) {
  const { t } = useTranslation(['cameras', 'errors']);
  return (
    <Box
      bg="dark.8"
      pos="relative"
      style={{
        aspectRatio: props.height ? undefined : '16 / 9',
        height: props.height,
        overflow: 'hidden',
        borderRadius: 'var(--mantine-radius-sm)',
      }}
    >
      {props.url && !props.error && (
        <img
          src={props.url}
          alt={props.alt}
          style={{ display: 'block', width: '100%', height: '100%', objectFit: 'contain' }}
        />
      )}
      {props.error ? (
        <Center h="100%" p="sm">
          <Stack align="center" gap={4}>
            <IconCameraOff size={28} color="var(--mantine-color-gray-4)" aria-hidden />
            <Text size="sm" c="gray.2" ta="center" data-testid="camera-picture-error">
              {cameraErrorMessage(props.error, t)}
            </Text>
          </Stack>
        </Center>
      ) : (
        !props.url && (
          <Center h="100%">
            {props.loading ? (
              <>
                <Loader size="sm" color="gray.4" />
                <VisuallyHidden>{t('viewer.loading')}</VisuallyHidden>
              </>
            ) : (
              <IconCamera size={28} color="var(--mantine-color-gray-6)" aria-hidden />
            )}
          </Center>
        )
      )}
      {props.overlay}
    </Box>
  );
}
