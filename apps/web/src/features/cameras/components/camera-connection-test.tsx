// "Test connection" on the camera form: the server asks the camera with what is typed (the stored password when the
// field is left blank on a saved camera) and says what it answered — contacted correctly, or one of the §8 failures —
// and when. Nothing is saved.
import type { CameraTestBody } from '@bottega/contracts/cameras';
import { Alert, Button, Stack, Text } from '@mantine/core';
import { IconCircleCheck, IconCircleX, IconPlugConnected } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../lib/api-client';
import { errorMessage } from '../../../lib/error-message';
import { formatClockTime, outcomeMessageKey } from '../camera-format';
import { useTestCamera } from '../cameras.api';

export function CameraConnectionTest(props: {
  /** The body to send, or null when the form's own check found a problem (shown on its fields). */
  body: () => CameraTestBody | null;
  /** The server refused the values (422): their messages go on the fields. */
  onFieldErrors: (errors: Record<string, string[]>) => void;
}) {
  const { t } = useTranslation(['cameras', 'errors']);
  const test = useTestCamera();
  const run = () => {
    const body = props.body();
    if (!body) return;
    test.mutate(body, {
      onError: (error) => {
        if (error instanceof ApiError && error.status === 422) props.onFieldErrors(error.fieldErrors);
      },
    });
  };
  const answer = test.isPending ? undefined : test.data;
  const refused = !test.isPending && test.error && !(test.error instanceof ApiError && test.error.status === 422);

  return (
    <Stack gap="xs" aria-live="polite">
      <Button
        variant="default"
        leftSection={<IconPlugConnected size={16} />}
        loading={test.isPending}
        onClick={run}
        style={{ alignSelf: 'flex-start' }}
        data-testid="camera-test"
      >
        {t('test.run')}
      </Button>
      {answer && (
        <Alert
          color={answer.outcome === 'ok' ? 'green' : 'red'}
          icon={answer.outcome === 'ok' ? <IconCircleCheck size={18} /> : <IconCircleX size={18} />}
          data-testid="camera-test-outcome"
          data-outcome={answer.outcome}
        >
          <Text size="sm" fw={500}>
            {t(outcomeMessageKey(answer.outcome))}
          </Text>
          <Text size="xs">{t('test.checkedAt', { time: formatClockTime(answer.checkedAt) })}</Text>
        </Alert>
      )}
      {refused && (
        <Alert color="red" icon={<IconCircleX size={18} />} role="alert">
          {errorMessage(test.error, t)}
        </Alert>
      )}
    </Stack>
  );
}
