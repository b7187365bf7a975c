// The camera password on the camera form, write-only like the router password on the shop form: stored encrypted
// and never part of the camera the server answers. On a saved camera the field stays blank: left blank the password
// is kept, typed it is replaced, and "Remove" clears it on save. Who may edit the camera can read it back with
// "Show"; each reading is written to the audit log, and the screen says so beside the button.
import { Badge, Button, Code, Group, PasswordInput, Stack, Text } from '@mantine/core';
import { IconEye, IconTrash } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../../lib/error-message';
import type { CameraPasswordChange } from '../camera-form';
import { useRevealCameraPassword } from '../cameras.api';

export function CameraPasswordField(props: {
  cameraId: number | null;
  /** Whether the saved camera has a password. */
  isSet: boolean;
  change: CameraPasswordChange;
  onChange: (change: CameraPasswordChange) => void;
  error?: string;
}) {
  const { t } = useTranslation(['cameras', 'errors']);
  const { cameraId, isSet, change, onChange } = props;
  const reveal = useRevealCameraPassword(cameraId ?? 0);
  const stored = cameraId !== null && isSet;
  const clearing = change.mode === 'clear';

  return (
    <Stack gap={4}>
      <PasswordInput
        label={t('fields.password')}
        description={clearing ? undefined : stored ? t('password.keepHint') : t('password.createHint')}
        placeholder={stored && !clearing ? t('password.savedPlaceholder') : undefined}
        value={change.value}
        onChange={(event) => {
          const value = event.currentTarget.value;
          onChange({ mode: value === '' ? 'keep' : 'replace', value });
        }}
        disabled={clearing}
        maxLength={200}
        autoComplete="new-password"
        dir="ltr"
        error={props.error}
        data-testid="camera-password"
      />
      {stored && (
        <>
          <Group gap="xs">
            {clearing ? (
              <>
                <Badge color="orange" variant="light" data-testid="camera-password-state">
                  {t('password.willBeCleared')}
                </Badge>
                <Button variant="subtle" size="compact-sm" onClick={() => onChange({ mode: 'keep', value: '' })}>
                  {t('password.cancel')}
                </Button>
              </>
            ) : (
              <>
                {reveal.isSuccess ? (
                  <Code dir="ltr" data-testid="camera-password-revealed">
                    {reveal.data ?? ''}
                  </Code>
                ) : (
                  <Button
                    variant="subtle"
                    size="compact-sm"
                    leftSection={<IconEye size={14} />}
                    loading={reveal.isPending}
                    onClick={() => reveal.mutate()}
                    data-testid="camera-password-show"
                  >
                    {t('password.show')}
                  </Button>
                )}
                <Button
                  variant="subtle"
                  color="red"
                  size="compact-sm"
                  leftSection={<IconTrash size={14} />}
                  onClick={() => onChange({ mode: 'clear', value: '' })}
                  data-testid="camera-password-clear"
                >
                  {t('password.clear')}
                </Button>
              </>
            )}
          </Group>
          {!clearing && (
            <Text size="xs" c="dimmed">
              {t('password.audited')}
            </Text>
          )}
        </>
      )}
      {reveal.error && (
        <Text size="xs" c="red" role="alert">
          {errorMessage(reveal.error, t)}
        </Text>
      )}
    </Stack>
  );
}
