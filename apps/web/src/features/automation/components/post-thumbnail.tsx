// A post's first picture in a list row: the library's thumbnail (fetched with the app's headers and shown through an
// object URL, cached with the library's own), a plain frame while it loads or when there is none.
import { Box, Center } from '@mantine/core';
import { IconPhoto } from '@tabler/icons-react';
import { useObjectUrl } from '../../../lib/object-url';
import { useMediaThumbnailBlob } from '../media.api';

export function PostThumbnail({ mediaId, size = 40 }: { mediaId: number; size?: number }) {
  // The summary names a medium with a picture to show: a video's thumbnail or an image.
  const thumbnail = useMediaThumbnailBlob({ id: mediaId, kind: 'image', hasThumbnail: true });
  const url = useObjectUrl(thumbnail.data ?? undefined);
  return (
    <Box
      w={size}
      h={size}
      style={{ flexShrink: 0, borderRadius: 'var(--mantine-radius-sm)', overflow: 'hidden' }}
      bg="var(--mantine-color-default-hover)"
      aria-hidden
    >
      {url ? (
        <img src={url} alt="" width={size} height={size} style={{ objectFit: 'cover', display: 'block' }} />
      ) : (
        <Center h="100%">
          <IconPhoto size={Math.round(size / 2)} color="var(--mantine-color-dimmed)" />
        </Center>
      )}
    </Box>
  );
}
