// `/reset-password?token=…` (outside /app, no sign-in): the link of the reset mail; `/set-password?token=…`
// the link of the invitation a new employee gets (or a manager sends), with its own title. Both check
// the link, then ask the new password twice (spec §5: at least 8 characters, the same twice), through
// the same completion; done → the login.
import { passwordMinLength } from '@bottega/contracts/profile';
import { Alert, Button, Group, Loader, PasswordInput, Stack, Text } from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconAlertCircle } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { ApiError } from '../../../lib/api-client';
import { errorMessage } from '../../../lib/error-message';
import { PublicPageFrame } from '../components/public-page-frame';
import { usePasswordResetCheck, useResetPassword } from '../password-reset.api';

/** The link cannot be used (unknown, used, expired): say why and offer a new one. */
function LinkRefused({ message }: { message: string }) {
  const { t } = useTranslation('password');
  return (
    <Stack gap="md">
      <Alert color="red" icon={<IconAlertCircle size={18} />} role="alert" data-testid="reset-link-refused">
        {message}
      </Alert>
      <Button component={Link} to="/forgot-password" variant="light" fullWidth>
        {t('reset.requestNew')}
      </Button>
    </Stack>
  );
}

export function ResetPasswordPage({ purpose = 'reset' }: { purpose?: 'reset' | 'invitation' }) {
  const { t } = useTranslation(['password', 'errors', 'validation']);
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const token = params.get('token')?.trim() ?? '';
  const check = usePasswordResetCheck(token);
  const reset = useResetPassword();
  const form = useForm({
    initialValues: { password: '', passwordConfirmation: '' },
    validate: {
      password: (value) =>
        value.length >= passwordMinLength ? null : t('validation:password', { min: passwordMinLength }),
      passwordConfirmation: (value, values) =>
        !value ? t('validation:required') : value === values.password ? null : t('validation:confirmed'),
    },
  });

  const resetError = reset.error instanceof ApiError ? reset.error : null;
  const linkRefused = resetError?.code === 'resetTokenInvalid' || resetError?.code === 'resetLinkExpired';
  const fieldErrors = resetError?.fieldErrors ?? {};
  // Why the password is refused (too short, too common, personal data) shows on its field, not twice.
  const message = linkRefused || Object.keys(fieldErrors).length > 0 ? null : errorMessage(reset.error, t);

  let content: React.ReactNode;
  if (!token) {
    content = <LinkRefused message={t('reset.missingToken')} />;
  } else if (check.isPending) {
    content = (
      <Group justify="center" gap="sm" py="md">
        <Loader size="sm" />
        <Text c="dimmed">{t('reset.checking')}</Text>
      </Group>
    );
  } else if (check.isError || linkRefused) {
    content = <LinkRefused message={errorMessage(check.error ?? reset.error, t) ?? ''} />;
  } else {
    content = (
      <form
        onSubmit={form.onSubmit((values) =>
          reset.mutate({ token, ...values }, { onSuccess: () => navigate('/?reset=done', { replace: true }) }),
        )}
        noValidate
      >
        <Stack gap="md">
          <Text size="sm" c="dimmed">
            {t(purpose === 'reset' ? 'reset.description' : 'invitation.description')}
          </Text>
          {message && (
            <Alert color="red" icon={<IconAlertCircle size={18} />} role="alert" data-testid="reset-error">
              {message}
            </Alert>
          )}
          <PasswordInput
            label={t('reset.password')}
            description={t('reset.hint', { min: passwordMinLength })}
            autoComplete="new-password"
            autoFocus
            required
            visibilityToggleButtonProps={{ 'aria-label': t('reset.togglePasswordVisibility') }}
            {...form.getInputProps('password')}
            error={form.errors.password ?? fieldErrors.password?.[0]}
          />
          <PasswordInput
            label={t('reset.passwordConfirmation')}
            autoComplete="new-password"
            required
            visibilityToggleButtonProps={{ 'aria-label': t('reset.togglePasswordVisibility') }}
            {...form.getInputProps('passwordConfirmation')}
            error={form.errors.passwordConfirmation ?? fieldErrors.passwordConfirmation?.[0]}
          />
          <Button type="submit" loading={reset.isPending} fullWidth>
            {t('reset.submit')}
          </Button>
        </Stack>
      </form>
    );
  }

  return (
    <PublicPageFrame title={t(purpose === 'reset' ? 'reset.title' : 'invitation.title')} backToSignIn>
      {content}
    </PublicPageFrame>
  );
}

/** `/set-password`: the invitation link of a new employee, the reset page with its own wording. */
export function SetPasswordPage() {
  return <ResetPasswordPage purpose="invitation" />;
}
