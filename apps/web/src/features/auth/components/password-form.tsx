import { Alert, Button, Checkbox, Divider, PasswordInput, Stack, TextInput } from '@mantine/core';
import { IconAlertCircle, IconFingerprint } from '@tabler/icons-react';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../lib/api-client';
import { useWaitingErrorMessage } from '../../../lib/error-message';
import { type SecondStep, usePasskeySignIn, useSignIn } from '../auth.api';
import { passkeyErrorMessage } from '../webauthn';

/**
 * Password sign-in with remember me, or sign-in with a fingerprint (spec §2 Login). A second step due
 * after the password is handed to the caller; `initialError` is why the person is back here (an
 * expired second step).
 */
export function PasswordForm({
  onSecondStep,
  initialError = null,
}: {
  onSecondStep: (step: SecondStep) => void;
  initialError?: unknown;
}) {
  const { t } = useTranslation(['auth', 'errors', 'validation']);
  const signIn = useSignIn();
  const passkey = usePasskeySignIn();
  // The last attempt's failure, by password (with the login it was for) or by fingerprint.
  const [failure, setFailure] = useState<{ error: unknown; login?: string }>({ error: initialError });
  // Three fields and two required checks in plain state: @mantine/form would be 6 kB of the first load (issue 16).
  const [values, setValues] = useState({ login: '', password: '', remember: false });
  const [errors, setErrors] = useState<{ login?: string; password?: string }>({});
  const setField = (field: 'login' | 'password', value: string) => {
    setValues((current) => ({ ...current, [field]: value }));
    setErrors((current) => ({ ...current, [field]: undefined }));
  };
  // A wait holds back only the login it was for: on a shop's shared tablet the next person signs in at once.
  const waitIsForAnother =
    failure.error instanceof ApiError &&
    failure.error.retryAt !== null &&
    failure.login !== undefined &&
    !sameLogin(failure.login, values.login);
  const { message, waiting } = useWaitingErrorMessage(waitIsForAnother ? null : failure.error, t, passkeyErrorMessage);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const missing = {
      login: values.login.trim() ? undefined : t('validation:required'),
      password: values.password ? undefined : t('validation:required'),
    };
    setErrors(missing);
    if (missing.login || missing.password) return;
    setFailure({ error: null });
    signIn.mutate(values, {
      onSuccess: (answer) => {
        if (answer.step !== 'signedIn') onSecondStep(answer);
      },
      onError: (error) => setFailure({ error, login: values.login }),
    });
  };
  const signInWithPasskey = () => {
    setFailure({ error: null });
    passkey.mutate({ remember: values.remember }, { onError: (error) => setFailure({ error }) });
  };

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        {message && (
          <Alert color="red" icon={<IconAlertCircle size={18} />} role="alert" data-testid="sign-in-error">
            {message}
          </Alert>
        )}
        <TextInput
          label={t('login')}
          placeholder={t('loginPlaceholder')}
          autoComplete="username"
          autoFocus
          required
          value={values.login}
          onChange={(event) => setField('login', event.currentTarget.value)}
          error={errors.login}
        />
        <PasswordInput
          label={t('password')}
          autoComplete="current-password"
          required
          visibilityToggleButtonProps={{ 'aria-label': t('togglePasswordVisibility') }}
          value={values.password}
          onChange={(event) => setField('password', event.currentTarget.value)}
          error={errors.password}
        />
        <Checkbox
          label={t('remember')}
          checked={values.remember}
          onChange={(event) => {
            const remember = event.currentTarget.checked;
            setValues((current) => ({ ...current, remember }));
          }}
        />
        <Button type="submit" loading={signIn.isPending} disabled={passkey.isPending || waiting} fullWidth>
          {t('signIn')}
        </Button>
        <Divider label={t('or')} labelPosition="center" />
        <Button
          variant="default"
          leftSection={<IconFingerprint size={18} />}
          loading={passkey.isPending}
          disabled={signIn.isPending}
          onClick={signInWithPasskey}
          fullWidth
          data-testid="passkey-sign-in"
        >
          {t('passkey.signIn')}
        </Button>
      </Stack>
    </form>
  );
}

/** Logins are matched without regard to case or surrounding spaces, as the server does. */
function sameLogin(one: string, other: string): boolean {
  return one.trim().toLowerCase() === other.trim().toLowerCase();
}
