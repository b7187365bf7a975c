import { totpDigits } from '@bottega/contracts/security';
import { Alert, Badge, Button, Card, Group, Modal, Skeleton, Stack, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconAlertCircle, IconInfoCircle, IconRefresh, IconShieldCheck, IconShieldOff } from '@tabler/icons-react';
import type { UseMutationResult } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../../lib/error-message';
import { formatDateTime } from '../../../lib/format-date';
import { RecoveryCodes } from '../../auth/components/recovery-codes';
import { TotpCodeInput } from '../../auth/components/totp-code-input';
import { TotpSetupDetails } from '../../auth/components/totp-setup-details';
import {
  useConfirmMfaSetup,
  useDisableMfa,
  useMfaStatus,
  useRegenerateRecoveryCodes,
  useStartMfaSetup,
} from '../security.api';

type Dialog = 'setup' | 'regenerate' | 'disable';

/** Few codes left: time to make new ones before they run out. */
const lowRecoveryCodes = 3;

/** A code of the app, sent as soon as it is complete; a refused code empties the boxes. */
function CodeForm<T>({
  mutation,
  submitLabel,
  danger,
  onSuccess,
}: {
  mutation: UseMutationResult<T, Error, string>;
  submitLabel: string;
  danger?: boolean;
  onSuccess: (result: T) => void;
}) {
  const { t } = useTranslation(['profile', 'errors']);
  const [code, setCode] = useState('');
  const [attempt, setAttempt] = useState(0);
  const send = (value: string) =>
    mutation.mutate(value, {
      onSuccess,
      onError: () => {
        setCode('');
        setAttempt((count) => count + 1);
      },
    });
  const message = errorMessage(mutation.error, t);
  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        if (code.length === totpDigits) send(code);
      }}
      noValidate
    >
      <Stack gap="md">
        {message && (
          <Alert color="red" icon={<IconAlertCircle size={18} />} role="alert" data-testid="mfa-error">
            {message}
          </Alert>
        )}
        <TotpCodeInput
          key={attempt}
          value={code}
          onChange={setCode}
          onComplete={send}
          error={mutation.isError}
          disabled={mutation.isPending}
        />
        <Button type="submit" color={danger ? 'red' : undefined} loading={mutation.isPending} fullWidth>
          {submitLabel}
        </Button>
      </Stack>
    </form>
  );
}

function SetupDialog({ onCodes }: { onCodes: (codes: string[]) => void }) {
  const { t } = useTranslation(['profile', 'auth', 'errors']);
  const start = useStartMfaSetup();
  const confirm = useConfirmMfaSetup();
  const { mutate: startSetup } = start;
  useEffect(() => startSetup(), [startSetup]);
  if (start.isError) {
    return (
      <Alert color="red" icon={<IconAlertCircle size={18} />} role="alert">
        {errorMessage(start.error, t)}
      </Alert>
    );
  }
  if (!start.data) return <Skeleton h={320} />;
  return (
    <Stack gap="md">
      <TotpSetupDetails setup={start.data} />
      <Text size="sm">{t('auth:mfa.confirmHint')}</Text>
      <CodeForm mutation={confirm} submitLabel={t('auth:mfa.enable')} onSuccess={onCodes} />
    </Stack>
  );
}

