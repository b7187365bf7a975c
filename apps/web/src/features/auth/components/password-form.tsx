import { Alert, Button, Checkbox, PasswordInput, Stack, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconAlertCircle } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../../lib/error-message';
import { useSignIn } from '../auth.api';

/** Password sign-in with remember me (spec §2 Login). */
export function PasswordForm() {
  const { t } = useTranslation(['auth', 'errors', 'validation']);
  const signIn = useSignIn();
  const form = useForm({
    initialValues: { login: '', password: '', remember: false },
    validate: {
      login: (value) => (value.trim() ? null : t('validation:required')),
      password: (value) => (value ? null : t('validation:required')),
    },
  });
  const message = errorMessage(signIn.error, t);

  return (
    <form onSubmit={form.onSubmit((values) => signIn.mutate(values))} noValidate>
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
          {...form.getInputProps('login')}
        />
        <PasswordInput
          label={t('password')}
          autoComplete="current-password"
          required
          visibilityToggleButtonProps={{ 'aria-label': t('togglePasswordVisibility') }}
          {...form.getInputProps('password')}
        />
        <Checkbox label={t('remember')} {...form.getInputProps('remember', { type: 'checkbox' })} />
        <Button type="submit" loading={signIn.isPending} fullWidth>
          {t('signIn')}
        </Button>
      </Stack>
    </form>
  );
}
