// One medium of the library's grid: its thumbnail (the button opening it), title, kind, length, size, tags, date and
// how many posts carry it. A tag is a button filtering the library by it.
import type { Media } from '@bottega/contracts/automation';
import { Badge, Card, Group, Stack, Text, UnstyledButton } from '@mantine/core';
import { IconMovie, IconPhoto } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../../lib/format-date';
import { formatFileSize } from '../../../lib/format-file-size';
import { formatClipDuration } from './media-format';
import { MediaCover } from './media-picker';

export function MediaCard(props: { media: Media; onOpen: () => void; onTag: (tag: string) => void }) {
  const { t } = useTranslation('automation');
  const { media } = props;
  const KindIcon = media.kind === 'video' ? IconMovie : IconPhoto;
  return (
    <Card withBorder padding="sm" data-testid={`media-card-${media.id}`}>
      <Card.Section>
        <UnstyledButton
          onClick={props.onOpen}
          aria-label={
            media.kind === 'video'
              ? t('videos.openVideo', { title: media.title, duration: formatClipDuration(media.durationMs) })
              : t('videos.open', { title: media.title })
          }
          w="100%"
          display="block"
          data-testid="media-card-open"
        >
          <MediaCover media={media} />
        </UnstyledButton>
      </Card.Section>
      <Stack gap={6} mt="sm">
        <Text fw={600} lineClamp={2} data-testid="media-card-title">
          <bdi>{media.title}</bdi>
        </Text>
        <Group gap="xs" wrap="wrap">
          <Badge variant="light" color={media.kind === 'video' ? 'grape' : 'teal'} leftSection={<KindIcon size={12} />}>
            {t(`media.kinds.${media.kind}`)}
          </Badge>
          {media.kind === 'video' && (
            <Text size="xs" c="dimmed" dir="ltr">
              {formatClipDuration(media.durationMs)}
            </Text>
          )}
          <Text size="xs" c="dimmed">
            <bdi>{formatFileSize(media.sizeBytes)}</bdi>
          </Text>
        </Group>
        {media.tags.length > 0 && (
          <Group gap={4} wrap="wrap">
            {media.tags.map((tag) => (
              <Badge
                key={tag}
                component="button"
                type="button"
                size="sm"
                variant="outline"
                color="gray"
                style={{ cursor: 'pointer', textTransform: 'none' }}
                onClick={() => props.onTag(tag)}
                aria-label={t('videos.filterByTag', { tag })}
              >
                #{tag}
              </Badge>
            ))}
          </Group>
        )}
        <Group justify="space-between" gap="xs">
          <Text size="xs" c="dimmed">
            <bdi>{formatDateTime(media.createdAt)}</bdi>
          </Text>
          <Text size="xs" c="dimmed" data-testid="media-card-used">
            {media.usedBy === 0 ? t('media.notUsed') : t('media.usedBy', { count: media.usedBy })}
          </Text>
        </Group>
      </Stack>
    </Card>
  );
}
