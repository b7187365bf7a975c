import { recoveryCodeSchema, totpDigits } from '@bottega/contracts/security';
import { Alert, Anchor, Button, Group, Stack, Text, TextInput } from '@mantine/core';
import { IconAlertCircle } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../lib/api-client';
import { useWaitingErrorMessage } from '../../../lib/error-message';
import { useMfaSignIn } from '../auth.api';
import { TotpCodeInput } from './totp-code-input';

/** An expired step cannot be retried: the person starts again from the password. */
export function isExpiredStep(error: unknown): boolean {
  return error instanceof ApiError && error.code === 'signInStepExpired';
}

/**
 * The second step of sign-in (spec §2 Login, code entry and recovery-code entry): the six digits of
 * the authenticator app, sent as soon as they are typed, or one of the recovery codes.
 */
export function MfaSignInStep({
  challenge,
  onExpired,
  onCancel,
}: {
  challenge: string;
  onExpired: (error: unknown) => void;
  onCancel: () => void;
}) {
  const { t } = useTranslation(['auth', 'errors', 'validation']);
  const mfa = useMfaSignIn();
  const [mode, setMode] = useState<'code' | 'recovery'>('code');
  const [code, setCode] = useState('');
  const [recoveryCode, setRecoveryCode] = useState('');
  const [formatError, setFormatError] = useState<string | null>(null);
  // A refused code empties the boxes and focuses the first one again.
  const [attempt, setAttempt] = useState(0);
  const { message, waiting } = useWaitingErrorMessage(mfa.error, t);

  const send = (body: { challenge: string; code: string } | { challenge: string; recoveryCode: string }) =>
    mfa.mutate(body, {
      onError: (error) => {
        if (isExpiredStep(error)) onExpired(error);
        else if (mode === 'code') {
          setCode('');
          setAttempt((value) => value + 1);
        }
      },
    });

  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    if (mode === 'code') {
      if (code.length === totpDigits) send({ challenge, code });
      return;
    }
    if (!recoveryCodeSchema.safeParse(recoveryCode).success) {
      setFormatError(t('mfa.recoveryInvalid'));
      return;
    }
    send({ challenge, recoveryCode });
  };

  const switchTo = (next: 'code' | 'recovery') => {
    mfa.reset();
    setFormatError(null);
    setMode(next);
  };

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        <div>
          <Text fw={600}>{mode === 'code' ? t('mfa.codeTitle') : t('mfa.recoveryEntryTitle')}</Text>
          <Text size="sm" c="dimmed">
            {mode === 'code' ? t('mfa.codeHint') : t('mfa.recoveryEntryHint')}
          </Text>
        </div>
        {message && (
          <Alert color="red" icon={<IconAlertCircle size={18} />} role="alert" data-testid="sign-in-error">
            {message}
          </Alert>
        )}
        {mode === 'code' ? (
          <TotpCodeInput
            key={attempt}
            value={code}
            onChange={setCode}
            onComplete={(value) => send({ challenge, code: value })}
            error={mfa.isError}
            disabled={mfa.isPending || waiting}
          />
        ) : (
          <TextInput
            label={t('mfa.recoveryLabel')}
            description={t('mfa.recoveryFormat')}
            placeholder="ABCDE-FGHJK"
            autoComplete="off"
            autoCapitalize="characters"
            spellCheck={false}
            autoFocus
            dir="ltr"
            value={recoveryCode}
            onChange={(event) => {
              setRecoveryCode(event.currentTarget.value);
              setFormatError(null);
            }}
            error={formatError}
            data-testid="recovery-code-input"
          />
        )}
        <Button type="submit" loading={mfa.isPending} disabled={waiting} fullWidth>
          {t('mfa.verify')}
        </Button>
        <Group justify="space-between" gap="xs">
          <Anchor
            component="button"
            type="button"
            size="sm"
            onClick={() => switchTo(mode === 'code' ? 'recovery' : 'code')}
          >
            {mode === 'code' ? t('mfa.useRecovery') : t('mfa.useCode')}
          </Anchor>
          <Anchor component="button" type="button" size="sm" c="dimmed" onClick={onCancel}>
            {t('mfa.back')}
          </Anchor>
        </Group>
      </Stack>
    </form>
  );
}
