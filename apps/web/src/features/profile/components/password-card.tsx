import { passwordChangeBodySchema, passwordMinLength } from '@bottega/contracts/profile';
import { Alert, Button, Card, PasswordInput, Stack, Text, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { IconAlertCircle, IconKey } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../lib/api-client';
import { useWaitingErrorMessage } from '../../../lib/error-message';
import { firstFieldErrors, validateWith } from '../../../lib/form-validation';
import { useChangePassword } from '../profile.api';

/**
 * Spec §5: the current password, a new one of at least 8 characters and its confirmation. Why a new
 * password is refused (too common, personal data) shows on its field; too many wrong current passwords
 * hold the form back for the time the server says, counting down.
 */
export function PasswordCard() {
  const { t } = useTranslation(['profile', 'errors', 'validation']);
  const change = useChangePassword();
  const form = useForm({
    initialValues: { currentPassword: '', password: '', passwordConfirmation: '' },
    validate: (values) => validateWith(passwordChangeBodySchema, values, t),
  });
  // wrongPassword and field errors are shown on their fields; anything else above the form.
  const onFields =
    change.error instanceof ApiError &&
    (change.error.code === 'wrongPassword' || Object.keys(change.error.fieldErrors).length > 0);
  const { message: general, waiting } = useWaitingErrorMessage(onFields ? null : change.error, t);
  const toggle = { 'aria-label': t('password.toggleVisibility') };

  const submit = form.onSubmit((values) =>
    change.mutate(values, {
      onSuccess: ({ revokedSessions }) => {
        form.reset();
        notifications.show({
          color: 'green',
          message:
            revokedSessions === 0 ? t('password.changedAlone') : t('password.changed', { count: revokedSessions }),
        });
      },
      onError: (error) => {
        if (!(error instanceof ApiError)) return;
        if (error.code === 'wrongPassword') form.setFieldError('currentPassword', error.message);
        else form.setErrors(firstFieldErrors(error.fieldErrors));
      },
    }),
  );

  return (
    <Card withBorder padding="lg">
      <Title order={2} size="h4">
        {t('password.title')}
      </Title>
      <Text size="sm" c="dimmed" mb="md">
        {t('password.description')}
      </Text>
      <form onSubmit={submit} noValidate data-testid="password-form">
        <Stack gap="sm">
          {general && (
            <Alert color="red" icon={<IconAlertCircle size={18} />} role="alert">
              {general}
            </Alert>
          )}
          <PasswordInput
            label={t('password.current')}
            autoComplete="current-password"
            required
            visibilityToggleButtonProps={toggle}
            {...form.getInputProps('currentPassword')}
          />
          <PasswordInput
            label={t('password.new')}
            description={t('password.newHint', { min: passwordMinLength })}
            autoComplete="new-password"
            required
            visibilityToggleButtonProps={toggle}
            {...form.getInputProps('password')}
          />
          <PasswordInput
            label={t('password.confirm')}
            autoComplete="new-password"
            required
            visibilityToggleButtonProps={toggle}
            {...form.getInputProps('passwordConfirmation')}
          />
          <Button type="submit" loading={change.isPending} disabled={waiting} leftSection={<IconKey size={16} />}>
            {t('password.submit')}
          </Button>
        </Stack>
      </form>
    </Card>
  );
}
