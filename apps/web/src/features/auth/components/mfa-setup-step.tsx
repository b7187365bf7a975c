import type { SignedIn } from '@bottega/contracts/auth';
import { totpDigits } from '@bottega/contracts/security';
import { Alert, Anchor, Button, Skeleton, Stack, Text } from '@mantine/core';
import { IconAlertCircle, IconShieldLock } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../../lib/error-message';
import { useConfirmMfaSetupAtSignIn, useMfaSetupAtSignIn, useSignedIn } from '../auth.api';
import { isExpiredStep } from './mfa-sign-in-step';
import { RecoveryCodes } from './recovery-codes';
import { TotpCodeInput } from './totp-code-input';
import { TotpSetupDetails } from './totp-setup-details';

/**
 * The two-factor setup a group that "must use MFA" requires at sign-in (spec §2 Login): it cannot be
 * skipped. The key, a first code to prove it works, then the recovery codes, shown once; the session
 * is kept only after the person says they saved them.
 */
export function MfaSetupStep({
  challenge,
  onExpired,
  onCancel,
}: {
  challenge: string;
  onExpired: (error: unknown) => void;
  onCancel: () => void;
}) {
  const { t } = useTranslation(['auth', 'errors']);
  const setup = useMfaSetupAtSignIn(challenge);
  const confirm = useConfirmMfaSetupAtSignIn();
  const signedIn = useSignedIn();
  const [code, setCode] = useState('');
  const [attempt, setAttempt] = useState(0);
  const [done, setDone] = useState<(SignedIn & { recoveryCodes: string[] }) | null>(null);

  useEffect(() => {
    if (isExpiredStep(setup.error)) onExpired(setup.error);
  }, [setup.error, onExpired]);

  if (done) {
    return (
      <Stack gap="md">
        <div>
          <Text fw={600}>{t('mfa.enabledTitle')}</Text>
          <Text size="sm" c="dimmed">
            {t('mfa.enabledHint')}
          </Text>
        </div>
        <RecoveryCodes codes={done.recoveryCodes} onDone={() => signedIn(done)} />
      </Stack>
    );
  }

  const send = (value: string) =>
    confirm.mutate(
      { challenge, code: value },
      {
        onSuccess: setDone,
        onError: (error) => {
          if (isExpiredStep(error)) onExpired(error);
          setCode('');
          setAttempt((count) => count + 1);
        },
      },
    );
  const message = errorMessage(setup.error ?? confirm.error, t);

  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        if (code.length === totpDigits) send(code);
      }}
      noValidate
    >
      <Stack gap="md">
        <Alert color="blue" variant="light" icon={<IconShieldLock size={18} />} title={t('mfa.requiredTitle')}>
          {t('mfa.requiredHint')}
        </Alert>
        {message && (
          <Alert color="red" icon={<IconAlertCircle size={18} />} role="alert" data-testid="sign-in-error">
            {message}
          </Alert>
        )}
        {setup.data ? <TotpSetupDetails setup={setup.data} /> : !setup.isError && <Skeleton h={260} />}
        {setup.data && (
          <>
            <Text size="sm">{t('mfa.confirmHint')}</Text>
            <TotpCodeInput
              key={attempt}
              value={code}
              onChange={setCode}
              onComplete={send}
              error={confirm.isError}
              disabled={confirm.isPending}
            />
            <Button type="submit" loading={confirm.isPending} fullWidth>
              {t('mfa.enable')}
            </Button>
          </>
        )}
        <Anchor component="button" type="button" size="sm" c="dimmed" onClick={onCancel}>
          {t('mfa.back')}
        </Anchor>
      </Stack>
    </form>
  );
}
