import { Alert, Skeleton, Stack } from '@mantine/core';
import { IconClockExclamation } from '@tabler/icons-react';
import { Suspense, useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { lazyComponent } from '../../../lib/lazy-component';
import type { SecondStep } from '../auth.api';
import { PasswordForm } from './password-form';
import { ForgotPasswordLink, PasswordResetDoneNotice } from './password-reset-links';

// Most sign-ins end at the password: the second steps (and their code, QR and recovery-code screens)
// are fetched only when the server asks for one.
const MfaSignInStep = lazyComponent(() => import('./mfa-sign-in-step').then((module) => module.MfaSignInStep));
const MfaSetupStep = lazyComponent(() => import('./mfa-setup-step').then((module) => module.MfaSetupStep));

type Step = { step: 'password'; error: unknown } | SecondStep;

/**
 * Sign-in until a session is open: the password (or a fingerprint), then the second step it asks for.
 * An expired second step, or going back, starts again from the password. `expired`: the person is here
 * because their session expired, and is told so.
 */
export function SignInFlow({ resetDone, expired }: { resetDone: boolean; expired: boolean }) {
  const { t } = useTranslation('auth');
  const [current, setCurrent] = useState<Step>({ step: 'password', error: null });
  const backToPassword = useCallback((error: unknown = null) => setCurrent({ step: 'password', error }), []);
  const cancel = useCallback(() => backToPassword(), [backToPassword]);

  switch (current.step) {
    case 'mfaCode':
      return (
        <Suspense fallback={<Skeleton h={160} />}>
          <MfaSignInStep challenge={current.challenge} onExpired={backToPassword} onCancel={cancel} />
        </Suspense>
      );
    case 'mfaSetup':
      return (
        <Suspense fallback={<Skeleton h={160} />}>
          <MfaSetupStep challenge={current.challenge} onExpired={backToPassword} onCancel={cancel} />
        </Suspense>
      );
    default:
      return (
        <Stack gap="md">
          {resetDone && <PasswordResetDoneNotice />}
          {expired && (
            <Alert color="orange" icon={<IconClockExclamation size={18} />} role="status" data-testid="session-expired">
              {t('sessionExpired')}
            </Alert>
          )}
          <PasswordForm onSecondStep={setCurrent} initialError={current.error} />
          <ForgotPasswordLink />
        </Stack>
      );
  }
}
