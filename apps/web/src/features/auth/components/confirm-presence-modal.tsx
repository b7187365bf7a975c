// "Is this person here?" — a fingerprint when they have one (the default), otherwise or by choice
// their password. Used by the profile's "try it" (the presence check alone) and by every shift punch on the
// time clock, whose proof goes with the punch itself (one request: confirmed and punched, or neither).
import { Alert, Anchor, Button, Group, Modal, PasswordInput, Skeleton, Stack, Text } from '@mantine/core';
import { IconAlertCircle, IconFingerprint, IconKey } from '@tabler/icons-react';
import { type ReactNode, useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../lib/api-client';
import { errorMessage, useWaitingErrorMessage } from '../../../lib/error-message';
import {
  confirmPresenceOnly,
  type PresenceConfirmation,
  type PresenceSubmit,
  useConfirmPresenceByPasskey,
  useConfirmPresenceByPassword,
  usePresenceOptions,
} from '../auth.api';
import { passkeyErrorMessage } from '../webauthn';

function PresenceCheck({
  userId,
  submit,
  onDone,
}: {
  userId: number;
  submit: PresenceSubmit<unknown>;
  onDone: (result: unknown) => void;
}) {
  const { t } = useTranslation(['auth', 'errors', 'validation']);
  const options = usePresenceOptions();
  const byPasskey = useConfirmPresenceByPasskey(submit);
  const byPassword = useConfirmPresenceByPassword(submit);
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

type Check = { userId: number; number: number; submit: PresenceSubmit<unknown> };

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
  onDone: (result: unknown) => void;
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
      {check && <PresenceCheck key={check.number} userId={check.userId} submit={check.submit} onDone={onDone} />}
    </Modal>
  );
}

type Confirm = {
  /** The presence check alone: how the person confirmed. */
  (userId: number): Promise<PresenceConfirmation | null>;
  /** The proof sent with `submit` (a punch), which the server confirms it in: what that call answered. */
  <T>(userId: number, submit: PresenceSubmit<T>): Promise<T | null>;
};

/**
 * `confirm(userId, submit?)` opens the check and answers what the confirmed call answered, or null when it was given
 * up. A refusal (a wrong password, a step the day does not allow) stays in the dialog for another try. Render `modal`
 * once where the hook is used.
 */
export function useConfirmPresence(): { confirm: Confirm; modal: ReactNode } {
  const [check, setCheck] = useState<Check | null>(null);
  const [opened, setOpened] = useState(false);
  const resolver = useRef<((result: unknown) => void) | null>(null);
  const settle = useCallback((result: unknown) => {
    resolver.current?.(result);
    resolver.current = null;
  }, []);
  const confirm = useCallback(
    (userId: number, submit: PresenceSubmit<unknown> = confirmPresenceOnly) =>
      new Promise<unknown>((resolve) => {
        // A check still open is given up in favour of the new one.
        settle(null);
        resolver.current = resolve;
        // Every check starts afresh, even for the same person.
        setCheck((previous) => ({ userId, submit, number: (previous?.number ?? 0) + 1 }));
        setOpened(true);
      }),
    [settle],
  ) as Confirm;
  const finish = (result: unknown) => {
    settle(result);
    setOpened(false);
  };
  return {
    confirm,
    modal: <ConfirmPresenceModal check={check} opened={opened} onDone={finish} onClosed={() => setCheck(null)} />,
  };
}
