// /club/sign-in: email and password (contracts/club.ts clubSignInSchema). A wait after too many attempts counts
// down in the message. Confirmed → the card; not yet → the codes page. The customer's language comes along.
import { clubSignInSchema } from '@bottega/contracts/club';
import { Anchor, Button, Group, Paper, PasswordInput, Stack, Text, TextInput, Title } from '@mantine/core';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, Navigate, useNavigate, useSearchParams } from 'react-router';
import { useWaitingErrorMessage } from '../../lib/error-message';
import { validateWith } from '../../lib/form-validation';
import { currentLanguage } from '../../lib/i18n';
import { isSignedIn, useClubSignIn } from '../club-api';
import { changeClubLanguage } from '../club-i18n';
import { useClubTitle } from '../club-title';
import { ClubFrame } from '../components/club-frame';
import { FormAlert } from '../components/form-alert';

export function SignInPage() {
  const { t } = useTranslation('club');
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const signIn = useClubSignIn();
  const [values, setValues] = useState({ email: '', password: '' });
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [failure, setFailure] = useState<unknown>(null);
  const { message, waiting } = useWaitingErrorMessage(failure, t);
  useClubTitle(t('signIn.title'));
  if (isSignedIn() && !signIn.isSuccess) return <Navigate to="/card" replace />;

  const setField = (field: 'email' | 'password', value: string) => {
    setValues((current) => ({ ...current, [field]: value }));
    setErrors((current) => ({ ...current, [field]: '' }));
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const found = validateWith(clubSignInSchema, values, t);
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    setFailure(null);
    signIn.mutate(values, {
      onSuccess: async ({ customer }) => {
        if (customer.language !== currentLanguage()) await changeClubLanguage(customer.language);
        navigate(customer.confirmed ? '/card' : '/verify', { replace: true });
      },
      onError: setFailure,
    });
  };

  return (
    <ClubFrame>
      <Stack gap="lg" py="md">
        <Title order={1}>{t('signIn.title')}</Title>
        {params.get('expired') === '1' && !failure && <FormAlert kind="maintenance">{t('signIn.expired')}</FormAlert>}
        {params.get('reset') === 'done' && !failure && <FormAlert kind="success">{t('signIn.resetDone')}</FormAlert>}
        <Paper withBorder p="lg" radius="lg">
          <form onSubmit={submit} noValidate>
            <Stack gap="md">
              {message && <FormAlert testId="club-sign-in-error">{message}</FormAlert>}
              <TextInput
                label={t('fields.email')}
                type="email"
                inputMode="email"
                autoComplete="email"
                required
                value={values.email}
                onChange={(event) => setField('email', event.currentTarget.value)}
                error={errors.email || undefined}
              />
              <PasswordInput
                label={t('fields.password')}
                autoComplete="current-password"
                required
                visibilityToggleButtonProps={{ 'aria-label': t('fields.showPassword') }}
                value={values.password}
                onChange={(event) => setField('password', event.currentTarget.value)}
                error={errors.password || undefined}
              />
              <Button type="submit" size="md" loading={signIn.isPending} disabled={waiting} fullWidth>
                {t('signIn.submit')}
              </Button>
              <Group justify="center">
                <Anchor component={Link} to="/forgot" size="sm">
                  {t('signIn.forgot')}
                </Anchor>
              </Group>
            </Stack>
          </form>
        </Paper>
        <Text ta="center" size="sm">
          {t('signIn.noAccount')}{' '}
          <Anchor component={Link} to="/register" underline="always">
            {t('signIn.register')}
          </Anchor>
        </Text>
      </Stack>
    </ClubFrame>
  );
}
