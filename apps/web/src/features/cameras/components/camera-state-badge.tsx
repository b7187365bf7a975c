import type { Camera, CameraState } from '@bottega/contracts/cameras';
import { Badge, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../../lib/format-date';
import { cameraStateColors, outcomeMessageKey } from '../camera-format';

/** Online (green), offline (red) or not checked yet (gray). */
export function CameraStateBadge({ state }: { state: CameraState }) {
  const { t } = useTranslation('cameras');
  return (
    <Badge color={cameraStateColors[state]} variant="light" size="sm" data-testid="camera-state" data-state={state}>
      {t(`states.${state}`)}
    </Badge>
  );
}

/** The badge, what the last check found when it failed, and when it was made. */
export function CameraStateDetails({ camera }: { camera: Pick<Camera, 'state' | 'lastOutcome' | 'lastCheckedAt'> }) {
  const { t } = useTranslation(['cameras', 'errors']);
  return (
    <Stack gap={2} align="flex-start">
      <CameraStateBadge state={camera.state} />
      {camera.lastOutcome && camera.lastOutcome !== 'ok' && (
        <Text size="xs" c="red" data-testid="camera-last-outcome">
          {t(outcomeMessageKey(camera.lastOutcome))}
        </Text>
      )}
      <Text size="xs" c="dimmed">
        {camera.lastCheckedAt ? t('lastChecked', { time: formatDateTime(camera.lastCheckedAt) }) : t('neverChecked')}
      </Text>
    </Stack>
  );
}
