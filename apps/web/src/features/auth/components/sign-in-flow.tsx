import { Stack } from '@mantine/core';
import { useCallback, useState } from 'react';
import type { SecondStep } from '../auth.api';
import { MfaSetupStep } from './mfa-setup-step';
import { MfaSignInStep } from './mfa-sign-in-step';
import { PasswordForm } from './password-form';
import { ForgotPasswordLink, PasswordResetDoneNotice } from './password-reset-links';

type Step = { step: 'password'; error: unknown } | SecondStep;

/**
 * Sign-in until a session is open: the password (or a fingerprint), then the second step it asks for.
 * An expired second step, or going back, starts again from the password.
 */
export function SignInFlow({ resetDone }: { resetDone: boolean }) {
  const [current, setCurrent] = useState<Step>({ step: 'password', error: null });
  const backToPassword = useCallback((error: unknown = null) => setCurrent({ step: 'password', error }), []);
  const cancel = useCallback(() => backToPassword(), [backToPassword]);

  switch (current.step) {
    case 'mfaCode':
      return <MfaSignInStep challenge={current.challenge} onExpired={backToPassword} onCancel={cancel} />;
    case 'mfaSetup':
      return <MfaSetupStep challenge={current.challenge} onExpired={backToPassword} onCancel={cancel} />;
    default:
      return (
        <Stack gap="md">
          {resetDone && <PasswordResetDoneNotice />}
          <PasswordForm onSecondStep={setCurrent} initialError={current.error} />
          <ForgotPasswordLink />
        </Stack>
      );
  }
}
