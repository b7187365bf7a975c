// User › user (spec §2): the signed-in person's personal and bank data, picture, language, Telegram chat and
// password, and (tab security) two-factor sign-in, fingerprints and open sessions.
// Which fields they may change is a setting (PROFILE_SELF_EDITABLE); the others are read-only.
import { type ProfileField, profileFields, profileUpdateBodySchema } from '@bottega/contracts/profile';
import { Alert, Button, Card, Grid, Group, Skeleton, Stack, Table, Tabs, Text, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { IconAlertCircle, IconDeviceFloppy, IconLock, IconShieldLock, IconUser } from '@tabler/icons-react';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { ApiError } from '../../../lib/api-client';
import { errorMessage } from '../../../lib/error-message';
import { firstFieldErrors, validateWith } from '../../../lib/form-validation';
import { formatDate } from '../../../lib/format-date';
import { PageHeader } from '../../../ui/page-header';
import { useAuthUser } from '../../auth/auth.api';
import { AbilitiesCard } from '../components/abilities-card';
import { AvatarCard } from '../components/avatar-card';
import { LanguageCard } from '../components/language-card';
import { PasswordCard } from '../components/password-card';
import type { ProfileFormValues } from '../components/profile-field-input';
import { ProfileSections } from '../components/profile-sections';
import { SecurityPanel } from '../components/security-panel';
import { TelegramCard } from '../components/telegram-card';
import { useProfile, useUpdateProfile } from '../profile.api';

type ProfileTab = 'data' | 'security';

function valuesOf(profile: Record<ProfileField, string | null>): ProfileFormValues {
  return Object.fromEntries(profileFields.map((field) => [field, profile[field] ?? ''])) as ProfileFormValues;
}

function ProfileSkeleton() {
  return (
    <Grid gap="lg" data-testid="profile-loading">
      <Grid.Col span={{ base: 12, lg: 8 }}>
        <Stack gap="md">
          <Skeleton h={200} />
          <Skeleton h={120} />
          <Skeleton h={160} />
        </Stack>
      </Grid.Col>
      <Grid.Col span={{ base: 12, lg: 4 }}>
        <Stack gap="md">
          <Skeleton h={240} />
          <Skeleton h={120} />
        </Stack>
      </Grid.Col>
    </Grid>
  );
}

export default function ProfilePage() {
  const { t } = useTranslation(['profile', 'errors', 'validation']);
  const profile = useProfile();
  const abilities = useAuthUser().data?.can ?? [];
  const [searchParams, setSearchParams] = useSearchParams();
  const tab: ProfileTab = searchParams.get('tab') === 'security' ? 'security' : 'data';
  const setTab = (next: string | null) =>
    setSearchParams(
      (params) => {
        params.set('tab', next ?? 'data');
        return params;
      },
      { replace: true },
    );
  const save = useUpdateProfile();
  const form = useForm<ProfileFormValues>({ initialValues: {} });
  const loaded = profile.data;

  // biome-ignore lint/correctness/useExhaustiveDependencies: fill the form when the profile first arrives, and again when a new email becomes pending (the stored one stays until confirmed)
  useEffect(() => {
    if (loaded) {
      form.setValues(valuesOf(loaded));
      form.resetDirty(valuesOf(loaded));
    }
  }, [loaded?.id, loaded?.pendingEmail]);

  if (!loaded) {
    return (
      <>
        <PageHeader title={t('title')} description={t('description')} />
        {profile.isError ? (
          <Alert color="red" role="alert">
            {errorMessage(profile.error, t)}
          </Alert>
        ) : (
          <ProfileSkeleton />
        )}
      </>
    );
  }

  const editable = new Set<ProfileField>(loaded.editable);
  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    // Only what changed is sent: a read-only field is never part of a save.
    const changes = Object.fromEntries(
      loaded.editable.filter((field) => form.isDirty(field)).map((field) => [field, form.values[field] ?? '']),
    );
    if (Object.keys(changes).length === 0) {
      notifications.show({ color: 'gray', message: t('noChanges') });
      return;
    }
    const errors = validateWith(profileUpdateBodySchema, changes, t);
    form.setErrors(errors);
    if (Object.keys(errors).length > 0) return;
    save.mutate(changes, {
      onSuccess: (saved) => {
        form.setValues(valuesOf(saved));
        form.resetDirty(valuesOf(saved));
        notifications.show({ color: 'green', message: t('saved') });
      },
      // The typed values stay in the form, next to what was refused.
      onError: (error) => {
        if (error instanceof ApiError) form.setErrors(firstFieldErrors(error.fieldErrors));
      },
    });
  };
  const refused = save.error && !(save.error instanceof ApiError && save.error.code === 'validation');
  const saveButton = (testId?: string) => (
    <Button
      type="submit"
      form="profile-form"
      loading={save.isPending}
      disabled={editable.size === 0}
      leftSection={<IconDeviceFloppy size={16} />}
      data-testid={testId}
    >
      {t('save')}
    </Button>
  );

  return (
    <>
      <PageHeader
        title={t('title')}
        description={t('description')}
        actions={tab === 'data' ? saveButton('profile-save') : undefined}
      />
      <Tabs value={tab} onChange={setTab} keepMounted={false} variant="outline">
        <Tabs.List mb="md">
          <Tabs.Tab value="data" leftSection={<IconUser size={16} />}>
            {t('tabs.data')}
          </Tabs.Tab>
          <Tabs.Tab value="security" leftSection={<IconShieldLock size={16} />} data-testid="profile-tab-security">
            {t('tabs.security')}
          </Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="data">
          <Grid gap="lg">
            <Grid.Col span={{ base: 12, lg: 8 }}>
              <form id="profile-form" onSubmit={submit} noValidate>
                <Stack gap="md">
                  {refused && (
                    <Alert color="red" icon={<IconAlertCircle size={18} />} role="alert" data-testid="profile-error">
                      {errorMessage(save.error, t)}
                    </Alert>
                  )}
                  {editable.size < profileFields.length && (
                    <Alert color="blue" variant="light" icon={<IconLock size={18} />}>
                      {t('lockedHint')}
                    </Alert>
                  )}
                  <ProfileSections
                    form={form}
                    fields={profileFields}
                    isLocked={(field) => !editable.has(field)}
                    descriptions={{
                      email: loaded.pendingEmail ? t('pendingEmail', { email: loaded.pendingEmail }) : undefined,
                    }}
                  />
                  <Group justify="flex-end">{saveButton()}</Group>
                </Stack>
              </form>
            </Grid.Col>
            <Grid.Col span={{ base: 12, lg: 4 }}>
              <Stack gap="md">
                <AvatarCard profile={loaded} />
                <Card withBorder padding="lg">
                  <Title order={2} size="h4" mb="sm">
                    {t('sections.account')}
                  </Title>
                  <Table variant="vertical" layout="fixed" withRowBorders={false} verticalSpacing={4}>
                    <Table.Tbody>
                      <Table.Tr>
                        <Table.Th w="45%">{t('fields.username')}</Table.Th>
                        <Table.Td>
                          <bdi>{loaded.username}</bdi>
                        </Table.Td>
                      </Table.Tr>
                      <Table.Tr>
                        <Table.Th>{t('fields.matricola')}</Table.Th>
                        <Table.Td>{loaded.matricola ?? t('notSet')}</Table.Td>
                      </Table.Tr>
                      <Table.Tr>
                        <Table.Th>{t('fields.engagementDate')}</Table.Th>
                        <Table.Td>{formatDate(loaded.engagementDate) || t('notSet')}</Table.Td>
                      </Table.Tr>
                      <Table.Tr>
                        <Table.Th>{t('fields.employeeType')}</Table.Th>
                        <Table.Td>{t(`employeeTypes.${loaded.employeeType === 'EX' ? 'EX' : 'OK'}`)}</Table.Td>
                      </Table.Tr>
                    </Table.Tbody>
                  </Table>
                  <Text size="xs" c="dimmed" mt="xs">
                    {t('accountHint')}
                  </Text>
                </Card>
                <LanguageCard />
                <TelegramCard />
                <PasswordCard />
                <AbilitiesCard abilities={abilities} />
              </Stack>
            </Grid.Col>
          </Grid>
        </Tabs.Panel>
        <Tabs.Panel value="security">
          <SecurityPanel />
        </Tabs.Panel>
      </Tabs>
    </>
  );
}
