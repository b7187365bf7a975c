// "Is this person here?" — a fingerprint when they have one (the default), otherwise or by choice
// their password. Used by the profile's "try it" and, later, by every shift punch.
import { Alert, Anchor, Button, Group, Modal, PasswordInput, Skeleton, Stack, Text } from '@mantine/core';
import { IconAlertCircle, IconFingerprint, IconKey } from '@tabler/icons-react';
import { type ReactNode, useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../lib/api-client';
import { errorMessage, useWaitingErrorMessage } from '../../../lib/error-message';
import {
  type PresenceConfirmation,
  useConfirmPresenceByPasskey,
  useConfirmPresenceByPassword,
  usePresenceOptions,
} from '../auth.api';
import { passkeyErrorMessage } from '../webauthn';

function PresenceCheck({ userId, onDone }: { userId: number; onDone: (result: PresenceConfirmation | null) => void }) {
  const { t } = useTranslation(['auth', 'errors', 'validation']);
  const options = usePresenceOptions();
  const byPasskey = useConfirmPresenceByPasskey();
  const byPassword = useConfirmPresenceByPassword();
  const [method, setMethod] = useState<'passkey' | 'password' | null>(null);
  const [password, setPassword] = useState('');
  const [passwordError, setPasswordError] = useState<string | null>(null);
  // The challenge that came with the options is good for one try; later tries ask for a new one.
  const unusedCeremony = useRef(true);
  const { mutate: loadOptions } = options;
  // A wrong password is told at the field; other refusals (a lockout, counting down) above the form.
  const { message: passwordRefusal, waiting } = useWaitingErrorMessage(
    byPassword.error instanceof ApiError && byPassword.error.code === 'wrongPassword' ? null : byPassword.error,
    t,
  );

  useEffect(() => {
    loadOptions(userId, { onSuccess: (loaded) => setMethod(loaded.passkey ? 'passkey' : 'password') });
  }, [loadOptions, userId]);

  if (!options.data) {
    return options.isError ? (
      <Stack gap="md">
        <Alert color="red" icon={<IconAlertCircle size={18} />} role="alert">
          {errorMessage(options.error, t)}
        </Alert>
        <Group justify="flex-end">
          <Button variant="default" onClick={() => onDone(null)}>
            {t('presence.cancel')}
          </Button>
        </Group>
      </Stack>
    ) : (
      <Stack gap="sm" data-testid="presence-loading">
        <Skeleton h={20} />
        <Skeleton h={36} />
      </Stack>
    );
  }

  const { name, passkey } = options.data;
  const confirmWithPasskey = () => {
    byPassword.reset();
    const ceremony = unusedCeremony.current ? passkey : null;
    unusedCeremony.current = false;
    byPasskey.mutate({ userId, ceremony }, { onSuccess: onDone });
  };
  const submitPassword = (event: React.FormEvent) => {
    event.preventDefault();
    if (!password) {
      setPasswordError(t('validation:required'));
      return;
    }
    byPasskey.reset();
    byPassword.mutate(
      { userId, password },
      {
        onSuccess: onDone,
        onError: (error) => {
          if (error instanceof ApiError && error.code === 'wrongPassword')
            setPasswordError(t('presence.wrongPassword'));
        },
      },
    );
  };
  const message = passkeyErrorMessage(byPasskey.error, t) ?? passwordRefusal;

  return (
    <Stack gap="md">
      <Text>{t('presence.who', { name })}</Text>
      {message && (
        <Alert color="red" icon={<IconAlertCircle size={18} />} role="alert" data-testid="presence-error">
          {message}
        </Alert>
      )}
      {method === 'passkey' ? (
        <Stack gap="sm">
          <Text size="sm" c="dimmed">
            {t('presence.passkeyHint')}
          </Text>
          <Button
            leftSection={<IconFingerprint size={18} />}
            loading={byPasskey.isPending}
            onClick={confirmWithPasskey}
            data-autofocus
            data-testid="presence-passkey"
          >
            {t('presence.usePasskey')}
          </Button>
          <Group justify="space-between">
            <Anchor component="button" type="button" size="sm" onClick={() => setMethod('password')}>
              {t('presence.usePassword')}
            </Anchor>
            <Anchor component="button" type="button" size="sm" c="dimmed" onClick={() => onDone(null)}>
              {t('presence.cancel')}
            </Anchor>
          </Group>
        </Stack>
      ) : (
        <form onSubmit={submitPassword} noValidate>
          <Stack gap="sm">
            <PasswordInput
              label={t('password')}
              autoComplete="off"
              data-autofocus
              value={password}
              onChange={(event) => {
                setPassword(event.currentTarget.value);
                setPasswordError(null);
              }}
              error={passwordError}
              visibilityToggleButtonProps={{ 'aria-label': t('togglePasswordVisibility') }}
              data-testid="presence-password"
            />
            {passkey && (
              <Anchor component="button" type="button" size="sm" ta="start" onClick={() => setMethod('passkey')}>
                {t('presence.usePasskeyInstead')}
              </Anchor>
            )}
            <Group justify="flex-end" gap="xs">
              <Button variant="default" onClick={() => onDone(null)}>
                {t('presence.cancel')}
              </Button>
              <Button
                type="submit"
                leftSection={<IconKey size={16} />}
                loading={byPassword.isPending}
                disabled={waiting}
              >
                {t('presence.confirm')}
              </Button>
            </Group>
          </Stack>
        </form>
      )}
    </Stack>
  );
}

type Check = { userId: number; number: number };

/**
 * The dialog of one presence check; closing it answers null. The check stays on screen while the
 * dialog fades out, and `onClosed` follows.
 */
export function ConfirmPresenceModal({
  check,
  opened,
  onDone,
  onClosed,
}: {
  check: Check | null;
  opened: boolean;
  onDone: (result: PresenceConfirmation | null) => void;
  onClosed: () => void;
}) {
  const { t } = useTranslation('auth');
  return (
    <Modal
      opened={opened}
      onClose={() => onDone(null)}
      onExitTransitionEnd={onClosed}
      title={t('presence.title')}
      centered
    >
      {check && <PresenceCheck key={check.number} userId={check.userId} onDone={onDone} />}
    </Modal>
  );
}

/**
 * `confirm(userId)` opens the check and answers how the person confirmed, or null when it was given
 * up. Render `modal` once where the hook is used.
 */
export function useConfirmPresence(): {
  confirm: (userId: number) => Promise<PresenceConfirmation | null>;
  modal: ReactNode;
} {
  const [check, setCheck] = useState<Check | null>(null);
  const [opened, setOpened] = useState(false);
  const resolver = useRef<((result: PresenceConfirmation | null) => void) | null>(null);
  const settle = useCallback((result: PresenceConfirmation | null) => {
    resolver.current?.(result);
    resolver.current = null;
  }, []);
  const confirm = useCallback(
    (userId: number) =>
      new Promise<PresenceConfirmation | null>((resolve) => {
        // A check still open is given up in favour of the new one.
        settle(null);
        resolver.current = resolve;
        // Every check starts afresh, even for the same person.
        setCheck((previous) => ({ userId, number: (previous?.number ?? 0) + 1 }));
        setOpened(true);
      }),
    [settle],
  );
  const finish = (result: PresenceConfirmation | null) => {
    settle(result);
    setOpened(false);
  };
  return {
    confirm,
    modal: <ConfirmPresenceModal check={check} opened={opened} onDone={finish} onClosed={() => setCheck(null)} />,
  };
}
