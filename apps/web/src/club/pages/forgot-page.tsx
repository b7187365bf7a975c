// /club/forgot: the email, then the 6-digit code the server mailed (when the account exists: it never says) and a
// new password; then back to sign in with it.
import { clubForgotSchema, clubResetSchema, otpResendSeconds } from '@bottega/contracts/club';
import { passwordMinLength } from '@bottega/contracts/profile';
import { Anchor, Button, Group, Paper, PasswordInput, Stack, Text, TextInput, Title } from '@mantine/core';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { ApiError } from '../../lib/api-client';
import { errorMessage } from '../../lib/error-message';
import { firstFieldErrors, validateWith } from '../../lib/form-validation';
import { useForgotPassword, useResetPassword } from '../club-api';
import { formatCountdown } from '../club-format';
import { useClubTitle } from '../club-title';
import { ClubFrame } from '../components/club-frame';
import { FormAlert } from '../components/form-alert';
import { OtpCodeInput } from '../components/otp-code-input';
import { useSecondsUntil } from '../use-countdown';

export function ForgotPage() {
  const { t } = useTranslation('club');
  const navigate = useNavigate();
  const forgot = useForgotPassword();
  const reset = useResetPassword();
  const [step, setStep] = useState<'email' | 'reset'>('email');
  const [values, setValues] = useState({ email: '', code: '', password: '' });
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [failure, setFailure] = useState<unknown>(null);
  const [resendAt, setResendAt] = useState<number | null>(null);
  const wait = useSecondsUntil(resendAt);
  useClubTitle(t('forgot.title'));

  const setField = (field: keyof typeof values, value: string) => {
    setValues((current) => ({ ...current, [field]: value }));
    setErrors((current) => ({ ...current, [field]: '' }));
  };

  const sendCode = () => {
    setFailure(null);
    forgot.mutate(
      { email: values.email },
      {
        onSuccess: () => {
          setStep('reset');
          setResendAt(Date.now() + otpResendSeconds * 1000);
        },
        onError: (error) => {
          setFailure(error);
          if (error instanceof ApiError && error.retryAt) setResendAt(error.retryAt);
        },
      },
    );
  };

  const submitEmail = (event: FormEvent) => {
    event.preventDefault();
    const found = validateWith(clubForgotSchema, { email: values.email }, t);
    setErrors(found);
    if (Object.keys(found).length === 0) sendCode();
  };

  const submitReset = (event: FormEvent) => {
    event.preventDefault();
    const found = validateWith(clubResetSchema, values, t);
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    setFailure(null);
    reset.mutate(values, {
      onSuccess: () => navigate('/sign-in?reset=done', { replace: true }),
      onError: (error) => {
        setFailure(error);
        if (error instanceof ApiError) setErrors(firstFieldErrors(error.fieldErrors));
        if (error instanceof ApiError && (error.code === 'otpInvalid' || error.code === 'otpExpired')) {
          setValues((current) => ({ ...current, code: '' }));
        }
      },
    });
  };

  const message = errorMessage(failure, t);

  return (
    <ClubFrame>
      <Stack gap="lg" py="md">
        <Title order={1}>{t('forgot.title')}</Title>
        <Paper withBorder p="lg" radius="lg">
          {step === 'email' ? (
            <form onSubmit={submitEmail} noValidate>
              <Stack gap="md">
                <Text size="sm">{t('forgot.emailIntro')}</Text>
                {message && <FormAlert>{message}</FormAlert>}
                <TextInput
                  label={t('fields.email')}
                  type="email"
                  inputMode="email"
                  autoComplete="email"
                  required
                  autoFocus
                  value={values.email}
                  onChange={(event) => setField('email', event.currentTarget.value)}
                  error={errors.email || undefined}
                />
                <Button type="submit" size="md" loading={forgot.isPending} fullWidth>
                  {t('forgot.sendCode')}
                </Button>
              </Stack>
            </form>
          ) : (
            <form onSubmit={submitReset} noValidate>
              <Stack gap="md">
                <Text size="sm" role="status">
                  {t('forgot.codeSent', { email: values.email.trim() })}
                </Text>
                {message && <FormAlert>{message}</FormAlert>}
                <OtpCodeInput
                  label={t('forgot.code')}
                  value={values.code}
                  onChange={(code) => setField('code', code)}
                  error={errors.code}
                  autoFocus
                  testId="club-reset-code"
                />
                <PasswordInput
                  label={t('forgot.newPassword')}
                  description={t('fields.passwordHint', { min: passwordMinLength })}
                  autoComplete="new-password"
                  required
                  visibilityToggleButtonProps={{ 'aria-label': t('fields.showPassword') }}
                  value={values.password}
                  onChange={(event) => setField('password', event.currentTarget.value)}
                  error={errors.password || undefined}
                />
                <Button type="submit" size="md" loading={reset.isPending} fullWidth>
                  {t('forgot.submit')}
                </Button>
                <Group justify="space-between" gap="xs">
                  <Button variant="subtle" size="compact-sm" onClick={() => setStep('email')}>
                    {t('forgot.otherEmail')}
                  </Button>
                  <Button
                    variant="subtle"
                    size="compact-sm"
                    onClick={sendCode}
                    disabled={wait > 0}
                    loading={forgot.isPending}
                  >
                    {wait > 0 ? t('otp.resendIn', { time: formatCountdown(wait) }) : t('otp.resend')}
                  </Button>
                </Group>
              </Stack>
            </form>
          )}
        </Paper>
        <Group justify="center">
          <Anchor component={Link} to="/sign-in" size="sm">
            {t('forgot.backToSignIn')}
          </Anchor>
        </Group>
      </Stack>
    </ClubFrame>
  );
}
