// `/forgot-password` (outside /app, no sign-in): asks for a reset link by email (spec §8 Password reset).
// The answer is the same whether or not the address belongs to someone.
import { Alert, Button, Stack, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconAlertCircle, IconMailCheck } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../lib/api-client';
import { useWaitingErrorMessage } from '../../../lib/error-message';
import { PublicPageFrame } from '../components/public-page-frame';
import { useRequestPasswordReset } from '../password-reset.api';

const emailPattern = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export function ForgotPasswordPage() {
  const { t } = useTranslation(['password', 'errors', 'validation']);
  const request = useRequestPasswordReset();
  const form = useForm({
    initialValues: { email: '' },
    validate: {
      email: (value) =>
        !value.trim() ? t('validation:required') : emailPattern.test(value.trim()) ? null : t('validation:email'),
    },
  });
  const fieldErrors = request.error instanceof ApiError ? request.error.fieldErrors : {};
  const { message, waiting } = useWaitingErrorMessage(request.error, t);

  return (
    <PublicPageFrame title={t('forgot.title')} backToSignIn>
      {request.isSuccess ? (
        <Alert
          color="green"
          icon={<IconMailCheck size={18} />}
          title={t('forgot.sentTitle')}
          role="status"
          data-testid="reset-link-sent"
        >
          {t('forgot.sent')}
        </Alert>
      ) : (
        <form onSubmit={form.onSubmit((values) => request.mutate({ email: values.email.trim() }))} noValidate>
          <Stack gap="md">
            <Text size="sm" c="dimmed">
              {t('forgot.description')}
            </Text>
            {message && (
              <Alert color="red" icon={<IconAlertCircle size={18} />} role="alert" data-testid="reset-request-error">
                {message}
              </Alert>
            )}
            <TextInput
              type="email"
              label={t('forgot.email')}
              placeholder={t('forgot.emailPlaceholder')}
              autoComplete="email"
              autoFocus
              required
              dir="ltr"
              {...form.getInputProps('email')}
              error={form.errors.email ?? fieldErrors.email?.[0]}
            />
            <Button type="submit" loading={request.isPending} disabled={waiting} fullWidth>
              {t('forgot.submit')}
            </Button>
          </Stack>
        </form>
      )}
    </PublicPageFrame>
  );
}
