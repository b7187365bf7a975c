// A medium shown whole: the video in a player or the image, from its bytes fetched with the app's headers (an <video>
// cannot send the bearer token itself) and forgotten once closed.
import type { Media } from '@bottega/contracts/automation';
import { Alert, Box, Center, Loader, Stack, Text } from '@mantine/core';
import type { Ref } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../../lib/error-message';
import { formatFileSize } from '../../../lib/format-file-size';
import { useObjectUrl } from '../../../lib/object-url';
import { useMediaFileBlob } from '../media.api';
import { isolate } from './media-format';
import { settleDuration } from './media-frame';

const frameStyle = {
  display: 'block',
  width: '100%',
  maxHeight: '60vh',
  borderRadius: 'var(--mantine-radius-sm)',
  background: 'black',
} as const;

export function MediaPlayer(props: { media: Media; videoRef?: Ref<HTMLVideoElement> }) {
  const { t } = useTranslation(['automation', 'errors']);
  const { media } = props;
  const file = useMediaFileBlob(media.id);
  const url = useObjectUrl(file.data);
  if (file.isError) {
    return (
      <Alert color="red" role="alert" data-testid="media-player-error">
        {errorMessage(file.error, t)}
      </Alert>
    );
  }
  if (!url) {
    return (
      <Box bg="dark.8" style={{ aspectRatio: '16 / 9', borderRadius: 'var(--mantine-radius-sm)' }}>
        <Center h="100%">
          <Stack align="center" gap={6}>
            <Loader size="sm" color="gray.4" />
            <Text size="sm" c="gray.3" role="status">
              {t('media.player.loading', { size: isolate(formatFileSize(media.sizeBytes)) })}
            </Text>
          </Stack>
        </Center>
      </Box>
    );
  }
  return media.kind === 'video' ? (
    // biome-ignore lint/a11y/useMediaCaption: the library's clips are the shop's own footage, with no captions to offer
    <video
      ref={props.videoRef}
      src={url}
      controls
      playsInline
      preload="auto"
      aria-label={t('media.player.video', { title: media.title })}
      style={frameStyle}
      // A recording made in the browser has no length in its header: learnt once, so the player can seek.
      onLoadedMetadata={(event) => void settleDuration(event.currentTarget)}
      data-testid="media-player-video"
    />
  ) : (
    <img
      src={url}
      alt={media.title}
      style={{ ...frameStyle, objectFit: 'contain', background: 'var(--mantine-color-default-hover)' }}
      data-testid="media-player-image"
    />
  );
}
