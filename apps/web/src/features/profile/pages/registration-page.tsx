// User › registration (spec §2, §4 Session): someone whose registration is pending fills in the
// personal and bank data payroll needs before using the app; what the office already set correctly
// stays read-only. The /app guard (components/registration-gate.tsx) keeps them here until done.
import {
  optionalRegistrationFields,
  type RegistrationBody,
  type RegistrationField,
  registrationBodySchema,
  registrationFields,
} from '@bottega/contracts/profile';
import { Alert, Button, Group, Paper, Skeleton, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { IconAlertCircle, IconCheck, IconLock, IconUserCheck } from '@tabler/icons-react';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, useNavigate } from 'react-router';
import { ApiError } from '../../../lib/api-client';
import { errorMessage } from '../../../lib/error-message';
import { firstFieldErrors, identifiersCheckedOnBlur, validateWith } from '../../../lib/form-validation';
import type { ProfileFormValues } from '../components/profile-field-input';
import { ProfileSections } from '../components/profile-sections';
import { useCompleteRegistration, useProfile } from '../profile.api';

export default function RegistrationPage() {
  const { t } = useTranslation(['profile', 'errors', 'validation']);
  const navigate = useNavigate();
  const profile = useProfile();
  const complete = useCompleteRegistration();
  const form = useForm<ProfileFormValues>({
    initialValues: {},
    validate: (values) => validateWith(registrationBodySchema, values, t),
    ...identifiersCheckedOnBlur((values) => validateWith(registrationBodySchema, values, t)),
  });
  const loaded = profile.data;

  // biome-ignore lint/correctness/useExhaustiveDependencies: fill the form once, when the profile first arrives
  useEffect(() => {
    if (loaded) {
      const values = Object.fromEntries(registrationFields.map((field) => [field, loaded[field] ?? '']));
      form.setValues(values);
      form.resetDirty(values);
    }
  }, [loaded?.id]);

  if (loaded && !loaded.registration.pending && !complete.isSuccess) return <Navigate to="/app" replace />;

  const editable = new Set<RegistrationField>(loaded?.registration.editable ?? []);
  const isLocked = (field: string) => !editable.has(field as RegistrationField);
  const refused = complete.error && !(complete.error instanceof ApiError && complete.error.code === 'validation');

  const submit = form.onSubmit((values) =>
    complete.mutate(values as RegistrationBody, {
      onSuccess: () => {
        notifications.show({ color: 'green', icon: <IconCheck size={16} />, message: t('registration.completed') });
        navigate('/app', { replace: true });
      },
      // The typed values stay in the form, next to what was refused.
      onError: (error) => {
        if (error instanceof ApiError) form.setErrors(firstFieldErrors(error.fieldErrors));
      },
    }),
  );

  return (
    <Stack gap="lg" maw={900} mx="auto">
      <Paper withBorder p="lg" radius="md">
        <Group gap="md" wrap="nowrap" align="flex-start">
          <ThemeIcon size={44} radius="xl" variant="light">
            <IconUserCheck size={26} />
          </ThemeIcon>
          <div>
            <Title order={1} size="h2">
              {t('registration.title')}
            </Title>
            <Text c="dimmed">{t('registration.description')}</Text>
          </div>
        </Group>
      </Paper>
      {!loaded ? (
        profile.isError ? (
          <Alert color="red" role="alert">
            {errorMessage(profile.error, t)}
          </Alert>
        ) : (
          <Stack gap="md" data-testid="registration-loading">
            <Skeleton h={160} />
            <Skeleton h={120} />
            <Skeleton h={160} />
          </Stack>
        )
      ) : (
        <form onSubmit={submit} noValidate data-testid="registration-form">
          <Stack gap="md">
            {refused && (
              <Alert color="red" icon={<IconAlertCircle size={18} />} role="alert" data-testid="registration-error">
                {errorMessage(complete.error, t)}
              </Alert>
            )}
            {editable.size < registrationFields.length && (
              <Alert color="blue" variant="light" icon={<IconLock size={18} />}>
                {t('registration.lockedHint')}
              </Alert>
            )}
            <ProfileSections
              form={form}
              fields={registrationFields}
              isLocked={isLocked}
              isRequired={(field) => !optionalRegistrationFields.includes(field as RegistrationField)}
            />
            <Group justify="flex-end">
              <Button
                type="submit"
                size="md"
                loading={complete.isPending}
                leftSection={<IconCheck size={18} />}
                data-testid="registration-submit"
              >
                {t('registration.submit')}
              </Button>
            </Group>
          </Stack>
        </form>
      )}
    </Stack>
  );
}