/** Set up, new recovery codes, turn off: each in a dialog that asks for a code of the app. */
function MfaDialog({
  dialog,
  opened,
  onClose,
  onClosed,
}: {
  dialog: Dialog | null;
  opened: boolean;
  onClose: () => void;
  /** Once the dialog has faded out: what it showed can go. */
  onClosed: () => void;
}) {
  const { t } = useTranslation(['profile', 'auth']);
  const regenerate = useRegenerateRecoveryCodes();
  const disable = useDisableMfa();
  // Shown once: while they are on screen the dialog closes only with "I saved them".
  const [codes, setCodes] = useState<string[] | null>(null);

  const clear = () => {
    setCodes(null);
    regenerate.reset();
    disable.reset();
    onClosed();
  };
  const finishWithCodes = () => {
    notifications.show({
      color: 'green',
      message: dialog === 'setup' ? t('security.mfa.enabled') : t('security.mfa.regenerated'),
    });
    onClose();
  };

  let body: React.ReactNode = null;
  if (codes) body = <RecoveryCodes codes={codes} onDone={finishWithCodes} />;
  else if (dialog === 'setup') body = <SetupDialog onCodes={setCodes} />;
  else if (dialog === 'regenerate') {
    body = (
      <Stack gap="md">
        <Text size="sm">{t('security.mfa.regenerateHint')}</Text>
        <CodeForm mutation={regenerate} submitLabel={t('security.mfa.regenerate')} onSuccess={setCodes} />
      </Stack>
    );
  } else if (dialog === 'disable') {
    body = (
      <Stack gap="md">
        <Text size="sm">{t('security.mfa.disableHint')}</Text>
        <CodeForm
          mutation={disable}
          submitLabel={t('security.mfa.disable')}
          danger
          onSuccess={() => {
            notifications.show({ color: 'green', message: t('security.mfa.disabled') });
            onClose();
          }}
        />
      </Stack>
    );
  }

  return (
    <Modal
      opened={opened}
      onClose={onClose}
      onExitTransitionEnd={clear}
      title={dialog ? t(`security.mfa.dialogs.${dialog}`) : ''}
      closeOnClickOutside={codes === null}
      closeOnEscape={codes === null}
      withCloseButton={codes === null}
      centered
    >
      {body}
    </Modal>
  );
}

/** Two-factor sign-in: whether it is on, since when, the recovery codes left, and what can be done. */
export function TwoFactorCard() {
  const { t } = useTranslation(['profile', 'errors']);
  const status = useMfaStatus();
  const [dialog, setDialog] = useState<Dialog | null>(null);
  const [opened, setOpened] = useState(false);
  const open = (next: Dialog) => {
    setDialog(next);
    setOpened(true);
  };
  const mfa = status.data;

  return (
    <Card withBorder padding="lg" data-testid="two-factor-card">
      <Group justify="space-between" align="flex-start" wrap="nowrap" mb={4}>
        <Title order={2} size="h4">
          {t('security.mfa.title')}
        </Title>
        {mfa && (
          <Badge color={mfa.enabled ? 'green' : 'gray'} variant="light" data-testid="mfa-status">
            {mfa.enabled ? t('security.mfa.on') : t('security.mfa.off')}
          </Badge>
        )}
      </Group>
      <Text size="sm" c="dimmed" mb="md">
        {t('security.mfa.description')}
      </Text>
      {status.isError ? (
        <Alert color="red" role="alert">
          {errorMessage(status.error, t)}
        </Alert>
      ) : !mfa ? (
        <Skeleton h={80} />
      ) : mfa.enabled ? (
        <Stack gap="sm">
          {mfa.enabledAt && <Text size="sm">{t('security.mfa.since', { date: formatDateTime(mfa.enabledAt) })}</Text>}
          <Text
            size="sm"
            c={mfa.recoveryCodesLeft <= lowRecoveryCodes ? 'orange' : undefined}
            data-testid="recovery-codes-left"
          >
            {t('security.mfa.codesLeft', { count: mfa.recoveryCodesLeft })}
            {mfa.recoveryCodesLeft <= lowRecoveryCodes && ` ${t('security.mfa.codesLow')}`}
          </Text>
          {mfa.required && (
            <Alert color="blue" variant="light" icon={<IconInfoCircle size={18} />} data-testid="mfa-required">
              {t('security.mfa.required')}
            </Alert>
          )}
          <Group gap="sm">
            <Button variant="default" leftSection={<IconRefresh size={16} />} onClick={() => open('regenerate')}>
              {t('security.mfa.regenerate')}
            </Button>
            {!mfa.required && (
              <Button
                variant="light"
                color="red"
                leftSection={<IconShieldOff size={16} />}
                onClick={() => open('disable')}
              >
                {t('security.mfa.disable')}
              </Button>
            )}
          </Group>
        </Stack>
      ) : (
        <Stack gap="sm">
          {mfa.required && (
            <Alert color="orange" variant="light" icon={<IconInfoCircle size={18} />} data-testid="mfa-required">
              {t('security.mfa.requiredOff')}
            </Alert>
          )}
          <Group>
            <Button leftSection={<IconShieldCheck size={16} />} onClick={() => open('setup')} data-testid="mfa-setup">
              {t('security.mfa.setUp')}
            </Button>
          </Group>
        </Stack>
      )}
      <MfaDialog dialog={dialog} opened={opened} onClose={() => setOpened(false)} onClosed={() => setDialog(null)} />
    </Card>
  );
}
