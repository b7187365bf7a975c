// One camera of the viewer's grid: its picture refreshed while the tile is on screen, its name, shop, category and
// state; the picture is the button opening the camera live, full screen.
import type { CameraTile as Tile } from '@bottega/contracts/cameras';
import { Card, Group, Text, UnstyledButton } from '@mantine/core';
import { useInViewport } from '@mantine/hooks';
import { useTranslation } from 'react-i18next';
import { formatClockTime } from '../camera-format';
import { CameraScreen, useCameraPicture } from './camera-picture';
import { CameraStateBadge } from './camera-state-badge';

export function CameraTile(props: { camera: Tile; paused: boolean; onOpen: (camera: Tile) => void }) {
  const { t } = useTranslation('cameras');
  const { camera } = props;
  const { ref, inViewport } = useInViewport<HTMLDivElement>();
  const picture = useCameraPicture(camera.id, inViewport && !props.paused);
  return (
    <Card withBorder padding="sm" ref={ref} data-testid={`camera-tile-${camera.id}`}>
      <Card.Section>
        <UnstyledButton
          onClick={() => props.onOpen(camera)}
          aria-label={t('viewer.openLive', { name: camera.name, shop: camera.shop.name })}
          w="100%"
          display="block"
          data-testid="camera-tile-open"
        >
          <CameraScreen
            url={picture.url}
            error={picture.error}
            loading={picture.loading}
            alt={t('viewer.pictureAlt', { name: camera.name })}
          />
        </UnstyledButton>
      </Card.Section>
      <Group justify="space-between" gap="xs" wrap="nowrap" mt="sm">
        <Text fw={600} truncate>
          <bdi>{camera.name}</bdi>
        </Text>
        <CameraStateBadge state={camera.state} />
      </Group>
      <Text size="sm" c="dimmed" truncate>
        <bdi>{camera.shop.name}</bdi>
        {camera.category && (
          <>
            {' · '}
            <bdi>{camera.category.name}</bdi>
          </>
        )}
      </Text>
      <Text size="xs" c="dimmed" data-testid="camera-tile-time">
        {picture.takenAt === null
          ? t('viewer.noPicture')
          : t('viewer.lastPicture', { time: formatClockTime(picture.takenAt) })}
      </Text>
    </Card>
  );
}
